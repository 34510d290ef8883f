"""``bigcity-cli tournament``: bots against each other over seeded games."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any


def register(subparsers: Any) -> None:
    t = subparsers.add_parser("tournament", help="seeded games between bots, with rotating seats and statistics")
    t.add_argument("--edition", default="original", help="original or jumbo")
    t.add_argument("--players", required=True, help="comma-separated bot names, one per seat, e.g. easy,hard")
    t.add_argument("--games", type=int, default=10)
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--workers", type=int, default=1, help="processes playing games in parallel")
    t.add_argument("--json", action="store_true", help="print one JSON object")
    t.add_argument("--record-dir", metavar="DIR", default=None, help="write each game's record (.bigcity) there")
    t.set_defaults(func=cmd_tournament)


def _error(msg: str) -> Exception:
    from bigcity_desktop.cli import CliError

    return CliError(msg)


def cmd_tournament(args: argparse.Namespace) -> int:
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

    record_dir = None
    if args.record_dir is not None:
        from pathlib import Path

        try:
            Path(args.record_dir).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _error(f"--record-dir {args.record_dir}: {exc.strerror or exc}") from None
        record_dir = str(args.record_dir)

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

    summary = run_tournament(args.edition, names, args.games, args.seed, args.workers, progress, record_dir)
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
    head = f"{'seat bot':<14}{'wins':>8}{'win%':>7}{'95% CI':>15}{'score':>8}{'margin':>8}{'s/dec':>9}{'max s':>8}{'rating':>8}"
    print(head)
    for i, r in enumerate(rows):
        ci = f"{100 * r['ci_low']:.0f}-{100 * r['ci_high']:.0f}%"
        print(
            f"{str(i + 1) + ' ' + r['name']:<14}{r['wins']:>8.1f}{100 * r['win_rate']:>6.1f}%{ci:>15}"
            f"{r['mean_score']:>8.1f}{r['mean_margin']:>8.1f}{r['mean_seconds']:>9.4f}{r['max_seconds']:>8.3f}{r['rating']:>8.2f}"
        )
    return 0
