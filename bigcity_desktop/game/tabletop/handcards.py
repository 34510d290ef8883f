"""The hand as small cards.

:class:`HandView` shows the :class:`~.models.HandModel` as a row of small
cards that wraps: a property card has its number on a band in the colour of
its lot (outskirts or city centre; grey while its neighborhood is not in
the city) and a mini-map of its neighborhood, lying as on the board, with
the lot marked; a park or factory card shows its piece (faded, with a
dashed edge, while it has no place in the city: before City Hall or with
no free spot of its shape; in jumbo it could only be offered face down). A click or Space
ticks a card for an exchange or an offer (a ticked card stands raised with a
check mark), the arrow keys move from card to card, Enter (or a
double-click) shows the card's lot or plays a park or factory card. The
model and its API stay as they were (the controller and the tests tick
cards through ``set_checked``/``checked_cards``); every card keeps an
accessible name (the model's ``AccessibleTextRole``). Drawn cards fly in
from the stacks below (scene/motion.py: at once in their place for the
clicks and keys, the flight only painted; off with the animations preference).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QEasingCurve, QEvent, QPointF, QRectF, QSettings, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QKeyEvent, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QAbstractItemView, QListView, QStyle, QStyledItemDelegate, QStyleOptionViewItem

from bigcity_desktop.engine.cards import Card
from bigcity_desktop.engine.geometry import tile_cells
from bigcity_desktop.game.core.models import AbsentRole, BlockedRole, CardRole, PlaceRole, UselessRole
from bigcity_desktop.scene import motion as M
from bigcity_desktop.scene import style as S

from .scenedrag import BoardDragMixin

#: a card's width on screen (px): as wide as the hand's room allows, within these
CARD_W = 58
MIN_CARD_W = 36
#: the widest card, when the hand has height to spare
BIG_CARD_W = 64
#: a card's height to its width
CARD_RATIO = 1.38
#: room between two cards, and above them for a ticked card to rise into
GAP = 4
#: seconds a hand that grew a row keeps it at least (see HandView._ask_height)
SHRINK_AFTER = 1.0
RISE = 4


def _paint_paper(p: QPainter, body: QRectF, checked: bool, absent: bool) -> None:
    """The card: paper with a dark edge (a ticked one raised, edged in the selection colour)."""
    if checked:
        shadow = QColor(S.CURSOR)
        shadow.setAlpha(60)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(shadow)
        p.drawRoundedRect(body.translated(1.5, 2.5), 5, 5)
    edge = QPen(S.SELECT if checked else S.STREET_EDGE, 2.5 if checked else 1.0)
    if absent:
        edge.setStyle(Qt.PenStyle.DashLine)
    p.setPen(edge)
    p.setBrush(S.TABLE.lighter(106))
    p.drawRoundedRect(body, 5, 5)


def _band_colour(rules, card: int, place: tuple[bool, int] | None) -> QColor:
    """The colour of the band under the number: the piece's, or where the lot lies."""
    if Card(card).is_special:
        piece = rules.special_cards.get(card) if rules is not None else None
        return S.style_of(piece[0]).fill if piece else S.TABLE_GRID
    if place is None:
        return S.TABLE_GRID
    return S.CENTRE if place[0] else S.OUTSKIRTS


def _paint_piece(p: QPainter, art: QRectF, rules, card: int) -> None:
    """A park or factory card's picture: its piece's icon."""
    piece = rules.special_cards.get(card) if rules is not None else None
    if piece is None:
        return
    side = min(art.width(), art.height())
    icon = QRectF(art.center().x() - side / 2, art.center().y() - side / 2, side, side)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(S.style_of(piece[0]).fill)
    p.drawRoundedRect(icon, 4, 4)
    S.paint_icon(p, piece[0], icon.adjusted(4, 4, -4, -4), S.TABLE.lighter(106))


