"""Issue 46.8 and 46.9: the box opens like a game (the home view over the
table while the window holds no game, its buttons the window's commands)
and the end is worth waiting for (the end view inside the table: the
podium, the city, the best moves, the race, Rematch with the same seats)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.record import PlayerInfo
from bigcity_desktop.game.core.controller import GameConfig, SeatConfig
from bigcity_desktop.game.shell.endview import EndView
from bigcity_desktop.present.ending import ending, showcase_city
from bigcity_desktop.session.saves import SaveSlot

from .conftest import advance
from .test_german import german  # noqa: F401  (the fixture)


def _finished(seed: int = 5) -> GameState:
    st = GameState.new("original", 3, seed, ["Greta", "Bea", "Carl"])
    return advance(st, lambda s: s.is_over, seed=seed)


def test_the_window_opens_on_the_home_view_with_its_buttons(window, qtbot):
    home = window.home
    assert home.shown and home.view.geometry() == window.table.rect()  # over the whole table, no empty panels
    names = [b.objectName() for b in home.view.buttons()]
    assert names == ["homeNewGame", "homeTutorial", "homePuzzles", "homeOnline", "homeSandbox"]  # no saved game
    qtbot.waitUntil(lambda: home.view.city is not None)  # the city comes after the first paint
    assert home.view.city.buildings
    # New game: the first game is the one the welcome promised, against the easy bot
    home.view.new_button.click()
    dlg = window.new_dialog
    assert dlg is not None and dlg.isVisible()
    assert [s.kind for s in dlg.config().seats] == ["human", "easy"]
    dlg.seed.setText("4")
    dlg.accept()
    assert not home.shown  # a game: the table
    assert window.ctrl.session.has_game


def test_the_home_view_s_buttons_reach_the_window_s_commands(window, qtbot):
    seen: list[str] = []
    for key in ("continue", "tutorial", "puzzles", "join_network", "sandbox"):
        window.actions[key].triggered.connect(lambda _c=False, k=key: seen.append(k))
    v = window.home.view
    window.home.show_last([])
    v.set_last(None, None, more=True)
    for b in (v.all_button, v.tutorial_button, v.puzzles_button, v.online_button, v.sandbox_button):
        b.click()
        for w in window.findChildren(QWidget):  # each opens a dialog or window: closed again
            if w.isWindow() and w is not window and w.isVisible():
                w.close()
    assert seen == ["continue", "tutorial", "puzzles", "join_network", "sandbox"]


def test_continue_shows_the_last_game_s_picture_and_plays_it_on(window, qtbot, data_dir):
    state = GameState.new("original", 2, 9, ["Greta", "Bea"])
    state = advance(state, lambda s: s.round >= 4, seed=9)
    slot = SaveSlot.new(window.files.saves().folder)
    slot.write(state, [PlayerInfo("Greta"), PlayerInfo("Bea", "easy")], {})
    slot.release()  # as a game left by an earlier run
    window.home.look()
    qtbot.waitUntil(lambda: window.home.looked, timeout=20000)
    v = window.home.view
    assert v.continue_button.isVisibleTo(v) and v.buttons()[0] is v.continue_button
    assert "Greta" in v.last_text.text() and not v.picture.pixmap().isNull()
    v.continue_button.click()
    qtbot.waitUntil(lambda: window.ctrl.session.has_game, timeout=10000)
    assert not window.home.shown and window.ctrl.session.full_state().round == state.round


def test_the_ending_is_read_from_the_log():
    st = _finished()
    end = ending(st)
    assert [pl.player for pl in end.podium] == [p for _place, p, _s in st.ranking()]
    assert end.race.scores[0] == (0, 0, 0) and end.race.scores[-1] == tuple(st.scores)
    for p, best in enumerate(end.best):
        built = [e for e in st.events if e.kind == "build" and e.player == p]
        assert (best is None) == (not built)
        if best is not None:
            assert best.score == max(e.extra["score"] for e in built)
    assert showcase_city().buildings  # the home view's city is a finished one


def test_the_end_view_comes_inside_the_table_and_rematch_plays_the_same_seats(window, qtbot):
    window.start_game(
        GameConfig("original", [SeatConfig("Rita", "random", ""), SeatConfig("Bea", "random", "")], seed=11)
    )
    qtbot.waitUntil(lambda: window.results_dialog is not None and window.results_dialog.isVisible(), timeout=60000)
    end = window.results_dialog
    assert isinstance(end, EndView)
    assert not end.isWindow() and end.parentWidget() is window.table  # inside the table, not a dialog
    assert end.geometry() == window.table.rect()
    state = window.ctrl.session.full_state()
    assert [pl.player for pl in end.ending.podium] == [p for _pl, p, _s in state.ranking()]
    assert "Best moves" in end.best_label.text() and end.city.city is state.city
    assert end.race.motion.state() == end.race.motion.State.Running or end.race.progress == 1.0
    seed = state.seed
    end.rematch_button.click()
    qtbot.waitUntil(lambda: window.ctrl.session.full_state() is not state, timeout=10000)
    again = window.ctrl.session
    assert [(p.name, p.kind) for p in again.players] == [("Rita", "random"), ("Bea", "random")]
    assert again.full_state().seed != seed and not end.isVisible()


def test_the_end_view_without_motion_draws_the_race_at_once(window, qtbot):
    window.scene.animations = False
    window.start_game(
        GameConfig("original", [SeatConfig("Rita", "random", ""), SeatConfig("Bea", "random", "")], seed=12)
    )
    qtbot.waitUntil(lambda: window.results_dialog is not None and window.results_dialog.isVisible(), timeout=60000)
    end = window.results_dialog
    assert end.race.progress == 1.0 and not end.city.timer.isActive()
    qtbot.keyClick(end, Qt.Key.Key_Escape)  # keys wait a moment; the view stays
    end.close_button.click()
    assert not end.isVisible() and not window.home.shown  # the finished table, not the home


def _ended(window, qtbot, seed: int) -> EndView:
    """A game of two random bots played to its end view (at once: no motion)."""
    window.scene.animations = False
    assert not window.actions["home"].isEnabled()  # no game yet: the home view is there
    window.start_game(
        GameConfig("original", [SeatConfig("Rita", "random", ""), SeatConfig("Bea", "random", "")], seed=seed)
    )
    qtbot.waitUntil(lambda: window.results_dialog is not None and window.results_dialog.isVisible(), timeout=60000)
    end = window.results_dialog
    assert isinstance(end, EndView)
    return end


def test_home_after_a_game_puts_it_away_and_brings_the_home_view_back(window, qtbot):
    end = _ended(window, qtbot, 13)
    assert window.actions["home"].isEnabled()  # a finished game
    assert end.home_button.isVisible() and end.home_button.text() == "Home"
    end.home_button.click()
    assert not end.isVisible() and window.home.shown  # the home view over the table
    assert not window.ctrl.session.has_game and window.ctrl.players_model.rowCount() == 0  # the table cleared
    assert not window.actions["home"].isEnabled() and window.ctrl.session.bot_delay_ms == 0  # the chosen speed kept
    assert window.home.view.new_button.hasFocus() or window.home.view.continue_button.hasFocus()
    # and the next game starts from there
    window.home.view.new_button.click()
    dlg = window.new_dialog
    assert dlg is not None and dlg.isVisible()
    dlg.seed.setText("4")
    dlg.accept()
    assert not window.home.shown and window.ctrl.session.has_game


def test_game_home_in_german_once_the_end_view_is_closed(german, window, qtbot):  # noqa: F811
    end = _ended(window, qtbot, 14)
    assert end.home_button.text() == "Startseite"
    action = window.actions["home"]
    assert action.text() == "&Zur Startseite"
    assert action in window.menuBar().actions()[0].menu().actions()  # in the Game menu
    end.close_button.click()
    assert not window.home.shown and action.isEnabled()  # the finished table, Home offered
    action.trigger()
    assert window.home.shown and not window.ctrl.session.has_game and not action.isEnabled()
