"""Bots think off the GUI thread: a QRunnable on the global QThreadPool.

The runnable gets a player's *view* (``state.view_for(p)``), made on the GUI
thread before it starts, so the worker never touches the live game. The
answer comes back through a signal object that lives on the GUI thread, so
the slot runs there (queued connection).
"""

from __future__ import annotations

import traceback
from typing import Callable

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal


class WorkerSignals(QObject):
    done = Signal(int, object)  # token, result
    failed = Signal(int, str)  # token, message


class CallRunnable(QRunnable):
    """Runs ``fn()`` on a pool thread and reports the result with `token`."""

    def __init__(self, token: int, fn: Callable[[], object], signals: WorkerSignals):
        super().__init__()
        self.token = token
        self.fn = fn
        self.signals = signals
        self.setAutoDelete(True)

    def run(self) -> None:  # pragma: no cover - runs on a pool thread (covered, but not traced)
        try:
            result = self.fn()
        except Exception as exc:  # a bot bug must not kill the app
            tb = traceback.format_exc(limit=3)
            try:
                self.signals.failed.emit(self.token, f"{exc.__class__.__name__}: {exc}\n{tb}")
            except RuntimeError:
                pass
            return
        try:
            self.signals.done.emit(self.token, result)
        except RuntimeError:  # the receiver is gone (window closed)
            pass


def pool() -> QThreadPool:
    return QThreadPool.globalInstance()


def start(token: int, fn: Callable[[], object], signals: WorkerSignals) -> None:
    pool().start(CallRunnable(token, fn, signals))
