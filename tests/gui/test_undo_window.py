"""Undo and redo in the game window: the menu, the New game option, the
mark in the title and the results, and leaving a finished game."""

from __future__ import annotations

import random

from bigcity_desktop.engine import GameState, PlaceTile
from bigcity_desktop.game.dialogs import ResultsDialog

from .conftest import advance, players, wait_my_turn


def test_new_game_option_follows_the_seats_until_set(window):
    dlg = window.show_new_game()
    assert dlg.take_backs.isChecked()  # against bots: on
    dlg.rows[1][2].setCurrentIndex(dlg.rows[1][2].findData("human"))
    assert not dlg.take_backs.isChecked()  # hot-seat: off
    assert dlg.config().allow_take_backs is False
    dlg.take_backs.click()  # the player's choice stays
    dlg.rows[1][2].setCurrentIndex(dlg.rows[1][2].findData("easy"))
    assert dlg.take_backs.isChecked()
    dlg.rows[1][2].setCurrentIndex(dlg.rows[1][2].findData("human"))
    assert dlg.take_backs.isChecked() and dlg.config().allow_take_backs is True
    dlg.reject()


def test_ctrl_z_takes_back_and_marks_the_game(window, qtbot):
    dlg = window.show_new_game()
    dlg.seed.setText("6")
    dlg.accept()
    ctrl = window.ctrl
    wait_my_turn(qtbot, ctrl)
    assert not window.actions["redo"].isEnabled()
    # a replay shows every hand: not while the game with a human is under way
    assert not window.actions["watch_replay"].isEnabled()
    assert window.replays.watch_replay() is None and not window.replays.windows
    assert window.actions["undo"].shortcut().toString() == "Ctrl+Z"
    assert window.actions["redo"].shortcut().toString() == "Ctrl+Shift+Z"
    n = ctrl.session.seat_view().spare_tiles()[0]
    spot = next(iter(sorted(ctrl.session.seat_view().legal_tile_positions(n, 0))))
    ctrl.session.act(PlaceTile(n, *spot, 0))
    wait_my_turn(qtbot, ctrl)
    window.actions["undo"].trigger()
    assert len(ctrl.starting.local.game.history) == 0 and ctrl.session.seat_view().my_turn()
    assert "with take-backs" in window.windowTitle()
    assert window.actions["redo"].isEnabled()
    window.actions["redo"].trigger()
    assert len(ctrl.starting.local.game.history) >= 1
    assert "with take-backs" in window.windowTitle()


def test_undo_leaves_a_finished_game_and_the_results_show_the_mark(window, qtbot):
    state = advance(GameState.new("original", 2, 5, ["You", "Bea"]), lambda s: s.is_over, seed=2)
    # the finished game, replayed with the human on seat 0 and a bot on seat 1
    window.ctrl.starting.start_from_state(state, players(["human", "random"]))
    qtbot.waitUntil(lambda: window.results_dialog is not None and window.results_dialog.isVisible(), timeout=5000)
    assert "take-backs" not in window.results_dialog.findChild(object, "resultsHeadline").text()
    window.actions["undo"].trigger()
    ctrl = window.ctrl
    assert not ctrl.starting.local.game.is_over and ctrl.session.seat_view().my_turn() and ctrl.session.take_backs == 1
    assert window.results_dialog is None
    # play on to the end: the results come again, marked
    rng = random.Random(1)
    for _ in range(3000):
        if ctrl.starting.local.game.is_over:
            break
        wait_my_turn(qtbot, ctrl)
        if ctrl.starting.local.game.is_over:
            break
        s = ctrl.starting.local.game
        kinds = s.legal_kinds()
        kind = "pass" if "pass" in kinds and rng.random() < 0.5 else rng.choice(kinds)
        ctrl.session.act(rng.choice(s.legal_actions(kind)))
    qtbot.waitUntil(lambda: window.results_dialog is not None and window.results_dialog.isVisible(), timeout=5000)
    dlg = window.results_dialog
    assert isinstance(dlg, ResultsDialog)
    assert "Played with take-backs (1 taken back)" in dlg.findChild(object, "resultsHeadline").text()
    # Analyze opens the replay viewer and starts the analysis there
    dlg.analyze_button.click()
    qtbot.waitUntil(lambda: bool(window.replays.windows), timeout=5000)
    win = window.replays.windows[-1]
    assert "with take-backs" in win.windowTitle()
    assert win.analysis_job is not None or win.analysis is not None
    qtbot.waitUntil(lambda: win.analysis_job is None, timeout=60000)
    win.close()


def test_undo_in_a_game_without_take_backs_says_why(window, qtbot):
    dlg = window.show_new_game()
    dlg.seed.setText("2")
    dlg.take_backs.click()  # off
    dlg.accept()
    ctrl = window.ctrl
    wait_my_turn(qtbot, ctrl)
    n = ctrl.session.seat_view().spare_tiles()[0]
    ctrl.session.act(PlaceTile(n, *sorted(ctrl.session.seat_view().legal_tile_positions(n, 0))[0], 0))
    wait_my_turn(qtbot, ctrl)
    before = len(ctrl.starting.local.game.history)
    window.actions["undo"].trigger()
    assert len(ctrl.starting.local.game.history) == before and ctrl.session.take_backs == 0
    assert "Take-backs are off" in window.statusBar().currentMessage()
