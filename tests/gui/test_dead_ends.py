"""The first hour has no dead ends (issue 33.5): a key pressed for the last
move does not skip the end of the game nor start a new one (keys wait a
moment, Close is the results' default); a pass that ends the game asks
first; the hot-seat names and sentences read well in German."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from .test_german import german  # noqa: F401  (the fixture)
from .test_motion import _finished


def _results(window, qtbot):
    _finished(window)
    qtbot.waitUntil(window.end_moment.isVisible, timeout=5000)
    window.end_moment.skip()
    dlg = window.results_dialog
    assert dlg is not None and dlg.isVisible()
    return dlg


def test_close_is_the_results_default_and_new_game_is_not(window, qtbot):
    dlg = _results(window, qtbot)
    assert dlg.close_button.isDefault()
    assert not dlg.new_button.isDefault() and not dlg.new_button.autoDefault()


def test_enter_as_the_results_open_starts_no_new_game(window, qtbot):
    dlg = _results(window, qtbot)
    asked: list[bool] = []
    dlg.newGameRequested.connect(lambda: asked.append(True))
    assert not dlg.keys.live
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space, Qt.Key.Key_Escape):
        QTest.keyClick(dlg.focusWidget() or dlg, key)
    assert dlg.isVisible() and not asked  # nothing acted: the results stay
    qtbot.waitUntil(lambda: dlg.keys.live, timeout=3000)
    QTest.keyClick(dlg.focusWidget() or dlg, Qt.Key.Key_Return)  # now Enter is Close
    qtbot.waitUntil(lambda: not dlg.isVisible(), timeout=3000)
    assert not asked and window.ctrl.session.view().is_over


def test_a_key_as_the_moment_begins_does_not_skip_it(window, qtbot):
    moment = window.end_moment
    _finished(window)
    qtbot.waitUntil(moment.isVisible, timeout=5000)
    QTest.keyClick(moment, Qt.Key.Key_Return)
    assert moment.isVisible() and window.results_dialog is None
    qtbot.waitUntil(lambda: moment.keys.live, timeout=3000)
    if moment.isVisible():  # still counting: a key now opens the results
        QTest.keyClick(moment, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.results_dialog is not None and window.results_dialog.isVisible(), timeout=5000)


def _two_humans_in_action(window, qtbot):
    from bigcity_desktop.engine import GameState, Phase, get_rules

    from .conftest import players

    state = GameState.new(get_rules("original"), 2, 5, ["You", "Bea"])
    while state.phase == Phase.SETUP:
        state.apply(state.legal_actions()[0])
    window.ctrl.starting.start_from_state(state, players(["human", "human"]))
    _take_screen(window, qtbot)
    return state


def _take_screen(window, qtbot):
    from bigcity_desktop.engine import Phase

    session = window.ctrl.session
    qtbot.waitUntil(lambda: session.handoff_pending is not None, timeout=3000)
    window._reveal()
    qtbot.waitUntil(lambda: session.seat_view().my_turn() and session.view().phase == Phase.ACTION, timeout=3000)


def test_would_this_pass_end_the_game():
    from bigcity_desktop.engine import GameState, Phase, get_rules
    from bigcity_desktop.game.core.wording import pass_ends_game

    state = GameState.new(get_rules("original"), 2, 5, ["You", "Bea"])
    assert not pass_ends_game(state, True)  # the setup: no pass at all
    while state.phase == Phase.SETUP:
        state.apply(state.legal_actions()[0])
    assert not pass_ends_game(state, True)  # the first pass of the two
    state.passes_in_row = 1
    assert pass_ends_game(state, True)
    assert not pass_ends_game(state, False)  # not the seat's turn
    assert not pass_ends_game(None, True)


def test_a_pass_that_ends_the_game_asks_first_and_no_is_the_default(window, qtbot):
    from PySide6.QtWidgets import QMessageBox

    _two_humans_in_action(window, qtbot)
    session = window.ctrl.session
    window.actions["pass"].trigger()  # the first pass of two: no question
    assert window.placing.end_pass_box is None
    _take_screen(window, qtbot)
    moves = len(session.full_state().history)
    window.prefs.confirm_pass = True  # the optional question gives way to this one: one question, not two
    for press in (window.actions["pass"].trigger, window.hand_panel.buttons["pass"].click):
        press()
        box = window.placing.end_pass_box
        assert box is not None and box.isVisible()
        assert window.confirm_box is None
        assert box.defaultButton() is box.button(QMessageBox.StandardButton.No)
        assert "ends the game" in box.text()
        QTest.keyClick(box, Qt.Key.Key_Return)  # Enter: the default, not passing
        qtbot.waitUntil(lambda b=box: not b.isVisible(), timeout=3000)
        assert len(session.full_state().history) == moves and not session.view().is_over
    window.actions["pass"].trigger()
    window.placing.end_pass_box.button(QMessageBox.StandardButton.Yes).click()
    qtbot.waitUntil(lambda: session.view().is_over, timeout=3000)


def test_hot_seat_names_its_first_seat_not_you(qtbot):
    """German "Geben Sie den Bildschirm an den Spieler „Sie“ zurück": where
    several people share the screen no seat is "You"; the first is Anna."""
    from bigcity_desktop.engine.seats import SeatKind
    from bigcity_desktop.game.dialogs import NewGameDialog

    dlg = NewGameDialog()
    qtbot.addWidget(dlg)
    names = lambda: [seat.name for seat in dlg.config().seats]  # noqa: E731
    assert names()[0] == "You"  # against bots the screen is yours
    dlg.rows[1][2].setCurrentIndex(dlg.rows[1][2].findData(SeatKind.HUMAN))
    assert names()[:2] == ["Anna", "Bea"]
    dlg.rows[1][2].setCurrentIndex(dlg.rows[1][2].findData("medium"))
    assert names()[0] == "You"
    dlg.rows[0][1].setText("Zoe")
    dlg.rows[0][1].textEdited.emit("Zoe")  # a typed name stays whatever the seats
    dlg.rows[1][2].setCurrentIndex(dlg.rows[1][2].findData(SeatKind.HUMAN))
    assert names()[0] == "Zoe"
    again = NewGameDialog(previous=dlg.config())  # the last game's seats: the defaults still follow
    qtbot.addWidget(again)
    assert [s.name for s in again.config().seats][:2] == ["Zoe", "Bea"]


def test_german_hot_seat_hand_off_names_a_person(german, window, qtbot):  # noqa: F811
    from bigcity_desktop.engine.seats import SeatKind
    from bigcity_desktop.game.dialogs import NewGameDialog

    dlg = NewGameDialog()
    qtbot.addWidget(dlg)
    dlg.count.setValue(2)
    dlg.rows[1][2].setCurrentIndex(dlg.rows[1][2].findData(SeatKind.HUMAN))
    cfg = dlg.config()
    assert [s.name for s in cfg.seats] == ["Anna", "Bea"]
    window.ctrl.starting.new_game(cfg)
    qtbot.waitUntil(window.overlay.isVisible, timeout=3000)
    text = window.overlay.label.text() + " " + window.overlay.button.text()
    assert "Sie“" not in text and ("Anna" in text or "Bea" in text), text


def test_after_a_hot_seat_game_the_screen_waits_for_nobody(german, window, qtbot, monkeypatch):  # noqa: F811
    """ "Der Bildschirm wartet auf Bea…" stayed after a hot-seat game ended."""
    from bigcity_desktop.engine import GameState

    from .conftest import advance, players

    s = advance(GameState.new("original", 2, 3, ["Anna", "Bea"]), lambda st: st.is_over)
    window.ctrl.starting.start_from_state(s, players(["human", "human"], ["Anna", "Bea"]))
    session = window.ctrl.session
    assert session.view().is_over
    # a hand-off the session still holds at the end is not shown
    monkeypatch.setattr(type(session), "handoff_pending", property(lambda self: 1))
    window._handoff(1)
    window.refresh()
    assert not window.overlay.isVisible()
    assert "Bea" not in window.panes["hand"].windowTitle()
    assert "Bea" not in window.hand_panel.turn_text()


def test_a_network_seats_view_knows_when_a_pass_ends_the_game():
    """The question is asked at a network table too (the pass cannot be taken
    back there): the seat's view from the server carries the counts it needs."""
    from bigcity_desktop.engine import GameState, Phase, get_rules
    from bigcity_desktop.engine.viewjson import view_from_json, view_to_json
    from bigcity_desktop.game.core.wording import pass_ends_game

    state = GameState.new(get_rules("original"), 2, 5, ["You", "Bea"])
    while state.phase == Phase.SETUP:
        state.apply(state.legal_actions()[0])
    state.passes_in_row = 1
    seat = state.current_player
    sent = view_from_json(view_to_json(state.view_for(seat)))
    assert pass_ends_game(sent, True)
