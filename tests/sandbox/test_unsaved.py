"""Nothing laid out in the sandbox is lost (issue 26.1): Save / Discard /
Cancel before the table is cleared (close, New, Open), and a kept layout
offered back after a crash."""

from __future__ import annotations

import json

import pytest

from bigcity_desktop.sandbox import keep, prompts
from bigcity_desktop.sandbox.prompts import Choice
from bigcity_desktop.sandbox.window import SandboxWindow, open_sandbox


class Answers:
    """Answers the sandbox's questions and remembers that they were asked."""

    def __init__(self, monkeypatch, unsaved=Choice.CANCEL, restore=Choice.CANCEL):
        self.unsaved, self.restore = unsaved, restore
        self.asked: list[str] = []
        self.notes: list[str] = []
        monkeypatch.setattr(prompts, "ask_unsaved", self._unsaved)
        monkeypatch.setattr(prompts, "ask_restore", self._restore)

    def _unsaved(self, parent, name):
        self.asked.append(f"unsaved {name}")
        return self.unsaved

    def _restore(self, parent, when, name, note=""):
        self.notes.append(note)
        self.asked.append(f"restore {name}")
        return self.restore


@pytest.fixture
def answers(monkeypatch):
    return Answers(monkeypatch)


@pytest.fixture
def win(qtbot):
    w = SandboxWindow()
    qtbot.addWidget(w)
    w.show()
    yield w
    w.undo_stack.setClean()  # the teardown's close asks nothing
    w.close()


def kept_files():
    folder = keep.keep_dir()
    return sorted(p.name for p in folder.glob("*.json")) if folder.is_dir() else []


def test_closing_a_changed_layout_asks_and_cancel_keeps_the_window(win, answers):
    assert win.place_building("residence", [11])
    assert not win.close()
    assert answers.asked == ["unsaved untitled layout"]
    assert win.isVisible() and len(win.model.steps) == 2


def test_discard_closes_and_forgets_the_kept_layout(win, answers):
    assert win.place_building("residence", [11])
    assert kept_files(), "an unsaved change is kept for a crash"
    answers.unsaved = Choice.DISCARD
    assert win.close()
    assert not kept_files()


def test_save_writes_the_file_then_closes(win, answers, tmp_path):
    target = tmp_path / "mine.json"
    assert win.save_layout(target)
    assert win.place_building("residence", [11])
    answers.unsaved = Choice.SAVE
    assert win.close()
    saved = json.loads(target.read_text())
    assert any(b.get("properties") == [11] for b in saved.get("buildings", [])), saved
    assert not kept_files()


def test_a_clean_layout_closes_without_asking(win, answers):
    assert win.close()
    assert answers.asked == []


def test_new_layout_asks_first(win, answers):
    assert win.place_building("residence", [11])
    assert not win.new_layout()
    assert len(win.model.steps) == 2
    answers.unsaved = Choice.DISCARD
    assert win.new_layout()
    assert len(win.model.steps) == 1 and win.undo_stack.isClean() and win.path is None


def test_open_asks_only_for_a_file_it_can_open(win, answers, demo_path, tmp_path):
    assert win.place_building("residence", [11])
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    assert not win.open_layout(broken, show_errors=False)
    assert answers.asked == []  # a broken file is refused before anything is asked
    assert not win.open_layout(demo_path)  # Cancel
    assert answers.asked == ["unsaved untitled layout"] and len(win.model.steps) == 2
    answers.unsaved = Choice.DISCARD
    assert win.open_layout(demo_path)
    assert win.path == demo_path and win.undo_stack.isClean()


