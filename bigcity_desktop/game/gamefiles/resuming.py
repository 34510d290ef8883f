"""The start-up's look at the saved games, beside the window.

At start the app checks the single autosave of earlier versions (a long
record is read once: it becomes a slot of its own with the summary made from
that reading), tidies the atomic writer's leftovers and reads the summary of
every unfinished game, newest first. With thousands of slots or a long
autosave that took many seconds on the GUI thread before the window could be
used; :class:`ResumeScan` does it on a pool thread and hands the summaries
over in batches as they are read, so Game → Continue opens with the newest
games while the older ones are still read.

Game → Continue from the menu reads the slots with the same scan (without
the old autosave: ``legacy=None``), the dialog open at once and filled as
the batches come.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from bigcity_desktop.session import autosave
from bigcity_desktop.session import worker as botworker
from bigcity_desktop.session.saves import Saves, SaveSummary

#: the longest the reader collects summaries before it hands them over (seconds)
BATCH_SECONDS = 0.05


class _Signals(QObject):
    notice = Signal(str)
    reading = Signal(int, int)
    found = Signal(object, int, int)
    finished = Signal()


class ResumeScan(QObject):
    """Reads what start-up offers; :meth:`start` on a pool thread, :meth:`run`
    right here. ``notice(sentence)`` when the old autosave was set aside;
    ``found(summaries, read, total)`` for each batch of saved games, newest
    first (`read` of `total` slots looked at); ``finished()`` at the end,
    always (after a failure too). ``reading(done, total)``: how far the
    replay of the old autosave got (a long one takes seconds; it is never
    cancelled halfway, which would set it aside as unreadable).

    `legacy`: the old autosave to check first (start-up), or None (Game →
    Continue: the games set aside as damaged earlier in this run are handed
    over first, then the slots)."""

    notice = Signal(str)
    reading = Signal(int, int)
    found = Signal(object, int, int)
    finished = Signal()

    def __init__(self, saves: Saves, legacy: Path | None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.saves = saves
        self.legacy = legacy
        self.cancelled = threading.Event()
        self.reader_thread: int | None = None  # the thread that read (threading.get_ident())
        self.done = False
        self._signals = _Signals(self)
        self._signals.notice.connect(self.notice)
        self._signals.reading.connect(self.reading)
        self._signals.found.connect(self.found)
        self._signals.finished.connect(self._finished)

    def start(self) -> None:
        botworker.start(0, self.run, botworker.WorkerSignals(None))

    def cancel(self) -> None:
        self.cancelled.set()

    def run(self) -> None:
        self.reader_thread = threading.get_ident()
        try:
            with botworker.gc_paused():  # a long record's objects are not walked by full collections meanwhile
                self._read()
        finally:
            _emit(self._signals.finished)

    def _read(self) -> None:
        if self.legacy is not None:
            self._check_legacy(self.legacy)
            self.saves.tidy()
        slots = self.saves.newest_first()
        batch: list[SaveSummary] = [] if self.legacy is not None else self.saves.damaged()
        if batch or slots:  # how many there are to read, at once
            _emit(self._signals.found, tuple(batch), 0, len(slots))
        batch = []
        since = time.monotonic()
        for i, slot in enumerate(slots, 1):
            if self.cancelled.is_set():
                return
            summary = self.saves.summary(slot) or self.saves.damaged_of(slot)
            if summary is not None:
                batch.append(summary)
            if batch and time.monotonic() - since >= BATCH_SECONDS:
                _emit(self._signals.found, tuple(batch), i, len(slots))
                batch, since = [], time.monotonic()
        _emit(self._signals.found, tuple(batch), len(slots), len(slots))

    def _check_legacy(self, legacy: Path) -> None:
        found = autosave.check(legacy, lambda done, total: _emit(self._signals.reading, done, total))
        if found.notice:
            _emit(self._signals.notice, found.notice)
        if found.game is not None:
            self.saves.adopt_legacy(found.game)
            st = found.game.state  # a long game's state goes before the summaries are read, a piece at a time
            botworker.let_go([st.history, st.actors, st.events, st.score_history])

    def _finished(self) -> None:
        self.done = True
        self.finished.emit()


def _emit(signal, *args) -> None:
    try:
        signal.emit(*args)
    except RuntimeError:  # the window is gone
        pass
