"""What the board paints again and again, painted once into a picture at the
board's scale and then only copied (issue 45.6).

A building on the plan is a few antialiased rounded paths with pens (its
shadow, its owner's ring, its roof, its icon, its marker) and two texts:
some 1 ms each in a city of forty, most of a whole board's paint; the
ground (the plates, streets and lots) is as much again. The board is
painted again whenever its cached background is (a burst of moves, a
refit, a scheme), so :class:`Sprites` keeps each building as an image at
the board's device scale (the same building elsewhere, at the same
quarter of a pixel, is the same image) and :class:`Ground` the ground of
the city as one, and the board copies them into place. They are painted by
the same code as before, so they look as they did; a zoom (another scale)
paints them anew as they come into sight, and a building larger on screen
than :data:`LARGEST` or a ground larger than :data:`GROUND_PIXELS`
(zoomed far in) is painted directly.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPaintEngine, QPainter, QTransform

from bigcity_desktop.engine.geometry import Cell

from .style import CELL

#: around a building's lots: its shadow, marker and score disc stay inside
MARGIN = 8.0
#: a building's picture at most this many device pixels a side (larger ones are painted directly)
LARGEST = 320
#: the pictures kept at most (then the cache starts again)
MOST = 2000
#: a position's fraction of a pixel, in steps of this (the picture is painted at it; the ground's)
FRACTION = 8
#: a building's position's fraction of a pixel, in steps of this (at most a quarter of a pixel off:
#: the same building in another column is mostly the same picture)
BUILDING_FRACTION = 2
#: the scales whose pictures are kept (a board that is resized back and forth, as the hand below it
#: grows a row of cards and loses it again, refits between two scales)
SCALES = 3


class Sprites:
    """Buildings painted once per look and device scale (see the module text).

    A paint may be given a budget (:meth:`begin`): once its new pictures
    took that long, a building whose picture is not made yet is left out
    and its rectangle noted (:attr:`deferred`), for the board to paint it in
    a later turn of the event loop (the first new picture of a paint is
    always made, so the board is whole after a few paints). A burst of moves
    at a network table (a hundred merged into one take) or a rejoin's city
    changes the look of most buildings at once, and their pictures alone
    held the window 35 to 50 ms in one paint."""

    def __init__(self) -> None:
        #: the pictures by the scale they were painted at (the newest scale last)
        self._scales: dict[tuple[float, float, float], dict[tuple, QImage]] = {}
        self._budget: float | None = None  # seconds of new pictures this paint may make (None: all)
        self._spent = 0.0
        #: the plan rectangles of the buildings this paint left out (their pictures are to come)
        self.deferred: list[QRectF] = []

    def begin(self, budget: float | None) -> None:
        """A paint begins: it makes new pictures for `budget` seconds at most (None: as many as it needs)."""
        self._budget, self._spent = budget, 0.0
        self.deferred = []

    def __len__(self) -> int:
        """The pictures kept."""
        return sum(len(images) for images in self._scales.values())

    def paint(self, p: QPainter, cells: list[Cell], look: tuple, draw: Callable[[QPainter], None]) -> None:
        """Paint the building on `cells` whose look is `look` (any hashable
        that changes when it does) with `draw(painter)`, from its picture."""
        t = p.worldTransform()
        if not _raster(p) or t.type().value > QTransform.TransformationType.TxScale.value:  # an SVG, turned: directly
            draw(p)
            return
        dpr = p.device().devicePixelRatioF() if p.device() is not None else 1.0
        scale = (t.m11(), t.m22(), dpr)
        images = self._scales.pop(scale, None)
        if images is None:
            images = {}
            while len(self._scales) >= SCALES:
                del self._scales[next(iter(self._scales))]
        self._scales[scale] = images  # the newest last
        x0 = min(c[0] for c in cells) * CELL - MARGIN
        y0 = min(c[1] for c in cells) * CELL - MARGIN
        x1 = (max(c[0] for c in cells) + 1) * CELL + MARGIN
        y1 = (max(c[1] for c in cells) + 1) * CELL + MARGIN
        w, h = (x1 - x0) * abs(t.m11()), (y1 - y0) * abs(t.m22())
        if w * dpr > LARGEST or h * dpr > LARGEST or t.m11() <= 0 or t.m22() <= 0:
            draw(p)
            return
        at = t.map(QPointF(x0, y0))
        left, top = math.floor(at.x()), math.floor(at.y())
        fx = round((at.x() - left) * BUILDING_FRACTION) / BUILDING_FRACTION
        fy = round((at.y() - top) * BUILDING_FRACTION) / BUILDING_FRACTION
        # where it stands is no part of it: the same building elsewhere is the same picture
        x, y = min(c[0] for c in cells), min(c[1] for c in cells)
        key = (look, tuple((c[0] - x, c[1] - y) for c in cells), fx, fy, p.font().key())
        image = images.get(key)
        if image is None:
            image = self._make(
                images, key, lambda r: _picture(p, t, r, fx, fy, dpr, draw), QRectF(x0, y0, x1 - x0, y1 - y0)
            )
            if image is None:
                return
        p.save()
        p.resetTransform()
        p.drawImage(QPointF(left, top), image)
        p.restore()

    def _make(
        self, images: dict[tuple, QImage], key: tuple, picture: Callable[[QRectF], QImage], r: QRectF
    ) -> QImage | None:
        """The new picture of the building in the plan rectangle `r`, kept under `key`; None when this
        paint's budget is spent (`r` is noted, for a later turn: see the class text)."""
        if self._budget is not None and self._spent > 0 and self._spent >= self._budget:
            self.deferred.append(r)
            return None
        if len(images) >= MOST:
            images.clear()
        began = time.perf_counter()
        image = images[key] = picture(r)
        self._spent += time.perf_counter() - began
        return image


