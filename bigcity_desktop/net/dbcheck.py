"""What a server checks of its data folder before it writes a byte there.

- :func:`foreign` — is ``tables.sqlite3`` a database of ours? Our
  databases carry an ``application_id`` (:data:`APPLICATION_ID`); one made
  before it did is known by its layout. Anything else is refused and left
  as it is: it is read from its header, or opened read-only.
- :class:`FolderLock` — one server per data folder: a lock held on
  ``server.lock`` for the server's life, the file naming the process (pid,
  port) that holds it, so that a second server says which one runs.
- :func:`wal_damage` — the write-ahead log (``tables.sqlite3-wal``) read
  frame by frame, its checksums checked, before SQLite opens it: SQLite
  silently drops every commit after a damaged frame; this names what it
  drops (the moves in the frames it will not read), and the log is copied
  aside first.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from . import snapshots
from .players import LAYOUT

#: PRAGMA application_id of a server's tables database ("BCDT")
APPLICATION_ID = 0x42434454
_MAGIC = b"SQLite format 3\x00"
#: the tables and columns of a database of ours (before it carried its application_id), the players' (version 2)
#: and the snapshots' (version 3)
OUR_LAYOUT = {"tables": ("id", "doc", "head", "damaged"), "moves": ("id", "n", "action"), **LAYOUT, **snapshots.LAYOUT}


def foreign(path: Path, version: int) -> str | None:
    """Why the database at `path` is not ours to write (a sentence), or None
    (it is ours, of `version` or before, or it is new or empty). Nothing is written."""
    try:
        with open(path, "rb") as f:
            head = f.read(100)
    except FileNotFoundError:
        return None
    if not head:
        return None
    if len(head) < 100 or not head.startswith(_MAGIC):
        return f"{path} is not an SQLite database"
    user_version, app_id = struct.unpack(">I", head[60:64])[0], struct.unpack(">I", head[68:72])[0]
    if app_id not in (0, APPLICATION_ID):
        return f"{path} is another program's database (application id {app_id:#x})"
    if user_version > version:
        return f"the tables' database {path} is of a later version ({user_version}) than this server's ({version})"
    try:
        names, layout = _layout(path, "mode=ro")
    except sqlite3.Error:
        try:  # a log without its index (-shm), which read-only cannot make: the file alone
            names, layout = _layout(path, "immutable=1")
        except sqlite3.Error as exc:
            return f"{path} cannot be read: {exc}"
    others = sorted(n for n in names if n not in OUR_LAYOUT)
    if others:
        return f"{path} is not a Big City tables' database (it holds the tables {', '.join(others[:5])})"
    wrong = sorted(n for n, cols in layout.items() if cols != OUR_LAYOUT[n])
    if wrong:
        return f"{path} is not a Big City tables' database (its table {wrong[0]} has other columns)"
    return None


def _layout(path: Path, how: str) -> tuple[list[str], dict[str, tuple[str, ...]]]:
    """The tables of the database at `path` and the columns of those named
    like ours, read without writing (`how`: the URI's read-only parameter)."""
    db = sqlite3.connect(f"{path.resolve().as_uri()}?{how}", uri=True)
    try:
        names = [n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        layout = {n: tuple(c[1] for c in db.execute(f'PRAGMA table_info("{n}")')) for n in names if n in OUR_LAYOUT}
    finally:
        db.close()
    return names, layout


# ---------------------------------------------------------------------------
# one server per folder


class FolderLock:
    """``server.lock`` in a data folder, locked for this process's life
    (``flock``; ``msvcrt.locking`` on Windows). :meth:`acquire` returns
    None, or the sentence naming the server that holds it."""

    NAME = "server.lock"

    def __init__(self, folder: Path) -> None:
        self.path = folder / self.NAME
        self._file: IO[str] | None = None

    def acquire(self) -> str | None:
        f = open(self.path, "a+", encoding="utf-8")  # held open while the lock is
        try:
            _lock(f)
        except OSError:
            f.seek(0)
            held = _holder(f.read(4096))
            f.close()
            return f"the data folder {self.path.parent} is in use by another server ({held}): stop it first, or give this one another --data-dir"
        self._file = f
        self.note()
        return None

    def note(self, port: int | None = None) -> None:
        """Write who holds the lock (this process, and its port once it listens)."""
        f = self._file
        if f is None:
            return
        f.seek(0)
        f.truncate()
        f.write(json.dumps({"pid": os.getpid(), "port": port}))
        f.flush()

    def release(self) -> None:
        f, self._file = self._file, None
        if f is not None:
            with contextlib.suppress(OSError):
                f.seek(0)
                f.truncate()
            f.close()  # closing lets go of the lock


def _holder(text: str) -> str:
    try:
        d = json.loads(text)
        pid, port = d.get("pid"), d.get("port")
    except (ValueError, AttributeError):
        return "its process is not named in its lock file"
    words = f"process {pid}" if isinstance(pid, int) else "a process"
    return words + (f", listening on port {port}" if isinstance(port, int) else ", not yet listening")


def _lock(f: IO[str]) -> None:
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        f.seek(0)
        msvcrt.locking(f.fileno(), msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        return
    fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)


# ---------------------------------------------------------------------------
# the write-ahead log

_WAL_HEADER = 32
_FRAME_HEADER = 24


@dataclass
class WalDamage:
    """A damaged write-ahead log: where it breaks, what SQLite will drop."""

    frame: int  # the first frame that fails its checksum (from 1)
    frames: int  # the frames of the current log
    commits_lost: int  # the commits after the break
    moves: set[tuple[str, int]] = field(default_factory=set)  # (table id, move number) in the dropped frames

    def words(self, moves: set[tuple[str, int]] | None = None) -> str:
        """The moves as a sentence's end: "table abc moves 38–66, table def move 12"."""
        by: dict[str, list[int]] = {}
        for t, n in sorted(self.moves if moves is None else moves):
            by.setdefault(t, []).append(n)
        parts = []
        for t, ns in by.items():
            runs: list[list[int]] = []
            for n in ns:
                if runs and n == runs[-1][1] + 1:
                    runs[-1][1] = n
                else:
                    runs.append([n, n])
            spans = ", ".join(f"{a}" if a == b else f"{a}\u2013{b}" for a, b in runs)
            parts.append(f"table {t} move{'s' if len(ns) > 1 else ''} {spans}")
        return "; ".join(parts) if parts else "none of them moves"


def _checksum(data: bytes, big: bool, s0: int, s1: int) -> tuple[int, int]:
    words = struct.unpack(f"{'>' if big else '<'}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1


def wal_damage(wal: Path) -> WalDamage | None:
    """The damage of the log at `wal` (None when it is whole, missing, or only
    its last commit was cut short: a commit never finished was never told of)."""
    try:
        data = wal.read_bytes()
    except FileNotFoundError:
        return None
    if len(data) < _WAL_HEADER:
        return None
    magic, _version, page_size, _seq, salt1, salt2, c1, c2 = struct.unpack(">8I", data[:_WAL_HEADER])
    if magic not in (0x377F0682, 0x377F0683) or not 512 <= page_size <= 65536:
        return None  # not a log SQLite would read either
    big = magic & 1 == 1
    if _checksum(data[:24], big, 0, 0) != (c1, c2):
        return None  # the header itself: SQLite reads no frame of it (an empty log)
    size = _FRAME_HEADER + page_size
    frames = []  # (page number, commit size, page data, checksum ok) of the frames with this log's salts
    s0, s1 = c1, c2
    broken: int | None = None
    for i in range((len(data) - _WAL_HEADER) // size):
        at = _WAL_HEADER + i * size
        page_no, commit, fs1, fs2, fc1, fc2 = struct.unpack(">6I", data[at : at + _FRAME_HEADER])
        if (fs1, fs2) != (salt1, salt2):
            break  # an older log's frame: the current log ends here
        page = data[at + _FRAME_HEADER : at + size]
        if broken is None:
            s0, s1 = _checksum(data[at : at + 8] + page, big, s0, s1)
            if (s0, s1) != (fc1, fc2):
                broken = i
        frames.append((page_no, commit, page))
    if broken is None:
        return None
    after = frames[broken:]
    commits = [k for k, (_, commit, _) in enumerate(after) if commit]
    if not commits or commits == [len(after) - 1]:
        return None  # the last commit, cut short: it was never done, never told of
    damage = WalDamage(broken + 1, len(frames), len(commits))
    for page_no, _commit, page in after:
        damage.moves.update(_moves_in_page(page, 100 if page_no == 1 else 0, page_size))
    return damage


def _varint(b: bytes, i: int) -> tuple[int, int]:
    v = 0
    for k in range(9):
        x = b[i + k]
        if k == 8:
            return (v << 8) | x, i + 9
        v = (v << 7) | (x & 0x7F)
        if x < 0x80:
            return v, i + k + 1
    raise IndexError  # pragma: no cover


def _moves_in_page(page: bytes, start: int, page_size: int) -> set[tuple[str, int]]:
    """The (table id, move number) rows of a `moves` leaf page (a table
    WITHOUT ROWID is an index b-tree: leaf pages of type 10); cells whose
    record spills to overflow pages, or that are no move's, are passed over."""
    out: set[tuple[str, int]] = set()
    try:
        if page[start] != 10:
            return out
        cells = struct.unpack(">H", page[start + 3 : start + 5])[0]
        local_max = (page_size - 12) * 64 // 255 - 23
        for k in range(cells):
            at = struct.unpack(">H", page[start + 8 + 2 * k : start + 10 + 2 * k])[0]
            size, i = _varint(page, at)
            if size > local_max:
                continue
            rec = page[i : i + size]
            hsize, j = _varint(rec, 0)
            types = []
            while j < hsize:
                t, j = _varint(rec, j)
                types.append(t)
            if len(types) != 3 or not (types[0] >= 13 and types[0] % 2 == 1) or types[1] not in (1, 2, 3, 4, 8, 9):
                continue
            id_len = (types[0] - 13) // 2
            table_id = rec[hsize : hsize + id_len].decode("utf-8")
            p = hsize + id_len
            if types[1] in (8, 9):
                n = types[1] - 8
            else:
                width = {1: 1, 2: 2, 3: 3, 4: 4}[types[1]]
                n = int.from_bytes(rec[p : p + width], "big", signed=True)
                p += width
            if rec[p : p + 1] == b"{":
                out.add((table_id, n))
    except (IndexError, struct.error, UnicodeDecodeError):
        pass
    return out
