"""The game window's sound part: which effect each moment of a game plays.

:class:`GameSound` listens to the game controller's signals and reads the
session (``ctrl.session``) for the seats and scores; it plays through an
:class:`~bigcity_desktop.ui.sound.EffectSink` (a SoundPlayer reading the
Preferences' volume and mute, or a test's recorder):

- a move of the player at the screen (or of another person at the table):
  a building or a park/factory → BUILDING, a neighborhood tile → TILE,
  a streetcar → STREETCAR, cards drawn, taken or exchanged → DRAW;
- a bot's move → BOT_MOVE (its draw of cards makes no second sound);
- the turn passing to the player at the screen in a network or hot-seat
  game → YOUR_TURN (never after each move of a solo game);
- points scored by the player at the screen → SCORE, once per point
  counted up (a few at most);
- the end of a game played here → WIN when the player at the screen (in a
  hot-seat game: a person at this screen) has the highest score, else GAME_END.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer

from bigcity_desktop.engine.actions import Action, ActionKind
from bigcity_desktop.ui.sound import Effect, EffectSink, SoundPlayer

if TYPE_CHECKING:
    from bigcity_desktop.game.core.controller import GameController

#: the effect of a person's move, by its kind (a pass, a redevelopment offer and a stop make none)
MOVE_EFFECTS: dict[ActionKind, Effect] = {
    ActionKind.NEIGHBORHOOD: Effect.TILE,
    ActionKind.BUILD: Effect.BUILDING,
    ActionKind.PARK_FACTORY: Effect.BUILDING,
    ActionKind.STREETCAR: Effect.STREETCAR,
    ActionKind.DRAW: Effect.DRAW,
    ActionKind.TAKE: Effect.DRAW,
    ActionKind.EXCHANGE: Effect.DRAW,
}
#: a bot's moves that make no tick of their own (they follow its main move)
QUIET_BOT_KINDS = frozenset({ActionKind.DRAW, ActionKind.STOP})
#: the points counted up with a blip each, at most; and the blips' pace (ms)
MAX_SCORE_BLIPS = 6
SCORE_BLIP_MS = 90
#: the score blips start after the move's own sound has been heard (ms)
SCORE_DELAY_MS = 140


def effect_of_move(action: Action, by_bot: bool) -> Effect | None:
    """The effect a move plays (None: silence)."""
    if by_bot:
        return None if action.kind in QUIET_BOT_KINDS else Effect.BOT_MOVE
    return MOVE_EFFECTS.get(action.kind)


class GameSound(QObject):
    """Plays the effects of a game window's controller (see the module's words)."""

    def __init__(
        self,
        ctrl: GameController,
        settings: Any = None,
        parent: QObject | None = None,
        player: EffectSink | None = None,
    ) -> None:
        super().__init__(parent)
        self.ctrl = ctrl
        self.player: EffectSink = player if player is not None else SoundPlayer(settings, self)
        self._turn_of: int | None = None  # whose turn was seen last (a new one to the screen chimes)
        self._scores: tuple[int, ...] = ()
        self._moved = False  # a move was played here since the game was put in place
        self._blips: list[QTimer] = []
        ctrl.gameStarted.connect(self._reset)
        ctrl.takenBack.connect(self._taken_back)
        ctrl.sessionChanged.connect(self._reset)
        ctrl.actionApplied.connect(self._action_applied)
        ctrl.humanTurn.connect(self._turn_to)
        ctrl.handoffRequested.connect(self._turn_to)
        ctrl.gameOver.connect(self._game_over)
        self._reset()

    # ------------------------------------------------------------------ what the session says
    def _view(self) -> Any:
        return self.ctrl.session.view() if self.ctrl.session.has_game else None

    def _current_scores(self) -> tuple[int, ...]:
        v = self._view()
        return tuple(v.scores) if v is not None else ()

    def _shares_turns(self) -> bool:
        """The turn passes between people here: a network or hot-seat game."""
        s = self.ctrl.session
        return s.traits.leaves or s.hot_seat

    def _seats_here(self) -> list[int]:
        """The seats of the people at this screen."""
        s = self.ctrl.session
        if s.hot_seat:
            return s.human_seats()
        return [s.seat] if s.seat is not None else []

    # ------------------------------------------------------------------ the moments
    def _reset(self) -> None:
        """A game is put in place (new, opened, joined): its first turn at the screen chimes."""
        self._stop_blips()
        self._scores = self._current_scores()
        self._turn_of = None
        self._moved = False
        if self.ctrl.session.has_game:
            self.player.prepare()  # the effects load before the first move

    def _taken_back(self) -> None:
        """A take-back or redo: the turn it leaves makes no chime."""
        self._reset()
        v = self._view()
        self._turn_of = v.current_player if v is not None and not v.is_over else None

    def _action_applied(self, player: int, action: Action) -> None:
        self._moved = True
        if player != self._turn_of:
            self._turn_of = player  # someone else moves now: a turn back to the screen chimes
        effect = effect_of_move(action, self.ctrl.session.is_bot(player))
        if effect is not None:
            self.player.play(effect)
        before, self._scores = self._scores, self._current_scores()
        seat = self.ctrl.session.seat
        if seat is not None and seat < len(before) and seat < len(self._scores):
            self._count_up(self._scores[seat] - before[seat], delay=SCORE_DELAY_MS if effect is not None else 0)

    def _turn_to(self, seat: int) -> None:
        """The turn is at a person of this screen (asked to decide, or called to it in a hot-seat game)."""
        if seat == self._turn_of:
            return  # the same turn asked again (its next step, a network update)
        self._turn_of = seat
        if self._shares_turns():
            self.player.play(Effect.YOUR_TURN)

    def _game_over(self) -> None:
        v = self._view()
        if not self._moved or v is None:
            return  # a finished game opened, not ended here
        self._moved = False
        self._turn_of = None
        self._stop_blips()  # the end's own sound says it all
        won = bool(set(v.winners()) & set(self._seats_here()))
        self.player.play(Effect.WIN if won else Effect.GAME_END)

    # ------------------------------------------------------------------ the count-up
    def _count_up(self, points: int, delay: int) -> None:
        for i in range(min(max(points, 0), MAX_SCORE_BLIPS)):
            timer = QTimer(self)
            timer.setSingleShot(True)
            timer.timeout.connect(self._blip)
            timer.start(delay + i * SCORE_BLIP_MS)
            self._blips.append(timer)

    def _blip(self) -> None:
        self._blips = [t for t in self._blips if t.isActive()]
        self.player.play(Effect.SCORE)

    def _stop_blips(self) -> None:
        for timer in self._blips:
            timer.stop()
        self._blips.clear()

    @property
    def blips_pending(self) -> int:
        return sum(1 for t in self._blips if t.isActive())


__all__ = ["MOVE_EFFECTS", "GameSound", "effect_of_move"]
