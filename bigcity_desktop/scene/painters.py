"""One painter per projection of the board: the plan (top-down) and the city
view (a model city seen from above at an angle, in quarter turns).

The scene (:mod:`.city_scene`) keeps the layers, the highlights and the
interaction; what differs between the two ways of showing a city lives
here, behind one interface, so the scene never asks which projection it is
in: the board's ground, the buildings, the numbers, the ghost of a piece in
hand, where the score bubble goes, what lies under the pointer, and how the
layers stack.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from bigcity_desktop.engine.city import City, footprint
from bigcity_desktop.engine.geometry import Cell
from bigcity_desktop.i18n import translate

from . import style as S
from .projection import PLATE, Projection
from .sprites import Sprites
from .style import CELL
from .targets import PropertyTarget, StreetcarTarget, Target
from .tools import BuildingTool, TileTool, cell_at, cell_rect, street_at

if TYPE_CHECKING:
    from types import ModuleType

    from . import city3d
    from .city_scene import CityScene


def _3d() -> ModuleType:
    """The city view's models and painting (:mod:`.city3d`): loaded when the
    city view is first drawn (a profile that chose the plan never loads it)."""
    from . import city3d

    return city3d


class BoardPainter:
    """What one projection draws, and how it reads the pointer (the plan's)."""

    #: lit cells and the piece's hints lie on the board under the buildings
    #: (painted with the cached background) instead of floating as items
    hints_under_buildings = False
    #: the z value of the streetcars' layer (under the buildings in the city view)
    streetcar_z = 4.0

    def __init__(self, scene: CityScene) -> None:
        self.scene = scene
        #: the buildings' pictures at the board's scale (scene/sprites.py: the plan's background copies them)
        self.sprites = Sprites()

    @property
    def projection(self) -> Projection:
        return self.scene.projection

    # -- geometry ----------------------------------------------------
    def city_rect(self, plan: QRectF) -> QRectF:
        """The scene rectangle that shows the plan rectangle `plan`."""
        return plan

    def layer_rect(self, r: QRectF) -> QRectF:
        """The bounds of the layers drawn with the board (room above for models)."""
        return r

    def models(self) -> city3d.CityModels | None:
        """The building models, where this projection has any."""
        return None

    def forget(self, look: bool = False) -> None:
        """The city (or, `look`, its look: the palette) changed: drop what was worked out for it."""

    # -- painting ----------------------------------------------------
    def paint_grid(self, painter: QPainter, rect: QRectF) -> None:
        pen = QPen(S.TABLE_GRID, 0)
        painter.setPen(pen)
        x0 = math.floor(rect.left() / CELL)
        x1 = math.ceil(rect.right() / CELL)
        y0 = math.floor(rect.top() / CELL)
        y1 = math.ceil(rect.bottom() / CELL)
        if (x1 - x0) * (y1 - y0) > 40000:
            return
        for x in range(x0, x1 + 1):
            painter.drawLine(QPointF(x * CELL, rect.top()), QPointF(x * CELL, rect.bottom()))
        for y in range(y0, y1 + 1):
            painter.drawLine(QPointF(rect.left(), y * CELL), QPointF(rect.right(), y * CELL))

    def paint_base(self, p: QPainter, city: City) -> None:
        self.scene.paint_lots(p, holes=True)

    def paint_paving(self, p: QPainter, city: City) -> None:
        """The lots' surface (nothing in the plan)."""

    def paint_buildings(self, p: QPainter, city: City, only: set[tuple] | None = None) -> None:
        """The buildings (`only` these keys, else all but those sliding into place)."""
        sc = self.scene
        sliding = sc.sliding_keys
        for b in city.buildings:
            if only is not None or sliding:
                key = (b.type, tuple(b.properties))
                if (key not in only) if only is not None else (key in sliding):
                    continue
            cells = [city.cell_of[q] for q in b.properties]
            if not any(sc.cell_exposed(c, 4) for c in cells):
                continue
            owner = sc.owner_colours.get(b.owner) if b.owner is not None else None
            label = S.style_of(b.type).label if len(cells) == 1 else S.board_label(b.type, sc.rules)
            label = translate("BoardLabel", label)
            score = b.score if (sc.show_scores and b.breakdown is not None) else None
            seat = b.owner if (owner is not None and sc.show_markers) else None

            def draw(q: QPainter, btype=b.type, cells=cells, owner=owner, label=label, score=score, seat=seat) -> None:
                S.paint_building(q, btype, cells, owner, label, score, owner_seat=seat)

            if only is not None:  # a piece on its way (the moving layer, faded): as it is
                draw(p)
                continue
            look = (b.type, owner.rgba() if owner is not None else None, label, score, seat, S.scheme().name)
            self.sprites.paint(p, cells, look, draw)

    def paint_rising(self, p: QPainter) -> None:
        """The buildings rising into place (the city view only)."""

    def paint_moving_tile(self, p: QPainter, city: City, number: int) -> None:
        """The neighborhood `number` alone, as the board paints it (the scene
        has the painter translated to where it is on its way)."""
        sc = self.scene
        sc.paint_lots(p, holes=False)
        sc.painter.paint_numbers(p, city)

    def paint_numbers(self, p: QPainter, city: City) -> None:
        sc = self.scene
        # readable on the screen at the board's zoom: at least NUMBER_SCREEN_PX
        # high however far the board is zoomed out (up to a third of a lot)
        zoom = abs(p.worldTransform().m11()) or 1.0
        grow = min(S.NUMBER_GROW_MAX, max(1.0, S.NUMBER_SCREEN_PX / (10 * zoom)))
        f = QFont(p.font())
        f.setPixelSize(round(10 * grow))
        f.setBold(True)
        p.setFont(f)
        for prop, (x, y) in city.cell_of.items():
            if not sc.cell_exposed((x, y)):
                continue
            covered = prop in city.building_at
            r0 = S.number_rect((x, y))
            r = QRectF(r0.topLeft(), r0.size() * grow)
            if covered:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(S.panel_colour(190))
                p.drawRoundedRect(r, 4, 4)
            p.setPen(S.NUMBER_TEXT if not covered else S.PANEL_TEXT)
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, str(prop))

    def paint_heat_labels(self, p: QPainter, labels: dict[Cell, str], heat: dict[Cell, QColor]) -> None:
        for c, text in labels.items():
            colour = heat.get(c)
            p.setPen(_label_pen(colour))
            p.drawText(cell_rect(c).adjusted(0, 8, 0, 0), Qt.AlignmentFlag.AlignCenter, text)

    def paint_ghost_under(self, p: QPainter) -> None:
        """What stands under the piece in hand (the plate edges of a held neighborhood)."""

    def paint_ghost_over(self, p: QPainter) -> None:
        """What stands over the piece in hand (the see-through model of a building)."""

    # -- the pointer -------------------------------------------------
    def target_at(self, pos: QPointF) -> Target | None:
        """What lies under a scene point (a building in front hides what is behind it)."""
        city = self.scene.city
        if city is None:
            return None
        plan = self.scene.to_plan(pos)
        s = street_at(plan, 0.12)
        if s is not None and s in city.streetcar_set:
            return StreetcarTarget(s)
        prop = city.prop_at.get(cell_at(plan))
        return PropertyTarget(prop) if prop is not None else None

    def bubble_anchor(self, corners: list[QPointF]) -> QPointF:
        """Where the score bubble goes beside the corners of the ghost on screen."""
        return QPointF(max(q.x() for q in corners) + 6, max(q.y() for q in corners) + 6)