def _paint_check(p: QPainter, body: QRectF) -> None:
    """A ticked card's check mark in a round badge."""
    side = min(16.0, body.width() * 0.34)
    badge = QRectF(body.right() - side * 0.7, body.top() - side * 0.45, side, side)
    p.setPen(QPen(S.TABLE.lighter(106), 1.5))
    p.setBrush(S.SELECT)
    p.drawEllipse(badge)
    p.setPen(QPen(S.TABLE.lighter(106), 2.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    k = side / 16
    p.drawPolyline(
        [
            QPointF(badge.left() + 4 * k, badge.center().y()),
            QPointF(badge.left() + 7 * k, badge.bottom() - 4.5 * k),
            QPointF(badge.right() - 3.5 * k, badge.top() + 4.5 * k),
        ]
    )


def paint_card(
    p: QPainter,
    r: QRectF,
    rules,
    card: int,
    place: tuple[bool, int] | None,
    checked: bool = False,
    useless: bool = False,
    absent: bool = False,
    focus: bool = False,
) -> None:
    """One card in the rectangle `r` (see the module text)."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    body = r.adjusted(1.5, 1.5 + (0 if checked else RISE), -1.5, -1.5 - (RISE if checked else 0))
    if useless or absent:
        p.setOpacity(0.55)
    _paint_paper(p, body, checked, absent)
    band = QRectF(body.left() + 3, body.top() + 3, body.width() - 6, 18)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(_band_colour(rules, card, place))
    p.drawRoundedRect(band, 3, 3)
    f = QFont(p.font())
    f.setPixelSize(14)
    f.setBold(True)
    f.setItalic(absent)
    p.setFont(f)
    p.setPen(S.NUMBER_TEXT)
    p.drawText(band.adjusted(0, 0, -4 if checked else 0, 0), Qt.AlignmentFlag.AlignCenter, str(card))
    art = QRectF(body.left() + 5, band.bottom() + 4, body.width() - 10, body.bottom() - band.bottom() - 8)
    if Card(card).is_special:
        _paint_piece(p, art, rules, card)
    elif rules is not None:
        _minimap(p, art, rules, card, place)
    if useless:  # a card that can no longer be built with: struck through
        p.setOpacity(1.0)
        p.setPen(QPen(S.ILLEGAL, 2.0))
        p.drawLine(QPointF(body.left() + 6, body.bottom() - 6), QPointF(body.right() - 6, body.top() + 6))
    p.setOpacity(1.0)
    if checked:
        _paint_check(p, body)
    if focus:  # the keyboard's current card
        pen = QPen(S.CURSOR, 1.5, Qt.PenStyle.DotLine)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(body.adjusted(-1.5, -1.5, 1.5, 1.5), 6, 6)
    p.restore()


def _minimap(p: QPainter, art: QRectF, rules, card: int, place: tuple[bool, int] | None) -> None:
    """The card's neighborhood as it lies in the city (unturned while it is
    not there yet), its lot filled dark."""
    number = Card(card).neighborhood
    if number is None or number not in rules.tile_shapes:
        return
    rotation = place[1] if place is not None else 0
    cells = tile_cells(rules, number, 0, 0, rotation)
    w = max(x for x, _ in cells.values()) + 1
    h = max(y for _, y in cells.values()) + 1
    cell = min(art.width() / w, art.height() / h)
    ox = art.center().x() - w * cell / 2
    oy = art.center().y() - h * cell / 2
    p.setPen(QPen(S.STREET_EDGE, 1))
    p.setBrush(S.STREET)
    p.drawRoundedRect(QRectF(ox, oy, w * cell, h * cell), 2, 2)
    p.setPen(Qt.PenStyle.NoPen)
    for prop, (x, y) in cells.items():
        lot = QRectF(ox + x * cell + 1, oy + y * cell + 1, cell - 2, cell - 2)
        p.setBrush(S.NUMBER_TEXT if prop == card else S.TABLE_GRID)
        p.drawRoundedRect(lot, 1.5, 1.5)


class CardDelegate(QStyledItemDelegate):
    """Draws the hand's rows as cards; a click or Space ticks one."""

    def sizeHint(self, option, index) -> QSize:
        view = self.parent()
        return view.card_size() if isinstance(view, HandView) else QSize(CARD_W, round(CARD_W * CARD_RATIO))

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index) -> None:
        model = index.model()
        card = index.data(CardRole)
        if card is None:
            return
        view = self.parent()
        r = QRectF(option.rect)
        flying = None
        if isinstance(view, HandView):
            flying = view.flying.get(card)
            if flying is not None:  # on its way up from the stacks below the hand
                painter.save()
                painter.setOpacity(0.35 + 0.65 * flying)
                r.translate(0, (1.0 - flying) * max(r.height(), view.viewport().height() - r.top()))
        paint_card(
            painter,
            r,
            getattr(model, "rules", None),
            card,
            index.data(PlaceRole),
            checked=index.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked,
            useless=bool(index.data(UselessRole)),
            # a card that cannot be used now is drawn faded with a dashed edge, as one of a missing neighborhood
            absent=bool(index.data(AbsentRole)) or bool(index.data(BlockedRole)),
            focus=bool(option.state & QStyle.StateFlag.State_HasFocus),
        )
        if flying is not None:
            painter.restore()

    def editorEvent(self, event, model, option, index) -> bool:
        if not index.isValid() or not (index.flags() & Qt.ItemFlag.ItemIsUserCheckable):
            return False
        kind = event.type()
        if kind == QEvent.Type.MouseButtonRelease and isinstance(event, QMouseEvent):
            if event.button() != Qt.MouseButton.LeftButton or not option.rect.contains(event.position().toPoint()):
                return False
        elif kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            if event.key() not in (Qt.Key.Key_Space, Qt.Key.Key_Select):
                return False
        else:
            return False
        checked = index.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
        return model.setData(
            index, Qt.CheckState.Unchecked if checked else Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole
        )


