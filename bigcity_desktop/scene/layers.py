"""The board's layers: the items that paint one layer each, and what the
board itself paints (tiles, streets and lots; the heat map; the streetcars;
the board cursor; the score bubble beside a building's ghost).

The functions paint in plan coordinates unless told otherwise, for the
scene (:mod:`.city_scene`) that calls them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem

from bigcity_desktop.engine.city import footprint, street_vertices
from bigcity_desktop.engine.geometry import Cell
from bigcity_desktop.i18n import translate

from . import style as S
from .style import CELL
from .targets import Mode
from .tools import cell_rect, street_line

if TYPE_CHECKING:
    from .city_scene import CityScene


class Layer(QGraphicsItem):
    """An item that paints one layer of the board with a callback."""

    def __init__(self, paint_fn: Callable[[QPainter], None], z: float, ignore_transform: bool = False):
        super().__init__()
        self._fn = paint_fn
        self._rect = QRectF()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        if ignore_transform:
            self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)

    def set_rect(self, r: QRectF) -> None:
        if r != self._rect:
            self.prepareGeometryChange()
            self._rect = QRectF(r)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter, option, widget=None):
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        self._fn(painter)


def paint_base(scene: CityScene, p: QPainter) -> None:
    """The base layer: the city's plates and streets, by the projection's painter."""
    if scene.city is not None:
        scene.painter.paint_base(p, scene.city)


def paint_numbers(scene: CityScene, p: QPainter) -> None:
    """The lots' numbers, by the projection's painter."""
    if scene.city is not None:
        scene.painter.paint_numbers(p, scene.city)


def paint_hints(scene: CityScene, p: QPainter) -> None:
    """The piece in hand's hints (its legal spots)."""
    tool = scene.interaction.tool
    if tool is not None:
        tool.paint_hints(p)


def paint_ghost(scene: CityScene, p: QPainter) -> None:
    """The piece in hand, or settling into its lot, as a ghost."""
    tool = scene.interaction.tool or scene.interaction.lift.settling  # in hand, or settling into its lot
    if tool is None:
        return
    scene.painter.paint_ghost_under(p)
    tool.paint_ghost(p)
    scene.painter.paint_ghost_over(p)


def paint_lots(scene: CityScene, p: QPainter, holes: bool) -> None:
    """Tiles, streets and lots in plan coordinates (the plates' tops in the city view)."""
    city = scene.city
    assert city is not None
    # tiles: asphalt under the lots, the streets show between them
    p.setPen(QPen(S.STREET_EDGE, 1.5))
    p.setBrush(S.STREET)
    for t in city.tiles:
        if not scene.tile_shown(t.number):
            continue
        w, h = footprint(scene.rules, t.number, t.rotation)
        r = QRectF(t.x * CELL, t.y * CELL, w * CELL, h * CELL)
        if scene.exposed(scene.projection.map_rect(r)):
            p.drawRoundedRect(r, 3, 3)
    # enclosed holes: city centre without property
    for c in scene.holes if holes else ():
        r = cell_rect(c, 1)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(S.STREET)
        p.drawRect(cell_rect(c, -S.LOT_INSET))
        p.setBrush(S.HOLE)
        p.drawRoundedRect(cell_rect(c, S.LOT_INSET), 4, 4)
        hatch = QBrush(S.HOLE_HATCH, Qt.BrushStyle.BDiagPattern)
        p.setBrush(hatch)
        p.drawRoundedRect(cell_rect(c, S.LOT_INSET), 4, 4)
        f = QFont(p.font())
        f.setPixelSize(10)
        f.setItalic(True)
        p.setFont(f)
        p.setPen(S.HOLE_TEXT)
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, translate("CityScene", "centre"))
    # lots: sage in the outskirts, sand in the city centre
    p.setPen(QPen(QColor(0, 0, 0, 40), 1))
    for prop, c in city.cell_of.items():
        if not scene.cell_exposed(c):
            continue
        p.setBrush(S.OUTSKIRTS if prop in city.outskirts else S.CENTRE)
        p.drawRoundedRect(cell_rect(c, S.LOT_INSET), 4, 4)
    scene.painter.paint_paving(p, city)
    # a few dashes along the middle of the streets inside each tile
    dash = QPen(QColor(255, 255, 255, 110), 1.2, Qt.PenStyle.DashLine)
    dash.setDashPattern([3, 4])
    p.setPen(dash)
    for x, y in city.prop_at:
        if not scene.cell_exposed((x, y), CELL / 2):
            continue
        if (x + 1, y) in city.prop_at:
            p.drawLine(QPointF((x + 1) * CELL, y * CELL + 8), QPointF((x + 1) * CELL, (y + 1) * CELL - 8))
        if (x, y + 1) in city.prop_at:
            p.drawLine(QPointF(x * CELL + 8, (y + 1) * CELL), QPointF((x + 1) * CELL - 8, (y + 1) * CELL))


