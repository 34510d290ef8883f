"""Lessons in the game window: the tutorials played to their end with keys
only (and a few mouse clicks), a wrong move refused with the lesson's
sentence, leaving and resuming, the question at the first start, the
puzzles dialog, a puzzle solved and remembered, hints and Show me, and a
sandbox city saved as a puzzle that loads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from bigcity_desktop.engine import ActionKind, Build, Draw, Exchange, Offer, PlaceStreetcar, PlaceTile, Take, kind_of
from bigcity_desktop.game.core.controller import GameConfig, SeatConfig
from bigcity_desktop.game.core.models import CardRole
from bigcity_desktop.game.teaching.puzzlelesson import PuzzleLesson
from bigcity_desktop.game.teaching.tutoriallesson import TutorialLesson
from bigcity_desktop.learn import TutorialRun, load_puzzle, load_tutorial, read_progress
from bigcity_desktop.scene.style import CELL
from bigcity_desktop.session.local import LocalSession
from bigcity_desktop.session.scripted import PuzzleSession, TutorialSession

K = Qt.Key


def press(qtbot, window, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    """One key, to whatever has the keyboard focus (as a real key press goes)."""
    qtbot.keyClick(QApplication.focusWidget() or window, key, modifier)


def focused(widget) -> bool:
    return QApplication.focusWidget() is widget


def tick_cards(qtbot, window, cards) -> None:
    """Tick `cards` in the hand with the arrow keys and Space."""
    view = window.hand_panel.hand_view
    model = window.ctrl.hand_model
    if not focused(view):
        for _ in range(8):
            press(qtbot, window, K.Key_F6)
            if focused(view):
                break
    assert focused(view)
    for row in range(model.rowCount()):
        card = model.data(model.index(row, 0), CardRole)
        view.setCurrentIndex(model.index(row, 0)) if row == 0 else press(qtbot, window, K.Key_Down)
        if card in cards:
            press(qtbot, window, K.Key_Space)
    assert sorted(model.checked_cards()) == sorted(cards)


def key_step(qtbot, window, lesson: TutorialLesson) -> None:
    """Do the step under way with keys only."""
    session = lesson.session
    if session.waits_for_next:
        assert isinstance(QApplication.focusWidget(), type(lesson.bubble.buttons["next"]))
        assert focused(lesson.bubble.buttons["next"]), "Enter in the bubble presses Next"
        press(qtbot, window, K.Key_Return)
        return
    action = session.offered()[0]
    kind = kind_of(action, window.ctrl.session.view().rules)
    if kind in (ActionKind.BUILD, ActionKind.PARK_FACTORY):
        assert focused(window.supply_panel), "the step begins at the Supply, on the piece to build"
        press(qtbot, window, K.Key_Return)  # picks it up: the ghost waits on the one lit spot
        assert window.board.mode == "building"
        press(qtbot, window, K.Key_Return)  # builds there
    elif kind == ActionKind.NEIGHBORHOOD:
        if window.board.mode != "tile":
            press(qtbot, window, K.Key_Return)  # the tiles list, at the neighborhood to lay
        assert window.board.mode == "tile"
        press(qtbot, window, K.Key_Return)
    elif kind == ActionKind.STREETCAR:
        if window.board.mode != "streetcar":
            press(qtbot, window, K.Key_S)
        press(qtbot, window, K.Key_Return)
    elif kind == ActionKind.STOP:
        press(qtbot, window, K.Key_D)
    elif kind == ActionKind.DRAW:
        assert isinstance(action, Draw)
        press(qtbot, window, getattr(K, f"Key_{action.stack}"))
    elif kind == ActionKind.EXCHANGE:
        assert isinstance(action, Exchange)
        tick_cards(qtbot, window, action.cards)
        press(qtbot, window, K.Key_E)
    elif kind == ActionKind.OFFER:
        assert isinstance(action, Offer)
        tick_cards(qtbot, window, action.cards)
        button = window.hand_panel.buttons["offer_up" if action.face_up else "offer_down"]
        for _ in range(10):
            if focused(button):
                break
            press(qtbot, window, K.Key_Tab)
        assert focused(button)
        press(qtbot, window, K.Key_Space)
    elif kind == ActionKind.TAKE:
        assert isinstance(action, Take)
        assert focused(window.hand_panel.offers_list)
        press(qtbot, window, K.Key_Return)
    elif kind == ActionKind.PASS:
        press(qtbot, window, K.Key_P)
    else:  # pragma: no cover - every kind a tutorial uses is above
        raise AssertionError(kind)


@pytest.mark.parametrize("tid", ["original", "jumbo"])
def test_a_tutorial_is_played_to_its_end_with_keys_only(window, qtbot, data_dir, tid):
    window.activateWindow()
    lesson = window.lessons.start_tutorial(tid)
    assert isinstance(lesson, TutorialLesson) and window.lessons.lesson is lesson
    session = lesson.session
    assert window.ctrl.session is session and lesson.bubble.isVisible()
    steps = len(lesson.tutorial.steps)
    for _ in range(steps):
        index = session.run.index
        assert lesson.bubble.heading.text().endswith(f"{index + 1} of {steps}")
        assert lesson.bubble.note_text == "", "no refusal on the way"
        key_step(qtbot, window, lesson)
        assert session.run.index == index + 1 or session.done, f"step {session.run.step.id} did not go on"
    assert session.done
    final = lesson.tutorial.final
    assert final is not None and tuple(window.ctrl.session.view().scores) == final.scores
    assert window.ctrl.log_model.rowCount() > 10 and window.ctrl.history_model.rowCount() > 1
    assert "easy" in lesson.bubble.buttons  # "play the easy bot" is offered at the end
    assert tid in read_progress(data_dir / "learn-progress.json").finished
    if tid == "original":
        press(qtbot, window, K.Key_Return)  # Enter: a game against the easy bot
        assert window.lessons.lesson is None and isinstance(window.ctrl.session, LocalSession)
        dlg = window.new_dialog
        assert dlg is not None and [s.kind for s in dlg.config().seats] == ["human", "easy"]
        dlg.reject()


def test_the_first_steps_with_the_mouse(window, qtbot):
    lesson = window.lessons.start_tutorial("original")
    assert lesson is not None
    session = lesson.session
    qtbot.mouseClick(lesson.bubble.buttons["next"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(lesson.bubble.buttons["next"], Qt.MouseButton.LeftButton)
    assert session.run.step.id == "place-2" and window.board.mode == "tile"
    # the neighborhood in hand follows the pointer: a click on its lit spot lays it
    view = window.view
    # the board has fitted the city beside the bubble (just after the lesson began: issue 46.10)
    qtbot.waitUntil(lambda: view.auto_fit and not view._refit.isActive())
    QApplication.processEvents()
    qtbot.waitUntil(lambda: not view._refit.isActive())
    at = view.mapFromScene(window.scene.to_scene(5 * CELL, 1 * CELL))
    qtbot.mouseMove(view.viewport(), at)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert session.run.step.id == "place-4", lesson.bubble.note_text
    assert PlaceTile(2, 3, 0, 0) in session.run.actions


def test_a_wrong_move_is_refused_with_the_lesson_sentence_and_changes_nothing(window, qtbot):
    lesson = window.lessons.start_tutorial("original")
    assert lesson is not None
    session, run = lesson.session, lesson.session.run
    while run.step.id != "business-41-43":
        session.next() if session.waits_for_next else window.ctrl.session.act(session.offered()[0])
    before = run.state.clone()
    version = session.version
    log_rows = window.ctrl.log_model.rowCount()
    # a double business: the step's own teaching sentence
    assert window.ctrl.session.act(Build("business", tuple([41, 42]))) is not None
    note = lesson.bubble.note_text
    assert "7 points" in note and note in window.statusBar().currentMessage()
    # a move the rules forbid: the engine's reason and the step's hint
    window.ctrl.session.act(Build("residence", tuple([11])))
    assert "Build a business on 41, 42 and 43" in lesson.bubble.note_text
    assert run.state == before and session.version == version
    assert window.ctrl.log_model.rowCount() == log_rows
    # only the step's move is offered: its lots lit, the N key visits them alone
    assert window.ctrl.session.seat_view().legal_builds("business", 3) == [(41, 42, 43)]
    assert window.ctrl.session.seat_view().legal_builds("business", 2) == []
    assert [
        window.ctrl.supply_model.data(window.ctrl.supply_model.index(r, 0), Qt.ItemDataRole.DisplayRole)
        for r in window.ctrl.supply_model.buildable_rows()
    ] == ["✓ Triple business"]
    assert not window.hand_panel.buttons["pass"].isEnabled()
    # Next is no way past a step that waits for a move
    press(qtbot, window, K.Key_N, Qt.KeyboardModifier.AltModifier)
    assert run.step.id == "business-41-43" and "waits for your move" in lesson.bubble.note_text


def test_leaving_gives_the_game_back_and_the_tutorial_resumes(window, qtbot, data_dir):
    window.ctrl.starting.new_game(GameConfig("original", [SeatConfig("You"), SeatConfig("Bea", "easy")], seed=5))
    local = window.ctrl.session
    qtbot.waitUntil(lambda: window.ctrl.session.seat_view().my_turn())
    game_before = window.ctrl.session.full_state().clone()
    lesson = window.lessons.start_tutorial("original")
    assert lesson is not None and lesson.previous is local
    session = lesson.session
    for _ in range(7):
        session.next() if session.waits_for_next else window.ctrl.session.act(session.offered()[0])
    reached = session.run.index
    press(qtbot, window, K.Key_L, Qt.KeyboardModifier.AltModifier)  # Alt+L leaves
    assert window.lessons.lesson is None and window.ctrl.session is local
    assert window.ctrl.session.full_state() == game_before and window.ctrl.session.seat_view().my_turn()
    assert not lesson.bubble.isVisible()
    saved = read_progress(data_dir / "learn-progress.json").tutorial_progress("original")
    assert saved is not None and saved["step"] == reached
    # resumed where it was left, from the Help menu's dialog
    dlg = window.lessons.show_tutorials()
    assert "Resume" in dlg.start_button.text().replace("&", "")
    qtbot.mouseClick(dlg.start_button, Qt.MouseButton.LeftButton)
    again = window.lessons.lesson
    assert isinstance(again, TutorialLesson) and again.session.run.index == reached
    assert again.bubble.heading.text().endswith(f"step {reached + 1} of {len(again.tutorial.steps)}")
    # Back goes a step back; a new game ends the lesson, keeping its place
    press(qtbot, window, K.Key_B, Qt.KeyboardModifier.AltModifier)
    assert again.session.run.index == reached - 1
    window.ctrl.starting.new_game(GameConfig("original", [SeatConfig("You"), SeatConfig("Bea", "easy")], seed=6))
    assert window.lessons.lesson is None and not again.bubble.isVisible()
    saved = read_progress(data_dir / "learn-progress.json").tutorial_progress("original")
    assert saved is not None and saved["step"] == reached - 1


def test_leaving_with_no_game_before_offers_a_new_one(window, qtbot):
    lesson = window.lessons.start_tutorial("jumbo")
    assert lesson is not None
    lesson.clicked("leave")
    assert window.lessons.lesson is None and not window.ctrl.session.has_game
    assert window.scene.city is None and window.ctrl.players_model.rowCount() == 0
    assert window.new_dialog is not None and window.new_dialog.isVisible()
    window.new_dialog.reject()


def test_the_tutorial_is_offered_once_at_the_first_start(window, qtbot, settings):
    window.startup()
    window.player.dialog.accept()  # the first start asks the player's name first (test_player_name.py)
    box = window.lessons.tutorial_offer
    assert isinstance(box, QMessageBox) and box.isVisible()
    # the time the tutorial's file announces (issue 46.10), not a number of its own
    assert f"about {load_tutorial('original', verify=False).minutes} minutes" in box.text()
    later = next(b for b in box.buttons() if b is not box.defaultButton())
    later.click()
    assert window.lessons.lesson is None
    # the home view (issue 46.9); the saved games are looked for beside the window: none to continue
    assert window.home.shown
    qtbot.waitUntil(lambda: window.home.looked, timeout=10000)
    assert not window.home.view.continue_button.isVisibleTo(window.home.view)
    assert settings.value("learn/tutorialOffered") in (True, "true")
    assert window.lessons.offer_first_tutorial() is False  # asked once
    assert window.actions["tutorial"].isEnabled()  # and kept in the Help menu


def test_the_start_question_starts_the_tutorial(window, qtbot):
    assert window.lessons.offer_first_tutorial()
    window.lessons.tutorial_offer.defaultButton().click()
    assert isinstance(window.lessons.lesson, TutorialLesson) and window.lessons.lesson.tutorial.id == "original"


def test_the_bubble_follows_the_board(window, qtbot):
    lesson = window.lessons.start_tutorial("original")
    assert lesson is not None
    session = lesson.session
    while session.run.step.id != "hall-spots":
        session.next() if session.waits_for_next else window.ctrl.session.act(session.offered()[0])
    ring = lesson.pointer.geometry()
    assert lesson.pointer.isVisible()
    assert not lesson.bubble.geometry().intersects(lesson.pointer.target.adjusted(-4, -4, 4, 4))
    window.view.zoom_in()
    window.view.zoom_in()
    qtbot.waitUntil(lambda: lesson.pointer.geometry() != ring)
    window.resize(1100, 760)
    qtbot.waitUntil(lambda: lesson.bubble.geometry().right() <= lesson.board_area().right())


# ---------------------------------------------------------------- puzzles


def test_the_puzzles_dialog_solves_one_and_remembers_it(window, qtbot, data_dir):
    dlg = window.lessons.show_puzzles()
    assert dlg.model.rowCount() == 18
    dlg.edition.setCurrentIndex(dlg.edition.findData("jumbo"))
    assert dlg.model.rowCount() == 6
    dlg.edition.setCurrentIndex(dlg.edition.findData("original"))
    first = dlg.current()
    assert first is not None and first.difficulty == 1 and first.title.en in dlg.details.text()
    qtbot.mouseClick(dlg.play_button, Qt.MouseButton.LeftButton)
    lesson = window.lessons.lesson
    assert isinstance(lesson, PuzzleLesson) and isinstance(window.ctrl.session, PuzzleSession)
    assert "Goal: score at least" in lesson.bubble.body.text()
    # a move the rules forbid changes nothing
    assert window.ctrl.session.act(Build("church", tuple([11]))) is not None and lesson.bubble.note_text
    for action in first.answer:
        assert window.ctrl.session.act(action) is None
    assert lesson.session.done and "Solved!" in lesson.bubble.heading.text()
    assert read_progress(data_dir / "learn-progress.json").solved == {first.id: first.best}
    following = lesson.following
    assert following is not None
    press(qtbot, window, K.Key_Return)  # Enter in the bubble: the next puzzle
    assert isinstance(window.lessons.lesson, PuzzleLesson) and window.lessons.lesson.puzzle.id == following.id
    window.lessons.lesson.clicked("leave")
    dlg = window.lessons.show_puzzles()
    row = [p.id for p in dlg.model.puzzles()].index(first.id)
    assert dlg.model.data(dlg.model.index(row, 0)) == "✓"
    assert "1 of 18 solved" in dlg.count.text()
    dlg.reject()


def test_a_puzzle_hint_is_thought_out_on_a_worker_and_show_me_plays_the_answer(window, qtbot, data_dir):
    puzzle = load_puzzle(Path(__file__).parents[2] / "resources" / "puzzles" / "original-01.json")
    lesson = window.lessons.play_puzzle(puzzle)
    session = lesson.session
    session.demo_interval_ms = 0
    with qtbot.waitSignal(session.hintReady, timeout=20000):
        press(qtbot, window, K.Key_H)
        assert lesson.bubble.note_text.startswith("Thinking")
    assert lesson.bubble.note_text.startswith("Hint:")
    lesson.clicked("show")
    qtbot.waitUntil(lambda: session.done, timeout=10000)
    assert list(session.run.moves) == list(puzzle.answer)
    assert "That was the answer" in lesson.bubble.heading.text()
    assert not read_progress(data_dir / "learn-progress.json").solved  # shown, not solved
    lesson.clicked("restart")
    assert not session.done and session.run.moves == []


def test_a_puzzle_file_that_is_no_puzzle_is_refused_clearly(window, qtbot, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "bigcity-puzzle", "version": 1}')
    dlg = window.lessons.show_puzzles()
    assert dlg.open_file(bad) is None
    assert "not a puzzle" in dlg.error_box.text() and dlg.model.rowCount() == 18
    dlg.reject()


def test_the_puzzle_model(qtmodeltester):
    from bigcity_desktop.game.teaching.puzzledialog import PuzzleListModel, bundled

    model = PuzzleListModel()
    qtmodeltester.check(model)
    model.set_puzzles(bundled(), {"original-01": 11})
    qtmodeltester.check(model)


def test_a_sandbox_city_is_saved_as_a_puzzle_that_loads(qtbot, tmp_path):
    from bigcity_desktop.sandbox.window import SandboxWindow

    w = SandboxWindow()
    qtbot.addWidget(w)
    dlg = w.save_as_puzzle()
    assert dlg.save_to(tmp_path / "no.json") is False and "at least one card" in dlg.status.text()
    dlg.set_hand([11, 12, 13])
    dlg.title_edit.setText("Three in a row")
    dlg.points.setValue(10)
    with qtbot.waitSignal(dlg.saved, timeout=20000):
        assert dlg.save_to(tmp_path / "row.json")
    puzzle = load_puzzle(tmp_path / "row.json")
    assert puzzle.best == 11 and puzzle.answer == (Build("residence", (11, 12, 13)),)
    assert json.loads((tmp_path / "row.json").read_text())["format"] == "bigcity-puzzle"
    # a goal no line reaches is said, and nothing is written
    dlg = w.save_as_puzzle()
    dlg.set_hand([11])
    dlg.title_edit.setText("Too much")
    dlg.points.setValue(50)
    assert dlg.save_to(tmp_path / "too.json")
    qtbot.waitUntil(lambda: dlg.save_button.isEnabled(), timeout=20000)
    assert "no line of play reaches this goal" in dlg.status.text()
    assert not (tmp_path / "too.json").exists()


def test_a_tutorial_session_is_a_game_session(qtbot):
    """The session alone: views, refusals and the moves offered."""
    run_session = TutorialSession(TutorialRun(load_tutorial("jumbo")))
    applied = []
    run_session.applied.connect(lambda p, a: applied.append((p, a)))
    assert run_session.act(Build("city_hall", (26,))) is not None  # the first step waits for Next
    assert run_session.next() is None and run_session.next() is None
    assert run_session.view().legal_actions() == [Build("city_hall", (26,))]
    assert run_session.act(PlaceStreetcar(((5, 1), (5, 2)))) is not None
    assert run_session.act(Build("city_hall", (26,))) is None
    assert applied[0] == (0, Build("city_hall", (26,)))
    assert run_session.undo() is not None and run_session.final_record() is None


def test_a_panel_the_lesson_opened_closes_when_it_ends(window, qtbot):
    """Issue 46.2: the log opened in the tutorial stayed open into the puzzles."""
    log, chart = window.docks["log"], window.docks["chart"]
    assert not log.isVisible() and not chart.isVisible()
    lesson = window.lessons.start_tutorial("original")
    assert lesson is not None
    lesson.show_dock("log")
    assert log.isVisible()
    lesson.end(go_back=False)
    assert not log.isVisible()
    # a panel open before the lesson stays open after it
    window.drawer.open(["chart"])
    lesson = window.lessons.start_tutorial("original")
    assert lesson is not None
    lesson.show_dock("chart")
    lesson.end(go_back=False)
    assert chart.isVisible()


def test_the_panel_sheet_gives_way_when_a_lesson_points_at_the_supply(window, qtbot):
    """Issue 46.2: the log and the chart open on a sheet over the Supply's
    column; a step that builds from the Supply closes them first."""
    window.drawer.open(["log"])
    lesson = window.lessons.start_tutorial("original")
    assert lesson is not None
    lesson.show_dock("log")
    assert window.docks["log"].isVisible()
    lesson.show_dock("supply")
    assert not window.drawer.is_open and not window.supply_panel.visibleRegion().isEmpty()
    lesson.end(go_back=False)
