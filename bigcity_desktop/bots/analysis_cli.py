"""``bigcity-cli analyze GAME [--players 0,2] [--json] [--max-decisions N] [--max-seconds S]``:
post-game analysis of a saved game (see :mod:`.analysis`).

Progress goes to standard error (reading the record, then each decision),
unless ``--quiet``. The analysis stops after ``--max-decisions`` decisions
or once ``--max-seconds`` have passed (default :data:`DEFAULT_SECONDS`;
0: no limit), and then says how many main actions it skipped, so a record
of any length (a record holds up to 200,000 actions) ends in bounded time.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bigcity_desktop.cliargs import Subparsers

    from .analysis import Analysis

#: the default time budget of an analysis, in seconds: a whole real game
#: takes well under a minute on one core (benchmarks/analysis.py)
DEFAULT_SECONDS = 300.0
#: progress lines are rewritten at most this often (seconds)
PROGRESS_EVERY = 0.2


def register(subparsers: Subparsers) -> None:
    from bigcity_desktop.cliargs import SEED_MAX, seed_arg, whole_number

    a = subparsers.add_parser(
        "analyze", help="the hard bot looks at each main action of a saved game and tells the points lost"
    )
    a.add_argument("file", metavar="GAME", help="a saved game (.bigcity)")
    a.add_argument(
        "--players", default=None, help="comma-separated player numbers from 0 (default: every player), e.g. 0,2"
    )
    a.add_argument(
        "--seed",
        type=seed_arg,
        default=0,
        help=f"the analysis seed, 0 to {SEED_MAX} (the same seed gives the same analysis)",
    )
    a.add_argument(
        "--top", type=whole_number, default=5, help="mistakes listed per player in the text report (default 5)"
    )
    a.add_argument(
        "--max-decisions",
        type=whole_number,
        default=None,
        metavar="N",
        help="analyse at most the first N main actions (default: all)",
    )
    a.add_argument(
        "--max-seconds",
        type=float,
        default=DEFAULT_SECONDS,
        metavar="S",
        help=f"stop analysing after S seconds and say what was skipped (default {DEFAULT_SECONDS:.0f}; 0: no limit)",
    )
    a.add_argument("--json", action="store_true", help="print one JSON object instead of the text report")
    a.add_argument("--quiet", action="store_true", help="no progress on standard error")
    a.set_defaults(func=cmd_analyze)


def _error(msg: str) -> Exception:
    from bigcity_desktop.cliargs import CliError

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


class Progress:
    """One line on standard error, rewritten in place (at most every
    PROGRESS_EVERY seconds, and always at the end of a stage)."""

    def __init__(self, quiet: bool, clock: Callable[[], float] = time.monotonic) -> None:
        self.quiet = quiet
        self.clock = clock
        self.last = -1e9
        self.open = False

    def show(self, text: str, final: bool = False, first: bool = False) -> None:
        """Show `text` (`first`: the first line of a stage, shown whatever the clock)."""
        if self.quiet:
            return
        now = self.clock()
        if not final and not first and now - self.last < PROGRESS_EVERY:
            return
        self.last = now
        sys.stderr.write(f"\r{text}   ")
        if final:
            sys.stderr.write("\n")
        self.open = not final
        sys.stderr.flush()

    def close(self) -> None:
        if self.open and not self.quiet:
            sys.stderr.write("\n")
            sys.stderr.flush()
            self.open = False


def skipped_sentence(result: Analysis, max_decisions: int | None, max_seconds: float) -> str | None:
    """What the analysis left out, and why, in one sentence (None: nothing)."""
    if not result.skipped:
        return None
    done = result.total - result.skipped
    head = f"Analysed the first {done:,} of {result.total:,} main actions; the last {result.skipped:,} were skipped"
    if result.stopped == "limit":
        return f"{head} (--max-decisions {max_decisions})."
    if result.stopped == "stopped":
        return f"{head}: the time budget of {max_seconds:g} s ran out (--max-seconds to change it, 0 for no limit)."
    return f"{head}: these rules make a single decision cost more than the hard bot's budget allows."


def cmd_analyze(args: argparse.Namespace) -> int:
    from bigcity_desktop.engine.record import RecordError, read_record

    from .analysis import analyse
    from .levels import PLAYER_KINDS

    if args.top < 0:
        raise _error("--top must be 0 or more")
    if args.max_decisions is not None and args.max_decisions < 0:
        raise _error("--max-decisions must be 0 or more")
    if not args.max_seconds >= 0 or args.max_seconds == float("inf"):
        raise _error(f"--max-seconds must be 0 (no limit) or a number of seconds, not {args.max_seconds}")
    start = clock()
    bar = Progress(args.quiet, clock)

    def reading(done: int, total: int) -> None:
        bar.show(f"reading the game: action {done:,} of {total:,}", final=done >= total)

    try:
        game = read_record(args.file, progress=reading, player_kinds=PLAYER_KINDS)
    except RecordError as exc:
        bar.close()
        raise _error(f"{args.file}: {exc}") from None
    state = game.state
    try:
        players = parse_players(args.players, state.n)
    except ValueError as exc:
        raise _error(str(exc)) from None

    def progress(done: int, total: int) -> None:
        if total:
            bar.show(f"analysing decision {done:,} of {total:,}", final=done >= total, first=done == 0)

    def out_of_time() -> bool:
        limit: float = args.max_seconds
        return limit > 0 and clock() - start >= limit

    bar.show(f"finding the main actions among {len(state.history):,} actions", final=True)
    names = [p.name for p in game.players]
    result = analyse(
        state, players, progress, seed=args.seed, names=names, max_decisions=args.max_decisions, stop=out_of_time
    )
    bar.close()
    extra = game.extra if isinstance(game.extra, dict) else {}
    note = skipped_sentence(result, args.max_decisions, args.max_seconds)
    if args.json:
        out = result.to_json()
        out["game"]["file"] = str(args.file)
        out["game"]["scores"] = list(state.scores)
        out["game"]["over"] = state.is_over
        out["game"]["take_backs"] = extra.get("take_backs", 0)
        out["analysed"] = result.total - result.skipped
        out["skipped"] = {"decisions": result.skipped, "reason": result.stopped, "text": note}
        sys.stdout.write(json.dumps(out) + "\n")
        return 0
    print(f"{state.rules.title}: {', '.join(names)}; scores {', '.join(map(str, state.scores))}")
    if extra.get("take_backs"):
        print("This game was played with take-backs.")
    if note:
        print(note)
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


#: the clock of the time budget (tests replace it)
clock: Callable[[], float] = time.monotonic
