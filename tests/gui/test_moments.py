"""Moments (issue 33.4): a floating "+N" where points were scored, and a
celebration over the board for a win, a solved puzzle and the tutorial's
end; never in the way of a click, all gone afterwards, and nothing with the
animations switch off."""

from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor

from bigcity_desktop.engine import ActionKind, Build, GameState
from bigcity_desktop.learn import load_puzzle
from bigcity_desktop.scene.moments import CelebrationItem, PointsItem
from bigcity_desktop.session.scripted import TutorialSession

from .conftest import players
from .test_game_window import _action_position


def _game(window):
    def ok(st):
        return any(
            len(a.properties) == 1 and a.building in ("residence", "business")
            for a in st.legal_actions(ActionKind.BUILD)
        )

    s = _action_position(ok)
    window.ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    window.ctrl.session.stop()  # the bots wait: only the human's moves move
    return s


def _scoring(ctrl):
    """A build of seat 0 that scores, and its points (from the seat view's answer)."""
    sv = ctrl.session.seat_view()
    for btype in ("residence", "business"):
        for props in sv.legal_builds(btype, 1):
            st = ctrl.session.full_state().clone()
            st.apply(Build(btype, tuple(props)))
            got = st.scores[0] - ctrl.session.full_state().scores[0]
            if got > 0:
                return Build(btype, tuple(props)), got
    raise AssertionError("no scoring build")


def test_a_scoring_build_floats_its_points_over_its_lots(window, qtbot):
    ctrl, sc = window.ctrl, window.scene
    _game(window)
    action, points = _scoring(ctrl)
    assert ctrl.session.act(action) is None
    (item,) = window.moments.board.points()
    assert isinstance(item, PointsItem) and item.text == f"+{points}"
    assert item.pos() == sc.prop_center(action.properties[0])
    assert item.colour == QColor(ctrl.colour(0))
    assert item.acceptedMouseButtons() == Qt.MouseButton.NoButton and not item.isEnabled()
    assert item.zValue() > max(it.zValue() for it in sc.items() if it is not item)
    qtbot.waitUntil(lambda: not window.moments.board.running, timeout=3000)
    assert item.scene() is None and not any(isinstance(it, PointsItem) for it in sc.items())


def test_nothing_floats_with_the_animations_off(window, qtbot, settings):
    settings.setValue("prefs/animations", False)
    ctrl = window.ctrl
    _game(window)
    action, _points = _scoring(ctrl)
    assert ctrl.session.act(action) is None
    assert not window.moments.board.running
    assert not window.moments.celebrate(0)
    assert not any(isinstance(it, (PointsItem, CelebrationItem)) for it in window.scene.items())


def test_a_click_during_the_celebration_reaches_the_board(window, qtbot):
    ctrl, sc = window.ctrl, window.scene
    _game(window)
    action, _points = _scoring(ctrl)
    assert window.moments.celebrate(0)
    (cel,) = window.moments.board.celebrations()
    assert cel.acceptedMouseButtons() == Qt.MouseButton.NoButton
    # pick the building up and click its lot through the confetti and the glow
    assert window.placing.start_building(action.building, 1)
    qtbot.waitUntil(lambda: bool(window.board.mode))
    pos = window.view.mapFromScene(sc.prop_center(action.properties[0]))
    assert cel in window.view.items(pos)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(pos))
    qtbot.waitUntil(lambda: action.properties[0] in ctrl.session.view().city.building_at, timeout=3000)
    with qtbot.waitSignal(window.moments.board.cleared, timeout=5000):
        pass
    assert not window.moments.board.items
    assert window.moments.celebrate(0)
    window.scene.set_view("city")  # the lots were drawn for the plan: the moment ends
    assert not window.moments.board.running
    assert not any(isinstance(it, (PointsItem, CelebrationItem)) for it in sc.items())


def _last_move_position(winner_here: bool):
    """A 2-seat game one move before its end, seat 0 to play that move, and
    seat 0 winning (or not) after it."""
    for seed in range(1, 60):
        st = GameState.new("original", 2, seed, ["You", "Bea"])
        rng = random.Random(seed)
        before = None
        while not st.is_over:
            before = st.clone()
            kinds = st.legal_kinds()
            kind = ActionKind.BUILD if ActionKind.BUILD in kinds and rng.random() < 0.7 else rng.choice(kinds)
            action = rng.choice(st.legal_actions(kind))
            st.apply(action)
        assert before is not None
        if before.current_player == 0 and (0 in st.winners()) == winner_here and len(st.winners()) == 1:
            return before, action
    raise AssertionError("no such game")


def test_a_won_game_celebrates_and_a_lost_one_does_not(window, qtbot):
    for won in (True, False):
        before, last = _last_move_position(won)
        window.ctrl.starting.start_from_state(before, players(["human", "random"]))
        assert not window.moments.board.running
        assert window.ctrl.session.act(last) is None
        qtbot.waitUntil(lambda: window.ctrl.session.view().is_over, timeout=3000)
        assert bool(window.moments.board.celebrations()) == won
        if won:
            with qtbot.waitSignal(window.moments.board.cleared, timeout=5000):
                pass
        if window.results_dialog is not None:
            window.results_dialog.close()


def _play_tutorial(qtbot, session):
    for _ in range(len(session.run.tutorial.steps)):
        if session.done:
            break
        reason = session.next() if session.waits_for_next else session.act(session.offered()[0])
        assert reason is None
        qtbot.waitUntil(lambda: not session.busy, timeout=5000)


def test_the_tutorials_end_celebrates_once(window, qtbot):
    lesson = window.lessons.start_tutorial("original")
    session = lesson.session
    assert isinstance(session, TutorialSession)
    with qtbot.waitSignal(session.finished, timeout=20000):
        _play_tutorial(qtbot, session)
    (cel,) = window.moments.board.celebrations()
    assert cel.colour == QColor(window.ctrl.colour(session.seat))
    with qtbot.waitSignal(window.moments.board.cleared, timeout=5000):
        pass
    assert not any(isinstance(it, CelebrationItem) for it in window.scene.items())


def _puzzle():
    return load_puzzle(Path(__file__).parents[2] / "resources" / "puzzles" / "original-01.json")


def test_a_solved_puzzle_celebrates(window, qtbot):
    puzzle = _puzzle()
    lesson = window.lessons.play_puzzle(puzzle)
    with qtbot.waitSignal(lesson.session.finished, timeout=10000):
        for action in puzzle.answer:
            assert window.ctrl.session.act(action) is None
    assert lesson.session.run.outcome.reached
    assert window.moments.board.celebrations()
    lesson.clicked("restart")  # a new attempt leaves no confetti behind
    assert not window.moments.board.running


def test_the_answer_shown_is_no_celebration(window, qtbot):
    lesson = window.lessons.play_puzzle(_puzzle())
    session = lesson.session
    session.demo_interval_ms = 0
    with qtbot.waitSignal(session.finished, timeout=10000):
        lesson.clicked("show")
    assert session.shown_answer and not window.moments.board.celebrations()


def test_in_a_hot_seat_game_any_person_winning_celebrates(window, qtbot):
    before, last = _last_move_position(winner_here=False)  # seat 1 wins: a person too
    window.ctrl.starting.start_from_state(before, players(["human", "human"]))
    if window.ctrl.session.handoff_pending is not None:
        window.ctrl.session.reveal_hand()
    assert window.ctrl.session.act(last) is None
    qtbot.waitUntil(lambda: window.ctrl.session.view().is_over, timeout=3000)
    (cel,) = window.moments.board.celebrations()
    assert cel.colour == QColor(window.ctrl.colour(1))
