"""CityScene: the board, drawn from a snapshot of an engine City.

The scene draws; what differs between the plan and the city view is one
painter per projection (:mod:`.painters`); what a player does on the board
(the piece in hand, the board cursor, drag and drop, the requests to the
window) is its :class:`~.interaction.BoardInteraction`, ``scene.interaction``.
See the package docstring (:mod:`bigcity_desktop.scene`) for the public API.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterable
from functools import partial

from PySide6.QtCore import QEasingCurve, QPointF, QRect, QRectF, QSettings, Qt, QTimer, QVariantAnimation, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsLineItem, QGraphicsRectItem, QGraphicsScene

from bigcity_desktop.engine.city import City
from bigcity_desktop.engine.geometry import Cell
from bigcity_desktop.i18n import QT_TRANSLATE_NOOP

from . import layers as L
from . import motion as M
from . import redraw as R
from . import style as S
from .arrivals import Arrivals
from .interaction import BoardInteraction
from .layers import Layer
from .painters import BoardPainter, painter_for
from .projection import PLATE, Projection, ViewKind
from .sprites import Ground
from .style import CELL
from .targets import Target
from .tools import BUILDING_MIME, TILE_MIME, cell_at, cell_rect, street_at, street_line

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


class CityScene(QGraphicsScene):
    """The city board. See :mod:`bigcity_desktop.scene` for the contract."""

    projectionChanged = Signal()  # plan / city view or the camera's turn changed
    boundsChanged = Signal()  # the city grew or shrank (a neighborhood came or went): a fitted view refits

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
        self.painter: BoardPainter = painter_for(self)
        #: motion on/off (the rise, the slides); None: the ``prefs/animations`` setting (default on)
        self.animations: bool | None = None
        self.settings: QSettings | None = None  # where prefs/animations is read (None: QSettings())
        #: the moves come faster than they could be shown moving: no motion (game/tabletop/boardsync.py)
        self.hurry: Callable[[], bool] = lambda: False
        #: new pieces slide into place (the game window; the sandbox and the renderers do not)
        self.slide_pieces = False
        #: the board's running animations (scene/motion.py): a new move jumps them to their end
        self.motion = M.Motion(self)
        #: what the city gained since it was last shown, moving into place (scene/arrivals.py)
        self.arrivals = Arrivals(self)
        self.holes: set[Cell] = set()
        #: what the board last drew of the city: a new one repaints only what changed (scene/redraw.py)
        self.drawn: R.Drawn | None = None
        #: the ground (plates, streets, lots) painted once per city and scale (scene/sprites.py)
        self.ground_picture = Ground()
        #: seconds of new buildings' pictures one paint makes at most, the rest in the next turns
        #: (None: all at once; the game window's board at a network table: scene/sprites.py)
        self.picture_budget: float | None = None
        self.pictures_due = False  # a budgeted paint left buildings' pictures to the next turns
        self.pictures_rest = 0  # ms before the paint that makes them
        self._bounds: tuple[int, int, int, int] | None = None  # the city's bounds when last drawn
        # the board itself (lots, heat map, streetcars, buildings, numbers) is
        # painted as the scene's background, which the views cache and scroll:
        # panning copies pixels; see drawBackground and static_changed. These
        # layers keep its geometry; only rising_layer shows, for rising buildings.
        # (each layer's painting is in scene/layers.py)
        self._base = Layer(partial(L.paint_base, self), 0)
        self._heat = Layer(lambda p: L.paint_heat(self, p, self._heatmap, self._heat_labels, self._heat_best), 1)
        self.hints_layer = Layer(partial(L.paint_hints, self), 2)
        self.rising_layer = Layer(lambda p: self.painter.paint_rising(p), 3)
        self.moving_layer = Layer(self.arrivals.paint_moving, 3.5)  # the pieces sliding into place
        self._cars = Layer(partial(L.paint_cars, self), 4)
        self._nums = Layer(partial(L.paint_numbers, self), 5)
        self.ghost_layer = Layer(partial(L.paint_ghost, self), 8)
        self.cursor_layer = Layer(partial(L.paint_cursor, self), 8.5)
        self._bubble = Layer(lambda p: L.paint_bubble(self, p, self._bubble.boundingRect()), 9, ignore_transform=True)
        for it in (
            self._base,
            self._heat,
            self.hints_layer,
            self.rising_layer,
            self.moving_layer,
            self._cars,
            self._nums,
            self.ghost_layer,
            self.cursor_layer,
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
        #: what a player does on the board: the piece in hand, the cursor, the requests
        self.interaction = BoardInteraction(self)
        self.setSceneRect(QRectF(-8 * CELL, -8 * CELL, 19 * CELL, 19 * CELL))

    # ------------------------------------------------------------------ data
    def set_city(self, city: City | None, owner_colours: dict[int, QColor] | None = None) -> None:
        """Redraw everything from an engine City (kept by reference, not copied)."""
        self.city = city
        if owner_colours is not None:
            self.owner_colours = {k: QColor(v) for k, v in owner_colours.items()}
        if city is not None and city.rules is not self.rules:
            self.rules = city.rules
        self.holes = city.holes() if city is not None and city.prop_at else set()
        self.painter.forget()
        old, self.drawn = self.drawn, None
        if city is not None:
            colours = tuple(sorted((k, v.rgba()) for k, v in self.owner_colours.items()))
            look = (colours, self.show_scores, self.show_markers, id(self.rules))
            self.drawn = R.drawn(city, self.projection, self.models(), look)
        self.arrivals.city_shown(city)
        self._layout_layers()
        big = self.city_rect(10)
        self.setSceneRect(big.united(self.sceneRect()) if self.sceneRect().contains(self.city_rect(6)) else big)
        self.cursor_layer.set_rect(self.plan_rect(4))
        self.interaction.city_changed()
        self.static_changed(R.regions(old, self.drawn, self.projection) if self.drawn is not None else None)
        bounds = city.bounds() if city is not None and city.prop_at else None
        if bounds != self._bounds:
            self._bounds = bounds
            self.boundsChanged.emit()

    # ------------------------------------------------------------ projection
    def set_projection(self, projection: Projection) -> None:
        """Show the city in plan or as the city view, turned; everything drawn
        and every tool follows (the pointer is mapped back to the board)."""
        if projection == self.projection:
            return
        self.motion.finish()  # what moves, moves in one projection: it is in place in the other
        self.projection = projection
        self.painter = painter_for(self)
        self._cell_bounds = {}
        ground = self.ground()
        for layer in (self._heat, self.hints_layer, self._cars, self.ghost_layer, self.cursor_layer):
            layer.setTransform(ground)
        self._cars.setZValue(self.painter.streetcar_z)
        for it in self._highlight_items + self._select_items:
            it.setTransform(ground)
        under = self.painter.hints_under_buildings
        for it in self._highlight_items:
            it.setVisible(not under)
        self.hints_layer.setVisible(not under)
        self._layout_layers()
        self.setSceneRect(self.city_rect(10))
        self.interaction.projection_changed()
        self.static_changed()
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
        r = self.painter.layer_rect(self.city_rect(0.5))
        for layer in (self._base, self.rising_layer, self._nums):
            layer.set_rect(r)
        # the moving pieces come from beside the city
        far = self.arrivals.far()
        self.moving_layer.set_rect(r.adjusted(-far, -far, far, far))

    def models(self):
        """The building models of the city view (worked out when first needed; None in the plan)."""
        return self.painter.models()

    def animations_enabled(self) -> bool:
        """Whether motion plays here (scene/motion.py decides: ``animations``, else prefs/animations;
        never while the game `hurry`s: moves come faster than they could be shown moving)."""
        return M.animations_enabled(self.animations, self.settings) and not self.hurry()

    def tile_shown(self, number: int) -> bool:
        """Whether the neighborhood `number` is painted now (a sliding one
        only by the moving layer, the others only by the board)."""
        return self.arrivals.tile_shown(number)

    @property
    def sliding_keys(self) -> dict[tuple, float]:
        """The buildings sliding into their lots (the plan), with how far they have come."""
        return self.arrivals.sliding

    @property
    def sliding_tiles(self) -> dict[int, float]:
        """The neighborhoods sliding into place, with how far they have come."""
        return self.arrivals.sliding_tiles

    @property
    def rising(self) -> bool:
        """True while a new building is rising into place."""
        return bool(self.arrivals.rising)

    @property
    def moving(self) -> bool:
        """True while anything on the board moves into place (rises or slides)."""
        return self.motion.running

    @property
    def rising_keys(self) -> dict[tuple, float]:
        """The buildings rising into place, with how far they have risen."""
        return self.arrivals.rising

    def set_rules(self, rules) -> None:
        self.rules = rules

    def city_rect(self, margin_cells: float = 0.0) -> QRectF:
        """The scene rectangle of the city, grown by a margin in cells (in the
        city view: around the plates and every building standing on them)."""
        return self.painter.city_rect(self.plan_rect(margin_cells))

    def plan_rect(self, margin_cells: float = 0.0) -> QRectF:
        """The plan rectangle of the city (cells times CELL), grown by a margin in cells."""
        if self.city is None or not self.city.prop_at:
            r = QRectF(0, 0, 3 * CELL, 3 * CELL)
        else:
            x0, y0, x1, y1 = self.city.bounds()
            r = QRectF(x0 * CELL, y0 * CELL, (x1 - x0 + 1) * CELL, (y1 - y0 + 1) * CELL)
        m = margin_cells * CELL
        return r.adjusted(-m, -m, m, m)

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

    def target_at(self, pos: QPointF) -> Target | None:
        """What lies under a scene point: a placed streetcar, a lot, or nothing
        (in the city view a building in front hides what lies behind it)."""
        return self.painter.target_at(pos)

    # --------------------------------------------------------------- painting
    def set_show_scores(self, on: bool) -> None:
        """Show or hide the score discs of the buildings."""
        self.show_scores = bool(on)
        self.painter.forget()
        self.static_changed()

    def restyle(self) -> None:
        """The palette (scene/style.py) changed: build the models again and repaint."""
        city3d = sys.modules.get("bigcity_desktop.scene.city3d")
        if city3d is not None:  # its models are cached once it is loaded (the city view was drawn)
            city3d.clear_cache()
        self.painter.forget(look=True)
        self.static_changed()

    def static_changed(self, regions: Iterable[QRectF] | None = None) -> None:
        """The board changed: the views paint their cached background again,
        all of it, or only the scene rectangles `regions` (scene/redraw.py)."""
        if regions is None:
            self.update()
            return
        for r in regions:
            self.invalidate(r, QGraphicsScene.SceneLayer.BackgroundLayer)

    def update(self, *args) -> None:  # type: ignore[override]  # (the same overloads as Qt's)
        """Repaint; a whole-scene update() also repaints the board, which the
        views keep as their cached background (a part, update(rect), does not)."""
        if not args:
            for view in self.views():
                view.resetCachedContent()
        super().update(*args)

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        # what needs painting: when the view scrolls its cached background,
        # only the strips uncovered (the clip), so the painters skip the rest
        clip = [QRectF(r) for r in painter.clipRegion()] if painter.hasClipping() else []  # type: ignore[attr-defined]
        self._clip = [c for c in clip if c.intersects(QRectF(rect))] or [QRectF(rect)]
        sprites = self.painter.sprites
        sprites.begin(self.picture_budget)
        try:
            self._paint_board(painter, QRectF(rect))
        finally:
            self._clip = None
        # buildings whose pictures are still to come: in a later turn, after `pictures_rest` ms
        # (`pictures_due` until then)
        self.pictures_due = bool(sprites.deferred)
        if sprites.deferred:
            regions = [self.projection.map_rect(r) for r in sprites.deferred]
            QTimer.singleShot(self.pictures_rest, self, lambda: self.static_changed(regions))

    def exposed(self, scene_rect: QRectF) -> bool:
        """Whether a scene rectangle needs painting now (always, outside drawBackground)."""
        return self._clip is None or any(c.intersects(scene_rect) for c in self._clip)

    def cell_exposed(self, c: Cell, margin: float = S.LOT_INSET) -> bool:
        """Whether the lot of cell `c` (on the plates) needs painting now (a
        lot of a sliding neighborhood only by the moving layer)."""
        if self.arrivals.cell_hidden(c):
            return False
        if self._clip is None:
            return True
        key = (c, margin)
        r = self._cell_bounds.get(key)
        if r is None:
            plan = QRectF(c[0] * CELL - margin, c[1] * CELL - margin, CELL + 2 * margin, CELL + 2 * margin)
            r = self._cell_bounds[key] = self.projection.map_rect(plan)
        return any(k.intersects(r) for k in self._clip)

    def _paint_board(self, painter: QPainter, rect: QRectF) -> None:
        painter.fillRect(rect, S.TABLE)
        if self.show_grid:
            self.painter.paint_grid(painter, rect)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        ground = self.ground()
        city = self.city

        def whole_ground(q: QPainter) -> None:  # all of it, into the ground's picture
            clip, self._clip = self._clip, None
            try:
                self._base.paint(q, None)
            finally:
                self._clip = clip

        # the ground is copied from its picture while the city has no neighborhood on its way
        shown = None if self.drawn is None or self.arrivals.sliding_tiles else (self.drawn.whole, S.scheme().name)
        for layer in (self._base, self._heat, self._cars, None, self._nums):
            painter.save()
            if layer is None:
                if city is not None:
                    self.painter.paint_buildings(painter, city)
            elif layer is self._base and shown is not None:
                self.ground_picture.paint(painter, self._base.boundingRect(), shown, whole_ground)
            else:
                if layer in (self._heat, self._cars):
                    painter.setTransform(ground, True)
                layer.paint(painter, None)
                if layer is self._heat and self.painter.hints_under_buildings:
                    self._paint_highlights(painter)
                    tool = self.interaction.tool
                    if tool is not None:
                        tool.paint_hints(painter)
            painter.restore()

    def paint_lots(self, p: QPainter, holes: bool) -> None:
        """Tiles, streets and lots in plan coordinates (the plates' tops in the city view)."""
        L.paint_lots(self, p, holes)

    def update_bubble(self) -> None:
        """Size and place the score bubble beside the building ghost."""
        L.place_bubble(self, self._bubble)

    # ---------------------------------------------------------- the cursor
    def cursor_moved(self) -> None:
        """The board cursor moved: its layer and the bubble follow."""
        self.cursor_layer.set_rect(self.plan_rect(4))
        self.update_bubble()

    def piece_put_back(self, was_tile: bool) -> None:
        """The piece in hand is gone: its ghost, hints, bubble and lit spots too."""
        self.hints_layer.set_rect(QRectF())
        if was_tile and self.painter.hints_under_buildings:
            self.static_changed()  # the hints are gone from the board
        self.ghost_layer.set_rect(QRectF())
        self._bubble.set_rect(QRectF())
        self.clear_highlights()

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
            item.setTransform(self.ground())
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
            item.setTransform(self.ground())
            self._highlight_items.append(item)
        self._sync_highlights()

    def hints_changed(self) -> None:
        """Where the held piece may go changed (in the city view the hints lie
        on the board, under the buildings, painted with it)."""
        self.hints_layer.update()
        if self.painter.hints_under_buildings:
            self.static_changed()

    def ground(self) -> QTransform:
        """The transform from plan coordinates onto the plates."""
        return self.projection.ground(PLATE)

    def _sync_highlights(self) -> None:
        """In the city view lit cells and streets lie on the board, under the
        buildings: they are painted with the background, not as items."""
        under = self.painter.hints_under_buildings
        for it in self._highlight_items:
            it.setVisible(not under)
        if under:
            self.static_changed()

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
        if had and self.painter.hints_under_buildings:
            self.static_changed()

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
            item.setTransform(self.ground())
            self._select_items.append(item)
        for s in streets:
            a, b = street_line(s)
            line = self.addLine(
                a.x(), a.y(), b.x(), b.y(), QPen(S.SELECT, 16, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            )
            line.setOpacity(0.45)
            line.setZValue(3.9)
            line.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            line.setTransform(self.ground())
            self._select_items.append(line)

    def has_selection(self) -> bool:
        """Something is outlined on the board (a hint, a better move)."""
        return bool(self._select_items)

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
            item.setTransform(self.ground())
            items.append(item)
        self._animate(items, duration_ms)

    def flash_street(self, street, colour: QColor | str = S.FLASH, duration_ms: int = 1500) -> None:
        col = QColor(colour)
        a, b = street_line(street)
        item = self.addLine(a.x(), a.y(), b.x(), b.y(), QPen(col, 16, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        item.setZValue(7)
        item.setTransform(self.ground())
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
        self.static_changed()

    def clear_heatmap(self) -> None:
        self.show_heatmap({})

    # -------------------------------------------------------------- events
    def mouseMoveEvent(self, event) -> None:
        if not self.interaction.mouse_move(event):
            super().mouseMoveEvent(event)

    def mousePressEvent(self, event) -> None:
        self.interaction.mouse_press(event)

    def mouseReleaseEvent(self, event) -> None:
        event.accept() if self.interaction.mode else super().mouseReleaseEvent(event)

    def keyPressEvent(self, event) -> None:
        if self.interaction.key_press(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def dragEnterEvent(self, event) -> None:
        self.interaction.drag_enter(event)

    def dragMoveEvent(self, event) -> None:
        self.interaction.drag_move(event)

    def dragLeaveEvent(self, event) -> None:
        self.interaction.drag_leave(event)

    def dropEvent(self, event) -> None:
        self.interaction.drop(event)


__all__ = [
    "BUILDING_MIME",
    "TILE_MIME",
    "CityScene",
    "cell_at",
    "cell_rect",
    "street_at",
    "street_line",
]
