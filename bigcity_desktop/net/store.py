"""How a server keeps its tables on disk, so that a restart resumes them.

A server's data folder holds one SQLite database, ``tables.sqlite3`` (WAL
mode), written by a thread of its own in group commits (:mod:`.journal`):

- each table's document (format ``bigcity-table``): title, rules, seats
  with their players' names, the SHA-256 of each seat's token (never the
  token itself), the host, the chat;
- once its game has begun, the game's record head (the ordinary record,
  ``bigcity-game``, without its actions and scores) and its moves, one row
  per action, appended as they are played: a move costs the same at the
  end of a long game as at its start.

- every ``--snapshot-every`` moves, in the same write as those moves, a
  snapshot of the game (:mod:`.snapshots`): its logs since the last one and
  its position.

Resuming (:mod:`.resume`, on a thread of its own once the server listens)
reads each table back through the strict reading layer and rebuilds its
game from its latest snapshot and the moves after it, or replays its
record (head and moves) when no snapshot can be used; a damaged or foreign table costs only itself (it
is set aside, never deleted, and named in the log). A finished table leaves the database
for two files in ``finished/``, its record an ordinary record file. A data
folder of the former kind (two files per table) is converted on starting.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import functools
import json
import logging
import os
import re
import secrets
import shutil
import sqlite3
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bigcity_desktop.bots.levels import PLAYER_KINDS
from bigcity_desktop.engine.jsonio import MAX_NAME, InputError, decode_json, is_int, read_capped, short, want_text
from bigcity_desktop.engine.record import (
    LoadedGame,
    PlayerInfo,
    RecordError,
    clean_temp_files,
    load_record,
    record_to_json,
    write_atomic,
)
from bigcity_desktop.engine.rules import Rules, edition_fields, rules_of_document
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.engine.state import GameState

from . import snapshots
from .clocks import ClockError, TableClock
from .dbcheck import APPLICATION_ID, FolderLock, WalDamage, foreign, wal_damage
from .identity import PLAYER_ID
from .journal import Journal, connect
from .owneronly import own_file, own_folder
from .players import SqlPlayers
from .players import create as create_players
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
    player: str | None = None  # the seat's player's id (net/identity.py), when they proved one


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
    public: bool = False
    invite: str | None = None  # the invitation secret (None in a file written before there were any)
    rated: bool = False  # the result changes the players' ratings
    min_finished: int | None = None  # the least share of finished games a player needs to join
    clock: dict[str, Any] | None = None  # the time control and the time left (net/clocks.py), None: off
    paused: bool = False  # paused by agreement of all (net/pausing.py)


def table_to_json(t: StoredTable) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": t.id,
        "title": t.title,
        **edition_fields(t.rules),
        "rules_digest": t.rules.digest,
        "seats": [
            {
                "kind": s.kind,
                "level": s.level,
                "name": s.name,
                "token_sha256": s.token_hash,
                "bot_after": s.bot_after,
                **({"player": s.player} if s.player is not None else {}),
            }
            for s in t.seats
        ],
        "host": t.host,
        "created": t.created,
        "bot_seed": t.bot_seed,
        "chat": [{"seat": c.seat, "name": c.name, "text": c.text, "time": c.time} for c in t.chat[-CHAT_KEPT:]],
        "public": t.public,
        **({"invite": t.invite} if t.invite is not None else {}),
        **({"rated": True} if t.rated else {}),
        **({"min_finished": t.min_finished} if t.min_finished is not None else {}),
        **({"clock": t.clock} if t.clock is not None else {}),
        **({"paused": True} if t.paused else {}),
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
_INVITE = re.compile(r"[A-Za-z0-9_-]{22,64}")
#: entries a table file may leave out (those of a file written before them)
_LATER_KEYS = frozenset({"rules", "public", "invite", "rated", "min_finished", "clock", "paused"})
_SEAT_KEYS = frozenset({"kind", "level", "name", "token_sha256", "bot_after"})
_CHAT_KEYS = frozenset({"seat", "name", "text", "time"})


def _entries(v: Any) -> list[Any]:
    return v if isinstance(v, list) else []


def _whole(v: Any, low: int, high: int, sentence: str) -> int:
    if not is_int(v) or not low <= v < high:
        raise StoreError(sentence)
    return int(v)


def _seat_from_json(s: Any, i: int) -> StoredSeat:
    s = _exact(s, set(_SEAT_KEYS) | ({"player"} & set(s) if isinstance(s, dict) else set()), f"seats[{i}]")
    if s["kind"] not in tuple(SeatKind):
        raise StoreError(f"seats[{i}].kind must be human or bot")
    level = None if s["level"] is None else want_text(s["level"], f"seats[{i}].level", StoreError, 40)
    name = None if s["name"] is None else want_text(s["name"], f"seats[{i}].name", StoreError, MAX_NAME)
    token = s["token_sha256"]
    if token is not None and not (isinstance(token, str) and len(token) == 64):
        raise StoreError(f"seats[{i}].token_sha256 must be a SHA-256 in hex")
    after = None if s["bot_after"] is None else min(_number(s["bot_after"], f"seats[{i}]"), MAX_BOT_AFTER)
    player = s.get("player")
    if player is not None and not (isinstance(player, str) and PLAYER_ID.fullmatch(player)):
        raise StoreError(f"seats[{i}].player must be a player id")
    return StoredSeat(SeatKind(s["kind"]), level, name, token, after, player)


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
    keys = set(_TABLE_KEYS) | (set(_LATER_KEYS) & set(data) if isinstance(data, dict) else set())
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
    public = d.get("public", False)
    invite = d.get("invite")
    if not isinstance(public, bool):
        raise StoreError("public must be true or false")
    if invite is not None and not (isinstance(invite, str) and _INVITE.fullmatch(invite)):
        raise StoreError("invite must be an invitation secret (22 to 64 letters, digits, - and _)")
    clock = d.get("clock")
    if clock is not None:
        try:
            TableClock.from_json(clock, len(seats))
        except ClockError as exc:
            raise StoreError(str(exc)) from None
    return StoredTable(
        table_id,
        want_text(d["title"], "title", StoreError, MAX_TITLE),
        rules,
        seats,
        host,
        _number(d["created"], "created"),
        bot_seed,
        chat[-CHAT_KEPT:],
        public,
        invite,
        d.get("rated") is True,
        None if d.get("min_finished") is None else _whole(d["min_finished"], 0, 101, "min_finished must be a per cent"),
        clock,
        d.get("paused") is True,
    )


#: json.dumps(x, separators=(",", ":")) with one encoder (an action's JSON after every move)
_compact = json.JSONEncoder(separators=(",", ":")).encode


class RecordText:
    """A game's record text, as :func:`engine.record.write_record` writes
    it, made without writing every action's JSON again after each action
    (the actions written so far are kept)."""

    def __init__(self) -> None:
        self._actions: list[str] = []
        self._marker = f"@actions-{secrets.token_hex(16)}@"

    def actions(self, state: GameState) -> list[str]:
        """The JSON text of each action of the game (kept: only the new ones are written)."""
        done = self._actions
        if len(done) > len(state.history):  # pragma: no cover - a record only grows
            done.clear()
        for a in state.history[len(done) :]:
            done.append(_compact(a.to_json()))
        return done

    def resume(self, texts: list[str]) -> None:
        """The game's actions as the store holds them (a resumed table: its
        first save after a restart then writes only what is new, rather than
        every action's JSON again on the event loop, 0.9 s for 60,000)."""
        self._actions = list(texts)

    def cut(self, length: int) -> None:
        """The game went back to its first `length` actions."""
        del self._actions[length:]

    def text(self, state: GameState, players: list[PlayerInfo], extra: dict[str, Any] | None = None) -> str:
        done = self.actions(state)
        shallow = copy.copy(state)
        shallow.history = []
        data = record_to_json(shallow, players, extra)
        data["actions"] = self._marker
        head = json.dumps(data, separators=(",", ":"))
        return head.replace(json.dumps(self._marker), "[" + ",".join(done) + "]", 1)


