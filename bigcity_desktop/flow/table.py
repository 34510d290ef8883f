"""TableFlow: the turns of one table, for any host (the app, the server).

The flow holds the whole :class:`~bigcity_desktop.engine.GameState` and the
table's players. A person's move is checked once and applied by
:meth:`TableFlow.play`. When a bot is to move, :meth:`TableFlow.bot_turn`
says what is to be decided: the seat, that seat's view only, the bot's level
and its seed (:func:`bot_seed`, the one formula). The host thinks it its own
way (the app on a worker thread, the server in a worker process, each after
its delay) and hands the answer back to :meth:`TableFlow.bot_chose` or, when
the bot failed, :meth:`TableFlow.bot_failed`; an answer to a turn that is no
longer the table's is dropped. A bot that fails, or chooses an illegal move,
has the random bot play for it, on the same view with the same seed.

A bot's seed depends on the game's seed, its seat, the number of moves
played and the bot generation (the app deals a new one with each take-back),
so a game's record (its seed and moves) gives the same bot moves again: a
game resumed from its file, or played at a server, goes on as it would have.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bigcity_desktop.bots import Bot, make_bot
from bigcity_desktop.engine import DRAW_PHASES, Action, GameState, Phase
from bigcity_desktop.engine.messages import Refusal
from bigcity_desktop.engine.record import LoadedGame, PlayerInfo
from bigcity_desktop.engine.seats import SeatKind

#: the bot that plays for a seat whose bot failed or chose an illegal move
FALLBACK_LEVEL = "random"
_AT_STEP = 1_000_003
_GENERATION_STEP = 1 << 40
_SEEDS = 2**62


def bot_seed(game_seed: int | None, seat: int, at: int, generation: int = 0) -> int:
    """The seed of `seat`'s bot for its decision after `at` moves (in bot
    generation `generation`)."""
    return ((game_seed or 0) + _AT_STEP * at + seat + _GENERATION_STEP * generation) % _SEEDS


def seat_bot(level: str, seed: int) -> Bot:
    """A fresh bot of `level` for one decision (ValueError for an unknown level)."""
    return make_bot(level, seed)


def reseed(bot: Bot, seed: int) -> None:
    """Give a bot kept from decision to decision the seed of the next one: it
    then chooses as a fresh bot with that seed would (its own memory aside)."""
    bot.seed = seed
    bot.rng.seed(seed)


def short_decision(state: GameState) -> bool:
    """A quick decision (a draw, a second streetcar): the hosts wait less before it."""
    return state.phase in DRAW_PHASES or state.phase == Phase.STREETCAR


class Problem(StrEnum):
    """Why a person's move is not played (the values are the network protocol's refusal codes)."""

    OVER = "over"
    NOT_YOUR_TURN = "not_your_turn"
    STALE = "stale"  # made on a view the game has moved on from
    ILLEGAL = "illegal"


@dataclass(frozen=True)
class Refused:
    """A move not played: the problem, and for an illegal move the engine's sentence."""

    problem: Problem
    reason: Refusal | None = None


@dataclass(frozen=True)
class BotTurn:
    """A bot decision to be made: the host thinks it, then hands the answer back."""

    seat: int
    level: str
    seed: int
    at: int  # the moves played before it
    generation: int
    view: GameState  # the seat's view: all the bot may know
    short: bool  # a quick decision (see short_decision)


class Fallback(StrEnum):
    """Why the random bot played for a seat's bot."""

    FAILED = "failed"  # the bot raised, or its worker broke
    ILLEGAL = "illegal"  # it returned an illegal move, or no move at all


@dataclass(frozen=True)
class BotMove:
    """A bot's move as it was played (by the fallback, when `fallback` is set)."""

    seat: int
    action: Action
    fallback: Fallback | None = None
    reason: str = ""  # the failure's first line, or the engine's sentence for the illegal move


