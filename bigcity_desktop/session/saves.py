"""Where unfinished games are kept: one autosave per game, each locked by
the window that writes it.

Every game a person plays here gets its own slot in ``<data folder>/games``:
``<id>.bigcity`` (the game record, written atomically after every move),
``<id>.json`` (a summary for Game → Continue: players, edition, round,
scores, when it was last played, and the city as a layout for its
thumbnail) and, while a window plays it, ``<id>.lock`` (a ``QLockFile``
naming the process). A game leaves its slot only when it is finished and
its results have been seen, or when the player deletes it in Continue.

A slot another process holds (a second copy of the app, another user on a
shared folder) is never resumed, overwritten or cleaned by this one; a lock
left by a process that has gone (a crash) is taken over.
"""

from __future__ import annotations

import json
import os
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLockFile

from bigcity_desktop.bots.levels import PLAYER_KINDS
from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.jsonio import decode_json, is_int
from bigcity_desktop.engine.layout import layout_to_json
from bigcity_desktop.engine.record import (
    LoadedGame,
    PlayerInfo,
    RecordError,
    clean_temp_files,
    read_record,
    temp_owners,
    write_atomic,
    write_record,
)
from bigcity_desktop.i18n import exc_text, translate

from .autosave import AUTOSAVE_NAME, data_dir
from .locks import folder_problem, take
from .worker import gc_paused

EXTENSION = ".bigcity"
SUMMARY_FORMAT = "bigcity-save-summary"
#: the largest summary file read (the city of a jumbo game is a few kB)
MAX_SUMMARY_BYTES = 256 * 1024


#: the slots this process holds (a second QLockFile of one process would see its own lock as taken)
_HELD: set[Path] = set()
#: where a damaged record is kept aside, in the folder of the saved games
DAMAGED_FOLDER = "damaged"
#: the damaged games this process has set aside, by folder and id: listed in
#: Continue until the player dismisses them (the files stay in games/damaged)
_DAMAGED: dict[Path, dict[str, SaveSummary]] = {}
_DAMAGED_LOCK = threading.Lock()


def saves_dir() -> Path:
    """The folder of the unfinished games (made when first written)."""
    return data_dir() / "games"


def new_id() -> str:
    """A slot name: when it began, and a few random letters (sorts by time)."""
    return time.strftime("%Y%m%d-%H%M%S") + "-" + secrets.token_hex(3)


def _safe_id(name: str) -> bool:
    return 0 < len(name) <= 64 and all(c.isascii() and (c.isalnum() or c in "-_") for c in name)


@dataclass(frozen=True)
class SaveSummary:
    """What Game → Continue shows of one saved game, read without replaying it."""

    id: str
    path: Path
    players: tuple[PlayerInfo, ...]
    title: str  # the rules' title ("Big City", "Big City: 20th Anniversary Jumbo Edition", house rules)
    round: int
    scores: tuple[int, ...]
    over: bool
    last_played: float  # seconds since the epoch
    layout: dict[str, Any] | None  # the city, as a layout document (for the thumbnail)
    busy: bool = False  # another window (of this or another process) is playing it now
    #: why it cannot be continued, when its record is damaged and has no summary
    #: (the record is then kept aside at `path`, in games/damaged)
    damaged: str | None = None


def summary_of(state: GameState, players: list[PlayerInfo]) -> dict[str, Any]:
    """The summary document of a game (written beside its record)."""
    return {
        "format": SUMMARY_FORMAT,
        "version": 1,
        "players": [{"name": p.name, "kind": p.kind, **({"colour": p.colour} if p.colour else {})} for p in players],
        "title": state.rules.title,
        "round": state.round,
        "scores": list(state.scores),
        "over": state.is_over,
        "last_played": time.time(),
        "layout": layout_to_json(state.city),
    }


def _read_summary(path: Path) -> dict[str, Any] | None:
    try:
        if path.stat().st_size > MAX_SUMMARY_BYTES:
            return None
        data = decode_json(path.read_bytes(), ValueError)
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("format") == SUMMARY_FORMAT else None


def _players(raw: Any) -> tuple[PlayerInfo, ...]:
    out = []
    for p in raw if isinstance(raw, list) else []:
        if isinstance(p, dict) and isinstance(p.get("name"), str) and isinstance(p.get("kind"), str):
            colour = p.get("colour")
            out.append(PlayerInfo(p["name"][:40], p["kind"][:20], colour if isinstance(colour, str) else None))
    return tuple(out)


