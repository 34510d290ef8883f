"""The players as strips across the top of the table (issue 33), one strip
per player as on a board-game site's table rather than a spreadsheet's row.

:class:`PlayerStrips` is a view over the controller's ``PlayersModel``: a
``QListView`` flowing left to right whose delegate paints each player's
strip from the model's roles. A view over the model (not a widget per
player) keeps what the table had for free: the model's fine-grained
signals repaint just the strip that changed, and each strip's tooltip and
accessible text are the model's (``StripTipRole``, ``AccessibleTextRole``).

A strip shows the seat's badge (the marker's shape in the player's colour,
a bot's face under it), the name, the score large, whose turn it is (the
strip filled and outlined in the player's colour, with the words "to
move"), the cards in hand with the stacks they came from (card backs are
public) and the buildings with the player's marker on the board. At a
network table the player to move has a clock: how long they have been
thinking, as this window saw the turn come (the server sends no turn
times), ticking once a second only while such a game is on.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QPointF, QRect, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPainterPath, QPalette, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QListView,
    QSizePolicy,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolTip,
    QWidget,
)

from bigcity_desktop.bots.levels import level_of
from bigcity_desktop.game.core.botfaces import paint_emblem
from bigcity_desktop.game.core.models import (
    BuiltRole,
    ColourRole,
    CurrentRole,
    HandStacksRole,
    KindLabelRole,
    KindRole,
    LastMoveRole,
    NameRole,
    ScoreRole,
    StripTipRole,
)
from bigcity_desktop.i18n import translate
from bigcity_desktop.scene import style as S

if TYPE_CHECKING:  # pragma: no cover
    from bigcity_desktop.game.core.controller import GameController

# room inside a strip's edge, and the coloured band at its left
_PAD = 5
_BAND = 5
# the badge's column: the marker, a bot's face under it
_BADGE = 18
# the narrowest a strip gets: five fit across 840 pixels
MIN_STRIP_WIDTH = 158
# the widest: a few players on a wide window stand in the middle, not spread to its edges
MAX_STRIP_WIDTH = 400
# how much larger the score is than the name
_SCORE_SCALE = 1.55


@dataclass(frozen=True)
class Piece:
    """One text a strip paints: what it says in full, what fits (elided), its font and its room."""

    full: str
    shown: str
    font: QFont
    rect: QRect
    align: Qt.AlignmentFlag


@dataclass(frozen=True)
class StripLayout:
    """Where the parts of one strip go."""

    marker: QRectF
    face: QRectF
    card: QRectF  # the small card before the hand's size
    house: QRectF  # the small house before the buildings' count
    name: Piece
    score: Piece
    status: Piece | None  # "to move" or the kind ("Bot (hard)"); none on a strip of one line
    clock: Piece | None  # a network game's turn clock, on the strip of the player to move
    dial: QRectF | None  # the small clock face before it
    hand: Piece  # the cards in hand
    stacks: Piece | None  # their stacks; none on a strip of one line
    built: Piece  # buildings on the board

    def pieces(self) -> list[Piece]:
        return [p for p in (self.name, self.score, self.status, self.clock, self.hand, self.stacks, self.built) if p]


def fonts(base: QFont) -> tuple[QFont, QFont, QFont]:
    """The strip's fonts: the name (bold), the score (large, bold), the small lines."""
    name = QFont(base)
    name.setBold(True)
    score = QFont(name)
    score.setPointSizeF(max(base.pointSizeF(), 6.0) * _SCORE_SCALE)
    small = QFont(base)
    small.setPointSizeF(max(base.pointSizeF() * 0.92, 6.0))
    return name, score, small


def strip_height(base: QFont) -> int:
    """The height of a strip in `base` font: the name and score's line, then two small lines."""
    name, score, small = fonts(base)
    top = max(QFontMetrics(name).height(), QFontMetrics(score).height())
    return 2 * _PAD + top + 2 * QFontMetrics(small).height() + 2


def line_height(base: QFont) -> int:
    """The height of a strip of one line (a narrow place: one strip under the other)."""
    return 2 * 3 + QFontMetrics(fonts(base)[0]).height()


