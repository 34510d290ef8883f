"""Game records: the seed, the players and the action list, as JSON.

A record *is* the game: loading one replays every action through the engine,
so a record whose actions are not legal is refused, and nothing is returned
half-loaded. :func:`write_record` writes atomically (temporary file, flush,
fsync, rename), so a crash never leaves a broken file behind.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__
from .actions import Action, ActionFormatError, action_from_json
from .jsonio import MAX_ABS_INT, MAX_NAME, decode_json, is_int, read_capped, short, want_text
from .messages import Msg, msg
from .rules import Rules, edition_fields, get_rules, rules_of_document
from .seats import SeatKind
from .state import GameState

FORMAT = "bigcity-game"
VERSION = 1


class RecordError(ValueError):
    """A game record that cannot be loaded; the message says why."""


class NewerRecordError(RecordError):
    """A record written by a newer version of the program."""


@dataclass
class PlayerInfo:
    name: str
    kind: str = SeatKind.HUMAN  # SeatKind.HUMAN or a bot level's key ("easy": bigcity_desktop/bots/levels.py)
    colour: str | None = None


@dataclass
class LoadedGame:
    state: GameState
    players: list[PlayerInfo]
    warnings: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


def record_to_json(
    state: GameState, players: list[PlayerInfo] | None = None, extra: dict[str, Any] | None = None
) -> dict[str, Any]:
    if state.viewer is not None or state.seed is None:
        raise ValueError("only a full game state (not a player's view) can be recorded")
    players = players or [PlayerInfo(n) for n in state.names]
    out = {
        "format": FORMAT,
        "version": VERSION,
        "program": f"bigcity-desktop {__version__}",  # which release wrote it; informative only
        **edition_fields(state.rules),
        "rules_digest": state.rules.digest,
        "seed": state.seed,
        "players": [{"name": p.name, "kind": p.kind, **({"colour": p.colour} if p.colour else {})} for p in players],
        "start_city": state.start_city,
        "actions": [a.to_json() for a in state.history],
        "scores": list(state.scores),
    }
    if extra:
        out["extra"] = extra
    return out


def write_record(
    path: str | Path, state: GameState, players: list[PlayerInfo] | None = None, extra: dict[str, Any] | None = None
) -> None:
    """Write a record atomically: the file is either the old one or the new one."""
    write_atomic(path, dumps_record(record_to_json(state, players, extra)))


#: actions serialised at a time by :func:`dumps_record`
_CHUNK = 2000


def dumps_record(doc: dict[str, Any]) -> str:
    """``json.dumps(doc, separators=(",", ":"))``, byte for byte, with the
    actions serialised a few thousand at a time: the C encoder holds the GIL
    for a whole call, so one call over a long game's 200,000 actions would
    stop every other thread (the window) for most of a second."""
    parts = []
    for key, value in doc.items():
        if key == "actions" and isinstance(value, list) and len(value) > _CHUNK:
            chunks = [
                json.dumps(value[i : i + _CHUNK], separators=(",", ":"))[1:-1] for i in range(0, len(value), _CHUNK)
            ]
            text = "[" + ",".join(chunks) + "]"
        else:
            text = json.dumps(value, separators=(",", ":"))
        parts.append(json.dumps(key) + ":" + text)
    return "{" + ",".join(parts) + "}"


TEMP_SUFFIX = ".tmp"


def temp_prefix(path: Path) -> str:
    """Temporary files of the atomic writer for `path` start with this."""
    return f".{path.name}."


def temp_owners(folder: str | Path, *extensions: str) -> set[str]:
    """The names (ending in one of `extensions`) of the files in `folder`
    that have leftover temporary files of the atomic writer, from one
    listing of the folder (empty when it cannot be listed)."""
    try:
        names = [e.name for e in os.scandir(folder) if e.name.startswith(".") and e.name.endswith(TEMP_SUFFIX)]
    except OSError:
        return set()
    out: set[str] = set()
    for extension in extensions:
        mark = extension + "."
        out.update(n[1 : n.find(mark) + len(extension)] for n in names if mark in n)
    return out


def write_atomic(path: str | Path, text: str) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=temp_prefix(path), suffix=TEMP_SUFFIX, dir=path.parent)
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


def clean_temp_files(path: str | Path, older_than: float = 0.0) -> int:
    """Remove the atomic writer's leftover temporary files for `path` (a
    crash between creating and renaming one leaves it behind). Returns how
    many were removed."""
    import time

    path = Path(path)
    prefix = temp_prefix(path)
    removed = 0
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return 0
    now = time.time()
    for e in entries:
        if e.name.startswith(prefix) and e.name.endswith(TEMP_SUFFIX):
            try:
                if e.is_file(follow_symlinks=False) and now - e.stat(follow_symlinks=False).st_mtime >= older_than:
                    os.unlink(e.path)
                    removed += 1
            except OSError:
                pass
    return removed


#: the player kinds a record reader accepts unless it is handed more: people
#: only (the bots layer hands its levels too: bigcity_desktop/bots/levels.py PLAYER_KINDS)
PEOPLE_ONLY: tuple[str, ...] = (SeatKind.HUMAN,)
#: the most actions a record may hold (a long real game has about 1,500)
MAX_ACTIONS = 200_000
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def read_record(
    path: str | Path,
    rules_for: Callable[[str], Rules] = get_rules,
    progress: Callable[[int, int], bool | None] | None = None,
    player_kinds: Sequence[str] = PEOPLE_ONLY,
) -> LoadedGame:
    """Read and replay a record file (RecordError with a sentence otherwise);
    a player's kind must be one of `player_kinds`."""
    raw = read_capped(path, "game record", RecordError)
    return load_record(raw, rules_for, progress, player_kinds)


