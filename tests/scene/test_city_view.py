"""The city view: projection, picking at every camera turn, depth order,
building models from data, the view's actions and the rise animation."""

import json
import random

import pytest
from PySide6.QtCore import QPointF, QSettings
from PySide6.QtGui import QColor, QImage

from bigcity_desktop.engine import Build, PlaceStreetcar, PlaceTile
from bigcity_desktop.engine.city import street_vertices
from bigcity_desktop.engine.layout import load_layout
from bigcity_desktop.engine.rules import get_rules
from bigcity_desktop.scene import CELL, CityScene, CityView, render_city
from bigcity_desktop.scene.models3d import (
    ModelError,
    building_geometry,
    depth_order,
    has_own_model,
    model_of,
    parse_models,
    rectangles,
)
from bigcity_desktop.scene.projection import PLATE, Projection, ViewKind
from bigcity_desktop.scene.targets import PropertyTarget

from .conftest import EXAMPLE

pytestmark = pytest.mark.gui

ROTATIONS = range(4)


def city_scene(qtbot, city, rotation):
    scene = CityScene(city.rules)
    scene.animations = False
    scene.set_city(city, {0: QColor("red")})
    scene.set_view("city", rotation)
    view = CityView(scene)
    qtbot.addWidget(view)
    view.resize(700, 500)
    return scene, view


def street_mid(street):
    (i1, j1), (i2, j2) = street_vertices(street)
    return (i1 + i2) / 2 * CELL, (j1 + j2) / 2 * CELL


# ------------------------------------------------------------- projection
@pytest.mark.parametrize("rotation", ROTATIONS)
def test_projection_maps_back_exactly(rotation):
    proj = Projection(ViewKind.CITY, rotation)
    rng = random.Random(rotation)
    for _ in range(200):
        x, y = rng.uniform(-900, 900), rng.uniform(-900, 900)
        back = proj.to_plan(proj.to_scene(x, y))
        assert abs(back.x() - x) < 1e-9 and abs(back.y() - y) < 1e-9
        # the ground transform agrees with the point map
        g = proj.ground(PLATE).map(QPointF(x, y))
        s = proj.to_scene(x, y)
        assert abs(g.x() - s.x()) < 1e-9 and abs(g.y() - s.y()) < 1e-9
    # higher is up on the screen, whatever the turn
    assert proj.to_scene(10, 10, 50).y() < proj.to_scene(10, 10, 0).y()


def test_camera_turns_are_quarter_turns():
    # cell (1, 0) seen after one turn right sits where cell (0, 1)'s... the
    # four turns are distinct and the fourth brings the first back
    pts = {Projection(ViewKind.CITY, r).to_scene(100, 0).toTuple() for r in ROTATIONS}
    assert len(pts) == 4
    assert Projection(ViewKind.CITY, 3).turned(1) == Projection(ViewKind.CITY, 0)
    plan = Projection()
    assert not plan.is_city and plan.to_scene(3, 4, 99) == QPointF(3, 4)