def _piece(text: str, font: QFont, rect: QRect, align=Qt.AlignmentFlag.AlignLeft, elide=True) -> Piece:
    fm = QFontMetrics(font)
    shown = fm.elidedText(text, Qt.TextElideMode.ElideRight, rect.width()) if elide else text
    return Piece(text, shown, font, rect, align | Qt.AlignmentFlag.AlignVCenter)


def clock_text(seconds: float) -> str:
    """A turn's time as m:ss ("0:07", "12:40")."""
    s = max(0, int(seconds))
    return f"{s // 60}:{s % 60:02d}"


def lay_out(
    rect: QRect, base: QFont, index: QModelIndex | QPersistentModelIndex, clock: str | None = None
) -> StripLayout:
    """The parts of the strip of the player at `index`, in `rect`."""
    name_font, score_font, small = fonts(base)
    fm_name, fm_score, fm_small = QFontMetrics(name_font), QFontMetrics(score_font), QFontMetrics(small)
    inner = rect.adjusted(_BAND + _PAD, _PAD, -_PAD, -_PAD)
    top_h = max(fm_name.height(), fm_score.height())
    line = fm_small.height()
    x = inner.left() + _BADGE + _PAD
    right = inner.right()
    marker = QRectF(inner.left(), inner.top() + (top_h - _BADGE) / 2, _BADGE, _BADGE)
    face = QRectF(inner.left(), inner.top() + top_h + 2, _BADGE, _BADGE)

    score_text = str(index.data(ScoreRole) or 0)
    score_w = fm_score.horizontalAdvance(score_text) + 2
    score = _piece(
        score_text, score_font, QRect(right - score_w + 1, inner.top(), score_w, top_h), Qt.AlignmentFlag.AlignRight
    )
    name = _piece(str(index.data(NameRole) or ""), name_font, QRect(x, inner.top(), right - score_w - 6 - x, top_h))

    y2 = inner.top() + top_h + 1
    clock_piece = dial = None
    status_right = right
    if clock is not None:
        cw = fm_small.horizontalAdvance(clock) + 2
        clock_piece = _piece(clock, small, QRect(right - cw + 1, y2, cw, line), Qt.AlignmentFlag.AlignRight)
        dial = QRectF(right - cw - 11, y2 + (line - 9) / 2, 9, 9)
        status_right = int(dial.left()) - 5
    if index.data(CurrentRole):
        status_font = QFont(small)
        status_font.setBold(True)
        status_text = "\N{BLACK RIGHT-POINTING TRIANGLE} " + translate("PlayerStrips", "to move")
    else:
        # what the player did last (issue 46.5); the kind until they have moved (it stays in the tooltip)
        status_font = small
        forms = [f"\N{RIGHTWARDS ARROW WITH HOOK} {f}" for f in index.data(LastMoveRole) or []]
        room = status_right - x
        fits = [f for f in forms if fm_small.horizontalAdvance(f) <= room]
        status_text = (fits or forms or [str(index.data(KindLabelRole) or "")])[0]
    status = _piece(status_text, status_font, QRect(x, y2, status_right - x, line))

    y3 = y2 + line + 1
    stacks_list = index.data(HandStacksRole) or []
    card = QRectF(x, y3 + (line - 11) / 2, 8, 11)
    hand_text = str(len(stacks_list))
    hw = fm_small.horizontalAdvance(hand_text) + 2
    hand = _piece(hand_text, small, QRect(x + 11, y3, hw, line), elide=False)
    built_text = str(index.data(BuiltRole) or 0)
    bw = fm_small.horizontalAdvance(built_text) + 2
    built = _piece(built_text, small, QRect(right - bw + 1, y3, bw, line), Qt.AlignmentFlag.AlignRight, elide=False)
    house = QRectF(right - bw - 12, y3 + (line - 10) / 2, 10, 10)
    sx = x + 11 + hw + 5
    stacks = _piece(
        "\N{THIN SPACE}".join(str(s) for s in stacks_list), small, QRect(sx, y3, int(house.left()) - 5 - sx, line)
    )
    return StripLayout(marker, face, card, house, name, score, status, clock_piece, dial, hand, stacks, built)