def load_record(
    raw: bytes | str | dict[str, Any],
    rules_for: Callable[[str], Rules] = get_rules,
    progress: Callable[[int, int], bool | None] | None = None,
    player_kinds: Sequence[str] = PEOPLE_ONLY,
) -> LoadedGame:
    """Check every field of a record, then replay it. `progress(done, total)`
    is called now and then while replaying; returning False cancels
    (RecordError "cancelled"). A player's kind must be one of `player_kinds`
    (the engine knows people; a caller that knows the bots hands their
    levels too: bigcity_desktop.bots.levels.PLAYER_KINDS)."""
    data = decode_json(raw, RecordError, damaged=msg("the file is damaged: not valid JSON"))
    _check_version(data)
    for k in data:
        if k not in _KNOWN:
            raise RecordError(f"unknown entry {short(k)} (known: {', '.join(sorted(_KNOWN))})")
    if "program" in data:  # informative only: which release wrote the file
        want_text(data["program"], "program", RecordError, MAX_NAME)
    rules = rules_of_document(data, RecordError, rules_for)
    warnings = _rules_warnings(data, rules)
    seed = data.get("seed")
    if not is_int(seed) or not 0 <= seed <= MAX_ABS_INT:
        raise RecordError(f"`seed` must be a whole number from 0 to {MAX_ABS_INT}, not {short(seed)}")
    players = _read_players(data.get("players"), rules, player_kinds)
    start_city = _read_start_city(data.get("start_city"), rules)
    actions = _read_actions(data.get("actions"))
    scores = data.get("scores")
    if scores is not None and not (
        isinstance(scores, list) and len(scores) == len(players) and all(is_int(v) and abs(v) <= 10**9 for v in scores)
    ):
        raise RecordError("`scores` must list one whole number per player")
    extra = data.get("extra", {})
    if not isinstance(extra, dict):
        raise RecordError("`extra` must be an object")
    # every field is checked: now build
    try:
        state = GameState.new(rules, len(players), seed, [p.name for p in players], start_city=start_city)
    except (ValueError, TypeError) as exc:
        raise RecordError(msg("the game cannot be set up: {reason}", reason=_reason(exc))) from None
    _replay_actions(state, actions, progress)
    if scores is not None and list(scores) != list(state.scores):
        raise RecordError(
            msg(
                "the scores stored in the record ({stored}) differ from those of its replay ({replayed}): "
                "the file was altered",
                stored=", ".join(map(str, scores)),
                replayed=", ".join(map(str, state.scores)),
            )
        )
    return LoadedGame(state, players, warnings, extra)


#: the entries a record may have
_KNOWN = frozenset(
    {
        "format",
        "version",
        "edition",
        "rules",
        "rules_digest",
        "seed",
        "players",
        "start_city",
        "actions",
        "scores",
        "extra",
        "program",
    }
)


def _check_version(data: Any) -> None:
    """A game record of this program's version (NewerRecordError for a later one)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(msg("this is not a Big City game record"))
    version = data.get("version")
    if not is_int(version):
        raise RecordError(f"the record's `version` must be a whole number, not {short(version)}")
    if version > VERSION:
        raise NewerRecordError(
            msg(
                "this game was saved by a newer version of the program (record version {version}); "
                "this one reads version {ours}",
                version=version,
                ours=VERSION,
            )
        )
    if version != VERSION:
        raise RecordError(
            msg(
                "this game was saved in record version {version}; this program reads version {ours}",
                version=version,
                ours=VERSION,
            )
        )


def _rules_warnings(data: dict[str, Any], rules: Rules) -> list[str]:
    """A bundled edition's rules that changed since the record was written."""
    digest = data.get("rules_digest")
    if digest is not None and not isinstance(digest, str):
        raise RecordError("`rules_digest` must be text")
    if rules.bundled and digest not in (None, rules.digest):
        return [
            f"the {rules.edition} rules file has changed since this game was saved; the game was replayed under the current rules"
        ]
    return []