class SaveSlot:
    """One game's autosave, and the lock that says this process writes it."""

    def __init__(self, slot_id: str, folder: Path | None = None) -> None:
        if not _safe_id(slot_id):
            raise ValueError(f"not a slot name: {slot_id!r}")
        self.id = slot_id
        self.folder = folder or saves_dir()
        self.path = self.folder / f"{slot_id}{EXTENSION}"
        self.summary_path = self.folder / f"{slot_id}.json"
        self.lock_path = self.folder / f"{slot_id}.lock"
        self._lock = QLockFile(str(self.lock_path))
        self._lock.setStaleLockTime(0)  # stale only when its process has gone, however long a game lasts
        #: why the last acquire() failed, when the folder is the cause (else another window holds it)
        self.problem: str | None = None

    @classmethod
    def new(cls, folder: Path | None = None) -> SaveSlot:
        return cls(new_id(), folder)

    # ------------------------------------------------------------ the lock
    def acquire(self) -> bool:
        """Take the lock (a lock whose process has gone is taken over); False
        when another process plays this game, or the folder cannot hold it
        (then `problem` says why). A lock file naming no process (a power loss
        while it was made) is stale after a few seconds."""
        self.problem = None
        if self._lock.isLocked():
            return True
        if self.path in _HELD:
            return False  # another window of this process plays it
        self.problem = folder_problem(self.folder)
        if self.problem is not None:
            return False
        if not take(self._lock, self.lock_path):
            return False
        _HELD.add(self.path)
        return True

    def release(self) -> None:
        if self._lock.isLocked():
            self._lock.unlock()
            _HELD.discard(self.path)

    @property
    def held(self) -> bool:
        return bool(self._lock.isLocked())

    # ------------------------------------------------------------ writing
    def write(self, state: GameState, players: list[PlayerInfo], extra: dict[str, Any]) -> None:
        """The record and its summary, atomically (OSError, ValueError when they
        cannot be written; RuntimeError when another process holds the slot)."""
        if not self.acquire():
            raise RuntimeError(self.problem or translate("Saves", "another window is playing this game"))
        write_record(self.path, state, players, extra)
        _write_json(self.summary_path, summary_of(state, players))

    def read(self) -> LoadedGame:
        """The game this slot holds (RecordError with a sentence)."""
        return read_record(self.path, player_kinds=PLAYER_KINDS)

    def delete(self) -> None:
        """Remove the game (its record, summary and lock)."""
        for p in (self.path, self.summary_path):
            try:
                p.unlink()
            except OSError:
                pass
        self.release()


def _free_name(folder: Path, stem: str, suffix: str) -> Path:
    """`folder/stem+suffix`, or with -1, -2 … when that is taken."""
    for i in range(1000):
        target = folder / f"{stem}{f'-{i}' if i else ''}{suffix}"
        if not os.path.lexists(target) and not os.path.lexists(target.with_suffix(".json")):
            return target
    raise OSError(f"no free name for {stem} in {folder}")


def _write_json(path: Path, doc: dict[str, Any]) -> None:
    """A summary, atomically (its leftover temporary file, after a kill, is
    removed by Saves.tidy like the record's)."""
    write_atomic(path, json.dumps(doc, ensure_ascii=False))


