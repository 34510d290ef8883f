"""How a server keeps its tables on disk, so that a restart resumes them.

Each table is two files in the server's data folder, each written atomically
(temporary file, fsync, rename: see :func:`engine.record.write_atomic`):

- ``<id>.table.json``: the table (format ``bigcity-table``): title, rules,
  seats with their players' names, the SHA-256 of each seat's token (never
  the token itself), the host, the chat;
- ``<id>.game.json``: once the game has begun, its record in the ordinary
  record format (``bigcity-game``, what :func:`engine.record.write_record`
  writes), rewritten after every action; the app opens it like any record.

Both are read back through the strict reading layer; a damaged file costs
its own table only (it is set aside and named in the log).
"""

from __future__ import annotations

import contextlib
import copy
import json
import logging
import os
import secrets
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bigcity_desktop.bots.levels import PLAYER_KINDS
from bigcity_desktop.engine.jsonio import MAX_NAME, InputError, decode_json, is_int, read_capped, short, want_text
from bigcity_desktop.engine.record import (
    TEMP_SUFFIX,
    LoadedGame,
    PlayerInfo,
    RecordError,
    clean_temp_files,
    load_record,
    record_to_json,
    temp_prefix,
    write_atomic,
)
from bigcity_desktop.engine.rules import Rules, edition_fields, rules_of_document
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.engine.state import GameState

from .protocol import MAX_BOT_AFTER, MAX_CHAT, MAX_TITLE

log = logging.getLogger("bigcity.server")

FORMAT = "bigcity-table"
VERSION = 1
TABLE_SUFFIX = ".table.json"
GAME_SUFFIX = ".game.json"
#: chat lines a table keeps (and sends to who comes back)
CHAT_KEPT = 100


class StoreError(ValueError):
    """A table file that cannot be read; the message says why."""


@dataclass
class StoredSeat:
    kind: SeatKind
    level: str | None = None
    name: str | None = None
    token_hash: str | None = None  # hex SHA-256 of the seat's token
    bot_after: float | None = None


@dataclass
class StoredChat:
    seat: int | None
    name: str
    text: str
    time: float


@dataclass
class StoredTable:
    id: str
    title: str
    rules: Rules
    seats: list[StoredSeat]
    host: int
    created: float
    bot_seed: int
    chat: list[StoredChat] = field(default_factory=list)


def table_to_json(t: StoredTable) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": t.id,
        "title": t.title,
        **edition_fields(t.rules),
        "rules_digest": t.rules.digest,
        "seats": [
            {"kind": s.kind, "level": s.level, "name": s.name, "token_sha256": s.token_hash, "bot_after": s.bot_after}
            for s in t.seats
        ],
        "host": t.host,
        "created": t.created,
        "bot_seed": t.bot_seed,
        "chat": [{"seat": c.seat, "name": c.name, "text": c.text, "time": c.time} for c in t.chat[-CHAT_KEPT:]],
    }


def _exact(d: Any, keys: set[str], where: str) -> dict[str, Any]:
    if not isinstance(d, dict):
        raise StoreError(f"{where} must be an object")
    if set(d) != keys:
        raise StoreError(f"{where} must have exactly the entries {', '.join(sorted(keys))}")
    return d


def _number(v: Any, where: str) -> float:
    if type(v) not in (int, float) or not 0 <= v <= 1e12:
        raise StoreError(f"{where} must be a number of seconds, not {short(v)}")
    return float(v)


#: the entries of a table file (and "rules" for a table of house rules)
_TABLE_KEYS = frozenset(
    {"format", "version", "id", "title", "edition", "rules_digest", "seats", "host", "created", "bot_seed", "chat"}
)
_SEAT_KEYS = frozenset({"kind", "level", "name", "token_sha256", "bot_after"})
_CHAT_KEYS = frozenset({"seat", "name", "text", "time"})


def _entries(v: Any) -> list[Any]:
    return v if isinstance(v, list) else []


