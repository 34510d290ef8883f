"""Seconds per decision of each bot, in mid-game positions of both editions.

    python3 benchmarks/bots.py [--positions N] [--bots random,easy,medium,hard] [--players 2,4]
    python3 benchmarks/bots.py --rules FILE [--players 8] [--positions N] [--bots hard]
    python3 benchmarks/bots.py --rules FILE --game [--players 8] [--max-actions 5000]

Positions come from games between easy bots (seeds 0, 1, 2, ...), taken at
main-action decisions between turn 8 and turn 30; every bot decides from
the position's view with a fresh instance. Prints, per edition, table size
and bot, the mean, median and maximum CPU seconds (this process's, so that
other programs on a shared machine do not count) of a main-action decision
and of a draw decision, then the mean and maximum of every bot's main
actions over all tables.

With ``--rules FILE`` (house rules, e.g. ``scripts/hostile_inputs.py rules
FILE`` at the validator's limits) the positions are of every kind a game
has (setup, main action, second streetcar, draws, offers and takes),
taken from the first turns on, at the largest table the rules allow unless
``--players`` says otherwise; the hard bot's search plan for the table is
printed first (``bots/budget.py``), and the target is no decision over 2 s.
With ``--game`` it plays one whole game of hard bots on those rules
instead and prints the seconds per kind of decision and of the game.

The bots run with the cycle collector as the app sets it
(``engine/collector.py``); ``--default-gc`` keeps Python's thresholds.

The first line gives this core's speed: the seconds of a fixed pure-Python
loop (``sum(range(10**6))``, best of 5), to compare runs on different
computers.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bigcity_desktop.bots import make_bot
from bigcity_desktop.bots.budget import plan_for
from bigcity_desktop.engine import ActionKind, GameState, Phase, Rules, get_rules
from bigcity_desktop.engine.collector import tune_collector

#: the kinds of decision and the phases they are taken in
KINDS = {
    "setup": ("setup",),
    "action": ("action",),
    "streetcar": ("streetcar",),
    "draw": ("refill", "exchange_draw"),
    "offer": ("offer",),
    "take": ("take",),
}
MEAN_TARGET = 0.6
MAX_TARGET = 2.0


def positions(
    rules: str | Rules, count: int, players: int = 3, kinds: tuple[str, ...] = ("action", "draw"), every: bool = False
) -> dict[str, list[GameState]]:
    """Up to `count` positions of each kind, from games between easy bots.
    Without `every`, only main actions and refill draws between turn 8 and
    30 (every third turn), at most four a game."""
    out: dict[str, list[GameState]] = {k: [] for k in kinds}
    seed = 0
    while any(len(v) < count for v in out.values()) and seed < (200 if not every else 6):
        state = GameState.new(rules, players, seed)
        bots = [make_bot("easy", seed * 10 + i) for i in range(players)]
        taken = 0
        while not state.is_over and (taken < 4 if not every else len(state.history) < 600):
            p = state.current_player
            if every:
                for kind in kinds:
                    if state.phase in KINDS[kind] and len(out[kind]) < count:
                        out[kind].append(state.clone())
                if all(len(v) >= count for v in out.values()):
                    break
            elif 8 <= state.turn_index <= 30 and state.turn_index % 3 == 0:
                if state.phase == Phase.ACTION and len(out["action"]) < count:
                    out["action"].append(state.clone())
                    taken += 1
                elif state.phase == Phase.REFILL and len(out["draw"]) < count:
                    out["draw"].append(state.clone())
                    taken += 1
            state.apply(bots[p].choose(state.view_for(p)))
        seed += 1
    if every and "streetcar" in out and len(out["streetcar"]) < count:
        # a second streetcar, after a first one played at a main action
        for s in out.get("action", []):
            first = (
                next((a for a in s.legal_actions(ActionKind.STREETCAR)), None)
                if "streetcar" in s.legal_kinds()
                else None
            )
            if first is not None and len(out["streetcar"]) < count:
                after = s.clone()
                after.apply(first)
                if after.phase == Phase.STREETCAR:
                    out["streetcar"].append(after)
    return out


def decide(name: str, states: list[GameState]) -> list[float]:
    """CPU seconds of a fresh bot's decision at each state (checked legal)."""
    times = []
    for i, s in enumerate(states):
        bot = make_bot(name, i)
        view = s.view_for(s.current_player)
        t0 = time.process_time()
        a = bot.choose(view)
        times.append(time.process_time() - t0)
        assert s.check(a) is None, (name, a, s.check(a))
    return times


def row(edition: str, players: int, name: str, kind: str, times: list[float]) -> str:
    return (
        f"{edition:<10}{players:>8} {name:<8}{kind:<10}{statistics.mean(times):>10.4f}"
        f"{statistics.median(times):>10.4f}{max(times):>10.4f}{len(times):>5}"
    )


