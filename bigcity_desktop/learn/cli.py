"""``bigcity-cli puzzle check FILE``: is a puzzle solvable, and what is its best?

Prints one JSON object: the puzzle's id, edition and goal, whether some
line of play reaches the goal, the best value the solver found and its
answer, whether the search was exhaustive, and whether the file's stated
best agrees. Exit status 0 when the puzzle is solvable and its stated best
is the solver's (exhaustive) best, 1 otherwise, 2 for a file that is not a
puzzle (one line on standard error).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .puzzle import DEFAULT_BUDGET, PuzzleError, load_puzzle, solve


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("puzzle", help="city puzzles: check that a puzzle file is solvable and its best")
    sub = p.add_subparsers(dest="puzzle_command", parser_class=type(p))
    sub.required = True
    c = sub.add_parser("check", help="solve a puzzle file and compare with its stated best")
    c.add_argument("file")
    c.add_argument(
        "--budget", type=int, default=DEFAULT_BUDGET, help=f"positions to search at most (default {DEFAULT_BUDGET})"
    )
    c.set_defaults(func=cmd_check)


def _error(text: str) -> Exception:
    from bigcity_desktop.cliargs import CliError

    return CliError(text)


def cmd_check(args: argparse.Namespace) -> int:
    if args.budget < 1:
        raise _error("--budget must be at least 1")
    try:
        puzzle = load_puzzle(args.file)
    except PuzzleError as exc:
        raise _error(str(exc)) from None
    sol = solve(puzzle, args.budget)
    agrees = sol.reached and sol.exhaustive and sol.value == puzzle.best
    out = {
        "file": args.file,
        "id": puzzle.id,
        "edition": puzzle.edition,
        "goal": puzzle.goal.to_json(),
        **sol.to_json(),
        "stated_best": puzzle.best,
        "stated_answer": [str(a) for a in puzzle.answer],
        "agrees": agrees,
    }
    sys.stdout.write(json.dumps(out) + "\n")
    return 0 if agrees else 1
