"""The end of a game as its end view shows it (issue 46.8), Qt-free: the
places on the podium, each player's best move of the game and the score
race, read from a finished game's public log (what every seat saw).

Also the home view's picture (issue 46.9): a finished city, played out
quickly by a fixed seed (:func:`showcase_city`), so that the box opens on
a city rather than an empty table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bigcity_desktop.engine import ActionKind, Build, GameState
from bigcity_desktop.engine.city import City
from bigcity_desktop.engine.phases import Event, EventKind

#: the home view's city: this seed of the original edition, three seats
SHOWCASE_SEED = 7


@dataclass(frozen=True)
class Place:
    """One step of the podium: `place` (1 for the winners; equal scores share
    a place), the player and the score."""

    place: int
    player: int
    score: int


@dataclass(frozen=True)
class BestMove:
    """A player's best move of the game: the build that scored most (the
    first of equals), its round and the log's event (its sentence and facts)."""

    player: int
    round: int
    score: int
    event: Event


@dataclass(frozen=True)
class ScoreRace:
    """The scores after each round, one tuple per round (the first all zero,
    the last the final scores): what the end view's chart draws growing."""

    rounds: tuple[int, ...]
    scores: tuple[tuple[int, ...], ...]  # scores[i][p]: player p after rounds[i]

    @property
    def top(self) -> int:
        return max((max(s) for s in self.scores), default=0)


@dataclass(frozen=True)
class Ending:
    """What the end view shows of a finished game."""

    podium: tuple[Place, ...]
    best: tuple[BestMove | None, ...]  # per player; None: the player never built
    race: ScoreRace


def _score(e: Event) -> int:
    value = e.extra.get("score", 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def best_moves(events: list[Event], n: int) -> tuple[BestMove | None, ...]:
    """Each player's build that scored most (the earliest of equals)."""
    best: list[BestMove | None] = [None] * n
    for e in events:
        if e.kind != EventKind.BUILD or e.player is None or not 0 <= e.player < n:
            continue
        score = _score(e)
        held = best[e.player]
        if held is None or score > held.score:
            best[e.player] = BestMove(e.player, e.round, score, e)
    return tuple(best)


def score_race(events: list[Event], final: list[int], last_round: int) -> ScoreRace:
    """The scores at the end of each round, from the builds of the log; the
    last step is the final scores at `last_round` (points booked outside a
    build, where a house rule has them, arrive there)."""
    n = len(final)
    now = [0] * n
    rounds: list[int] = [0]
    steps: list[tuple[int, ...]] = [tuple(now)]
    current = None
    for e in events:
        if e.kind != EventKind.BUILD or e.player is None or not 0 <= e.player < n:
            continue
        if current is not None and e.round != current:
            rounds.append(current)
            steps.append(tuple(now))
        current = e.round
        now[e.player] += _score(e)
    rounds.append(max(last_round, current or 0))
    steps.append(tuple(final))
    return ScoreRace(tuple(rounds), tuple(steps))


def ending(state: GameState) -> Ending:
    """The podium, the best moves and the race of a finished game (any
    seat's view of it will do: only the public log and scores are read)."""
    podium = tuple(Place(place, p, score) for place, p, score in state.ranking())
    return Ending(podium, best_moves(state.events, state.n), score_race(state.events, list(state.scores), state.round))


def showcase_city(seed: int = SHOWCASE_SEED, edition: str = "original") -> City:
    """A finished city for the home view's picture: a game of three seats
    played out at once, each turn the biggest building it may put up (a
    full, varied skyline; about 0.1 s)."""
    state = GameState.new(edition, 3, seed, ["A", "B", "C"])
    rng = random.Random(seed)
    for _ in range(2000):
        if state.is_over:
            break
        kinds = state.legal_kinds()
        if ActionKind.BUILD in kinds:
            builds = [b for b in state.legal_actions(ActionKind.BUILD) if isinstance(b, Build)]
            size = max(len(b.properties) for b in builds)
            state.apply(rng.choice([b for b in builds if len(b.properties) == size]))
        else:
            state.apply(rng.choice(state.legal_actions(rng.choice(kinds))))
    return state.city
