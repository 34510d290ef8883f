"""A move repaints only what it changed on the board (scene/redraw.py,
issue 45.6), and the plan's buildings are copied from pictures painted once
(scene/sprites.py) that look as the buildings painted directly do."""

import json

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage

from bigcity_desktop.engine.layout import load_layout
from bigcity_desktop.scene import CityScene, CityView, redraw, sprites
from bigcity_desktop.scene.style import CELL

from .conftest import EXAMPLE

pytestmark = pytest.mark.gui


def _scene(qtbot, view="plan"):
    city = load_layout(json.dumps(EXAMPLE))[1]
    scene = CityScene(city.rules)
    scene.animations = False
    scene.set_view(view)
    scene.set_city(city, {0: QColor("red")})
    v = CityView(scene)
    qtbot.addWidget(v)
    v.resize(600, 450)
    v.show()
    v.fit_city(1)
    return city, scene, v


class _Spy:
    """What the scene asks its views to paint again: whole boards and regions."""

    def __init__(self, scene, monkeypatch):
        self.whole = 0
        self.regions: list[QRectF] = []
        monkeypatch.setattr(scene, "update", self._update)
        monkeypatch.setattr(scene, "invalidate", lambda r, layers: self.regions.append(QRectF(r)))

    def _update(self, *args):
        if not args:
            self.whole += 1


def _free(city):
    return [p for p in city.cell_of if p not in city.building_at]


@pytest.mark.parametrize("view", ["plan", "city"])
def test_a_new_building_repaints_its_own_region_only(qtbot, monkeypatch, view):
    city, scene, _v = _scene(qtbot, view)
    spy = _Spy(scene, monkeypatch)
    prop = _free(city)[0]
    city.place_building("residence", "single", [prop])
    scene.set_city(city)
    assert spy.whole == 0
    assert 0 < len(spy.regions) <= 4
    lot = scene.projection.map_rect(QRectF(*(v * CELL for v in city.cell_of[prop]), CELL, CELL))
    assert any(r.contains(lot) for r in spy.regions)
    whole = scene.city_rect(0)
    assert all(r.width() * r.height() < whole.width() * whole.height() / 3 for r in spy.regions)
    # the same city again: nothing to paint
    spy.regions.clear()
    scene.set_city(city)
    assert spy.regions == [] and spy.whole == 0


def test_what_changes_the_whole_board_repaints_it(qtbot, monkeypatch):
    city, scene, _v = _scene(qtbot)
    spy = _Spy(scene, monkeypatch)
    scene.set_city(city, {0: QColor("blue")})  # another colour for a player
    assert spy.whole == 1
    spot = next(iter(city.legal_tile_placements([3])))
    city.place_tile(spot.number, spot.x, spot.y, spot.rotation)  # a neighborhood more
    scene.set_city(city)
    assert spy.whole == 2
    free = _free(city)
    monkeypatch.setattr(redraw, "MOST_REGIONS", len(free) - 1)
    for prop in free:  # more moves at once (merged by the inbox) than MOST_REGIONS
        city.place_building("residence", "single", [prop])
    scene.set_city(city)
    assert spy.whole == 3


@pytest.mark.parametrize("view", ["plan", "city"])
def test_the_board_from_its_pictures_looks_as_painted_directly(qtbot, monkeypatch, view):
    """The plan's buildings and either board's ground are copied from pictures."""
    city, scene, v = _scene(qtbot, view)
    for prop in _free(city)[:3]:
        city.place_building("residence", "single", [prop])
    scene.set_city(city)
    copied = v.viewport().grab().toImage()
    assert len(scene.painter.sprites) >= (4 if view == "plan" else 0)  # the pictures were made
    monkeypatch.setattr(sprites, "LARGEST", 0)  # every building painted directly
    monkeypatch.setattr(sprites, "GROUND_PIXELS", 0)  # and the ground
    scene.static_changed()
    direct = v.viewport().grab().toImage()
    assert copied.size() == direct.size()
    far = sum(
        1
        for y in range(0, copied.height(), 2)
        for x in range(0, copied.width(), 2)
        if _apart(copied, direct, x, y) > 60
    )
    assert far < copied.width() * copied.height() / 4 / 500  # antialiasing's odd pixel, nothing moved


def _apart(a: QImage, b: QImage, x: int, y: int) -> int:
    p, q = a.pixel(x, y), b.pixel(x, y)
    return max(abs(((p >> s) & 255) - ((q >> s) & 255)) for s in (0, 8, 16))


def test_the_city_view_keeps_the_models_of_the_buildings_a_move_left_alone(qtbot):
    city, scene, _v = _scene(qtbot, "city")
    before = dict(scene.models().buildings)
    prop = _free(city)[0]
    city.place_building("residence", "single", [prop])
    scene.set_city(city)
    after = scene.models().buildings
    assert set(after) == set(before) | {("residence", (prop,))}
    assert all(after[k] is m for k, m in before.items())  # taken over, not built again
    scene.set_city(city, {0: QColor("blue")})  # a colour changed: built again
    assert all(scene.models().buildings[k] is not m for k, m in before.items() if m.owner is not None)


@pytest.mark.parametrize("view", ["plan", "city"])
def test_an_svg_of_the_board_keeps_its_vectors(tmp_path, example_city, view):
    from bigcity_desktop.scene.render import render_city

    render_city(example_city, tmp_path / "city.svg", 600, view=view)
    svg = (tmp_path / "city.svg").read_text(encoding="utf-8")
    assert "<path" in svg and "<image" not in svg  # no picture of a building or of the ground


def test_a_paint_with_a_budget_leaves_new_pictures_to_the_next_turns(qtbot):
    """At a network table a paint makes new buildings' pictures for a while
    only (CityScene.picture_budget, issue 45.6); the rest come in the next
    turns of the event loop, and the board then looks as painted at once."""
    city, scene, v = _scene(qtbot)
    free = _free(city)
    for prop in free[:6]:
        city.place_building("residence", "single", [prop])
    scene.set_city(city, {0: QColor("blue")})  # new looks: every building needs a new picture
    whole = v.viewport().grab().toImage()
    made = len(scene.painter.sprites)
    deferred: list[int] = []
    fresh = scene.painter.sprites = sprites.Sprites()  # none made yet
    real_begin = fresh.begin

    def begin(budget):  # what each paint left out
        if fresh.deferred:
            deferred.append(len(fresh.deferred))
        real_begin(budget)

    fresh.begin = begin  # type: ignore[method-assign]
    scene.picture_budget = 0.0  # one new picture a paint
    scene.static_changed()
    first = v.viewport().grab().toImage()
    assert first != whole and len(scene.painter.sprites) < made  # some left out: their pictures are to come
    qtbot.waitUntil(lambda: len(scene.painter.sprites) == made and not scene.painter.sprites.deferred)
    assert deferred and deferred == sorted(deferred, reverse=True)  # a few paints, each leaving fewer out
    assert v.viewport().grab().toImage() == whole
