"""The Supply as a tray of the building pieces themselves.

:class:`SupplyTray` shows the :class:`~.models.SupplyModel` (its first
column) as a grid of pieces, two to a row in a narrow column: each piece
drawn as the board draws it (``style.building_shape_pixmap``, the picture a
drag carries too: :func:`piece_pixmap`), lying flat at one scale, with the
number left on a badge, its base points beside it and its name under it in
small type, on two lines rather than cut ("Doppeltes / Geschäftshaus"; a
word too long for the cell shrinks the type). The pieces you can build now
(a card for a lot they fit: the model's ✓ rows) stand bright on a lit slot
with a check mark; the ones closed until City Hall is built are grey with a
small lock (a click says why); the sold-out ones are faded with their 0.
The piece under the pointer is lifted (a soft shadow under it, a little
larger), the piece in hand (the board's) keeps its slot marked.

It keeps the Supply's API: ``buildingChosen(btype, size)`` on a click or
Enter, a press and drag carries the piece onto the board
(:class:`~.scenedrag.BoardDragMixin`), the arrow keys step through the
pieces one by one in order (the sold-out ones skipped), Tab leaves, and the
lessons point at a row through ``visualRect``. The cells grow with the room
the tray is given and keep every piece in sight in a column about 400 px
tall; a shorter one scrolls vertically.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from PySide6.QtCore import QModelIndex, QPointF, QRect, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QListView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolTip,
)

from bigcity_desktop.game.core.models import BuildingRole, PieceRole, ReasonRole, SupplyPiece
from bigcity_desktop.i18n import translate
from bigcity_desktop.scene import style as S
from bigcity_desktop.scene.tools import BuildingTool

from .scenedrag import BoardDragMixin

# the cells' height (px): at least (every piece in a 400 px column), and at most
MIN_CELL_H = 49
MAX_CELL_H = 84
# the height a cell asks for when the tray says how tall it would like to be
COMFY_CELL_H = 62
# a cell's width at least, below which the tray has one column fewer
MIN_CELL_W = 88
# the widest cell before the tray puts one more piece in a row
MAX_CELL_W = 150
# the name's type (px): the smallest it shrinks to for a long word
MIN_NAME_PX = 7.0
PAD = 3.0
# the lines of a name at most
NAME_LINES = 2
#: seconds of new cells' pictures one paint of the tray makes at a network table (issue 45.6)
CELL_BUDGET = 0.006
#: ... and at a table on this computer (the first game's tray: 16 new cells, 30-40 ms)
LOCAL_CELL_BUDGET = 0.010
#: ms before the cells left by a budgeted paint are painted with their own pictures
CELLS_REST_MS = 12


def piece_cells(rules, btype: str, size: int) -> tuple[tuple[int, int], ...]:
    """The cells of the piece of `btype` in `size` lots, lying as in the rules (one cell without rules)."""
    if rules is not None and btype in rules.buildings:
        variants = rules.buildings[btype].variants_of_size(size)
        if variants:
            return tuple(tuple(c) for c in rules.shapes[variants[0].shape])
    return ((0, 0),)


def piece_pixmap(rules, btype: str, size: int, side: int, dpr: float) -> QPixmap:
    """The piece as the board draws it, its longer side across a square of `side` px
    (the tray's pieces and the picture a drag carries)."""
    return S.building_shape_pixmap(btype, side, piece_cells(rules, btype, size), dpr=dpr)


def _greyed(pm: QPixmap) -> QPixmap:
    """The picture in greys, its transparency kept."""
    img = pm.toImage().convertToFormat(QImage.Format.Format_ARGB32)
    grey = img.convertToFormat(QImage.Format.Format_Grayscale8).convertToFormat(QImage.Format.Format_ARGB32)
    p = QPainter(grey)
    p.setCompositionMode(QPainter.CompositionMode.CompositionMode_DestinationIn)
    p.drawImage(0, 0, img)
    p.end()
    out = QPixmap.fromImage(grey)
    out.setDevicePixelRatio(pm.devicePixelRatio())
    return out


def wrap_name(
    text: str, base: QFont, px: float, width: float, lines: int = NAME_LINES, bold: bool = False
) -> tuple[QFont, list[str]]:
    """`text` in at most `lines` lines of `width` px, in `base` (bold or not) at
    `px` pixels or smaller (down to MIN_NAME_PX) until every word fits: never cut
    (worked out once per name, type and width: the tray lays its names out at each paint)."""
    key = (text, base.key(), px, width, lines, bold)
    known = _WRAPPED.get(key)
    if known is None:
        if len(_WRAPPED) > 1000:
            _WRAPPED.clear()
        known = _WRAPPED[key] = _wrap_name(text, base, px, width, lines, bold)
    return QFont(known[0]), list(known[1])


#: wrap_name's answers
_WRAPPED: dict[tuple, tuple[QFont, list[str]]] = {}


def _wrap_name(text: str, base: QFont, px: float, width: float, lines: int, bold: bool) -> tuple[QFont, list[str]]:
    words = text.split()
    size = px
    while True:
        font = QFont(base)
        font.setBold(bold)
        font.setPixelSize(max(1, round(size)))
        fm = QFontMetricsF(font)
        best = _best_break(words, fm, width, lines)
        if best is not None or size <= MIN_NAME_PX:
            return font, best if best is not None else _greedy(words, fm, width)
        size -= 0.5


def _best_break(words: list[str], fm: QFontMetricsF, width: float, lines: int) -> list[str] | None:
    """The words on one line, or in two lines as even as can be; None: they do not fit."""
    whole = " ".join(words)
    if fm.horizontalAdvance(whole) <= width:
        return [whole]
    if lines < 2 or len(words) < 2:
        return None
    best: tuple[float, list[str]] | None = None
    for i in range(1, len(words)):
        split = [" ".join(words[:i]), " ".join(words[i:])]
        widest = max(fm.horizontalAdvance(s) for s in split)
        if widest <= width and (best is None or widest < best[0]):
            best = (widest, split)
    return best[1] if best is not None else None


def _greedy(words: list[str], fm: QFontMetricsF, width: float) -> list[str]:
    out: list[str] = []
    for w in words:
        if out and fm.horizontalAdvance(out[-1] + " " + w) <= width:
            out[-1] += " " + w
        else:
            out.append(w)
    return out


@dataclass(frozen=True)
class CellLayout:
    """Where a cell paints what (in the view's coordinates)."""

    slot: QRectF  # the piece's place in the tray
    piece: QRectF  # the box the piece lies in
    lot: float  # one lot of the piece, px
    dims: tuple[int, int]  # the piece's width and height in lots
    badge: QRectF  # the number left
    points: QRectF  # the base points
    name: QRectF  # the name's lines
    name_font: QFont
    lines: tuple[str, ...]
    small_font: QFont  # the badge's and the points'


def points_text(piece: SupplyPiece) -> str:
    return "" if piece.base is None else translate("SupplyTray", "{n} pts").format(n=piece.base)


def _inner(rect: QRectF) -> tuple[QRectF, QRectF]:
    slot = rect.adjusted(1.0, 1.0, -1.0, -1.0)
    return slot, slot.adjusted(PAD, PAD, -PAD, -PAD)


def name_px(rect: QRectF, base_font: QFont) -> float:
    """The names' type in a cell `rect`: small, a little larger in a taller cell."""
    app_px = base_font.pixelSize() if base_font.pixelSize() > 0 else base_font.pointSizeF() * 96 / 72
    return min(app_px * 0.95, max(9.0, rect.height() * 0.18))


def name_lines(label: str, rect: QRectF, base_font: QFont) -> int:
    """The lines `label` takes in a cell `rect` (in bold, as a piece you can build)."""
    return len(wrap_name(label, base_font, name_px(rect, base_font), _inner(rect)[1].width(), bold=True)[1])


def cell_layout(
    rect: QRectF, piece: SupplyPiece, base_font: QFont, dims: tuple[int, int], room: int = NAME_LINES
) -> CellLayout:
    """The cell's parts for `piece` in `rect` (see the module text); `dims`:
    the piece's width and height in lots, as it lies; `room`: the lines kept
    for the names (the most any name of the tray takes, so the pieces line up)."""
    slot, inner = _inner(rect)
    px = name_px(rect, base_font)
    name_font, lines = wrap_name(piece.label, base_font, px, inner.width(), bold=piece.buildable)
    lh = QFontMetricsF(name_font).height()
    room = max(room, len(lines))
    name = QRectF(inner.left(), inner.bottom() - room * lh, inner.width(), room * lh)
    art = QRectF(inner.left(), inner.top(), inner.width(), max(8.0, name.top() - 1 - inner.top()))
    small = QFont(base_font)
    small.setBold(True)
    small.setItalic(False)
    small.setPixelSize(max(7, round(min(art.height() * 0.42, px))))
    fm = QFontMetricsF(small)
    badge_h = fm.height() + 1
    badge_w = max(badge_h, fm.horizontalAdvance(str(piece.left)) + 8)
    pts_w = fm.horizontalAdvance(points_text(piece))
    info_w = max(badge_w, pts_w)
    badge = QRectF(art.right() - badge_w, art.top(), badge_w, badge_h)
    points = QRectF(art.right() - info_w, badge.bottom(), info_w, max(0.0, art.bottom() - badge.bottom()))
    box = QRectF(art.left(), art.top(), max(8.0, art.width() - info_w - 3), art.height())
    # one scale for all: a lot is a third of the box's width at most (the triple fits)
    lot = min(box.width() / 3, box.width() / dims[0], box.height() / dims[1])
    return CellLayout(slot, box, lot, dims, badge, points, name, name_font, tuple(lines), small)


def piece_dims(cells) -> tuple[int, int]:
    """(width, height) in lots of a piece's cells, as the rules lay them."""
    w = max(c[0] for c in cells) - min(c[0] for c in cells) + 1
    h = max(c[1] for c in cells) - min(c[1] for c in cells) + 1
    return (w, h)


class PieceDelegate(QStyledItemDelegate):
    """Paints the Supply's rows as the tray's pieces (see the module text)."""

    def sizeHint(self, option, index) -> QSize:
        view = self.parent()
        return view.cell_size() if isinstance(view, SupplyTray) else QSize(100, COMFY_CELL_H)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index) -> None:
        """The cell from its picture, painted once for what it shows (a flood of moves
        repaints the tray often, with most of its pieces as they were; issue 45.6)."""
        piece = index.data(PieceRole)
        view = self.parent()
        if not isinstance(piece, SupplyPiece) or not isinstance(view, SupplyTray):
            return
        focus = bool(option.state & QStyle.StateFlag.State_HasFocus)
        lifted = view.hovered_row() == index.row() and piece.left > 0
        in_hand = view.in_hand() == (piece.type, piece.size)
        size = option.rect.size()
        dpr = max(1.0, painter.device().devicePixelRatioF() if painter.device() is not None else 1.0)
        rules = view.rules_digest()
        key = (piece, size.width(), size.height(), focus, lifted, in_hand, view.lines(), rules, option.font.key(), dpr)
        pm = view.cells.get(key)
        if pm is None and view.over_budget():
            # past the paint's budget: the cell as it was at another size, scaled (a flood's hand that grew
            # a row resized every cell at once), or nothing yet (the first game's); its own picture after a rest
            near = view.cells_any_size.get(key[:1] + key[3:])
            if near is not None:
                painter.drawPixmap(QRectF(option.rect), near, QRectF(near.rect()))
            view.paint_later(option.rect)
            return
        if pm is None:
            pm = QPixmap(round(size.width() * dpr), round(size.height() * dpr))
            pm.setDevicePixelRatio(dpr)
            pm.fill(Qt.GlobalColor.transparent)
            q = QPainter(pm)
            q.setFont(painter.font())
            self._paint_cell(q, QRectF(0, 0, size.width(), size.height()), option.font, piece, view, focus, lifted)
            q.end()
            if len(view.cells) > 400:
                view.cells.clear()
                view.cells_any_size.clear()
            view.cells[key] = pm
            view.cells_any_size[key[:1] + key[3:]] = pm
        painter.drawPixmap(option.rect.topLeft(), pm)

    def _paint_cell(
        self, painter: QPainter, rect: QRectF, font: QFont, piece: SupplyPiece, view, focus, lifted
    ) -> None:
        lay = view.layout_of(piece, rect, font)
        sold_out = piece.left <= 0
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        in_hand = view.in_hand() == (piece.type, piece.size)
        _paint_slot(painter, lay.slot, piece, in_hand)
        if sold_out:
            painter.setOpacity(0.4)
        pm = view.picture(piece, lay, grey=piece.closed or sold_out)
        _paint_piece(painter, lay, pm, lifted, faint=in_hand)
        if piece.closed:
            _paint_lock(painter, lay.piece)
        _paint_badge(painter, lay, piece)
        _paint_name(painter, lay, piece)
        painter.setOpacity(1.0)
        if piece.buildable:
            _paint_check(painter, lay.slot)
        if focus:  # the keyboard's current piece
            pen = QPen(S.PANEL_TEXT, 1.2, Qt.PenStyle.DotLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(lay.slot.adjusted(-0.5, -0.5, 0.5, 0.5), 5, 5)
        painter.restore()


def _mix(a: QColor, b: QColor, t: float) -> QColor:
    return QColor.fromRgbF(
        a.redF() + (b.redF() - a.redF()) * t,
        a.greenF() + (b.greenF() - a.greenF()) * t,
        a.blueF() + (b.blueF() - a.blueF()) * t,
    )


def _paint_slot(p: QPainter, slot: QRectF, piece: SupplyPiece, in_hand: bool) -> None:
    """The piece's place: lit for a piece you can build now, dim otherwise; the
    piece in hand's edged in the selection colour."""
    if piece.buildable:  # lit: a green-tinted slot with a green edge, in either scheme
        ground, edge = _mix(S.PANEL, S.LEGAL, 0.16), QPen(S.LEGAL, 1.6)
    else:
        ground, edge = _mix(S.PANEL, S.TABLE, 0.6), QPen(_mix(S.PANEL_EDGE, S.TABLE, 0.6), 1.0)
    if in_hand:
        ground, edge = _mix(S.PANEL, S.SELECT, 0.18), QPen(S.SELECT, 2.2)
    p.setPen(edge)
    p.setBrush(ground)
    p.drawRoundedRect(slot, 5, 5)


def _paint_piece(p: QPainter, lay: CellLayout, pm: QPixmap, lifted: bool, faint: bool) -> None:
    """The piece in its box; lifted: raised, a little larger, over a soft shadow."""
    box = lay.piece
    dpr = pm.devicePixelRatio() or 1.0
    side = pm.width() / dpr
    target = QRectF(box.center().x() - side / 2, box.center().y() - side / 2, side, side)
    if lifted:
        grow = 1.08
        target = QRectF(
            box.center().x() - side * grow / 2,
            box.center().y() - side * grow / 2 - 2,
            side * grow,
            side * grow,
        )
        _paint_shadow(p, lay)
    if faint:  # in hand: it is over the board
        p.save()
        p.setOpacity(p.opacity() * 0.45)
    p.drawPixmap(target, pm, QRectF(pm.rect()))
    if faint:
        p.restore()


def _paint_shadow(p: QPainter, lay: CellLayout) -> None:
    """A soft shadow under a lifted piece, where it lay: a few rounded rects, each fainter and wider."""
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    centre = lay.piece.center() + QPointF(1.0, 2.0)
    wall = 1 - 2 * S.BUILDING_INSET / S.CELL  # the piece stands inside its lots
    w = lay.dims[0] * lay.lot * wall
    h = lay.dims[1] * lay.lot * wall
    for k, alpha in ((2.5, 16), (1.5, 24), (0.5, 36)):
        c = QColor(0, 0, 0, alpha)
        p.setBrush(c)
        p.drawRoundedRect(QRectF(centre.x() - w / 2 - k, centre.y() - h / 2 - k, w + 2 * k, h + 2 * k), 4 + k, 4 + k)
    p.restore()


def _paint_lock(p: QPainter, box: QRectF) -> None:
    """A small padlock at the piece's lower right: closed until City Hall is built."""
    s = max(9.0, min(14.0, box.height() * 0.5))
    r = QRectF(box.center().x() + min(box.width(), box.height() * 3) * 0.25, box.bottom() - s, s * 0.8, s)
    r.moveRight(min(r.right(), box.right()))
    body = QRectF(r.left(), r.top() + r.height() * 0.42, r.width(), r.height() * 0.58)
    shackle = QPainterPath()
    arc = QRectF(r.left() + r.width() * 0.2, r.top(), r.width() * 0.6, r.height() * 0.7)
    shackle.moveTo(arc.left(), body.top())
    shackle.arcTo(arc, 180, -180)
    shackle.lineTo(arc.right(), body.top())
    p.save()
    p.setOpacity(1.0)
    p.setPen(QPen(S.PANEL, 3.2))
    p.drawPath(shackle)
    p.setPen(QPen(S.PANEL_TEXT, 1.4))
    p.drawPath(shackle)
    p.setPen(QPen(S.PANEL, 1.0))
    p.setBrush(S.PANEL_TEXT)
    p.drawRoundedRect(body, 1.5, 1.5)
    p.restore()


def _paint_badge(p: QPainter, lay: CellLayout, piece: SupplyPiece) -> None:
    """The number left on a round badge, the base points under it."""
    p.setFont(lay.small_font)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(S.ILLEGAL if piece.left <= 0 else S.NUMBER_TEXT)
    radius = lay.badge.height() / 2
    p.drawRoundedRect(lay.badge, radius, radius)
    p.setPen(QColor("white") if piece.left <= 0 else S.TABLE)
    p.drawText(lay.badge, Qt.AlignmentFlag.AlignCenter, str(piece.left))
    text = points_text(piece)
    if text:
        p.setPen(QColor(S.scheme().muted_text))
        p.drawText(lay.points, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, text)


def _paint_name(p: QPainter, lay: CellLayout, piece: SupplyPiece) -> None:
    p.setFont(lay.name_font)
    dim = piece.closed or piece.left <= 0
    p.setPen(QColor(S.scheme().muted_text) if dim else S.PANEL_TEXT)
    lh = QFontMetricsF(lay.name_font).height()
    top = lay.name.top() + (lay.name.height() - len(lay.lines) * lh) / 2
    for i, line in enumerate(lay.lines):
        r = QRectF(lay.name.left(), top + i * lh, lay.name.width(), lh)
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, line)