class HandView(BoardDragMixin, QListView):
    """The hand's cards in rows that wrap; the arrow keys go from card to
    card (Right and Down to the next, Left and Up to the one before); a card
    is dragged onto its lot through ``board_drag`` (game/tabletop/carddrag.py)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("HandView")
        self.setFlow(QListView.Flow.LeftToRight)
        self.setWrapping(True)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setUniformItemSizes(True)
        self.setSpacing(GAP // 2)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self._card_w = CARD_W
        self.setItemDelegate(CardDelegate(self))
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        #: motion on/off; None: the ``prefs/animations`` setting of `settings` (scene/motion.py decides)
        self.animations: bool | None = None
        self.settings: QSettings | None = None
        #: the moves come faster than they could be shown moving (GameSession.hurried): no flights
        self.hurry: Callable[[], bool] = lambda: False
        self.motion = M.Motion(self)
        self._flying: dict[int, float] = {}
        self._grown = -SHRINK_AFTER  # when the hand last asked for more height (time.monotonic())
        self._shrink = QTimer(self)
        self._shrink.setSingleShot(True)
        self._shrink.timeout.connect(self.fit)

    def setModel(self, model) -> None:
        old = self.model()
        if old is not None and hasattr(old, "cardsArrived"):
            old.cardsArrived.disconnect(self._cards_arrived)
        super().setModel(model)
        if model is not None and hasattr(model, "cardsArrived"):
            model.cardsArrived.connect(self._cards_arrived)

    @property
    def flying(self) -> dict[int, float]:
        """The cards flying into the hand, with how far they have come (0 to 1)."""
        return self._flying

    def _cards_arrived(self, cards: list[int]) -> None:
        """Cards came into the hand: they are in their place already; their
        flight up from the stacks is painted over it (a new draw ends the last)."""
        self.motion.finish()
        if (
            not cards
            or len(cards) > 8
            or not self.isVisible()
            or not M.animations_enabled(self.animations, self.settings)
            or self.hurry()
        ):
            return
        for c in cards:
            self._flying[c] = 0.0

        def step(v: float) -> None:
            for c in cards:
                self._flying[c] = v
            self.viewport().update()

        def done() -> None:
            for c in cards:
                self._flying.pop(c, None)
            self.viewport().update()

        self.motion.start(M.CARD_MS, step, done, QEasingCurve.Type.OutCubic)

    def moveCursor(self, action, modifiers):
        A = QAbstractItemView.CursorAction
        model = self.model()
        row = self.currentIndex().row()
        n = model.rowCount() if model is not None else 0
        if n and action in (A.MoveRight, A.MoveDown, A.MoveNext):
            return model.index(min(n - 1, row + 1), 0)
        if n and action in (A.MoveLeft, A.MoveUp, A.MovePrevious):
            return model.index(max(0, row - 1), 0)
        return super().moveCursor(action, modifiers)

    def card_size(self) -> QSize:
        return QSize(self._card_w, round(self._card_w * CARD_RATIO))

    def _room(self, width: int) -> int:
        # the list's spacing is around every card, and a wrapping list keeps
        # room for its scroll bar
        return max(MIN_CARD_W + GAP, width - GAP - 2 - self.verticalScrollBar().sizeHint().width())

    def _layout_for(self, cards: int, width: int) -> tuple[int, int]:
        """(card width, rows): one row when the cards fit it at MIN_CARD_W
        or wider, else as few rows as hold them."""
        room = self._room(width)
        n = max(1, cards)
        rows = 1
        while True:
            per_row = -(-n // rows)
            w = room // per_row - GAP
            if w >= MIN_CARD_W or per_row == 1:
                return max(MIN_CARD_W, min(CARD_W, w)), rows
            rows += 1

    def fit(self, rows_at_most: int = 2) -> int:
        """Size the cards for the hand at the view's width, and ask for the
        height that shows them (at most `rows_at_most` rows: more scroll)."""
        model = self.model()
        n = max(1, model.rowCount() if model is not None else 0)
        w, rows = self._layout_for(n, self.viewport().width())
        h = round(w * CARD_RATIO)
        height = min(rows, rows_at_most) * (h + GAP) + 2 * self.frameWidth() + 2
        self._ask_height(height)
        # a hand with room to spare (a tall window) gets bigger cards, in more rows
        room = self._room(self.viewport().width())
        tall = self.viewport().height() - 2
        for k in range(1, n + 1):  # k rows, as wide as the width and the height let them be
            big = min(BIG_CARD_W, room // -(-n // k) - GAP, int((tall / k - GAP - 1) / CARD_RATIO))
            w = max(w, big)
        if w != self._card_w:
            self._card_w = w
            self.scheduleDelayedItemsLayout()
        return height

    def _ask_height(self, height: int) -> None:
        """Ask for `height`: more at once; less at once too, unless the hand
        grew less than :data:`SHRINK_AFTER` ago (then when that is over). A
        burst of moves at a network table changes the hand at every take,
        and a hand growing a row and losing it again each time laid out and
        repainted the board and the Supply each time (issue 45.6); while the
        moves come faster than the window shows them (`hurry`), it keeps the
        row until :data:`SHRINK_AFTER` after they have calmed down."""
        now = time.monotonic()
        if height > self.minimumHeight():
            self._grown = now
        elif height < self.minimumHeight() and self.hurry():  # a flood of moves: not before it is over
            self._grown = now
        if height < self.minimumHeight() and now - self._grown < SHRINK_AFTER:
            if not self._shrink.isActive():
                self._shrink.start(max(1, round((SHRINK_AFTER - (now - self._grown)) * 1000)))
            return
        self._shrink.stop()
        self.setMinimumHeight(height)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fit()  # a narrower hand has smaller cards, or more rows
