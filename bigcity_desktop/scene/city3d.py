"""Painting the city view: the neighborhoods as raised cardboard plates, the
buildings as small models (scene/models3d.py), in depth order for the
camera's rotation, and the score discs above them.

The geometry of every building is worked out once per city, camera turn and
owner colours (:class:`CityModels`), so a redraw only replays polygons.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

from bigcity_desktop.engine.city import City, footprint

from . import style as S
from .models3d import Face, Piece, building_geometry, depth_order
from .projection import KZ, PLATE, Projection
from .style import CELL

Cell = tuple[int, int]

TABLE_SHADOW = QColor(60, 45, 20, 40)
SHADOW = QColor(50, 40, 20, 46)  # a building's shadow on its plate


def shadow_of(piece: Piece, proj: Projection) -> QPolygonF:
    """The shadow a piece casts on the plate: its footprint stretched away
    from the light (to the camera's right, whatever the turn)."""
    x0, y0, x1, y1 = piece.rect
    a, b, c, d = _turns(proj)
    # the camera's (0.55, 0.25) direction in plan coordinates (turns are orthogonal)
    length = piece.top * 0.55
    dx = (a * 0.9 + c * 0.25) * length
    dy = (b * 0.9 + d * 0.25) * length
    pts = []
    for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)):
        pts.append(proj.to_scene(x, y))
        pts.append(proj.to_scene(x + dx, y + dy))
    return _hull(pts)


def _turns(proj: Projection) -> tuple[int, int, int, int]:
    # the rotation matrix of the camera: rotated(1, 0) and rotated(0, 1)
    a, c = proj.rotated(1, 0)
    b, d = proj.rotated(0, 1)
    return int(a), int(b), int(c), int(d)


@dataclass
class BuildingModel:
    key: tuple  # (type, properties)
    btype: str
    cells: list[Cell]
    pieces: list[Piece]
    owner: QColor | None
    score: int | None
    hull: QPolygonF  # the outline on screen, for picking
    seat: int | None = None  # the owner's seat (their marker: the cue besides colour)


def _hull(points: list[QPointF]) -> QPolygonF:
    pts = sorted({(p.x(), p.y()) for p in points})
    if len(pts) < 3:
        return QPolygonF([QPointF(x, y) for x, y in pts])

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[tuple[float, float]] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return QPolygonF([QPointF(x, y) for x, y in lower[:-1] + upper[:-1]])


def _face_points(f: Face) -> list[QPointF]:
    if f.ellipse is not None:
        r = f.ellipse
        return [r.topLeft(), r.topRight(), r.bottomLeft(), r.bottomRight()]
    return list(f.poly.toList())


# the models of buildings already seen: a move adds one building, the others
# are not worked out again (cleared by clear_cache(), e.g. when the palette changes)
_CACHE: dict[tuple, tuple[list[Piece], QPolygonF]] = {}
_CACHE_LIMIT = 4000


def clear_cache() -> None:
    _CACHE.clear()


def _geometry(btype: str, cells: list[Cell], proj: Projection, owner: QColor | None) -> tuple[list[Piece], QPolygonF]:
    key = (btype, tuple(cells), owner.rgba() if owner is not None else None, proj)
    got = _CACHE.get(key)
    if got is None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        pieces = building_geometry(btype, cells, proj, owner)
        pts = [pt for pc in pieces for f in pc.faces for pt in _face_points(f)]
        got = _CACHE[key] = (pieces, _hull(pts))
    return got


def _apart(discs: list[tuple[tuple, QRectF, QPointF, str]]) -> list[tuple[tuple, QRectF, QPointF, str]]:
    """The score discs moved up on their stalks until no two overlap (issue
    25.7: neighbours' discs covered each other). The discs nearest the camera
    keep their place; those behind rise above them."""
    gap = 2.0
    placed: list[tuple[tuple, QRectF, QPointF, str]] = []
    for key, r, at, text in sorted(discs, key=lambda d: (-d[2].y(), d[2].x())):
        r = QRectF(r)
        for _ in range(len(discs) + 1):
            hit = [q for _, q, _, _ in placed if q.adjusted(-gap, -gap, gap, gap).intersects(r)]
            if not hit:
                break
            r.moveBottom(min(q.top() for q in hit) - gap)
        placed.append((key, r, at, text))
    return placed


