"""Snapshots of a table's game in the journal, so that a restart need not
replay every move (issue 45, item 6).

A replay from the seed costs about 35 µs a move (2 s of CPU for a
60,000-move game), and so does reading the game's whole log back from JSON
(its 75,000 events are 8 MB). A snapshot avoids both with two kinds of row,
written by :meth:`.store.TableStore.append_moves` in the same write (the
same savepoint, the same commit) as the moves they follow, every
:data:`EVERY` moves (taken on the event loop, about 1 ms: :func:`take`;
written as text on the journal's thread: :meth:`Snapshot.encode`):

- ``logs``: the log entries since the table's previous snapshot (the
  actors, the events, the score history's new turns); never pruned while
  the table lives, as they are the log. Each event's sentence and facts
  are written once per chunk and named by number (a long game's sentences
  repeat), so reading them back builds each distinct sentence once.
- ``snapshots``: the position after move ``n`` (the full state but its
  logs: the exact stacks and hands, as the view format writes a position,
  :mod:`bigcity_desktop.engine.viewjson`); only the last :data:`KEPT` are
  kept.

Each ``logs`` row carries a digest chained over the rows before it and
the moves' text up to its ``n`` (SHA-256), and each ``snapshots`` row one
over its position and the chain at its ``n``: a restart (:func:`restore`)
rebuilds the state from the latest snapshot whose chain holds, then
replays, each one checked, only the moves after it. When none holds, or
its position cannot be read, or a later move is not legal from it, the
table is replayed from its seed as before, with one line in the log
saying why. No pickle: every row is JSON read by the strict readers.
"""

from __future__ import annotations

import copy
import hashlib
import json
import logging
import sqlite3
from dataclasses import dataclass
from typing import Any

from bigcity_desktop.engine.actions import Action, ActionFormatError, action_from_json
from bigcity_desktop.engine.cards import stack_of
from bigcity_desktop.engine.jsonio import is_int
from bigcity_desktop.engine.phases import Event, EventKind
from bigcity_desktop.engine.state import GameState
from bigcity_desktop.engine.viewjson import (
    ViewError,
    seat_view_json,
    shared_view_json,
    value_from_json,
    value_to_json,
    view_from_json,
)

from .quiet import LogLimiter

log = logging.getLogger("bigcity.server")
#: a snapshot that cannot be made is said once a minute, with a count (a bug would fail every one after)
say = LogLimiter(log)

FORMAT = "bigcity-snapshot"
VERSION = 1
#: moves between two snapshots of a table (bigcity-server --snapshot-every)
EVERY = 500
#: the snapshots kept of each table (the latest ones)
KEPT = 2

SCHEMA = """
CREATE TABLE IF NOT EXISTS logs (
    id TEXT NOT NULL,     -- the table's id
    n INTEGER NOT NULL,   -- the moves the log holds up to here
    events INTEGER NOT NULL, -- the events it holds up to here
    scores INTEGER NOT NULL, -- the score history's entries up to here
    chunk TEXT NOT NULL,  -- the entries since the row before (JSON)
    digest TEXT NOT NULL, -- SHA-256 of the row before's digest, this chunk and the moves up to n
    PRIMARY KEY (id, n)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS snapshots (
    id TEXT NOT NULL,     -- the table's id
    n INTEGER NOT NULL,   -- the position after the first n moves
    position TEXT NOT NULL, -- the full state but its logs (JSON, format bigcity-snapshot)
    digest TEXT NOT NULL, -- SHA-256 of the logs' digest at n and the position
    PRIMARY KEY (id, n)
) WITHOUT ROWID;
"""
#: the columns of the two tables (net/dbcheck.py knows a database of ours by them)
LAYOUT = {
    "logs": ("id", "n", "events", "scores", "chunk", "digest"),
    "snapshots": ("id", "n", "position", "digest"),
}

_compact = json.JSONEncoder(separators=(",", ":")).encode
_KINDS = {str(k): k for k in EventKind}
_PLAYER = (int, type(None))


