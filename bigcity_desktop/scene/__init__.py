"""The city scene: the board shared by the game window and the sandbox.

Public API (stable; extend, do not change)::

    from bigcity_desktop.scene import CityScene, CityView, render_city, CELL

    scene = CityScene(rules, parent=None)
    scene.set_city(city, owner_colours=None)   # dict[int, QColor] | None; redraws everything
    view = CityView(scene, parent=None)
    view.fit_city(); view.zoom_in(); view.zoom_out()
    # wheel zooms around the cursor (rotates the ghost in building/tile mode),
    # Ctrl+wheel always zooms, left-drag on empty space / middle-drag pans.

The city view (scene/projection.py, models3d.py, city3d.py)::

    scene.set_view("city", rotation=0..3) / scene.set_view("plan")
    scene.set_projection(Projection(ViewKind.CITY, 1)); scene.projection
        # plan: top-down; city: isometric model city, the camera turned in
        # quarter turns. Tools keep working in plan coordinates: hover/commit
        # map the pointer back to the board (scene.to_plan), and
        # scene.to_scene(x, y) puts a plan point on the screen.
    view.set_view("city"); view.turn(+1 | -1)     # keeps the board point in the middle
    view.city_action (F3), view.turn_left_action (,), view.turn_right_action (.),
    view.scores_action; view.install_view_actions(menu, settings)  # remembers view/projection
    scene.set_show_scores(bool); scene.restyle()  # the palette changed: draw everything again
    scene.animations = None | bool   # a new building rises in the city view (prefs/animations)
    # building models are data: resources/models/buildings.json; a type
    # without its own model gets the generic one

Highlights::

    scene.highlight_cells(cells_or_props, colour)   # (x, y) cells or property numbers
    scene.highlight_streets(streets, colour)        # streets as ((x1, y1), (x2, y2))
    scene.clear_highlights()
    scene.flash_props(props, colour=..., duration_ms=1500)   # a bot's move: pulses then fades
    scene.flash_street(street, colour=..., duration_ms=1500)
    scene.select(cells_or_props=(), streets=()); scene.clear_selection()  # dashed blue outline
    scene.show_heatmap({(x, y): QColor}, labels={(x, y): "12"} | None); scene.clear_heatmap()
    scene.target_at(scene_pos) -> ("property", p) | ("streetcar", street) | None
    scene.city_rect(margin_cells=0.0) -> QRectF; scene.show_scores / scene.show_grid (bools)

Interaction modes (each ended by ``scene.cancel_mode()``, Esc, or a right click)::

    scene.begin_building(btype, size, judge)
        # judge(props: list[int]) -> engine Judgement, asked again whenever the
        # covered properties change and after every set_city. A ghost of one orientation
        # of the variant's shape follows the mouse; R / wheel rotates, M mirrors
        # (L factory). Cells light up green/red; a tooltip bubble shows the reason
        # or the score with its breakdown (also in scene.hover_text and
        # scene.last_judgement). A click on a legal spot emits
        # buildRequested(btype, props) and ends the mode.
    scene.begin_tile(number, legal_positions_fn, rotation=0, check_fn=None)
        # legal_positions_fn(rotation) -> iterable of legal top-left (x, y);
        # check_fn(number, x, y, rotation) -> reason | None explains a refusal.
        # Every legal spot of the current rotation is shown; a click on one
        # emits tileRequested(number, x, y, rotation) and ends the mode; an
        # illegal click emits message(reason) and the ghost stays.
    scene.begin_streetcar(legal_streets)
        # legal streets highlighted; a click on one emits streetcarRequested(street)
        # and ends the mode (call begin_streetcar again for the next piece).
    scene.rotate_ghost(steps=1); scene.mirror_ghost(); scene.mode  # "", "building", "tile", "streetcar"
    scene.hover(scene_pos); scene.commit(scene_pos) -> bool   # what mouse moves/clicks/drops do
    scene.tool  # None, or the mode's tool object (scene/tools.py: BuildingTool,
                # TileTool, StreetcarTool), which owns its hover, commit and paint

Drag and drop: the scene accepts ``BUILDING_MIME`` and ``TILE_MIME`` (defined
once, in scene/tools.py): ``application/x-bigcity-building`` (payload
``btype:size``) and ``application/x-bigcity-tile`` (payload ``number`` or
``number:rotation``) once
``scene.set_drop_handlers(building_judge, tile_positions, tile_check)`` has
been called with ``building_judge(btype, props) -> Judgement``,
``tile_positions(number, rotation) -> iterable of (x, y)`` and
``tile_check(number, x, y, rotation) -> reason | None``. A drag behaves like
the matching mode; a refused drop emits message(reason) and the ghost vanishes.

Signals::

    buildRequested(str btype, list props)
    tileRequested(int number, int x, int y, int rotation)
    streetcarRequested(object street)
    propertyClicked(int prop)            # left click on a property, no mode active
    streetClicked(object street)         # left click on a placed streetcar, no mode active
    contextRequested(object target, object screen_pos)  # right click; target is
                                          # ("property", p), ("streetcar", s) or None
    message(str)                         # a sentence for the status bar
    modeChanged(str)                     # "", "building", "tile", "streetcar"
    projectionChanged()                  # plan / city view, or the camera turned

Owners: buildings whose ``owner`` has a colour in ``owner_colours`` get a
thick ring of that colour; a building with a ``breakdown`` shows its score on
a small disc (``scene.show_scores = False`` hides them).

Headless::

    render_city(city, path, width=1200, owner_colours=None, view="plan", rotation=0) -> (width, height)
        # .png or .svg; view="city" draws the model city

Text helpers (no Qt): :func:`format_judgement`, :func:`breakdown_lines`.
"""

from bigcity_desktop import qtcompat

qtcompat.apply()  # PySide6 6.12 on Python 3.11: see qtcompat.py

# ruff: noqa: E402 (the imports below load Qt, so they come after the guard)
from .city_scene import BUILDING_MIME, TILE_MIME, CityScene, cell_at, street_at
from .render import ensure_app, render_city
from .style import CELL, DEFAULT_OWNER_COLOURS, building_pixmap, heat_colour, paint_icon
from .text import breakdown_lines, format_judgement
from .view import CityView

__all__ = [
    "BUILDING_MIME",
    "TILE_MIME",
    "CELL",
    "CityScene",
    "CityView",
    "DEFAULT_OWNER_COLOURS",
    "breakdown_lines",
    "building_pixmap",
    "cell_at",
    "ensure_app",
    "format_judgement",
    "heat_colour",
    "paint_icon",
    "render_city",
    "street_at",
]
