"""Hard against medium heads-up on paired deals: every seed is played twice,
the hard bot in seat 0 and then in seat 1 (the same deal, the same stacks),
so a deal that decides the game whoever plays it shows as such.

    python3 scripts/paired_match.py EDITION FIRST_SEED COUNT WORKERS [--omniscient]

--omniscient hands the hard bot the full state (every hand and the order of
the stacks) instead of its view: an experiment on what the hidden
information is worth, never a way to play. Prints one JSON object: the
seeds hard won from both seats, medium won from both, the seat decided
(each bot won from the same seat), the rest (ties), hard's win rate with
its 95% Wilson interval (over games) and its mean margin with a 95%
interval (over seeds: the two games of a deal are one paired sample).
"""

from __future__ import annotations

import json
import math
import multiprocessing as mp
import statistics
import sys

from bigcity_desktop.bots.base import Bot
from bigcity_desktop.bots.hard import HardBot
from bigcity_desktop.bots.medium import MediumBot
from bigcity_desktop.bots.tournament import wilson
from bigcity_desktop.engine import GameState

Job = tuple[str, int, int, bool]  # edition, seed, hard's seat, omniscient


def play(job: Job) -> tuple[int, int, float, int]:
    """One game: (seed, hard's seat, hard's share of the win, hard's margin)."""
    edition, seed, hseat, omniscient = job
    state = GameState.new(edition, 2, seed)
    bots: list[Bot] = [MediumBot(seed * 31 + 2), MediumBot(seed * 31 + 2)]
    bots[hseat] = HardBot(seed * 31 + 1)
    while not state.is_over:
        p = state.current_player
        seen = state.clone() if omniscient and p == hseat else state.view_for(p)
        state.apply(bots[p].choose(seen))
    winners = state.winners()
    share = 1.0 / len(winners) if hseat in winners else 0.0
    return seed, hseat, share, state.scores[hseat] - state.scores[1 - hseat]


def main() -> None:
    omniscient = "--omniscient" in sys.argv
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    edition, first, count, workers = args[0], int(args[1]), int(args[2]), int(args[3])
    jobs: list[Job] = [(edition, s, h, omniscient) for s in range(first, first + count) for h in (0, 1)]
    with mp.get_context("spawn").Pool(workers) as pool:
        res = []
        for r in pool.imap(play, jobs):  # each game on stderr as it ends (a cut-short run keeps them)
            res.append(r)
            print(
                json.dumps({"seed": r[0], "hard_seat": r[1], "hard_share": r[2], "hard_margin": r[3]}), file=sys.stderr
            )
    by: dict[int, dict[int, float]] = {}
    margins: dict[int, list[float]] = {}
    for seed, h, share, margin in res:
        by.setdefault(seed, {})[h] = share
        margins.setdefault(seed, []).append(margin)
    per_seed = [sum(m) / len(m) for m in margins.values()]
    mean_margin = statistics.fmean(per_seed)
    half = 1.96 * statistics.stdev(per_seed) / math.sqrt(len(per_seed)) if len(per_seed) > 1 else math.inf
    wins = sum(r[2] for r in res)
    lo, hi = wilson(wins, len(res))
    both_h = sum(1 for d in by.values() if d[0] == 1 and d[1] == 1)
    both_m = sum(1 for d in by.values() if d[0] == 0 and d[1] == 0)
    seat = sum(1 for d in by.values() if {d[0], d[1]} == {0.0, 1.0})
    out = {
        "edition": edition,
        "seeds": count,
        "omniscient": omniscient,
        "hard_wins_both": both_h,
        "medium_wins_both": both_m,
        "seat_decides": seat,
        "other": count - both_h - both_m - seat,
        "games": len(res),
        "hard_winrate": round(wins / len(res), 3),
        "hard_winrate_95": [round(lo, 3), round(hi, 3)],
        "mean_margin": round(mean_margin, 2),
        "mean_margin_95": [round(mean_margin - half, 2), round(mean_margin + half, 2)],
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
