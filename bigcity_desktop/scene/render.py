"""Headless rendering of a city to PNG or SVG."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def ensure_app():
    """The running Q(Gui)Application, or a new one (offscreen without a display)."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") and sys.platform.startswith("linux"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QApplication([sys.argv[0] if sys.argv and sys.argv[0] else "bigcity"])
    return app


def render_city(
    city,
    path,
    width: int = 1200,
    owner_colours=None,
    margin_cells: float = 0.4,
    view: str = "plan",
    rotation: int = 0,
) -> tuple[int, int]:
    """Draw `city` into `path` (.png or .svg; other suffixes: PNG) `width`
    pixels wide, as the plan (`view` "plan") or the city view ("city",
    the camera turned `rotation` quarter turns); returns (width, height).
    Works without any window."""
    ensure_app()
    from PySide6.QtCore import QRectF, QSize, Qt
    from PySide6.QtGui import QPainter

    from . import style as S
    from .city_scene import CityScene

    if width < 16:
        raise ValueError("the width must be at least 16 pixels")
    scene = CityScene(city.rules)
    scene.show_grid = False
    scene.animations = False
    scene.set_city(city, owner_colours)
    scene.set_view(view, rotation)
    src = scene.city_rect(margin_cells)
    height = max(1, round(width * src.height() / src.width()))
    path = Path(path)
    target = QRectF(0, 0, width, height)
    if path.suffix.lower() == ".svg":
        from PySide6.QtSvg import QSvgGenerator

        gen = QSvgGenerator()
        gen.setFileName(str(path))
        gen.setSize(QSize(width, height))
        gen.setViewBox(target)
        gen.setTitle("Big City layout")
        gen.setDescription("Rendered by Big City Desktop")
        p = QPainter(gen)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(target, S.TABLE)
        scene.render(p, target, src, Qt.AspectRatioMode.KeepAspectRatio)
        p.end()
    else:
        img = _paint(scene, target, src, width, height)
        if not img.save(str(path), "PNG"):  # type: ignore[call-overload]  # stubs say bytes; PySide6 takes str
            raise OSError(f"cannot write {path}")
    scene.deleteLater()
    return width, height


def city_image(city, width: int = 160, owner_colours=None, margin_cells: float = 0.3):
    """The city drawn as the plan into a QImage `width` pixels wide (a thumbnail)."""
    ensure_app()
    from PySide6.QtCore import QRectF

    from .city_scene import CityScene

    scene = CityScene(city.rules)
    scene.show_grid = False
    scene.show_scores = False
    scene.animations = False
    scene.set_city(city, owner_colours)
    src = scene.city_rect(margin_cells)
    height = max(1, round(width * src.height() / src.width()))
    img = _paint(scene, QRectF(0, 0, width, height), src, width, height)
    scene.deleteLater()
    return img


def city_view_image(city, width: int, height: int, owner_colours=None, rotation: int = 0, dpr: float = 1.0):
    """The city as the city view (the model city, the camera turned
    `rotation` quarter turns) as large as fits into `width`×`height`
    points, a QImage of the city's shape at `dpr` pixels to a point, on the
    table's colour (the home and end views' picture). Safe in a worker
    thread: only QImage, QPainter and a QGraphicsScene never shown."""
    ensure_app()
    from PySide6.QtCore import QRectF

    from .city_scene import CityScene

    scene = CityScene(city.rules)
    scene.show_grid = False
    scene.show_scores = False
    scene.animations = False
    scene.set_city(city, owner_colours)
    scene.set_view("city", rotation % 4)
    src = scene.city_rect(0.3)
    fit = min(width / max(1.0, src.width()), height / max(1.0, src.height()))  # the city's shape, as large as fits
    w, h = max(1, round(src.width() * fit * dpr)), max(1, round(src.height() * fit * dpr))
    img = _paint(scene, QRectF(0, 0, w, h), src, w, h)
    img.setDevicePixelRatio(dpr)
    _done(scene)
    return img


def _done(scene) -> None:
    """Let go of `scene`: later on the GUI thread; at once in a worker thread
    (the home view's picture), which runs no event loop for deleteLater."""
    import shiboken6
    from PySide6.QtCore import QCoreApplication, QThread

    app = QCoreApplication.instance()
    if app is not None and QThread.currentThread() == app.thread():
        scene.deleteLater()
    else:
        shiboken6.delete(scene)


def _paint(scene, target, src, width: int, height: int):
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter

    from . import style as S

    img = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(S.TABLE)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    scene.render(p, target, src, Qt.AspectRatioMode.KeepAspectRatio)
    p.end()
    return img
