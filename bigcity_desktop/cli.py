"""``bigcity-cli``: the headless entry point.

Every answer is JSON on standard output. Bad files or arguments give exit
status 2 and a one-line message on standard error.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
from pathlib import Path

from bigcity_desktop.engine import GameState, RulesError, get_rules
from bigcity_desktop.engine.layout import LayoutError, MoveError, describe, judge_move, read_layout_file, read_move
from bigcity_desktop.engine.record import PlayerInfo, RecordError, read_record, write_record

# Further sub-commands live in their own modules, each with a
# ``register(subparsers)`` function.
EXTENSIONS = (
    "bigcity_desktop.bots.cli",
    "bigcity_desktop.bots.analysis_cli",
    "bigcity_desktop.render_cli",
    "bigcity_desktop.learn.cli",
)


class CliError(Exception):
    """Bad input: printed as one line on stderr, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2
        raise CliError(message)


def one_line(text: str, limit: int = 400) -> str:
    """A message on one line of at most `limit` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "\N{HORIZONTAL ELLIPSIS}"


def _emit(obj) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")


def cmd_describe(args) -> int:
    _rules, city = _layout(args.layout)
    _emit(describe(city))
    return 0


def cmd_check(args) -> int:
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
        _emit(a)
    return 0


def _layout(path):
    try:
        return read_layout_file(path)
    except LayoutError as exc:
        raise CliError(f"{path}: {exc}") from None


def play_random_game(edition: str, players: int, seed: int) -> GameState:
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


def cmd_selfplay(args) -> int:
    _check_players(args.edition, args.players)
    if args.games < 1:
        raise CliError("--games must be at least 1")
    record_dir = _record_dir(args.record_dir)
    results = []
    t0 = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        s = play_random_game(args.edition, args.players, seed)
        row = {"seed": seed, "scores": list(s.scores), "winners": s.winners(), "actions": len(s.history)}
        if record_dir is not None:
            path = record_dir / f"selfplay-{args.edition}-{args.players}p-seed{seed}.bigcity"
            players = [PlayerInfo(f"Random {p + 1}", "random") for p in range(args.players)]
            try:
                write_record(path, s, players, {"app": "bigcity-cli selfplay"})
            except OSError as exc:
                raise CliError(f"cannot write {path}: {exc.strerror or exc}") from None
            row["record"] = str(path)
        results.append(row)
    dt = time.perf_counter() - t0
    _emit({"games": args.games, "games_per_second": round(args.games / dt, 2) if dt > 0 else None, "results": results})
    return 0


def _record_dir(text: str | None) -> Path | None:
    """The --record-dir folder, made if missing (CliError if it cannot be)."""
    if text is None:
        return None
    path = Path(text)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"--record-dir {text}: {exc.strerror or exc}") from None
    if not path.is_dir():
        raise CliError(f"--record-dir {text} is not a folder")
    return path


def cmd_replay(args) -> int:
    try:
        game = read_record(args.file)
    except RecordError as exc:
        raise CliError(f"{args.file}: {exc}") from None
    s = game.state
    _emit(
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


def _check_players(edition: str, players: int) -> None:
    try:
        rules = get_rules(edition)
    except RulesError as exc:
        raise CliError(str(exc)) from None
    if not rules.min_players <= players <= rules.max_players:
        raise CliError(f"{rules.title} is for {rules.min_players} to {rules.max_players} players, not {players}")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="bigcity-cli", description="Big City Desktop, headless: layout checker, self-play and more.")
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
    s.add_argument("--players", type=int, default=4)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--games", type=int, default=1)
    s.add_argument("--record-dir", metavar="DIR", default=None, help="write each game's record (.bigcity) there")
    s.set_defaults(func=cmd_selfplay)
    r = sub.add_parser("replay", help="replay a game record and print the final scores")
    r.add_argument("file")
    r.set_defaults(func=cmd_replay)
    for modname in EXTENSIONS:
        importlib.import_module(modname).register(sub)
    return p


def main(argv=None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        return int(args.func(args) or 0)
    except CliError as exc:
        sys.stderr.write(f"bigcity-cli: {one_line(str(exc))}\n")
        return 2
    except BrokenPipeError:  # pragma: no cover
        return 0


if __name__ == "__main__":  # pragma: no cover
    # Run the imported module's main, not this __main__ copy, so that the
    # CliError raised by sub-command modules is the one main() catches.
    from bigcity_desktop.cli import main as _main

    sys.exit(_main())
