"""The replay viewer: positions against the engine, navigation, playing,
opening files (and refusing broken ones), and the analysis panel."""

from __future__ import annotations

import random

import pytest
from PySide6.QtWidgets import QMessageBox

from bigcity_desktop.engine import ActionKind, GameState
from bigcity_desktop.engine.record import PlayerInfo, write_record
from bigcity_desktop.engine.timeline import Timeline, rebuild
from bigcity_desktop.game.core.chart import chart_points
from bigcity_desktop.game.core.models import card_label
from bigcity_desktop.game.replays.window import ReplayWindow, replay_of_state

from .conftest import players


def random_game(seed: int, length: int | None = None) -> GameState:
    s = GameState.new("original", 3, seed, ["Ann", "Bob", "Cy"])
    rng = random.Random(seed)
    while not s.is_over and (length is None or len(s.history) < length):
        kinds = s.legal_kinds()
        kind = ActionKind.BUILD if ActionKind.BUILD in kinds and rng.random() < 0.7 else rng.choice(kinds)
        s.apply(rng.choice(s.legal_actions(kind)))
    return s


@pytest.fixture
def replay(qtbot):
    state = random_game(21)
    win = replay_of_state(state, players(["human", "easy", "easy"], ["Ann", "Bob", "Cy"]))
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win, state


def test_models_pass_the_model_tester(replay, qtmodeltester):
    win, _state = replay
    qtmodeltester.check(win.hands_model)
    win.mistakes_model.set_rows([(3, 0, 5.0, "Round 3: Ann passed; better: ...", 12)])
    qtmodeltester.check(win.mistakes_model)


