"""The jumbo redevelopment's offers as cards laid on the table (issue 46.9),
not a text list with a Take button: each offered card lies face up (the
card itself) or face down (its back, the stack it came from), with the
name of who offered it under it in their colour, and of who took it.
A card you may take stands out; a click on it takes it, and so does
dragging it onto your hand. Keys stay as they were: the arrows go from
card to card, Enter takes one.

The cards are the rows of the hand panel's offers list
(``HandPanel.offers_list``, a row's ``OfferRole`` holds its
:class:`~bigcity_desktop.engine.seat.OfferedCard`), drawn as cards by
:class:`OfferCardDelegate` and laid out in one row by :func:`lay_out`, the
list as wide as its cards (:func:`fit_row`: every card in sight, nothing
scrolls, and no taller than the hand's row of a building turn, so the board
and the Supply keep their room); a card taken lies dimmed under a ribbon
with the taker's name. :class:`OfferCards` takes a card on a click or a
drop on the hand. :class:`OfferFlights` flies a card taken to its taker:
into the hand, or up to the taker's strip (a short QPropertyAnimation of a
picture of the card; none with the animations preference off)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QByteArray,
    QEasingCurve,
    QEvent,
    QMimeData,
    QObject,
    QPoint,
    QPropertyAnimation,
    QRect,
    QRectF,
    QSize,
    Qt,
)
from PySide6.QtGui import QColor, QDrag, QDropEvent, QFont, QFontMetrics, QMouseEvent, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QFrame,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QStyle,
    QStyledItemDelegate,
)

from bigcity_desktop.engine.seat import OfferedCard
from bigcity_desktop.game.core.models import card_label
from bigcity_desktop.i18n import translate
from bigcity_desktop.scene import motion as M
from bigcity_desktop.scene import style as S

from .handcards import paint_card

# what a card dragged from the offers carries: "owner,slot"
OFFER_MIME = "application/x-bigcity-offer"
# the row's role that holds its OfferedCard
OfferRole = Qt.ItemDataRole.UserRole + 40
# an offered card on the table (px): about a card of the hand's, the
# offerer's name on a line under it, the room between two cards
CARD_W = 52
CARD_H = 72
GAP = 6
# a taken card's flight to its taker (ms; within motion's longest, scene/motion.py)
FLIGHT_MS = 320


def name_height(fm: QFontMetrics) -> int:
    """The line of the offerer's name under a card."""
    return fm.height() + 4


def card_words(o: OfferedCard, rules, name: Callable[[int], str]) -> str:
    """What the card is, in words (its tooltip and what a screen reader says)."""
    what = (
        card_label(rules, o.card)
        if o.card >= 0
        else translate("OfferCards", "a card face down from stack {stack}").format(stack=-o.card)
    )
    if o.taken_by is None:
        return translate("OfferCards", "{card}, offered by {player}").format(card=what, player=name(o.owner))
    return translate("OfferCards", "{card}, offered by {player}, taken by {taker}").format(
        card=what, player=name(o.owner), taker=name(o.taken_by)
    )


