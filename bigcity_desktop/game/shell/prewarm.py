"""What the window's first game needs, made ready while the home view waits
(issue 45.6).

The first game a window showed (a new one, a saved one or a network seat's)
stopped its event loop for 0.4-0.5 s: the sound's libraries and device, and
the first paint of every panel of the table (Qt's own first use of their
fonts, styles and painters). The device now opens on a worker when a game
begins (ui/sound.py); :class:`Prewarm` does the rest ahead, in small steps,
once the home view has painted and the window has been idle
:data:`AFTER_MS`: the sound's libraries are imported on a worker thread
(numpy, miniaudio: no device is opened), each panel of the table under
the home view is painted once into a picture that is thrown away, one panel a
step, :data:`STEP_MS` apart (a step is 2-15 ms of the GUI thread), and then
the window's own steps (:meth:`Prewarm.then`: the score chart's library,
pyqtgraph, imported on a worker where the start-up has not done it; the
chart is then made when it is in, on the home screen, not in the first
game's first turns, where it took 60-80 ms). It stops
as soon as the home view is hidden (a game came first), and never begins
under ``--benchmark-startup`` (app.py cancels it: the first paint is all that
benchmark measures).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QWidget

from bigcity_desktop.ui.sound import silenced_by_environment

#: how long after the home view's first paint the steps begin (ms): start-up's own work first
AFTER_MS = 300
#: between two steps (ms): the event loop's idle turns between them
STEP_MS = 16


def import_sound_libraries() -> threading.Thread | None:
    """numpy and miniaudio imported on a worker (the first game's device opens
    without them to load then); None where sound is off for good."""
    if silenced_by_environment():
        return None

    def work() -> None:
        try:
            import miniaudio  # noqa: F401

            import bigcity_desktop.ui.audio  # noqa: F401 - numpy with it
        except Exception:  # a machine without them plays nothing: ui/sound.py says so, once
            return

    t = threading.Thread(target=work, name="bigcity-prewarm", daemon=True)
    t.start()
    return t


def paint_once(widget: QWidget) -> None:
    """`widget` and its children painted into a picture that is thrown away
    (Qt's fonts, styles and painters of their first paint, made now)."""
    if not shiboken6.isValid(widget) or widget.width() < 1 or widget.height() < 1:
        return
    img = QImage(widget.size() * widget.devicePixelRatio(), QImage.Format.Format_ARGB32_Premultiplied)
    img.setDevicePixelRatio(widget.devicePixelRatio())
    img.fill(0)
    QWidget.render(widget, img)  # (the widget's own: a QGraphicsView's render() draws its scene)


class Prewarm(QObject):
    """Runs `steps` one at a time after `home`'s first paint (see the module text)."""

    def __init__(self, home: QWidget, steps: Callable[[], list[Callable[[], object]]], parent=None) -> None:
        super().__init__(parent)
        self._home = home
        self._steps = steps  # asked for once the steps begin (the table is laid out by then)
        self._queue: list[Callable[[], object]] | None = None
        self._then: list[Callable[[], object]] = []  # the window's own steps, after these
        self._cancelled = False
        self.done = 0  # steps run (for the tests)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._step)
        home.installEventFilter(self)

    def then(self, step: Callable[[], object]) -> None:
        """One more step, after the table's (the window's: its chart's library)."""
        self._then.append(step)

    def cancel(self) -> None:
        self._cancelled = True
        self._timer.stop()

    @property
    def finished(self) -> bool:
        return self._queue is not None and not self._queue

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and self._queue is None and not self._cancelled:
            self._home.removeEventFilter(self)
            self._timer.start(AFTER_MS)
        return False

    def _step(self) -> None:
        if self._cancelled or not self._home.isVisible():
            self._queue = []  # a game came first: what is left is not done now
            return
        if self._queue is None:
            self._queue = self._steps() + self._then
        if self._queue:
            step = self._queue.pop(0)
            self.done += 1
            step()
        if self._queue:
            self._timer.start(STEP_MS)


def table_steps(table: QWidget, home: QWidget) -> list[Callable[[], object]]:
    """The steps for a game window: the sound's libraries, then each panel of
    `table` (not `home`, which lies over it) painted once."""
    panels = [w for w in table.findChildren(QWidget) if w.parentWidget() is table and w is not home]
    steps: list[Callable[[], object]] = [import_sound_libraries]
    steps += [functools.partial(paint_once, w) for w in panels]
    return steps