class PlanPainter(BoardPainter):
    """The board from straight above: lots, streets and flat building pieces."""


class CityPainter(BoardPainter):
    """The model city: raised cardboard neighborhoods, paved centre lots and
    little plastic buildings, seen from above at an angle."""

    hints_under_buildings = True
    streetcar_z = 2.5

    def __init__(self, scene: CityScene) -> None:
        super().__init__(scene)
        self._models: city3d.CityModels | None = None
        self._before: city3d.CityModels | None = None  # the models of the city shown before

    def forget(self, look: bool = False) -> None:
        if self._models is not None:
            self._before = self._models  # what stays the same is taken over (city3d.CityModels)
        if look:
            self._before = None
        self._models = None

    def models(self) -> city3d.CityModels | None:
        sc = self.scene
        if sc.city is None:
            return None
        if self._models is None:
            before, self._before = self._before, None
            self._models = _3d().CityModels(sc.city, self.projection, sc.owner_colours, sc.show_scores, before)
        return self._models

    def city_rect(self, plan: QRectF) -> QRectF:
        r = self.projection.map_rect(plan)
        models = self.models()
        if models is not None and models.buildings:
            r = r.united(models.bounds().adjusted(-8, -30, 8, 0))
        return r

    def layer_rect(self, r: QRectF) -> QRectF:
        return r.adjusted(0, -40, 0, 0)

    def paint_grid(self, painter: QPainter, rect: QRectF) -> None:
        """No grid under a model city: it stands on the table."""

    def paint_base(self, p: QPainter, city: City) -> None:
        sc = self.scene
        _3d().paint_ground(
            p,
            city,
            sc.rules,
            self.projection,
            sc.holes,
            lambda q: sc.paint_lots(q, holes=False),
            sc.exposed,
            sc.tile_shown,
        )

    def paint_moving_tile(self, p: QPainter, city: City, number: int) -> None:
        sc = self.scene
        _3d().paint_ground(
            p, city, sc.rules, self.projection, set(), lambda q: sc.paint_lots(q, holes=False), tile_shown=sc.tile_shown
        )
        _3d().paint_lot_numbers(p, city, self.projection, sc.cell_exposed)

    def paint_paving(self, p: QPainter, city: City) -> None:
        """The centre lots are paved: the joints of the slabs."""
        sc = self.scene
        joint = QColor(S.CENTRE.darker(118))
        joint.setAlpha(150)
        p.setPen(QPen(joint, 0.8))
        step = (CELL - 2 * S.LOT_INSET) / 4
        for prop, (x, y) in city.cell_of.items():
            if prop in city.outskirts or not sc.cell_exposed((x, y)):
                continue
            x0, y0 = x * CELL + S.LOT_INSET, y * CELL + S.LOT_INSET
            x1, y1 = x0 + 4 * step, y0 + 4 * step
            for i in range(1, 4):
                p.drawLine(QPointF(x0 + i * step, y0 + 1), QPointF(x0 + i * step, y1 - 1))
                p.drawLine(QPointF(x0 + 1, y0 + i * step), QPointF(x1 - 1, y0 + i * step))

    def paint_buildings(self, p: QPainter, city: City, only: set[tuple] | None = None) -> None:
        models = self.models()
        if models is not None and only is not None:
            models.paint(p, skip=set(models.buildings) - only)
        elif models is not None:
            models.paint(p, skip=set(self.scene.rising_keys), visible=self.scene.exposed)

    def paint_rising(self, p: QPainter) -> None:
        models = self.models()
        rising = self.scene.rising_keys
        if models is not None and rising:
            models.paint(p, rising, from_first_grown=True)

    def paint_numbers(self, p: QPainter, city: City) -> None:
        sc = self.scene
        models = self.models()
        if models is not None:
            _3d().paint_markers(p, models, sc.exposed, set(sc.rising_keys))
            if sc.show_scores:
                _3d().paint_scores(p, models, self.projection, sc.exposed, set(sc.rising_keys))
        # the free lots' numbers over the models and their discs: a building in
        # front never hides the number of a lot behind it (issue 46.7)
        _3d().paint_lot_numbers(p, city, self.projection, sc.cell_exposed)

    def paint_heat_labels(self, p: QPainter, labels: dict[Cell, str], heat: dict[Cell, QColor]) -> None:
        # upright, in the middle of each lot
        sc = self.scene
        p.save()
        p.setTransform(self.projection.ground(PLATE).inverted()[0], True)
        for c, text in labels.items():
            p.setPen(_label_pen(heat.get(c)))
            m = sc.to_scene((c[0] + 0.5) * CELL, (c[1] + 0.5) * CELL)
            p.drawText(QRectF(m.x() - 30, m.y() - 12, 60, 24), Qt.AlignmentFlag.AlignCenter, text)
        p.restore()

    def paint_ghost_under(self, p: QPainter) -> None:
        tool = self.scene.interaction.tool
        if not isinstance(tool, TileTool) or tool.pos is None:
            return
        # the neighborhood held up as a plate: its edges under its top
        w, h = footprint(self.scene.rules, tool.number, tool.rot)
        edge = QColor(S.LEGAL if tool.ok else S.ILLEGAL)
        edge.setAlpha(200)
        p.save()
        p.setTransform(self.projection.ground(PLATE).inverted()[0], True)
        r = QRectF(tool.pos[0] * CELL, tool.pos[1] * CELL, w * CELL, h * CELL)
        _3d().paint_plate_edges(p, self.projection, r, edge)
        p.restore()

    def paint_ghost_over(self, p: QPainter) -> None:
        board = self.scene.interaction
        tool = board.tool
        if not isinstance(tool, BuildingTool) or not tool.cells:
            return
        # the model itself, see-through, standing on the lit cells
        j = board.last_judgement
        ok = j is not None and j.legal
        p.save()
        p.setTransform(self.projection.ground(PLATE).inverted()[0], True)
        _3d().paint_model(p, self.projection, tool.btype, tool.cells, None, 170 if ok else 110)
        p.restore()

    def target_at(self, pos: QPointF) -> Target | None:
        city = self.scene.city
        models = self.models()
        if city is not None and models is not None:
            m = models.building_at(pos)
            if m is not None:
                props = [city.prop_at[c] for c in m.cells if c in city.prop_at]
                if props:
                    near = city.prop_at.get(cell_at(self.scene.to_plan(pos)))
                    return PropertyTarget(near if near in props else props[0])
        return super().target_at(pos)

    def bubble_anchor(self, corners: list[QPointF]) -> QPointF:
        lowest = max(corners, key=lambda q: (q.y(), q.x()))  # just below the lowest corner on screen
        return QPointF(lowest.x() + 6, lowest.y() + 6)


def painter_for(scene: CityScene) -> BoardPainter:
    """The painter of the scene's projection."""
    return CityPainter(scene) if scene.projection.is_city else PlanPainter(scene)


def _label_pen(heat: QColor | None) -> QPen:
    dark = heat is not None and heat.lightness() < 140
    return QPen(QColor("#fffaf0") if dark else QColor("#4a3410"))


__all__ = ["BoardPainter", "CityPainter", "PlanPainter", "painter_for"]
