"""What the board paints again when the city it shows changes (issue 45.6).

The board is painted as the views' cached background (scene/city_scene.py:
``drawBackground``). A new city used to throw that cache away and paint
every lot, building and number again, some 60 ms a move in a big city: a
server sending moves as fast as it can kept the window busy. Now the scene
keeps what it last drew (:class:`Drawn`: the buildings as they look, where
each paints, the streetcars, the neighborhoods) and a new city repaints
only the regions of the buildings and streetcars that came, went or changed
(:func:`regions`); the views repaint their cache there alone, and what lies
there is painted again in its order, clipped to them (the painters already
paint only what the clip exposes, as for a scrolled board). A change of
the neighborhoods, the holes, the owners' colours, the scores shown or the
projection, or more than :data:`MOST_REGIONS` regions, repaints it all.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QPointF, QRectF

from bigcity_desktop.engine.city import City
from bigcity_desktop.engine.geometry import Cell

from .projection import Projection
from .style import CELL

#: more regions than this at once (moves merged) repaint the whole board
MOST_REGIONS = 24
#: around a building's lots in the plan: its shadow, its marker, its score disc, the lots' numbers
PLAN_MARGIN = CELL / 4
#: around a lot in the city view: the free lot's number, grown when zoomed out, and the owner's marker
CITY_MARGIN = CELL / 2


class Models(Protocol):
    """The city view's models, as far as the board's regions need them (scene/city3d.py: CityModels)."""

    bounds_of: dict[tuple[tuple, int], QRectF]

    def discs(self) -> list[tuple[tuple, QRectF, QPointF, str]]: ...


@dataclass(frozen=True)
class Drawn:
    """What the board shows of a city, as far as a change of it is concerned."""

    #: what, changed, repaints everything: the projection, the neighborhoods, the holes, the colours, the scores shown
    whole: tuple
    #: each building (type, properties) and how it looks (owner, score)
    looks: dict[tuple, tuple]
    #: where each building paints (scene rectangles)
    areas: dict[tuple, QRectF]
    #: the city view's score discs floating over the buildings (they make room for each other)
    discs: dict[tuple, QRectF]
    #: the streetcar line's streets
    cars: frozenset


def drawn(city: City, projection: Projection, models: Models | None, whole: tuple) -> Drawn:
    """What the board shows of `city` in `projection` (`models`: the city view's, None in the plan);
    `whole`: the scene's own facts whose change repaints everything (its colours, the scores shown)."""
    tiles = frozenset((t.number, t.x, t.y, t.rotation) for t in city.tiles)
    looks: dict[tuple, tuple] = {}
    areas: dict[tuple, QRectF] = {}
    for b in city.buildings:
        key = (b.type, tuple(b.properties))
        looks[key] = (b.owner, b.score if b.breakdown is not None else None)
        areas[key] = _area(projection, [city.cell_of[q] for q in b.properties], models, key)
    discs: dict[tuple, QRectF] = {}
    if models is not None:
        for key, r, at, _text in models.discs():
            discs[key] = r.united(QRectF(at, at)).adjusted(-3, -3, 3, 3)
    return Drawn(
        (projection, tiles, frozenset(city.holes()) if city.prop_at else frozenset(), whole),
        looks,
        areas,
        discs,
        frozenset(city.streetcars),
    )


def _area(projection: Projection, cells: list[Cell], models: Models | None, key: tuple) -> QRectF:
    """Where a building on `cells` paints: its lots grown by the margin, and its model's pieces."""
    margin = CITY_MARGIN if models is not None else PLAN_MARGIN
    r = QRectF()
    for x, y in cells:
        r = r.united(QRectF(x * CELL - margin, y * CELL - margin, CELL + 2 * margin, CELL + 2 * margin))
    r = projection.map_rect(r)
    if models is not None:
        i = 0
        while (key, i) in models.bounds_of:
            r = r.united(models.bounds_of[(key, i)])
            i += 1
    return r


def regions(old: Drawn | None, new: Drawn, projection: Projection) -> list[QRectF] | None:
    """The scene rectangles to paint again going from `old` to `new`; None: everything."""
    if old is None or old.whole != new.whole:
        return None
    out: list[QRectF] = []
    for key in old.looks.keys() | new.looks.keys():
        if old.looks.get(key) != new.looks.get(key):
            out += [d.areas[key] for d in (old, new) if key in d.areas]
    for key in old.discs.keys() | new.discs.keys():
        a, b = old.discs.get(key), new.discs.get(key)
        if a != b:
            out += [r for r in (a, b) if r is not None]
    out += [_street_area(projection, s) for s in old.cars ^ new.cars]
    return out if len(out) <= MOST_REGIONS else None


def _street_area(projection: Projection, street: Iterable[Cell]) -> QRectF:
    r = QRectF()
    for x, y in street:
        r = r.united(QRectF((x - 0.5) * CELL, (y - 0.5) * CELL, 2 * CELL, 2 * CELL))
    return projection.map_rect(r)


__all__ = ["MOST_REGIONS", "Drawn", "Models", "drawn", "regions"]
