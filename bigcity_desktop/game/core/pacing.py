"""The window's later work, one piece a turn, each after the paint of the one
before (issue 45.6).

Qt's event loop takes the posted events (a queued call, a zero timer, the
window's paint) in passes: everything posted before a pass runs in it, and
the timers (and the input) have their turn only between iterations, which
may run two passes back to back. A rejoin's whole view made a pass of the
window's paint, the score chart's lines and the log's rows together (each
posted by the take), and the window did not answer for their sum.
:func:`pace` queues such a piece instead: the pieces run one at a time, each
once the pass that queued it (or the piece before) has been followed by the
pass that paints it, and then :data:`PACE_MS` later, so that the event loop
has idle turns between two pieces. A piece whose owner (a QObject) is gone
is skipped; a piece queued again under the same key before it ran runs once,
in its first place."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import shiboken6
from PySide6.QtCore import QObject, QTimer

#: the least time between two pieces (ms), counted from the pass that paints the one before
PACE_MS = 16


class Pacer(QObject):
    """The queue of pieces (one per GUI thread: :func:`pacer`)."""

    def __init__(self) -> None:
        super().__init__()
        self._queue: dict[Hashable, tuple[QObject, Callable[[], object]]] = {}
        self._running = False
        self.ran = 0  # pieces run (for the tests)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(PACE_MS)
        self._timer.timeout.connect(self._next)

    def add(self, owner: QObject, key: Hashable, piece: Callable[[], object]) -> None:
        self._queue[key] = (owner, piece)  # (queued already: keeps its place, does the newest)
        if not self._running:
            self._running = True
            # the first piece too waits for the paint of the pass that queued it
            QTimer.singleShot(0, self, self._after)

    def _next(self) -> None:
        while self._queue:
            key = next(iter(self._queue))
            owner, piece = self._queue.pop(key)
            if shiboken6.isValid(owner):
                self.ran += 1
                try:
                    piece()
                finally:
                    # the pass after this one paints what it changed; the next piece PACE_MS after that
                    QTimer.singleShot(0, self, self._after)
                return
        self._running = False

    def _after(self) -> None:
        self._timer.start()


_PACER: list[Pacer] = []


def pacer() -> Pacer:
    """The GUI thread's queue (made at its first use)."""
    if not _PACER or not shiboken6.isValid(_PACER[0]):
        _PACER[:] = [Pacer()]
    return _PACER[0]


def pace(owner: QObject, key: Hashable, piece: Callable[[], object]) -> None:
    """Run `piece` in a turn of its own, after the pieces queued before it and
    the paints they asked for (see the module text); `key` names it (queued
    again before it ran: once)."""
    pacer().add(owner, key, piece)