class Saves:
    """The folder of saved games: list, open, delete, tidy."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or saves_dir()

    def problem(self) -> str | None:
        """What is wrong with the folder, when it cannot hold saved games (a sentence)."""
        if not os.path.lexists(self.folder):
            return None  # made when the first game is saved
        return folder_problem(self.folder)

    def slots(self) -> Iterator[SaveSlot]:
        try:
            names = sorted(p.stem for p in self.folder.glob(f"*{EXTENSION}"))
        except OSError:
            return
        for name in names:
            if _safe_id(name):
                yield SaveSlot(name, self.folder)

    def summaries(self) -> list[SaveSummary]:
        """Every saved game, newest first (a summary that cannot be read is
        rebuilt from the record), the damaged ones set aside listed first."""
        found = [s for s in map(self.summary, self.newest_first()) if s is not None]
        return self.damaged() + found

    def newest_first(self) -> list[SaveSlot]:
        """The slots, the last played first (their records' times; a record
        gone meanwhile is left out)."""
        timed = []
        for slot in self.slots():
            try:
                timed.append((slot.path.stat().st_mtime, slot))
            except OSError:
                continue
        timed.sort(key=lambda t: -t[0])
        return [slot for _t, slot in timed]

    def summary(self, slot: SaveSlot) -> SaveSummary | None:
        """What Game → Continue shows of one slot (None when its record is
        gone, or is damaged: then it is set aside and listed by damaged())."""
        busy = not slot.acquire()
        if not busy:
            slot.release()
        data: dict[str, Any] | RecordError | None = _read_summary(slot.summary_path)
        if data is None:
            data = self._rebuild_summary(slot)
        if isinstance(data, RecordError):
            if not busy:  # cut in half, say: kept aside and listed as damaged
                self._set_aside(slot, exc_text(data))
            return None
        try:
            mtime = slot.path.stat().st_mtime
        except OSError:
            return None
        scores = data.get("scores")
        return SaveSummary(
            id=slot.id,
            path=slot.path,
            players=_players(data.get("players")),
            title=str(data.get("title", ""))[:80],
            round=data["round"] if is_int(data.get("round")) else 0,
            scores=tuple(s for s in scores if is_int(s)) if isinstance(scores, list) else (),
            over=bool(data.get("over", False)),
            last_played=mtime,
            layout=data.get("layout") if isinstance(data.get("layout"), dict) else None,
            busy=busy,
        )

    def damaged(self) -> list[SaveSummary]:
        """The damaged games set aside while this app runs, newest first."""
        with _DAMAGED_LOCK:
            found = list(_DAMAGED.get(self.folder, {}).values())
        return sorted(found, key=lambda s: -s.last_played)

    def damaged_of(self, slot: SaveSlot) -> SaveSummary | None:
        """`slot`'s game when it was found damaged and set aside."""
        with _DAMAGED_LOCK:
            return _DAMAGED.get(self.folder, {}).get(slot.id)

    def dismiss(self, summary: SaveSummary) -> None:
        """The player has seen that `summary`'s game is damaged: it is listed
        no more (its file stays where it was kept)."""
        with _DAMAGED_LOCK:
            _DAMAGED.get(self.folder, {}).pop(summary.id, None)

    def _set_aside(self, slot: SaveSlot, reason: str) -> None:
        """Move a damaged record (and whatever summary it has) into
        games/damaged, never over another file; it is listed as damaged."""
        kept = slot.path
        try:
            mtime = slot.path.stat().st_mtime
        except OSError:
            mtime = time.time()
        aside = self.folder / DAMAGED_FOLDER
        if slot.acquire():
            try:
                aside.mkdir(exist_ok=True)
                target = _free_name(aside, slot.id, EXTENSION)
                os.rename(slot.path, target)
                kept = target
                if slot.summary_path.exists():
                    os.rename(slot.summary_path, target.with_suffix(".json"))
            except OSError:
                pass  # it stays where it is, and is found damaged again next time
            slot.release()
        summary = SaveSummary(
            id=slot.id,
            path=kept,
            players=(),
            title="",
            round=0,
            scores=(),
            over=False,
            last_played=mtime,
            layout=None,
            damaged=reason,
        )
        with _DAMAGED_LOCK:
            _DAMAGED.setdefault(self.folder, {})[slot.id] = summary

    def _rebuild_summary(self, slot: SaveSlot, game: LoadedGame | None = None) -> dict[str, Any] | RecordError:
        """The summary of `slot` made from its record (`game`, when it has
        been read already: a long record is read once), and written."""
        if game is None:
            try:
                game = slot.read()
            except RecordError as exc:
                return exc
        doc = summary_of(game.state, game.players)
        try:
            _write_json(slot.summary_path, doc)
        except OSError:
            pass
        return doc

    def tidy(self) -> int:
        """Remove the atomic writer's leftovers of every slot no process holds
        (a running window's half-written autosave is left alone)."""
        removed = 0
        # one listing of the folder: a listing per slot took seconds for thousands
        left = temp_owners(self.folder, EXTENSION, ".json")
        for slot in self.slots():
            mine = [p for p in (slot.path, slot.summary_path) if p.name in left]
            if mine and slot.acquire():
                removed += sum(clean_temp_files(p) for p in mine)
                slot.release()
        return removed

    def adopt_legacy(self, game: LoadedGame | None = None) -> SaveSlot | None:
        """Move the single autosave of earlier versions into a slot of its own
        (`game`: that autosave, when the start-up check has read it already)."""
        old = data_dir() / AUTOSAVE_NAME
        if not old.is_file():
            return None
        slot = SaveSlot.new(self.folder)
        if not slot.acquire():
            return None
        try:
            os.replace(old, slot.path)
        except OSError:
            slot.release()
            return None
        self._rebuild_summary(slot, game)
        slot.release()
        return slot


class SlotWriter:
    """Writes a long game's autosave on a thread of its own, so that the
    window does not wait for it after every move: only the newest snapshot
    waits to be written (an older one not yet begun is dropped).
    ``on_result(error or None)`` is called on that thread after each write."""

    def __init__(self, on_result: Callable[[str | None], None]) -> None:
        self.on_result = on_result
        self._job: tuple[SaveSlot, GameState, list[PlayerInfo], dict[str, Any]] | None = None
        self._cond = threading.Condition()
        self._busy = False
        self._thread: threading.Thread | None = None

    def submit(self, slot: SaveSlot, state: GameState, players: list[PlayerInfo], extra: dict[str, Any]) -> None:
        with self._cond:
            self._job = (slot, state, list(players), dict(extra))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="bigcity-autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._job is None:
                    if not self._cond.wait(timeout=30):
                        self._thread = None
                        return
                job, self._job = self._job, None
                self._busy = True
            slot, state, players, extra = job
            error: str | None = None
            try:
                with gc_paused():  # no full collections over a long game's objects meanwhile
                    write_record(slot.path, state, players, extra)
                _write_json(slot.summary_path, summary_of(state, players))
            except (OSError, ValueError) as exc:
                error = getattr(exc, "strerror", None) or str(exc)
            with self._cond:
                self._busy = False
                self._cond.notify_all()
            try:
                self.on_result(error)
            except RuntimeError:  # the receiver is gone
                pass

    def flush(self, timeout: float = 30.0) -> bool:
        """Wait until every snapshot handed in is written (the window closes)."""
        end = time.monotonic() + timeout
        with self._cond:
            while self._job is not None or self._busy:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True
