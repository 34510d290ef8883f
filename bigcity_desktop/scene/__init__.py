"""The city scene: the board shared by the game window and the sandbox.

Public API (stable; extend, do not change)::

    from bigcity_desktop.scene import CityScene, CityView, render_city, CELL

    scene = CityScene(rules, parent=None)
    scene.set_city(city, owner_colours=None)   # dict[int, QColor] | None; redraws what changed (scene/redraw.py)
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
    scene.animations = None | bool   # motion on/off; None: prefs/animations (scene/motion.py decides)
        # a new building rises in the city view; with scene.slide_pieces (the
        # game window) it slides in from the Supply's side in the plan, and a
        # new neighborhood slides in (each <= motion.MAX_MS, over the final city)
    scene.motion.animations / scene.motion.finish(); scene.moving    # a new move ends the last
    view.top_room = px   # the top of the board kept free of a fitted city (a banner); view.refit()
    view.left_room = px  # the left of the board kept free of a fitted city (the panel sheet); view.refit()
    view.overlay_room = (side, px) | None  # a side kept free of a fitted city (the coach's bubble); view.refit()
    view.fit_frame(room) -> (scale, city, free)  # where a fit with that room would put the city (no change)
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
    scene.city_rect(margin_cells=0.0) -> QRectF; scene.show_scores / scene.show_grid (bools)

The board's interaction (``scene.interaction``, a :class:`BoardInteraction`)::

    board = scene.interaction
    board.begin_building(btype, size, judge, spots=())
        # judge(props: list[int]) -> engine Judgement, asked again whenever the
        # covered properties change and after every set_city. A ghost of one orientation
        # of the variant's shape follows the mouse; R / wheel rotates, M mirrors
        # (L factory). Cells light up green/red; a bubble shows the reason
        # or the score with its breakdown (also in board.hover_text and
        # board.last_judgement). A click on a legal spot emits
        # actionRequested(Build(btype, props)) and ends the mode; N visits `spots`.
    board.begin_tile(number, legal_positions_fn, rotation=0, check_fn=None)
        # legal_positions_fn(rotation) -> iterable of legal top-left (x, y);
        # check_fn(number, x, y, rotation) -> reason | None explains a refusal.
    board.begin_streetcar(legal_streets)
        # legal streets highlighted; a click on one emits actionRequested(PlaceStreetcar(street))
    board.rotate_ghost(steps=1); board.mirror_ghost(); board.cancel_mode()
    board.mode          # a Mode: NONE (empty, falsy), BUILDING, TILE, STREETCAR
    board.tool          # None, or the piece in hand (scene/tools.py)
    board.hover(scene_pos); board.commit(scene_pos) -> bool   # what mouse moves/clicks/drops do
    board.cursor_target(); board.set_cursor(cell_or_street); board.next_spot(step)
    board.set_drop_handlers(building_judge, tile_positions, tile_check)

Targets are small values (scene/targets.py): ``PropertyTarget(prop)``,
``StreetTarget(street)`` (the board cursor on a street) and
``StreetcarTarget(street)`` (a placed streetcar under the pointer);
``scene.target_at(scene_pos)`` returns one or None.

Drag and drop: the scene accepts ``BUILDING_MIME`` and ``TILE_MIME`` (defined
once, in scene/tools.py): ``application/x-bigcity-building`` (payload
``btype:size``) and ``application/x-bigcity-tile`` (payload ``number`` or
``number:rotation``) once ``board.set_drop_handlers(...)`` has been called.
A drag behaves like the matching mode; a refused drop emits message(reason)
and the ghost vanishes.

The board's signals (on ``scene.interaction``)::

    actionRequested(object action)       # a Build, PlaceTile or PlaceStreetcar the player placed
    propertyClicked(int prop)            # left click on a property, no piece in hand
    streetClicked(object street)         # left click on a placed streetcar, no piece in hand
    contextRequested(object target, object screen_pos)  # right click; a target or None
    message(str)                         # a sentence for the status bar
    modeChanged(str)                     # a Mode
    cursorMoved(object target)           # the board cursor's target or None

and on the scene: ``projectionChanged()`` (plan / city view, or the camera turned).

Painting: one painter per projection (scene/painters.py: ``PlanPainter``,
``CityPainter``) draws the ground, the buildings, the numbers, the piece's
ghost and reads the pointer; ``scene.painter`` is the one in use. The
layers and what the board paints itself are in scene/layers.py; the pieces
moving into place, ``scene.arrivals``, in scene/arrivals.py.

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
from .interaction import BoardInteraction, on_requests
from .render import ensure_app, render_city
from .style import CELL, DEFAULT_OWNER_COLOURS, building_pixmap, heat_colour, paint_icon
from .text import breakdown_lines, format_judgement
from .view import CityView

__all__ = [
    "BUILDING_MIME",
    "BoardInteraction",
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
    "on_requests",
    "paint_icon",
    "render_city",
    "street_at",
]