def paint_back(p: QPainter, r: QRectF, stack: int, colour: QColor) -> None:
    """A card lying face down: its back in the offerer's colour, the stack it came from."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    body = r.adjusted(1.5, 1.5, -1.5, -1.5)
    p.setPen(QPen(S.STREET_EDGE, 1.0))
    p.setBrush(colour.darker(130))
    p.drawRoundedRect(body, 5, 5)
    p.setPen(QPen(QColor(255, 255, 255, 150), 1.0))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(body.adjusted(4, 4, -4, -4), 3, 3)
    f = QFont(p.font())
    f.setPixelSize(20)
    f.setBold(True)
    p.setFont(f)
    p.setPen(QColor("white"))
    p.drawText(body, Qt.AlignmentFlag.AlignCenter, str(stack))
    p.restore()


class OfferCardDelegate(QStyledItemDelegate):
    """Draws an offers list's rows as cards with their offerer's name."""

    def __init__(self, rules: Callable[[], object], name: Callable[[int], str], colour: Callable[[int], str], parent):
        super().__init__(parent)
        self.rules = rules
        self.name = name
        self.colour = colour

    def sizeHint(self, option, index) -> QSize:
        return QSize(CARD_W + GAP, CARD_H + name_height(option.fontMetrics))

    def paint(self, painter: QPainter, option, index) -> None:
        o = index.data(OfferRole)
        if not isinstance(o, OfferedCard):
            return
        r = QRectF(option.rect)
        card = QRectF(r.left() + GAP / 2, r.top() + 2, CARD_W, CARD_H - 4)
        takeable = bool(index.flags() & Qt.ItemFlag.ItemIsEnabled)
        painter.save()
        if o.taken_by is not None:
            painter.setOpacity(0.4)
        if takeable:  # a card you may take: lit from below
            glow = QColor(S.CURSOR)
            glow.setAlpha(90)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(glow)
            painter.drawRoundedRect(card.adjusted(-3, -3, 3, 3), 7, 7)
        if o.card >= 0:
            paint_card(painter, card, self.rules(), o.card, None)
        else:
            paint_back(painter, card, -o.card, QColor(self.colour(o.owner)))
        painter.setOpacity(1.0)
        if option.state & QStyle.StateFlag.State_HasFocus:
            painter.setPen(QPen(S.CURSOR, 1.5, Qt.PenStyle.DotLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(card.adjusted(-2, -2, 2, 2), 6, 6)
        fm = option.fontMetrics
        if o.taken_by is not None:  # taken: a ribbon across the card with the taker's name
            paint_ribbon(painter, card, "→ " + self.name(o.taken_by), QColor(self.colour(o.taken_by)), fm)
        text = QRectF(r.left(), card.bottom() + 2, r.width(), name_height(fm) - 2)
        who = fm.elidedText(self.name(o.owner), Qt.TextElideMode.ElideRight, int(r.width()))
        painter.setPen(QColor(self.colour(o.owner)))
        painter.drawText(text, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, who)
        painter.restore()


def paint_ribbon(p: QPainter, card: QRectF, text: str, colour: QColor, fm: QFontMetrics) -> None:
    """A band across the middle of `card` in `colour` saying `text` (who took it)."""
    band = QRectF(card.left() - 2, card.center().y() - fm.height() / 2 - 2, card.width() + 4, fm.height() + 4)
    p.save()
    p.setOpacity(1.0)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(colour)
    p.drawRoundedRect(band, 3, 3)
    p.setPen(QColor("white") if colour.lightness() < 150 else QColor("black"))
    words = fm.elidedText(text, Qt.TextElideMode.ElideRight, int(band.width() - 4))
    p.drawText(band, Qt.AlignmentFlag.AlignCenter, words)
    p.restore()


def lay_out(offers: QListWidget) -> None:
    """The offers list as cards side by side, in one row that never scrolls (see fit_row)."""
    offers.setViewMode(QListView.ViewMode.IconMode)
    offers.setFlow(QListView.Flow.LeftToRight)
    offers.setWrapping(False)
    offers.setResizeMode(QListView.ResizeMode.Adjust)
    offers.setMovement(QListView.Movement.Static)
    offers.setSpacing(0)
    offers.setUniformItemSizes(True)
    offers.setFrameShape(QFrame.Shape.NoFrame)
    offers.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    offers.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    offers.setDragEnabled(False)  # a card is lifted by OfferCards, carrying its (owner, slot)


def fit_row(offers: QListWidget, count: int) -> None:
    """The list exactly as large as a row of `count` cards (at most eight:
    four players offering two each): all in sight, no scrolling."""
    extra = 2 * offers.frameWidth() + 2
    offers.setFixedSize(max(1, count) * (CARD_W + GAP) + extra, CARD_H + name_height(offers.fontMetrics()) + extra)


_MOUSE = (QEvent.Type.MouseButtonPress, QEvent.Type.MouseMove, QEvent.Type.MouseButtonRelease)
_DROPS = (QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop)


class OfferCards(QObject):
    """A click on a card you may take takes it; so does dragging it onto
    the hand (`hand`: the hand view, whose viewport takes the drop)."""

    def __init__(self, offers: QListWidget, hand: QAbstractItemView, take: Callable[[], object]) -> None:
        super().__init__(offers)
        self.offers = offers
        self.take = take
        self._press: QPoint | None = None
        offers.itemClicked.connect(self._clicked)
        self.cards = offers.viewport()
        self.cards.installEventFilter(self)
        self.hand = hand.viewport()
        self.hand.setAcceptDrops(True)
        self.hand.installEventFilter(self)

    def _clicked(self, item: QListWidgetItem) -> None:
        if item.flags() & Qt.ItemFlag.ItemIsEnabled:
            self.offers.setCurrentItem(item)
            self.take()

    def mime_of(self, item: QListWidgetItem) -> QMimeData:
        """What a drag of `item` carries: its (owner, slot)."""
        owner, slot = item.data(Qt.ItemDataRole.UserRole)
        data = QMimeData()
        data.setData(OFFER_MIME, QByteArray(f"{int(owner)},{int(slot)}".encode("ascii")))
        return data

    def _drag(self, item: QListWidgetItem) -> None:
        drag = QDrag(self.offers)
        drag.setMimeData(self.mime_of(item))
        rect = self.offers.visualItemRect(item)
        drag.setPixmap(self.offers.viewport().grab(rect))
        drag.setHotSpot(QPoint(rect.width() // 2, rect.height() // 3))
        drag.exec(Qt.DropAction.CopyAction)

    def _item_of(self, data: QMimeData) -> QListWidgetItem | None:
        """The card a drag carries, if it may be taken now."""
        try:
            owner, slot = (int(x) for x in bytes(data.data(OFFER_MIME).data()).decode("ascii").split(","))
        except ValueError:
            return None
        for i in range(self.offers.count()):
            item = self.offers.item(i)
            if item.data(Qt.ItemDataRole.UserRole) == (owner, slot) and item.flags() & Qt.ItemFlag.ItemIsEnabled:
                return item
        return None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in _MOUSE:
            return watched is self.cards and isinstance(event, QMouseEvent) and self._mouse(event)
        if kind not in _DROPS or watched is not self.hand or not isinstance(event, QDropEvent):
            return False
        if not event.mimeData().hasFormat(OFFER_MIME):
            return False
        item = self._item_of(event.mimeData())
        if item is None:
            event.ignore()
            return True
        event.setDropAction(Qt.DropAction.CopyAction)
        event.accept()
        if kind == QEvent.Type.Drop:
            self.offers.setCurrentItem(item)
            self.take()
        return True

    def _mouse(self, event: QMouseEvent) -> bool:
        """A press and a move past the drag distance on a card you may take lifts it."""
        pos = event.position().toPoint()
        if event.type() == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton:
            self._press = pos
        elif event.type() == QEvent.Type.MouseButtonRelease:
            self._press = None
        elif event.type() == QEvent.Type.MouseMove and self._press is not None:
            if (pos - self._press).manhattanLength() >= QApplication.startDragDistance():
                item = self.offers.itemAt(self._press)
                self._press = None
                if item is not None and item.flags() & Qt.ItemFlag.ItemIsEnabled:
                    self._drag(item)
                    return True
        return False


class OfferFlights(QObject):
    """A card taken flies from its place among the offers to whoever took
    it: into the hand when the seat at the screen took it, else to the
    taker's strip (``strips``: the players' row, a view whose row p is
    player p). The flight is a picture of the card over the window, moved
    by a QPropertyAnimation; with motion off (the animations preference, as
    for the hand's drawn cards: ``hand.animations``, ``hand.settings``)
    there is none. The hand panel calls :meth:`remember` before it draws
    the offers anew and :meth:`fly` after."""

    def __init__(self, offers: QListWidget, hand: QAbstractItemView) -> None:
        super().__init__(offers)
        self.offers = offers
        self.hand = hand
        self.strips: QAbstractItemView | None = None
        self.flying: list[QLabel] = []  # the pictures in flight
        self._before: dict[tuple[int, int], tuple[QRect, QPixmap]] = {}

    def remember(self) -> None:
        """Where each card not yet taken lies (on the window), and its picture."""
        self._before = {}
        if not self.offers.isVisible():
            return
        vp, win = self.offers.viewport(), self.offers.window()
        for i in range(self.offers.count()):
            item = self.offers.item(i)
            o = item.data(OfferRole)
            if isinstance(o, OfferedCard) and o.taken_by is None:
                r = self.offers.visualItemRect(item)
                self._before[o.owner_slot] = (QRect(vp.mapTo(win, r.topLeft()), r.size()), vp.grab(r))

    def fly(self, offered: list[OfferedCard], takes: list[tuple[int, int]], taker: int | None, me: int | None) -> None:
        """The cards remembered that were taken since (`takes`: their (owner,
        slot), from the moves played) fly to their takers: as the offers now
        say, or, for a card gone with the offers (the redevelopment over),
        `taker`, the seat that was to take. `me`: the seat at the screen."""
        before, self._before = self._before, {}
        motion = M.animations_enabled(getattr(self.hand, "animations", None), getattr(self.hand, "settings", None))
        if not before or not takes or not motion:
            return
        now = {o.owner_slot: o for o in offered}
        for key in takes:
            o = now.get(key)
            who = o.taken_by if o is not None else taker
            target = self._target(who, me) if who is not None and key in before else None
            if target is not None:
                self._launch(before[key][1], before[key][0], target)

    def _target(self, who: int, me: int | None) -> QRect | None:
        """Where the card lands on the window: the hand's last card (or its
        middle), or the taker's strip, smaller."""
        win = self.offers.window()
        if who == me:
            vp = self.hand.viewport()
            model = self.hand.model()
            n = model.rowCount() if model is not None else 0
            r = self.hand.visualRect(model.index(n - 1, 0)) if n else QRect(vp.rect().center(), QSize(CARD_W, CARD_H))
            return QRect(vp.mapTo(win, r.topLeft()), r.size())
        strips = self.strips
        if strips is None or strips.model() is None or who >= strips.model().rowCount():
            return None
        r = strips.visualRect(strips.model().index(who, 0))
        centre = strips.viewport().mapTo(win, r.center())
        return QRect(centre.x() - CARD_W // 4, centre.y() - CARD_H // 4, CARD_W // 2, CARD_H // 2)

    def _launch(self, picture: QPixmap, start: QRect, end: QRect) -> None:
        ghost = QLabel(self.offers.window())
        ghost.setObjectName("offerFlight")
        ghost.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        ghost.setScaledContents(True)
        ghost.setPixmap(picture)
        ghost.setGeometry(start)
        ghost.show()
        ghost.raise_()
        flight = QPropertyAnimation(ghost, b"geometry", ghost)
        flight.setDuration(FLIGHT_MS)
        flight.setStartValue(start)
        flight.setEndValue(end)
        flight.setEasingCurve(QEasingCurve.Type.InOutCubic)
        self.flying.append(ghost)

        def landed() -> None:
            if ghost in self.flying:
                self.flying.remove(ghost)
            ghost.deleteLater()

        flight.finished.connect(landed)
        flight.start()
