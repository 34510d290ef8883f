"""Motion in the game window and the end-of-game moment (issue 25.3): a
building slides into its lot and drawn cards fly into the hand over a
state that is final at once (a click during the motion acts on it); the
end of a game fits the city, names the winner (a tie as such), counts the
scores up and then opens the results (at once on Skip, a click or a key,
and with the animations preference off)."""

from __future__ import annotations

from PySide6.QtCore import Qt, QVariantAnimation
from PySide6.QtTest import QTest

from bigcity_desktop.engine import ActionKind, Build, Draw, GameState
from bigcity_desktop.game.core import wording as presenters
from bigcity_desktop.game.tabletop.handcards import HandView
from bigcity_desktop.scene.motion import COUNT_MS, MAX_MS

from .conftest import advance, players
from .test_game_window import _action_position


def _has_single(st):
    return any(
        len(a.properties) == 1 and a.building in ("residence", "business") for a in st.legal_actions(ActionKind.BUILD)
    )


def _game(window):
    s = _action_position(_has_single)
    window.ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    window.ctrl.session.stop()  # the bots wait: only the human's moves move
    return s


def _single_build(ctrl):
    for btype in ("residence", "business"):
        builds = ctrl.session.seat_view().legal_builds(btype, 1)
        if builds:
            return btype, list(builds[0])
    raise AssertionError("no single build")


def test_a_built_piece_slides_in_and_drawn_cards_fly_in_without_waiting(window, qtbot):
    ctrl, sc = window.ctrl, window.scene
    _game(window)
    assert not sc.projection.is_city
    btype, props = _single_build(ctrl)
    assert ctrl.session.act(Build(btype, tuple(props))) is None
    key = (btype, tuple(props))
    assert key in sc.sliding_keys and sc.moving
    assert all(0 < a.duration() <= MAX_MS for a in sc.motion.animations)
    # the state is final at once, the move before the motion's end: the draw acts now
    assert props[0] in ctrl.session.view().city.building_at
    hm, hv = ctrl.hand_model, window.hand_panel.hand_view
    assert isinstance(hv, HandView)
    before = set(hm.cards())
    stacks = ctrl.session.seat_view().legal_draw_stacks()
    assert stacks
    assert ctrl.session.act(Draw(stacks[0])) is None
    new = set(hm.cards()) - before
    assert new and set(hv.flying) == new
    assert all(0 < a.duration() <= MAX_MS for a in hv.motion.animations)
    # a click on a card on its way ticks it at once (it is in its place for the clicks)
    card = min(new)
    row = hm.cards().index(card)
    hv.doItemsLayout()
    qtbot.mouseClick(hv.viewport(), Qt.MouseButton.LeftButton, pos=hv.visualRect(hm.index(row, 0)).center())
    assert card in hm.checked_cards()
    qtbot.waitUntil(lambda: not sc.moving and not hv.motion.running, timeout=3000)
    assert sc.sliding_keys == {} and hv.flying == {}


def test_the_preference_off_makes_no_motion_in_the_window(window, qtbot, settings):
    settings.setValue("prefs/animations", False)
    ctrl, sc = window.ctrl, window.scene
    _game(window)
    btype, props = _single_build(ctrl)
    hv = window.hand_panel.hand_view
    assert ctrl.session.act(Build(btype, tuple(props))) is None
    assert ctrl.session.act(Draw(ctrl.session.seat_view().legal_draw_stacks()[0])) is None
    assert not sc.moving and not hv.flying
    assert sc.findChildren(QVariantAnimation) == [] and hv.findChildren(QVariantAnimation) == []


def _finished(window, seed=3):
    s = advance(GameState.new("original", 2, seed), lambda st: st.is_over)
    window.ctrl.starting.start_from_state(s, players(["human", "random"]))
    return s


