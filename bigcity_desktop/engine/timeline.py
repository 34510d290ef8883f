"""A game's positions one by one: rebuilding a state from a shortened
history (take-backs) and stepping through a whole game (the replay viewer).

A game is its seed and its actions, so position ``k`` (after the first ``k``
actions) is rebuilt exactly by replaying them from the start. A
:class:`Timeline` keeps a copy of the state every so many actions
(checkpoints), so any position is a few replayed actions away, and it knows
for each position how many log events and score-history entries existed
then, and which round it was.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field

from .actions import Action
from .phases import DRAW_PHASES
from .state import GameState


class TimelineCancelled(Exception):
    """Building a timeline was cancelled through its progress callback."""


def fresh_start(state: GameState) -> GameState:
    """The game's position before its first action (same seed, players, start city)."""
    if state.seed is None:
        raise ValueError("a player's view has no seed and cannot be replayed")
    return GameState.new(state.rules, state.n, state.seed, list(state.names), start_city=state.start_city)


def rebuild(state: GameState, length: int) -> GameState:
    """The full state after the first `length` actions of `state`'s history,
    replayed from the seed: what the game would be had it stopped there."""
    if not 0 <= length <= len(state.history):
        raise ValueError(f"position {length} is outside the game (0 to {len(state.history)})")
    s = fresh_start(state)
    for a in state.history[:length]:
        s.apply(a)
    return s


@dataclass
class Timeline:
    """Every position of one game, from 0 (before the first action) to
    ``len(actions)`` (the position reached)."""

    start: GameState
    actions: list[Action]
    actors: list[int]
    #: log events that existed at each position (index = position)
    event_counts: list[int]
    #: score-history entries that existed at each position
    score_counts: list[int]
    #: the round under way at each position
    rounds: list[int]
    final: GameState
    every: int = 64
    checkpoints: dict[int, GameState] = field(default_factory=dict)

    @classmethod
    def build(
        cls, final: GameState, every: int | None = None, progress: Callable[[int, int], bool | None] | None = None
    ) -> Timeline:
        """Replay `final`'s history once, keeping a checkpoint every `every`
        actions (by default about 200 checkpoints at most). `progress(done,
        total)` is called now and then; returning False cancels
        (:class:`TimelineCancelled`)."""
        total = len(final.history)
        if every is None:
            every = max(64, total // 200 + 1)
        s = fresh_start(final)
        start = s.clone()
        tl = cls(start, list(final.history), list(final.actors), [], [], [], final, every)
        tl.checkpoints[0] = start
        tl._note(s)
        step = max(1, total // 100)
        for i, a in enumerate(final.history):
            if progress is not None and i % step == 0 and progress(i, total) is False:
                raise TimelineCancelled("cancelled")
            s.apply(a)
            tl._note(s)
            if (i + 1) % every == 0:
                tl.checkpoints[i + 1] = s.clone()
        tl.checkpoints[total] = s
        if progress is not None:
            progress(total, total)
        return tl

    def _note(self, s: GameState) -> None:
        self.event_counts.append(len(s.events))
        self.score_counts.append(len(s.score_history))
        self.rounds.append(s.round)

    @property
    def length(self) -> int:
        """The last position (the number of actions)."""
        return len(self.actions)

    def state_at(self, k: int) -> GameState:
        """A fresh copy of the full state at position `k` (callers may change it)."""
        if not 0 <= k <= self.length:
            raise ValueError(f"position {k} is outside the game (0 to {self.length})")
        base = max(c for c in self.checkpoints if c <= k)
        s = self.checkpoints[base].clone()
        for a in self.actions[base:k]:
            s.apply_unchecked(a)
        return s

    def round_of(self, k: int) -> int:
        return self.rounds[k]

    def first_of_round(self, rnd: int) -> int:
        """The first position of round `rnd` (the nearest existing round)."""
        return min(bisect_left(self.rounds, rnd), self.length)

    def last_round(self) -> int:
        return self.rounds[-1] if self.rounds else 1

    def position_of_event(self, row: int) -> int:
        """The position right after log event `row` was written."""
        return min(bisect_right(self.event_counts, row), self.length)


def decision_points(state: GameState, seats: set[int] | frozenset[int]) -> list[int]:
    """The indices of `state`'s history where one of `seats` made a real
    choice: every action of theirs but a draw from the only stack that could
    be drawn from (which the game makes for them). Taking back to such an
    index gives that player the same choice again."""
    if not seats:
        return []
    s = fresh_start(state)
    out = []
    for i, a in enumerate(state.history):
        if state.actors[i] in seats and not (s.phase in DRAW_PHASES and len(s.legal_draw_stacks()) <= 1):
            out.append(i)
        s.apply_unchecked(a)
    return out
