"""Issue 46.7: the city view as the table. At 1024×700, in the model city,
every kind of move is made by the mouse as in the plan — a building by a
click and by a drag from the Supply, a card dragged from the hand onto its
lot, a neighborhood dragged onto its place — the hint outlines its move,
the score bubble shows beside the ghost, and the free lots' numbers are at
least 9 px high on the screen."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication

from bigcity_desktop.engine import ActionKind, Build
from bigcity_desktop.scene import CELL
from bigcity_desktop.scene.city3d import lot_number_px

from .conftest import players
from .test_game_window import _action_position
from .test_mouse_game import MousePlayer

pytestmark = pytest.mark.gui

#: the least height of a lot number on the screen, in pixels
READABLE_PX = 9.0


class CityMousePlayer(MousePlayer):
    """The mouse player, aiming at plan points that the city view shows elsewhere."""

    def on_board(self, scene_pos: QPointF):
        return super().on_board(self.window.scene.to_scene(scene_pos.x(), scene_pos.y()))


def _table(window, qtbot, kind_ok, seed: int = 1, edition: str = "original") -> CityMousePlayer:
    window.resize(1024, 700)
    s = _action_position(kind_ok, seed=seed, edition=edition)
    window.ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    window.ctrl.session.stop()
    window.view.set_view("city")
    window.fit_board()
    qtbot.waitUntil(lambda: window.view.auto_fit)
    QApplication.processEvents()
    return CityMousePlayer(window, qtbot, seed)


def lot_number_screen_px(window) -> float:
    """How high a free lot's number is on the screen in the city view now."""
    return math.ceil(lot_number_px(window.view.current_scale())) * window.view.current_scale()


def _mid_game(st) -> bool:
    return st.round >= 3 and bool(st.legal_actions(ActionKind.BUILD))


def _late_game(st) -> bool:
    return len(st.city.tiles) >= 8 and st.round >= 6


def _late_jumbo(st) -> bool:
    return len(st.city.tiles) >= 4 and st.round >= 6


@pytest.mark.parametrize(
    ("when", "edition"),
    [(_mid_game, "original"), (_late_game, "original"), (_late_jumbo, "jumbo")],
    ids=["mid-game", "late-game", "late-jumbo"],
)
def test_the_lot_numbers_are_readable_at_1024x700(window, qtbot, when, edition):
    _table(window, qtbot, when, edition=edition)
    print(
        f"window {window.width()}x{window.height()}, board {window.view.viewport().width()}x{window.view.viewport().height()}"
    )
    assert window.width() <= 1024 and window.height() <= 700
    assert window.scene.projection.is_city
    px = lot_number_screen_px(window)
    print(f"lot numbers {px:.1f} px high at zoom {window.view.current_scale():.3f}")
    assert px >= READABLE_PX


def test_a_building_by_click_with_its_score_bubble(window, qtbot):
    def single(st) -> bool:
        return any(len(a.properties) == 1 and a.building == "residence" for a in st.legal_actions(ActionKind.BUILD))

    player = _table(window, qtbot, single, seed=6)
    prop = player.seat().legal_builds("residence", 1)[0][0]
    assert window.placing.start_building("residence", 1)
    cell = window.ctrl.session.full_state().city.cell_of[prop]
    middle = QPointF((cell[0] + 0.5) * CELL, (cell[1] + 0.5) * CELL)
    # the pointer over the lot: the ghost stands there with its score beside it, on the board
    window.scene.interaction.hover(window.scene.to_scene(middle.x(), middle.y()))
    assert f"on {prop}:" in window.scene.interaction.hover_text and "point" in window.scene.interaction.hover_text
    bubble = window.scene._bubble
    assert not bubble.boundingRect().isEmpty()
    at = window.view.mapFromScene(bubble.pos())
    assert window.view.viewport().rect().contains(at)
    s = window.ctrl.session.full_state()
    n = len(s.history)
    player.click_board(middle)
    assert s.history[n] == Build("residence", (prop,))