def test_the_end_of_a_game_names_the_winner_and_counts_the_scores_up(window, qtbot):
    s = _finished(window)
    moment = window.end_moment
    qtbot.waitUntil(moment.isVisible, timeout=5000)
    assert window.results_dialog is None  # the results come after the moment
    res = presenters.results(window.ctrl.session.view(), window.ctrl.session.name)
    assert moment.title.text() == res.title
    assert window.view.auto_fit  # the final city shown whole
    (count,) = moment.motion.animations
    assert count.duration() == COUNT_MS and count.startValue() == 0.0
    qtbot.waitUntil(lambda: not moment.counting, timeout=5000)
    ranked = [score for _place, _p, score, _pts in res.rows]
    assert moment.shown_scores() == [str(x) for x in ranked]
    assert sorted(ranked, reverse=True) == sorted(s.scores, reverse=True)
    # then the results open by themselves
    qtbot.waitUntil(lambda: window.results_dialog is not None and window.results_dialog.isVisible(), timeout=5000)
    assert not moment.isVisible()


def test_a_shared_first_place_is_named_as_such(window, qtbot, monkeypatch):
    monkeypatch.setattr(GameState, "winners", lambda self: [0, 1])
    _finished(window)
    qtbot.waitUntil(window.end_moment.isVisible, timeout=5000)
    title = window.end_moment.title.text()
    assert "share first place" in title and "You" in title and "Bea" in title


def test_skip_a_click_or_a_key_opens_the_results_at_once(window, qtbot):
    moment = window.end_moment
    _finished(window)
    qtbot.waitUntil(moment.isVisible, timeout=5000)
    assert moment.counting
    moment.skip_button.click()
    assert window.results_dialog is not None and window.results_dialog.isVisible()
    assert not moment.isVisible() and not moment.counting
    # again, with a key and then with a click on the board
    for act in (
        lambda: QTest.keyClick(moment, Qt.Key.Key_Space),
        lambda: qtbot.mouseClick(moment, Qt.MouseButton.LeftButton, pos=moment.rect().bottomLeft()),
    ):
        window.results_dialog.close()
        window.results_dialog = None
        window._shown_over = False
        window._game_over()
        assert moment.isVisible()
        qtbot.waitUntil(lambda: moment.keys.live, timeout=3000)  # keys wait a moment (issue 33.5)
        assert moment.isVisible()
        act()
        assert window.results_dialog is not None and window.results_dialog.isVisible()


def test_with_the_preference_off_the_results_open_at_once(window, qtbot, settings):
    settings.setValue("prefs/animations", False)
    _finished(window)
    qtbot.waitUntil(lambda: window.results_dialog is not None, timeout=5000)
    assert window.results_dialog.isVisible() and not window.end_moment.isVisible()
    assert window.view.auto_fit
    assert window.end_moment.findChildren(QVariantAnimation) == []


def test_a_new_game_during_the_moment_opens_no_results(window, qtbot):
    _finished(window)
    qtbot.waitUntil(window.end_moment.isVisible, timeout=5000)
    s = _action_position(_has_single)
    window.ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    window.ctrl.session.stop()
    qtbot.waitUntil(lambda: not window.end_moment.isVisible(), timeout=3000)
    window.end_moment.skip()
    assert window.results_dialog is None


def test_a_bots_building_and_neighborhood_slide_in_too(window, qtbot):
    from bigcity_desktop.game.core.controller import GameConfig, SeatConfig

    arrivals = window.scene.arrivals
    slid: list[tuple] = []
    tiles: list[tuple] = []
    real_b, real_t = arrivals._slide_buildings, arrivals._slide_tiles
    arrivals._slide_buildings = lambda keys: (slid.extend(keys), real_b(keys))
    arrivals._slide_tiles = lambda keys: (tiles.extend(keys), real_t(keys))
    ctrl = window.ctrl
    ctrl.starting.new_game(GameConfig("original", [SeatConfig("A", "random"), SeatConfig("B", "random")], seed=9))
    qtbot.waitUntil(lambda: bool(slid) and bool(tiles), timeout=30000)
    ctrl.session.stop()
    owners = {b.owner for b in ctrl.session.view().city.buildings if (b.type, tuple(b.properties)) in set(slid)}
    assert owners and owners <= {0, 1}  # the bots' own buildings
