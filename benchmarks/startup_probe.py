"""The big cases of ``benchmarks/startup.py`` (b) and (c), run in a child
process each: the fixtures, the window, the 10 ms probe of the event loop.

Not a test: it prints figures. The fixtures are made in the folder it is
handed (a temporary one of ``startup.py``)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SLOTS = 2000
ACTIONS = 200_000
#: after the last event of a case, the probe goes on this long (late work: the chart, the thumbnails)
TAIL_S = 0.5


def _hostile():
    spec = importlib.util.spec_from_file_location("hostile_inputs", ROOT / "scripts" / "hostile_inputs.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["hostile_inputs"] = mod
    spec.loader.exec_module(mod)
    return mod


def make_slots(tmp: str) -> None:
    """2,000 unfinished games (copies of one of 40 actions) in tmp/slots/games."""
    import random

    from bigcity_desktop.engine import GameState
    from bigcity_desktop.engine.layout import layout_to_json
    from bigcity_desktop.engine.record import PlayerInfo, write_record
    from bigcity_desktop.session.saves import _write_json, summary_of

    folder = Path(tmp) / "slots" / "games"
    folder.mkdir(parents=True)
    rng = random.Random(1)
    state = GameState.new("original", 2, 5, ["Ann", "Bob"])
    while len(state.history) < 40 and not state.is_over:
        state.apply_unchecked(rng.choice(list(state.legal_actions())))
    players = [PlayerInfo("Ann", "human"), PlayerInfo("Bob", "easy")]
    first = folder / "20250101-000000-000000"
    write_record(first.with_suffix(".bigcity"), state, players, {})
    _write_json(first.with_suffix(".json"), summary_of(state, players))
    assert layout_to_json(state.city)
    for i in range(1, SLOTS):
        for ext in (".bigcity", ".json"):
            shutil.copy(first.with_suffix(ext), folder / f"20250101-000000-{i:06x}{ext}")


def make_big(tmp: str) -> None:
    """The endless game of 200,000 actions as tmp/long.bigcity."""
    _hostile().write_endless_record(Path(tmp) / "long.bigcity", ACTIONS)


class Probe:
    """A 10 ms timer on the GUI thread: the longest gaps between its ticks
    (wall clock, and the GUI thread's own CPU time)."""

    def __init__(self) -> None:
        from PySide6.QtCore import QTimer

        self.worst = 0.0
        self.worst_at = 0.0
        self.worst_cpu = 0.0
        self.t0 = time.perf_counter()
        self._last = self.t0
        self._last_cpu = time.thread_time()
        self.checks: list[Callable[[], None]] = []
        self.timer = QTimer()
        self.timer.setInterval(10)
        self.timer.timeout.connect(self.tick)

    def start(self) -> None:
        """From now on (the worst gap so far forgotten: a case's warming up is not measured)."""
        self.worst = self.worst_at = self.worst_cpu = 0.0
        self.t0 = self._last = time.perf_counter()
        self._last_cpu = time.thread_time()
        self.timer.start()

    def tick(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        if now - self._last > self.worst:
            self.worst, self.worst_at = now - self._last, self._last - self.t0
        self.worst_cpu = max(self.worst_cpu, cpu - self._last_cpu)
        self._last, self._last_cpu = now, cpu
        for check in list(self.checks):
            check()

    def text(self) -> str:
        return (
            f"longest gap {self.worst * 1000:.0f} ms wall (from {self.worst_at:.2f} s), "
            f"{self.worst_cpu * 1000:.0f} ms of GUI-thread CPU"
        )


def run(kind: str, data: str) -> int:
    tmp = Path(data)
    home = tmp / f"home-{kind}"
    if kind == "slots":
        home.mkdir()
        shutil.copytree(tmp / "slots", home / "data")
    elif kind == "autosave":
        (home / "data").mkdir(parents=True)
        shutil.copy(tmp / "long.bigcity", home / "data" / "autosave.bigcity")
    os.environ["BIGCITY_DATA_DIR"] = str(home / "data")
    os.environ["XDG_CONFIG_HOME"] = str(home / "config")
    from bigcity_desktop import app as appmod  # the clock starts here, after the fixtures

    t_import = appmod._T0

    from PySide6.QtCore import QEvent, QObject, QSettings, QTimer

    from bigcity_desktop import qtcompat

    qtcompat.apply()
    qapp = appmod._application("bigcity")
    from bigcity_desktop.game.teaching.part import OFFERED_KEY

    QSettings().setValue(OFFERED_KEY, True)  # not the first start: no tutorial question
    window = appmod.build_main_window()
    probe = Probe()
    marks: dict[str, float] = {}

    def mark(name: str) -> None:
        marks.setdefault(name, time.perf_counter() - t_import)

    def end_soon() -> None:
        QTimer.singleShot(round(TAIL_S * 1000), qapp.quit)

    class Painted(QObject):
        def eventFilter(self, obj, event):
            if event.type() == QEvent.Type.Paint and "window" not in marks:
                mark("window")
                QTimer.singleShot(0, begin)
            return False

    painted = Painted()
    window.view.viewport().installEventFilter(painted)

    def begin() -> None:
        probe.start()
        if kind in ("slots", "autosave"):
            QTimer.singleShot(0, window.startup)
            watch_resume()
        else:
            warm_then(lambda: big(kind))

    def watch_resume() -> None:
        def check() -> None:
            dlg = window.files.continue_dialog
            if dlg is not None and dlg.isVisible():
                mark("Continue shown")
                if "all read" in marks and not dlg.drawing():  # the rows in view (the others wait for a scroll)
                    mark("thumbnails drawn")
                    probe.checks.clear()
                    end_soon()

        probe.checks.append(check)
        window.files.resumeOffered.connect(lambda _ok: mark("all read"))

    def warm_then(then: Callable[[], None]) -> None:
        from bigcity_desktop.game.core.controller import GameConfig, SeatConfig

        window.ctrl.session.set_paused(True)
        window.ensure_chart()
        window.start_game(GameConfig("original", [SeatConfig("Ann"), SeatConfig("Bob")], 1))
        window.ctrl.session.set_paused(True)
        QTimer.singleShot(800, then)

    def big(which: str) -> None:
        path = tmp / "long.bigcity"
        if which == "continue":
            from bigcity_desktop.session.saves import Saves, SaveSlot

            folder = window.files.saves().folder
            slot = SaveSlot.new(folder)
            folder.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, slot.path)
            (summary,) = [s for s in Saves(folder).summaries() if s.id == slot.id]  # not measured
            probe.start()
            started = time.perf_counter()
            window.files.continue_game(summary)
        elif which == "open":
            probe.start()
            started = time.perf_counter()
            window.files.open_game(path, background=True)
        else:
            probe.start()
            started = time.perf_counter()
            window.replays.open_replay(path)

        def ready() -> bool:
            if which == "replay":
                return window.replays.loading is None and any(w.isVisible() for w in window.replays.windows)
            state = window.ctrl.session.full_state()
            return window.files.loading is None and state is not None and len(state.history) == ACTIONS

        def check() -> None:
            if ready():
                marks["done"] = time.perf_counter() - started
                probe.checks.clear()
                end_soon()

        probe.checks.append(check)

    window.show()
    qapp.exec()
    probe.timer.stop()
    if kind in ("slots", "autosave"):
        what = f"{SLOTS} slots" if kind == "slots" else f"a {ACTIONS:,}-action autosave"
        times = ", ".join(f"{k} {v:.2f} s" for k, v in marks.items())
        print(f"start-up with {what}: {times}; {probe.text()}", flush=True)
    else:
        print(f"{kind} a {ACTIONS:,}-action record: ready in {marks.get('done', float('nan')):.2f} s; {probe.text()}")
    return 0
