"""Moments on the board (issue 33.4): a floating "+N" where points were
scored, and a celebration over the board for a win, a solved puzzle and
the end of the tutorial.

Both are cosmetic and never in the way: their items sit above every layer
of the board (:mod:`.layers`), take no mouse button, no hover and no focus,
and are removed when their animation ends (a "+N" after about a second,
the celebration after about two and a half). A click or a key meanwhile
reaches the board as if they were not there. The caller decides whether
they play at all (the window's animations switch, :mod:`.motion`).

:class:`BoardMoments` keeps the moments of one scene; the game window's
part (``game/moments.py``) tells it what to show.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import QEasingCurve, QObject, QPointF, QRectF, Qt, QVariantAnimation, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPixmap, QRadialGradient
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from . import style as S
from .style import CELL

#: how long a "+N" rises and fades (ms), and how far it rises (pixels on screen)
POINTS_MS = 1000
POINTS_RISE = 42.0
#: how long a celebration lasts (ms)
CELEBRATION_MS = 2500
#: above every layer of the board (the score bubble is at 9)
POINTS_Z = 21.0
CELEBRATION_Z = 20.0
#: the confetti: how many pieces, their size (scene units)
CONFETTI = 70
PIECE = 0.5 * CELL
MIN_PIECE_PX = 17.0
#: the pieces the confetti is made of: the board's buildings
CONFETTI_TYPES = ("residence", "business", "city_hall", "church", "cinema", "post_office", "bank", "park")


def _inert(item: QGraphicsItem, z: float) -> None:
    """An item that only shows: no mouse button, no hover, no focus."""
    item.setZValue(z)
    item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    item.setAcceptHoverEvents(False)
    item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsFocusable, False)
    item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, False)
    item.setEnabled(False)


def outline_for(colour: QColor) -> QColor:
    """The halo that keeps a text in `colour` readable on light and dark boards."""
    return QColor(20, 20, 24, 230) if S.relative_luminance(colour) > 0.35 else QColor(255, 255, 255, 235)


class PointsItem(QGraphicsItem):
    """A bold "+N" in the player's colour with a halo; it keeps its size on
    screen whatever the zoom, rises from its point and fades out."""

    def __init__(self, text: str, colour: QColor, size_px: int = 26):
        super().__init__()
        _inert(self, POINTS_Z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.text = text
        self.colour = QColor(colour)
        font = QFont()
        font.setPixelSize(size_px)
        font.setBold(True)
        self._path = QPainterPath()
        self._path.addText(0, 0, font, text)
        br = self._path.boundingRect()
        # centred on its point, the baseline under it
        self._path.translate(-br.center().x(), -br.center().y())
        self._rect = self._path.boundingRect().adjusted(-6, -6, 6, 6)
        self.rise = 0.0  # 0..1: how far it has risen and faded

    def boundingRect(self) -> QRectF:
        return self._rect.translated(0, -POINTS_RISE * self.rise)

    def set_rise(self, t: float) -> None:
        self.prepareGeometryChange()
        self.rise = t
        self.setOpacity(1.0 if t < 0.45 else max(0.0, 1.0 - (t - 0.45) / 0.55))

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.translate(0, -POINTS_RISE * self.rise)
        halo = outline_for(self.colour)
        painter.setPen(QPen(halo, 5.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(self._path)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.colour)
        painter.drawPath(self._path)


@dataclass
class Piece:
    """One piece of confetti: where it starts, how it flies and turns."""

    pixmap: QPixmap
    x: float
    y: float
    vx: float
    vy: float
    spin: float
    turn: float
    delay: float  # 0..1 of the celebration before it leaves


_PIXMAPS: list[QPixmap] = []


def _confetti_pixmaps() -> list[QPixmap]:
    """The building pieces of the confetti (their colours do not change with the scheme), made once."""
    if not _PIXMAPS:
        _PIXMAPS.extend(S.building_pixmap(b, 32, dpr=2.0) for b in CONFETTI_TYPES)
    return _PIXMAPS


class CelebrationItem(QGraphicsItem):
    """The board lit (a soft glow over the city, the winner's lots pulsing in
    their colour) and building pieces bursting up and falling as confetti."""

    GRAVITY = 14.0  # in CELLs per unit of time squared (t runs 0..1)

    def __init__(self, area: QRectF, lots: list[QPainterPath], colour: QColor, seed: int = 0):
        super().__init__()
        _inert(self, CELEBRATION_Z)
        self.area = QRectF(area)
        self.lots = lots
        self.colour = QColor(colour)
        self.t = 0.0
        rng = random.Random(seed)
        pixmaps = _confetti_pixmaps()
        cx, base = area.center().x(), area.center().y()
        self.pieces = []
        for i in range(CONFETTI):
            burst = i % 2  # half burst up from the city's foot, half rain from above it
            x = rng.uniform(area.left(), area.right()) if not burst else cx + rng.uniform(-1, 1) * area.width() * 0.4
            y = area.top() - rng.uniform(0.2, 1.5) * CELL if not burst else base
            vx = rng.uniform(-1, 1) * (CELL * 3.0 if burst else CELL * 0.8)
            vy = -rng.uniform(5.0, 7.5) * CELL if burst else rng.uniform(0.5, 2.5) * CELL
            self.pieces.append(
                Piece(
                    rng.choice(pixmaps), x, y, vx, vy, rng.uniform(-540, 540), rng.uniform(0, 360), rng.uniform(0, 0.3)
                )
            )
        m = 3 * CELL
        self._rect = area.adjusted(-m, -m * 2, m, m)

    def boundingRect(self) -> QRectF:
        return self._rect

    def set_t(self, t: float) -> None:
        self.t = t
        self.update()

    def glow(self) -> float:
        """How bright the board is lit now (up, three soft pulses, down)."""
        t = self.t
        env = min(1.0, t / 0.12) * min(1.0, (1.0 - t) / 0.3)
        return max(0.0, env) * (0.7 + 0.3 * math.cos(t * 3 * 2 * math.pi))

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        g = self.glow()
        # the soft glow over the city
        c = self.area.center()
        radius = max(self.area.width(), self.area.height()) * 0.75
        grad = QRadialGradient(c, radius)
        gold = QColor(S.FLASH)
        gold.setAlpha(int(120 * g))
        edge = QColor(S.FLASH)
        edge.setAlpha(0)
        grad.setColorAt(0.0, gold)
        grad.setColorAt(1.0, edge)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(grad))
        painter.save()
        if S.relative_luminance(S.TABLE) < 0.2:  # a dark board: the light adds to it (no muddy gold)
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Screen)
        painter.drawEllipse(c, radius, radius)
        painter.restore()
        # the winner's lots, pulsing in their colour
        if self.lots:
            fill = QColor(self.colour)
            fill.setAlpha(int(140 * g))
            pen = QColor(self.colour).lighter(130)
            pen.setAlpha(int(230 * g))
            painter.setPen(QPen(pen, 4))
            painter.setBrush(fill)
            for path in self.lots:
                painter.drawPath(path)
        # the confetti: at least MIN_PIECE_PX on screen however far the board is zoomed out
        t = painter.worldTransform()
        scale = math.hypot(t.m11(), t.m12()) or 1.0
        size = max(PIECE, MIN_PIECE_PX / scale)
        for piece in self.pieces:
            u = (self.t - piece.delay) / (1.0 - piece.delay)
            if u <= 0:
                continue
            x = piece.x + piece.vx * u
            y = piece.y + piece.vy * u + 0.5 * self.GRAVITY * CELL * u * u
            painter.save()
            painter.setOpacity(min(1.0, (1.0 - u) / 0.25))
            painter.translate(x, y)
            painter.rotate(piece.turn + piece.spin * u)
            painter.drawPixmap(QRectF(-size / 2, -size / 2, size, size), piece.pixmap, QRectF(piece.pixmap.rect()))
            painter.restore()


class BoardMoments(QObject):
    """The moments playing on one scene: ``float_points`` and ``celebrate``
    add their items and remove them when done; ``cleared`` when none is left."""

    cleared = Signal()

    def __init__(self, scene: QGraphicsScene, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scene = scene
        self._running: dict[QVariantAnimation, QGraphicsItem] = {}

    @property
    def items(self) -> list[QGraphicsItem]:
        """The moments' items on the board now."""
        return list(self._running.values())

    @property
    def running(self) -> bool:
        return bool(self._running)

    def points(self) -> list[PointsItem]:
        return [it for it in self._running.values() if isinstance(it, PointsItem)]

    def celebrations(self) -> list[CelebrationItem]:
        return [it for it in self._running.values() if isinstance(it, CelebrationItem)]

    def float_points(self, pos: QPointF, points: int, colour: QColor) -> PointsItem:
        """A "+N" rising from the scene point `pos` in `colour`."""
        item = PointsItem(f"+{points}", colour)
        item.setPos(pos)
        self._play(item, POINTS_MS, item.set_rise, QEasingCurve.Type.OutCubic)
        return item

    def celebrate(self, area: QRectF, lots: Iterable[QPainterPath], colour: QColor) -> CelebrationItem:
        """The board lit over `area` (the city's scene rectangle), the `lots`
        (scene paths) pulsing in `colour`, the confetti bursting and falling."""
        for it in self.celebrations():  # one at a time
            self._end_item(it)
        item = CelebrationItem(area, list(lots), colour, seed=len(self._running))
        self._play(item, CELEBRATION_MS, item.set_t, QEasingCurve.Type.Linear)
        return item

    def _play(self, item: QGraphicsItem, ms: int, step, easing: QEasingCurve.Type) -> None:
        self.scene.addItem(item)
        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(ms)
        anim.setEasingCurve(easing)
        anim.valueChanged.connect(lambda v: step(float(v)))
        anim.finished.connect(lambda: self._end(anim))
        self._running[anim] = item
        step(0.0)
        anim.start()

    def _end(self, anim: QVariantAnimation) -> None:
        item = self._running.pop(anim, None)
        anim.stop()
        anim.deleteLater()
        if item is not None and item.scene() is self.scene:
            self.scene.removeItem(item)
        if not self._running:
            self.cleared.emit()

    def _end_item(self, item: QGraphicsItem) -> None:
        for anim, it in list(self._running.items()):
            if it is item:
                self._end(anim)

    def clear(self) -> None:
        """Remove every moment now (a new game, a take-back)."""
        for anim in list(self._running):
            self._end(anim)


__all__ = ["CELEBRATION_MS", "POINTS_MS", "BoardMoments", "CelebrationItem", "PointsItem", "outline_for"]