def game_head(state: GameState, players: list[PlayerInfo], extra: dict[str, Any] | None = None) -> str:
    """A game's record without its actions and scores (what the database
    keeps of a game besides its moves: it changes only when a seat goes to a bot)."""
    shallow = copy.copy(state)
    shallow.history = []
    data = record_to_json(shallow, players, extra)
    del data["actions"], data["scores"]
    return json.dumps(data, separators=(",", ":"))


def record_of(head: str, actions: list[str]) -> str:
    """The record text of a head and its actions' JSON (an ordinary record without its scores)."""
    return head[:-1] + ',"actions":[' + ",".join(actions) + "]}"


def _rules_of(t: StoredTable) -> Callable[[str], Rules]:
    """The rules a table's record is read under: the table's own."""
    return lambda _name: t.rules


def _load_game(t: StoredTable, raw: bytes | str) -> LoadedGame:
    game = load_record(raw, _rules_of(t), player_kinds=PLAYER_KINDS)
    if game.state.n != len(t.seats):
        raise StoreError("the game and the table have different numbers of seats")
    of = game.extra.get("table")
    if of != t.id:
        whose = f"of table {short(of)}" if of is not None else "of no table, not a server's"
        raise StoreError(f"the game is a record {whose}")
    return game


def set_aside(path: Path) -> Path:
    """`path` renamed ``<name>.damaged`` (``.damaged-2``, ``-3``… when that
    is taken: nothing set aside before is replaced); the new path."""
    aside = path.with_name(path.name + ".damaged")
    n = 2
    while aside.exists() or aside.is_symlink():
        aside = path.with_name(f"{path.name}.damaged-{n}")
        n += 1
    os.replace(path, aside)
    return aside