class TableFlow:
    """The game of one table and the rules of its flow (see the module text)."""

    def __init__(self, state: GameState, players: Sequence[PlayerInfo], generation: int = 0) -> None:
        if state.viewer is not None:
            raise ValueError("a player's view cannot be played on; give the full game state")
        if len(players) != state.n:
            raise ValueError("one PlayerInfo per player")
        self.state = state
        self.players = list(players)
        self.generation = generation

    # ------------------------------------------------------------ facts
    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def current(self) -> int:
        """The seat to move."""
        return self.state.current_player

    def is_bot(self, seat: int) -> bool:
        return self.players[seat].kind != SeatKind.HUMAN

    def humans(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if p.kind == SeatKind.HUMAN]

    @property
    def hot_seat(self) -> bool:
        """Two or more people share this table's one screen (in the app)."""
        return len(self.humans()) >= 2

    def pass_to(self, shown: int | None) -> int | None:
        """Hot seat: the person to move while the screen shows another hand
        (or none): the screen is passed to them first. None otherwise."""
        if self.is_over or not self.hot_seat:
            return None
        p = self.current
        return None if self.is_bot(p) or p == shown else p

    def hand_to_bot(self, seat: int, level: str) -> None:
        """A bot of `level` plays `seat` from now on."""
        p = self.players[seat]
        self.players[seat] = PlayerInfo(p.name, level, p.colour)

    def record(self, extra: dict[str, Any] | None = None) -> LoadedGame:
        """The game as a record holds it (its end, once it is over)."""
        return LoadedGame(self.state, list(self.players), extra=dict(extra or {}))

    # ------------------------------------------------------------ people
    def refusal(self, seat: int, action: Action, at: int | None = None) -> Refused | None:
        """Why `seat` may not play `action` now (on a view of `at` moves), or None."""
        s = self.state
        if s.is_over:
            return Refused(Problem.OVER)
        if seat != s.current_player:
            return Refused(Problem.NOT_YOUR_TURN)
        if at is not None and at != len(s.history):
            return Refused(Problem.STALE)
        reason = s.check(action, seat)
        return None if reason is None else Refused(Problem.ILLEGAL, reason)

    def play(self, seat: int, action: Action, at: int | None = None) -> Refused | None:
        """Check `seat`'s move once and play it; None when it was played."""
        refused = self.refusal(seat, action, at)
        if refused is None:
            self.state.apply_unchecked(action)
        return refused

    # ------------------------------------------------------------ bots
    def bot_turn(self) -> BotTurn | None:
        """The bot decision the table waits for, or None (a person's turn, the end)."""
        s = self.state
        if s.is_over:
            return None
        p = s.current_player
        if not self.is_bot(p):
            return None
        at = len(s.history)
        seed = bot_seed(s.seed, p, at, self.generation)
        return BotTurn(p, self.players[p].kind, seed, at, self.generation, s.view_for(p), short_decision(s))

    def waits_for(self, turn: BotTurn) -> bool:
        """The table still waits for this decision (no move, take-back or hand-over since)."""
        s = self.state
        return (
            not s.is_over
            and len(s.history) == turn.at
            and s.current_player == turn.seat
            and self.is_bot(turn.seat)
            and turn.generation == self.generation
        )

    def bot_chose(self, turn: BotTurn, choice: object) -> BotMove | None:
        """Play what the bot returned for `turn` (the fallback's move when it is
        not a legal action); None when the table no longer waits for it."""
        if not self.waits_for(turn):
            return None
        if isinstance(choice, Action):
            reason: str | None = self.state.check(choice, turn.seat)
            if reason is None:
                self.state.apply_unchecked(choice)
                return BotMove(turn.seat, choice)
        else:
            reason = f"not an action: {choice!r}"
        return self._fall_back(turn, Fallback.ILLEGAL, reason)

    def bot_failed(self, turn: BotTurn, error: str) -> BotMove | None:
        """The bot for `turn` failed (`error`: what it raised): the fallback
        plays; None when the table no longer waits for it."""
        if not self.waits_for(turn):
            return None
        return self._fall_back(turn, Fallback.FAILED, (error.splitlines() or [""])[0])

    def _fall_back(self, turn: BotTurn, why: Fallback, reason: str) -> BotMove:
        s = self.state
        action = seat_bot(FALLBACK_LEVEL, turn.seed).choose(turn.view)
        if s.check(action, turn.seat) is not None:  # pragma: no cover - it picks among the view's legal moves
            action = s.legal_actions()[0]
        s.apply_unchecked(action)
        return BotMove(turn.seat, action, why, reason)