class SnapshotError(ValueError):
    """A snapshot that cannot be used; the message says why."""


@dataclass(frozen=True)
class Mark:
    """Where a table's logs in the journal end: after move `n`, event
    `events`, score entry `scores`, with the chain's `digest` there."""

    n: int = 0
    events: int = 0
    scores: int = 0
    digest: str = ""


@dataclass
class Snapshot:
    """One snapshot to write, as :func:`take` takes it on the event loop
    (what it needs, without writing it: the log entries since `since`, the
    moves' text and the position's fields, each a value that no later move
    changes); :meth:`encode` writes its text on the journal's thread and sets
    `mark`, where the game's logs in the store stand once it is committed."""

    since: Mark
    n: int
    events: list[Event]
    actors: list[int]
    scores: list[tuple[int, tuple[int, ...]]]
    moves: list[str]
    position: dict[str, Any]
    mark: Mark | None = None

    def encode(self) -> tuple[str, str, str]:
        """The logs' chunk, the position and the position's digest as text (and :attr:`mark` set)."""
        texts: dict[str, int] = {}
        extras: dict[str, int] = {}
        events = []
        for e in self.events:
            ti = texts.setdefault(_compact(value_to_json(e.text)), len(texts))
            xi = extras.setdefault(_compact(value_to_json(e.extra)), len(extras))
            events.append(
                f"[{e.round},{e.turn},{'null' if e.player is None else e.player},{_compact(str(e.kind))},{ti},{xi}]"
            )
        chunk = (
            f'{{"actors":{_compact(self.actors)},"texts":[{",".join(texts)}],"extras":[{",".join(extras)}],'
            f'"events":[{",".join(events)}],"scores":{_compact([[r, list(sc)] for r, sc in self.scores])}}}'
        )
        digest = _chain(self.since.digest, chunk, self.moves)
        position = _compact(self.position)
        since = self.since
        self.mark = Mark(self.n, since.events + len(self.events), since.scores + len(self.scores), digest)
        return chunk, position, _sha(digest, position)


def _sha(*parts: str) -> str:
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def _chain(before: str, chunk: str, moves: list[str]) -> str:
    return _sha(before, chunk, *moves)


# ------------------------------------------------------------------ writing


def take(state: GameState, moves: list[str], since: Mark) -> Snapshot:
    """A snapshot of `state` (a full state), whose moves' JSON text is
    `moves` (what the journal holds of them), its logs from `since` on:
    the lists' new entries and the position's fields, on the event loop
    (about 1 ms); the rest on the journal's thread (:meth:`Snapshot.encode`)."""
    n = len(state.history)
    return Snapshot(
        since,
        n,
        state.events[since.events :],
        state.actors[since.n :],
        state.score_history[since.scores :],
        moves[since.n : n],
        position_to_json(state),
    )


def due(state: GameState, moves: list[str], since: Mark | None, every: int) -> Snapshot | None:
    """The snapshot to write with the moves up to `moves` (the game's whole
    JSON text), when `every` moves have been played since the last one
    (`since`; None: none are taken of this game); a snapshot that cannot be
    taken is said in the log and left out: it never costs a move."""
    if since is None or len(moves) - since.n < every:
        return None
    try:
        return take(state, moves, since)
    except Exception as exc:  # a bug of ours: the moves are saved all the same
        say("snapshot", logging.ERROR, "a snapshot of a game cannot be made: %s", exc)
        return None


def position_to_json(state: GameState) -> dict[str, Any]:
    """The full state but its logs: a view's fields (engine/viewjson.py) with
    the exact hands and offers of the first seat's view, and the exact stacks."""
    if state.viewer is not None or state.seed is None:
        raise ValueError("a snapshot is of a full state")
    bare = copy.copy(state)
    bare.history, bare.actors, bare.events, bare.score_history = [], [], [], []
    view = shared_view_json(bare)
    view.update(seat_view_json(bare, 0))
    view["hands"] = [list(h) for h in state.hands]
    view["offers"] = [
        [p, {"cards": list(o.cards), "face_up": o.face_up, "taken": list(o.taken)}] for p, o in state.offers.items()
    ]
    return {"format": FORMAT, "version": VERSION, "view": view, "stacks": [list(s) for s in state.stacks]}