def _plates(city: City, proj: Projection) -> QPainterPath:
    """The tops of the city's neighborhoods' plates, on the screen."""
    plates = QPainterPath()
    plates.setFillRule(Qt.FillRule.WindingFill)
    g = proj.ground(PLATE)
    for t in city.tiles:
        w, h = footprint(city.rules, t.number, t.rotation)
        plates.addPolygon(g.map(QPolygonF(QRectF(t.x * CELL, t.y * CELL, w * CELL, h * CELL))))
    return plates


class CityModels:
    """The buildings of one city as seen through one projection, in paint order."""

    def __init__(
        self,
        city: City,
        proj: Projection,
        owner_colours: dict[int, QColor],
        show_scores: bool,
        before: CityModels | None = None,
    ) -> None:
        """`before`: the models of the city shown before; its buildings that did not change
        (the same place, owner and score, on the same neighborhoods) are taken over as they
        are, and only the new ones are built (a move changes one building; issue 45.6)."""
        self.proj = proj
        self.tiles = frozenset((t.number, t.x, t.y, t.rotation) for t in city.tiles)
        if before is not None and (before.proj != proj or before.tiles != self.tiles):
            before = None
        # the tops of the plates: shadows fall there, not in the air beyond an edge
        self.plates: QPainterPath = before.plates if before is not None else _plates(city, proj)
        self.buildings: dict[tuple, BuildingModel] = {}
        self.order: list[tuple[tuple, int]] = []  # (building key, piece index)
        self.bounds_of: dict[tuple[tuple, int], QRectF] = {}
        self.shadows: dict[tuple[tuple, int], QPainterPath] = {}
        rects = []
        slots = []
        for b in city.buildings:
            key = (b.type, tuple(b.properties))
            m = self.buildings[key] = self._model(city, b, key, owner_colours, show_scores, before)
            for i, pc in enumerate(m.pieces):
                rects.append(pc.rect)
                slots.append((key, i))
        self.order = [slots[i] for i in depth_order(rects, proj)]
        self._discs: list[tuple[tuple, QRectF, QPointF, str]] | None = None
        for key, m in self.buildings.items():
            for i, pc in enumerate(m.pieces):
                if before is not None and before.buildings.get(key) is m:  # taken over: its shadows too
                    self.shadows[(key, i)] = before.shadows[(key, i)]
                    self.bounds_of[(key, i)] = before.bounds_of[(key, i)]
                    continue
                pts = [pt for f in pc.faces for pt in _face_points(f)]
                shade = QPainterPath()
                shade.addPolygon(shadow_of(pc, proj))
                self.shadows[(key, i)] = shade.intersected(self.plates)  # on the plates only
                box = QPolygonF(pts).boundingRect().united(self.shadows[(key, i)].boundingRect())
                self.bounds_of[(key, i)] = box.adjusted(-2, -2, 2, 2)

    def _model(
        self,
        city: City,
        b,
        key: tuple,
        owner_colours: dict[int, QColor],
        show_scores: bool,
        before: CityModels | None,
    ) -> BuildingModel:
        """The model of the building `b`: `before`'s where it has it as it looks now, else a new one."""
        owner = owner_colours.get(b.owner) if b.owner is not None else None
        score = b.score if (show_scores and b.breakdown is not None) else None
        old = before.buildings.get(key) if before is not None else None
        if old is not None and (old.owner, old.score, old.seat) == (owner, score, b.owner):
            return old
        cells = [city.cell_of[q] for q in b.properties]
        pieces, hull = _geometry(b.type, cells, self.proj, owner)
        return BuildingModel(key, b.type, cells, pieces, owner, score, hull, b.owner)

    def bounds(self) -> QRectF:
        r = QRectF()
        for m in self.buildings.values():
            r = r.united(m.hull.boundingRect())
        return r

    def discs(self) -> list[tuple[tuple, QRectF, QPointF, str]]:
        """(building, disc, the roof point it floats above, text) of every scored building."""
        if self._discs is None:
            self._discs = []
            for key, m in self.buildings.items():
                if not m.score:
                    continue
                n = len(m.cells)
                cx = sum(c[0] + 0.5 for c in m.cells) / n
                cy = sum(c[1] + 0.5 for c in m.cells) / n
                at = self.proj.to_scene(cx * CELL, cy * CELL, PLATE + self.top_of(key))
                text = str(m.score)
                w = max(18.0, 8 + 7 * len(text))
                self._discs.append((key, QRectF(at.x() - w / 2, at.y() - 22 * KZ - 9, w, 18), at, text))
            self._discs = _apart(self._discs)
        return self._discs

    def markers(self) -> list[tuple[tuple, int, QColor, QPointF]]:
        """(building, owner's seat, owner's colour, point) of every owned
        building: the point is its footprint's corner nearest the camera, on
        the plate, where the owner's marker stands."""
        out = []
        for key, m in self.buildings.items():
            if m.seat is None or m.owner is None:
                continue
            corners = [
                self.proj.to_scene((x + dx) * CELL, (y + dy) * CELL, PLATE)
                for x, y in m.cells
                for dx in (0.2, 0.8)
                for dy in (0.2, 0.8)
            ]
            out.append((key, m.seat, m.owner, max(corners, key=lambda pt: (pt.y(), -pt.x()))))
        return out

    def top_of(self, key: tuple) -> float:
        m = self.buildings[key]
        return max((pc.top for pc in m.pieces), default=0.0)

    def paint(
        self,
        p: QPainter,
        grow: dict[tuple, float] | None = None,
        skip: set[tuple] | None = None,
        visible: Callable[[QRectF], bool] | None = None,
        from_first_grown: bool = False,
    ) -> None:
        """Every building, far to near. `grow` lowers the ones rising, `skip`
        leaves some out, `visible(scene_rect)` says which pieces need
        painting; `from_first_grown` starts at the first rising piece (its
        neighbours behind it are already drawn)."""
        skip = skip or set()
        rising = self._rising(grow or {})
        if not from_first_grown:
            self._paint_shadows(p, skip | set(rising), visible)
        else:  # only what overlaps the rising buildings on screen
            visible = self._near(rising, visible)
        self._paint_pieces(p, skip, rising, visible, from_first_grown)

    def _rising(self, grow: dict[tuple, float]) -> dict[tuple, list[Piece]]:
        """The pieces of the buildings rising, lowered by how far they have to go."""
        rising: dict[tuple, list[Piece]] = {}
        for key, t in grow.items():
            m = self.buildings.get(key)
            if m is not None:
                rising[key] = building_geometry(m.btype, m.cells, self.proj, m.owner, grow=max(0.02, t))
        return rising

    def _paint_shadows(self, p: QPainter, skip: set[tuple], visible: Callable[[QRectF], bool] | None) -> None:
        """The shadows first: they fall on the ground, never on a building."""
        p.setPen(_NO_PEN)
        p.setBrush(SHADOW)
        for key, i in self.order:
            if key in skip:
                continue
            if visible is None or visible(self.bounds_of[(key, i)]):
                p.drawPath(self.shadows[(key, i)])

    def _near(
        self, rising: dict[tuple, list[Piece]], outer: Callable[[QRectF], bool] | None
    ) -> Callable[[QRectF], bool]:
        """`outer` (None: everything) narrowed to what overlaps the rising buildings on screen."""
        area = QRectF()
        for (key, _i), r in self.bounds_of.items():
            if key in rising:
                area = area.united(r)

        def visible(r: QRectF) -> bool:
            return r.intersects(area) and (outer is None or outer(r))

        return visible

    def _paint_pieces(
        self,
        p: QPainter,
        skip: set[tuple],
        rising: dict[tuple, list[Piece]],
        visible: Callable[[QRectF], bool] | None,
        from_first_grown: bool,
    ) -> None:
        """The pieces far to near (from the first rising one with `from_first_grown`)."""
        started = not from_first_grown
        for key, i in self.order:
            if key in skip:
                continue
            if not started:
                if key not in rising:
                    continue
                started = True
            if visible is not None and key not in rising and not visible(self.bounds_of[(key, i)]):
                continue
            pieces = rising.get(key) or self.buildings[key].pieces
            paint_faces(p, pieces[i].faces)

    def building_at(self, pos: QPointF) -> BuildingModel | None:
        """The front-most building whose outline holds a scene point."""
        seen = set()
        for key, _ in reversed(self.order):
            if key in seen:
                continue
            seen.add(key)
            m = self.buildings[key]
            if m.hull.containsPoint(pos, Qt.FillRule.OddEvenFill):
                return m
        return None


