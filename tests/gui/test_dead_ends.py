"""The first hour has no dead ends (issue 33.5): a key pressed for the last
move does not skip the end of the game nor start a new one (keys wait a
moment, Close is the results' default); a pass that ends the game asks
first; the hot-seat names and sentences read well in German."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

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
