"""The home view's city picture, made off the GUI thread (issue 45.6).

Drawing the model city in the city view into a picture takes 180-200 ms of
CPU; made on the GUI thread, each return to Home and each step of a resize
stopped the window's event loop that long. :class:`Backdrop` keeps the
picture made (for the city, size and pixel ratio it was made for), lets the
view draw the last picture scaled while the size is still changing, and
makes the new one only once the size has held still for :data:`SETTLE_MS`,
in a worker thread: :func:`~bigcity_desktop.scene.render.city_view_image`
paints a :class:`CityScene` (a QGraphicsScene created, used and deleted in
that thread, never shown in a view) into a QImage with QPainter, which Qt
allows off the GUI thread (the path uses no QPixmap). The picture comes back
by a queued signal; a picture for a city or size wanted no more is dropped.
A render still running when the application quits is waited for."""

from __future__ import annotations

import threading
from dataclasses import dataclass

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal
from PySide6.QtGui import QImage

from bigcity_desktop.engine.city import City
from bigcity_desktop.scene import style as S

#: how long the wanted size holds still before its picture is made (ms)
SETTLE_MS = 120


@dataclass(frozen=True)
class Want:
    """A picture wanted: the city (by identity) and the room in points, at a
    pixel ratio, in the colours of the time (the table's, the players' palette)."""

    city: int
    width: int
    height: int
    dpr: float
    look: tuple[int, str]


class _Courier(QObject):
    """Lives in the GUI thread; the worker emits through it (so the signal is queued)."""

    made = Signal(object, QImage)


class Backdrop(QObject):
    """The city's picture for a room: ``picture()`` is the last one made (maybe
    for another size, to be drawn scaled); ``want(...)`` asks for the room's
    own, made in a worker once the room holds still; ``changed`` when it comes."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._picture: QImage | None = None
        self._made: Want | None = None  # what the picture was made for
        self._wanted: Want | None = None
        self._city: City | None = None
        self._thread: threading.Thread | None = None
        self.made_count = 0  # pictures made (for tests and figures)
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(SETTLE_MS)
        self._settle.timeout.connect(self._start)
        self._courier = _Courier()
        self._courier.made.connect(self._arrived)
        _join_at_quit()

    def picture(self) -> QImage | None:
        return self._picture

    @property
    def current(self) -> bool:
        """The picture is the one wanted (nothing is left to make)."""
        return self._picture is not None and self._made == self._wanted

    def clear(self) -> None:
        """Another city: the old picture is no longer drawn."""
        self._picture = None
        self._made = None
        self._wanted = None
        self._city = None
        self._settle.stop()

    def want(self, city: City, width: int, height: int, dpr: float) -> None:
        """The picture for `city` in `width`×`height` points at `dpr`: kept if
        made already, else made once the room has held still."""
        w = Want(id(city), width, height, dpr, (S.TABLE.rgba(), S.palette()))
        if w == self._wanted:
            return
        self._wanted = w
        self._city = city
        if w == self._made:
            self._settle.stop()
            return
        # the first picture at once (nothing to show meanwhile), a new size once it settles
        self._settle.start(0 if self._picture is None else SETTLE_MS)

    def _start(self) -> None:
        w, city = self._wanted, self._city
        if w is None or city is None or w == self._made:
            return
        if self._thread is not None and self._thread.is_alive():
            return  # one at a time: _arrived starts the next
        courier = self._courier

        def work() -> None:
            from bigcity_desktop.scene.render import city_view_image

            try:
                img = city_view_image(city, w.width, w.height, dpr=w.dpr)
                if shiboken6.isValid(courier):
                    courier.made.emit(w, img)
            finally:
                _RUNNING.discard(threading.current_thread())

        # not a daemon: the interpreter lets it finish before it goes
        self._thread = threading.Thread(target=work, name="home-backdrop")
        _RUNNING.add(self._thread)
        self._thread.start()

    def _arrived(self, w: Want, img: QImage) -> None:
        if self._thread is not None:
            self._thread.join()  # it has emitted: its end is at hand
        self._thread = None
        self.made_count += 1
        if w == self._wanted:
            self._picture, self._made = img, w
            self.changed.emit()
        elif self._wanted is not None and self._wanted != self._made and not self._settle.isActive():
            self._start()  # stale (the room or the city changed meanwhile): the wanted one now


#: the renders running (joined when the application quits, whoever started them)
_RUNNING: set[threading.Thread] = set()
_JOINING: list[bool] = []


def wait_renders() -> None:
    """Let the running renders finish (before the application goes)."""
    for t in list(_RUNNING):
        t.join()


def _join_at_quit() -> None:
    app = QCoreApplication.instance()
    if app is not None and not _JOINING:
        _JOINING.append(True)
        app.aboutToQuit.connect(wait_renders)
