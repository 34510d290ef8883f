"""How the board's plan coordinates become scene coordinates.

Every piece of the city has a *plan* position: scene units of the top-down
board (``CELL`` per grid cell, x to the right, y down) plus a height ``z``
above the table. A :class:`Projection` maps plan points to the scene and
back:

- ``PLAN``: the top-down board, the identity (heights are ignored);
- ``CITY``: an isometric view of the same city, the camera turned in
  quarter turns (``rotation`` 0..3).

On a fixed height both are affine, so flat things (lots, streets, heat map,
highlights, ghosts) are drawn with their plan geometry under
:meth:`Projection.ground`, and the pointer is mapped back to the board with
the inverse (:meth:`Projection.to_plan`): every tool keeps working in plan
coordinates, in both views.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPolygonF, QTransform

#: isometric factors: one plan unit along x or y moves (KX, KY) on screen,
#: one unit of height moves KZ up (a slightly high camera: more of the
#: ground stays visible between the buildings than in true isometric)
KX = 0.74
KY = 0.43
KZ = 0.80
#: the thickness of a neighborhood's cardboard plate, in plan units
PLATE = 5.0

# the quarter turns of the camera: (rx, ry) = (a x + b y, c x + d y)
_TURNS = ((1, 0, 0, 1), (0, -1, 1, 0), (-1, 0, 0, -1), (0, 1, -1, 0))


class ViewKind(Enum):
    PLAN = "plan"
    CITY = "city"


@dataclass(frozen=True)
class Projection:
    """Plan (x, y, z) -> scene point, and back on the ground."""

    kind: ViewKind = ViewKind.PLAN
    rotation: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "rotation", self.rotation % 4)

    @property
    def is_city(self) -> bool:
        return self.kind is ViewKind.CITY

    def turned(self, steps: int) -> Projection:
        return Projection(self.kind, (self.rotation + steps) % 4)

    # ------------------------------------------------------------------ maps
    def rotated(self, x: float, y: float) -> tuple[float, float]:
        """Plan (x, y) in the camera's frame: nearer the viewer = larger values."""
        a, b, c, d = _TURNS[self.rotation]
        return a * x + b * y, c * x + d * y

    def ground(self, z: float = PLATE) -> QTransform:
        """The affine map of the plane at height `z` (plan units) to the scene."""
        if not self.is_city:
            return QTransform()
        a, b, c, d = _TURNS[self.rotation]
        return QTransform(KX * (a - c), KY * (a + c), KX * (b - d), KY * (b + d), 0.0, -KZ * z)

    def to_scene(self, x: float, y: float, z: float = PLATE) -> QPointF:
        if not self.is_city:
            return QPointF(x, y)
        rx, ry = self.rotated(x, y)
        return QPointF(KX * (rx - ry), KY * (rx + ry) - KZ * z)

    def to_plan(self, pos: QPointF, z: float = PLATE) -> QPointF:
        """The plan point at height `z` under a scene point (exact inverse)."""
        if not self.is_city:
            return QPointF(pos)
        u = pos.x() / KX
        v = (pos.y() + KZ * z) / KY
        rx, ry = (u + v) / 2.0, (v - u) / 2.0
        a, b, c, d = _TURNS[self.rotation]
        # the turns are orthogonal: the inverse is the transpose
        return QPointF(a * rx + c * ry, b * rx + d * ry)

    def map_rect(self, r: QRectF, z_low: float = 0.0, z_high: float = PLATE) -> QRectF:
        """The scene bounds of a plan rectangle lifted from `z_low` to `z_high`."""
        if not self.is_city:
            return QRectF(r)
        pts = []
        for z in (z_low, z_high):
            for x, y in ((r.left(), r.top()), (r.right(), r.top()), (r.right(), r.bottom()), (r.left(), r.bottom())):
                pts.append(self.to_scene(x, y, z))
        return QPolygonF(pts).boundingRect()
