"""A window's size and place on the screen (issue 33.6): no larger than the
screen's free area when it opens, and the size and docks it was left with
remembered in the settings, under keys of its own (``window/…``)."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QRect, QSettings, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow, QWidget


def available_area(widget: QWidget | None = None) -> QRect:
    """The free part of the screen `widget` is on (the primary one before it is shown)."""
    screen = widget.screen() if widget is not None else None
    screen = screen or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect(0, 0, 1024, 700)


def fitted(wanted: QSize, area: QRect) -> QSize:
    """`wanted`, made no wider and no taller than `area`."""
    return QSize(min(wanted.width(), area.width()), min(wanted.height(), area.height()))


def restore_window(window: QMainWindow, settings: QSettings, key: str, default: QSize, version: int = 0) -> None:
    """The geometry and dock state kept under ``window/{key}Geometry`` and
    ``window/{key}State``; the first time `default`; either way no larger
    than the free area of the screen."""
    geometry = settings.value(f"window/{key}Geometry")
    if isinstance(geometry, QByteArray) and not geometry.isEmpty():
        window.restoreGeometry(geometry)
    else:
        window.resize(default)
    area = available_area(window)
    if window.width() > area.width() or window.height() > area.height():
        window.resize(fitted(window.size(), area))
        window.move(area.topLeft())
    state = settings.value(f"window/{key}State")
    if isinstance(state, QByteArray) and not state.isEmpty():
        window.restoreState(state, version)


def save_window(window: QMainWindow, settings: QSettings, key: str, version: int = 0) -> None:
    """Keep the window's geometry and dock state for :func:`restore_window`."""
    settings.setValue(f"window/{key}Geometry", window.saveGeometry())
    settings.setValue(f"window/{key}State", window.saveState(version))
    settings.sync()