def test_every_view_follows_the_position(replay):
    win, state = replay
    xs = chart_points(state.score_history)[0]
    rng = random.Random(4)
    n = len(state.history)
    for k in [0, 1, 2, n // 2, n - 1, n, *rng.sample(range(n), 8)]:
        win.set_position(k)
        want = rebuild(state, k)
        assert win.state.scores == want.scores and win.state.hands == want.hands
        assert [b.properties for b in win.scene.city.buildings] == [b.properties for b in want.city.buildings]
        for i in range(3):
            assert win.hands_model.index(i, 1).data() == str(want.scores[i])
            hand = ", ".join(card_label(want.rules, c) for c in sorted(want.hands[i])) or "\N{EM DASH}"
            assert win.hands_model.index(i, 2).data() == hand
        assert win.log_view.currentIndex().row() == len(want.events) - 1
        assert win.chart.cursor_x() == pytest.approx(xs[len(want.score_history) - 1] if want.score_history else 0.0)
        assert win.slider.value() == k
        assert f"round {want.round}" in win.pos_label.text()


def test_navigation_keys_round_jumps_and_log_clicks(replay, qtbot):
    win, state = replay
    win.last()
    assert win.position == len(state.history) and "game over" in win.pos_label.text()
    assert not win.nav["next"].isEnabled()
    win.first()
    assert win.position == 0 and not win.nav["prev"].isEnabled()
    win.next()
    win.next()
    win.previous()
    assert win.position == 1
    win.jump_to_round(5)
    assert win.state.round == 5 and rebuild(state, win.position - 1).round == 4
    win.next_round()
    assert win.state.round == 6
    win.previous_round()
    assert win.state.round == 5
    win.slider.setValue(30)
    assert win.position == 30
    row = 40
    win._log_clicked(win.log_model.index(row, 0))
    assert win.log_view.currentIndex().row() >= row


def test_play_steps_at_the_chosen_speed_and_stops_at_the_end(replay, qtbot):
    win, state = replay
    win.speed.setCurrentIndex(0)  # a quarter second a step
    win.set_position(len(state.history) - 2)
    win.play()
    assert win.playing
    qtbot.waitUntil(lambda: win.position == len(state.history), timeout=3000)
    qtbot.waitUntil(lambda: not win.playing, timeout=2000)
    win.toggle_play()  # at the end, play starts over
    assert win.position == 0 and win.playing
    win.toggle_play()
    assert not win.playing


def test_open_replay_from_a_file_and_refuse_a_broken_one(window, qtbot, tmp_path):
    state = random_game(5)
    path = tmp_path / "game.bigcity"
    write_record(path, state, [PlayerInfo("Ann"), PlayerInfo("Bob", "easy"), PlayerInfo("Cy", "easy")])
    assert window.replays.open_replay(path)
    qtbot.waitUntil(lambda: window.replays.loading is None and bool(window.replays.windows), timeout=10000)
    win = window.replays.windows[-1]
    assert win.timeline.length == len(state.history) and "game.bigcity" in win.windowTitle()
    win.last()
    assert win.state.scores == state.scores
    win.close()
    bad = tmp_path / "bad.bigcity"
    bad.write_text('{"format": "bigcity-game", "version": 1, "edition": "original"}')
    assert window.replays.open_replay(bad)
    qtbot.waitUntil(lambda: window.replays.loading is None, timeout=10000)
    box = window.findChild(QMessageBox, "openErrorBox")
    assert box is not None and box.isVisible() and "bad.bigcity" in box.text()
    box.close()


def test_results_dialog_offers_the_replay_and_the_analysis(window, qtbot):
    state = random_game(8)
    window.ctrl.starting.start_from_state(state, players(["human", "random", "random"]))
    qtbot.waitUntil(lambda: window.results_dialog is not None and window.results_dialog.isVisible(), timeout=5000)
    window.results_dialog.replay_button.click()
    qtbot.waitUntil(lambda: bool(window.replays.windows), timeout=5000)
    win = window.replays.windows[-1]
    assert isinstance(win, ReplayWindow) and win.timeline.length == len(state.history)
    win.close()


def test_analysis_runs_in_a_worker_lists_mistakes_and_jumps(qtbot):
    state = random_game(3, length=30)
    win = ReplayWindow(Timeline.build(state), players(["human", "easy", "easy"], ["Ann", "Bob", "Cy"]))
    qtbot.addWidget(win)
    win.show()
    assert [cb.isChecked() for cb in win.player_checks] == [True, False, False]  # the human
    with qtbot.waitSignal(win.analysisFinished, timeout=60000):
        assert win.start_analysis()
        assert not win.analyze_button.isEnabled() and win.cancel_button.isEnabled()
    assert win.analysis is not None and {d.player for d in win.analysis.decisions} == {0}
    assert "Ann: about" in win.summary.text()
    assert win.mistakes_model.rowCount() == len(win.analysis.worst(50))
    win.show_all.setChecked(True)  # every decision, in game order
    assert win.mistakes_model.rowCount() == len(win.analysis.decisions)
    positions = [
        win.mistakes_model.index(r, 0).data(win.mistakes_model.PositionRole) for r in range(len(win.analysis.decisions))
    ]
    assert positions == sorted(positions)
    win.show_all.setChecked(False)
    if win.mistakes_model.rowCount():
        idx = win.mistakes_model.index(0, 0)
        win._mistake_clicked(idx)
        assert win.position == win.analysis.worst(1)[0].index
        assert win.chart.loss_bars
    # a cancelled analysis changes nothing and says so
    with qtbot.waitSignal(win.analysisFinished, timeout=60000):
        win.start_analysis(players=[0, 1, 2])
        win.cancel_analysis()
    assert "cancelled" in win.summary.text()
    assert win.analyze_button.isEnabled()


def test_a_replay_opens_on_a_worker_while_the_window_keeps_running(window, qtbot, tmp_path):
    from PySide6.QtCore import QTimer

    state = random_game(9)
    path = tmp_path / "long.bigcity"
    write_record(path, state, [PlayerInfo("A"), PlayerInfo("B", "random"), PlayerInfo("C", "random")])
    ticks: list[int] = []
    progress: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(1)
    assert window.replays.open_replay(path)
    job = window.replays.loading
    assert job is not None and not window.replays.windows  # not yet: the worker reads it
    job.progress.connect(lambda done, total: progress.append(done))
    qtbot.waitUntil(lambda: window.replays.loading is None, timeout=30000)
    timer.stop()
    assert window.replays.windows and window.replays.windows[-1].timeline.length == len(state.history)
    assert ticks and progress  # the event loop ran while the worker reported
    window.replays.windows[-1].close()
    # a cancelled opening opens nothing
    count = len(window.replays.windows)
    assert window.replays.open_replay(path)
    window.replays.loading.cancel()
    qtbot.waitUntil(lambda: window.replays.loading is None, timeout=30000)
    assert len([w for w in window.replays.windows if w.isVisible()]) == 0 and len(window.replays.windows) == count
    assert "cancelled" in window.statusBar().currentMessage()


def test_replay_opens_in_the_view_the_player_chose(qtbot):
    """A player who plays in the city view watches replays in it too (F3 switches)."""
    from PySide6.QtCore import QSettings

    QSettings().setValue("view/projection", "city")
    try:
        win = replay_of_state(random_game(3, 40), players(["human", "easy", "easy"], ["Ann", "Bob", "Cy"]))
        qtbot.addWidget(win)
        assert win.scene.projection.is_city
        win.view.city_action.trigger()
        assert not win.scene.projection.is_city
    finally:
        QSettings().setValue("view/projection", "plan")


def test_position_line_names_the_player_to_move(replay):
    """The first seat's default name ("You") reads as a person spoken to."""
    _win, state = replay
    win = replay_of_state(state, players(["human", "easy", "easy"], ["You", "Bob", "Cy"]))
    k_you = next(k for k in range(len(state.history)) if win.timeline.state_at(k).current_player == 0)
    k_bob = next(k for k in range(len(state.history)) if win.timeline.state_at(k).current_player == 1)
    win.set_position(k_you)
    assert win.position_text().endswith(": you to play")
    win.set_position(k_bob)
    assert win.position_text().endswith(": Bob to play")
    win.close()


def test_the_replay_keeps_the_whole_city_in_sight_and_ctrl_0_fits_it(replay, qtbot):
    """Issue 25.7: in the replay viewer the city was cut off and Ctrl+0 did not fit it."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    win, state = replay
    win.resize(1024, 700)
    view, scene = win.view, win.scene
    vp = view.viewport().rect().toRectF()

    def whole() -> bool:
        return vp.contains(view.mapFromScene(scene.city_rect(0)).boundingRect().toRectF())

    win.set_position(len(state.history))  # the city grew from one neighborhood to all of them
    qtbot.waitUntil(whole, timeout=2000)
    view.zoom_by(3.0)  # zoomed in by hand: the fit is off...
    assert not whole()
    QTest.keyClick(win, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)  # ...and Ctrl+0 brings it back
    qtbot.waitUntil(whole, timeout=2000)


def test_a_mistake_shows_the_better_move_on_the_board(replay, qtbot):
    """Issue 25.10: a click on a mistake jumped to the position but showed the
    better move only in words."""
    from bigcity_desktop.bots.analysis import Analysis, Decision
    from bigcity_desktop.engine import Build

    win, state = replay
    # a position where a build was possible: the "better move" is another build there
    k = next(
        i
        for i in range(len(state.history))
        if isinstance(state.history[i], Build) and len(rebuild(state, i).legal_actions(ActionKind.BUILD)) > 1
    )
    before = rebuild(state, k)
    best = next(a for a in before.legal_actions(ActionKind.BUILD) if a != state.history[k])
    d = Decision(k, before.round, before.current_player, state.history[k], best, 5.0, "played", "better")
    win.analysis = Analysis(["Ann", "Bob", "Cy"], "original", None, [d])
    win._fill_mistakes()
    win._mistake_clicked(win.mistakes_model.index(0, 0))
    assert win.position == k
    cells = {before.city.cell_of[p] for p in best.properties}
    outlined = win.scene._select_items
    assert outlined, "the better move is not on the board"
    shape = outlined[0].mapToScene(outlined[0].shape()).boundingRect()
    for x, y in cells:
        centre = win.scene.projection.to_scene((x + 0.5) * 64, (y + 0.5) * 64)
        assert shape.contains(centre)
    assert "outlined" in win.statusBar().currentMessage()


def test_analyze_keeps_the_results_open(window, qtbot):
    """Issue 25.10: Analyze closed the results dialog with no way back."""
    state = random_game(8)
    window.ctrl.starting.start_from_state(state, players(["human", "random", "random"]))
    qtbot.waitUntil(lambda: window.results_dialog is not None and window.results_dialog.isVisible(), timeout=5000)
    dlg = window.results_dialog
    dlg.analyze_button.click()
    qtbot.waitUntil(lambda: bool(window.replays.windows), timeout=5000)
    win = window.replays.windows[-1]
    assert dlg.isVisible()  # the results are still there behind the analysis
    win.cancel_analysis()
    win.close()
    assert dlg.isVisible()
