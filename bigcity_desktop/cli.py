"""``bigcity-cli``: the headless entry point.

Every answer is JSON on standard output (``analyze`` and ``tournament`` can
print a text report instead). Bad files or arguments, and any error writing
an answer or a file, give exit status 2 and a one-line message on standard
error, never a traceback. Text survives any console encoding: what the
console cannot show is written as ``\\N{...}``-style escapes.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from bigcity_desktop import __version__
from bigcity_desktop.bots.levels import PLAYER_KINDS
from bigcity_desktop.cliargs import (
    SEED_MAX,
    CliError,
    check_seeds,
    emit,
    one_line,
    output_dir,
    record_path,
    seed_arg,
    whole_number,
    write_error,
)
from bigcity_desktop.engine import GameState, RulesError, get_rules
from bigcity_desktop.engine.city import City
from bigcity_desktop.engine.collector import tune_collector
from bigcity_desktop.engine.layout import LayoutError, MoveError, describe, judge_move, read_layout_file, read_move
from bigcity_desktop.engine.record import PlayerInfo, RecordError, read_record, write_record
from bigcity_desktop.engine.rules import Rules

# Further sub-commands live in their own modules, each with a
# ``register(subparsers)`` function.
EXTENSIONS = (
    "bigcity_desktop.bots.cli",
    "bigcity_desktop.bots.analysis_cli",
    "bigcity_desktop.render_cli",
    "bigcity_desktop.learn.cli",
)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2
        raise CliError(message)


# ---------------------------------------------------------------- sub-commands
def cmd_describe(args: argparse.Namespace) -> int:
    _rules, city = _layout(args.layout)
    emit(describe(city))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    _rules, city = _layout(args.layout)
    moves = []
    for i, text in enumerate(args.moves):
        try:
            moves.append(read_move(text))
        except MoveError as exc:
            raise CliError(f"move {i + 1}: {exc}") from None
    answers = []
    for i, m in enumerate(moves):
        try:
            answers.append(judge_move(city, m))
        except MoveError as exc:
            raise CliError(f"move {i + 1}: {exc}") from None
    for a in answers:
        emit(a)
    return 0


def _layout(path: str) -> tuple[Rules, City]:
    try:
        return read_layout_file(path)
    except LayoutError as exc:
        raise CliError(f"{path}: {exc}") from None


def play_random_game(edition: str | Rules, players: int, seed: int) -> GameState:
    """One complete game of the random player (see RandomBot) on every seat.

    The random player's moves depend only on its own hand and public facts,
    so it reads them from the state directly instead of building a view for
    every decision.
    """
    state = GameState.new(edition, players, seed)
    rng = random.Random(seed)
    while not state.is_over:
        kind = rng.choice(state.legal_kinds())
        state.apply(rng.choice(state.legal_actions(kind)))
    return state


def cmd_selfplay(args: argparse.Namespace) -> int:
    rules = _check_players(args.edition, args.players)
    if args.games < 1:
        raise CliError("--games must be at least 1")
    check_seeds(args.seed, args.games)
    record_dir = output_dir(args.record_dir)
    results = []
    t0 = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        s = play_random_game(rules, args.players, seed)
        row: dict[str, Any] = {
            "seed": seed,
            "scores": list(s.scores),
            "winners": s.winners(),
            "actions": len(s.history),
        }
        if record_dir is not None:
            path = record_path(record_dir, "selfplay", rules.edition, f"{args.players}p", f"seed{seed}")
            players = [PlayerInfo(f"Random {p + 1}", "random") for p in range(args.players)]
            try:
                write_record(path, s, players, {"app": "bigcity-cli selfplay"})
            except OSError as exc:
                raise write_error(f"cannot write {path}", exc) from None
            row["record"] = str(path)
        results.append(row)
    dt = time.perf_counter() - t0
    emit({"games": args.games, "games_per_second": round(args.games / dt, 2) if dt > 0 else None, "results": results})
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        game = read_record(args.file, player_kinds=PLAYER_KINDS)
    except RecordError as exc:
        raise CliError(f"{args.file}: {exc}") from None
    s = game.state
    emit(
        {
            "edition": s.rules.edition,
            "players": [p.name for p in game.players],
            "scores": list(s.scores),
            "winners": s.winners() if s.is_over else None,
            "over": s.is_over,
            "actions": len(s.history),
            "take_backs": game.extra.get("take_backs", 0),
            "warnings": game.warnings,
        }
    )
    return 0


def _check_players(edition: str, players: int) -> Rules:
    try:
        rules = get_rules(edition)
    except RulesError as exc:
        raise CliError(str(exc)) from None
    if not rules.min_players <= players <= rules.max_players:
        raise CliError(f"{rules.title} is for {rules.min_players} to {rules.max_players} players, not {players}")
    return rules


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="bigcity-cli", description="Big City Desktop, headless: layout checker, self-play and more.")
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)
    sub.required = True
    d = sub.add_parser("describe", help="cells, outskirts and centre of a layout")
    d.add_argument("layout")
    d.set_defaults(func=cmd_describe)
    c = sub.add_parser("check", help="judge moves on a layout as a sandbox would")
    c.add_argument("layout")
    c.add_argument("moves", nargs="+", metavar="MOVE")
    c.set_defaults(func=cmd_check)
    s = sub.add_parser("selfplay", help="complete games of the random player")
    s.add_argument("--edition", default="original")
    s.add_argument("--players", type=whole_number, default=4)
    s.add_argument("--seed", type=seed_arg, default=0, help=f"the first game's seed (0 to {SEED_MAX})")
    s.add_argument("--games", type=whole_number, default=1)
    s.add_argument("--record-dir", metavar="DIR", default=None, help="write each game's record (.bigcity) there")
    s.set_defaults(func=cmd_selfplay)
    r = sub.add_parser("replay", help="replay a game record and print the final scores")
    r.add_argument("file")
    r.set_defaults(func=cmd_replay)
    for modname in EXTENSIONS:
        importlib.import_module(modname).register(sub)
    return p


# ---------------------------------------------------------------- the console
def _tolerant_streams() -> None:
    """Standard output and error write what their encoding cannot show as
    escapes instead of failing (``PYTHONIOENCODING=ascii``, old consoles)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure: Callable[..., None] | None = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):  # pragma: no cover - a stream that cannot change
                pass


def _silence_stdout() -> None:
    """After a failed write to standard output: point it at the null device,
    so that the interpreter's own flush at exit cannot print a second error."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # pragma: no cover - a stdout without a descriptor
        pass


def _say(text: str) -> None:
    try:
        sys.stderr.write(f"bigcity-cli: {one_line(text)}\n")
        sys.stderr.flush()
    except OSError:  # pragma: no cover - nowhere left to say it
        pass


def main(argv: Sequence[str] | None = None) -> int:
    _tolerant_streams()
    tune_collector()
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        code = int(args.func(args) or 0)
        sys.stdout.flush()
        return code
    except CliError as exc:
        _say(str(exc))
        return 2
    except BrokenPipeError:  # the reader went away (| head): not an error
        _silence_stdout()
        return 0
    except OSError as exc:  # writing the answer (a full disk, /dev/full) or a file failed
        _silence_stdout()
        _say(str(write_error(str(exc.filename) if exc.filename else "cannot write the answer", exc)))
        return 2


if __name__ == "__main__":  # pragma: no cover
    # Run the imported module's main, not this __main__ copy, so that the
    # CliError raised by sub-command modules is the one main() catches.
    from bigcity_desktop.cli import main as _main

    sys.exit(_main())
