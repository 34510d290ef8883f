"""CityScene: the board, drawn from an engine City; its interaction modes
are the tools of :mod:`.tools`.

See the package docstring (:mod:`bigcity_desktop.scene`) for the public API.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from PySide6.QtCore import (
    QCoreApplication,
    QEasingCurve,
    QPointF,
    QRect,
    QRectF,
    QSettings,
    Qt,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsLineItem, QGraphicsRectItem, QGraphicsScene, QToolTip

from bigcity_desktop.engine.city import City, footprint, street_vertices
from bigcity_desktop.i18n import QT_TRANSLATE_NOOP, translate

from . import city3d
from . import style as S
from .projection import PLATE, Projection, ViewKind
from .style import CELL
from .text import building_name
from .tools import (
    BUILDING_MIME,
    MODE_BUILDING,
    MODE_NONE,
    MODE_TILE,
    TILE_MIME,
    BuildingTool,
    StreetcarTool,
    TileTool,
    Tool,
    cell_at,
    cell_rect,
    street_at,
    street_line,
)

#: the short labels painted on buildings (scene.style), for the translators; shown through translate("BoardLabel", ...)
BOARD_LABELS = (
    QT_TRANSLATE_NOOP("BoardLabel", "Residence"),
    QT_TRANSLATE_NOOP("BoardLabel", "Business"),
    QT_TRANSLATE_NOOP("BoardLabel", "City Hall"),
    QT_TRANSLATE_NOOP("BoardLabel", "Church"),
    QT_TRANSLATE_NOOP("BoardLabel", "Cinema"),
    QT_TRANSLATE_NOOP("BoardLabel", "Post"),
    QT_TRANSLATE_NOOP("BoardLabel", "Bank"),
    QT_TRANSLATE_NOOP("BoardLabel", "Mall"),
    QT_TRANSLATE_NOOP("BoardLabel", "Park"),
    QT_TRANSLATE_NOOP("BoardLabel", "Factory"),
)

__all__ = ["BUILDING_MIME", "TILE_MIME", "CityScene", "cell_at", "cell_rect", "street_at", "street_line"]

Cell = tuple[int, int]


class _Layer(QGraphicsItem):
    """An item that paints one layer of the board with a callback."""

    def __init__(self, paint_fn, z: float, ignore_transform: bool = False):
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

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self._rect

    def paint(self, painter, option, widget=None):
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        self._fn(painter)


class CityScene(QGraphicsScene):
    """The city board. See :mod:`bigcity_desktop.scene` for the contract."""

    buildRequested = Signal(str, list)
    tileRequested = Signal(int, int, int, int)
    streetcarRequested = Signal(object)
    propertyClicked = Signal(int)
    streetClicked = Signal(object)
    contextRequested = Signal(object, object)  # (("property", p) | ("streetcar", street) | None, QPoint screen)
    message = Signal(str)
    modeChanged = Signal(str)  # "", "building", "tile" or "streetcar"
    projectionChanged = Signal()  # plan / city view or the camera's turn changed
    cursorMoved = Signal(object)  # the board cursor's target: ("property", p) | ("street", s) | None

    def __init__(self, rules, parent=None):
        super().__init__(parent)
        self.rules = rules
        self.city: City | None = None
        self.owner_colours: dict[int, QColor] = {}
        self.show_scores = True
        self.show_grid = True
        self.show_markers = True  # each owner's marker shape on their buildings
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self._clip: list[QRectF] | None = None  # the strips being painted (drawBackground)
        self._cell_bounds: dict[tuple[Cell, float], QRectF] = {}  # scene bounds of lots, per projection
        #: plan (top-down) or city (isometric, turned in quarter turns): see projection.py
        self.projection = Projection()
        #: rise animation on/off; None: the ``prefs/animations`` setting (default on)
        self.animations: bool | None = None
        self.settings: QSettings | None = None  # where prefs/animations is read (None: QSettings())
        self._models: city3d.CityModels | None = None
        self._known: set[tuple] | None = None  # the buildings of the last city shown
        self._rising: dict[tuple, float] = {}
        self._rise_anims: set[QVariantAnimation] = set()
        # the board itself (lots, heat map, streetcars, buildings, numbers) is
        # painted as the scene's background, which the views cache and scroll:
        # panning copies pixels; see drawBackground and _static_changed. These
        # layers keep its geometry; only _blds shows, for rising buildings.
        self._base = _Layer(self._paint_base, 0)
        self._heat = _Layer(self._paint_heat, 1)
        self.hints_layer = _Layer(self._paint_hints, 2)
        self._blds = _Layer(self._paint_rising, 3)
        self._cars = _Layer(self._paint_cars, 4)
        self._nums = _Layer(self._paint_numbers, 5)
        self.ghost_layer = _Layer(self._paint_ghost, 8)
        self._cursor_layer = _Layer(self._paint_cursor, 8.5)
        self._bubble = _Layer(self._paint_bubble, 9, ignore_transform=True)
        for it in (
            self._base,
            self._heat,
            self.hints_layer,
            self._blds,
            self._cars,
            self._nums,
            self.ghost_layer,
            self._cursor_layer,
            self._bubble,
        ):
            self.addItem(it)
        for it in (self._base, self._heat, self._cars, self._nums):
            it.setVisible(False)
        self._highlight_items: list[QGraphicsItem] = []
        self._select_items: list[QGraphicsItem] = []
        self._flashes: set = set()
        self._heatmap: dict[Cell, QColor] = {}
        self._heat_labels: dict[Cell, str] = {}
        self._heat_best: list[Cell] = []
        self._holes: set[Cell] = set()
        # interaction state
        self.tool: Tool | None = None  # the interaction mode under way
        self._from_drag = False
        self.hover_text = ""  # the tooltip text of the ghost (for status bars and tests)
        self.hover_info = ""  # the tooltip of the building under the pointer, no piece in hand
        self.last_judgement = None
        self._drop_building_judge = None
        self._drop_tile_positions = None
        self._drop_tile_check = None
        # the board cursor, on the half-cell lattice: (2x + 1, 2y + 1) is the
        # middle of cell (x, y), (2x, 2y + 1) the street on its left and
        # (2x + 1, 2y) the street above it (corners are skipped)
        self.cursor: tuple[int, int] = (1, 1)
        self.cursor_shown = False  # drawn once the keyboard moved it; hidden by the mouse
        self._spot_index = -1
        self.setSceneRect(QRectF(-8 * CELL, -8 * CELL, 19 * CELL, 19 * CELL))

    # ------------------------------------------------------------------ data
    def set_city(self, city: City | None, owner_colours: dict[int, QColor] | None = None) -> None:
        """Redraw everything from an engine City (kept by reference, not copied)."""
        self.city = city
        if owner_colours is not None:
            self.owner_colours = {k: QColor(v) for k, v in owner_colours.items()}
        if city is not None and city.rules is not self.rules:
            self.rules = city.rules
        self._holes = city.holes() if city is not None and city.prop_at else set()
        self._models = None
        self._rise_new_buildings()
        self._layout_layers()
        big = self.city_rect(10)
        self.setSceneRect(big.united(self.sceneRect()) if self.sceneRect().contains(self.city_rect(6)) else big)
        self._cursor_layer.set_rect(self.plan_rect(4))
        if city is not None and city.prop_at and not self.plan_rect(3).contains(self._cursor_point()):
            self.cursor = self._lattice_of(min(city.prop_at, key=lambda c: (c[1], c[0])))
        if self.tool is not None:
            self.tool.city_changed()
            self.ghost_layer.set_rect(self.tool_rect())
            self.tool.refresh()
        self._static_changed()

    # ------------------------------------------------------------ projection
    def set_projection(self, projection: Projection) -> None:
        """Show the city in plan or as the city view, turned; everything drawn
        and every tool follows (the pointer is mapped back to the board)."""
        if projection == self.projection:
            return
        self.projection = projection
        self._models = None
        self._cell_bounds = {}
        ground = projection.ground(PLATE)
        for layer in (self._heat, self.hints_layer, self._cars, self.ghost_layer, self._cursor_layer):
            layer.setTransform(ground)
        # in the city view the track lies under the buildings, the discs above
        self._cars.setZValue(2.5 if projection.is_city else 4)
        for it in self._highlight_items + self._select_items:
            it.setTransform(ground)
        for it in self._highlight_items:
            it.setVisible(not projection.is_city)
        self.hints_layer.setVisible(not projection.is_city)
        self._layout_layers()
        self.setSceneRect(self.city_rect(10))
        if self.tool is not None:
            self.ghost_layer.set_rect(self.tool_rect())
            if self.mode == MODE_TILE:
                self.hints_layer.set_rect(self.tool_rect())
            self.tool.refresh()
        self._static_changed()
        self.projectionChanged.emit()

    def set_view(self, kind: ViewKind | str, rotation: int | None = None) -> None:
        """set_projection by name: ``"plan"`` or ``"city"``, keeping the rotation unless given."""
        k = ViewKind(kind)
        self.set_projection(Projection(k, self.projection.rotation if rotation is None else rotation))

    def to_plan(self, scene_pos: QPointF) -> QPointF:
        """The board point (plan coordinates on the plates) under a scene point."""
        return self.projection.to_plan(scene_pos)

    def to_scene(self, x: float, y: float, z: float = PLATE) -> QPointF:
        """A plan point (scene units of the plan, height above the table) in the scene."""
        return self.projection.to_scene(x, y, z)

    def tool_rect(self) -> QRectF:
        """Where ghosts and hints may be drawn, in plan coordinates."""
        return self.plan_rect(10)

    def _layout_layers(self) -> None:
        plan = self.plan_rect(0.5)
        for layer in (self._heat, self._cars):
            layer.set_rect(plan)
        r = self.city_rect(0.5)
        for layer in (self._base, self._blds, self._nums):
            layer.set_rect(r.adjusted(0, -40, 0, 0) if self.projection.is_city else r)

    def models(self) -> city3d.CityModels | None:
        """The building models of the city view (worked out when first needed)."""
        if self.city is None or not self.projection.is_city:
            return None
        if self._models is None:
            self._models = city3d.CityModels(self.city, self.projection, self.owner_colours, self.show_scores)
        return self._models

    def animations_enabled(self) -> bool:
        if self.animations is not None:
            return self.animations
        v = (self.settings if self.settings is not None else QSettings()).value("prefs/animations", True)
        return v if isinstance(v, bool) else str(v).lower() not in ("false", "0", "no", "off")

    def _rise_new_buildings(self) -> None:
        city = self.city
        keys = {(b.type, tuple(b.properties)) for b in city.buildings} if city is not None else set()
        new = keys - self._known if self._known is not None else set()
        self._known = keys
        if not new or len(new) > 3 or not self.projection.is_city or not self.animations_enabled():
            return
        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(650)
        anim.setEasingCurve(QEasingCurve.Type.OutBack)
        for k in new:
            self._rising[k] = 0.0

        def step(v) -> None:
            for k in new:
                self._rising[k] = float(v)
            self._blds.update()

        def done() -> None:
            for k in new:
                self._rising.pop(k, None)
            self._rise_anims.discard(anim)
            self._static_changed()

        anim.valueChanged.connect(step)
        anim.finished.connect(done)
        self._rise_anims.add(anim)
        anim.start()

    @property
    def rising(self) -> bool:
        """True while a new building is rising into place."""
        return bool(self._rising)

    def set_rules(self, rules) -> None:
        self.rules = rules

    def city_rect(self, margin_cells: float = 0.0) -> QRectF:
        """The scene rectangle of the city, grown by a margin in cells (in the
        city view: around the plates and every building standing on them)."""
        plan = self.plan_rect(margin_cells)
        if not self.projection.is_city:
            return plan
        r = self.projection.map_rect(plan)
        models = self.models()
        if models is not None and models.buildings:
            r = r.united(models.bounds().adjusted(-8, -30, 8, 0))
        return r

    def plan_rect(self, margin_cells: float = 0.0) -> QRectF:
        """The plan rectangle of the city (cells times CELL), grown by a margin in cells."""
        if self.city is None or not self.city.prop_at:
            r = QRectF(0, 0, 3 * CELL, 3 * CELL)
        else:
            x0, y0, x1, y1 = self.city.bounds()
            r = QRectF(x0 * CELL, y0 * CELL, (x1 - x0 + 1) * CELL, (y1 - y0 + 1) * CELL)
        m = margin_cells * CELL
        return r.adjusted(-m, -m, m, m)

    def cell_of_prop(self, prop: int) -> Cell | None:
        return self.city.cell_of.get(prop) if self.city is not None else None

    def prop_center(self, prop: int) -> QPointF:
        """The scene point of the middle of a property (in either view)."""
        assert self.city is not None
        x, y = self.city.cell_of[prop]
        return self.projection.to_scene((x + 0.5) * CELL, (y + 0.5) * CELL)

    def _cells(self, cells_or_props) -> list[Cell]:
        out = []
        for c in cells_or_props:
            if isinstance(c, (tuple, list)):
                out.append((int(c[0]), int(c[1])))
            elif self.city is not None and c in self.city.cell_of:
                out.append(self.city.cell_of[c])
        return out

    # --------------------------------------------------------------- painting
    def set_show_scores(self, on: bool) -> None:
        """Show or hide the score discs of the buildings."""
        self.show_scores = bool(on)
        self._models = None
        self._static_changed()

    def restyle(self) -> None:
        """The palette (scene/style.py) changed: build the models again and repaint."""
        city3d.clear_cache()
        self._models = None
        self._static_changed()

    def _static_changed(self) -> None:
        """The board changed: the views paint their cached background again."""
        self.update()

    def update(self, *args) -> None:  # type: ignore[override]  # (the same overloads as Qt's)
        """Repaint; a whole-scene update() also repaints the board, which the
        views keep as their cached background (a part, update(rect), does not)."""
        if not args:
            for view in self.views():
                view.resetCachedContent()
        super().update(*args)

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:  # noqa: N802
        # what needs painting: when the view scrolls its cached background,
        # only the strips uncovered (the clip), so the painters skip the rest
        clip = [QRectF(r) for r in painter.clipRegion()] if painter.hasClipping() else []  # type: ignore[attr-defined]
        self._clip = [c for c in clip if c.intersects(QRectF(rect))] or [QRectF(rect)]
        try:
            self._paint_board(painter, QRectF(rect))
        finally:
            self._clip = None

    def exposed(self, scene_rect: QRectF) -> bool:
        """Whether a scene rectangle needs painting now (always, outside drawBackground)."""
        return self._clip is None or any(c.intersects(scene_rect) for c in self._clip)

    def cell_exposed(self, c: Cell, margin: float = S.LOT_INSET) -> bool:
        """Whether the lot of cell `c` (on the plates) needs painting now."""
        if self._clip is None:
            return True
        key = (c, margin)
        r = self._cell_bounds.get(key)
        if r is None:
            plan = QRectF(c[0] * CELL - margin, c[1] * CELL - margin, CELL + 2 * margin, CELL + 2 * margin)
            r = self._cell_bounds[key] = self.projection.map_rect(plan)
        return any(k.intersects(r) for k in self._clip)

    def _paint_board(self, painter: QPainter, rect: QRectF) -> None:
        self._paint_table(painter, QRectF(rect))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        ground = self.projection.ground(PLATE)
        for layer in (self._base, self._heat, self._cars, None, self._nums):
            painter.save()
            if layer is None:
                models = self.models()
                if models is not None:
                    models.paint(painter, skip=set(self._rising), visible=self.exposed)
                else:
                    self._paint_buildings(painter)
            else:
                if layer in (self._heat, self._cars):
                    painter.setTransform(ground, True)
                layer.paint(painter, None)
                if layer is self._heat and self.projection.is_city:
                    self._paint_highlights(painter)
                    if self.tool is not None:
                        self.tool.paint_hints(painter)
            painter.restore()

    def _paint_table(self, painter: QPainter, rect: QRectF) -> None:
        painter.fillRect(rect, S.TABLE)
        if not self.show_grid or self.projection.is_city:
            return
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

    def _paint_base(self, p: QPainter) -> None:
        city = self.city
        if city is None:
            return
        if self.projection.is_city:
            city3d.paint_ground(
                p,
                city,
                self.rules,
                self.projection,
                self._holes,
                lambda q: self._paint_lots(q, holes=False),
                self.exposed,
            )
            city3d.paint_lot_numbers(p, city, self.projection, self.cell_exposed)
            return
        self._paint_lots(p, holes=True)

    def _paint_lots(self, p: QPainter, holes: bool) -> None:
        """Tiles, streets and lots in plan coordinates (the plates' tops in the city view)."""
        city = self.city
        assert city is not None
        # tiles: asphalt under the lots, the streets show between them
        p.setPen(QPen(S.STREET_EDGE, 1.5))
        p.setBrush(S.STREET)
        for t in city.tiles:
            w, h = footprint(self.rules, t.number, t.rotation)
            r = QRectF(t.x * CELL, t.y * CELL, w * CELL, h * CELL)
            if self.exposed(self.projection.map_rect(r)):
                p.drawRoundedRect(r, 3, 3)
        # enclosed holes: city centre without property
        for c in self._holes if holes else ():
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
            p.setPen(QColor("#7a5a2e"))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, translate("CityScene", "centre"))
        # lots: sage in the outskirts, sand in the city centre
        p.setPen(QPen(QColor(0, 0, 0, 40), 1))
        for prop, c in city.cell_of.items():
            if not self.cell_exposed(c):
                continue
            p.setBrush(S.OUTSKIRTS if prop in city.outskirts else S.CENTRE)
            p.drawRoundedRect(cell_rect(c, S.LOT_INSET), 4, 4)
        if self.projection.is_city:
            self._paint_paving(p)
        # a few dashes along the middle of the streets inside each tile
        dash = QPen(QColor(255, 255, 255, 110), 1.2, Qt.PenStyle.DashLine)
        dash.setDashPattern([3, 4])
        p.setPen(dash)
        for x, y in city.prop_at:
            if not self.cell_exposed((x, y), CELL / 2):
                continue
            if (x + 1, y) in city.prop_at:
                p.drawLine(QPointF((x + 1) * CELL, y * CELL + 8), QPointF((x + 1) * CELL, (y + 1) * CELL - 8))
            if (x, y + 1) in city.prop_at:
                p.drawLine(QPointF(x * CELL + 8, (y + 1) * CELL), QPointF((x + 1) * CELL - 8, (y + 1) * CELL))

    def _paint_paving(self, p: QPainter) -> None:
        """The city view's centre lots are paved: the joints of the slabs."""
        city = self.city
        assert city is not None
        joint = QColor(S.CENTRE.darker(118))
        joint.setAlpha(150)
        p.setPen(QPen(joint, 0.8))
        step = (CELL - 2 * S.LOT_INSET) / 4
        for prop, (x, y) in city.cell_of.items():
            if prop in city.outskirts or not self.cell_exposed((x, y)):
                continue
            x0, y0 = x * CELL + S.LOT_INSET, y * CELL + S.LOT_INSET
            x1, y1 = x0 + 4 * step, y0 + 4 * step
            for i in range(1, 4):
                p.drawLine(QPointF(x0 + i * step, y0 + 1), QPointF(x0 + i * step, y1 - 1))
                p.drawLine(QPointF(x0 + 1, y0 + i * step), QPointF(x1 - 1, y0 + i * step))

    def _paint_heat(self, p: QPainter) -> None:
        if not self._heatmap:
            return
        p.setPen(Qt.PenStyle.NoPen)
        for c, col in self._heatmap.items():
            if not self.cell_exposed(c):
                continue
            p.setBrush(col)
            p.drawRoundedRect(cell_rect(c, S.LOT_INSET + 1), 4, 4)
        if self._heat_labels:
            f = QFont(p.font())
            f.setPixelSize(17)
            f.setBold(True)
            p.setFont(f)
            city = self.projection.is_city
            if city:  # upright, in the middle of each lot
                p.save()
                p.setTransform(self._ground().inverted()[0], True)
            for c, text in self._heat_labels.items():
                heat = self._heatmap.get(c)
                dark = heat is not None and heat.lightness() < 140
                p.setPen(QColor("#fffaf0") if dark else QColor("#4a3410"))
                if city:
                    m = self.to_scene((c[0] + 0.5) * CELL, (c[1] + 0.5) * CELL)
                    p.drawText(QRectF(m.x() - 30, m.y() - 12, 60, 24), Qt.AlignmentFlag.AlignCenter, text)
                else:
                    p.drawText(cell_rect(c).adjusted(0, 8, 0, 0), Qt.AlignmentFlag.AlignCenter, text)
            if city:
                p.restore()
        if self._heat_best:
            pen = QPen(QColor("#3b1d00"), 3.5, Qt.PenStyle.DashLine)
            pen.setDashPattern([3, 2])
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(S.cells_path(self._heat_best, S.LOT_INSET - 1.5, 6))

    def _paint_rising(self, p: QPainter) -> None:
        """The buildings rising into place (city view), with every piece in
        front of them painted again over them."""
        models = self.models()
        if models is not None and self._rising:
            models.paint(p, self._rising, from_first_grown=True)

    def _paint_buildings(self, p: QPainter) -> None:
        city = self.city
        if city is None:
            return
        for b in city.buildings:
            cells = [city.cell_of[q] for q in b.properties]
            if not any(self.cell_exposed(c, 4) for c in cells):
                continue
            owner = self.owner_colours.get(b.owner) if b.owner is not None else None
            label = S.style_of(b.type).label if len(cells) == 1 else S.board_label(b.type, self.rules)
            label = translate("BoardLabel", label)
            score = b.score if (self.show_scores and b.breakdown is not None) else None
            seat = b.owner if (owner is not None and self.show_markers) else None
            S.paint_building(p, b.type, cells, owner, label, score, owner_seat=seat)

    def _paint_cars(self, p: QPainter) -> None:
        city = self.city
        if city is None or not city.streetcars:
            return
        if not any(self.cell_exposed(c, CELL / 4) for s in city.streetcars for c in s):
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

    def _paint_numbers(self, p: QPainter) -> None:
        city = self.city
        if city is None:
            return
        models = self.models()
        if models is not None:
            city3d.paint_markers(p, models, self.exposed, set(self._rising))
            if self.show_scores:
                city3d.paint_scores(p, models, self.projection, self.exposed, set(self._rising))
            return
        f = QFont(p.font())
        f.setPixelSize(10)
        f.setBold(True)
        p.setFont(f)
        for prop, (x, y) in city.cell_of.items():
            if not self.cell_exposed((x, y)):
                continue
            covered = prop in city.building_at
            r = S.number_rect((x, y))
            if covered:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(255, 255, 255, 190))
                p.drawRoundedRect(r, 4, 4)
            p.setPen(S.NUMBER_TEXT)
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, str(prop))

    def _paint_hints(self, p: QPainter) -> None:
        if self.tool is not None:
            self.tool.paint_hints(p)

    def _paint_ghost(self, p: QPainter) -> None:
        if self.tool is None:
            return
        tool = self.tool
        if self.projection.is_city and isinstance(tool, TileTool) and tool.pos is not None:
            # the neighborhood held up as a plate: its edges under its top
            w, h = footprint(self.rules, tool.number, tool.rot)
            edge = QColor(S.LEGAL if tool.ok else S.ILLEGAL)
            edge.setAlpha(200)
            p.save()
            p.setTransform(self.projection.ground(PLATE).inverted()[0], True)
            r = QRectF(tool.pos[0] * CELL, tool.pos[1] * CELL, w * CELL, h * CELL)
            city3d.paint_plate_edges(p, self.projection, r, edge)
            p.restore()
        tool.paint_ghost(p)
        if self.projection.is_city and isinstance(tool, BuildingTool) and tool.cells:
            # the model itself, see-through, standing on the lit cells
            j = self.last_judgement
            ok = j is not None and j.legal
            p.save()
            p.setTransform(self.projection.ground(PLATE).inverted()[0], True)
            city3d.paint_model(p, self.projection, tool.btype, tool.cells, None, 170 if ok else 110)
            p.restore()

    def _paint_bubble(self, p: QPainter) -> None:
        text = self.hover_text
        if not text or self.mode != MODE_BUILDING:
            return
        f = QFont(p.font())
        f.setPixelSize(12)
        p.setFont(f)
        r = self._bubble.boundingRect()
        ok = self.last_judgement is not None and self.last_judgement.legal
        p.setPen(QPen(S.LEGAL.darker(130) if ok else S.ILLEGAL.darker(120), 1.5))
        p.setBrush(QColor(255, 253, 245, 240))
        p.drawRoundedRect(r.adjusted(1, 1, -1, -1), 6, 6)
        p.setPen(QColor("#2b2a26"))
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap
        p.drawText(r.adjusted(8, 6, -8, -6), int(flags), text)

    def update_bubble(self) -> None:
        """Size and place the score bubble beside the building ghost."""
        cells = self.tool.bubble_cells() if self.tool is not None else []
        if not self.hover_text or not cells:
            self._bubble.set_rect(QRectF())
            return
        from PySide6.QtGui import QFontMetricsF

        f = QFont(self.font())
        f.setPixelSize(12)
        fm = QFontMetricsF(f)
        lines = self.hover_text.split("\n")
        # at most 420 px wide, and never wider than the board on screen
        widest = 420.0
        for view in self.views():
            widest = max(160.0, min(widest, view.viewport().width() - 12.0))
        w = min(widest, max(fm.horizontalAdvance(ln) for ln in lines) + 18)
        h = fm.lineSpacing() * len(lines) + 14
        if w >= widest:  # long reasons wrap
            br = fm.boundingRect(QRectF(0, 0, w - 16, 2000), int(Qt.TextFlag.TextWordWrap), self.hover_text)
            h = br.height() + 14
        self._bubble.set_rect(QRectF(0, 0, w, h))
        # the bubble sits below and right of the cells on screen (flipped
        # left / up near the view's edges), whichever way the camera turns
        corners = [self.to_scene(x * CELL, y * CELL) for cx, cy in cells for x in (cx, cx + 1) for y in (cy, cy + 1)]
        right = max(q.x() for q in corners)
        left = min(q.x() for q in corners)
        low = max(q.y() for q in corners)
        high = min(q.y() for q in corners)
        if self.projection.is_city:  # just below the lowest corner on screen
            lowest = max(corners, key=lambda q: (q.y(), q.x()))
            pos = QPointF(lowest.x() + 6, lowest.y() + 6)
        else:
            pos = QPointF(right + 6, low + 6)
        for view in self.views():
            vp = view.viewport().rect()
            at = view.mapFromScene(pos)
            if at.x() + w > vp.width():
                corner = view.mapFromScene(QPointF(left - 6, high))
                at.setX(max(0, int(corner.x() - w)))
                at.setY(corner.y())
            if at.y() + h > vp.height():
                top = view.mapFromScene(QPointF(0, high - 6)).y() - h
                at.setY(max(0, int(top)))
            # whole on screen, even when the ghost is near an edge
            at.setX(max(0, min(at.x(), int(vp.width() - w))))
            at.setY(max(0, min(at.y(), int(vp.height() - h))))
            pos = view.mapToScene(at)
            break
        self._bubble.setPos(pos)

    # ---------------------------------------------------------- board cursor
    @staticmethod
    def _lattice_of(cell: Cell) -> tuple[int, int]:
        return (2 * cell[0] + 1, 2 * cell[1] + 1)

    def _cursor_point(self) -> QPointF:
        return QPointF(self.cursor[0] * CELL / 2, self.cursor[1] * CELL / 2)

    def cursor_cell(self) -> Cell | None:
        """The cell under the board cursor (None when it is on a street)."""
        i, j = self.cursor
        if i % 2 and j % 2:
            return ((i - 1) // 2, (j - 1) // 2)
        return None

    def cursor_street(self) -> tuple[Cell, Cell] | None:
        """The street under the board cursor (None when it is on a lot)."""
        i, j = self.cursor
        if i % 2 == 0 and j % 2:
            return ((i // 2 - 1, (j - 1) // 2), (i // 2, (j - 1) // 2))
        if j % 2 == 0 and i % 2:
            return (((i - 1) // 2, j // 2 - 1), ((i - 1) // 2, j // 2))
        return None

    def cursor_target(self):
        """What the board cursor is on: ("property", p), ("street", s) or None."""
        street = self.cursor_street()
        if street is not None:
            return ("street", street)
        cell = self.cursor_cell()
        if cell is not None and self.city is not None and cell in self.city.prop_at:
            return ("property", self.city.prop_at[cell])
        return None

    def cursor_scene_rect(self) -> QRectF:
        """The scene rectangle the board cursor marks (in the city view: around
        its cell or street on the board)."""
        return self._ground().mapRect(self.cursor_rect())

    def cursor_rect(self) -> QRectF:
        """The plan rectangle the board cursor marks (the cursor's layer lies
        on the board: the city view turns it with the board)."""
        cell = self.cursor_cell()
        if cell is not None:
            return cell_rect(cell)
        street = self.cursor_street()
        assert street is not None
        a, b = street_line(street)
        return QRectF(a, b).normalized().adjusted(-8, -8, 8, 8)

    def set_cursor(self, where) -> None:
        """Put the board cursor on a cell (x, y) or a street ((x1, y1), (x2, y2))."""
        if isinstance(where[0], (tuple, list)):
            (x1, y1), (x2, y2) = where
            self.cursor = (2 * x2, 2 * y2 + 1) if x1 != x2 else (2 * x2 + 1, 2 * y2)
        else:
            self.cursor = self._lattice_of((int(where[0]), int(where[1])))
        self._cursor_changed(move_tool=False)

    def move_cursor(self, dx: int, dy: int) -> None:
        """An arrow key: one cell, or half a cell (lot, street, lot...) while
        placing streetcars; the cursor stays within three cells of the city."""
        i, j = self.cursor
        if self.tool is not None and self.tool.street_cursor():
            i, j = i + dx, j + dy
            if i % 2 == 0 and j % 2 == 0:  # a corner: step over it
                i, j = i + dx, j + dy
        else:
            # from a street: onto the lot beside it (the one ahead, if moving across it)
            if i % 2 == 0:
                i, dx = (i + dx, 0) if dx else (i + 1, dx)
            if j % 2 == 0:
                j, dy = (j + dy, 0) if dy else (j + 1, dy)
            i, j = i + 2 * dx, j + 2 * dy
        r = self.city_rect(3)
        lo_i, hi_i = round(2 * r.left() / CELL), round(2 * r.right() / CELL)
        lo_j, hi_j = round(2 * r.top() / CELL), round(2 * r.bottom() / CELL)
        if lo_i < i < hi_i and lo_j < j < hi_j:
            self.cursor = (i, j)
        self._cursor_changed()

    def _cursor_changed(self, move_tool: bool = True) -> None:
        self.cursor_shown = True
        if move_tool and self.tool is not None:
            self.tool.key_hover(self.cursor_cell(), self.cursor_street())
        self._cursor_layer.set_rect(self.plan_rect(4))
        self.update_bubble()
        self.cursorMoved.emit(self.cursor_target())

    def hide_cursor(self) -> None:
        if self.cursor_shown:
            self.cursor_shown = False
            self._cursor_layer.update()

    def show_cursor(self) -> None:
        """Show the board cursor where it is (the board got the keyboard focus)."""
        self.cursor_shown = True
        self._cursor_layer.update()
        self.cursorMoved.emit(self.cursor_target())

    def next_spot(self, step: int = 1) -> bool:
        """The cycle key: the piece (and the cursor) to the next lit legal spot."""
        if self.tool is None:
            return False
        spots = self.tool.spots()
        if not spots:
            self.message.emit(QCoreApplication.translate("CityScene", "There is no legal spot for this piece now."))
            return False
        self._spot_index = (self._spot_index + step) % len(spots)
        where = self.tool.goto_spot(spots[self._spot_index])
        if where is None:
            return False
        self.set_cursor(where)
        self.ghost_layer.update()
        return True

    def activate_cursor(self) -> bool:
        """Enter or Space: place the piece, or (no piece) tell what is under the cursor."""
        if self.tool is not None:
            self.tool.key_hover(self.cursor_cell(), self.cursor_street())
            return self.commit()
        target = self.cursor_target()
        if target is None:
            return False
        kind, what = target
        if kind == "street":
            if self.city is not None and what in self.city.streetcar_set:
                self.streetClicked.emit(what)
                return True
            return False
        self.propertyClicked.emit(what)
        return True

    def _paint_cursor(self, p: QPainter) -> None:
        if not self.cursor_shown or self.city is None:
            return
        street = self.cursor_street()
        for colour, width in ((QColor(255, 255, 255, 230), 7.0), (S.CURSOR, 3.5)):
            pen = QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            if street is not None:
                a, b = street_line(street)
                p.drawLine(a, b)
            else:
                p.drawRoundedRect(self.cursor_rect().adjusted(1.5, 1.5, -1.5, -1.5), 7, 7)

    # ------------------------------------------------------------- highlights
    def highlight_cells(self, cells_or_props: Iterable, colour: QColor | str = S.LEGAL) -> None:
        """Outline and tint cells (given as (x, y) cells or property numbers)."""
        col = QColor(colour)
        for c in self._cells(cells_or_props):
            fill = QColor(col)
            fill.setAlpha(min(col.alpha(), 80))
            item = self.addRect(cell_rect(c, 2), QPen(col, 2.5), QBrush(fill))
            item.setZValue(6)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            item.setTransform(self._ground())
            self._highlight_items.append(item)
        self._sync_highlights()

    def highlight_streets(self, streets: Iterable, colour: QColor | str = S.HINT) -> None:
        col = QColor(colour)
        if col.alpha() == 255:
            col.setAlpha(170)
        pen = QPen(col, 8, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        for s in streets:
            a, b = street_line(s)
            item = self.addLine(a.x(), a.y(), b.x(), b.y(), pen)
            item.setZValue(6)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            item.setTransform(self._ground())
            self._highlight_items.append(item)
        self._sync_highlights()

    def hints_changed(self) -> None:
        """Where the held piece may go changed (in the city view the hints lie
        on the board, under the buildings, painted with it)."""
        self.hints_layer.update()
        if self.projection.is_city:
            self._static_changed()

    def _ground(self) -> QTransform:
        return self.projection.ground(PLATE)

    def _sync_highlights(self) -> None:
        """In the city view lit cells and streets lie on the board, under the
        buildings: they are painted with the background, not as items."""
        city = self.projection.is_city
        for it in self._highlight_items:
            it.setVisible(not city)
        if city:
            self._static_changed()

    def _paint_highlights(self, p: QPainter) -> None:
        for it in self._highlight_items:
            if isinstance(it, QGraphicsRectItem):
                p.setPen(it.pen())
                p.setBrush(it.brush())
                p.drawRect(it.rect())
            elif isinstance(it, QGraphicsLineItem):
                p.setPen(it.pen())
                p.drawLine(it.line())

    def clear_highlights(self) -> None:
        had = bool(self._highlight_items)
        for it in self._highlight_items:
            self.removeItem(it)
        self._highlight_items = []
        if had and self.projection.is_city:
            self._static_changed()

    def select(self, cells_or_props: Iterable = (), streets: Iterable = ()) -> None:
        """Mark the selected piece with a dashed blue outline (replaces the old selection)."""
        self.clear_selection()
        pen = QPen(S.SELECT, 3, Qt.PenStyle.DashLine)
        cells = self._cells(cells_or_props)
        if cells:
            path = S.cells_path(cells, 3, 7)
            item = self.addPath(path, pen, QBrush(QColor(30, 90, 200, 30)))
            item.setZValue(6.5)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            item.setTransform(self._ground())
            self._select_items.append(item)
        for s in streets:
            a, b = street_line(s)
            line = self.addLine(
                a.x(), a.y(), b.x(), b.y(), QPen(S.SELECT, 16, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            )
            line.setOpacity(0.45)
            line.setZValue(3.9)
            line.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            line.setTransform(self._ground())
            self._select_items.append(line)

    def clear_selection(self) -> None:
        for it in self._select_items:
            self.removeItem(it)
        self._select_items = []

    def flash_props(self, props: Iterable, colour: QColor | str = S.FLASH, duration_ms: int = 1500) -> None:
        """Pulse a few cells (a bot's move) and fade out."""
        col = QColor(colour)
        items = []
        for c in self._cells(props):
            item = self.addRect(
                cell_rect(c, 1), QPen(col.darker(130), 4), QBrush(QColor(col.red(), col.green(), col.blue(), 120))
            )
            item.setZValue(7)
            item.setTransform(self._ground())
            items.append(item)
        self._animate(items, duration_ms)

    def flash_street(self, street, colour: QColor | str = S.FLASH, duration_ms: int = 1500) -> None:
        col = QColor(colour)
        a, b = street_line(street)
        item = self.addLine(a.x(), a.y(), b.x(), b.y(), QPen(col, 16, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        item.setZValue(7)
        item.setTransform(self._ground())
        self._animate([item], duration_ms)

    def _animate(self, items, duration_ms: int) -> None:
        if not items:
            return
        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(duration_ms)
        anim.setEasingCurve(QEasingCurve.Type.Linear)

        def step(v):
            v = float(v)
            op = (0.55 + 0.45 * math.cos(v * 3 * 2 * math.pi)) * (1.0 - v * v)
            for it in items:
                it.setOpacity(max(0.0, op))

        def done():
            for it in items:
                if it.scene() is self:
                    self.removeItem(it)
            self._flashes.discard(anim)

        anim.valueChanged.connect(step)
        anim.finished.connect(done)
        self._flashes.add(anim)
        anim.start()

    # ---------------------------------------------------------------- heat map
    def show_heatmap(
        self, colours: dict[Cell, QColor], labels: dict[Cell, str] | None = None, best: Iterable | None = None
    ) -> None:
        """Colour cells (x, y) -> QColor under the buildings, with an optional
        text per cell (e.g. the best score) and an outline around the `best`
        cells or properties; {} clears it."""
        self._heatmap = {(c[0], c[1]): QColor(v) for c, v in colours.items()}
        self._heat_labels = {(c[0], c[1]): str(v) for c, v in (labels or {}).items()}
        self._heat_best = self._cells(best or ())
        self._static_changed()

    def clear_heatmap(self) -> None:
        self.show_heatmap({})

    # -------------------------------------------------------------- modes
    def set_drop_handlers(
        self,
        building_judge: Callable | None = None,
        tile_positions: Callable | None = None,
        tile_check: Callable | None = None,
    ) -> None:
        """Callables used when a palette or tray item is dropped on the scene:
        ``building_judge(btype, props) -> Judgement``,
        ``tile_positions(number, rotation) -> iterable of (x, y)``,
        ``tile_check(number, x, y, rotation) -> reason or None``."""
        self._drop_building_judge = building_judge
        self._drop_tile_positions = tile_positions
        self._drop_tile_check = tile_check

    @property
    def mode(self) -> str:
        """ "" (no tool), "building", "tile" or "streetcar"."""
        return self.tool.mode if self.tool is not None else MODE_NONE

    def cancel_mode(self) -> None:
        was = self.mode
        self.tool = None
        self._from_drag = False
        self.hover_text = ""
        self.last_judgement = None
        self.hints_layer.set_rect(QRectF())
        if was == MODE_TILE and self.projection.is_city:
            self._static_changed()  # the hints are gone from the board
        self.ghost_layer.set_rect(QRectF())
        self._bubble.set_rect(QRectF())
        self.clear_highlights()
        QToolTip.hideText()
        if was:
            self.hide_cursor()  # the next arrow key shows it again
            self.modeChanged.emit(MODE_NONE)

    def _start(self, tool: Tool) -> None:
        self.cancel_mode()
        self.tool = tool
        self._spot_index = -1
        i, j = self.cursor
        if not tool.street_cursor() and not (i % 2 and j % 2):  # from a street onto a lot
            self.cursor = (i | 1, j | 1)
        self.ghost_layer.set_rect(self.tool_rect())
        self.modeChanged.emit(tool.mode)

    @property
    def rotatable(self) -> bool:
        return self.tool is not None and self.tool.rotatable

    def begin_building(self, btype: str, size: int, judge: Callable, spots: Iterable | None = None) -> None:
        """Ghost of a `size`-cell `btype` follows the mouse; `judge(props) ->
        Judgement` is asked on hover; a click on a legal spot emits
        buildRequested(btype, props). `spots` (property tuples) are the legal
        spots the cycle key visits."""
        tool = BuildingTool(self, btype, size, judge, spots or ())  # ValueError: no such variant
        self._start(tool)

    def begin_tile(
        self, number: int, legal_positions_fn: Callable, rotation: int = 0, check_fn: Callable | None = None
    ) -> None:
        """Ghost of tile `number` follows the mouse snapped to the grid.
        ``legal_positions_fn(rotation) -> iterable of (x, y)`` gives the legal
        top-left corners; ``check_fn(number, x, y, rotation) -> reason | None``
        explains a refused drop. A click on a legal spot emits tileRequested."""
        self._start(TileTool(self, number, legal_positions_fn, rotation, check_fn))
        self.hints_layer.set_rect(self.tool_rect())
        self.hints_changed()

    def begin_streetcar(self, legal_streets: Iterable) -> None:
        """Highlight the legal streets; a click on one emits streetcarRequested(street)."""
        tool = StreetcarTool(self, legal_streets)
        self._start(tool)
        self.highlight_streets(sorted(tool.legal), QColor(40, 110, 200, 120))
        if not tool.legal:
            self.message.emit(translate("CityScene", "No street can take a streetcar now."))

    def rotate_ghost(self, steps: int = 1) -> None:
        if self.tool is not None and self.tool.rotatable:
            self.tool.rotate(steps)

    def mirror_ghost(self) -> None:
        if self.tool is not None:
            self.tool.mirror()

    @property
    def tile_rotation(self) -> int:
        return self.tool.rot if isinstance(self.tool, TileTool) else 0

    def ghost_shape(self) -> list[Cell]:
        """The normalised cells of the building ghost in its current orientation."""
        assert isinstance(self.tool, BuildingTool)
        return self.tool.shape()

    # hover and commit, shared by mouse and drag-and-drop
    def hover(self, pos: QPointF) -> None:
        """The pointer is at scene point `pos` (in the city view it is mapped
        back to the board, so the tools work in plan coordinates)."""
        if self.tool is not None:
            self.tool.hover(self.to_plan(pos))

    def commit(self, pos: QPointF | None = None) -> bool:
        """Act on the current ghost (a click or a drop); True if a request was emitted."""
        if pos is not None:
            self.hover(pos)
        return self.tool.commit() if self.tool is not None else False

    # -------------------------------------------------------------- events
    def mouseMoveEvent(self, event) -> None:  # noqa: N802
        if event.buttons() == Qt.MouseButton.NoButton or self.mode:
            self.hide_cursor()
        if self.mode:
            self.hover(event.scenePos())
            event.accept()
            return
        if event.buttons() == Qt.MouseButton.NoButton:
            self.point_at(event.scenePos(), event.screenPos())
        super().mouseMoveEvent(event)

    def point_at(self, pos: QPointF, screen_pos=None) -> str:
        """The pointer rests on the board with no piece in hand: a building
        under it tells its name and score in a tooltip (also in
        ``scene.hover_info``; "" when there is no building)."""
        text = ""
        target = self.target_at(pos)
        city = self.city
        if target is not None and target[0] == "property" and city is not None:
            idx = city.building_at.get(target[1])
            if idx is not None:
                b = city.buildings[idx]
                where = ", ".join(str(q) for q in b.properties)
                name = building_name(self.rules, b.type, len(b.properties))
                if b.breakdown is not None:
                    text = self.tr("{name} on {where}: {score} points").format(name=name, where=where, score=b.score)
                else:
                    text = self.tr("{name} on {where}").format(name=name, where=where)
        if text != self.hover_info:
            self.hover_info = text
            if screen_pos is not None:
                if text:
                    QToolTip.showText(screen_pos, text)
                else:
                    QToolTip.hideText()
        return text

    def mousePressEvent(self, event) -> None:  # noqa: N802
        pos = event.scenePos()
        if self.mode:
            if event.button() == Qt.MouseButton.LeftButton:
                self.commit(pos)
                event.accept()
                return
            if event.button() == Qt.MouseButton.RightButton:
                self.cancel_mode()
                event.accept()
                return
            event.ignore()
            return
        target = self.target_at(pos)
        if event.button() == Qt.MouseButton.RightButton:
            self.contextRequested.emit(target, event.screenPos())
            event.accept()
            return
        if event.button() == Qt.MouseButton.LeftButton and target is not None:
            kind, what = target
            if kind == "streetcar":
                self.streetClicked.emit(what)
            else:
                self.propertyClicked.emit(what)
            event.accept()
            return
        event.ignore()

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802
        event.accept() if self.mode else super().mouseReleaseEvent(event)

    def target_at(self, pos: QPointF):
        """("streetcar", street), ("property", prop) or None under a scene point
        (in the city view a building in front hides what lies behind it)."""
        if self.city is None:
            return None
        models = self.models()
        if models is not None:
            m = models.building_at(pos)
            if m is not None:
                props = [self.city.prop_at[c] for c in m.cells if c in self.city.prop_at]
                if props:
                    near = self.city.prop_at.get(cell_at(self.to_plan(pos)))
                    return ("property", near if near in props else props[0])
        pos = self.to_plan(pos)
        s = street_at(pos, 0.12)
        if s is not None and s in self.city.streetcar_set:
            return ("streetcar", s)
        prop = self.city.prop_at.get(cell_at(pos))
        if prop is not None:
            return ("property", prop)
        return None

    def keyPressEvent(self, event) -> None:  # noqa: N802
        key = event.key()
        if key == Qt.Key.Key_Escape and self.mode:
            self.cancel_mode()
            self.message.emit(translate("CityScene", "Cancelled."))
            event.accept()
            return
        if key == Qt.Key.Key_R and self.rotatable:
            self.rotate_ghost(-1 if event.modifiers() & Qt.KeyboardModifier.ShiftModifier else 1)
            event.accept()
            return
        if key == Qt.Key.Key_M and self.mode == MODE_BUILDING:
            self.mirror_ghost()
            event.accept()
            return
        arrows = {
            Qt.Key.Key_Left: (-1, 0),
            Qt.Key.Key_Right: (1, 0),
            Qt.Key.Key_Up: (0, -1),
            Qt.Key.Key_Down: (0, 1),
        }
        if key in arrows and self.city is not None and self.city.prop_at:
            if not self.cursor_shown and self.tool is None:
                self.show_cursor()  # the first press shows where the cursor is
            else:
                self.move_cursor(*arrows[key])
            event.accept()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and self.city is not None:
            self.activate_cursor()
            event.accept()
            return
        super().keyPressEvent(event)

    # drag and drop from palettes
    def dragEnterEvent(self, event) -> None:  # noqa: N802
        md = event.mimeData()
        try:
            if md.hasFormat(BUILDING_MIME):
                btype, size = bytes(md.data(BUILDING_MIME)).decode().split(":")
                judge = self._drop_building_judge
                if judge is None:
                    event.ignore()
                    return
                self.begin_building(btype, int(size), lambda props, _b=btype: judge(_b, props))
            elif md.hasFormat(TILE_MIME):
                parts = bytes(md.data(TILE_MIME)).decode().split(":")
                number = int(parts[0])
                if self._drop_tile_positions is None:
                    event.ignore()
                    return
                if len(parts) > 1:
                    rot = int(parts[1]) % 4
                else:
                    t = self.tool
                    rot = t.rot if isinstance(t, TileTool) and t.number == number else 0
                fn = self._drop_tile_positions
                self.begin_tile(number, lambda r, _n=number: fn(_n, r), rotation=rot, check_fn=self._drop_tile_check)
            else:
                event.ignore()
                return
        except (ValueError, KeyError):
            event.ignore()
            return
        self._from_drag = True
        self.hover(event.scenePos())
        event.acceptProposedAction()

    def dragMoveEvent(self, event) -> None:  # noqa: N802
        if not self._from_drag:
            event.ignore()
            return
        self.hover(event.scenePos())
        event.acceptProposedAction()

    def dragLeaveEvent(self, event) -> None:  # noqa: N802
        if self._from_drag:
            self.cancel_mode()
        event.accept()

    def dropEvent(self, event) -> None:  # noqa: N802
        if not self._from_drag:
            event.ignore()
            return
        ok = self.commit(event.scenePos())
        if ok:
            event.acceptProposedAction()
        else:
            # refused: the ghost snaps back to the palette
            self.cancel_mode()
            event.ignore()
