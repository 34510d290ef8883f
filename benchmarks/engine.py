"""Engine speed against python-chess, measured interleaved in one process.

Run: ``make bench`` or ``.venv/bin/python benchmarks/engine.py [--rounds N]``
(python-chess comes with the ``bench`` extra: ``pip install -e '.[bench]'``;
without it the ratios are left out). Everything runs in this one process, on
one core, in CPU time of the process (``time.process_time``), so other
programs on a shared machine do not count; the two engines take turns in
short rounds, so a slower or busier stretch of the machine slows both alike
and the ratio is the figure to trust (issue 22).

Every round is played twice, with the cycle collector as every program of
the app sets it (``engine/collector.py``: a young threshold of 100,000) and
with Python's default thresholds, in turn first; the ratio with the app's
setting is the figure the target is written for, the other shows what the
setting is worth (python-chess runs under both alike). The per-decision
figures are taken with the app's setting.

It prints, per round and as the median over the rounds:

* **playouts**: random games of the original edition at 4 players, at every
  decision the full ``legal_actions()``, then a random kind of move and a
  random move of it (``apply_unchecked``, as a search plays the moves it
  generated); actions per second, against python-chess random games
  (``list(board.legal_moves)``, a random move, ``push``) in plies per second;
  and the same games with a ``clone()`` before every action (what the clone
  costs a search, as a change of the actions per second);
* **main-action ``legal_actions()``**: the time of the first call at each
  main-action decision of those games, as the playout reaches it (what the
  generator has cached for earlier positions of the same city stays, as in
  play), median and 90th percentile, both editions;
* **``clone()``**: at every decision of those games, median per tenth of the
  game (the worst tenth is the figure: a clone must not grow with the game).

Targets (issue 22): playouts >= 1.0x python-chess, main-action
``legal_actions()`` <= 0.1 ms median, ``clone()`` <= 20 us median at any
point of a game.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bigcity_desktop.engine import GameState, Phase
from bigcity_desktop.engine.collector import tune_collector

chess: Any
try:  # the `bench` extra
    chess = importlib.import_module("chess")
except ImportError:  # pragma: no cover - the ratios need it
    chess = None

cpu = time.process_time
cpu_ns = time.process_time_ns


def bigcity_playouts(edition: str, players: int, games: int, seed: int, clone: bool = False) -> tuple[int, float]:
    """(actions, CPU seconds) of `games` random games, full legal_actions() at
    every decision (`clone`: and a clone() of the state before each, as a
    search keeps the position it explores from)."""
    actions = 0
    t0 = cpu()
    for g in range(games):
        s = GameState.new(edition, players, seed + g)
        rng = random.Random(seed + g)
        while not s.is_over:
            if clone:
                s = s.clone()
            s.legal_actions()
            kind = rng.choice(s.legal_kinds())
            s.apply_unchecked(rng.choice(s.legal_actions(kind)))
            actions += 1
    return actions, cpu() - t0


def chess_playouts(games: int, seed: int) -> tuple[int, float]:
    """(plies, CPU seconds) of `games` random games of python-chess."""
    assert chess is not None
    plies = 0
    t0 = cpu()
    for g in range(games):
        rng = random.Random(seed + g)
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return plies, cpu() - t0


def decision_costs(edition: str, players: int, games: int, seed: int) -> tuple[list[float], list[list[float]]]:
    """Main-action legal_actions() times (s) and clone() times (s) by tenth of the game."""
    legal: list[float] = []
    tenths: list[list[float]] = [[] for _ in range(10)]
    for g in range(games):
        s = GameState.new(edition, players, seed + g)
        rng = random.Random(seed + g)
        clones: list[float] = []
        while not s.is_over:
            if s.phase == Phase.ACTION:
                t0 = cpu_ns()
                s.legal_actions()
                legal.append((cpu_ns() - t0) / 1e9)
            t0 = cpu_ns()
            for _ in range(10):
                s.clone()
            clones.append((cpu_ns() - t0) / 1e10)
            kind = rng.choice(s.legal_kinds())
            s.apply_unchecked(rng.choice(s.legal_actions(kind)))
        for i, c in enumerate(clones):
            tenths[min(9, i * 10 // len(clones))].append(c)
    return legal, tenths


@dataclass
class Figures:
    """One collector setting's figures, round by round."""

    rates: list[float] = field(default_factory=list)
    clone_costs: list[float] = field(default_factory=list)
    ratios: list[float] = field(default_factory=list)
    #: actions, seconds, plies, seconds over every round
    totals: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0, 0.0])