def _read_players(players_raw: Any, rules: Rules, player_kinds: Sequence[str]) -> list[PlayerInfo]:
    if not isinstance(players_raw, list) or not players_raw:
        raise RecordError("`players` must list the players")
    if not rules.min_players <= len(players_raw) <= rules.max_players:
        raise RecordError(
            f"{rules.title} is for {rules.min_players} to {rules.max_players} players, not {len(players_raw)}"
        )
    return [_read_player(p, f"players[{i}]", player_kinds) for i, p in enumerate(players_raw)]


def _read_player(p: Any, where: str, player_kinds: Sequence[str]) -> PlayerInfo:
    if not isinstance(p, dict):
        raise RecordError(f"{where} must be an object with a name")
    for k in p:
        if k not in ("name", "kind", "colour"):
            raise RecordError(f"{where}: unknown entry {short(k)}")
    name = want_text(p.get("name"), f"{where}.name", RecordError, MAX_NAME)
    kind = p.get("kind", SeatKind.HUMAN)
    if kind not in player_kinds:
        raise RecordError(f"{where}.kind must be one of {', '.join(player_kinds)}, not {short(kind)}")
    colour = p.get("colour")
    if colour is not None and not (isinstance(colour, str) and _COLOUR.fullmatch(colour)):
        raise RecordError(f"{where}.colour must be written #rrggbb, not {short(colour)}")
    return PlayerInfo(name, kind, colour)


def _read_start_city(start_city: Any, rules: Rules) -> list[list[int]] | None:
    """The tiles a game from a sandbox layout began with (checked further by GameState.new)."""
    if start_city is None:
        return None
    if not isinstance(start_city, list) or len(start_city) > len(rules.tiles):
        raise RecordError("`start_city` must list tile placements [number, x, y, rotation]")
    for i, t in enumerate(start_city):
        if not (isinstance(t, list) and len(t) == 4 and all(is_int(v) and abs(v) <= 100 for v in t)):
            raise RecordError(f"start_city[{i}] must be [number, x, y, rotation] in whole numbers, not {short(t)}")
        if t[0] not in rules.tile_shapes:
            raise RecordError(f"start_city[{i}]: there is no neighborhood {t[0]}")
    return start_city


def _read_actions(actions_raw: Any) -> list[Action]:
    if not isinstance(actions_raw, list):
        raise RecordError("`actions` must list the game's actions")
    if len(actions_raw) > MAX_ACTIONS:
        raise RecordError(f"the record holds {len(actions_raw)} actions; at most {MAX_ACTIONS} are read")
    actions = []
    for i, a in enumerate(actions_raw):
        try:
            actions.append(action_from_json(a))
        except ActionFormatError as exc:
            raise RecordError(msg("action {n} is damaged: {reason}", n=i + 1, reason=_reason(exc))) from None
    return actions


def _replay_actions(
    state: GameState, actions: list[Action], progress: Callable[[int, int], bool | None] | None
) -> None:
    """Play the record's actions, each checked (RecordError at the first that is not legal)."""
    total = len(actions)
    step = max(1, total // 100)
    for i, action in enumerate(actions):
        if progress is not None and i % step == 0 and progress(i, total) is False:
            raise RecordError(msg("opening the game was cancelled"))
        reason = state.check(action)
        if reason is not None:
            raise RecordError(
                msg(
                    "action {n} ({action}) is not legal at that point: {reason}",
                    n=i + 1,
                    action=str(action),
                    reason=reason,
                )
            )
        state.apply(action)
    if progress is not None:
        progress(total, total)


def _reason(exc: BaseException) -> str:
    """An exception's sentence, as the message it was raised with when it was one."""
    arg = exc.args[0] if exc.args else None
    return arg if isinstance(arg, Msg) else str(exc)


def replay(state: GameState) -> GameState:
    """A fresh replay of a state's own history (for tests and checks)."""
    if state.seed is None:
        raise ValueError("a player's view has no seed and cannot be replayed")
    s = GameState.new(state.rules, state.n, state.seed, state.names, start_city=state.start_city)
    for a in state.history:
        s.apply(a)
    return s


def to_text(data: Any) -> str:
    return json.dumps(data, indent=1)
