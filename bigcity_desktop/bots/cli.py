"""``bigcity-cli tournament``: bots against each other over seeded games."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bigcity_desktop.cliargs import Subparsers


def register(subparsers: Subparsers) -> None:
    from bigcity_desktop.cliargs import SEED_MAX, seed_arg, whole_number

    t = subparsers.add_parser("tournament", help="seeded games between bots, with rotating seats and statistics")
    t.add_argument("--edition", default="original", help="original or jumbo")
    t.add_argument("--players", required=True, help="comma-separated bot names, one per seat, e.g. easy,hard")
    t.add_argument("--games", type=whole_number, default=10)
    t.add_argument("--seed", type=seed_arg, default=0, help=f"the first game's seed (0 to {SEED_MAX})")
    t.add_argument(
        "--workers",
        type=whole_number,
        default=1,
        help="processes playing games in parallel (at most one per core)",
    )
    t.add_argument("--json", action="store_true", help="print one JSON object")
    t.add_argument("--record-dir", metavar="DIR", default=None, help="write each game's record (.bigcity) there")
    t.set_defaults(func=cmd_tournament)


def _error(msg: str) -> Exception:
    from bigcity_desktop.cliargs import CliError

    return CliError(msg)


def cores() -> int:
    """The cores this process may run on."""
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        try:
            return max(1, len(affinity(0)))
        except OSError:  # pragma: no cover
            pass
    return max(1, os.cpu_count() or 1)


def cmd_tournament(args: argparse.Namespace) -> int:
    from bigcity_desktop.cliargs import check_seeds, output_dir, write_error
    from bigcity_desktop.engine import RulesError, get_rules

    from . import registry
    from .tournament import GameResult, run_tournament

    try:
        rules = get_rules(args.edition)
    except (RulesError, OSError, ValueError) as exc:
        raise _error(str(exc)) from None
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    unknown = [n for n in names if n not in registry.BOTS]
    if unknown:
        raise _error(f"unknown bot {unknown[0]!r} (known: {', '.join(registry.BOTS)})")
    if not rules.min_players <= len(names) <= rules.max_players:
        raise _error(f"{rules.title} is for {rules.min_players} to {rules.max_players} players, not {len(names)}")
    if args.games < 1:
        raise _error("--games must be at least 1")
    if args.workers < 1:
        raise _error("--workers must be at least 1")
    check_seeds(args.seed, args.games)
    workers = min(args.workers, cores())
    if workers < args.workers:
        sys.stderr.write(
            f"bigcity-cli: --workers {args.workers} is more than the {cores()} core(s) here: using {workers}\n"
        )
    workers = min(workers, args.games)
    folder = output_dir(args.record_dir)
    record_dir = None if folder is None else str(folder)

    t0 = time.perf_counter()
    show = args.games >= 2
    last = [0.0]

    def progress(done: int, total: int, r: GameResult) -> None:
        now = time.perf_counter()
        if show and (now - last[0] >= 1.0 or done == total):
            last[0] = now
            el = now - t0
            sys.stderr.write(f"\rgame {done}/{total}  {el:.0f}s elapsed, ~{el / done * (total - done):.0f}s left   ")
            if done == total:
                sys.stderr.write("\n")
            sys.stderr.flush()

    try:
        summary = run_tournament(args.edition, names, args.games, args.seed, workers, progress, record_dir)
    except OSError as exc:  # a record could not be written (a full disk)
        if last[0]:  # a progress line is open
            sys.stderr.write("\n")
        where = exc.filename or args.record_dir
        raise write_error(f"cannot write a game record in {args.record_dir} ({where})", exc) from None
    rows = summary.rows()
    if args.json:
        sys.stdout.write(
            json.dumps(
                {
                    "edition": args.edition,
                    "games": summary.games,
                    "seed": args.seed,
                    "bots": rows,
                    "games_detail": [r.detail() for r in sorted(summary.results, key=lambda r: r.seed)],
                }
            )
            + "\n"
        )
        return 0
    print(f"{summary.games} games of {rules.title}, seeds {args.seed}..{args.seed + args.games - 1}, seats rotating")
    head = f"{'seat bot':<14}{'wins':>8}{'win%':>7}{'95% CI':>15}{'score':>8}{'margin':>8}{'cpu s/dec':>10}{'max s':>8}{'rating':>8}"
    print(head)
    for i, r in enumerate(rows):
        ci = f"{100 * r['ci_low']:.0f}-{100 * r['ci_high']:.0f}%"
        print(
            f"{str(i + 1) + ' ' + r['name']:<14}{r['wins']:>8.1f}{100 * r['win_rate']:>6.1f}%{ci:>15}"
            f"{r['mean_score']:>8.1f}{r['mean_margin']:>8.1f}{r['mean_seconds']:>10.4f}{r['max_seconds']:>8.3f}{r['rating']:>8.2f}"
        )
    return 0
