"""The pieces a player can hold over the board: one tool per mode (placing
a building, a neighborhood, a streetcar), each with its own hover, commit
and paint.

The board's :class:`~bigcity_desktop.scene.interaction.BoardInteraction`
holds at most one tool (``board.tool``); mouse, keyboard and drag-and-drop
events go to it, and the scene's ghost and hint layers ask it to paint. A
tool asks the scene (``board.scene``) for the city, the rules and the
layers, and makes its requests through the interaction's signals.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen

from bigcity_desktop.engine import Build, PlaceStreetcar, PlaceTile
from bigcity_desktop.engine.city import Judgement, footprint, street_vertices, tile_cells
from bigcity_desktop.engine.geometry import Cell, Street, normalise
from bigcity_desktop.i18n import engine_text, translate

from . import style as S
from .lift import paint_lifted
from .style import CELL
from .targets import Mode
from .text import building_name, format_judgement

if TYPE_CHECKING:
    from .interaction import BoardInteraction

#: the drag-and-drop payloads the scene accepts: "btype:size" and "number[:rotation]"
BUILDING_MIME = "application/x-bigcity-building"
TILE_MIME = "application/x-bigcity-tile"


#: how near (scene units of the plan) the pointer must come to a legal spot's
#: lot for the carried piece to snap onto it: a little under half a cell, so
#: the pointer in the middle of a lot never snaps to its neighbour
SNAP = 0.45 * CELL


def rect_distance(pos: QPointF, r: QRectF) -> float:
    """How far a point is from a rectangle (0 inside it)."""
    dx = max(r.left() - pos.x(), 0.0, pos.x() - r.right())
    dy = max(r.top() - pos.y(), 0.0, pos.y() - r.bottom())
    return math.hypot(dx, dy)


def segment_distance(pos: QPointF, a: QPointF, b: QPointF) -> float:
    """How far a point is from the segment a-b."""
    vx, vy = b.x() - a.x(), b.y() - a.y()
    n = vx * vx + vy * vy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((pos.x() - a.x()) * vx + (pos.y() - a.y()) * vy) / n))
    return math.hypot(pos.x() - a.x() - t * vx, pos.y() - a.y() - t * vy)


def cell_rect(c: Cell, inset: float = 0.0) -> QRectF:
    return QRectF(c[0] * CELL + inset, c[1] * CELL + inset, CELL - 2 * inset, CELL - 2 * inset)


def street_line(street: Street) -> tuple[QPointF, QPointF]:
    (i1, j1), (i2, j2) = street_vertices(street)
    return QPointF(i1 * CELL, j1 * CELL), QPointF(i2 * CELL, j2 * CELL)


def cell_at(pos: QPointF) -> Cell:
    return (math.floor(pos.x() / CELL), math.floor(pos.y() / CELL))


def street_at(pos: QPointF, tolerance: float = 0.3) -> Street | None:
    """The street (grid edge) nearest to a scene point, or None if the point
    is farther than `tolerance` cells from every edge."""
    fx, fy = pos.x() / CELL, pos.y() / CELL
    dv = abs(fx - round(fx))
    dh = abs(fy - round(fy))
    if min(dv, dh) > tolerance:
        return None
    if dv <= dh:
        gx = round(fx)
        y = math.floor(fy)
        return ((gx - 1, y), (gx, y))
    gy = round(fy)
    x = math.floor(fx)
    return ((x, gy - 1), (x, gy))


def orient(cells: Iterable[Cell], rot: int, mirror: bool) -> list[Cell]:
    """A shape turned `rot` quarter turns (after a left-right flip), normalised."""
    pts = list(cells)
    if mirror:
        pts = [(-x, y) for x, y in pts]
    for _ in range(rot % 4):
        pts = [(-y, x) for x, y in pts]
    return sorted(normalise(pts), key=lambda c: (c[1], c[0]))


def lit_colours(kind: str = "lot") -> tuple[QColor, QColor, QColor]:
    """The light (fill, edge, halo) of the legal spots of the scheme shown:
    green on the lots a building may take, blue where a neighborhood or a
    streetcar may go; clear on the light and the dark board alike."""
    dark = S.scheme().name == "dark"
    if kind == "lot":
        if dark:
            return QColor(130, 240, 150, 60), QColor(150, 250, 170), QColor(8, 24, 10, 210)
        return QColor(40, 170, 70, 100), QColor(20, 120, 45), QColor(255, 255, 255, 200)
    if dark:
        return QColor(120, 180, 255, 40), QColor(150, 200, 255), QColor(8, 14, 30, 210)
    return QColor(40, 110, 200, 36), QColor(25, 85, 185), QColor(255, 255, 255, 200)


def cosmetic(colour: QColor, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    """A pen as wide on screen at every zoom."""
    pen = QPen(colour, width, style, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    pen.setCosmetic(True)
    return pen


def paint_lit(p: QPainter, outline: QPainterPath, kind: str = "lot", strong: bool = False) -> None:
    """Light `outline`: a tint, a halo and an edge; `strong` for the spot the
    carried piece sits on, lit stronger than the other legal spots."""
    fill, edge, halo = lit_colours(kind)
    if strong:
        fill.setAlpha(min(255, fill.alpha() * 2))
    p.save()
    p.setBrush(fill)
    p.setPen(cosmetic(halo, 5.5 if strong else 3.5))
    p.drawPath(outline)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(cosmetic(edge, 3.0 if strong else 1.8))
    p.drawPath(outline)
    p.restore()


def paint_landing(p: QPainter, outline: QPainterPath) -> None:
    """The spot the carried piece sits on (snapped to): lit stronger than the other legal lots."""
    paint_lit(p, outline, "lot", strong=True)


class Tool:
    """One piece in hand. The board calls hover() as the pointer moves,
    commit() on a click or drop, and the scene's layers the paint methods."""

    mode: ClassVar[Mode] = Mode.NONE
    rotatable: ClassVar[bool] = False
    lifted: ClassVar[bool] = True  # the piece is held up while carried and settles when put down
    mirrorable: bool = False

    def __init__(self, board: BoardInteraction) -> None:
        self.board = board
        self.scene = board.scene
        #: the pointer (plan coordinates) when the mouse moved the piece last; None: the keyboard did
        self.mouse: QPointF | None = None
        #: the piece sits on a legal spot it snapped to (the pointer is near it, not on it)
        self.snapped = False

    def hover(self, pos: QPointF) -> None:
        raise NotImplementedError

    def placeable(self) -> bool:
        """The piece may be put down where it is."""
        return False

    def free_offset(self) -> QPointF:
        """Where the ghost is drawn off its grid place: off any legal spot it
        follows the pointer freely (nothing when it is placeable or the
        keyboard moved it)."""
        return QPointF()

    def drawn(self) -> tuple[QPointF, float]:
        """Where the ghost is drawn off its place and how high it is held
        (flat and in place in the city view, whose painter stands the model)."""
        if self.scene.painter.hints_under_buildings:
            return QPointF(), 0.0
        return self.free_offset(), self.board.lift.height(self)

    def settling(self) -> bool:
        """The piece was put down and drops into its lot now."""
        return self.board.lift.settling is self

    def refresh(self) -> None:
        """Work out the ghost again (the pointer, the city or the piece changed)."""
        self.scene.ghost_layer.update()

    def commit(self) -> bool:
        """Act on the ghost: True when a request signal was emitted."""
        raise NotImplementedError

    def city_changed(self) -> None:
        """The scene's city changed under the tool."""

    def rotate(self, steps: int) -> None:
        """Turn the piece (only rotatable tools)."""

    def mirror(self) -> None:
        """Flip the piece (only mirrorable tools)."""

    def paint_ghost(self, p: QPainter) -> None:
        """The piece under the pointer."""

    def paint_hints(self, p: QPainter) -> None:
        """Where the piece may go (drawn under the buildings)."""

    def bubble_cells(self) -> list[Cell]:
        """The cells the score bubble sits next to (none: no bubble)."""
        return []

    # the keyboard: the board cursor stands in for the pointer
    def key_hover(self, cell: Cell | None, street: Street | None) -> None:
        """The board cursor moved onto `cell` (or onto `street`)."""
        if cell is not None:
            self.hover(QPointF((cell[0] + 0.5) * CELL, (cell[1] + 0.5) * CELL))

    def spots(self) -> list[Any]:
        """The lit legal spots, in the order the cycle key visits them."""
        return []

    def goto_spot(self, spot: Any) -> Cell | Street | None:
        """Put the piece on `spot`; returns where the board cursor goes (a cell or a street)."""
        return None

    def street_cursor(self) -> bool:
        """The board cursor steps over streets too (not only lots)."""
        return False