_NO_PEN = QPen(Qt.PenStyle.NoPen)


def paint_faces(p: QPainter, faces: list[Face]) -> None:
    for f in faces:
        if f.edge is None:
            p.setPen(_NO_PEN)
        else:
            p.setPen(QPen(f.edge, 0.7))
        p.setBrush(f.fill)
        if f.ellipse is not None:
            p.drawEllipse(f.ellipse)
        else:
            p.drawPolygon(f.poly)


def paint_model(
    p: QPainter, proj: Projection, btype: str, cells: list[Cell], owner: QColor | None, alpha: int = 255
) -> None:
    """One building on its own (a ghost, a thumbnail), its pieces in depth order."""
    pieces = building_geometry(btype, cells, proj, owner, alpha=alpha)
    for i in depth_order([pc.rect for pc in pieces], proj):
        paint_faces(p, pieces[i].faces)


# ------------------------------------------------------------------ ground
def paint_ground(
    p: QPainter,
    city: City,
    rules,
    proj: Projection,
    holes: set[Cell],
    plan_lots: Callable,
    visible: Callable[[QRectF], bool] = lambda r: True,
    tile_shown: Callable[[int], bool] = lambda n: True,
) -> None:
    """The neighborhoods as raised plates: the table's shadow, the cut edges
    turned to the camera, then the tops with the lots and streets drawn by
    `plan_lots(painter)` in plan coordinates on the plates' height (only
    the neighborhoods `tile_shown(number)` says: one sliding into place is
    painted on its own)."""
    rects = []
    for t in city.tiles:
        if not tile_shown(t.number):
            continue
        w, h = footprint(rules, t.number, t.rotation)
        r = QRectF(t.x * CELL, t.y * CELL, w * CELL, h * CELL)
        if visible(proj.map_rect(r.adjusted(-2, -2, 6, 6), 0.0, PLATE)):
            rects.append(r)
    # holes: the table seen through the city, with a hatch
    if holes:
        p.save()
        p.setTransform(proj.ground(0.0), True)
        p.setPen(Qt.PenStyle.NoPen)
        for c in holes:
            r = QRectF(c[0] * CELL, c[1] * CELL, CELL, CELL)
            p.setBrush(S.HOLE)
            p.drawRect(r)
            p.setBrush(QBrush(S.HOLE_HATCH, Qt.BrushStyle.BDiagPattern))
            p.drawRect(r)
        p.restore()
    # a soft shadow of the plates on the table
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(TABLE_SHADOW)
    for r in rects:
        g = proj.ground(0.0)
        p.drawPolygon(g.map(QPolygonF(r.adjusted(3, 3, 5, 5))))
    # the cut edges of the plates facing the camera (every plate is as thick,
    # so all the edges first and then all the tops is a correct depth order)
    for r in rects:
        paint_plate_edges(p, proj, r, S.STREET)
    p.save()
    p.setTransform(proj.ground(PLATE), True)
    plan_lots(p)
    p.restore()


