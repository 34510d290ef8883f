"""The grid: cells, streets, vertices, neighborhood footprints and where a
neighborhood may be laid. Nothing here knows buildings, cards or players, so
the rules file's validator (:mod:`.rules`) and the city (:mod:`.city`) lay
neighborhoods by the same code.

Cells are ``(x, y)`` with ``y`` growing downward; a street is the pair of
cells on its two sides, smaller first; a vertex ``(i, j)`` is the top-left
corner of cell ``(i, j)``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import NamedTuple, Protocol

from .cards import property_number

Cell = tuple[int, int]
Street = tuple[Cell, Cell]
Vertex = tuple[int, int]

#: the four neighbours of a cell
STEPS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))

#: the first neighborhood of every city, where it lies and how it is turned
FIRST_TILE = 1
FIRST_TILE_AT: tuple[int, int, int] = (0, 0, 0)  # x, y, rotation

#: a new neighborhood must touch the city with at least this many properties
MIN_TOUCHING = 2


class TileShapes(Protocol):
    """Anything that knows each neighborhood's width and height (the rules)."""

    @property
    def tile_shapes(self) -> Mapping[int, tuple[int, int]]: ...


class TilePlacement(NamedTuple):
    number: int
    x: int
    y: int
    rotation: int


def tile_cells(rules: TileShapes, number: int, x: int, y: int, rotation: int) -> dict[int, Cell]:
    """Property number -> cell for a tile placed at (x, y) with `rotation`."""
    w, h = rules.tile_shapes[number]
    out = {}
    k = 1
    for r in range(h):
        for c in range(w):
            if rotation == 0:
                dx, dy = c, r
            elif rotation == 1:
                dx, dy = h - 1 - r, c
            elif rotation == 2:
                dx, dy = w - 1 - c, h - 1 - r
            else:
                dx, dy = r, w - 1 - c
            out[property_number(number, k)] = (x + dx, y + dy)
            k += 1
    return out


def footprint(rules: TileShapes, number: int, rotation: int) -> tuple[int, int]:
    w, h = rules.tile_shapes[number]
    return (w, h) if rotation % 2 == 0 else (h, w)


def make_street(a: Cell, b: Cell) -> Street:
    """The street between two cells that share a side (ValueError otherwise)."""
    a = (int(a[0]), int(a[1]))
    b = (int(b[0]), int(b[1]))
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise ValueError(f"cells {a} and {b} do not share a side")
    return (a, b) if a < b else (b, a)


def street_vertices(s: Street) -> tuple[Vertex, Vertex]:
    (x1, y1), (x2, y2) = s
    if x1 != x2:  # side by side: a vertical edge at x2
        return (x2, y1), (x2, y1 + 1)
    return (x1, y2), (x1 + 1, y2)  # one above the other: a horizontal edge at y2


def vertex_streets(v: Vertex) -> tuple[Street, Street, Street, Street]:
    """The four streets that end at vertex v."""
    i, j = v
    return (
        ((i - 1, j - 1), (i, j - 1)),  # vertical edge going up from v
        ((i - 1, j), (i, j)),  # vertical edge going down
        ((i - 1, j - 1), (i - 1, j)),  # horizontal edge going left
        ((i, j - 1), (i, j)),  # horizontal edge going right
    )


def cell_streets(c: Cell) -> list[Street]:
    x, y = c
    return [make_street(c, (x + dx, y + dy)) for dx, dy in STEPS]


def normalise(cells: Iterable[Cell]) -> frozenset[Cell]:
    """A shape moved so that its smallest x and y are 0."""
    cells = list(cells)
    mx = min(c[0] for c in cells)
    my = min(c[1] for c in cells)
    return frozenset((x - mx, y - my) for x, y in cells)


def touching_count(occupied: Mapping[Cell, object] | set[Cell], cells: Iterable[Cell]) -> int:
    """How many of `cells` lie next to an occupied cell."""
    n = 0
    for cx, cy in cells:
        if any((cx + dx, cy + dy) in occupied for dx, dy in STEPS):
            n += 1
    return n