class BuildingTool(Tool):
    """A building ghost follows the pointer; `judge(props) -> Judgement` is
    asked whenever the covered properties change; a click on a legal spot
    asks for the Build (the board's actionRequested)."""

    mode = Mode.BUILDING
    rotatable = True

    def __init__(
        self,
        board: BoardInteraction,
        btype: str,
        size: int,
        judge: Callable[[list[int]], Judgement],
        spots: Iterable[Iterable[int]] = (),
    ) -> None:
        super().__init__(board)
        rule = self.scene.rules.buildings[btype]
        variants = rule.variants_of_size(size)
        if not variants:
            raise ValueError(f"{rule.label} has no {size}-cell variant")
        self.btype = btype
        self.size = size
        self.judge = judge
        self.base = self.scene.rules.shapes[variants[0].shape]
        # M flips the piece left-right (for the L factory this gives the
        # other hand; for symmetric shapes it changes nothing)
        self.mirrorable = len(self.base) > 2
        self.rot = 0
        self.flipped = False
        self.anchor: Cell | None = None
        self.cells: list[Cell] = []
        self.props: list[int] | None = None
        self.judged: tuple[int, ...] | None = None
        self._spots = [tuple(sp) for sp in spots]
        self._anchors: dict[tuple[int, bool], list[Cell]] = {}  # the legal spots' anchors, per orientation

    def shape(self) -> list[Cell]:
        return orient(self.base, self.rot, self.flipped)

    def _anchor_of(self, shape: list[Cell]) -> Cell:
        """The cell of `shape` that follows the pointer: the one nearest its middle."""
        cx = sum(c[0] for c in shape) / len(shape)
        cy = sum(c[1] for c in shape) / len(shape)
        return min(shape, key=lambda c: ((c[0] - cx) ** 2 + (c[1] - cy) ** 2, c[1], c[0]))

    def key_hover(self, cell: Cell | None, street: Street | None) -> None:
        if cell is not None:
            self.mouse = None
            self.snapped = False
            self.anchor = cell
            self.refresh()

    def spots(self) -> list[Any]:
        return list(self._spots)

    def spot_anchors(self) -> list[Cell]:
        """The anchor cells of the legal spots the piece fits in its current orientation."""
        key = (self.rot, self.flipped)
        if key not in self._anchors:
            found = (self.anchor_on(spot) for spot in self._spots)
            self._anchors[key] = [a for a in found if a is not None]
        return self._anchors[key]

    def anchor_on(self, spot: Iterable[int]) -> Cell | None:
        """The cell under the pointer when the piece, as it is turned now, lies
        on the properties `spot` (None: it does not fit them so turned)."""
        city = self.scene.city
        props = list(spot)
        if city is None or any(p not in city.cell_of for p in props):
            return None
        cells = [city.cell_of[p] for p in props]
        shape = self.shape()
        if sorted(normalise(cells), key=lambda c: (c[1], c[0])) != shape:
            return None
        ax, ay = self._anchor_of(shape)
        return (min(c[0] for c in cells) + ax, min(c[1] for c in cells) + ay)

    def placeable(self) -> bool:
        j = self.board.last_judgement
        return bool(self.cells) and self.props is not None and j is not None and j.legal

    def free_offset(self) -> QPointF:
        if self.mouse is None or self.anchor is None or self.placeable():
            return QPointF()
        return self.mouse - QPointF((self.anchor[0] + 0.5) * CELL, (self.anchor[1] + 0.5) * CELL)

    def goto_spot(self, spot: Any) -> Cell | Street | None:
        city = self.scene.city
        if city is None or any(p not in city.cell_of for p in spot):
            return None
        cells = [city.cell_of[p] for p in spot]
        target = sorted(normalise(cells), key=lambda c: (c[1], c[0]))
        for flipped in (False, True) if self.mirrorable else (False,):
            for rot in range(4):
                shape = orient(self.base, rot, flipped)
                if shape == target:
                    self.rot, self.flipped = rot, flipped
                    self.mouse = None
                    self.snapped = False
                    ax, ay = self._anchor_of(shape)
                    ox = min(c[0] for c in cells)
                    oy = min(c[1] for c in cells)
                    self.anchor = (ox + ax, oy + ay)
                    self.refresh()
                    return self.anchor
        return None

    def hover(self, pos: QPointF) -> None:
        """The anchor cell under the pointer; near a legal spot (within
        :data:`SNAP` of its anchor's lot) the piece snaps onto it."""
        self.mouse = QPointF(pos)
        here = cell_at(pos)
        near = [(rect_distance(pos, cell_rect(a)), a) for a in self.spot_anchors()]
        best = min(near, default=None, key=lambda d: (d[0], abs(d[1][0] - here[0]) + abs(d[1][1] - here[1])))
        self.snapped = best is not None and best[0] < SNAP and best[1] != here
        self.anchor = best[1] if best is not None and best[0] < SNAP else here
        self.refresh()

    def rotate(self, steps: int) -> None:
        self.rot = (self.rot + steps) % 4
        self._again()

    def mirror(self) -> None:
        if self.mirrorable:
            self.flipped = not self.flipped
            self._again()

    def _again(self) -> None:
        """The piece turned: under the pointer it snaps again."""
        if self.mouse is not None:
            self.hover(self.mouse)
        else:
            self.refresh()

    def city_changed(self) -> None:
        self.judged = None
        self._anchors = {}

    def refresh(self) -> None:
        sc = self.scene
        if self.anchor is None:
            return
        shape = self.shape()
        ax, ay = self._anchor_of(shape)
        mx, my = self.anchor
        self.cells = [(mx - ax + x, my - ay + y) for x, y in shape]
        city = sc.city
        props = [city.prop_at.get(c) for c in self.cells] if city is not None else [None]
        if any(p is None for p in props):
            self.props = None
            self.judged = None
            self.board.judged(
                None,
                translate("CityScene", "{building}: every cell must be a property of the city").format(
                    building=building_name(sc.rules, self.btype)
                ),
            )
        else:
            found = [p for p in props if p is not None]
            key = tuple(found)
            if self.judged != key:  # judge again only when the covered properties change (or set_city)
                self.props = found
                self.judged = key
                j = self.judge(found)
                self.board.judged(j, format_judgement(sc.rules, self.btype, found, j))
        sc.ghost_layer.update()
        sc.update_bubble()

    def commit(self) -> bool:
        b = self.board
        j = b.last_judgement
        if self.props is None or j is None or not j.legal:
            b.message.emit(b.hover_text)
            return False
        b.put_down(Build(self.btype, tuple(self.props)), b.hover_text.split("\n")[0])
        return True

    def paint_ghost(self, p: QPainter) -> None:
        if not self.cells:
            return
        settling = self.settling()
        ok = settling or self.placeable()
        if ok and not settling:
            paint_landing(p, S.cells_path(self.cells, 1, 6))  # the lots it would take, lit strongest
        offset, height = self.drawn()
        cells = self.cells
        flat = self.scene.painter.hints_under_buildings  # the city view stands a model on the cells

        def piece() -> None:
            if not settling:
                col = S.LEGAL if ok else S.ILLEGAL
                fill = QColor(col)
                fill.setAlpha(90)
                p.setPen(QPen(col, 2.5))
                p.setBrush(fill)
                for c in cells:
                    p.drawRoundedRect(cell_rect(c, 2), 5, 5)
            if not flat:
                S.paint_building(p, self.btype, cells, None, None, None, alpha=255 if settling else 170 if ok else 110)

        p.save()
        p.translate(offset)
        paint_lifted(p, S.cells_path(cells, 2, 5), height, piece)
        p.restore()

    def paint_hints(self, p: QPainter) -> None:
        """The lots of every legal spot, lit."""
        city = self.scene.city
        if city is None or not self._spots:
            return
        lots = QPainterPath()
        for c in sorted({city.cell_of[q] for spot in self._spots for q in spot if q in city.cell_of}):
            lots.addRoundedRect(cell_rect(c, 3), 5, 5)
        paint_lit(p, lots, "lot")

    def bubble_cells(self) -> list[Cell]:
        return self.cells


