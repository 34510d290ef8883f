"""Bot tournaments: seeded games with rotating seats, and their statistics.

Game ``g`` of a tournament with seed ``S`` is the game of seed ``S + g``;
entry ``e`` of the bot list sits in seat ``(e + g) % n`` so every entry plays
every seat equally often over a multiple of ``n`` games. Every bot decides
from its player's view only.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.collector import tune_collector

from .base import Bot
from .outlook import last_scoring_round
from .registry import make_bot


@dataclass
class GameResult:
    seed: int
    seats: list[int]  # seat -> entry index
    scores: list[int]  # by entry
    winners: list[int]  # entry indices
    seconds: list[float]  # total decision time by entry (CPU seconds of the process)
    decisions: list[int]
    max_seconds: list[float]
    actions: int
    end_reason: str | None
    rounds: int = 0  # the round the game ended in
    last_scoring_round: int = 0  # the last round in which any score changed (0: none did)
    city_hall_built: bool = False

    def detail(self) -> dict[str, int | bool]:
        """The per-game figures of ``tournament --json`` (``games_detail``)."""
        return {
            "seed": self.seed,
            "rounds": self.rounds,
            "last_scoring_round": self.last_scoring_round,
            "city_hall_built": self.city_hall_built,
        }


def play_game(
    edition: str,
    names: list[str],
    seed: int,
    game_index: int,
    bot_seed: int | None = None,
    record_dir: str | None = None,
    make: Callable[[str, int], Bot] = make_bot,
) -> GameResult:
    """One game; entry e plays seat (e + game_index) % n. With `record_dir`,
    the game's record is written there (``tournament-SEED.bigcity``).
    `make` builds a bot from its entry's name and a seed (scripts pass
    variants; the default knows the levels)."""
    n = len(names)
    seat_of = [(e + game_index) % n for e in range(n)]
    entry_at = [0] * n
    for e, s in enumerate(seat_of):
        entry_at[s] = e
    state = GameState.new(edition, n, seed)
    base = seed if bot_seed is None else bot_seed
    bots = [make(names[entry_at[s]], base * 31 + s * 7919 + 1) for s in range(n)]
    secs = [0.0] * n
    count = [0] * n
    mx = [0.0] * n
    guard = 0
    while not state.is_over:
        p = state.current_player
        view = state.view_for(p)
        # the bot's own seconds: CPU time of this process (a game runs in
        # one), so a loaded machine does not show up in the figures
        t0 = time.process_time()
        action = bots[p].choose(view)
        dt = time.process_time() - t0
        e = entry_at[p]
        secs[e] += dt
        count[e] += 1
        mx[e] = max(mx[e], dt)
        state.apply(action)
        guard += 1
        if guard > 20000:  # pragma: no cover - a bot stalling the game
            raise RuntimeError(f"game of seed {seed} did not end after {guard} decisions")
    if record_dir is not None:
        from bigcity_desktop.engine.record import PlayerInfo, write_record

        seats = [PlayerInfo(f"{names[entry_at[s]].capitalize()} {s + 1}", names[entry_at[s]]) for s in range(n)]
        write_record(Path(record_dir) / f"tournament-{seed}.bigcity", state, seats, {"app": "bigcity-cli tournament"})
    scores = [state.scores[seat_of[e]] for e in range(n)]
    winners = [entry_at[w] for w in state.winners()]
    return GameResult(
        seed,
        entry_at,
        scores,
        winners,
        secs,
        count,
        mx,
        len(state.history),
        state.end_reason,
        rounds=state.round,
        last_scoring_round=last_scoring_round(state),
        city_hall_built=state.city_hall_built,
    )


def _play_args(args: tuple[str, list[str], int, int, int | None, str | None]) -> GameResult:
    return play_game(*args)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Summary:
    names: list[str]
    games: int = 0
    wins: list[float] = field(default_factory=list)
    score_sum: list[float] = field(default_factory=list)
    margin_sum: list[float] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)
    max_seconds: list[float] = field(default_factory=list)
    results: list[GameResult] = field(default_factory=list)

    def __post_init__(self) -> None:
        n = len(self.names)
        self.wins = [0.0] * n
        self.score_sum = [0.0] * n
        self.margin_sum = [0.0] * n
        self.seconds = [0.0] * n
        self.decisions = [0] * n
        self.max_seconds = [0.0] * n

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.results.append(r)
        n = len(self.names)
        for e in range(n):
            if e in r.winners:
                self.wins[e] += 1.0 / len(r.winners)
            self.score_sum[e] += r.scores[e]
            best_other = max(r.scores[q] for q in range(n) if q != e)
            self.margin_sum[e] += r.scores[e] - best_other
            self.seconds[e] += r.seconds[e]
            self.decisions[e] += r.decisions[e]
            self.max_seconds[e] = max(self.max_seconds[e], r.max_seconds[e])

    def ratings(self, orders: int = 16) -> list[float]:
        """OpenSkill (Plackett-Luce) ordinals (mu - 3 sigma), ranked by score.

        A single pass of updates depends strongly on the order of the games
        (62 wins then 38 losses rate the winner far below the loser), so
        this is the mean over `orders` passes: seed order, then fixed
        pseudo-random shuffles. Deterministic for the same results."""
        try:
            from openskill.models import PlackettLuce
        except ImportError:  # pragma: no cover
            return [float("nan")] * len(self.names)
        import random

        n = len(self.names)
        games = sorted(self.results, key=lambda r: r.seed)
        shuffler = random.Random(12345)
        sums = [0.0] * n
        model = PlackettLuce()
        for k in range(orders):
            seq = list(games)
            if k:
                shuffler.shuffle(seq)
            rs = [model.rating(name=f"{i}:{nm}") for i, nm in enumerate(self.names)]
            for r in seq:
                new = model.rate([[rs[e]] for e in range(n)], scores=[float(s) for s in r.scores])
                rs = [t[0] for t in new]
            for e in range(n):
                sums[e] += rs[e].ordinal()
        return [x / orders for x in sums]

    def rows(self) -> list[dict[str, Any]]:
        g = max(self.games, 1)
        ratings = self.ratings()
        out: list[dict[str, Any]] = []
        for e, nm in enumerate(self.names):
            lo, hi = wilson(self.wins[e], self.games)
            out.append(
                {
                    "name": nm,
                    "wins": round(self.wins[e], 3),
                    "win_rate": round(self.wins[e] / g, 4),
                    "ci_low": round(lo, 4),
                    "ci_high": round(hi, 4),
                    "mean_score": round(self.score_sum[e] / g, 2),
                    "mean_margin": round(self.margin_sum[e] / g, 2),
                    "mean_seconds": round(self.seconds[e] / max(self.decisions[e], 1), 5),
                    "max_seconds": round(self.max_seconds[e], 4),
                    "rating": round(ratings[e], 3),
                }
            )
        return out


def run_tournament(
    edition: str,
    names: list[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int, int, GameResult], None] | None = None,
    record_dir: str | None = None,
) -> Summary:
    """Play `games` games and summarise them. `progress(done, total, result)` is
    called after each game; with `record_dir` each game's record is written there."""
    summary = Summary(list(names))
    jobs = [(edition, list(names), seed + g, g, None, record_dir) for g in range(games)]
    if workers > 1 and games > 1:
        import multiprocessing as mp

        # "spawn" exists on every OS (Windows and macOS know no other safe
        # start method); the workers import the package afresh.
        ctx = mp.get_context("spawn")
        with ctx.Pool(workers, initializer=tune_collector) as pool:
            for i, r in enumerate(pool.imap(_play_args, jobs)):
                summary.add(r)
                if progress:
                    progress(i + 1, games, r)
    else:
        for i, job in enumerate(jobs):
            r = play_game(*job)
            summary.add(r)
            if progress:
                progress(i + 1, games, r)
    return summary
