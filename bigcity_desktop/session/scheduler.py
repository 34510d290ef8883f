"""BotScheduler: when the bots of a local game think, and on what.

A bot's turn waits the chosen delay (so a person can follow the game), then
its decision is worked out on a worker thread from that bot's view of the
game (``state.view_for(seat)``, made on the GUI thread before the worker
starts, so the worker never touches the live game). Every piece of work
carries a token; :meth:`cancel` makes every token before it stale, so an
answer that comes back after a take-back or a new game is dropped. With
``renew=True`` it also deals fresh bots: a search still running on the
old ones never shares a bot, or its random generator, with the new ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PySide6.QtCore import QObject, QTimer, Signal

from bigcity_desktop.bots import Bot, make_bot
from bigcity_desktop.engine import Action, GameState
from bigcity_desktop.engine.record import PlayerInfo
from bigcity_desktop.engine.seats import SeatKind

from . import worker

#: the longest a short decision (a draw, a second streetcar) waits, in ms
SHORT_DELAY_MS = 120
#: the delay between bot moves at first (the New game dialog's "Normal")
DEFAULT_DELAY_MS = 700


def bot_seed(game_seed: int | None, seat: int, generation: int = 0) -> int:
    """The seed of a seat's bot (a take-back deals the next generation)."""
    return (game_seed or 0) * 31 + seat + 1_000_003 * generation


@dataclass(frozen=True)
class _Turn:
    """A bot's turn waiting for its delay to pass."""

    token: int
    seat: int


class BotScheduler(QObject):
    """Schedules the bots of a local game and hands back their moves."""

    thinking = Signal(int)  # a seat's bot waits its delay, then thinks
    chosen = Signal(int, int, object)  # token, seat, what the bot returned (normally an Action)
    failed = Signal(int, int, str)  # token, seat, what went wrong

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.delay_ms = DEFAULT_DELAY_MS
        self.paused = False
        self.bots: dict[int, Bot] = {}
        self.token = 0
        self.busy: int | None = None  # the seat whose bot is thinking on a worker
        self._generation = 0
        self._players: list[PlayerInfo] = []
        self._seed: int | None = None
        self._waiting: _Turn | None = None
        self._state: GameState | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._go)
        self._signals = worker.WorkerSignals(self)
        self._signals.done.connect(self._done)
        self._signals.failed.connect(self._failed)

    # ------------------------------------------------------------ the bots
    def deal(self, players: list[PlayerInfo], game_seed: int | None) -> None:
        """Fresh bots for a new (or newly opened) game."""
        self._players, self._seed, self._generation = list(players), game_seed, 0
        self.bots = self._make()

    def _make(self) -> dict[int, Bot]:
        return {
            i: make_bot(p.kind, bot_seed(self._seed, i, self._generation))
            for i, p in enumerate(self._players)
            if p.kind != SeatKind.HUMAN
        }

    def replace_bots(self, bots: Mapping[int, Bot]) -> None:
        """Stand other bots in (tests, a seat handed to a bot)."""
        self.bots.update(bots)

    # ------------------------------------------------------------ scheduling
    def cancel(self, renew: bool = False) -> None:
        """Drop the waiting turn and every answer still to come; with `renew`,
        the seats get new bots (after a take-back)."""
        self.token += 1
        self._timer.stop()
        self._waiting = None
        self._state = None
        self.busy = None
        if renew:
            self._generation += 1
            self.bots = self._make()

    def schedule(self, state: GameState, seat: int, short: bool) -> None:
        """`seat`'s bot is to move in `state` (the live game): it thinks after the delay."""
        self._timer.stop()
        self._waiting = _Turn(self.token, seat)
        self._state = state
        if self.paused:
            return
        delay = min(self.delay_ms, SHORT_DELAY_MS) if short else self.delay_ms
        self.thinking.emit(seat)
        self._timer.start(delay)

    def resume(self) -> None:
        """Paused no longer: a waiting turn goes ahead."""
        turn, state = self._waiting, self._state
        if turn is not None and state is not None and turn.token == self.token:
            self.schedule(state, turn.seat, short=False)

    def _go(self) -> None:
        turn, state = self._waiting, self._state
        self._waiting = None
        if turn is None or state is None or turn.token != self.token or self.paused or state.is_over:
            return
        bot = self.bots.get(turn.seat)
        if bot is None:
            return
        view = state.view_for(turn.seat)
        self.busy = turn.seat
        seat = turn.seat
        worker.start(self.token, lambda: (seat, bot.choose(view)), self._signals)

    def _done(self, token: int, result: object) -> None:
        if token != self.token:
            return
        self.busy = None
        seat, action = result if isinstance(result, tuple) and len(result) == 2 else (-1, result)
        self.chosen.emit(token, seat, action)

    def _failed(self, token: int, text: str) -> None:
        if token != self.token:
            return
        seat = self.busy if self.busy is not None else -1
        self.busy = None
        self.failed.emit(token, seat, text)


__all__ = ["Action", "BotScheduler", "DEFAULT_DELAY_MS", "SHORT_DELAY_MS", "bot_seed"]