def write(db: sqlite3.Connection, table_id: str, snap: Snapshot) -> None:
    """`snap` into the journal (inside the caller's transaction, on the
    journal's thread); the snapshots before the last :data:`KEPT` go. A
    snapshot from the start (a table resumed by a full replay) replaces
    whatever logs were there. One that cannot be written as text is left out
    (its :attr:`~Snapshot.mark` stays None): the moves it goes with are saved
    all the same."""
    try:
        chunk, position, digest = snap.encode()
    except Exception as exc:  # a bug of ours
        snap.mark = None
        say("snapshot", logging.ERROR, "a snapshot of table %s cannot be written: %s", table_id, exc)
        return
    m = snap.mark
    assert m is not None
    if snap.since.n == 0:
        delete(db, table_id)
    db.execute(
        "INSERT OR REPLACE INTO logs (id, n, events, scores, chunk, digest) VALUES (?, ?, ?, ?, ?, ?)",
        (table_id, m.n, m.events, m.scores, chunk, m.digest),
    )
    db.execute(
        "INSERT OR REPLACE INTO snapshots (id, n, position, digest) VALUES (?, ?, ?, ?)",
        (table_id, m.n, position, digest),
    )
    db.execute(
        "DELETE FROM snapshots WHERE id = ? AND n NOT IN "
        "(SELECT n FROM snapshots WHERE id = ? ORDER BY n DESC LIMIT ?)",
        (table_id, table_id, KEPT),
    )


def delete(db: sqlite3.Connection, table_id: str) -> None:
    db.execute("DELETE FROM logs WHERE id = ?", (table_id,))
    db.execute("DELETE FROM snapshots WHERE id = ?", (table_id,))


# ------------------------------------------------------------------ reading


@dataclass
class Restored:
    """A state rebuilt from a snapshot: `replayed` moves were played after it."""

    state: GameState
    mark: Mark
    replayed: int


def restore(db: sqlite3.Connection, table_id: str, fresh: GameState, moves: list[str]) -> Restored | None:
    """The game of `table_id` rebuilt from its latest usable snapshot and
    the moves after it (`moves`: every move's JSON text; `fresh`: the
    game's position before its first move, read from its record head).
    None when it has no snapshot; SnapshotError with a sentence when the
    snapshots cannot be used (the caller replays from the seed)."""
    rows = db.execute(
        "SELECT n, events, scores, chunk, digest FROM logs WHERE id = ? ORDER BY n", (table_id,)
    ).fetchall()
    snaps = db.execute(
        "SELECT n, position, digest FROM snapshots WHERE id = ? AND n <= ? ORDER BY n DESC", (table_id, len(moves))
    ).fetchall()
    if not snaps:
        if rows:
            raise SnapshotError("the journal holds logs of the game but no snapshot")
        return None
    # the chain of the logs, checked against the moves, up to the latest snapshot
    chains: dict[int, tuple[int, str]] = {}  # n -> (rows read, digest there)
    digest, at = "", 0
    for i, (n, _events, _scores, chunk, stored) in enumerate(rows):
        if n <= at or n > len(moves):
            break
        digest = _chain(digest, chunk, moves[at:n])
        if digest != stored:
            break
        chains[n] = (i + 1, digest)
        at = n
    for n, position, stored in snaps:
        if n not in chains or _sha(chains[n][1], position) != stored:
            continue
        used = rows[: chains[n][0]]
        state = _rebuild(fresh, position, used, moves[:n])
        return Restored(_replay(state, moves[n:]), Mark(n, used[-1][1], used[-1][2], chains[n][1]), len(moves) - n)
    raise SnapshotError("no snapshot matches the moves and logs the journal holds (its digest differs)")


