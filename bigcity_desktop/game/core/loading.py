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
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QMessageBox, QProgressDialog, QWidget

from bigcity_desktop.bots.levels import PLAYER_KINDS
from bigcity_desktop.engine import Action
from bigcity_desktop.engine.record import LoadedGame, read_record
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.engine.state import SPECTATOR
from bigcity_desktop.i18n import elide, exc_text, translate
from bigcity_desktop.session import worker as botworker

from .wording import sentence

#: records up to this size are opened at once, on the GUI thread
SYNC_LIMIT_BYTES = 256 * 1024
#: after a long read, the window shows the game this long after the progress
#: dialog goes (one redraw in between, not both in one long pause)
START_DELAY_MS = 30


class _Signals(QObject):
    progress = Signal(int, int)  # work done, work in all
    done = Signal(object)  # the result
    failed = Signal(str)  # the sentence


class WorkJob(QObject):
    """Runs ``fn(report)`` on a pool thread (the one the bots use);
    ``report(done, total)`` sends progress and answers False once
    :meth:`cancel` was called (the function then stops by raising). The
    answer comes back on the GUI thread as ``done(result)`` or
    ``failed(sentence)``; after a cancel, ``failed(cancel_text)``."""

    progress = Signal(int, int)
    done = Signal(object)
    failed = Signal(str)

    def __init__(self, fn: Callable[[Callable[[int, int], bool]], Any], parent=None, cancel_text: str = "cancelled"):
        super().__init__(parent)
        self.fn = fn
        self.cancel_text = cancel_text
        self.cancelled = threading.Event()
        self.running = False
        self.finished = False
        self._signals = _Signals(self)
        self._signals.progress.connect(self.progress)
        self._signals.done.connect(self._done)
        self._signals.failed.connect(self._failed)

    def start(self) -> None:
        signals, cancelled, fn = self._signals, self.cancelled, self.fn
        self.running = True

        def report(done: int, total: int) -> bool:
            try:
                signals.progress.emit(done, total)
            except RuntimeError:  # the window is gone
                return False
            return not cancelled.is_set()

        def work() -> None:
            try:
                with botworker.gc_paused():  # no multi-second full collections of a long game's objects
                    result = fn(report)
            except (RecursionError, MemoryError):
                _safe_emit(signals.failed, translate("Loading", "the file is too complex to open"))
                return
            except Exception as exc:  # refusals and cancels alike: a sentence back, in the user's language
                _safe_emit(signals.failed, exc_text(exc) or exc.__class__.__name__)
                return
            _safe_emit(signals.done, result)

        botworker.start(0, work, botworker.WorkerSignals(None))

    def cancel(self) -> None:
        self.cancelled.set()

    def _done(self, result) -> None:
        self.running, self.finished = False, True
        if self.cancelled.is_set():
            self.failed.emit(self.cancel_text)
        else:
            self.done.emit(result)

    def _failed(self, text: str) -> None:
        self.running, self.finished = False, True
        self.failed.emit(self.cancel_text if self.cancelled.is_set() else text)


@dataclass(frozen=True)
class Opened:
    """A record read and replayed off the GUI thread, with what the window's
    first view of it needs worked out there too (a long game's history, as
    the seat at the screen may see it)."""

    game: LoadedGame
    seat: int
    history: list[Action]


def open_record(path: Path, report: Callable[[int, int], bool]) -> Opened:
    game = read_record(path, progress=report, player_kinds=PLAYER_KINDS)
    humans = [i for i, p in enumerate(game.players) if p.kind == SeatKind.HUMAN]
    seat = humans[0] if len(humans) == 1 else SPECTATOR
    return Opened(game, seat, game.state.view_for(seat).history)


class LoadJob(WorkJob):
    """Reads and replays one record on a worker thread; ``done(Opened)``."""

    def __init__(self, path: Path, parent=None):
        self.path = Path(path)
        where = self.path
        super().__init__(
            lambda report: open_record(where, report),
            parent,
            translate("Loading", "opening the game was cancelled"),
        )


def _safe_emit(signal, value) -> None:
    try:
        signal.emit(value)
    except RuntimeError:  # the receiver was deleted
        pass


def progress_dialog(parent: QWidget, label: str, title: str, name: str, min_duration_ms: int) -> QProgressDialog:
    """The progress of a record read on a worker, with Cancel. Not modal: a
    modal progress dialog spins the event loop inside setValue, and the
    worker's last report could then end the job beneath it; what the window
    shows stays until the new one is ready. It stays open until its job
    closes it (no auto close or reset)."""
    dlg = QProgressDialog(label, translate("GameWindow", "Cancel"), 0, 100, parent)
    dlg.setObjectName(name)
    dlg.setWindowTitle(title)
    dlg.setWindowModality(Qt.WindowModality.NonModal)
    dlg.setMinimumDuration(min_duration_ms)
    dlg.setAutoClose(False)
    dlg.setAutoReset(False)
    return dlg


def file_filter() -> str:
    """The file dialogs' filter for saved games."""
    return translate("GameWindow", "Big City games (*.bigcity);;All files (*)")


def open_failed_box(parent: QWidget, path: Path, reason: str) -> QMessageBox:
    """The message that a game cannot be opened (shown, window-modal)."""
    box = QMessageBox(
        QMessageBox.Icon.Warning,
        translate("GameWindow", "Cannot open the game"),
        translate("GameWindow", "{file} cannot be opened: {reason}\n\nNothing was changed.").format(
            file=elide(Path(path).name, 60), reason=sentence(reason)
        ),
        QMessageBox.StandardButton.Ok,
        parent,
    )
    box.setObjectName("openErrorBox")
    box.open()
    return box