def lay_out_line(rect: QRect, base: QFont, index: QModelIndex | QPersistentModelIndex) -> StripLayout:
    """A strip of one line, where strips stand one under the other (a narrow
    place): the badge, "▶" and the name, the hand's size, the buildings, the score."""
    bold, _score, small = fonts(base)
    fm_bold, fm_small = QFontMetrics(bold), QFontMetrics(small)
    inner = rect.adjusted(_BAND + 4, 3, -_PAD, -3)
    h = inner.height()
    mid = inner.top() + h / 2
    size = min(16, h)
    marker = QRectF(inner.left(), mid - size / 2, size, size)
    bot = level_of(str(index.data(KindRole) or "")) is not None
    face = QRectF(marker.right() + 2, mid - size / 2, size, size) if bot else QRectF()
    x = int((face if bot else marker).right()) + 5
    right = inner.right()
    score_text = str(index.data(ScoreRole) or 0)
    sw = fm_bold.horizontalAdvance(score_text) + 2
    score = _piece(score_text, bold, QRect(right - sw + 1, inner.top(), sw, h), Qt.AlignmentFlag.AlignRight, False)
    built_text = str(index.data(BuiltRole) or 0)
    bw = fm_small.horizontalAdvance(built_text) + 2
    bx = right - sw - 8 - bw
    built = _piece(built_text, small, QRect(bx, inner.top(), bw, h), elide=False)
    house = QRectF(bx - 12, mid - 5, 10, 10)
    hand_text = str(len(index.data(HandStacksRole) or []))
    hw = fm_small.horizontalAdvance(hand_text) + 2
    hx = int(house.left()) - 6 - hw
    hand = _piece(hand_text, small, QRect(hx, inner.top(), hw, h), elide=False)
    card = QRectF(hx - 11, mid - 5.5, 8, 11)
    prefix = "\N{BLACK RIGHT-POINTING TRIANGLE} " if index.data(CurrentRole) else ""
    name = _piece(prefix + str(index.data(NameRole) or ""), bold, QRect(x, inner.top(), int(card.left()) - 6 - x, h))
    return StripLayout(marker, face, card, house, name, score, None, None, None, hand, None, built)


def _house(r: QRectF) -> QPainterPath:
    """A small house: the buildings' sign."""
    path = QPainterPath()
    path.moveTo(r.left(), r.top() + r.height() * 0.45)
    path.lineTo(r.center().x(), r.top())
    path.lineTo(r.right(), r.top() + r.height() * 0.45)
    path.lineTo(r.right(), r.bottom())
    path.lineTo(r.left(), r.bottom())
    path.closeSubpath()
    return path


def _mix(a: QColor, b: QColor, t: float) -> QColor:
    """`a` with `t` of `b` in it."""
    return QColor(
        round(a.red() + (b.red() - a.red()) * t),
        round(a.green() + (b.green() - a.green()) * t),
        round(a.blue() + (b.blue() - a.blue()) * t),
    )