# ---------------------------------------------------------------- picking
@pytest.mark.parametrize("rotation", ROTATIONS)
def test_picking_cells_and_streets_at_each_rotation(qtbot, example_city, rotation):
    scene, _view = city_scene(qtbot, example_city, rotation)
    city = example_city
    # every cell: the middle and points near the corners map back to it
    scene.interaction.begin_building("residence", 1, lambda props: None)
    for (x, y), _prop in city.prop_at.items():
        for fx, fy in ((0.5, 0.5), (0.08, 0.08), (0.92, 0.08), (0.08, 0.92), (0.92, 0.92)):
            scene.interaction.hover(scene.to_scene((x + fx) * CELL, (y + fy) * CELL))
            assert scene.interaction.tool.anchor == (x, y)
    scene.interaction.cancel_mode()
    # every street of the city: its middle picks it
    streets = set()
    for x, y in city.prop_at:
        streets.add(((x - 1, y), (x, y)))
        streets.add(((x, y - 1), (x, y)))
    scene.interaction.begin_streetcar(streets)
    for s in streets:
        scene.interaction.hover(scene.to_scene(*street_mid(s)))
        assert scene.interaction.tool.street == s
    scene.interaction.cancel_mode()


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_build_and_streetcar_requests_in_city_view(qtbot, example_city, rotation):
    city = example_city
    scene, _view = city_scene(qtbot, city, rotation)

    def judge(props):
        return city.judge_build("residence", props, city_hall=True)

    free = [p for p in city.cell_of if p not in city.building_at and judge([p]).legal]
    target = free[len(free) // 2]
    x, y = city.cell_of[target]
    scene.interaction.begin_building("residence", 1, judge)
    with qtbot.waitSignal(scene.interaction.actionRequested) as sig:
        assert scene.interaction.commit(scene.to_scene((x + 0.5) * CELL, (y + 0.5) * CELL))
    assert sig.args == [Build("residence", (target,))]
    street = ((0, 0), (1, 0))
    scene.interaction.begin_streetcar([street])
    with qtbot.waitSignal(scene.interaction.actionRequested) as sig2:
        assert scene.interaction.commit(scene.to_scene(*street_mid(street)))
    assert sig2.args == [PlaceStreetcar(street)]


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_click_on_a_building_picks_it(qtbot, example_city, rotation):
    scene, _view = city_scene(qtbot, example_city, rotation)
    models = scene.models()
    assert models is not None
    hall = next(m for m in models.buildings.values() if m.btype == "city_hall")
    # the top of the dome: high above the ground, still City Hall
    top = min(hall.hull.toList(), key=lambda p: p.y())
    assert scene.target_at(QPointF(top.x(), top.y() + 3)) == PropertyTarget(15)
    # the free lot next to nothing tall picks its property
    x, y = example_city.cell_of[28]
    assert scene.target_at(scene.to_scene((x + 0.5) * CELL, (y + 0.5) * CELL)) == PropertyTarget(28)


def test_tile_ghost_follows_the_pointer_in_city_view(qtbot, example_city):
    city = example_city
    scene, _view = city_scene(qtbot, city, 1)

    def positions(r):
        from bigcity_desktop.engine.city import footprint

        return city.tile_positions(*footprint(city.rules, 3, r))

    scene.interaction.begin_tile(3, positions)
    x, y = sorted(positions(0))[0]
    with qtbot.waitSignal(scene.interaction.actionRequested) as sig:
        assert scene.interaction.commit(scene.to_scene((x + 1.5) * CELL, (y + 1.5) * CELL))
    assert sig.args == [PlaceTile(3, x, y, 0)]


# -------------------------------------------------------------- depth order
def _behind(a, b, proj):
    """True if rectangle a lies wholly behind b along one of the camera's axes
    and the two overlap on screen: then a must be painted first."""
    ra = [proj.rotated(a[0], a[1]), proj.rotated(a[2], a[3])]
    rb = [proj.rotated(b[0], b[1]), proj.rotated(b[2], b[3])]
    ax0, ax1 = sorted(p[0] for p in ra)
    ay0, ay1 = sorted(p[1] for p in ra)
    bx0, bx1 = sorted(p[0] for p in rb)
    by0, by1 = sorted(p[1] for p in rb)
    overlap = ax1 - ay0 > bx0 - by1 and bx1 - by0 > ax0 - ay1
    return overlap and (ax1 <= bx0 or ay1 <= by0) and not (bx1 <= ax0 or by1 <= ay0)


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_depth_order_with_a_building_in_the_corner_of_an_l(rotation):
    # an L factory wrapped round a one-cell building: no order of whole
    # buildings is right at every turn; the pieces are
    proj = Projection(ViewKind.CITY, rotation)
    pieces = building_geometry("factory", [(0, 0), (1, 0), (0, 1)], proj) + building_geometry("bank", [(1, 1)], proj)
    pieces += building_geometry("residence", [(3, 0), (3, 1), (3, 2)], proj)
    rects = [p.rect for p in pieces]
    order = depth_order(rects, proj)
    assert sorted(order) == list(range(len(rects)))
    pos = {i: k for k, i in enumerate(order)}
    for i, a in enumerate(rects):
        for j, b in enumerate(rects):
            if i != j and _behind(a, b, proj):
                assert pos[i] < pos[j], (rotation, a, b)


# ------------------------------------------------------------------ models
def test_every_building_type_has_its_model():
    for edition in ("original", "jumbo"):
        for btype in get_rules(edition).buildings:
            assert has_own_model(btype), btype


def test_unknown_type_gets_the_generic_model():
    assert not has_own_model("lighthouse")
    assert model_of("lighthouse").parts
    pieces = building_geometry("lighthouse", [(0, 0), (1, 0)], Projection(ViewKind.CITY, 0))
    assert len(pieces) == 1 and pieces[0].faces and pieces[0].top > 0


def test_models_grow_with_size():
    proj = Projection(ViewKind.CITY, 0)
    tops = [building_geometry("business", [(i, 0) for i in range(n)], proj)[0].top for n in (1, 2, 3)]
    assert tops[0] < tops[1] < tops[2]
    church = building_geometry("church", [(0, 0)], proj)[0].top
    house = building_geometry("residence", [(0, 0)], proj)[0].top
    assert church > 2 * house  # the spire


def test_rectangles_of_shapes():
    assert rectangles([(0, 0), (1, 0), (0, 1), (1, 1)]) == [[(0, 0), (1, 0), (0, 1), (1, 1)]]
    l3 = rectangles([(0, 0), (0, 1), (1, 1)])
    assert sorted(len(r) for r in l3) == [1, 2]


@pytest.mark.parametrize(
    "text, words",
    [
        ("not json", "not JSON"),
        ('{"format": "x"}', "format"),
        ('{"format": "bigcity-models", "generic": {"parts": []}}', "parts"),
        ('{"format": "bigcity-models", "generic": {"parts": [{"kind": "dragon"}]}}', "kind"),
        (
            '{"format": "bigcity-models", "generic": {"parts": [{"kind": "block", "height": "tall"}]}}',
            "generic.parts[0].height",
        ),
        ('{"format": "bigcity-models", "generic": {"parts": [{"kind": "block", "colour": "plaid"}]}}', "colour"),
    ],
)
def test_bad_model_files_say_what_is_wrong(text, words):
    with pytest.raises(ModelError, match=words.replace("[", r"\[").replace("]", r"\]")):
        parse_models(text)


# ------------------------------------------------------------ view & render
def test_view_actions_toggle_turn_and_remember(qtbot, example_city, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    scene = CityScene(example_city.rules)
    scene.animations = False
    scene.set_city(example_city)
    view = CityView(scene)
    qtbot.addWidget(view)
    view.resize(600, 400)
    view.install_view_actions(None, settings)
    assert not scene.projection.is_city and not view.turn_left_action.isEnabled()
    view.city_action.trigger()
    assert scene.projection == Projection(ViewKind.CITY, 0)
    assert settings.value("view/projection") == "city"
    middle = scene.to_plan(view.mapToScene(view.viewport().rect().center()))
    view.turn_right_action.trigger()
    assert scene.projection.rotation == 1
    after = scene.to_plan(view.mapToScene(view.viewport().rect().center()))
    assert abs(after.x() - middle.x()) < 3 and abs(after.y() - middle.y()) < 3  # the middle stays
    view.turn_left_action.trigger()
    view.turn_left_action.trigger()
    assert scene.projection.rotation == 3
    # a new view with the same settings starts in the city view
    scene2 = CityScene(example_city.rules)
    scene2.set_city(example_city)
    view2 = CityView(scene2)
    qtbot.addWidget(view2)
    view2.install_view_actions(None, settings)
    assert scene2.projection.is_city and view2.city_action.isChecked()
    view.city_action.trigger()
    assert not scene.projection.is_city and settings.value("view/projection") == "plan"
    # highlights follow the projection
    scene.highlight_cells([15])
    view.set_view("city")
    assert all(not it.transform().isIdentity() for it in scene._highlight_items)


def test_new_building_rises_unless_animations_are_off(qtbot, example_city):
    city = example_city
    scene, _view = city_scene(qtbot, city, 0)
    scene.animations = True
    free = [p for p in city.cell_of if p not in city.building_at]
    city.place_building("residence", "single", [free[0]])
    scene.set_city(city)
    assert scene.rising
    qtbot.waitUntil(lambda: not scene.rising, timeout=3000)
    scene.animations = False
    city.place_building("residence", "single", [free[-1]])
    scene.set_city(city)
    assert not scene.rising


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_render_city_view(example_city, tmp_path, rotation):
    out = tmp_path / f"city{rotation}.png"
    w, h = render_city(example_city, out, width=500, view="city", rotation=rotation)
    img = QImage(str(out))
    assert img.width() == w == 500 and img.height() == h
    colours = {img.pixel(x, y) for x in range(0, w, 7) for y in range(0, h, 7)}
    assert len(colours) > 40  # plates, lots, walls, roofs: not an empty table


def test_example_layout_loads():
    assert load_layout(json.dumps(EXAMPLE))[1].buildings


def test_board_changes_reach_the_cached_background(qtbot, example_city):
    """The board is the views' cached background: a change must show at once."""
    scene, view = city_scene(qtbot, example_city, 0)
    view.show()
    qtbot.waitExposed(view)
    view.fit_city()
    x, y = example_city.cell_of[28]
    at = view.mapFromScene(scene.to_scene((x + 0.5) * CELL, (y + 0.3) * CELL))
    before = view.grab().toImage().pixelColor(at)
    scene.show_heatmap({(x, y): QColor("#0000ff")})
    qtbot.wait(10)
    after = view.grab().toImage().pixelColor(at)
    assert before != after and after.blue() > 200 and after.red() < 60


def test_score_discs_toggle(qtbot, example_city):
    city = example_city
    city.buildings[0].breakdown = {"base": 4}
    city.buildings[0].score = 4
    scene, view = city_scene(qtbot, city, 0)
    assert [d[3] for d in scene.models().discs()] == ["4"]
    view.scores_action.trigger()
    assert not scene.show_scores and scene.models().discs() == []
    view.scores_action.trigger()
    scene.restyle()
    assert scene.models().discs()


def test_view_follows_a_projection_set_on_the_scene(qtbot, example_city):
    scene = CityScene(example_city.rules)
    scene.set_city(example_city)
    view = CityView(scene)
    qtbot.addWidget(view)
    with qtbot.waitSignal(scene.projectionChanged):
        scene.set_view("city", 2)
    assert view.city_action.isChecked() and view.turn_left_action.isEnabled()
    assert all(b.isEnabled() for b in view.corner_buttons)
    scene.set_view("plan")
    assert not view.city_action.isChecked() and not view.corner_buttons[0].isEnabled()


def test_a_damaged_model_file_gives_plain_blocks(monkeypatch, tmp_path, caplog):
    from bigcity_desktop.scene import models3d

    bad = tmp_path / "models"
    bad.mkdir()
    (bad / "buildings.json").write_text("{ not json")
    monkeypatch.setattr(models3d, "resource_path", lambda *parts: tmp_path.joinpath(*parts))
    models3d._library.cache_clear()
    try:
        assert model_of("church") is models3d.FALLBACK
        assert "not loaded" in caplog.text
        assert building_geometry("church", [(0, 0)], Projection(ViewKind.CITY, 0))[0].faces
    finally:
        models3d._library.cache_clear()


def test_a_whole_scene_update_repaints_the_cached_board(qtbot, example_city):
    scene, view = city_scene(qtbot, example_city, 0)
    scene.set_view("plan")
    view.show()
    qtbot.waitExposed(view)
    view.fit_city()
    x, y = example_city.cell_of[28]
    at = view.mapFromScene(scene.to_scene((x + 0.5) * CELL, (y + 0.8) * CELL))
    before = view.grab().toImage().pixelColor(at)
    scene._heatmap = {(x, y): QColor("#00ff00")}  # changed behind the scene's back, then update()
    scene.update()
    qtbot.wait(10)
    after = view.grab().toImage().pixelColor(at)
    assert before != after and after.green() > 200


@pytest.mark.parametrize("view", ["plan", "city"])
def test_pointer_on_a_building_tells_its_score(qtbot, example_city, view):
    city = example_city
    city.buildings[0].breakdown = {"base": 4}
    city.buildings[0].score = 4
    scene, _view = city_scene(qtbot, city, 1)
    scene.set_view(view)
    b = city.buildings[0]
    x, y = city.cell_of[b.properties[0]]
    assert scene.interaction.point_at(scene.to_scene((x + 0.5) * CELL, (y + 0.5) * CELL)) == "City Hall on 15: 4 points"
    assert scene.interaction.hover_info == "City Hall on 15: 4 points"
    x, y = city.cell_of[28]
    assert scene.interaction.point_at(scene.to_scene((x + 0.5) * CELL, (y + 0.5) * CELL)) == ""


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_keyboard_cursor_lies_on_its_cell_in_the_city_view(qtbot, example_city, rotation):
    """The board cursor's layer turns with the board: the frame drawn for a
    cell surrounds that cell's place in the city view, and the view scrolls to it."""
    scene, view = city_scene(qtbot, example_city, rotation)
    cell = min(example_city.prop_at)
    scene.interaction.set_cursor(cell)
    centre = scene.to_scene((cell[0] + 0.5) * CELL, (cell[1] + 0.5) * CELL)
    assert scene.interaction.cursor_scene_rect().contains(centre)
    assert scene.cursor_layer.transform() == scene.projection.ground(PLATE)
    assert scene.cursor_layer.boundingRect().contains(scene.interaction.cursor_rect())


def _played_city(turns: int = 60):
    from bigcity_desktop.bots import make_bot
    from bigcity_desktop.engine import GameState

    state = GameState.new("original", 3, 4)
    bots = [make_bot("easy", i) for i in range(3)]
    for _ in range(turns):
        if state.is_over:
            break
        state.apply(bots[state.current_player].choose(state.view_for(state.current_player)))
    return state.city


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_owned_buildings_carry_their_owners_marker(qtbot, rotation):
    """The second ownership cue of the plan (a marker shape per seat) stands
    at each owned building's front corner in the city view too."""
    city = _played_city()
    scene = CityScene(city.rules)
    scene.animations = False
    scene.set_city(city, {0: QColor("red"), 1: QColor("blue"), 2: QColor("green")})
    scene.set_view("city", rotation)
    models = scene.models()
    owned = {(b.type, tuple(b.properties)): b.owner for b in city.buildings if b.owner is not None}
    marks = {key: seat for key, seat, _colour, _at in models.markers()}
    assert owned and marks == owned
    for key, _seat, _colour, at in models.markers():
        # the marker stands on the building's own footprint (its nearest corner)
        cells = models.buildings[key].cells
        plan = scene.to_plan(at)
        assert any(x * CELL <= plan.x() <= (x + 1) * CELL and y * CELL <= plan.y() <= (y + 1) * CELL for x, y in cells)
