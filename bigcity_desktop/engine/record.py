"""Game records: the seed, the players and the action list, as JSON.

A record *is* the game: loading one replays every action through the engine,
so a record whose actions are not legal is refused, and nothing is returned
half-loaded. :func:`write_record` writes atomically (temporary file, flush,
fsync, rename), so a crash never leaves a broken file behind.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from .. import __version__
from .actions import ActionFormatError, action_from_json
from .jsonio import decode_json
from .rules import Rules, RulesError, get_rules
from .state import GameState

FORMAT = "bigcity-game"
VERSION = 1


class RecordError(ValueError):
    """A game record that cannot be loaded; the message says why."""


@dataclass
class PlayerInfo:
    name: str
    kind: str = "human"  # "human" or a bot name such as "easy", "medium", "hard", "random"
    colour: str | None = None


@dataclass
class LoadedGame:
    state: GameState
    players: list[PlayerInfo]
    warnings: list[str] = field(default_factory=list)
    extra: dict = field(default_factory=dict)


def record_to_json(state: GameState, players: list[PlayerInfo] | None = None, extra: dict | None = None) -> dict:
    if state.viewer is not None or state.seed is None:
        raise ValueError("only a full game state (not a player's view) can be recorded")
    players = players or [PlayerInfo(n) for n in state.names]
    out = {
        "format": FORMAT,
        "version": VERSION,
        "program": f"bigcity-desktop {__version__}",  # which release wrote it; informative only
        "edition": state.rules.edition,
        "rules_digest": state.rules.digest,
        "seed": state.seed,
        "players": [{"name": p.name, "kind": p.kind, **({"colour": p.colour} if p.colour else {})} for p in players],
        "start_city": state.start_city,
        "actions": [a.to_json() for a in state.history],
    }
    if extra:
        out["extra"] = extra
    return out


def write_record(path: str | Path, state: GameState, players: list[PlayerInfo] | None = None, extra: dict | None = None) -> None:
    """Write a record atomically: the file is either the old one or the new one."""
    data = json.dumps(record_to_json(state, players, extra), separators=(",", ":"))
    write_atomic(path, data)


def write_atomic(path: str | Path, text: str) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_record(path: str | Path, rules_for: Callable[[str], Rules] = get_rules) -> LoadedGame:
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    return load_record(raw, rules_for)


def load_record(raw: bytes | str | dict, rules_for: Callable[[str], Rules] = get_rules) -> LoadedGame:
    data = decode_json(raw, RecordError, damaged="the file is damaged: not valid JSON")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("this is not a Big City game record")
    if data.get("version") != VERSION:
        raise RecordError(f"this game was saved in record version {data.get('version')!r}; this program reads version {VERSION}")
    edition = data.get("edition")
    if not isinstance(edition, str):
        raise RecordError("the record does not say which edition it is")
    try:
        rules = rules_for(edition)
    except RulesError as exc:
        raise RecordError(f"the record's rules cannot be loaded: {exc}") from None
    warnings = []
    if data.get("rules_digest") not in (None, rules.digest):
        warnings.append(
            f"the {edition} rules file has changed since this game was saved; the game was replayed under the current rules"
        )
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError("the record has no valid seed")
    players_raw = data.get("players")
    if not isinstance(players_raw, list) or not players_raw:
        raise RecordError("the record lists no players")
    players = []
    for i, p in enumerate(players_raw):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str):
            raise RecordError(f"player {i + 1} of the record has no name")
        players.append(PlayerInfo(p["name"], str(p.get("kind", "human")), p.get("colour") if isinstance(p.get("colour"), str) else None))
    start_city = data.get("start_city")
    try:
        state = GameState.new(rules, len(players), seed, [p.name for p in players], start_city=start_city)
    except (ValueError, TypeError) as exc:
        raise RecordError(f"the game cannot be set up: {exc}") from None
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise RecordError("the record has no action list")
    for i, a in enumerate(actions):
        try:
            action = action_from_json(a)
        except ActionFormatError as exc:
            raise RecordError(f"action {i + 1} is damaged: {exc}") from None
        reason = state.check(action)
        if reason is not None:
            raise RecordError(f"action {i + 1} ({action}) is not legal at that point: {reason}")
        state.apply(action)
    extra = data.get("extra") if isinstance(data.get("extra"), dict) else {}
    return LoadedGame(state, players, warnings, extra)


def replay(state: GameState) -> GameState:
    """A fresh replay of a state's own history (for tests and checks)."""
    s = GameState.new(state.rules, state.n, state.seed, state.names, start_city=state.start_city)
    for a in state.history:
        s.apply(a)
    return s


def to_text(data: Any) -> str:
    return json.dumps(data, indent=1)
