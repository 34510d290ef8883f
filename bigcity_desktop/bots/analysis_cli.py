"""``bigcity-cli analyze GAME [--players 0,2] [--json]``: post-game analysis
of a saved game (see :mod:`.analysis`)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def register(subparsers: Any) -> None:
    a = subparsers.add_parser(
        "analyze", help="the hard bot looks at each main action of a saved game and tells the points lost"
    )
    a.add_argument("file", metavar="GAME", help="a saved game (.bigcity)")
    a.add_argument(
        "--players", default=None, help="comma-separated player numbers from 0 (default: every player), e.g. 0,2"
    )
    a.add_argument("--seed", type=int, default=0, help="the analysis seed (the same seed gives the same analysis)")
    a.add_argument("--top", type=int, default=5, help="mistakes listed per player in the text report (default 5)")
    a.add_argument("--json", action="store_true", help="print one JSON object instead of the text report")
    a.add_argument("--quiet", action="store_true", help="no progress on standard error")
    a.set_defaults(func=cmd_analyze)


def _error(msg: str) -> Exception:
    from bigcity_desktop.cli import CliError

    return CliError(msg)


def parse_players(text: str | None, n: int) -> list[int] | None:
    """ "0,2" -> [0, 2]; None -> None (everybody). ValueError with a sentence."""
    if text is None:
        return None
    out = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        if not (part.isascii() and part.isdigit()):
            raise ValueError(f"--players takes player numbers such as 0,2, not {part!r}")
        p = int(part)
        if not 0 <= p < n:
            raise ValueError(f"there is no player {p}: this game has players 0 to {n - 1}")
        out.append(p)
    if not out:
        raise ValueError("--players names no player")
    return sorted(set(out))


def cmd_analyze(args: argparse.Namespace) -> int:
    from bigcity_desktop.engine.record import RecordError, read_record

    from .analysis import analyse

    try:
        game = read_record(args.file)
    except RecordError as exc:
        raise _error(f"{args.file}: {exc}") from None
    state = game.state
    try:
        players = parse_players(args.players, state.n)
    except ValueError as exc:
        raise _error(str(exc)) from None
    if args.top < 0:
        raise _error("--top must be 0 or more")

    def progress(done: int, total: int) -> None:
        if not args.quiet and total:
            sys.stderr.write(f"\ranalysing decision {done}/{total}   ")
            if done == total:
                sys.stderr.write("\n")
            sys.stderr.flush()

    names = [p.name for p in game.players]
    result = analyse(state, players, progress, seed=args.seed, names=names)
    extra = game.extra if isinstance(game.extra, dict) else {}
    if args.json:
        out = result.to_json()
        out["game"]["file"] = str(args.file)
        out["game"]["scores"] = list(state.scores)
        out["game"]["over"] = state.is_over
        out["game"]["take_backs"] = extra.get("take_backs", 0)
        sys.stdout.write(json.dumps(out) + "\n")
        return 0
    print(f"{state.rules.title}: {', '.join(names)}; scores {', '.join(map(str, state.scores))}")
    if extra.get("take_backs"):
        print("This game was played with take-backs.")
    for summary in result.players:
        p = summary.player
        line = (
            f"\n{names[p]}: {summary.decisions} main actions, about {summary.total_loss:.0f} points lost, "
            f"{summary.mistakes} mistake{'s' if summary.mistakes != 1 else ''}"
        )
        if summary.decisive:
            line += f", {summary.decisive} of them probably costing the win"
        print(line)
        worst = [d for d in result.worst(len(result.decisions)) if d.player == p][: args.top]
        for d in worst:
            print("  " + result.sentence(d))
    return 0