def play_round(games: int, chess_games: int) -> tuple[int, float, int, float, int, float]:
    """One round: (actions, seconds) of Big City playouts without and with
    clones, and (plies, seconds) of python-chess, the games in turn."""
    acts, dt, cacts, cdt, plies, dc = 0, 0.0, 0, 0.0, 0, 0.0
    for g in range(max(games, chess_games)):
        if g < games:
            # with and without clones in turn first, so neither gains from going second
            for with_clone in (False, True) if g % 2 == 0 else (True, False):
                a, d = bigcity_playouts("original", 4, 1, 1000 + g, clone=with_clone)
                if with_clone:
                    cacts, cdt = cacts + a, cdt + d
                else:
                    acts, dt = acts + a, dt + d
        if chess is not None and g < chess_games:
            p, c = chess_playouts(1, 5000 + g)
            plies, dc = plies + p, dc + c
    return acts, dt, cacts, cdt, plies, dc


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=10, help="interleaved rounds (default 10)")
    ap.add_argument("--games", type=int, default=8, help="Big City games a round (default 8)")
    ap.add_argument("--chess-games", type=int, default=8, help="chess games a round (default 8)")
    ap.add_argument("--decision-games", type=int, default=30, help="games for the per-decision figures (default 30)")
    args = ap.parse_args()
    t_core = cpu()
    sum(range(10**6))
    print(f"core: sum(range(10**6)) {1000 * (cpu() - t_core):.1f} ms CPU")
    if chess is None:
        print("python-chess is not installed (pip install -e '.[bench]'): no ratios")
    print(
        f"{'round':>5} {'collector':>9} {'Big City actions/s':>19} {'with clone()':>13} {'chess plies/s':>14} {'ratio':>6}"
    )
    figures: dict[bool, Figures] = {True: Figures(), False: Figures()}
    for r in range(args.rounds):
        # both collector settings every round, in turn first, so neither gains from going second
        for tuned in (True, False) if r % 2 == 0 else (False, True):
            f = figures[tuned]
            saved = gc.get_threshold()
            if tuned:
                tune_collector()
            try:
                acts, dt, cacts, cdt, plies, dc = play_round(args.games, args.chess_games)
            finally:
                gc.set_threshold(*saved)
            f.rates.append(acts / dt)
            f.totals = [f.totals[0] + acts, f.totals[1] + dt, f.totals[2] + plies, f.totals[3] + dc]
            f.clone_costs.append((cacts / cdt) / (acts / dt) - 1)
            row: list[Any] = [r + 1, "app" if tuned else "default", f"{acts / dt:,.0f}", f"{cacts / cdt:,.0f}"]
            if chess is not None:
                ratio = (acts / dt) / (plies / dc)
                f.ratios.append(ratio)
                row += [f"{plies / dc:,.0f}", f"{ratio:.2f}"]
            print(" ".join(f"{x:>{w}}" for x, w in zip(row, (5, 9, 19, 13, 14, 6))))
    for tuned, label in ((True, "the collector as the app sets it"), (False, "Python's default collector thresholds")):
        f = figures[tuned]
        print(
            f"playouts (original, 4 players), {label}: median {statistics.median(f.rates):,.0f} actions/s; "
            f"with a clone() before every action {100 * statistics.median(f.clone_costs):+.0f}%"
        )
        a, d, p, c = f.totals
        if f.ratios:
            print(
                f"  / python-chess: median ratio {statistics.median(f.ratios):.2f} "
                f"(rounds {min(f.ratios):.2f}-{max(f.ratios):.2f}; "
                f"all the rounds' actions and plies together {(a / d) / (p / c):.2f}"
                + ("; target >= 1.0)" if tuned else ")")
            )
    tune_collector()  # the per-decision figures as in the app
    print()
    print(
        f"{'edition':9} {'players':>7} {'legal_actions() main median ms':>31} {'p90 ms':>7} "
        f"{'clone() median us by tenth of the game':>40}"
    )
    worst_legal = 0.0
    worst_clone = 0.0
    for edition in ("original", "jumbo"):
        for players in (2, 4):
            legal, tenths = decision_costs(edition, players, args.decision_games, 7000)
            med = statistics.median(legal) * 1000
            worst_legal = max(worst_legal, med)
            by_tenth = [statistics.median(t) * 1e6 for t in tenths if t]
            worst_clone = max(worst_clone, max(by_tenth))
            print(
                f"{edition:9} {players:>7} {med:>31.3f} {pct(legal, 0.9) * 1000:>7.3f} "
                f"{' '.join(f'{x:.1f}' for x in by_tenth):>40}"
            )
    print(
        f"worst median: legal_actions() at a main action {worst_legal:.3f} ms (target <= 0.1), "
        f"clone() {worst_clone:.1f} us in the worst tenth of a game (target <= 20)"
    )


if __name__ == "__main__":
    main()
