"""Big files stay smooth (issue 26.3): opening, resuming and replaying the
longest record the format admits (200,000 actions) and a 16 MB one keep the
window's event loop turning, show progress and can be cancelled.

The measure is the main thread's CPU time between two ticks of a 10 ms timer
(`time.thread_time`): on a loaded machine the wall clock also counts the time
other processes had the core, which is not a stop of this window."""

from __future__ import annotations

import importlib.util
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QPushButton

from bigcity_desktop.engine.jsonio import MAX_BYTES
from bigcity_desktop.engine.record import MAX_ACTIONS, PlayerInfo, write_record
from bigcity_desktop.game.core.controller import GameConfig, SeatConfig
from bigcity_desktop.session.saves import Saves, SaveSlot

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("hostile_inputs", ROOT / "scripts" / "hostile_inputs.py")
assert _spec is not None and _spec.loader is not None
hostile = importlib.util.module_from_spec(_spec)
sys.modules["hostile_inputs"] = hostile
_spec.loader.exec_module(hostile)

#: the longest stop of the event loop the issue allows
LIMIT = 0.100
PLAYERS = [PlayerInfo("Ann", "human"), PlayerInfo("Bob", "human")]


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    """The endless game (exchanges only) of MAX_ACTIONS actions, written
    compact and, padded with blanks, as a file just under the size cap."""
    folder = tmp_path_factory.mktemp("big")
    state = hostile.endless_game(MAX_ACTIONS)
    long_path = folder / "long.bigcity"
    write_record(long_path, state, PLAYERS, {"app": "tests"})
    text = long_path.read_text(encoding="utf-8")
    cap = MAX_BYTES["game record"]
    padding = cap - 4096 - len(text.encode("utf-8"))
    assert padding > 0
    # blanks between the actions, as a pretty-printer would leave them
    head, sep, tail = text.partition('"actions":[')
    heavy = head + sep + "\n" + " " * padding + tail
    heavy_path = folder / "heavy.bigcity"
    heavy_path.write_text(heavy, encoding="utf-8")
    assert cap - 8192 < heavy_path.stat().st_size <= cap
    return state, long_path, heavy_path


class Gaps:
    """The main thread's CPU time between ticks of a 10 ms timer."""

    def __init__(self) -> None:
        self.worst = 0.0
        self._last = time.thread_time()
        self.timer = QTimer()
        self.timer.setInterval(10)
        self.timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        now = time.thread_time()
        self.worst = max(self.worst, now - self._last)
        self._last = now

    def __enter__(self) -> Gaps:
        self._last = time.thread_time()
        self.timer.start()
        return self

    def __exit__(self, *exc) -> None:
        self._tick()
        self.timer.stop()


def warm(window, qtbot) -> None:
    """A small game first, so the window, its panels and the chart have
    been built once (the first game of a session pays for that alone)."""
    window.ctrl.session.set_paused(True)
    window.ensure_chart()
    window.start_game(GameConfig("original", [SeatConfig("Ann"), SeatConfig("Bob")], 1))
    qtbot.wait(500)  # the chart's menus are polished once the loop runs


def smooth(
    qtbot, action: Callable[[], object], ready: Callable[[], bool], before: Callable[[], object] = lambda: None
) -> float:
    """The worst stop while `action` runs until `ready()` and a moment after
    (the chart's late rebuild); measured twice at most, as a collection of
    the garbage collector may fall into one run."""
    worst = 0.0
    for _ in range(2):
        before()
        qtbot.wait(200)
        with Gaps() as gaps:
            action()
            qtbot.waitUntil(ready, timeout=300_000)
            qtbot.wait(400)
        worst = gaps.worst
        if worst < LIMIT:
            break
    return worst


@pytest.mark.parametrize("which", ["long", "heavy"])
def test_opening_a_big_record_keeps_the_window_turning(window, qtbot, big, which):
    state, long_path, heavy_path = big
    path = long_path if which == "long" else heavy_path
    warm(window, qtbot)
    seen = []
    window.ctrl.session.set_paused(True)

    def opened() -> bool:
        if window.files.progress_dialog is not None and window.files.progress_dialog.isVisible():
            seen.append(window.files.progress_dialog.value())
        return window.files.loading is None and len(window.ctrl.session.full_state().history) == MAX_ACTIONS

    def small() -> None:
        window.start_game(GameConfig("original", [SeatConfig("Ann"), SeatConfig("Bob")], 2))

    worst = smooth(qtbot, lambda: window.files.open_game(path, background=True), opened, small)
    assert worst < LIMIT, f"the window stopped for {worst * 1000:.0f} ms"
    assert window.ctrl.session.full_state().history == state.history
    assert seen, "no progress was shown"


def test_replaying_a_big_record_keeps_the_window_turning(window, qtbot, big):
    _state, long_path, _heavy = big
    warm(window, qtbot)

    def action() -> None:
        for w in window.replays.windows:
            w.close()
        window.replays.windows.clear()
        window.replays.open_replay(long_path)

    def shown() -> bool:
        return window.replays.loading is None and any(w.isVisible() for w in window.replays.windows)

    worst = smooth(qtbot, action, shown)
    assert worst < LIMIT, f"the window stopped for {worst * 1000:.0f} ms"
    replay = window.replays.windows[-1]
    replay.close()


def test_continuing_a_big_saved_game_reads_it_beside_the_window(window, qtbot, big, data_dir):
    state = big[0]
    warm(window, qtbot)
    folder = window.files.saves().folder
    slot = SaveSlot.new(folder)
    assert slot.acquire()
    slot.write(state, PLAYERS, {})
    slot.release()
    (summary,) = [s for s in Saves(folder).summaries() if s.id == slot.id]
    on_worker = []

    def small() -> None:
        window.start_game(GameConfig("original", [SeatConfig("Ann"), SeatConfig("Bob")], 2))
        window.ctrl.session.set_paused(True)

    def action() -> None:
        window.files.continue_game(summary)
        on_worker.append(window.files.loading is not None)

    def ready() -> bool:
        return window.files.loading is None and len(window.ctrl.session.full_state().history) == MAX_ACTIONS

    worst = smooth(qtbot, action, ready, small)
    assert all(on_worker) and on_worker, "a long saved game is read on a worker"
    assert worst < LIMIT, f"the window stopped for {worst * 1000:.0f} ms"
    assert window.ctrl.starting.local.slot is not None and window.ctrl.starting.local.slot.id == slot.id


def test_opening_a_big_record_can_be_cancelled(window, qtbot, big):
    _state, long_path, _heavy = big
    warm(window, qtbot)
    before = window.ctrl.session.full_state()
    history = list(before.history)
    window.files.open_game(long_path, background=True)
    assert window.files.loading is not None and window.files.progress_dialog is not None
    dlg = window.files.progress_dialog
    qtbot.waitUntil(dlg.isVisible, timeout=10_000)
    cancel = dlg.findChild(QPushButton)
    assert cancel is not None
    qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.files.loading is None, timeout=60_000)
    assert window.ctrl.session.full_state() is before and list(before.history) == history


def test_replay_opening_can_be_cancelled(window, qtbot, big):
    _state, long_path, _heavy = big
    warm(window, qtbot)
    window.replays.open_replay(long_path)
    job = window.replays.loading
    assert job is not None
    job.cancel()
    qtbot.waitUntil(lambda: window.replays.loading is None, timeout=60_000)
    qtbot.wait(200)
    assert not any(w.isVisible() for w in window.replays.windows)