def paint_plate_edges(p: QPainter, proj: Projection, r: QRectF, colour: QColor) -> None:
    """The cut edges of a plate (plan rectangle `r`) that face the camera."""
    side_light = colour.darker(118)
    side_dark = colour.darker(140)
    corners = [(r.left(), r.top()), (r.right(), r.top()), (r.right(), r.bottom()), (r.left(), r.bottom())]
    for i in range(4):
        (ax, ay), (bx, by) = corners[i], corners[(i + 1) % 4]
        nx, ny = (by - ay), -(bx - ax)  # outward normal of a clockwise edge (plan y down)
        rx, ry = proj.rotated(nx, ny)
        if rx + ry <= 0:
            continue
        quad = QPolygonF(
            [proj.to_scene(ax, ay, 0.0), proj.to_scene(bx, by, 0.0), proj.to_scene(bx, by), proj.to_scene(ax, ay)]
        )
        col = side_light if ry > rx else side_dark
        col.setAlpha(colour.alpha())
        edge = col.darker(120)
        edge.setAlpha(colour.alpha())
        p.setPen(QPen(edge, 0.6))
        p.setBrush(col)
        p.drawPolygon(quad)


#: the lot numbers' height in the city view, in scene units, at a zoom where they need not grow
LOT_NUMBER_PX = 10
#: how much they may grow: a lot in the city view is wider than in the plan,
#: so more than the plan's NUMBER_GROW_MAX (9 px high down to a zoom of 0.43)
LOT_NUMBER_GROW_MAX = 2.1