class TileTool(Tool):
    """A neighborhood ghost follows the pointer snapped to the grid.
    ``positions(rotation) -> iterable of (x, y)`` gives the legal top-left
    corners; ``check(number, x, y, rotation) -> reason | None`` explains a
    refused spot. A click on a legal spot asks for the PlaceTile."""

    mode = Mode.TILE
    rotatable = True

    def __init__(
        self,
        board: BoardInteraction,
        number: int,
        positions: Callable[[int], Iterable[Any]],
        rotation: int = 0,
        check: Callable[[int, int, int, int], str | None] | None = None,
    ) -> None:
        super().__init__(board)
        self.number = number
        self.positions = positions
        self.check = check
        self.rot = rotation % 4
        self._legal: dict[int, set[Cell]] = {}
        self.pos: Cell | None = None
        self.key_cell: Cell | None = None  # the board cursor, when the keyboard moved the piece last
        self.ok = False

    def legal(self, rot: int) -> set[Cell]:
        if rot not in self._legal:
            self._legal[rot] = {(p[0], p[1]) for p in self.positions(rot)}
        return self._legal[rot]

    def hover(self, pos: QPointF) -> None:
        self.mouse = QPointF(pos)
        self.key_cell = None
        self.refresh()

    def key_hover(self, cell: Cell | None, street: Street | None) -> None:
        if cell is not None:
            self.key_cell = cell
            self.refresh()

    def placeable(self) -> bool:
        return self.pos is not None and self.ok

    def free_offset(self) -> QPointF:
        if self.key_cell is not None or self.mouse is None or self.pos is None or self.ok:
            return QPointF()
        w, h = footprint(self.scene.rules, self.number, self.rot)
        return self.mouse - QPointF((self.pos[0] + w / 2) * CELL, (self.pos[1] + h / 2) * CELL)

    def spots(self) -> list[Any]:
        """This rotation's legal spots first, then the other rotations' ones."""
        out: list[Any] = []
        for k in range(4):
            rot = (self.rot + k) % 4
            out.extend((rot, x, y) for x, y in sorted(self.legal(rot), key=lambda c: (c[1], c[0])))
        return out

    def goto_spot(self, spot: Any) -> Cell | Street | None:
        rot, x, y = spot
        if rot != self.rot:
            self.rot = rot
            self.scene.hints_layer.update()
        w, h = footprint(self.scene.rules, self.number, self.rot)
        self.key_cell = (x + (w - 1) // 2, y + (h - 1) // 2)
        self.refresh()
        return self.key_cell

    def rotate(self, steps: int) -> None:
        self.rot = (self.rot + steps) % 4
        self.scene.hints_changed()
        self.refresh()

    def city_changed(self) -> None:
        self._legal = {}
        self.scene.hints_layer.set_rect(self.scene.tool_rect())

    def refresh(self) -> None:
        w, h = footprint(self.scene.rules, self.number, self.rot)
        if self.key_cell is not None:  # the cursor's cell, in the middle of the piece
            x = self.key_cell[0] - (w - 1) // 2
            y = self.key_cell[1] - (h - 1) // 2
        elif self.mouse is not None:
            x = round(self.mouse.x() / CELL - w / 2)
            y = round(self.mouse.y() / CELL - h / 2)
        else:
            return
        legal = self.legal(self.rot)
        self.snapped = False
        if self.key_cell is None and (x, y) not in legal and self.mouse is not None:
            # near a legal spot (its middle's cell within SNAP of the pointer) the piece snaps onto it
            m = self.mouse
            near = [
                (rect_distance(m, QRectF((lx + w / 2 - 0.5) * CELL, (ly + h / 2 - 0.5) * CELL, CELL, CELL)), (lx, ly))
                for lx, ly in legal
            ]
            best = min(near, default=None)
            if best is not None and best[0] < SNAP:
                (x, y), self.snapped = best[1], True
        self.pos = (x, y)
        self.ok = (x, y) in legal
        self.scene.ghost_layer.update()

    def reason(self, x: int, y: int) -> str:
        why = self.check(self.number, x, y, self.rot) if self.check is not None else None
        return (
            engine_text(why)
            if why
            else translate("CityScene", "neighborhood {n} cannot go there").format(n=self.number)
        )

    def commit(self) -> bool:
        if self.pos is None:
            return False
        x, y = self.pos
        if not self.ok:
            why = self.reason(x, y)
            self.board.message.emit(why[0].upper() + why[1:])
            return False
        self.board.put_down(PlaceTile(self.number, x, y, self.rot))
        return True

    def paint_hints(self, p: QPainter) -> None:
        legal = self.legal(self.rot)
        if not legal:
            return
        w, h = footprint(self.scene.rules, self.number, self.rot)
        area = QPainterPath()
        area.setFillRule(Qt.FillRule.WindingFill)
        for x, y in legal:
            area.addRect(QRectF(x * CELL, y * CELL, w * CELL, h * CELL))
        area = area.simplified()
        paint_lit(p, area, "street")
        # one dot per legal spot, at the centre where the ghost's middle must go
        _fill, edge, halo = lit_colours("street")
        p.setPen(cosmetic(halo, 1.5))
        p.setBrush(edge)
        for x, y in legal:
            p.drawEllipse(QPointF((x + w / 2) * CELL, (y + h / 2) * CELL), 5, 5)

    def paint_ghost(self, p: QPainter) -> None:
        if self.pos is None:
            return
        rules = self.scene.rules
        x, y = self.pos
        settling = self.settling()
        ok = settling or self.ok
        col = S.LEGAL if ok else S.ILLEGAL
        w, h = footprint(rules, self.number, self.rot)
        box = QRectF(x * CELL, y * CELL, w * CELL, h * CELL)
        if ok and not settling:
            outline = QPainterPath()
            outline.addRoundedRect(box.adjusted(-2, -2, 2, 2), 5, 5)
            paint_landing(p, outline)  # where it would lie, lit strongest
        offset, height = self.drawn()

        def piece() -> None:
            p.setPen(QPen(col, 3) if not settling else QPen(S.STREET_EDGE, 1.5))
            sc = QColor(S.STREET)
            sc.setAlpha(255 if settling else 170)
            p.setBrush(sc)
            p.drawRoundedRect(box, 3, 3)
            f = QFont(p.font())
            f.setPixelSize(11)
            f.setBold(True)
            p.setFont(f)
            for prop, c in tile_cells(rules, self.number, x, y, self.rot).items():
                lot = QColor(S.OUTSKIRTS)
                lot.setAlpha(255 if settling else 200)
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(lot)
                p.drawRoundedRect(cell_rect(c, S.LOT_INSET), 4, 4)
                if not settling:
                    tint = QColor(col)
                    tint.setAlpha(60)
                    p.setBrush(tint)
                    p.drawRoundedRect(cell_rect(c, S.LOT_INSET), 4, 4)
                p.setPen(S.NUMBER_TEXT)
                p.drawText(cell_rect(c), Qt.AlignmentFlag.AlignCenter, str(prop))

        outline = QPainterPath()
        outline.addRoundedRect(box, 3, 3)
        p.save()
        p.translate(offset)
        paint_lifted(p, outline, height, piece)
        p.restore()


class StreetcarTool(Tool):
    """The legal streets are lit; a click on one asks for the PlaceStreetcar."""

    mode = Mode.STREETCAR
    lifted = False

    def __init__(self, board: BoardInteraction, legal: Iterable[Any]) -> None:
        super().__init__(board)
        self.legal: set[Street] = {((s[0][0], s[0][1]), (s[1][0], s[1][1])) for s in legal}
        self.street: Street | None = None

    def hover(self, pos: QPointF) -> None:
        """The street under the pointer; near a legal one (within a third of a cell) it snaps onto it."""
        self.mouse = QPointF(pos)
        here = street_at(pos)
        near = [(segment_distance(pos, *street_line(s)), s) for s in self.legal]
        best = min(near, default=None)
        self.snapped = best is not None and best[0] < CELL / 3 and best[1] != here
        self.street = best[1] if best is not None and best[0] < CELL / 3 else here
        self.refresh()

    def key_hover(self, cell: Cell | None, street: Street | None) -> None:
        self.mouse = None
        self.snapped = False
        self.street = street
        self.refresh()

    def placeable(self) -> bool:
        return self.street is not None and self.street in self.legal

    def street_cursor(self) -> bool:
        return True

    def spots(self) -> list[Any]:
        return sorted(self.legal)

    def goto_spot(self, spot: Any) -> Cell | Street | None:
        self.street = spot
        self.refresh()
        return spot

    def commit(self) -> bool:
        b = self.board
        s = self.street
        if s is None:
            return False
        if s not in self.legal:
            b.message.emit(translate("CityScene", "No streetcar can go on that street now."))
            return False
        b.put_down(PlaceStreetcar(s))
        return True

    def paint_hints(self, p: QPainter) -> None:
        """The streets a streetcar may take, lit."""
        _fill, edge, halo = lit_colours("street")
        lines = [street_line(s) for s in sorted(self.legal)]
        for pen in (cosmetic(halo, 7.0), cosmetic(edge, 4.0)):
            p.setPen(pen)
            for a, b in lines:
                p.drawLine(a, b)

    def paint_ghost(self, p: QPainter) -> None:
        s = self.street
        if s is None:
            return
        ok = s in self.legal
        a, b = street_line(s)
        col = QColor(S.STREETCAR if ok else S.ILLEGAL)
        col.setAlpha(200 if ok else 120)
        p.setPen(QPen(col, 10, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.drawLine(a, b)
