"""The plan's buildings, each painted once into a picture at the board's
scale and then only copied (issue 45.6).

A building on the plan is a few antialiased rounded paths with pens (its
shadow, its owner's ring, its roof, its icon, its marker) and two texts:
some 1 ms each in a city of forty, most of a whole board's paint. The
board is painted again whenever its cached background is (a new city, a
zoom, a scheme), so :class:`Sprites` keeps each building as an image at
the board's device scale, with its position's fraction of a pixel, and
the board copies it into place: a repaint of the whole plan costs what its
lots cost. The image is painted by the same ``style.paint_building`` as
before, so it looks as it did; a zoom (another scale) paints them anew
as they come into sight, and a building larger on screen than
:data:`LARGEST` (zoomed far in: few are in sight) is painted directly.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QTransform

from bigcity_desktop.engine.geometry import Cell

from .style import CELL

#: around a building's lots: its shadow, marker and score disc stay inside
MARGIN = 8.0
#: a building's picture at most this many device pixels a side (larger ones are painted directly)
LARGEST = 320
#: the pictures kept at most (then the cache starts again)
MOST = 2000
#: a position's fraction of a pixel, in steps of this (the picture is painted at it)
FRACTION = 8
#: the scales whose pictures are kept (a board that is resized back and forth, as the hand below it
#: grows a row of cards and loses it again, refits between two scales)
SCALES = 3


class Sprites:
    """Buildings painted once per look and device scale (see the module text)."""

    def __init__(self) -> None:
        #: the pictures by the scale they were painted at (the newest scale last)
        self._scales: dict[tuple[float, float, float], dict[tuple, QImage]] = {}

    def __len__(self) -> int:
        """The pictures kept."""
        return sum(len(images) for images in self._scales.values())

    def paint(self, p: QPainter, cells: list[Cell], look: tuple, draw: Callable[[QPainter], None]) -> None:
        """Paint the building on `cells` whose look is `look` (any hashable
        that changes when it does) with `draw(painter)`, from its picture."""
        t = p.worldTransform()
        if t.type().value > QTransform.TransformationType.TxScale.value:  # turned or sheared: directly
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
        fx = round((at.x() - left) * FRACTION) / FRACTION
        fy = round((at.y() - top) * FRACTION) / FRACTION
        key = (look, tuple(cells), fx, fy, p.font().key())
        image = images.get(key)
        if image is None:
            if len(images) >= MOST:
                images.clear()
            image = images[key] = _picture(p, t, QRectF(x0, y0, x1 - x0, y1 - y0), fx, fy, dpr, draw)
        p.save()
        p.resetTransform()
        p.drawImage(QPointF(left, top), image)
        p.restore()


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


__all__ = ["LARGEST", "MARGIN", "Sprites"]
