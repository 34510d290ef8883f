"""Motion on the board (scene/motion.py, issue 25.3): a new building slides
in from the Supply's side and drops into its lot (the plan) or rises (the
city view), a new neighborhood slides in; each animation at most 400 ms,
painted over a city that is already final, jumped to its end by the next
move, and never made with the animations preference off."""

import json

import pytest
from PySide6.QtCore import QVariantAnimation
from PySide6.QtGui import QColor

from bigcity_desktop.engine.layout import load_layout
from bigcity_desktop.scene import CityScene, CityView
from bigcity_desktop.scene.motion import MAX_MS, Motion, animations_enabled
from bigcity_desktop.scene.targets import PropertyTarget

from .conftest import EXAMPLE

pytestmark = pytest.mark.gui


def _scene(qtbot, view="plan", animations=True):
    city = load_layout(json.dumps(EXAMPLE))[1]
    scene = CityScene(city.rules)
    scene.animations = animations
    scene.slide_pieces = True
    scene.set_view(view)
    scene.set_city(city, {0: QColor("red")})
    v = CityView(scene)
    qtbot.addWidget(v)
    v.resize(600, 450)
    v.show()
    v.fit_city(4)
    return city, scene, v


def _free(city):
    return [p for p in city.cell_of if p not in city.building_at]


def _durations(scene):
    return [a.duration() for a in scene.motion.animations]


def test_a_new_building_slides_into_its_lot_over_the_final_city(qtbot):
    city, scene, _v = _scene(qtbot)
    prop = _free(city)[0]
    city.place_building("residence", "single", [prop])
    scene.set_city(city)
    key = ("residence", (prop,))
    assert key in scene.sliding_keys and scene.moving
    assert _durations(scene) and all(0 < d <= MAX_MS for d in _durations(scene))
    # the board is final already: what lies on the lot is the new building's property
    assert scene.target_at(scene.prop_center(prop)) == PropertyTarget(prop)
    assert prop in scene.city.building_at
    qtbot.waitUntil(lambda: not scene.moving, timeout=3000)
    assert scene.sliding_keys == {} and scene.motion.animations == []


def test_a_new_move_jumps_the_running_motion_to_its_end(qtbot):
    city, scene, _v = _scene(qtbot)
    a, b = _free(city)[:2]
    city.place_building("residence", "single", [a])
    scene.set_city(city)
    first = scene.motion.animations
    assert len(first) == 1 and first[0].state() == QVariantAnimation.State.Running
    city.place_building("residence", "single", [b])
    scene.set_city(city)
    assert first[0].state() == QVariantAnimation.State.Stopped
    assert list(scene.sliding_keys) == [("residence", (b,))]
    # the same city shown again (a refresh) lets the motion run on
    scene.set_city(city)
    assert list(scene.sliding_keys) == [("residence", (b,))]
    scene.motion.finish()
    assert not scene.moving and not scene.sliding_keys


@pytest.mark.parametrize("view", ["plan", "city"])
def test_a_new_neighborhood_slides_in_to_its_place(qtbot, view):
    city, scene, v = _scene(qtbot, view)
    spot = next(iter(city.legal_tile_placements([3])))
    city.place_tile(spot.number, spot.x, spot.y, spot.rotation)
    scene.set_city(city)
    assert 3 in scene.sliding_tiles
    assert _durations(scene) and all(0 < d <= MAX_MS for d in _durations(scene))
    # halfway the lots of the neighborhood are painted only where it is on its way
    anim = scene.motion.animations[0]
    anim.pause()
    anim.setCurrentTime(anim.duration() // 2)
    assert 0.0 < scene.sliding_tiles[3] < 1.0
    moving = scene.arrivals.moving_cells
    assert moving and not any(scene.cell_exposed(c) for c in moving)
    v.grab()  # paints both the board without it and the moving layer
    anim.resume()
    qtbot.waitUntil(lambda: not scene.moving, timeout=3000)
    assert scene.sliding_tiles == {} and all(scene.cell_exposed(c) for c in moving)


def test_the_city_view_rises_a_new_building_within_the_limit(qtbot):
    city, scene, _v = _scene(qtbot, "city")
    prop = _free(city)[0]
    city.place_building("residence", "single", [prop])
    scene.set_city(city)
    assert ("residence", (prop,)) in scene.rising_keys and not scene.sliding_keys
    assert _durations(scene) and all(0 < d <= MAX_MS for d in _durations(scene))
    qtbot.waitUntil(lambda: not scene.rising, timeout=3000)


@pytest.mark.parametrize("view", ["plan", "city"])
def test_no_animation_is_made_with_the_preference_off(qtbot, view):
    city, scene, _v = _scene(qtbot, view, animations=False)
    city.place_building("residence", "single", [_free(city)[0]])
    spot = next(iter(city.legal_tile_placements([3])))
    city.place_tile(spot.number, spot.x, spot.y, spot.rotation)
    scene.set_city(city)
    assert not scene.moving and not scene.sliding_keys and not scene.sliding_tiles and not scene.rising
    assert scene.findChildren(QVariantAnimation) == []


def test_a_loaded_position_does_not_move(qtbot):
    """Many new pieces at once (a game opened, a jump in a replay) show at once."""
    city, scene, _v = _scene(qtbot)
    other = load_layout(json.dumps(EXAMPLE))[1]
    for p in _free(other)[:4]:
        other.place_building("residence", "single", [p])
    scene.set_city(other)
    assert not scene.moving


def test_the_preference_decides_in_one_place(tmp_path):
    from PySide6.QtCore import QSettings

    s = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    assert animations_enabled(None, s)
    s.setValue("prefs/animations", False)
    assert not animations_enabled(None, s)
    assert animations_enabled(True, s)
    s.setValue("prefs/animations", "false")
    assert not animations_enabled(None, s)


def test_motion_caps_every_animation_at_the_limit(qtbot):
    m = Motion()
    ended = []
    anim = m.start(5000, lambda t: None, lambda: ended.append(1))
    assert anim.duration() == MAX_MS
    m.finish()
    assert ended == [1] and not m.running


def _image(view):
    return view.grab().toImage()


@pytest.mark.parametrize("view", ["plan", "city"])
def test_the_motion_ends_on_the_board_as_it_is_without_motion(qtbot, view):
    city, scene, v = _scene(qtbot, view)
    spot = next(iter(city.legal_tile_placements([3])))
    city.place_tile(spot.number, spot.x, spot.y, spot.rotation)
    scene.set_city(city)
    city.place_building("residence", "single", [_free(city)[0]])
    scene.set_city(city)
    first = _image(v)
    qtbot.waitUntil(lambda: not scene.moving, timeout=3000)
    # a second board of the same city, never animated, drawn the same way
    still = CityScene(city.rules)
    still.animations = False
    still.set_view(view)
    still.set_city(city, {0: QColor("red")})
    v2 = CityView(still)
    qtbot.addWidget(v2)
    v2.resize(v.size())
    v2.show()
    v2.setSceneRect(v.sceneRect())
    v2.setTransform(v.transform())
    v2.horizontalScrollBar().setValue(v.horizontalScrollBar().value())
    v2.verticalScrollBar().setValue(v.verticalScrollBar().value())
    assert _image(v) == _image(v2)
    assert first != _image(v2)  # it was on its way before