#: actions read back by their text (a long game's moves repeat; an action is a frozen value)
def _actions(texts: list[str]) -> list[Action]:
    known: dict[str, Action] = {}
    out = []
    for i, t in enumerate(texts):
        a = known.get(t)
        if a is None:
            try:
                a = known[t] = action_from_json(json.loads(t))
            except (ActionFormatError, ValueError) as exc:
                raise SnapshotError(f"move {i + 1} is damaged: {exc}") from None
        out.append(a)
    return out


def _rebuild(fresh: GameState, position: str, rows: list[Any], moves: list[str]) -> GameState:
    """The full state at the snapshot: its position, the logs' chunks and the moves before it."""
    try:
        data = json.loads(position)
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
            raise SnapshotError(f"not a snapshot of version {VERSION}")
        state = view_from_json(data["view"], rules=fresh.rules)
        state.stacks = _stacks(data["stacks"], state.stacks)
    except (ViewError, KeyError, TypeError, ValueError) as exc:
        raise SnapshotError(f"the position cannot be read: {exc}") from None
    state.viewer, state.seed, state.rng = None, fresh.seed, fresh.rng
    state.history = _actions(moves)
    for _n, events, scores, chunk, _digest in rows:
        _read_chunk(state, chunk)
        if len(state.events) != events or len(state.score_history) != scores:
            raise SnapshotError("a chunk of the logs holds other counts than its row says")
    if len(state.actors) != len(state.history) or state.names != fresh.names or state.n != fresh.n:
        raise SnapshotError("the snapshot is not of this game")
    return state


def _stacks(raw: Any, hidden: list[list[int]]) -> list[list[int]]:
    """The exact stacks, as many cards of each stack as the view counts."""
    if not isinstance(raw, list) or len(raw) != len(hidden):
        raise SnapshotError("the stacks are not the view's")
    out = []
    for i, (cards, counted) in enumerate(zip(raw, hidden)):
        if (
            not isinstance(cards, list)
            or len(cards) != len(counted)
            or not all(is_int(c) and stack_of(c) == i for c in cards)
        ):
            raise SnapshotError(f"stack {i} holds other cards than its own")
        out.append(list(cards))
    return out


def _read_chunk(state: GameState, chunk: str) -> None:
    """One chunk of the logs added to `state`'s (each distinct sentence and facts read once, strictly)."""
    try:
        data = json.loads(chunk)
        texts = [value_from_json(t, "a sentence") for t in data["texts"]]
        extras = [value_from_json(x, "an event's facts") for x in data["extras"]]
        if not all(isinstance(t, str) for t in texts) or not all(isinstance(x, dict) for x in extras):
            raise SnapshotError("a sentence or an event's facts are of the wrong kind")
        kinds, event = _KINDS, Event
        events = [event(r, turn, p, kinds[k], texts[ti], extras[xi]) for r, turn, p, k, ti, xi in data["events"]]
        # (the rows' digests hold the text as written; the numbers are checked for kind only)
        if not all(type(e.round) is int and type(e.turn) is int and type(e.player) in _PLAYER for e in events):
            raise SnapshotError("an event's round, turn or player is not a number")
        state.events.extend(events)
        actors = data["actors"]
        if not all(is_int(p) and 0 <= p < state.n for p in actors):
            raise SnapshotError("an actor is not a player")
        state.actors.extend(actors)
        for r, scores in data["scores"]:
            if not is_int(r) or not isinstance(scores, list) or len(scores) != state.n:
                raise SnapshotError("an entry of the score history is damaged")
            state.score_history.append((r, tuple(scores)))
    except (ViewError, KeyError, IndexError, TypeError, ValueError) as exc:
        raise SnapshotError(f"the logs cannot be read: {exc}") from None


def _replay(state: GameState, moves: list[str]) -> GameState:
    """The moves after the snapshot, each checked, played on it."""
    for a in _actions(moves):
        reason = state.check(a)
        if reason is not None:
            raise SnapshotError(f"move {len(state.history) + 1} is not legal after the snapshot: {reason}")
        state.apply(a)
    return state
