"""An unexpected error is shown once, logged, and the game is saved first."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication

from bigcity_desktop.app import save_for_crash
from bigcity_desktop.ui.crash import CrashReporter

from .conftest import wait_my_turn
from .test_game_window import start_default


def _raise(reporter: CrashReporter) -> None:
    table: dict[str, int] = {}
    try:
        table["missing"]
    except KeyError:
        reporter.hook(*sys.exc_info())


def test_a_crash_is_reported_once_with_details_and_the_game_saved(window, qtbot, tmp_path, monkeypatch):
    ctrl = start_default(window, seed=4)
    wait_my_turn(qtbot, ctrl)
    saved = []
    real_autosave = ctrl.starting.local.autosave_now
    monkeypatch.setattr(ctrl.starting.local, "autosave_now", lambda: saved.append(real_autosave()))
    moves = ["1. tile 3 0 -2 0", "2. draw 3"]
    monkeypatch.setattr(sys, "__excepthook__", lambda *a: None)  # keep the test's output clean
    reporter = CrashReporter(lambda: tmp_path / "logs", lambda: window, lambda: moves, lambda: save_for_crash(window))
    reporter._previous = lambda *a: None
    _raise(reporter)
    box = reporter.box
    assert box is not None and box.isVisible() and saved
    slot = ctrl.starting.local.slot
    assert slot is not None and slot.path.exists()
    assert "Continue" in box.text() and str(slot.path) in box.text()
    details = box.detailedText()
    assert "KeyError" in details and "Big City Desktop" in details and moves[-1] in details
    (log,) = (tmp_path / "logs").glob("crash-*.log")
    assert "KeyError" in log.read_text()
    copy = next(b for b in box.buttons() if "Copy" in b.text())
    copy.click()
    assert "KeyError" in QApplication.clipboard().text()
    box.close()
    # the same error again: logged, the game saved, no second box
    reporter.box = None
    _raise(reporter)
    assert reporter.box is None and len(saved) == 2
    assert window.isVisible()  # the app goes on


def test_a_crash_with_no_game_does_not_claim_a_game_was_saved(window, qtbot, tmp_path, monkeypatch):
    """Issue 49: the box said "Your game was saved first" when no game existed."""
    monkeypatch.setattr(sys, "__excepthook__", lambda *a: None)
    assert save_for_crash(window) is None  # nothing is played yet
    reporter = CrashReporter(lambda: tmp_path / "logs", lambda: window, lambda: [], lambda: save_for_crash(window))
    reporter._previous = lambda *a: None
    _raise(reporter)
    box = reporter.box
    assert box is not None and box.isVisible()
    assert "saved" not in box.text() and "Continue" not in box.text()
    assert "crash-" in box.text()  # where the report went is still said
    box.close()