def _whole(v: Any, low: int, high: int, sentence: str) -> int:
    if not is_int(v) or not low <= v < high:
        raise StoreError(sentence)
    return int(v)


def _seat_from_json(s: Any, i: int) -> StoredSeat:
    s = _exact(s, set(_SEAT_KEYS), f"seats[{i}]")
    if s["kind"] not in tuple(SeatKind):
        raise StoreError(f"seats[{i}].kind must be human or bot")
    level = None if s["level"] is None else want_text(s["level"], f"seats[{i}].level", StoreError, 40)
    name = None if s["name"] is None else want_text(s["name"], f"seats[{i}].name", StoreError, MAX_NAME)
    token = s["token_sha256"]
    if token is not None and not (isinstance(token, str) and len(token) == 64):
        raise StoreError(f"seats[{i}].token_sha256 must be a SHA-256 in hex")
    after = None if s["bot_after"] is None else min(_number(s["bot_after"], f"seats[{i}]"), MAX_BOT_AFTER)
    return StoredSeat(SeatKind(s["kind"]), level, name, token, after)


def _chat_from_json(c: Any, i: int, seats: int) -> StoredChat:
    c = _exact(c, set(_CHAT_KEYS), f"chat[{i}]")
    seat = c["seat"]
    if seat is not None:
        seat = _whole(seat, 0, seats, f"chat[{i}].seat must be a seat or null")
    return StoredChat(
        seat,
        want_text(c["name"], f"chat[{i}].name", StoreError, MAX_NAME),
        want_text(c["text"], f"chat[{i}].text", StoreError, MAX_CHAT),
        _number(c["time"], f"chat[{i}].time"),
    )


def table_from_json(raw: bytes | str | dict[str, Any]) -> StoredTable:
    try:
        data = decode_json(raw, StoreError)
    except InputError as exc:  # pragma: no cover - decode_json raises StoreError
        raise StoreError(str(exc)) from None
    keys = set(_TABLE_KEYS) | ({"rules"} if isinstance(data, dict) and "rules" in data else set())
    d = _exact(data, keys, "the table file")
    if d["format"] != FORMAT or d["version"] != VERSION:
        raise StoreError(f"not a table file of version {VERSION}")
    table_id = want_text(d["id"], "id", StoreError, 64)
    rules = rules_of_document(d, StoreError)
    seats = [_seat_from_json(s, i) for i, s in enumerate(_entries(d["seats"]))]
    if not rules.min_players <= len(seats) <= rules.max_players:
        raise StoreError(
            f"the table has {len(seats)} seats; {rules.title} is for {rules.min_players} to {rules.max_players}"
        )
    host = _whole(d["host"], 0, len(seats), "host must be a seat")
    bot_seed = _whole(d["bot_seed"], 0, 2**63, "bot_seed must be a whole number")
    chat = [_chat_from_json(c, i, len(seats)) for i, c in enumerate(_entries(d["chat"]))]
    return StoredTable(
        table_id,
        want_text(d["title"], "title", StoreError, MAX_TITLE),
        rules,
        seats,
        host,
        _number(d["created"], "created"),
        bot_seed,
        chat[-CHAT_KEPT:],
    )


class RecordText:
    """A game's record text, as :func:`engine.record.write_record` writes
    it, made without writing every action's JSON again after each action
    (the actions written so far are kept)."""

    def __init__(self) -> None:
        self._actions: list[str] = []
        self._marker = f"@actions-{secrets.token_hex(16)}@"

    def text(self, state: GameState, players: list[PlayerInfo], extra: dict[str, Any] | None = None) -> str:
        done = self._actions
        if len(done) > len(state.history):  # pragma: no cover - a record only grows
            done.clear()
        for a in state.history[len(done) :]:
            done.append(json.dumps(a.to_json(), separators=(",", ":")))
        shallow = copy.copy(state)
        shallow.history = []
        data = record_to_json(shallow, players, extra)
        data["actions"] = self._marker
        head = json.dumps(data, separators=(",", ":"))
        return head.replace(json.dumps(self._marker), "[" + ",".join(done) + "]", 1)


