"""Seconds to analyse a complete 3-player game (every player's main actions).

    python3 benchmarks/analysis.py [--games N] [--edition original] [--players 3] [--bot medium]
    python3 benchmarks/analysis.py --record FILE [--max-decisions 50]

Games are played by medium bots (seeds 0, 1, ...) and analysed as
``bigcity-cli analyze GAME`` does (hard bot, analysis seed 0), one core.
Target: 60 s or less per game. Prints, per game, the decisions analysed,
the seconds, the seconds per decision and the total loss per player.

With ``--record FILE`` (say the 200,000-action record of
``scripts/hostile_inputs.py record``) it times the stages of analysing
that record: reading it, finding its main actions, and the first
``--max-decisions`` decisions, with the seconds per decision at the start
and at the end of the record (the analysis keeps a bounded past, so the
two are alike however long the record is).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bigcity_desktop.bots import make_bot
from bigcity_desktop.bots.analysis import analyse
from bigcity_desktop.engine import GameState

TARGET_SECONDS = 60.0


def play(edition: str, players: int, seed: int, bot: str) -> GameState:
    state = GameState.new(edition, players, seed)
    bots = [make_bot(bot, seed * 10 + i) for i in range(players)]
    while not state.is_over:
        state.apply(bots[state.current_player].choose(state.view_for(state.current_player)))
    return state


def long_record(path: str, count: int) -> int:
    from bigcity_desktop.bots.analysis import decision_indices
    from bigcity_desktop.engine.record import read_record
    from bigcity_desktop.engine.timeline import fresh_start

    t0 = time.process_time()
    game = read_record(path)
    t1 = time.process_time()
    state = game.state
    targets = decision_indices(state)
    t2 = time.process_time()
    print(
        f"{path}: {len(state.history):,} actions read in {t1 - t0:.1f} s; {len(targets):,} main actions found in {t2 - t1:.1f} s"
    )
    result = analyse(state, max_decisions=count)
    t3 = time.process_time()
    each_first = (t3 - t2) / max(1, count)
    # the same number of decisions from the end of the record
    late = targets[-count] if len(targets) >= count else targets[0]
    start = fresh_start(state)
    for a in state.history[:late]:
        start.apply_unchecked(a)
    t4 = time.process_time()
    analyse(state, start=start, max_decisions=count)
    t5 = time.process_time()
    each_last = (t5 - t4) / max(1, count)
    print(
        f"first {len(result.decisions)} decisions: {each_first:.3f} s each; last {count}: {each_last:.3f} s each "
        f"(ratio {each_last / each_first:.2f})"
    )
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--edition", default="original")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--bot", default="medium", help="the bot playing the games that are analysed")
    ap.add_argument("--record", default=None, help="time the analysis of this record instead")
    ap.add_argument("--max-decisions", type=int, default=50)
    args = ap.parse_args()
    if args.record:
        return long_record(args.record, args.max_decisions)
    times = []
    for seed in range(args.games):
        state = play(args.edition, args.players, seed, args.bot)
        t0 = time.perf_counter()
        result = analyse(state)
        dt = time.perf_counter() - t0
        times.append(dt)
        n = len(result.decisions)
        losses = ", ".join(f"{p.total_loss:.0f}" for p in result.players)
        print(
            f"{args.edition} {args.players}p seed {seed}: {len(state.history)} actions, round {state.round}, "
            f"{n} decisions analysed in {dt:.1f} s ({dt / max(n, 1):.3f} s each); loss per player {losses}"
        )
    worst = max(times)
    print(
        f"analysis of a whole game: mean {statistics.mean(times):.1f} s, max {worst:.1f} s "
        f"(target {TARGET_SECONDS:.0f} s: {'met' if worst <= TARGET_SECONDS else 'NOT met'})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
