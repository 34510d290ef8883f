"""The game window's moments part (issue 33.4): what the board shows when
points are scored and when something is won.

:class:`Moments` listens to the controller (and, in a lesson, to the
session's ``finished``) and has the scene's
:class:`~bigcity_desktop.scene.moments.BoardMoments` show:

- a floating "+N" in the player's colour over the lots of a building that
  scored (anyone's, read from the view's last events);
- a celebration over the board (the city lit, the winner's lots pulsing,
  confetti of building pieces) when a game played here ends with a person
  at this screen among the winners (GameSound plays the win's sound), when
  a puzzle is solved by the player (not shown the answer) and when the
  tutorial reaches its end.

Nothing of it delays a move or takes a click; with the animations switch off
(``animations_enabled``) nothing shows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QPointF
from PySide6.QtGui import QColor, QPainterPath

from bigcity_desktop.engine import Build
from bigcity_desktop.engine.phases import EventKind
from bigcity_desktop.scene import style as S
from bigcity_desktop.scene.moments import BoardMoments

if TYPE_CHECKING:
    from bigcity_desktop.game.core.controller import GameController
    from bigcity_desktop.scene import CityScene

#: how far back the events are searched for a build's score
RECENT_EVENTS = 6


def build_score(view: Any, player: int, action: Build) -> int:
    """The points `player` scored by `action`, as the view's last events tell (0 if none)."""
    props = sorted(action.properties)
    for e in reversed(view.events[-RECENT_EVENTS:]):
        if e.kind == EventKind.BUILD and e.player == player and sorted(e.extra.get("properties", ())) == props:
            return int(e.extra.get("score", 0) or 0)
    return 0


class Moments(QObject):
    """The "+N" and the celebrations of a game window (see the module's words)."""

    def __init__(
        self,
        ctrl: GameController,
        scene: CityScene,
        animations_enabled: Callable[[], bool],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.ctrl = ctrl
        self.scene = scene
        self.animations_enabled = animations_enabled
        self.board = BoardMoments(scene, self)
        self._moved = False  # a move was played here since the game was put in place
        self._lesson: Any = None  # the scripted session whose ``finished`` is heard
        ctrl.gameStarted.connect(self._reset)
        ctrl.takenBack.connect(self._reset)
        ctrl.sessionChanged.connect(self._session_changed)
        ctrl.actionApplied.connect(self._action_applied)
        ctrl.gameOver.connect(self._game_over)
        scene.projectionChanged.connect(self.board.clear)  # drawn for the old projection: gone
        self._session_changed()

    # ------------------------------------------------------------------ the game
    def _view(self) -> Any:
        return self.ctrl.session.view() if self.ctrl.session.has_game else None

    def _seats_here(self) -> list[int]:
        """The seats of the people at this screen."""
        s = self.ctrl.session
        if s.hot_seat:
            return s.human_seats()
        return [s.seat] if s.seat is not None else []

    def _reset(self) -> None:
        self._moved = False
        self.board.clear()

    def _session_changed(self) -> None:
        if self._lesson is not None:
            try:
                self._lesson.finished.disconnect(self._lesson_finished)
            except (RuntimeError, TypeError):
                pass
            self._lesson = None
        self._reset()
        s = self.ctrl.session
        if s.traits.scripted:
            self._lesson = s
            s.finished.connect(self._lesson_finished)  # type: ignore[attr-defined]

    def _action_applied(self, player: int, action: Any) -> None:
        self._moved = True
        v = self._view()
        if v is None or not isinstance(action, Build) or not self.animations_enabled():
            return
        points = build_score(v, player, action)
        city = self.scene.city
        if points <= 0 or city is None or not all(p in city.cell_of for p in action.properties):
            return
        centres = [self.scene.prop_center(p) for p in action.properties]
        at = QPointF(sum(c.x() for c in centres) / len(centres), sum(c.y() for c in centres) / len(centres))
        self.board.float_points(at, points, QColor(self.ctrl.colour(player)))

    def _game_over(self) -> None:
        v = self._view()
        if not self._moved or v is None:
            return  # a finished game opened, not ended here
        self._moved = False
        won = [w for w in v.winners() if w in set(self._seats_here())]
        if won:
            self.celebrate(won[0])

    def _lesson_finished(self) -> None:
        s = self.ctrl.session
        if s is not self._lesson:
            return
        outcome = getattr(getattr(s, "run", None), "outcome", None)  # a puzzle's; a tutorial has none
        if outcome is not None and (not outcome.reached or getattr(s, "shown_answer", False)):
            return  # not solved, or solved by "show me"
        if s.seat is not None:
            self.celebrate(s.seat)

    # ------------------------------------------------------------------ the celebration
    def celebrate(self, seat: int) -> bool:
        """The board lit for `seat` (their lots pulsing in their colour) and
        the confetti; False when nothing shows (the animations off, no city)."""
        city = self.scene.city
        if not self.animations_enabled() or city is None or not city.prop_at:
            return False
        ground = self.scene.ground()
        lots: list[QPainterPath] = []
        for b in city.buildings:
            if b.owner == seat:
                cells = [city.cell_of[p] for p in b.properties if p in city.cell_of]
                lots.append(ground.map(S.cells_path(cells, S.LOT_INSET)))
        self.board.celebrate(self.scene.city_rect(0.3), lots, QColor(self.ctrl.colour(seat)))
        return True


__all__ = ["Moments", "build_score"]
