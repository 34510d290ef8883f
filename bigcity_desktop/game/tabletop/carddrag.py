"""A card of the hand dragged onto the board (issue 46.3).

A park or factory card picks its piece up, as the Supply does
(:class:`~.scenedrag.BoardDrag`: the ghost, turnable on the way, placed on
the drop). A property card is carried to its lot, which is lit while it is
carried; let go on its lot it offers, in a menu at the pointer, the
buildings that may stand there with the cards in hand, each with its score,
and the chosen one is built. Let go anywhere else it goes back to the hand,
and why is said beside the pointer (and in the status bar)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QModelIndex, QPoint, QRectF, QSize
from PySide6.QtGui import QAction, QCursor, QPainter, QPixmap
from PySide6.QtWidgets import QApplication, QMenu

from bigcity_desktop.engine import Action, Build
from bigcity_desktop.engine.seat import SeatView
from bigcity_desktop.game.core.models import CardRole, PlaceRole
from bigcity_desktop.game.core.wording import piece_label, sentence
from bigcity_desktop.i18n import rules_text, translate
from bigcity_desktop.scene import CityView
from bigcity_desktop.scene.targets import PropertyTarget

from .handcards import HandView, paint_card
from .scenedrag import BoardDrag


class CardDrag(BoardDrag):
    """The hand's drags onto the board `view` (see the module text)."""

    def __init__(
        self,
        view: CityView,
        hand: HandView,
        seat: Callable[[], SeatView],
        reason: Callable[[], str | None],
        start_building: Callable[[str, int], bool],
        act: Callable[[Action], str | None],
    ):
        super().__init__(view, self._start_piece, self._picture)
        self.hand = hand
        self.seat = seat
        self.reason = reason  # why no main action may be taken now, or None
        self.start_building = start_building
        self.act = act
        self.card: int | None = None  # the property card carried, else a piece (or nothing)
        self.builds: list[Build] = []
        self.menu: QMenu | None = None  # the buildings offered on the card's lot

    # -- a park or factory card: its piece, as from the Supply
    def _piece(self, card: int) -> tuple[str, int] | None:
        v = self.seat().view
        piece = v.rules.special_cards.get(card) if v is not None else None
        if v is None or piece is None:
            return None
        return piece[0], v.rules.buildings[piece[0]].variant(piece[1]).size

    def _start_piece(self, index: QModelIndex) -> bool | str:
        piece = self._piece(int(index.data(CardRole)))
        why = self.reason()
        if why:
            return sentence(why)
        return piece is not None and self.start_building(*piece)

    def _picture(self, index: QModelIndex) -> QPixmap:
        size: QSize = self.hand.card_size()
        dpr = max(2.0, self.view.devicePixelRatioF())
        pm = QPixmap(size * dpr)
        pm.setDevicePixelRatio(dpr)
        pm.fill(0)
        p = QPainter(pm)
        v = self.seat().view
        paint_card(
            p,
            QRectF(0, 0, size.width(), size.height()),
            v.rules if v else None,
            index.data(CardRole),
            index.data(PlaceRole),
        )
        p.end()
        return pm

    # -- a property card: carried to its lot
    def begin(self, index: QModelIndex, grab: QPoint | None = None, at: QPoint | None = None) -> bool:
        card = index.data(CardRole)
        if card is None:
            return False
        self.card = None
        if self._piece(int(card)) is not None:
            return super().begin(index, grab, at)
        why = self._property_reason(int(card))
        if why:
            self.tell(at, why)
            return False
        self.card = int(card)
        self.active = True
        self.view.hold(True)
        pm = self._picture(index)
        size = pm.deviceIndependentSize().toSize()
        QApplication.setOverrideCursor(QCursor(pm, size.width() // 2, size.height() // 3))
        self.scene.highlight_cells([self.card])
        return True

    def _property_reason(self, card: int) -> str | None:
        """Why property card `card` cannot be carried to its lot now (and the builds it offers there)."""
        why = self.reason()
        if why:
            return sentence(why)
        sv = self.seat()
        v = sv.view
        assert v is not None  # a reason would have been given
        if not v.city.is_in_city(card):
            return translate("GameWindow", "Lot {card} is not in the city yet.").format(card=card)
        self.builds = [
            Build(btype, props)
            for btype, size in sorted(sv.buildable())
            for props in sv.legal_builds(btype, size)
            if card in props
        ]
        if not self.builds:
            return translate("GameWindow", "Nothing can be built on lot {card} with your cards now.").format(card=card)
        return None

    def move(self, global_pos: QPoint) -> None:
        if self.card is None:
            super().move(global_pos)

    def drop(self, global_pos: QPoint) -> bool:
        card = self.card
        if card is None:
            return super().drop(global_pos)
        self.card = None
        self.scene.clear_highlights()
        self.end()
        at = self._board_point(global_pos)
        target = self.scene.target_at(at) if at is not None else None
        if at is None:
            self.tell(global_pos, translate("GameWindow", "The card went back: it was let go off the board."))
        elif not isinstance(target, PropertyTarget) or target.prop != card:
            where = target.prop if isinstance(target, PropertyTarget) else None
            text = (
                translate("GameWindow", "Card {card} is for lot {card}, not lot {lot}: it went back.")
                if where is not None
                else translate("GameWindow", "Card {card} is for lot {card}: it went back.")
            )
            self.tell(global_pos, text.format(card=card, lot=where))
        else:
            self.offer(global_pos)
        return False

    def offer(self, global_pos: QPoint) -> QMenu:
        """The buildings that may stand on the card's lot, with their scores, in a menu at the pointer."""
        menu = QMenu(self.view)
        menu.setObjectName("cardBuildMenu")
        v = self.seat().view
        assert v is not None  # a card was carried in a game
        for build in self.builds:
            j = self.seat().judge(build.building, build.properties)
            label = (
                piece_label(v, build.building, j.variant.name)
                if j.variant is not None
                else rules_text(v.rules.buildings[build.building].label)
            )
            lots = ", ".join(map(str, build.properties))
            text = translate("GameWindow", "{building} on {lots}: {score} points").format(
                building=label, lots=lots, score=j.score if j.score is not None else 0
            )
            a = QAction(text, menu)
            a.triggered.connect(lambda _=False, b=build: self.act(b))
            menu.addAction(a)
        self.menu = menu
        menu.popup(global_pos)
        return menu
