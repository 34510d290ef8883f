"""Playing in the city view: the game window's view toggle, building by
click and by drag and drop, streetcars, all through the projection."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF

from bigcity_desktop.engine import ActionKind, Build, Phase
from bigcity_desktop.game.shell.mainwindow import GameWindow
from bigcity_desktop.scene import BUILDING_MIME, CELL

from .conftest import players
from .test_game_window import _action_position, drop

pytestmark = pytest.mark.gui


def lot_middle(window, cell) -> QPointF:
    return window.scene.to_scene((cell[0] + 0.5) * CELL, (cell[1] + 0.5) * CELL)


def test_city_view_is_remembered(window, qtbot, settings):
    assert not window.scene.projection.is_city
    assert window.view.city_action in window.menuBar().actions()[2].menu().actions()  # View menu
    window.view.city_action.trigger()
    assert window.scene.projection.is_city and settings.value("view/projection") == "city"
    window.view.turn_right_action.trigger()
    assert window.scene.projection.rotation == 1
    again = GameWindow(settings=settings)
    qtbot.addWidget(again)
    assert again.scene.projection.is_city and again.view.city_action.isChecked()
    again.ctrl.session.stop()


@pytest.mark.parametrize("rotation", [0, 3])
def test_build_by_click_and_by_drop_in_city_view(window, qtbot, rotation):
    def has_two(st):
        singles = [
            a for a in st.legal_actions(ActionKind.BUILD) if len(a.properties) == 1 and a.building == "residence"
        ]
        return len({a.properties for a in singles}) >= 2

    s = _action_position(has_two, seed=6)
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    window.view.set_view("city")
    for _ in range(rotation):
        window.view.turn(1)
    props = [p[0] for p in ctrl.session.seat_view().legal_builds("residence", 1)]
    # a click on the lot, as the pointer sees it in the city view
    assert window.placing.start_building("residence", 1)
    cell = s.city.cell_of[props[0]]
    window.scene.interaction.hover(lot_middle(window, cell))
    j = window.scene.interaction.last_judgement
    assert j is not None and j.legal
    assert f"on {props[0]}:" in window.scene.interaction.hover_text
    assert window.scene.interaction.commit(lot_middle(window, cell))
    assert s.city.building_at.get(props[0]) is not None


def test_drop_a_building_in_city_view(window, qtbot):
    def has_single(st):
        return any(len(a.properties) == 1 and a.building == "residence" for a in st.legal_actions(ActionKind.BUILD))

    s = _action_position(has_single, seed=6)
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    window.view.set_view("city")
    window.view.turn(2)
    sm = ctrl.supply_model
    row = [sm.index(i, 0).data().lstrip("\N{CHECK MARK} ") for i in range(sm.rowCount())].index("Single residence")
    payload = bytes(sm.mimeData([sm.index(row, 0)]).data(BUILDING_MIME)).decode()
    prop = ctrl.session.seat_view().legal_builds("residence", 1)[0][0]
    n = len(s.history)
    drop(window.view, BUILDING_MIME, payload, lot_middle(window, s.city.cell_of[prop]))
    assert s.history[n] == Build("residence", (prop,))


def test_streetcar_in_city_view(window, qtbot):
    s = _action_position(lambda st: st.city_hall_open and bool(st.legal_actions(ActionKind.STREETCAR)), seed=4)
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    window.view.set_view("city")
    window.view.turn(1)
    assert window.placing.start_streetcar()
    street = ctrl.session.seat_view().legal_streets()[0]
    (x1, y1), (x2, y2) = street
    # the middle of the street between the two lots
    mid = window.scene.to_scene((x1 + x2 + 1) / 2 * CELL, (y1 + y2 + 1) / 2 * CELL)
    n = len(s.city.streetcars)
    assert window.scene.interaction.commit(mid)
    assert len(s.city.streetcars) == n + 1


def test_setup_tile_dropped_in_city_view(window, qtbot):
    from bigcity_desktop.engine.city import footprint
    from bigcity_desktop.scene import TILE_MIME

    from .conftest import wait_my_turn
    from .test_game_window import start_default

    ctrl = start_default(window)
    wait_my_turn(qtbot, ctrl)
    s = ctrl.session.full_state()
    assert s.phase == Phase.SETUP
    window.view.set_view("city")
    window.view.turn(-1)
    number = ctrl.session.seat_view().spare_tiles()[0]
    before = len(s.city.tiles)
    x, y = sorted(ctrl.session.seat_view().legal_tile_positions(number, 0))[0]
    w, h = footprint(s.rules, number, 0)
    drop(window.view, TILE_MIME, str(number), window.scene.to_scene((x + w / 2) * CELL, (y + h / 2) * CELL))
    assert len(s.city.tiles) == before + 1
    assert s.city.tiles[-1][:3] == (number, x, y)


def test_rise_follows_the_animations_preference(window, qtbot, settings):
    assert window.scene.settings is settings
    settings.setValue("prefs/animations", False)
    assert not window.scene.animations_enabled()
    settings.setValue("prefs/animations", "true")
    assert window.scene.animations_enabled()