def read_table_files(
    folder: Path, taken: frozenset[str] = frozenset(), damaged: dict[str, str] | None = None
) -> list[tuple[StoredTable, LoadedGame | None]]:
    """The tables of a data folder of the former kind (a pair of files per
    table, ``<id>.table.json`` and ``<id>.game.json``). A damaged table's
    files (or a table's whose id is `taken` already) are set aside, renamed
    ``*.damaged`` (:func:`set_aside`), and it is left out (and put in
    `damaged`, with why, unless its id is taken)."""
    out = []
    for path in sorted(folder.glob(f"*{TABLE_SUFFIX}")):
        table_id = path.name[: -len(TABLE_SUFFIX)]
        gpath = folder / f"{table_id}{GAME_SUFFIX}"
        clean_temp_files(path)
        clean_temp_files(gpath)
        try:
            t = table_from_json(read_capped(path, "layout", StoreError))
            if t.id != table_id:
                raise StoreError(f"the file of table {table_id} holds table {t.id}")
            if t.id in taken:
                raise StoreError(f"the database holds a table {t.id} already")
            game = _load_game(t, read_capped(gpath, "game record", RecordError)) if gpath.exists() else None
        except (StoreError, RecordError, OSError) as exc:
            log.error("table %s cannot be resumed from its files: %s (they are set aside as *.damaged)", table_id, exc)
            if damaged is not None and table_id not in taken:
                damaged[table_id] = str(exc)
            for p in (path, gpath):
                if p.exists() or p.is_symlink():
                    set_aside(p)
            continue
        out.append((t, game))
    return out


