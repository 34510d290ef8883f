"""Bots think off the GUI thread: a QRunnable on the global QThreadPool.

The runnable gets a player's *view* (``state.view_for(p)``), made on the GUI
thread before it starts, so the worker never touches the live game. The
answer comes back through a signal object that lives on the GUI thread, so
the slot runs there (queued connection).
"""

from __future__ import annotations

import contextlib
import gc
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from typing import Any

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


# A bot thinking in pure Python holds the GIL; the GUI thread, which gives it
# up on every call into Qt, then waits up to the switch interval (5 ms by
# default) to get it back, again and again while it redraws the board
# (a "convoy"): a move that takes 20 ms alone took 500 ms beside a thinking
# bot. A shorter interval hands the GIL back to the GUI thread sooner.
SWITCH_INTERVAL = 0.0005


def pool() -> QThreadPool:
    return QThreadPool.globalInstance()


def start(token: int, fn: Callable[[], object], signals: WorkerSignals) -> None:
    if sys.getswitchinterval() > SWITCH_INTERVAL:
        sys.setswitchinterval(SWITCH_INTERVAL)
    pool().start(CallRunnable(token, fn, signals))


_gc_lock = threading.Lock()
_gc_pauses = [0]


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection while a big file is read or replayed.

    Replaying a long record builds hundreds of thousands of objects; each of
    Python's full collections then walks all of them while holding the GIL,
    and the window stops for as long (400 ms and more, growing with the
    game). Reference counting still frees what is dropped; when the last such
    job ends, collection comes back and what was built is frozen out of later
    collections (``gc.freeze``)."""
    with _gc_lock:
        _gc_pauses[0] += 1
        if _gc_pauses[0] == 1:
            gc.disable()
    try:
        yield
    finally:
        with _gc_lock:
            _gc_pauses[0] -= 1
            if _gc_pauses[0] == 0:
                gc.enable()
                gc.freeze()


#: the items a list loses at a time in :func:`let_go`
LET_GO_SLICE = 2000


def let_go(lists: Iterable[list[Any]]) -> None:
    """Empty big lists a slice at a time on a worker, the GIL handed over
    between slices. Freeing a long game at once (a 200,000-action state's
    history, events and scores: 0.15 s) holds the GIL throughout, and the
    window stops for as long."""
    for items in lists:
        while items:
            del items[-LET_GO_SLICE:]
            time.sleep(0)  # the GUI thread's turn
