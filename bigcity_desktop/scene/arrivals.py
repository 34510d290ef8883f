"""Arrivals: what the city gained since the board last showed it, moving
into place (issue 25.3).

In the city view a new building rises from its lot; in the plan (with the
scene's ``slide_pieces``, the game window) it slides in from the Supply's
side and drops into its lot, and a new neighborhood slides in. The city is
final already: this only paints the way there (scene/motion.py plays it).
The scene keeps one, ``scene.arrivals``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEasingCurve
from PySide6.QtGui import QPainter

from bigcity_desktop.engine.city import City, footprint
from bigcity_desktop.engine.geometry import Cell

from . import motion as M
from .style import CELL

if TYPE_CHECKING:
    from .city_scene import CityScene

#: a building as the board knows it: (type, properties)
BuildingKey = tuple
#: a neighborhood as the board knows it: (number, x, y, rotation)
TileKey = tuple


def building_keys(city: City | None) -> set[BuildingKey]:
    """The buildings of a city, as the board tells them apart."""
    return {(b.type, tuple(b.properties)) for b in city.buildings} if city is not None else set()


def tile_keys(city: City | None) -> set[TileKey]:
    """The neighborhoods of a city, where they lie."""
    return {(t.number, t.x, t.y, t.rotation) for t in city.tiles} if city is not None else set()


class Arrivals:
    """The pieces moving into place on one scene, and how far they have come."""

    #: where a new building comes from, in cells on screen (the Supply's side, above)
    BUILDING_FROM = (-1.5, -2.5)
    #: where a new neighborhood comes from, in cells on screen (the Neighborhoods' side)
    TILE_FROM = (3.5, -0.5)

    def __init__(self, scene: CityScene) -> None:
        self.scene = scene
        self._known: set[BuildingKey] | None = None  # the buildings of the last city shown
        self._known_tiles: set[TileKey] | None = None  # the neighborhoods of the last city shown
        #: the buildings rising into place (the city view), how far they have risen
        self.rising: dict[BuildingKey, float] = {}
        #: the buildings sliding into their lots (the plan), how far
        self.sliding: dict[BuildingKey, float] = {}
        #: the neighborhoods sliding into place, how far
        self.sliding_tiles: dict[int, float] = {}
        #: the lots of the sliding neighborhoods
        self.moving_cells: set[Cell] = set()
        #: the moving layer paints: only what moves
        self.painting_moving = False

    def far(self) -> float:
        """How far from their place (scene units) the moving pieces start."""
        return max(abs(v) for v in self.BUILDING_FROM + self.TILE_FROM) * CELL

    # -- what changed ------------------------------------------------------
    def _changes(self, city: City | None) -> tuple[set[BuildingKey], set[TileKey]]:
        """The buildings and neighborhoods new since the last city shown (a
        change ends anything still moving from the move before)."""
        keys, tiles = building_keys(city), tile_keys(city)
        new = keys - self._known if self._known is not None else set()
        new_tiles = tiles - self._known_tiles if self._known_tiles is not None else set()
        if keys != self._known or tiles != self._known_tiles:
            self.scene.motion.finish()
        self._known, self._known_tiles = keys, tiles
        return new, new_tiles

    def city_shown(self, city: City | None) -> None:
        """The scene shows `city`: what it gained moves into place. A position
        replaced (a game loaded, a jump) shows at once."""
        new, new_tiles = self._changes(city)
        if (not new and not new_tiles) or not self.scene.animations_enabled():
            return
        if len(new) > 3 or len(new_tiles) > 1:
            return
        slide = self.scene.slide_pieces
        if self.scene.models() is not None:
            if new:
                self._rise(new)
        elif slide and new:
            self._slide_buildings(new)
        if new_tiles and slide:
            self._slide_tiles(new_tiles)

    # -- the motions -------------------------------------------------------
    def _rise(self, new: set[BuildingKey]) -> None:
        scene = self.scene
        for k in new:
            self.rising[k] = 0.0

        def step(v: float) -> None:
            for k in new:
                self.rising[k] = v
            scene.rising_layer.update()

        def done() -> None:
            for k in new:
                self.rising.pop(k, None)
            self._repaint(new)

        scene.motion.start(M.RISE_MS, step, done, QEasingCurve.Type.OutBack)

    def _slide_buildings(self, new: set[BuildingKey]) -> None:
        scene = self.scene
        for k in new:
            self.sliding[k] = 0.0
        self._repaint(new)  # the background leaves them out while they move

        def step(v: float) -> None:
            for k in new:
                self.sliding[k] = v
            scene.moving_layer.update()

        def done() -> None:
            for k in new:
                self.sliding.pop(k, None)
            scene.moving_layer.update()
            self._repaint(new)

        scene.motion.start(M.BUILDING_MS, step, done, QEasingCurve.Type.OutCubic)

    def _slide_tiles(self, new: set[TileKey]) -> None:
        scene = self.scene
        city = scene.city
        assert city is not None
        numbers = {k[0] for k in new}
        for n in numbers:
            self.sliding_tiles[n] = 0.0
        self.moving_cells = {c for t in city.tiles if t.number in numbers for c in self._tile_cells(city, t)}
        scene.static_changed()

        def step(v: float) -> None:
            for n in numbers:
                self.sliding_tiles[n] = v
            scene.moving_layer.update()

        def done() -> None:
            for n in numbers:
                self.sliding_tiles.pop(n, None)
            self.moving_cells = set()
            scene.moving_layer.update()
            scene.static_changed()

        scene.motion.start(M.TILE_MS, step, done, QEasingCurve.Type.OutCubic)

    def _repaint(self, keys: set[BuildingKey]) -> None:
        """The board paints these buildings again (and what lies around them), or all of it
        when the scene no longer shows one of them."""
        drawn = self.scene.drawn
        if drawn is None or not keys <= drawn.areas.keys():
            self.scene.static_changed()
            return
        self.scene.static_changed([drawn.areas[k] for k in keys] + [drawn.discs[k] for k in keys if k in drawn.discs])

    def _tile_cells(self, city: City, t) -> list[Cell]:
        w, h = footprint(self.scene.rules, t.number, t.rotation)
        return [(x, y) for x in range(t.x, t.x + w) for y in range(t.y, t.y + h) if (x, y) in city.prop_at]

    # -- painting ----------------------------------------------------------
    def tile_shown(self, number: int) -> bool:
        """Whether the neighborhood `number` is painted now (a sliding one
        only by the moving layer, the others only by the board)."""
        return not self.sliding_tiles or (number in self.sliding_tiles) == self.painting_moving

    def cell_hidden(self, c: Cell) -> bool:
        """Whether the lot `c` is left out of what paints now (a lot of a
        sliding neighborhood is painted only by the moving layer)."""
        return bool(self.moving_cells) and (c in self.moving_cells) != self.painting_moving

    def paint_moving(self, p: QPainter) -> None:
        """The pieces sliding into place, each where it is on its way."""
        scene = self.scene
        city = scene.city
        if city is None or not (self.sliding or self.sliding_tiles):
            return
        self.painting_moving = True
        try:
            for n, t in self.sliding_tiles.items():
                p.save()
                p.translate(self.TILE_FROM[0] * CELL * (1 - t), self.TILE_FROM[1] * CELL * (1 - t))
                p.setOpacity(0.4 + 0.6 * t)
                scene.painter.paint_moving_tile(p, city, n)
                p.restore()
            for k, t in self.sliding.items():
                p.save()
                p.translate(self.BUILDING_FROM[0] * CELL * (1 - t), self.BUILDING_FROM[1] * CELL * (1 - t))
                p.setOpacity(0.5 + 0.5 * t)
                scene.painter.paint_buildings(p, city, only={k})
                p.restore()
        finally:
            self.painting_moving = False
