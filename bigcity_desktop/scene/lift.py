"""The carried piece, lifted: the ghost of a piece in hand is drawn held up
above the board (a soft shadow under it, a little larger, a little up and to
the left), and when it is put down it settles into its lot (the shadow
shrinks away) in a short drop, if motion plays (scene/motion.py).

The board's :class:`~.interaction.BoardInteraction` keeps one, ``board.lift``;
the tools paint their piece through :func:`paint_lifted`. Pieces placed for
good get no lift: only the piece in hand, and the one settling.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath

from . import motion as M


class Piece(Protocol):
    """A piece in hand as the lift sees it (a :class:`.tools.Tool`): whether it is held up, how it draws its ghost."""

    @property
    def lifted(self) -> bool: ...

    def paint_ghost(self, p: QPainter) -> None: ...


class _GhostLayer(Protocol):
    def set_rect(self, r: QRectF) -> None: ...

    def update(self) -> None: ...


class _Hand(Protocol):
    @property
    def tool(self) -> object | None: ...


class LiftScene(Protocol):
    """What the lift asks of the board (:class:`.city_scene.CityScene`): the
    ghost's layer and rectangle, whether motion plays, the piece in hand."""

    @property
    def ghost_layer(self) -> _GhostLayer: ...

    @property
    def motion(self) -> M.Motion: ...

    @property
    def interaction(self) -> _Hand: ...

    def animations_enabled(self) -> bool: ...

    def tool_rect(self) -> QRectF: ...


#: how far a carried piece is held up (plan units: up and to the left on screen)
LIFT = 5.0
#: how much larger it looks held up
LIFT_SCALE = 1.06
#: the shadow under it, offset down and to the right
SHADOW = 7.0


class Lift:
    """How high the piece in hand is held (1.0: carried, 0.0: on the board),
    and the piece settling into its lot after it was put down."""

    def __init__(self, scene: LiftScene) -> None:
        self.scene = scene
        #: the tool of the piece just put down, drawn while it settles (None: nothing settles)
        self.settling: Piece | None = None
        self._height = 0.0  # the settling piece's height

    def height(self, tool: Piece) -> float:
        """How high `tool`'s piece is drawn: held up in hand, on its way down when settling."""
        return self._height if tool is self.settling else 1.0

    def settle(self, tool: Piece) -> None:
        """`tool`'s piece was put down: it drops into its lot (only when motion plays)."""
        scene = self.scene
        self.finish()
        if not tool.lifted or not scene.animations_enabled():
            return
        self.settling = tool
        scene.ghost_layer.set_rect(scene.tool_rect())

        def step(t: float) -> None:
            self._height = 1.0 - t
            scene.ghost_layer.update()

        def done() -> None:
            if self.settling is tool:
                self.settling = None
                if scene.interaction.tool is None:
                    scene.ghost_layer.set_rect(QRectF())
                scene.ghost_layer.update()

        scene.motion.start(M.SETTLE_MS, step, done, QEasingCurve.Type.InQuad)

    def finish(self) -> None:
        """The settling piece is down (a new piece is picked up, the city changed)."""
        if self.settling is not None:
            self.settling = None
            self.scene.ghost_layer.update()


def paint_lifted(p: QPainter, outline: QPainterPath, height: float, paint_piece: Callable[[], None]) -> None:
    """The piece (`paint_piece`, drawing over `outline` in plan coordinates)
    held `height` up: its soft shadow on the board, then the piece a little
    larger, up and to the left."""
    if height <= 0.0:
        paint_piece()
        return
    box = outline.boundingRect()
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    # a soft shadow: a few grown, faint copies of the outline
    for grow, alpha in ((4.0, 22), (2.5, 30), (1.0, 40)):
        p.setBrush(QColor(0, 0, 0, int(alpha * height)))
        p.save()
        p.translate(SHADOW * height, SHADOW * height)
        p.translate(box.center())
        s = 1.0 + grow / max(8.0, min(box.width(), box.height()))
        p.scale(s, s)
        p.translate(-box.center())
        p.drawPath(outline)
        p.restore()
    p.restore()
    p.save()
    scale = 1.0 + (LIFT_SCALE - 1.0) * height
    p.translate(QPointF(-LIFT * height, -LIFT * height) + box.center())
    p.scale(scale, scale)
    p.translate(-box.center())
    paint_piece()
    p.restore()


__all__ = ["LIFT", "LIFT_SCALE", "SHADOW", "Lift", "paint_lifted"]