HEAD = f"{'edition':<10}{'players':>8} {'bot':<8}{'decision':<10}{'mean s':>10}{'median s':>10}{'max s':>10}{'n':>5}"


def core_speed() -> float:
    return min(timeit.repeat("sum(range(10**6))", number=1, repeat=5))


def bundled(args: argparse.Namespace, names: list[str]) -> int:
    print(HEAD)
    actions: dict[str, list[float]] = {n: [] for n in names}
    for edition, players in ((e, int(p)) for e in ("original", "jumbo") for p in args.players.split(",")):
        pos = positions(edition, args.positions, players)
        for name in names:
            for kind in ("action", "draw"):
                if not pos[kind]:
                    continue
                times = decide(name, pos[kind])
                if kind == "action":
                    actions[name] += times
                print(row(edition, players, name, kind, times), flush=True)
    print()
    for name, times in actions.items():
        if times:
            print(
                f"{name}: main actions over every table: mean {statistics.mean(times):.3f} s, "
                f"max {max(times):.3f} s (n={len(times)})"
            )
    return 0


def house_rules(args: argparse.Namespace, names: list[str]) -> int:
    rules = get_rules(args.rules)
    tables = [int(p) for p in args.players.split(",")] if args.players else [rules.max_players]
    worst = 0.0
    for players in tables:
        plan = plan_for(rules, players)
        print(
            f"{rules.edition} at {players} players: hard's plan: {plan.mode}, {plan.candidates} candidates x "
            f"{plan.samples} deals, ranked by the evaluation: {'all' if plan.shortlist is None else plan.shortlist}, "
            f"second streetcars weighed: {plan.streets}, about {plan.units:,} units",
            flush=True,
        )
        pos = positions(rules, args.positions, players, tuple(KINDS), every=True)
        print(HEAD)
        for name in names:
            for kind, states in pos.items():
                if not states:
                    continue
                times = decide(name, states)
                worst = max(worst, max(times))
                print(row(rules.edition, players, name, kind, times), flush=True)
    print(
        f"slowest decision: {worst:.3f} s (target: none over {MAX_TARGET:.0f} s: {'met' if worst <= MAX_TARGET else 'NOT met'})"
    )
    return 0


def whole_game(args: argparse.Namespace, name: str) -> int:
    """One game of `name` bots on every seat of the largest table (or
    --players), every decision timed: a game must end, each decision fast."""
    rules = get_rules(args.rules)
    players = int(args.players.split(",")[0]) if args.players else rules.max_players
    state = GameState.new(rules, players, 0)
    bots = [make_bot(name, i) for i in range(players)]
    times: dict[str, list[float]] = {}
    t_all = time.process_time()
    while not state.is_over and len(state.history) < args.max_actions:
        p = state.current_player
        kind = next(k for k, phases in KINDS.items() if state.phase in phases)
        t0 = time.process_time()
        action = bots[p].choose(state.view_for(p))
        times.setdefault(kind, []).append(time.process_time() - t0)
        state.apply(action)
    total = time.process_time() - t_all
    for kind, ts in times.items():
        print(f"{kind:<10} n={len(ts):>5}  mean {statistics.mean(ts):.3f} s  max {max(ts):.3f} s")
    worst = max(max(ts) for ts in times.values())
    print(
        f"{rules.edition}, {players} {name} bots: {'the game ended' if state.is_over else 'stopped'} after "
        f"{len(state.history)} actions in round {state.round}, {total:.1f} s; slowest decision {worst:.3f} s"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--bots", default=None, help="default: random,easy,medium,hard (with --rules: hard)")
    ap.add_argument("--players", default=None, help="table sizes, e.g. 2,4 (default 2,4; with --rules: the largest)")
    ap.add_argument("--rules", default=None, metavar="FILE", help="house rules to measure the bots on")
    ap.add_argument("--game", action="store_true", help="with --rules: time one whole game instead")
    ap.add_argument("--default-gc", action="store_true", help="keep Python's collector thresholds (not the app's)")
    ap.add_argument("--max-actions", type=int, default=5000, help="with --game: stop after this many actions")
    args = ap.parse_args(argv)
    if not args.default_gc:
        tune_collector()  # as every program of the app runs the bots
    print(f"core speed: sum(range(10**6)) in {core_speed() * 1000:.1f} ms", flush=True)
    if args.rules and args.game:
        return whole_game(args, (args.bots or "hard").split(",")[0])
    if args.rules:
        return house_rules(args, (args.bots or "hard").split(","))
    args.players = args.players or "2,4"
    return bundled(args, (args.bots or "random,easy,medium,hard").split(","))


if __name__ == "__main__":
    sys.exit(main())
