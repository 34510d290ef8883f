"""Seconds per decision of each bot in mid-game positions of both editions.

    python3 benchmarks/bots.py [--positions N] [--bots random,easy,medium,hard] [--players 3,4]

Positions come from games between easy bots (seeds 0, 1, 2, ...), taken at
main-action decisions between turn 8 and turn 30 of games of each table
size; every bot decides from the position's view with a fresh instance.
Prints, per edition, table size and bot, the mean, median and maximum
seconds of a main-action decision and of a draw decision.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bigcity_desktop.bots import make_bot  # noqa: E402
from bigcity_desktop.engine import GameState, Phase  # noqa: E402


def positions(edition: str, count: int, players: int = 3):
    out: dict[str, list[GameState]] = {"action": [], "draw": []}
    seed = 0
    while len(out["action"]) < count or len(out["draw"]) < count:
        state = GameState.new(edition, players, seed)
        bots = [make_bot("easy", seed * 10 + i) for i in range(players)]
        taken = 0
        while not state.is_over and taken < 4:
            p = state.current_player
            if 8 <= state.turn_index <= 30 and state.turn_index % 3 == 0:
                if state.phase == Phase.ACTION and len(out["action"]) < count:
                    out["action"].append(state.clone())
                    taken += 1
                elif state.phase == Phase.REFILL and len(out["draw"]) < count:
                    out["draw"].append(state.clone())
                    taken += 1
            state.apply(bots[p].choose(state.view_for(p)))
        seed += 1
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--bots", default="random,easy,medium,hard")
    ap.add_argument("--players", default="3,4")
    args = ap.parse_args(argv)
    names = args.bots.split(",")
    print(
        f"{'edition':<10}{'players':>8} {'bot':<8}{'decision':<10}{'mean s':>10}{'median s':>10}{'max s':>10}{'n':>5}"
    )
    for edition, players in ((e, int(p)) for e in ("original", "jumbo") for p in args.players.split(",")):
        pos = positions(edition, args.positions, players)
        for name in names:
            for kind in ("action", "draw"):
                times = []
                for i, s in enumerate(pos[kind]):
                    bot = make_bot(name, i)
                    view = s.view_for(s.current_player)
                    t0 = time.perf_counter()
                    a = bot.choose(view)
                    times.append(time.perf_counter() - t0)
                    assert s.check(a) is None, (name, a, s.check(a))
                print(
                    f"{edition:<10}{players:>8} {name:<8}{kind:<10}{statistics.mean(times):>10.4f}"
                    f"{statistics.median(times):>10.4f}{max(times):>10.4f}{len(times):>5}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