def paint_heat(
    scene: CityScene, p: QPainter, heatmap: dict[Cell, QColor], labels: dict[Cell, str], best: list[Cell]
) -> None:
    """The heat map: its colours under the buildings, its labels, the outline of the best spot."""
    if not heatmap:
        return
    p.setPen(Qt.PenStyle.NoPen)
    for c, col in heatmap.items():
        if not scene.cell_exposed(c):
            continue
        p.setBrush(col)
        p.drawRoundedRect(cell_rect(c, S.LOT_INSET + 1), 4, 4)
    if labels:
        f = QFont(p.font())
        f.setPixelSize(17)
        f.setBold(True)
        p.setFont(f)
        scene.painter.paint_heat_labels(p, labels, heatmap)
    if best:
        pen = QPen(QColor("#3b1d00"), 3.5, Qt.PenStyle.DashLine)
        pen.setDashPattern([3, 2])
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(S.cells_path(best, S.LOT_INSET - 1.5, 6))


def paint_cars(scene: CityScene, p: QPainter) -> None:
    """The streetcar line: its streets, rails and stops."""
    city = scene.city
    if city is None or not city.streetcars:
        return
    if not any(scene.cell_exposed(c, CELL / 4) for s in city.streetcars for c in s):
        return
    outer = QPen(S.STREETCAR_EDGE, 12, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
    inner = QPen(S.STREETCAR, 8, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
    rails = QPen(S.STREETCAR_RAILS, 1.4, Qt.PenStyle.DashLine)
    rails.setDashPattern([2, 3])
    lines = [street_line(s) for s in city.streetcars]
    for pen in (outer, inner):
        p.setPen(pen)
        for a, b in lines:
            p.drawLine(a, b)
    p.setPen(rails)
    for a, b in lines:
        p.drawLine(a, b)
    p.setPen(QPen(S.STREETCAR_EDGE, 1.5))
    p.setBrush(QColor("#fff6ea"))
    verts = {v for s in city.streetcars for v in street_vertices(s)}
    for i, j in verts:
        p.drawEllipse(QPointF(i * CELL, j * CELL), 3.2, 3.2)


def paint_cursor(scene: CityScene, p: QPainter) -> None:
    """The board cursor: a ring on its lot, or a line along its street."""
    board = scene.interaction
    if not board.cursor_shown or scene.city is None:
        return
    street = board.cursor_street()
    for colour, width in ((QColor(255, 255, 255, 230), 7.0), (S.CURSOR, 3.5)):
        pen = QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        if street is not None:
            a, b = street_line(street)
            p.drawLine(a, b)
        else:
            p.drawRoundedRect(board.cursor_rect().adjusted(1.5, 1.5, -1.5, -1.5), 7, 7)


def paint_bubble(scene: CityScene, p: QPainter, r: QRectF) -> None:
    """The score bubble's box and text (screen coordinates: the layer ignores the view's transform)."""
    board = scene.interaction
    text = board.hover_text
    if not text or board.mode != Mode.BUILDING:
        return
    f = QFont(p.font())
    f.setPixelSize(12)
    p.setFont(f)
    ok = board.last_judgement is not None and board.last_judgement.legal
    p.setPen(QPen(S.LEGAL.darker(130) if ok else S.ILLEGAL.darker(120), 1.5))
    p.setBrush(S.panel_colour(240))
    p.drawRoundedRect(r.adjusted(1, 1, -1, -1), 6, 6)
    p.setPen(S.PANEL_TEXT)
    flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap
    p.drawText(r.adjusted(8, 6, -8, -6), int(flags), text)


def place_bubble(scene: CityScene, bubble: Layer) -> None:
    """Size and place the score bubble beside the building ghost."""
    board = scene.interaction
    cells = board.tool.bubble_cells() if board.tool is not None else []
    if not board.hover_text or not cells:
        bubble.set_rect(QRectF())
        return
    f = QFont(scene.font())
    f.setPixelSize(12)
    fm = QFontMetricsF(f)
    lines = board.hover_text.split("\n")
    # at most 420 px wide, and never wider than the board on screen
    widest = 420.0
    for view in scene.views():
        widest = max(160.0, min(widest, view.viewport().width() - 12.0))
    w = min(widest, max(fm.horizontalAdvance(ln) for ln in lines) + 18)
    h = fm.lineSpacing() * len(lines) + 14
    if w >= widest:  # long reasons wrap
        br = fm.boundingRect(QRectF(0, 0, w - 16, 2000), int(Qt.TextFlag.TextWordWrap), board.hover_text)
        h = br.height() + 14
    bubble.set_rect(QRectF(0, 0, w, h))
    tool = board.tool
    off = tool.free_offset() if tool is not None else QPointF()
    corners = [
        scene.to_scene(x * CELL + off.x(), y * CELL + off.y())
        for cx, cy in cells
        for x in (cx, cx + 1)
        for y in (cy, cy + 1)
    ]
    pointer = tool.mouse if tool is not None else None
    for view in scene.views():
        vp = QRectF(view.viewport().rect())
        # the ghost's lots on screen, and the pointer: the bubble keeps off them
        pts = [QPointF(view.mapFromScene(q)) for q in corners]
        if pointer is not None:
            at = QPointF(view.mapFromScene(scene.to_scene(pointer.x(), pointer.y())))
            pts += [at - QPointF(2, 2), at + QPointF(2, 2)]
        xs, ys = [q.x() for q in pts], [q.y() for q in pts]
        avoid = QRectF(QPointF(min(xs), min(ys)), QPointF(max(xs), max(ys)))
        bubble.setPos(view.mapToScene(bubble_spot(avoid.adjusted(-6, -6, 6, 6), w, h, vp).toPoint()))
        return
    # no view: below and right of the cells
    bubble.setPos(scene.painter.bubble_anchor(corners))


def bubble_spot(avoid: QRectF, w: float, h: float, vp: QRectF) -> QPointF:
    """Where a `w` x `h` bubble goes in the viewport `vp`: beside the
    rectangle `avoid` (the ghost's lots and the pointer), never over it; to the
    right, else the left, below, above, whichever side has room (the one with
    most room when none has enough)."""
    gap = 4.0

    def clamp(v: float, lo: float, hi: float) -> float:
        return max(lo, min(v, hi))

    y_mid = clamp(avoid.center().y() - h / 2, vp.top(), vp.bottom() - h)
    x_mid = clamp(avoid.center().x() - w / 2, vp.left(), vp.right() - w)
    sides = [  # (room on that side, the bubble's top-left there)
        (vp.right() - avoid.right() - gap - w, QPointF(avoid.right() + gap, y_mid)),
        (avoid.left() - gap - w - vp.left(), QPointF(avoid.left() - gap - w, y_mid)),
        (vp.bottom() - avoid.bottom() - gap - h, QPointF(x_mid, avoid.bottom() + gap)),
        (avoid.top() - gap - h - vp.top(), QPointF(x_mid, avoid.top() - gap - h)),
    ]
    for room, at in sides:
        if room >= 0:
            return at
    _room, at = max(sides, key=lambda s: s[0])
    return QPointF(clamp(at.x(), vp.left(), vp.right() - w), clamp(at.y(), vp.top(), vp.bottom() - h))
