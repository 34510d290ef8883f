"""Keys ignored for a moment after a widget appears (:class:`KeyGuard`): the
end of a game's moment and the results dialog both hold them."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

# how long keys are ignored once the moment or the results appear (ms)
KEY_GRACE_MS = 700

_KEY_EVENTS = (QEvent.Type.KeyPress, QEvent.Type.KeyRelease, QEvent.Type.Shortcut, QEvent.Type.ShortcutOverride)


class KeyGuard(QObject):
    """Keys are ignored for a moment after a widget appears (issue 33.5): a
    key pressed for the move before (Enter to build at the last moment) does
    not act on the end of the game. ``hold`` starts the moment; the widget,
    its children and the window's shortcuts get no key until ``live``."""

    def __init__(self, parent: QObject, ms: int = KEY_GRACE_MS) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(ms)
        self._watched: set[int] = set()

    def hold(self, widget: QWidget) -> None:
        """Keys to `widget` and its children are ignored from now, for a moment."""
        for w in (widget, *widget.findChildren(QWidget)):
            if id(w) not in self._watched:
                self._watched.add(id(w))
                w.installEventFilter(self)
        self._timer.start()

    @property
    def live(self) -> bool:
        """The moment is over: keys act again."""
        return not self._timer.isActive()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if self._timer.isActive() and event.type() in _KEY_EVENTS:
            event.accept()  # a shortcut override taken here: the window's shortcuts wait too
            return True
        return False