class StripDelegate(QStyledItemDelegate):
    """Paints one player's strip (see :func:`lay_out`)."""

    def __init__(self, clock: Callable[[int], str | None], parent=None):
        super().__init__(parent)
        self._clock = clock

    def sizeHint(self, option: QStyleOptionViewItem, index) -> QSize:
        view = option.widget  # type: ignore[attr-defined]
        if not isinstance(view, PlayerStrips):
            return QSize(MIN_STRIP_WIDTH, strip_height(option.font))  # type: ignore[attr-defined]
        return QSize(view.strip_width(), view.one_strip_height())

    def layout_of(self, option: QStyleOptionViewItem, index) -> StripLayout:
        view = option.widget  # type: ignore[attr-defined]
        if isinstance(view, PlayerStrips) and view.one_line():
            return lay_out_line(option.rect, option.font, index)  # type: ignore[attr-defined]
        return lay_out(option.rect, option.font, index, self._clock(index.row()))  # type: ignore[attr-defined]

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index) -> None:
        pal: QPalette = option.palette  # type: ignore[attr-defined]
        lay = self.layout_of(option, index)
        colour = QColor(str(index.data(ColourRole) or "#888888"))
        current = bool(index.data(CurrentRole))
        base = pal.color(QPalette.ColorRole.Base)
        text = pal.color(QPalette.ColorRole.Text)
        r = QRectF(option.rect).adjusted(1.5, 1.5, -1.5, -1.5)  # type: ignore[attr-defined]
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        outline = QPainterPath()
        outline.addRoundedRect(r, 6, 6)
        painter.fillPath(outline, _mix(base, colour, 0.30) if current else base)
        # the player's colour down the strip's left edge, as on a player's board
        painter.save()
        painter.setClipPath(outline)
        painter.fillRect(QRectF(r.left(), r.top(), _BAND, r.height()), colour)
        painter.restore()
        if current:
            painter.setPen(QPen(colour, 2.5))
        else:
            painter.setPen(QPen(pal.color(QPalette.ColorRole.Mid), 1.0))
        painter.drawPath(outline)
        if option.state & QStyle.StateFlag.State_MouseOver:  # type: ignore[attr-defined]
            painter.setPen(QPen(pal.color(QPalette.ColorRole.Highlight), 1.0))
            painter.drawPath(outline)

        S.paint_marker(painter, index.row(), lay.marker.adjusted(1, 1, -1, -1), colour)
        kind = str(index.data(KindRole) or "")
        paint_emblem(painter, kind, lay.face, colour)  # nothing for a human seat

        dim = _mix(text, base, 0.35)
        painter.setPen(QPen(dim, 1.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(lay.card, 1.5, 1.5)
        painter.drawPath(_house(lay.house))
        if lay.dial is not None:
            painter.setPen(QPen(text, 1.0))
            painter.drawEllipse(lay.dial)
            c = lay.dial.center()
            painter.drawLine(c, QPointF(c.x(), lay.dial.top() + 2))
            painter.drawLine(c, QPointF(lay.dial.right() - 2, c.y()))
        for piece in lay.pieces():
            painter.setFont(piece.font)
            painter.setPen(dim if piece in (lay.stacks,) else text)
            painter.drawText(piece.rect, int(piece.align), piece.shown)
        painter.restore()

    def helpEvent(self, event, view, option, index) -> bool:
        if event is not None and event.type() == QEvent.Type.ToolTip and index.isValid():
            QToolTip.showText(event.globalPos(), str(index.data(StripTipRole) or ""), view)
            return True
        return super().helpEvent(event, view, option, index)


class PlayerStrips(QListView):
    """The players, one strip each, in a row across the top of the table."""

    def __init__(self, controller: GameController, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("PlayerStrips")
        self._ctrl = controller
        self.setModel(controller.players_model)
        self.setFlow(QListView.Flow.LeftToRight)
        self.setWrapping(True)  # in a narrow window, in rows (the height follows: heightForWidth)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setSpacing(2)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setMouseTracking(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.viewport().setAutoFillBackground(False)  # the strips stand on the table
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setAccessibleName(translate("PlayerStrips", "Players and scores"))
        self.setItemDelegate(StripDelegate(self.turn_clock, self))

        # the turn clock of a network game
        self._now: Callable[[], float] = time.monotonic
        self._turn_seat: int | None = None
        self._turn_since = 0.0
        # a table with a time control (net/clocks.py): its last entry, and when it came
        self._table: object = None
        self._table_at = 0.0
        self._tick = QTimer(self)
        self._tick.setInterval(1000)
        self._tick.timeout.connect(self._tick_clock)
        m = controller.players_model
        m.modelReset.connect(self._game_changed)
        m.rowsInserted.connect(self._follow_turn)
        m.rowsRemoved.connect(self._follow_turn)
        m.dataChanged.connect(self._follow_turn)
        controller.sessionChanged.connect(self._game_changed)
        self._follow_turn()
        self._fit_height()

    # ------------------------------------------------------------ sizes
    def _per_row(self, width: int) -> int:
        """How many strips a row of `width` holds (all of them where they fit)."""
        n = max(1, self.model().rowCount())
        fit = (width - 2 * self.frameWidth()) // (MIN_STRIP_WIDTH + 2 * self.spacing())
        return max(1, min(n, fit))

    def heightForWidth(self, width: int) -> int:
        n = max(1, self.model().rowCount())
        per_row = self._per_row(width)
        one = line_height(self.font()) if per_row == 1 else strip_height(self.font())
        return -(-n // per_row) * (one + 2 * self.spacing()) + 2 * self.frameWidth()

    def one_line(self) -> bool:
        """Too narrow for two strips side by side: one strip of one line under the other (as the table was)."""
        return self._per_row(self.width()) == 1

    def one_strip_height(self) -> int:
        return line_height(self.font()) if self.one_line() else strip_height(self.font())

    def hasHeightForWidth(self) -> bool:
        return True

    def rows_height(self) -> int:
        """The height that shows every strip: one row, or more where the strips do not fit across."""
        return self.heightForWidth(self.width())

    def strip_width(self) -> int:
        """One strip's width: the strips share the row, none narrower than
        MIN_STRIP_WIDTH nor wider than MAX_STRIP_WIDTH."""
        per_row = self._per_row(self.width())
        room = (
            self.width() - 2 * self.frameWidth() - 2 * self.spacing() * per_row - self.spacing() - 1
        )  # Qt wraps at the edge
        return max(MIN_STRIP_WIDTH, min(MAX_STRIP_WIDTH, room // per_row))

    def _fit_height(self) -> None:
        h = self.rows_height()
        if self.height() != h or self.minimumHeight() != h:
            self.setFixedHeight(h)
        # strips at their widest stand in the middle of the row
        per_row = self._per_row(self.width())
        spare = (
            self.width()
            - 2 * self.frameWidth()
            - per_row * (self.strip_width() + 2 * self.spacing())
            - self.spacing()
            - 1
        )
        side = max(0, spare // 2)
        if self.viewportMargins().left() != side:
            self.setViewportMargins(side, 0, side, 0)

    def sizeHint(self) -> QSize:
        n = max(2, self.model().rowCount())
        return QSize(n * (MIN_STRIP_WIDTH + 2 * self.spacing()) + 2 * self.frameWidth(), self.rows_height())

    def minimumSizeHint(self) -> QSize:
        return QSize(MIN_STRIP_WIDTH, self.rows_height())

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit_height()
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.PaletteChange):  # a light or dark scheme
            self.scheduleDelayedItemsLayout()
            self.viewport().update()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_height()  # a narrow window: the strips go on in a second row
        self.scheduleDelayedItemsLayout()  # the strips share the new width

    # ------------------------------------------------------------ the turn clock
    def _clocked(self) -> bool:
        """A network game (a table kept elsewhere) is on: the player to move has a clock."""
        return bool(self._ctrl.session.traits.leaves)

    def _current_row(self) -> int | None:
        m = self.model()
        return next((i for i in range(m.rowCount()) if m.index(i, 0).data(CurrentRole)), None)

    def _game_changed(self) -> None:
        self._turn_seat = None
        self._fit_height()
        self.scheduleDelayedItemsLayout()
        self._follow_turn()

    def _follow_turn(self, *_args) -> None:
        seat = self._current_row()
        if seat != self._turn_seat:
            self._turn_seat = seat
            self._turn_since = self._now()
        if seat is not None and self._clocked():
            if not self._tick.isActive():
                self._tick.start()
        else:
            self._tick.stop()

    def turn_clock(self, row: int) -> str | None:
        """The time the player in `row` has left (a table with a clock) or has been thinking (m:ss),
        if they are to move in a network game."""
        if row != self._turn_seat or not self._tick.isActive():
            return None
        left = self._time_left(row)
        if left is not None:
            return clock_text(-(-left // 1))
        return clock_text(self._now() - self._turn_since)

    def _time_left(self, row: int) -> float | None:
        """`row`'s seconds left by its table's clock, counted down since the table's last entry came."""
        table = getattr(self._ctrl.session, "table", None)
        left = getattr(table, "clock_left", None)
        if not isinstance(left, tuple) or row >= len(left):
            return None
        if table is not self._table:
            self._table, self._table_at = table, self._now()
        if getattr(table, "paused", False):  # paused by agreement (net/pausing.py): the clocks stand
            return float(left[row])
        return max(0.0, float(left[row]) - (self._now() - self._table_at))

    def _tick_clock(self) -> None:
        if self._turn_seat is None or not self._clocked():
            self._tick.stop()
        else:
            self.viewport().update(self.visualRect(self.model().index(self._turn_seat, 0)))

    def strip_layout(self, row: int) -> StripLayout:
        """The parts of `row`'s strip as it is painted (the tests measure them)."""
        index = self.model().index(row, 0)
        if self.one_line():
            return lay_out_line(self.visualRect(index), self.font(), index)
        return lay_out(self.visualRect(index), self.font(), index, self.turn_clock(row))
