"""A window's size and place on the screen (issues 33.6 and 46.1): no larger
than the free area of the screen it is on when it opens, a remembered
geometry never restored beyond that screen (a monitor unplugged, a laptop
undocked), every dialog kept inside the screen when it is shown, F11 for
full screen; and the size and docks a window was left with remembered in
the settings, under keys of its own (``window/…``)."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QObject, QRect, QSettings, QSize, Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence, QWindow
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

from bigcity_desktop.i18n import translate

#: the full-screen switch of both windows
FULL_SCREEN_SHORTCUT = "F11"


def available_area(widget: QWidget | None = None) -> QRect:
    """The free part of the screen `widget` is on (the primary one before it is shown)."""
    screen = widget.screen() if widget is not None else None
    screen = screen or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect(0, 0, 1024, 700)


def fitted(wanted: QSize, area: QRect) -> QSize:
    """`wanted`, made no wider and no taller than `area`."""
    return QSize(min(wanted.width(), area.width()), min(wanted.height(), area.height()))


def keep_on_screen(window: QWidget) -> None:
    """Shrink and move `window` (its frame, where the system draws one) into
    the free area of its screen; a maximized or full-screen window is the
    system's to place."""
    if window.windowState() & (Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen):
        return
    area = available_area(window)
    frame, inner = window.frameGeometry(), window.geometry()
    extra = QSize(frame.width() - inner.width(), frame.height() - inner.height())
    room = QSize(max(1, area.width() - extra.width()), max(1, area.height() - extra.height()))
    if inner.width() > room.width() or inner.height() > room.height():
        window.resize(fitted(window.size(), QRect(area.topLeft(), room)))
        frame = window.frameGeometry()
    x = min(max(frame.x(), area.left()), area.left() + max(0, area.width() - frame.width()))
    y = min(max(frame.y(), area.top()), area.top() + max(0, area.height() - frame.height()))
    if (x, y) != (frame.x(), frame.y()):
        window.move(x, y)


def restore_geometry(window: QWidget, geometry: object, default: QSize) -> None:
    """The geometry saved by ``saveGeometry`` (`geometry`, as the settings
    give it back), or the first time `default`; either way within the
    free area of the screen the window opens on."""
    if isinstance(geometry, QByteArray) and not geometry.isEmpty() and window.restoreGeometry(geometry):
        pass
    else:
        window.resize(fitted(default, available_area(window)))
    keep_on_screen(window)


def restore_window(window: QMainWindow, settings: QSettings, key: str, default: QSize, version: int = 0) -> None:
    """The geometry and dock state kept under ``window/{key}Geometry`` and
    ``window/{key}State``; the first time `default`; either way no larger
    than the free area of the screen."""
    restore_geometry(window, settings.value(f"window/{key}Geometry"), default)
    state = settings.value(f"window/{key}State")
    if isinstance(state, QByteArray) and not state.isEmpty():
        window.restoreState(state, version)


def save_window(window: QMainWindow, settings: QSettings, key: str, version: int = 0) -> None:
    """Keep the window's geometry and dock state for :func:`restore_window`."""
    settings.setValue(f"window/{key}Geometry", window.saveGeometry())
    settings.setValue(f"window/{key}State", window.saveState(version))
    settings.sync()


class ScreenFit(QObject):
    """One per window: the window and every dialog of the application kept
    inside its screen when it comes to the front or changes screen
    (:class:`_DialogFit`, made once), and View → Full screen (F11)."""

    def __init__(self, window: QMainWindow):
        super().__init__(window)
        self.window = window
        self.action = QAction(translate("ScreenFit", "&Full screen"), window)
        self.action.setObjectName("action_full_screen")
        self.action.setCheckable(True)
        self.action.setShortcut(QKeySequence(FULL_SCREEN_SHORTCUT))
        self.action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.action.toggled.connect(self.set_full_screen)
        window.addAction(self.action)
        _fit_dialogs()

    def set_full_screen(self, on: bool) -> None:
        w = self.window
        if on and not w.isFullScreen():
            w.showFullScreen()
        elif not on and w.isFullScreen():
            w.showNormal()
            keep_on_screen(w)
        if self.action.isChecked() != w.isFullScreen():  # (no event filter on the window: see _DialogFit)
            self.action.blockSignals(True)
            self.action.setChecked(w.isFullScreen())
            self.action.blockSignals(False)


class _DialogFit(QObject):
    """Every top-level window the application shows (a dialog, a message
    box, a replay or a guide) is moved and shrunk into its screen's free
    area when it first comes to the front, and again when it is moved to
    another screen. (It listens to the focus changing from window to
    window, not to every event of the application.)"""

    KINDS = (Qt.WindowType.Dialog, Qt.WindowType.Window, Qt.WindowType.Sheet)

    def __init__(self, app: QGuiApplication):
        super().__init__(app)
        self.setObjectName("dialogFit")
        app.focusWindowChanged.connect(self._focused)

    def _focused(self, handle: QWindow | None) -> None:
        widget = _widget_of(handle)
        if widget is None or widget.windowType() not in self.KINDS:
            return
        if not widget.property("screenFitWatched"):
            widget.setProperty("screenFitWatched", True)
            keep_on_screen(widget)
            handle.screenChanged.connect(lambda _s, w=widget: keep_on_screen(w))  # type: ignore[union-attr]


def _widget_of(handle: QWindow | None) -> QWidget | None:
    if handle is None:
        return None
    return next((w for w in QApplication.topLevelWidgets() if w.windowHandle() is handle), None)


def _fit_dialogs() -> None:
    """Make the application's :class:`_DialogFit` once."""
    app = QApplication.instance()
    if isinstance(app, QGuiApplication) and app.findChild(_DialogFit, "dialogFit") is None:
        _DialogFit(app)
