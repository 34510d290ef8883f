"""Do bot-only games end well? City Hall built, no dead rounds at the end.

    python3 benchmarks/endgames.py [--games 500] [--editions original,jumbo]
        [--players 3,4] [--levels easy,medium,hard] [--seed 0] [--workers 2]

For each edition and table size, plays `--games` seeded games; in game g
every seat gets a level drawn (seeded by g) from `--levels`, so all levels
meet in every mix. Prints, per table: how many games built City Hall, the
median number of rounds, and the rounds after the last score change
(median and maximum), plus the seeds of the worst games, so that any
failure can be replayed with `bigcity-cli tournament --seed S --games 1`
and the same bot list.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bigcity_desktop.bots.tournament import GameResult, play_game


def table(levels: list[str], players: int, game: int) -> list[str]:
    rng = random.Random(f"table-{players}-{game}")
    return [rng.choice(levels) for _ in range(players)]


def _one(args: tuple[str, list[str], int]) -> tuple[list[str], GameResult]:
    edition, names, seed = args
    return names, play_game(edition, names, seed, 0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--editions", default="original,jumbo")
    ap.add_argument("--players", default="3,4")
    ap.add_argument("--levels", default="easy,medium,hard")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    levels = args.levels.split(",")
    print(f"levels drawn per seat from {levels}; {args.games} games per row")
    print(
        f"{'edition':<10}{'players':>8}{'City Hall':>12}{'rounds':>8}{'dead median':>13}{'dead max':>10}  worst seeds"
    )
    for edition in args.editions.split(","):
        for players in (int(x) for x in args.players.split(",")):
            jobs = [(edition, table(levels, players, g), args.seed + g) for g in range(args.games)]
            t0 = time.perf_counter()
            if args.workers > 1:
                import multiprocessing as mp

                with mp.get_context("spawn").Pool(args.workers) as pool:
                    results = pool.map(_one, jobs, chunksize=4)
            else:
                results = [_one(j) for j in jobs]
            halls = sum(r.city_hall_built for _, r in results)
            rounds = [r.rounds for _, r in results]
            dead = [r.rounds - r.last_scoring_round for _, r in results]
            worst = sorted(((d, r.seed, names) for d, (names, r) in zip(dead, results)), reverse=True)[:3]
            worst_txt = "; ".join(f"{s} {','.join(n)} ({d})" for d, s, n in worst)
            no_hall = [r.seed for _, r in results if not r.city_hall_built][:5]
            print(
                f"{edition:<10}{players:>8}{halls:>7}/{len(results):<4}{statistics.median(rounds):>8.0f}"
                f"{statistics.median(dead):>13.1f}{max(dead):>10}  {worst_txt}"
                + (f"  no City Hall: {no_hall}" if no_hall else "")
                + f"  [{time.perf_counter() - t0:.0f} s]",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