def lot_number_px(zoom: float) -> float:
    """The lot numbers' pixel size in scene units at the board's `zoom`
    (screen pixels per scene unit): grown to NUMBER_SCREEN_PX on the screen."""
    return LOT_NUMBER_PX * min(LOT_NUMBER_GROW_MAX, max(1.0, S.NUMBER_SCREEN_PX / (LOT_NUMBER_PX * zoom)))


def paint_lot_numbers(
    p: QPainter, city: City, proj: Projection, visible: Callable[[Cell], bool] = lambda c: True
) -> None:
    """The numbers of the free lots, upright, in each lot's middle; as the
    plan's, at least NUMBER_SCREEN_PX high on the screen however far the
    board is zoomed out (up to LOT_NUMBER_GROW_MAX times their size)."""
    px = lot_number_px(abs(p.worldTransform().m11()) or 1.0)
    f = QFont(p.font())
    f.setPixelSize(math.ceil(px))
    f.setBold(True)
    p.setFont(f)
    back = S.panel_colour(150)
    grow = px / LOT_NUMBER_PX
    for prop, (x, y) in city.cell_of.items():
        if prop in city.building_at or not visible((x, y)):
            continue
        c = proj.to_scene((x + 0.5) * CELL, (y + 0.5) * CELL)
        r = QRectF(c.x() - 10 * grow, c.y() - 7 * grow, 20 * grow, 14 * grow)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(back)
        p.drawRoundedRect(r, 5, 5)
        p.setPen(S.PANEL_TEXT)
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, str(prop))


def paint_markers(
    p: QPainter,
    models: CityModels,
    visible: Callable[[QRectF], bool] = lambda r: True,
    skip: set[tuple] | None = None,
    size: float = 13.0,
) -> None:
    """Each owned building's owner marker (a shape per seat, as in the plan)
    at the front corner of its base plate."""
    for key, seat, colour, at in models.markers():
        r = QRectF(at.x() - size / 2, at.y() - size / 2, size, size)
        if (skip and key in skip) or not visible(r):
            continue
        S.paint_marker(p, seat, r, colour)


def paint_scores(
    p: QPainter,
    models: CityModels,
    proj: Projection,
    visible: Callable[[QRectF], bool] = lambda r: True,
    skip: set[tuple] | None = None,
) -> None:
    """Each scored building's score on a disc floating above its roof."""
    f = QFont(p.font())
    f.setPixelSize(11)
    f.setBold(True)
    p.setFont(f)
    edge = QColor(S.PANEL_EDGE)
    stalk = QColor(S.PANEL_EDGE)
    stalk.setAlpha(120)
    for key, r, at, text in models.discs():
        if (skip and key in skip) or not visible(r.united(QRectF(at, at)).adjusted(-2, -2, 2, 2)):
            continue
        p.setPen(QPen(stalk, 1))
        p.drawLine(QPointF(at.x(), r.bottom()), at)
        p.setPen(QPen(edge, 1))
        p.setBrush(S.panel_colour(235))
        p.drawRoundedRect(r, 9, 9)
        p.setPen(S.PANEL_TEXT)
        p.drawRoundedRect(r, 9, 9)
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, text)