#: the database of a data folder
DB_NAME = "tables.sqlite3"
#: the version of its layout (PRAGMA user_version); 2: the players' tables (net/players.py);
#: 3: the games' snapshots and logs (net/snapshots.py). A database of an earlier version is
#: brought up to this one on opening (the tables it lacks are made); a later one is refused.
DB_VERSION = 3

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,  -- the table's id
    doc TEXT NOT NULL,    -- the table (format bigcity-table)
    head TEXT,            -- once the game has begun: its record without actions and scores
    damaged TEXT          -- why it cannot be resumed (set aside), or NULL
);
CREATE TABLE IF NOT EXISTS moves (
    id TEXT NOT NULL,     -- the table's id
    n INTEGER NOT NULL,   -- the action's place in the game's history, from 0
    action TEXT NOT NULL, -- the action's JSON, as in a record
    PRIMARY KEY (id, n)
) WITHOUT ROWID;
"""


def _setup(db: sqlite3.Connection) -> None:
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > DB_VERSION:
        raise StoreError(f"the tables' database is of a later version ({version}) than this server's ({DB_VERSION})")
    for statement in _SCHEMA.split(";"):
        if statement.strip():
            db.execute(statement)
    create_players(db)
    if version < 3:  # its games have no snapshot yet: each is replayed from its seed once, then snapshotted
        for statement in snapshots.SCHEMA.split(";"):
            if statement.strip():
                db.execute(statement)
    db.execute(f"PRAGMA user_version={DB_VERSION}")
    db.execute(f"PRAGMA application_id={APPLICATION_ID}")


@dataclass
class Loaded:
    """A table read back: its game (None before it begins) and where its
    logs stand in the journal (net/snapshots.py; None: take no snapshots)."""

    table: StoredTable
    game: LoadedGame | None
    mark: snapshots.Mark | None
    texts: list[str] = field(default_factory=list)  # the game's actions' JSON, as the store holds them


class TableStore:
    """The data folder of a server: one SQLite database (``tables.sqlite3``,
    WAL mode) holding each table's document, its game's record head and the
    game's moves, one row per move.

    Every write goes to the journal's thread (:class:`.journal.Journal`) and
    comes back as a future, done once it is committed: the server tells of a
    move only then. A committed move survives a killed process at once; it
    survives a power cut once flushed: at its commit with ``fsync_each``,
    otherwise by :meth:`flush` (the server calls it every second)."""

    def __init__(self, folder: str | Path, fsync_each: bool = False, snapshot_every: int = snapshots.EVERY) -> None:
        self.folder = Path(folder)
        try:
            own_folder(self.folder, parents=True)  # 0700: chat, names, invitations (net/owneronly.py)
        except OSError as exc:
            raise StoreError(f"the data folder {self.folder} cannot be made: {exc.strerror or exc}") from None
        self.fsync_each = fsync_each
        #: moves between two snapshots of a game (net/snapshots.py; the server's --snapshot-every)
        self.snapshot_every = snapshot_every
        #: the moves replayed to resume the table read last (after its snapshot, or all): tests count them
        self.replayed = 0
        self.path = self.folder / DB_NAME
        try:
            own_file(self.path)  # 0600, and so its -wal and -shm
        except OSError as exc:
            raise StoreError(f"the tables' database {self.path} cannot be made: {exc.strerror or exc}") from None
        self.damaged: dict[str, str] = {}  # the tables set aside: id -> why
        self.lock = FolderLock(self.folder)  # one server per data folder
        try:
            held = self.lock.acquire()
        except OSError as exc:
            raise StoreError(f"the data folder {self.folder} cannot be locked: {exc.strerror or exc}") from None
        if held is not None:
            raise StoreError(held)
        try:
            self._open()
        except BaseException:
            self.lock.release()
            raise

    def _open(self) -> None:
        """The database opened once it is known to be ours (nothing is written
        to another's), its log's damage named first (dbcheck.py)."""
        why = foreign(self.path, DB_VERSION)
        if why is not None:
            raise StoreError(f"{why}; it is left as it is (move it away, or give the server another --data-dir)")
        wal = self.path.with_name(self.path.name + "-wal")
        damage = wal_damage(wal)
        kept = None
        if damage is not None:  # SQLite drops what follows the damage when it opens: a copy is kept first
            kept = wal.with_name(wal.name + ".damaged")
            n = 2
            while kept.exists():
                kept = wal.with_name(f"{wal.name}.damaged-{n}")
                n += 1
            shutil.copyfile(wal, kept)
        try:
            self.journal = Journal(self.path, self.fsync_each, _setup)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"the tables' database {self.path} cannot be opened: {exc}") from None
        if damage is not None:
            self._log_damage(damage, kept)

    def _log_damage(self, damage: WalDamage, kept: Path | None) -> None:
        db = self.reader()
        try:
            lost = {
                (t, n)
                for t, n in damage.moves
                if db.execute("SELECT 1 FROM moves WHERE id = ? AND n = ?", (t, n)).fetchone() is None
            }
        finally:
            db.close()
        log.error(
            "the tables' database log %s-wal is damaged at frame %d of %d: %d commits after it cannot be read; "
            "the moves lost: %s (a copy of the log is kept as %s)",
            self.path.name,
            damage.frame,
            damage.frames,
            damage.commits_lost,
            damage.words(lost),
            kept,
        )

    # -- writing (each returns a future, done once committed)
    def save_table(self, t: StoredTable) -> Future[None]:
        doc = json.dumps(table_to_json(t), separators=(",", ":"))
        return self.journal.submit(
            lambda db: db.execute(
                "INSERT INTO tables (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc",
                (t.id, doc),
            )
        )

    def begin_game(self, t: StoredTable, head: str) -> Future[None]:
        """A game begins: the table's document and the game's record head, in one commit."""
        doc = json.dumps(table_to_json(t), separators=(",", ":"))

        def write(db: sqlite3.Connection) -> None:
            db.execute("UPDATE tables SET doc = ?, head = ? WHERE id = ?", (doc, head, t.id))
            db.execute("DELETE FROM moves WHERE id = ?", (t.id,))
            snapshots.delete(db, t.id)

        return self.journal.submit(write)

    def save_head(self, table_id: str, head: str) -> Future[None]:
        """The game's record head (:func:`game_head`): when it begins and when its players change."""
        return self.journal.submit(lambda db: db.execute("UPDATE tables SET head = ? WHERE id = ?", (head, table_id)))

    def append_moves(
        self, table_id: str, first: int, actions: list[str], snapshot: snapshots.Snapshot | None = None
    ) -> Future[None] | asyncio.Future[None]:
        """The game's actions from its `first` one on, and the `snapshot`
        after them (net/snapshots.py), in one write: both or neither. Called
        on a running event loop (the server's every move), the future is the
        loop's (journal.py: submit_here), else a thread-safe one."""
        rows = [(table_id, first + i, a) for i, a in enumerate(actions)]

        def write(db: sqlite3.Connection) -> None:
            db.executemany("INSERT OR REPLACE INTO moves (id, n, action) VALUES (?, ?, ?)", rows)
            if snapshot is not None:
                snapshots.write(db, table_id, snapshot)

        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return self.journal.submit(write)
        return self.journal.submit_here(write)

    def save_snapshot(self, table_id: str, snapshot: snapshots.Snapshot) -> Future[None]:
        """A snapshot alone (of a table replayed from its seed on resuming)."""
        return self.journal.submit(lambda db: snapshots.write(db, table_id, snapshot))

    def retire(self, t: StoredTable, record: str) -> Future[None]:
        """A finished table leaves the database; its files go to finished/
        (the record as any record file, which the app opens)."""
        done = self.folder / "finished"
        doc = json.dumps(table_to_json(t), separators=(",", ":"))

        def write(db: sqlite3.Connection) -> None:
            own_folder(done)
            write_atomic(done / f"{t.id}{GAME_SUFFIX}", record)
            write_atomic(done / f"{t.id}{TABLE_SUFFIX}", doc)
            _delete(db, t.id)

        return self.journal.submit(write)

    def remove(self, table_id: str) -> Future[None]:
        return self.journal.submit(lambda db: _delete(db, table_id))

    def flush(self) -> Future[None]:
        """Flush every commit so far to the disk."""
        return self.journal.checkpoint()

    def close(self) -> None:
        """Commit and flush what is waiting; no write is taken after; the
        data folder is let go of."""
        try:
            self.journal.close()
        finally:
            self.lock.release()

    # -- reading
    def record_text(self, table_id: str) -> str | None:
        """The record of a table's game as saved so far (None before it begins)."""
        db = connect(self.path, self.fsync_each)
        try:
            row = db.execute("SELECT head FROM tables WHERE id = ?", (table_id,)).fetchone()
            if row is None or row[0] is None:
                return None
            moves = [a for (a,) in db.execute("SELECT action FROM moves WHERE id = ? ORDER BY n", (table_id,))]
            return record_of(row[0], moves)
        finally:
            db.close()

    def prepare(self) -> list[str]:
        """Ready to resume: a data folder of the former kind converted, the
        tables set aside noted (:attr:`damaged`); the ids of the others, the
        most recently created first."""
        self._convert()
        db = self.reader()
        try:
            aside = db.execute("SELECT id, damaged FROM tables WHERE damaged IS NOT NULL")
            self.damaged.update(dict(aside.fetchall()))
            return [i for (i,) in db.execute("SELECT id FROM tables WHERE damaged IS NULL ORDER BY rowid DESC")]
        finally:
            db.close()

    def players(self) -> SqlPlayers:
        """The players, their ratings and finished games, in this database (net/players.py)."""
        return SqlPlayers(self.journal.submit, self.reader())

    def reader(self) -> sqlite3.Connection:
        """A connection to read tables with (:meth:`load`), the caller's to close."""
        return connect(self.path, self.fsync_each)

    def restored(self, table_id: str, fresh: GameState, texts: list[str]) -> GameState | None:
        """The game of `table_id` after its saved moves `texts`, from its
        latest snapshot and the moves after it (`fresh`: its position before
        the first move); None when it has no snapshot or it cannot be used
        (the caller replays from the seed). Run off the event loop."""
        try:
            db = self.reader()
            try:
                back = snapshots.restore(db, table_id, fresh, texts)
            finally:
                db.close()
        except Exception as exc:  # whatever a snapshot does wrong costs a replay, never the table
            log.warning(
                "table %s: its snapshot cannot be used (%s); its moves are replayed from the start", table_id, exc
            )
            return None
        return None if back is None else back.state

    def load(self, db: sqlite3.Connection, table_id: str) -> Loaded | None:
        """One table, with its game rebuilt when it has begun (from its
        latest snapshot and the moves after it, else replayed from the seed:
        net/snapshots.py); None when it is gone or damaged (a damaged table
        is set aside: marked so in the database, and named in the log)."""
        row = db.execute("SELECT doc, head FROM tables WHERE id = ? AND damaged IS NULL", (table_id,)).fetchone()
        if row is None:
            return None
        try:
            return self._table_of(db, table_id, row[0], row[1])
        except (StoreError, RecordError) as exc:
            log.error("table %s cannot be resumed: %s (it is set aside)", table_id, exc)
            self._set_aside(table_id, str(exc))
            self.damaged[table_id] = str(exc)
            return None

    def load_all(self) -> list[tuple[StoredTable, LoadedGame | None]]:
        """Every table (:meth:`prepare`, then :meth:`load` of each), by id."""
        ids = sorted(self.prepare())
        db = self.reader()
        try:
            return [(x.table, x.game) for x in (self.load(db, i) for i in ids) if x is not None]
        finally:
            db.close()

    def _set_aside(self, table_id: str, why: str) -> None:
        self.journal.submit(
            lambda db: db.execute("UPDATE tables SET damaged = ? WHERE id = ?", (why, table_id))
        ).result()

    def _table_of(self, db: sqlite3.Connection, table_id: str, doc: str, head: str | None) -> Loaded:
        t = table_from_json(doc)
        if t.id != table_id:
            raise StoreError(f"the row of table {table_id} holds table {t.id}")
        if head is None:
            return Loaded(t, None, snapshots.Mark())
        moves = db.execute("SELECT n, action FROM moves WHERE id = ? ORDER BY n", (table_id,)).fetchall()
        if any(n != i for i, (n, _) in enumerate(moves)):
            raise StoreError("the game's moves are not numbered one after another")
        texts = [a for _, a in moves]
        fresh = _load_game(t, record_of(head, []))
        try:
            restored = snapshots.restore(db, table_id, fresh.state, texts)
        except Exception as exc:  # whatever a snapshot does wrong costs a replay, never the table
            why = str(exc) if isinstance(exc, snapshots.SnapshotError) else f"its snapshot cannot be read ({exc!r})"
            log.warning("table %s: %s; its %s moves are replayed from the start", table_id, why, f"{len(texts):,}")
            restored = None
        if restored is not None:
            self.replayed = restored.replayed
            game = LoadedGame(restored.state, fresh.players, fresh.warnings, fresh.extra)
            return Loaded(t, game, restored.mark, texts)
        self.replayed = len(texts)
        game = _load_game(t, record_of(head, texts))
        return Loaded(t, game, self._snapshot_now(table_id, game.state, texts), texts)

    def _snapshot_now(self, table_id: str, state: GameState, texts: list[str]) -> snapshots.Mark | None:
        """Where the logs of a game replayed from its seed stand in the journal:
        a long one is snapshotted at once (off the event loop: the resume's
        thread), so that its next snapshot writes only what follows; None when
        that cannot be saved (no snapshots are taken of it then)."""
        if len(texts) < self.snapshot_every:
            return snapshots.Mark()
        try:
            snap = snapshots.take(state, texts, snapshots.Mark())
            self.save_snapshot(table_id, snap).result()
        except Exception as exc:
            log.error("table %s: its snapshot cannot be saved (%s)", table_id, exc)
            return None
        return snap.mark  # (None when it could not be written)

    def _convert(self) -> None:
        """Tables saved as files (before the database) move into it; their
        files go to converted/ once the database holds them."""
        if not any(self.folder.glob(f"*{TABLE_SUFFIX}")):
            return
        db = connect(self.path, self.fsync_each)
        try:
            taken = frozenset(i for (i,) in db.execute("SELECT id FROM tables"))
        finally:
            db.close()
        legacy = read_table_files(self.folder, taken, self.damaged)
        if not legacy:
            return
        for t, game in legacy:
            doc = json.dumps(table_to_json(t), separators=(",", ":"))
            head = None
            actions: list[str] = []
            if game is not None:
                head = game_head(game.state, game.players, game.extra or {"table": t.id})
                actions = RecordText().actions(game.state)
            self.journal.submit(functools.partial(_put, table_id=t.id, doc=doc, head=head, actions=actions))
        self.journal.checkpoint().result()  # every table is in the database, and on the disk
        kept = self.folder / "converted"
        own_folder(kept)
        for t, _ in legacy:
            for p in (self.folder / f"{t.id}{TABLE_SUFFIX}", self.folder / f"{t.id}{GAME_SUFFIX}"):
                with contextlib.suppress(FileNotFoundError):
                    os.replace(p, kept / p.name)
        log.info("%d tables saved as files moved into %s (the files are in %s)", len(legacy), self.path, kept)


def _delete(db: sqlite3.Connection, table_id: str) -> None:
    db.execute("DELETE FROM moves WHERE id = ?", (table_id,))
    snapshots.delete(db, table_id)
    db.execute("DELETE FROM tables WHERE id = ?", (table_id,))


def _put(db: sqlite3.Connection, table_id: str, doc: str, head: str | None, actions: list[str]) -> None:
    """A whole table at once (a converted one)."""
    _delete(db, table_id)
    db.execute("INSERT INTO tables (id, doc, head) VALUES (?, ?, ?)", (table_id, doc, head))
    db.executemany(
        "INSERT INTO moves (id, n, action) VALUES (?, ?, ?)", [(table_id, i, a) for i, a in enumerate(actions)]
    )