def _paint_check(p: QPainter, slot: QRectF) -> None:
    """A check mark in a green disc in the slot's top-left corner: you can build this now."""
    side = 12.0
    disc = QRectF(slot.left() + 2, slot.top() + 2, side, side)
    p.setPen(QPen(S.PANEL, 1.2))
    p.setBrush(S.LEGAL)
    p.drawEllipse(disc)
    p.setPen(QPen(QColor("white"), 1.7, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    k = side / 12
    p.drawPolyline(
        [
            QPointF(disc.left() + 3 * k, disc.center().y()),
            QPointF(disc.left() + 5.2 * k, disc.bottom() - 3.3 * k),
            QPointF(disc.right() - 2.8 * k, disc.top() + 3.4 * k),
        ]
    )


class SupplyTray(BoardDragMixin, QListView):
    """The Supply: the pieces left, as a tray (see the module text). A click or
    Enter picks a piece up (``buildingChosen``); a closed piece refuses with
    its reason (``refused``, and a tooltip at the piece)."""

    buildingChosen = Signal(str, int)
    # why a piece cannot be picked up (closed until City Hall is built)
    refused = Signal(str)

    def __init__(self, controller, parent=None):
        super().__init__(parent)
        self.setObjectName("SupplyView")
        self.ctrl = controller
        self.setModel(controller.supply_model)
        self.setModelColumn(0)
        self.setViewMode(QListView.ViewMode.ListMode)
        self.setFlow(QListView.Flow.LeftToRight)
        self.setWrapping(True)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setMovement(QListView.Movement.Static)
        self.setUniformItemSizes(True)
        self.setSpacing(0)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # pieces are dragged onto the board by BoardDrag (the piece itself, turnable on the way)
        self.setDragEnabled(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setMouseTracking(True)  # the piece under the pointer is lifted
        self.setItemDelegate(PieceDelegate(self))
        self._cell = QSize(100, COMFY_CELL_H)
        self._room = 1  # the lines the names take (the most any takes)
        self._pictures: dict[tuple, QPixmap] = {}
        #: each cell's picture by what it shows (PieceDelegate.paint), and the last at any size
        self.cells: dict[tuple, QPixmap] = {}
        self.cells_any_size: dict[tuple, QPixmap] = {}
        #: seconds of new cells' pictures a paint makes (CELL_BUDGET, LOCAL_CELL_BUDGET), the rest
        #: scaled from another size and painted after a rest (None: all at once)
        self.cell_budget: float | None = None
        self._paint_began = 0.0
        self._later = QRect()  # the cells to paint again with their own pictures
        self._in_hand: tuple[str, int] | None = None
        self._board = None  # the BoardInteraction whose piece in hand is marked
        self._hover = -1  # the row under the pointer (lifted)
        self.clicked.connect(self._chosen)
        self.activated.connect(self._chosen)
        # Tab leaves the tray (the arrow keys move within it)
        self.setTabKeyNavigation(False)
        self.setAccessibleName(translate("Panels", "Supply"))
        self.setAccessibleDescription(
            translate(
                "Panels", "Pieces left to build. Up and Down choose a piece, Enter picks it up to place on the board."
            )
        )
        model = self.model()
        model.modelReset.connect(self._fit)
        model.rowsInserted.connect(self._fit)
        model.rowsRemoved.connect(self._fit)

    # -- choosing
    def _chosen(self, index: QModelIndex) -> None:
        reason = index.data(ReasonRole)
        if reason:
            QToolTip.showText(self.viewport().mapToGlobal(self.visualRect(index).center()), reason, self)
            self.refused.emit(reason)
            return
        info = index.data(BuildingRole)
        if info:
            self.buildingChosen.emit(info[0], info[1])

    def follow(self, board) -> None:
        """Mark the piece in hand of `board` (a BoardInteraction) while it is held."""
        self._board = board
        board.modeChanged.connect(self._hand_changed)
        self._hand_changed()

    def _hand_changed(self, *_mode) -> None:
        tool = self._board.tool if self._board is not None else None
        held = (tool.btype, tool.size) if isinstance(tool, BuildingTool) else None
        if held != self._in_hand:
            self._in_hand = held
            self.viewport().update()

    def in_hand(self) -> tuple[str, int] | None:
        """The piece the board holds (type, size), or None."""
        return self._in_hand

    # -- the piece under the pointer
    def hovered_row(self) -> int:
        """The row of the piece under the pointer (drawn lifted), or -1."""
        return self._hover

    def _set_hover(self, index: QModelIndex) -> None:
        row = index.row() if index.isValid() else -1
        if row != self._hover:
            self._hover = row
            self.viewport().update()

    def mouseMoveEvent(self, event) -> None:
        self._set_hover(self.indexAt(event.position().toPoint()))
        super().mouseMoveEvent(event)

    def leaveEvent(self, event) -> None:
        self._set_hover(QModelIndex())
        super().leaveEvent(event)

    # -- the pictures
    def rules_digest(self) -> str:
        """What the pieces' pictures are drawn for: the rules (their shapes) and the colour scheme."""
        rules = self._rules()
        return f"{rules.digest if rules is not None else ''}/{S.scheme().name}"

    def lines(self) -> int:
        """The lines the pieces' names take (the most any takes)."""
        return self._room

    def _rules(self):
        view = self.ctrl.session.view()
        return view.rules if view is not None else None

    def layout_of(self, piece: SupplyPiece, rect: QRectF | None = None, font: QFont | None = None) -> CellLayout:
        """Where `piece`'s cell paints what, in `rect` (its cell, by default the first's size)."""
        if rect is None:
            rect = QRectF(0, 0, self._cell.width(), self._cell.height())
        dims = piece_dims(piece_cells(self._rules(), piece.type, piece.size))
        return cell_layout(rect, piece, font or self.font(), dims, self._room)

    def picture(self, piece: SupplyPiece, lay: CellLayout, grey: bool) -> QPixmap:
        """The piece at the cell's scale (kept until the scale, scheme or rules change)."""
        rules = self._rules()
        w, h = piece_dims(piece_cells(rules, piece.type, piece.size))
        side = max(4, round(lay.lot * max(w, h)))
        dpr = max(1.0, self.devicePixelRatioF())
        key = (piece.type, piece.size, side, dpr, grey, S.scheme().name, rules.digest if rules else "")
        pm = self._pictures.get(key)
        if pm is None:
            pm = piece_pixmap(rules, piece.type, piece.size, side, dpr)
            if grey:
                pm = _greyed(pm)
            if len(self._pictures) > 200:
                self._pictures.clear()
            self._pictures[key] = pm
        return pm

    # -- the keyboard: one piece after the other, in order
    def moveCursor(self, action, modifiers):
        A = QAbstractItemView.CursorAction
        step = {
            A.MoveRight: 1,
            A.MoveDown: 1,
            A.MoveNext: 1,
            A.MoveLeft: -1,
            A.MoveUp: -1,
            A.MovePrevious: -1,
        }.get(action)
        model = self.model()
        n = model.rowCount() if model is not None else 0
        if step is None or not n:
            return super().moveCursor(action, modifiers)
        row = self.currentIndex().row()
        r = row + step if row >= 0 else 0
        while 0 <= r < n and not (model.flags(model.index(r, 0)) & Qt.ItemFlag.ItemIsEnabled):
            r += step
        return model.index(r, 0) if 0 <= r < n else self.currentIndex()

    # -- size
    def columns_for(self, width: int) -> int:
        """Pieces in a row at `width` px: two in a narrow column, more where each would be wider than MAX_CELL_W."""
        return max(1, min(max(2, math.ceil(width / MAX_CELL_W)), width // MIN_CELL_W))

    def cell_size(self) -> QSize:
        return QSize(self._cell)

    def _fit(self, *_args) -> None:
        """Cells for the tray's width and height: every piece in sight when the
        height allows MIN_CELL_H a row, else they scroll (vertically only)."""
        model = self.model()
        n = max(1, model.rowCount() if model is not None else 0)
        width = self.viewport().width()
        cols = self.columns_for(width)
        rows = -(-n // cols)
        room = self.maximumViewportSize().height()
        fits = rows * MIN_CELL_H <= room
        policy = Qt.ScrollBarPolicy.ScrollBarAlwaysOff if fits else Qt.ScrollBarPolicy.ScrollBarAsNeeded
        relayout = self.verticalScrollBarPolicy() != policy
        if relayout:
            self.setVerticalScrollBarPolicy(policy)
            width = self.viewport().width()
            cols = self.columns_for(width)
            rows = -(-n // cols)
        h = max(MIN_CELL_H, min(MAX_CELL_H, room // rows))
        # the list wraps a row that reaches its right edge: a pixel to spare
        cell = QSize(max(40, (width - 1) // cols), h)
        rect = QRectF(0, 0, cell.width(), cell.height())
        labels = [model.index(r, 0).data(PieceRole).label for r in range(model.rowCount())] if model else []
        self._room = max((name_lines(label, rect, self.font()) for label in labels), default=1)
        if cell != self._cell or relayout:
            self._cell = cell
            self.scheduleDelayedItemsLayout()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit()

    def rows_height(self, width: int = 220, cell_h: int = COMFY_CELL_H) -> int:
        """The height that shows every piece at `width` px in cells `cell_h` px tall."""
        model = self.model()
        n = max(1, model.rowCount() if model is not None else 0)
        return -(-n // self.columns_for(width)) * cell_h + 2 * self.frameWidth()

    def sizeHint(self) -> QSize:
        return QSize(220, self.rows_height())

    def minimumSizeHint(self) -> QSize:
        return QSize(2 * MIN_CELL_W + 2 * self.frameWidth(), 2 * MIN_CELL_H)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (event.Type.PaletteChange, event.Type.StyleChange):
            self._pictures.clear()
            self.cells.clear()
            self.cells_any_size.clear()

    def over_budget(self) -> bool:
        """This paint has spent its budget of new cells' pictures (`cell_budget`)."""
        budget = self.cell_budget
        return budget is not None and time.perf_counter() - self._paint_began > budget

    def paint_later(self, rect: QRect) -> None:
        """Paint the cell at `rect` again after a rest (scene/city_scene.py's pictures likewise)."""
        if self._later.isEmpty():
            QTimer.singleShot(CELLS_REST_MS, self, self._paint_again)
        self._later = self._later.united(rect)

    def _paint_again(self) -> None:
        rect, self._later = self._later, QRect()
        self.viewport().update(rect)

    def paintEvent(self, event) -> None:
        self._paint_began = time.perf_counter()
        self.cell_budget = CELL_BUDGET if self.ctrl.session.traits.leaves else LOCAL_CELL_BUDGET
        # the tray's ground: the board's table, in either scheme
        p = QPainter(self.viewport())
        p.fillRect(self.viewport().rect(), S.TABLE)
        p.end()
        super().paintEvent(event)