def test_a_building_by_drag_and_a_card_onto_its_lot(window, qtbot):
    def cards(st) -> bool:
        return sum(len(a.properties) == 1 for a in st.legal_actions(ActionKind.BUILD)) >= 2

    player = _table(window, qtbot, cards, seed=2)
    assert player.build_by_card()
    s = _action_position(cards, seed=3)  # seat 0's turn again
    window.ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    window.ctrl.session.stop()
    assert player.build()
    assert player.drags == {"tile": 0, "build": 2, "snapped": player.drags["snapped"], "card": 1}


def test_a_neighborhood_laid_and_the_hint_outlined(window, qtbot, monkeypatch):
    import bigcity_desktop.game.hints as hints_mod

    def tiles_left(st) -> bool:
        return any(b.type == "city_hall" for b in st.city.buildings) and len(st.city.tiles) < 7

    player = _table(window, qtbot, tiles_left, seed=1)

    def fake_hint(view, player):
        return view.legal_actions(ActionKind.BUILD)[0], "it scores well"

    monkeypatch.setattr(hints_mod, "hint_function", lambda: fake_hint)
    got = []
    window.hints.hintReady.connect(lambda a, t: got.append(a))
    window.actions["hint"].trigger()
    qtbot.waitUntil(lambda: bool(got), timeout=5000)
    assert "Hint:" in window.statusBar().currentMessage()
    outline = window.scene._select_items
    assert outline and all(
        window.view.viewport().rect().intersects(window.view.mapFromScene(i.sceneBoundingRect()).boundingRect())
        for i in outline
    )
    assert player.lay_tile()


def test_a_new_profile_plays_on_the_model_city_and_the_plan_is_one_key_away(window, qtbot, settings, monkeypatch):
    from bigcity_desktop.game.core import playername

    monkeypatch.setattr(playername, "system_name", lambda: "Greta")
    assert not window.scene.projection.is_city  # nothing chosen yet
    window.startup()  # the first start
    assert window.scene.projection.is_city and settings.value("view/projection") == "city"
    window.player.dialog.accept()
    window.lessons.tutorial_offer.close()
    assert window.view.city_action.shortcut().toString() == "F3"
    window.view.city_action.trigger()  # F3: the plan, remembered
    assert not window.scene.projection.is_city and settings.value("view/projection") == "plan"


def test_a_player_who_chose_the_plan_keeps_it(qtbot, data_dir, settings, monkeypatch):
    from bigcity_desktop.game.core import playername
    from bigcity_desktop.game.shell.mainwindow import GameWindow

    monkeypatch.setattr(playername, "system_name", lambda: "Greta")
    settings.setValue("view/projection", "plan")  # chosen before the name was asked (an older version)
    w = GameWindow(settings=settings)
    qtbot.addWidget(w)
    w.startup()
    assert not w.scene.projection.is_city and settings.value("view/projection") == "plan"
    w.player.dialog.accept()
    w.ctrl.session.stop()


def test_a_building_in_front_never_hides_a_lot_number(window, qtbot, monkeypatch):
    from PySide6.QtGui import QImage, QPainter

    from bigcity_desktop.scene import city3d

    _table(window, qtbot, _mid_game)
    layers = []
    monkeypatch.setattr(city3d, "paint_lot_numbers", lambda p, city, proj, visible: layers.append(p.opacity()))
    img = QImage(64, 64, QImage.Format.Format_ARGB32)
    # the base and the numbers' layers (scene/layers.py)
    base, numbers = window.scene._base.paint, window.scene._nums.paint
    for paint in (base, numbers):
        p = QPainter(img)
        p.setOpacity(0.5 if paint == numbers else 1.0)
        paint(p, None)
        p.end()
    # painted once, with the numbers layer (above the models), not under them with the ground
    assert layers == [0.5]
    assert window.scene._nums.zValue() > window.scene.rising_layer.zValue()


def test_the_numbers_grow_to_9_px_down_to_a_zoom_of_043():
    for zoom in (0.43, 0.5, 0.6, 0.8, 1.0):
        assert math.ceil(lot_number_px(zoom)) * zoom >= READABLE_PX, zoom
    assert lot_number_px(2.0) == 10  # near, they keep their size