def _rules_of(t: StoredTable) -> Callable[[str], Rules]:
    """The rules a table's record is read under: the table's own."""
    return lambda _name: t.rules


class TableStore:
    """The data folder of a server: one pair of files per table.

    Every save is atomic (a temporary file renamed over the old one), so a
    process killed at any moment leaves each file whole, old or new, and
    the new one as soon as the rename is done. With ``fsync_each`` every
    save is also flushed to the disk before it returns; otherwise
    :meth:`flush` flushes the files saved since the last call (the server
    calls it every second: a machine that loses power loses at most that)."""

    def __init__(self, folder: str | Path, fsync_each: bool = False) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.fsync_each = fsync_each
        self._dirty: set[Path] = set()
        self._lock = threading.Lock()

    def _write(self, path: Path, text: str) -> None:
        if self.fsync_each:
            write_atomic(path, text)
            return
        fd, tmp = tempfile.mkstemp(prefix=temp_prefix(path), suffix=TEMP_SUFFIX, dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        with self._lock:
            self._dirty.add(path)

    def flush(self) -> int:
        """Flush to the disk every file saved since the last flush (and the
        folder's entries); how many files."""
        with self._lock:
            dirty, self._dirty = self._dirty, set()
        for path in dirty:
            try:
                fd = os.open(path, os.O_RDONLY)
            except FileNotFoundError:
                continue
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        if dirty and hasattr(os, "O_DIRECTORY"):
            fd = os.open(self.folder, os.O_RDONLY | os.O_DIRECTORY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        return len(dirty)

    def table_path(self, table_id: str) -> Path:
        return self.folder / f"{table_id}{TABLE_SUFFIX}"

    def game_path(self, table_id: str) -> Path:
        return self.folder / f"{table_id}{GAME_SUFFIX}"

    def save_table(self, t: StoredTable) -> None:
        self._write(self.table_path(t.id), json.dumps(table_to_json(t), separators=(",", ":")))

    def save_game(self, table_id: str, text: str) -> None:
        self._write(self.game_path(table_id), text)

    def retire(self, table_id: str) -> None:
        """Move a finished table's files to finished/ (not resumed again)."""
        done = self.folder / "finished"
        done.mkdir(exist_ok=True)
        for p in (self.game_path(table_id), self.table_path(table_id)):
            with contextlib.suppress(FileNotFoundError):
                os.replace(p, done / p.name)

    def remove(self, table_id: str) -> None:
        for p in (self.game_path(table_id), self.table_path(table_id)):
            try:
                p.unlink()
            except FileNotFoundError:
                pass

    def load_all(self) -> list[tuple[StoredTable, LoadedGame | None]]:
        """Every table in the folder, with its game when it has begun. A
        damaged table is renamed ``*.damaged`` and left out."""
        out = []
        for path in sorted(self.folder.glob(f"*{TABLE_SUFFIX}")):
            table_id = path.name[: -len(TABLE_SUFFIX)]
            clean_temp_files(path)
            clean_temp_files(self.game_path(table_id))
            try:
                t = table_from_json(read_capped(path, "layout", StoreError))
                if t.id != table_id:
                    raise StoreError(f"the file of table {table_id} holds table {t.id}")
                game = None
                gpath = self.game_path(table_id)
                if gpath.exists():
                    game = load_record(
                        read_capped(gpath, "game record", RecordError), _rules_of(t), player_kinds=PLAYER_KINDS
                    )
                    if game.state.n != len(t.seats):
                        raise StoreError("the game and the table have different numbers of seats")
            except (StoreError, RecordError, OSError) as exc:
                log.error("table %s cannot be resumed: %s (its files are set aside as *.damaged)", table_id, exc)
                for p in (path, self.game_path(table_id)):
                    if p.exists():
                        os.replace(p, p.with_name(p.name + ".damaged"))
                continue
            out.append((t, game))
        return out
