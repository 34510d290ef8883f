"""Opening a saved game off the GUI thread, with progress.

A record is a game's action list, and opening it replays every action: a
long but legal record takes seconds. :class:`LoadJob` reads and replays it
on a pool thread (the same pool the bots use) while a progress dialog shows
how far it got and offers Cancel; the window keeps drawing. The loaded game
comes back through a signal on the GUI thread, and only then replaces the
current game, so a refusal or a cancel changes nothing.
"""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from bigcity_desktop.engine.record import RecordError, read_record
from bigcity_desktop.i18n import exc_text, translate

from . import botworker

#: records up to this size are opened at once, on the GUI thread
SYNC_LIMIT_BYTES = 256 * 1024


class _Signals(QObject):
    progress = Signal(int, int)  # actions replayed, actions in all
    done = Signal(object)  # LoadedGame
    failed = Signal(str)  # the sentence


class LoadJob(QObject):
    """Reads and replays one record on a worker thread."""

    progress = Signal(int, int)
    done = Signal(object)
    failed = Signal(str)

    def __init__(self, path: Path, parent=None):
        super().__init__(parent)
        self.path = Path(path)
        self.cancelled = threading.Event()
        self.finished = False
        self._signals = _Signals(self)
        self._signals.progress.connect(self.progress)
        self._signals.done.connect(self._done)
        self._signals.failed.connect(self._failed)

    def start(self) -> None:
        signals = self._signals
        cancelled = self.cancelled
        path = self.path

        def report(done: int, total: int) -> bool:
            try:
                signals.progress.emit(done, total)
            except RuntimeError:  # the window is gone
                return False
            return not cancelled.is_set()

        def work():
            try:
                game = read_record(path, progress=report)
            except RecordError as exc:
                _safe_emit(signals.failed, exc_text(exc))
                return None
            except (RecursionError, MemoryError):
                _safe_emit(signals.failed, translate("Loading", "the file is too complex to open"))
                return None
            _safe_emit(signals.done, game)
            return None

        botworker.start(0, work, botworker.WorkerSignals(None))

    def cancel(self) -> None:
        self.cancelled.set()

    def _done(self, game) -> None:
        self.finished = True
        if self.cancelled.is_set():
            self.failed.emit(translate("Loading", "opening the game was cancelled"))
        else:
            self.done.emit(game)

    def _failed(self, text: str) -> None:
        self.finished = True
        self.failed.emit(text)


def _safe_emit(signal, value) -> None:
    try:
        signal.emit(value)
    except RuntimeError:  # the receiver was deleted
        pass