def tile_spots(occupied: Mapping[Cell, object] | set[Cell], width: int, height: int) -> tuple[tuple[int, int], ...]:
    """Top-left corners, sorted, where a width x height neighborhood may go
    next to the `occupied` cells: it covers none of them and at least
    :data:`MIN_TOUCHING` of its cells lie next to one."""
    return TileSpots.of(occupied, width, height).spots


class TileSpots:
    """The work behind :func:`tile_spots` for one arrangement of cells and
    one footprint, kept so that the spots after one more neighborhood
    (:meth:`after`) are worked out near it only. Do not change it."""

    __slots__ = ("width", "height", "occ", "rim", "blocked", "touching", "spots")

    def __init__(
        self, width: int, height: int, occ: set[int], rim: set[int], blocked: set[int], touching: Counter[int]
    ):
        # cells packed into integers (x and y well inside +-_HALF) for speed
        self.width = width
        self.height = height
        self.occ = occ  # the occupied cells
        self.rim = rim  # the free cells next to an occupied one
        # the top-left corners whose rectangle covers an occupied cell, and
        # how many rim cells the rectangle of each corner covers
        self.blocked = blocked
        self.touching = touching
        spots = [k for k, n in touching.items() if n >= MIN_TOUCHING and k not in blocked]
        self.spots: tuple[tuple[int, int], ...] = tuple(sorted((k // _ROW - _HALF, k % _ROW - _HALF) for k in spots))

    @classmethod
    def of(cls, occupied: Mapping[Cell, object] | set[Cell], width: int, height: int) -> TileSpots:
        occ = {(cx + _HALF) * _ROW + cy + _HALF for cx, cy in occupied}
        rim = {c + d for c in occ for d in _STEPS} - occ
        offsets = _offsets(width, height)
        blocked = {c - d for c in occ for d in offsets}
        touching = Counter([r - d for r in rim for d in offsets])  # (counted in C)
        return cls(width, height, occ, rim, blocked, touching)

    def after(self, cells: Iterable[Cell]) -> TileSpots:
        """The spots once `cells` (free cells, a new neighborhood) are occupied too."""
        new = {(cx + _HALF) * _ROW + cy + _HALF for cx, cy in cells}
        occ = self.occ | new
        gone = new & self.rim  # rim cells now occupied
        came = {c + d for c in new for d in _STEPS} - occ - self.rim  # free cells newly next to one
        rim = (self.rim - gone) | came
        offsets = _offsets(self.width, self.height)
        blocked = self.blocked | {c - d for c in new for d in offsets}
        touching = self.touching.copy()
        touching.update([r - d for r in came for d in offsets])
        touching.subtract([r - d for r in gone for d in offsets])
        return TileSpots(self.width, self.height, occ, rim, blocked, touching)


def _offsets(width: int, height: int) -> list[int]:
    return [dx * _ROW + dy for dx in range(width) for dy in range(height)]


#: packing of cells into integers in tile_spots
_HALF = 1 << 14
_ROW = 1 << 16
_STEPS = (_ROW, -_ROW, 1, -1)


def first_city(rules: TileShapes) -> dict[int, Cell]:
    """The cells of the first neighborhood, as every city begins."""
    return tile_cells(rules, FIRST_TILE, *FIRST_TILE_AT)


def lay_in_order(rules: TileShapes, numbers: Iterable[int]) -> list[TilePlacement] | int:
    """Lay `numbers` one after another, each at its first legal spot (by
    rotation, then position), next to the first neighborhood, as a game's setup
    might: the placements, or the first number that fits nowhere."""
    occupied: dict[Cell, int] = {c: p for p, c in first_city(rules).items()}
    out: list[TilePlacement] = []
    for n in numbers:
        spot = None
        for r in range(4):
            w, h = footprint(rules, n, r)
            spots = tile_spots(occupied, w, h)
            if spots:
                spot = TilePlacement(n, spots[0][0], spots[0][1], r)
                break
        if spot is None:
            return n
        out.append(spot)
        for p, c in tile_cells(rules, n, spot.x, spot.y, spot.rotation).items():
            occupied[c] = p
    return out
