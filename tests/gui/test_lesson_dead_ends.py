"""The first hour has no dead ends: every wrong move in the tutorial is
answered in the coach's bubble, the log and the chart run on across a step
with its own position, Enter presses the focused Pass button, and a
lesson's end opens the puzzles without wiping the board or asking for a
new game; a failed puzzle's Enter is its Try again, with a Hint beside it,
and the puzzle's bubble keeps to its edge of the board."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication

from bigcity_desktop.engine import ActionKind, Build
from bigcity_desktop.game.teaching.dock import Lookahead, choose_dock
from bigcity_desktop.game.teaching.puzzlelesson import PuzzleLesson
from bigcity_desktop.game.teaching.tutoriallesson import TutorialLesson
from bigcity_desktop.learn import TutorialRun, load_puzzle, load_tutorial, refuse_attempt
from bigcity_desktop.learn.tutorial import RefusalKind

K = Qt.Key
PUZZLES = Path(__file__).parents[2] / "resources" / "puzzles"


def go_to(window, lesson: TutorialLesson, step_id: str) -> None:
    session = lesson.session
    while session.run.step.id != step_id:
        session.next() if session.waits_for_next else window.ctrl.session.act(session.offered()[0])


def test_a_wrong_neighborhood_gets_the_steps_sentence_in_the_bubble(window, qtbot):
    lesson = window.lessons.start_tutorial("original", fresh=True)
    assert lesson is not None
    go_to(window, lesson, "place-2")
    window.board.cancel_mode()
    window.tiles_panel.tileChosen.emit(3)
    note = lesson.bubble.note_text
    assert "Start with Downtown" in note, note
    assert "fits nowhere" not in window.statusBar().currentMessage()


def test_a_wrong_building_gets_the_steps_sentence_in_the_bubble(window, qtbot):
    lesson = window.lessons.start_tutorial("original", fresh=True)
    assert lesson is not None
    go_to(window, lesson, "business-41-43")
    window.supply_panel.buildingChosen.emit("business", 2)
    assert "7 points" in lesson.bubble.note_text
    window.board.cancel_mode()
    window.supply_panel.buildingChosen.emit("residence", 1)
    assert "41, 42 and 43" in lesson.bubble.note_text
    window.board.cancel_mode()
    window.supply_panel.buildingChosen.emit("park", 2)  # no card for it: the rules' reason and the hint
    assert "Build a business on 41, 42 and 43" in lesson.bubble.note_text


def test_a_wrong_attempt_is_refused_without_playing_anything():
    run = TutorialRun(load_tutorial("original"))
    run.next()
    run.next()
    before = run.state.clone()
    r = refuse_attempt(run, ActionKind.NEIGHBORHOOD, tile=3)
    assert r is not None and r.kind == RefusalKind.TEACHING and run.state == before
    assert refuse_attempt(run, ActionKind.BUILD, building="residence", size=1).kind == RefusalKind.ILLEGAL


def test_the_log_and_the_chart_run_on_across_a_few_turns_later(window, qtbot):
    lesson = window.lessons.start_tutorial("original", fresh=True)
    assert lesson is not None
    go_to(window, lesson, "residence-35-36")
    lesson.session.finish_moves()
    log_rows = window.ctrl.log_model.events_shown
    chart_rows = window.ctrl.history_model.rowCount()
    assert log_rows > 3
    window.ctrl.session.act(lesson.session.offered()[0])
    lesson.session.finish_moves()
    assert lesson.session.run.step.id == "later"
    assert window.ctrl.log_model.events_shown >= log_rows
    assert window.ctrl.history_model.rowCount() > chart_rows


def test_enter_presses_the_focused_pass_button(window, qtbot):
    window.activateWindow()
    lesson = window.lessons.start_tutorial("original", fresh=True)
    assert lesson is not None
    go_to(window, lesson, "end")
    lesson.session.finish_moves()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.hand_panel.buttons["pass"])
    qtbot.keyClick(window.hand_panel.buttons["pass"], K.Key_Return)
    lesson.session.finish_moves()
    assert lesson.session.run.step.id == "won"


def test_the_streetcar_steps_are_titled_streetcars():
    t = load_tutorial("original")
    chapter = None
    for step in t.steps:
        chapter = step.chapter.en if step.chapter is not None else chapter
        if step.pointer.building == "streetcar":
            assert chapter == "Streetcars", step.id


def test_puzzles_from_the_tutorials_end_keep_the_board_and_open_just_the_puzzle(window, qtbot):
    lesson = window.lessons.start_tutorial("original", fresh=True)
    assert lesson is not None
    go_to(window, lesson, "won")
    lesson.session.next()
    lesson.session.finish_moves()
    qtbot.waitUntil(lambda: "puzzles" in lesson.bubble.buttons)
    city = window.scene.city
    lesson.clicked("puzzles")
    dlg = window.lessons.puzzles_dialog
    assert dlg is not None and dlg.isVisible()
    assert window.scene.city is city, "the board is not wiped behind the dialog"
    assert window.new_dialog is None or not window.new_dialog.isVisible()
    qtbot.mouseClick(dlg.play_button, Qt.MouseButton.LeftButton)
    assert isinstance(window.lessons.lesson, PuzzleLesson)
    assert window.new_dialog is None or not window.new_dialog.isVisible(), "no New game dialog over the puzzle"
    # and from the puzzle's own end
    puzzle = window.lessons.lesson
    for action in puzzle.puzzle.answer:
        window.ctrl.session.act(action)
    puzzle.session.finish_moves()
    qtbot.waitUntil(lambda: puzzle.session.done)
    puzzle.clicked("puzzles")
    qtbot.mouseClick(window.lessons.puzzles_dialog.play_button, Qt.MouseButton.LeftButton)
    assert isinstance(window.lessons.lesson, PuzzleLesson) and window.lessons.lesson is not puzzle
    assert window.new_dialog is None or not window.new_dialog.isVisible()


def test_a_failed_puzzles_enter_is_try_again_and_a_hint_is_offered(window, qtbot):
    first = load_puzzle(PUZZLES / "original-01.json")
    second = load_puzzle(PUZZLES / "original-02.json")
    lesson = window.lessons.play_puzzle(first, second)
    session = lesson.session
    view = window.ctrl.session.view()
    worst = min(
        (a for a in view.legal_actions() if isinstance(a, Build)),
        key=lambda a: view.judge(a).score or 0,
    )
    assert window.ctrl.session.act(worst) is None
    session.finish_moves()
    qtbot.waitUntil(lambda: session.done)
    assert not session.run.outcome.reached
    assert lesson.bubble.default_key == "restart"
    assert "Try again" in lesson.bubble.keys.text() and "Restart" not in lesson.bubble.note_text
    assert "hint" in lesson.bubble.buttons
    lesson.bubble.buttons["restart"].setFocus()
    qtbot.keyClick(lesson.bubble.buttons["restart"], K.Key_Return)
    assert window.lessons.lesson is lesson and not session.done
    # the hint after a failed attempt starts again and thinks of the first move
    window.ctrl.session.act(worst)
    session.finish_moves()
    qtbot.waitUntil(lambda: session.done)
    with qtbot.waitSignal(session.hintReady, timeout=20000):
        lesson.clicked("hint")
    assert not session.done and lesson.bubble.note_text.startswith("Hint:")


def test_a_bubble_pointing_at_nothing_keeps_to_its_edge():
    area = QRect(0, 0, 800, 600)

    def look(room):
        if room is None:  # the top is covered: a free bubble would go to the bottom
            return Lookahead([], QRect(100, 0, 600, 300), 1.0)
        return Lookahead([], QRect(150, 200, 500, 250), 0.8)  # fitted beside the docked bubble

    low = choose_dock((300, 150), area, look)
    assert low.rect.bottom() > 300 and low.room is None
    top_now = QRect(490, 10, 300, 150)
    kept = choose_dock((300, 150), area, look, stay=top_now)
    assert kept.rect.top() == 10 and kept.room is not None  # the board makes room at the top


def test_the_puzzles_say_city_hall_as_the_game_does():
    for path in sorted(PUZZLES.glob("*.json")):
        assert "town hall" not in path.read_text(encoding="utf-8").lower(), path.name


def test_a_bubbles_buttons_that_do_not_fit_go_to_a_second_row(qtbot):
    from PySide6.QtWidgets import QWidget

    from bigcity_desktop.game.teaching.coach import CoachBubble

    parent = QWidget()
    qtbot.addWidget(parent)
    bubble = CoachBubble(parent)
    names = ["Noch einmal", "Tipp", "Rätsel…", "Verlassen", "Nächstes Rätsel"]
    bubble.set_buttons([(str(i), n, True) for i, n in enumerate(names)], "0", "3")
    bubble.fit_width(380)
    bubble.show()
    inside = bubble.rect()
    assert all(inside.contains(b.geometry()) for b in bubble.buttons.values())
    assert bubble.row2.count() > 0


def test_the_next_puzzles_bubble_is_where_the_last_ones_was(window, qtbot):
    first = load_puzzle(PUZZLES / "original-01.json")
    second = load_puzzle(PUZZLES / "original-02.json")
    lesson = window.lessons.play_puzzle(first, second)
    qtbot.waitUntil(lambda: lesson.bubble.isVisible())
    for action in first.answer:
        window.ctrl.session.act(action)
        lesson.session.finish_moves()
    qtbot.waitUntil(lambda: lesson.session.done)
    lesson.reposition()
    low = lesson.bubble.geometry().center().y() > lesson.board_area().center().y()
    # the other edge than a free bubble takes: it keeps to it
    lesson.bubble.move(
        lesson.bubble.x(),
        lesson.board_area().top() + 10 if low else lesson.board_area().bottom() - 10 - lesson.bubble.height(),
    )
    lesson.reposition()
    low = not low
    assert (lesson.bubble.geometry().center().y() > lesson.board_area().center().y()) == low
    lesson.clicked("next")
    following = window.lessons.lesson
    assert isinstance(following, PuzzleLesson) and following is not lesson
    following.reposition()
    assert (following.bubble.geometry().center().y() > following.board_area().center().y()) == low


def test_an_emptied_board_says_nothing_of_the_lesson_that_was(window, qtbot):
    lesson = window.lessons.start_tutorial("jumbo", fresh=True)
    assert lesson is not None
    window.statusBar().showMessage("Property 62, city centre, your Double residence, 7 points")
    lesson.clicked("leave")
    assert window.scene.city is None
    assert "Property 62" not in window.statusBar().currentMessage()
    window.new_dialog.reject()


def test_a_lesson_begins_with_an_empty_status_line(window, qtbot):
    window.statusBar().showMessage("Robin passed")
    window.lessons.play_puzzle(load_puzzle(PUZZLES / "original-01.json"))
    assert "Robin passed" not in window.statusBar().currentMessage()


def test_a_piece_the_board_will_not_put_down_there_is_said_in_the_bubble(window, qtbot):
    lesson = window.lessons.start_tutorial("original", fresh=True)
    assert lesson is not None
    go_to(window, lesson, "residence-17")
    lesson.session.finish_moves()
    window.placing.start_building("business", 1)
    assert window.board.mode == "building"
    tool = window.board.tool
    tool.props, tool.judged = [11], None  # a lot the learner holds no card for
    window.board.last_judgement = window.ctrl.session.seat_view().judge("business", [11])
    assert not window.board.last_judgement.legal
    window.board.hover_text = "Business: you hold no card for property 11"
    assert tool.commit() is False
    note = lesson.bubble.note_text
    assert note.startswith("Business: you hold no card") and lesson.session.run.step.hint.en in note