def _raster(p: QPainter) -> bool:
    """Whether `p` paints pixels (the views' backgrounds, a picture): an SVG or a printer keeps its vectors."""
    engine = p.paintEngine()
    return engine is not None and engine.type() == QPaintEngine.Type.Raster


def _picture(
    p: QPainter, t: QTransform, r: QRectF, fx: float, fy: float, dpr: float, draw: Callable[[QPainter], None]
) -> QImage:
    """The building painted into a clear image whose top-left pixel is at `r`'s top-left less the fraction."""
    sx, sy = t.m11(), t.m22()
    image = QImage(
        math.ceil((r.width() * sx + 2) * dpr),
        math.ceil((r.height() * sy + 2) * dpr),
        QImage.Format.Format_ARGB32_Premultiplied,
    )
    image.setDevicePixelRatio(dpr)
    image.fill(Qt.GlobalColor.transparent)
    q = QPainter(image)
    q.setRenderHints(p.renderHints())
    q.setFont(p.font())
    q.setTransform(QTransform(sx, 0, 0, sy, fx - sx * r.left(), fy - sy * r.top()))
    draw(q)
    q.end()
    return image


#: the ground's picture at most this many device pixels (a board zoomed far in paints it directly)
GROUND_PIXELS = 12_000_000


class Ground:
    """The board's ground (the neighborhoods' plates, the streets, the lots):
    the same from move to move, so painted once per city, scale and fraction of
    a pixel into one picture (the last :data:`SCALES` kept) and copied (the whole board is painted again after
    a burst of moves, a refit, a new colour)."""

    def __init__(self) -> None:
        #: the pictures by their key (the newest last): one per scale the board was shown at lately,
        #: so a board refitted back and forth (the hand's second row of cards) copies them again
        self._images: dict[tuple, QImage] = {}

    def paint(self, p: QPainter, r: QRectF, shown: tuple, draw: Callable[[QPainter], None]) -> None:
        """Paint the ground in the scene rectangle `r` (what `shown` says it is) by `draw(painter)`,
        from its picture."""
        t = p.worldTransform()
        dpr = p.device().devicePixelRatioF() if p.device() is not None else 1.0
        at = t.mapRect(r)
        if (
            not _raster(p)
            or t.type().value > QTransform.TransformationType.TxScale.value
            or t.m11() <= 0
            or t.m22() <= 0
            or at.width() * at.height() * dpr * dpr > GROUND_PIXELS
        ):
            draw(p)
            return
        fx = round((t.dx() - math.floor(t.dx())) * FRACTION) / FRACTION
        fy = round((t.dy() - math.floor(t.dy())) * FRACTION) / FRACTION
        # the picture's top-left pixel, as an offset from the transform's whole pixels (the same while
        # the board scrolls by whole pixels)
        ox = math.floor(at.left()) - 1 - math.floor(t.dx())
        oy = math.floor(at.top()) - 1 - math.floor(t.dy())
        key = (shown, r.getRect(), t.m11(), t.m22(), fx, fy, ox, oy, dpr, p.font().key())
        image = self._images.pop(key, None)
        if image is None:
            if any(k[0] != shown for k in self._images):
                self._images.clear()  # another city (or scheme): none of the pictures is of it
            while len(self._images) >= SCALES:
                del self._images[next(iter(self._images))]
            sx, sy = t.m11(), t.m22()
            w, h = math.ceil(at.width()) + 3, math.ceil(at.height()) + 3
            image = QImage(math.ceil(w * dpr), math.ceil(h * dpr), QImage.Format.Format_ARGB32_Premultiplied)
            image.setDevicePixelRatio(dpr)
            image.fill(Qt.GlobalColor.transparent)
            q = QPainter(image)
            q.setRenderHints(p.renderHints())
            q.setFont(p.font())
            q.setTransform(QTransform(sx, 0, 0, sy, fx - ox, fy - oy))
            draw(q)
            q.end()
            if image.width() * image.height() > GROUND_PIXELS // SCALES:
                self._images.clear()  # a large one (zoomed in) is kept alone
        self._images[key] = image
        p.save()
        p.resetTransform()
        p.drawImage(QPointF(math.floor(t.dx()) + ox, math.floor(t.dy()) + oy), image)
        p.restore()


__all__ = ["GROUND_PIXELS", "LARGEST", "MARGIN", "Ground", "Sprites"]