def test_a_layout_kept_at_a_crash_is_offered_back(qtbot, monkeypatch):
    crashed = SandboxWindow()
    qtbot.addWidget(crashed)
    assert crashed.place_building("residence", [11])
    assert crashed.place_building("residence", [12])
    steps = list(crashed.model.steps)
    # the process dies: its lock goes, its files stay
    crashed.keeper.release()
    crashed.keeper = None
    crashed.undo_stack.setClean()
    assert kept_files()

    answers = Answers(monkeypatch, restore=Choice.CANCEL)
    later = open_sandbox()
    qtbot.addWidget(later)
    assert answers.asked == ["restore untitled layout"]
    assert len(later.model.steps) == 1 and kept_files()  # Not now: it waits
    later.close()

    answers.restore = Choice.SAVE
    again = open_sandbox()
    qtbot.addWidget(again)
    assert again.model.steps == steps
    assert not again.undo_stack.isClean() and "*" in again.windowTitle()
    again.undo_stack.undo()  # the restore can be taken back
    assert len(again.model.steps) == 1
    again.undo_stack.redo()
    answers.unsaved = Choice.DISCARD
    assert again.close()
    assert not kept_files()


def test_discarding_a_kept_layout_removes_it(qtbot, monkeypatch):
    crashed = SandboxWindow()
    qtbot.addWidget(crashed)
    assert crashed.place_building("residence", [11])
    crashed.keeper.release()
    crashed.keeper = None
    crashed.undo_stack.setClean()
    answers = Answers(monkeypatch, restore=Choice.DISCARD)
    w = open_sandbox()
    qtbot.addWidget(w)
    assert answers.asked and not kept_files() and len(w.model.steps) == 1


def test_a_layout_another_window_keeps_is_not_offered(qtbot, monkeypatch):
    busy = SandboxWindow()
    qtbot.addWidget(busy)
    assert busy.place_building("residence", [11])
    answers = Answers(monkeypatch, restore=Choice.SAVE)
    other = open_sandbox()
    qtbot.addWidget(other)
    assert answers.asked == [] and len(other.model.steps) == 1
    assert kept_files()
    busy.undo_stack.setClean()


def _crashed_layout(qtbot, *places):
    """A sandbox that crashed with its unsaved layout kept (its lock gone)."""
    crashed = SandboxWindow()
    qtbot.addWidget(crashed)
    for props in places:
        assert crashed.place_building("residence", props)
    steps = list(crashed.model.steps)
    path = crashed.keeper.layout
    crashed.keeper.release()
    crashed.keeper = None
    crashed.undo_stack.setClean()
    return steps, path


def test_a_damaged_newer_kept_layout_does_not_hide_the_older_good_one(qtbot, monkeypatch):
    import os
    import time

    old_steps, old = _crashed_layout(qtbot, [11], [12])
    then = time.time() - 600
    os.utime(old, (then, then))  # crashed ten minutes ago
    _steps, new = _crashed_layout(qtbot, [11])
    cut = new.read_bytes()[:40]
    new.write_bytes(cut)  # the newer one cut short
    answers = Answers(monkeypatch, restore=Choice.SAVE)
    w = open_sandbox()
    qtbot.addWidget(w)
    assert answers.asked == ["restore untitled layout"]
    assert w.model.steps == old_steps  # the older good one, restored
    (note,) = answers.notes
    aside = keep.keep_dir() / "damaged" / new.name
    assert "cannot be read" in note and new.name in note and str(aside.parent) in note
    assert aside.read_bytes() == cut  # kept aside, never deleted
    assert not new.exists()
    answers.unsaved = Choice.DISCARD
    assert w.close()


def test_a_lone_damaged_kept_layout_is_said_and_kept_aside(qtbot, monkeypatch):
    _steps, new = _crashed_layout(qtbot, [11])
    new.write_bytes(b"{")
    answers = Answers(monkeypatch, restore=Choice.SAVE)
    w = open_sandbox()
    qtbot.addWidget(w)
    assert answers.asked == [] and len(w.model.steps) == 1
    assert "kept aside" in w.statusBar().currentMessage()
    assert (keep.keep_dir() / "damaged" / new.name).read_bytes() == b"{"
