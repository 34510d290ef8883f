"""The board's geometry as a seat draws it: each lot's cell, its
neighborhood and whether it lies in the outskirts, the enclosed empty cells
(city centre), each neighborhood's footprint and the box around the city.
Read from the engine's :class:`~bigcity_desktop.engine.City`, which works
them out once (the flood fill, the rotations), so no renderer re-derives them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bigcity_desktop.engine import City, Rules
from bigcity_desktop.engine.cards import neighborhood_of
from bigcity_desktop.engine.geometry import footprint
from bigcity_desktop.engine.messages import Msg

from .lots import lot_place


@dataclass(frozen=True, slots=True)
class BoardLot:
    """A lot of the city and where it lies."""

    lot: int  # the property number
    x: int
    y: int
    tile: int  # its neighborhood
    outskirts: bool  # next to the outside (else city centre)


@dataclass(frozen=True, slots=True)
class LaidTile:
    """A neighborhood in the city: its corner, quarter turns and footprint."""

    number: int
    x: int
    y: int
    rotation: int
    width: int  # as laid (turned)
    height: int


@dataclass(frozen=True, slots=True)
class Board:
    """The city's geometry."""

    tiles: tuple[LaidTile, ...]
    lots: tuple[BoardLot, ...]  # in the order of the tiles, each tile's lots by number
    holes: tuple[tuple[int, int], ...]  # empty cells enclosed by the city, sorted
    box: tuple[int, int, int, int]  # x0, y0, x1, y1: the city's cells, one cell wider on each side
    places: tuple[Msg, ...]  # each lot's place in words, in the order of `lots` (present/lots.py)
    rules: Rules = field(repr=False, compare=False)  # whose tile shapes these are


#: the boards worked out last, by their rules and laid tiles (the geometry
#: changes only when a neighborhood is laid; a server's tables share it)
_BOARDS: dict[tuple[object, tuple[tuple[int, int, int, int], ...]], Board] = {}
_KEEP = 256


def board_of(city: City) -> Board:
    """The geometry of `city` (kept: it changes only when a neighborhood is laid)."""
    key = (id(city.rules), tuple((t.number, t.x, t.y, t.rotation) for t in city.tiles))
    board = _BOARDS.get(key)
    if board is None or board.rules is not city.rules:
        if len(_BOARDS) >= _KEEP:
            _BOARDS.clear()
        board = _BOARDS[key] = _board(city)
    return board


def _board(city: City) -> Board:
    rules = city.rules
    tiles = []
    for t in city.tiles:
        w, h = footprint(rules, t.number, t.rotation)
        tiles.append(LaidTile(t.number, t.x, t.y, t.rotation, w, h))
    outskirts = city.outskirts
    laid = {t.number: i for i, t in enumerate(city.tiles)}
    order = sorted(city.cell_of, key=lambda p: (laid.get(neighborhood_of(p), 0), p))
    cell_of = city.cell_of
    lots = tuple(BoardLot(p, *cell_of[p], neighborhood_of(p), p in outskirts) for p in order)
    if city.prop_at:
        x0, y0, x1, y1 = city.bounds()
        box = (x0 - 1, y0 - 1, x1 + 1, y1 + 1)
    else:
        box = (-1, -1, 1, 1)
    places = tuple(lot_place(city, lot.lot) for lot in lots)
    return Board(tuple(tiles), lots, tuple(sorted(city.holes())), box, places, rules)
