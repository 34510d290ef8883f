"""The sandbox's own autosave, so that a crash loses no layout.

While a sandbox window has changes that are not saved, the layout on its
table is written after every change to ``<data folder>/sandbox/<id>.json``
(the layout format, written atomically), with ``<id>.meta.json`` naming the
file it was opened from, and ``<id>.lock`` held by the window. Saving or
discarding the changes removes them. A layout whose lock is free (its window
crashed, or the app was killed) is offered back the next time a sandbox
opens.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QLockFile

from bigcity_desktop.engine.jsonio import InputError, decode_json
from bigcity_desktop.engine.record import write_atomic
from bigcity_desktop.session.autosave import data_dir
from bigcity_desktop.session.locks import take
from bigcity_desktop.session.saves import new_id

META_FORMAT = "bigcity-sandbox-autosave"
#: where a kept layout that cannot be read is moved (never deleted)
DAMAGED_FOLDER = "damaged"
#: the largest side file read (it holds one path)
MAX_META_BYTES = 16 * 1024


def keep_dir() -> Path:
    return data_dir() / "sandbox"


def _valid_id(name: str) -> bool:
    return 0 < len(name) <= 64 and all(c.isascii() and (c.isalnum() or c in "-_") for c in name)


@dataclass(frozen=True)
class KeptLayout:
    """An autosaved layout no window holds."""

    id: str
    layout: Path
    source: Path | None  # the file it was opened from or saved to, if any
    when: float  # seconds since the epoch


class LayoutKeeper:
    """One sandbox window's autosave (made on its first unsaved change)."""

    def __init__(self, keep_id: str | None = None, folder: Path | None = None) -> None:
        self.id = keep_id or new_id()
        if not _valid_id(self.id):
            raise ValueError(f"not an autosave name: {self.id!r}")
        self.folder = folder or keep_dir()
        self.layout = self.folder / f"{self.id}.json"
        self.meta = self.folder / f"{self.id}.meta.json"
        self.lock_path = self.folder / f"{self.id}.lock"
        self._lock = QLockFile(str(self.lock_path))
        self._lock.setStaleLockTime(0)  # stale only when its process has gone

    def acquire(self) -> bool:
        """Take the lock (one naming no process is stale after a few seconds)."""
        if self._lock.isLocked():
            return True
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return False
        return take(self._lock, self.lock_path)

    def write(self, text: str, source: Path | None) -> str | None:
        """Keep `text` (a layout); None, or why it could not be written."""
        if not self.acquire():
            return "another window keeps this layout"
        try:
            write_atomic(self.layout, text)
            meta = {"format": META_FORMAT, "source": str(source) if source is not None else None}
            write_atomic(self.meta, json.dumps(meta, ensure_ascii=False))
        except OSError as exc:
            return exc.strerror or str(exc)
        return None

    def discard(self) -> None:
        """The changes were saved or thrown away: nothing to keep."""
        for p in (self.layout, self.meta):
            try:
                p.unlink()
            except FileNotFoundError:
                pass
            except OSError:
                pass
        self.release()

    def release(self) -> None:
        if self._lock.isLocked():
            self._lock.unlock()


def _source(meta: Path) -> Path | None:
    try:
        raw = meta.read_bytes()[: MAX_META_BYTES + 1]
        if len(raw) > MAX_META_BYTES:
            return None
        doc = decode_json(raw)
    except (OSError, InputError, ValueError):
        return None
    if not isinstance(doc, dict) or doc.get("format") != META_FORMAT:
        return None
    source = doc.get("source")
    return Path(source) if isinstance(source, str) and source else None


def orphans(folder: Path | None = None) -> list[tuple[KeptLayout, LayoutKeeper]]:
    """The kept layouts no window holds, newest first, each with its keeper
    (its lock taken: release it, or discard, when done)."""
    folder = folder or keep_dir()
    try:
        names = sorted(p.name for p in folder.iterdir() if p.name.endswith(".json"))
    except OSError:
        return []
    out = []
    for name in names:
        if name.endswith(".meta.json"):
            continue
        keep_id = name[: -len(".json")]
        if not _valid_id(keep_id):
            continue
        keeper = LayoutKeeper(keep_id, folder)
        if not keeper.acquire():
            continue  # a running window's
        try:
            when = os.stat(keeper.layout).st_mtime
        except OSError:
            keeper.release()
            continue
        out.append((KeptLayout(keep_id, keeper.layout, _source(keeper.meta), when), keeper))
    out.sort(key=lambda item: -item[0].when)
    return out


def set_aside(info: KeptLayout, keeper: LayoutKeeper) -> Path | None:
    """Move a kept layout that cannot be read, and its side file, into
    ``sandbox/damaged`` (never over another file), and release its lock;
    where it is now, or None when it could not be moved."""
    aside = keeper.folder / DAMAGED_FOLDER
    target = None
    try:
        aside.mkdir(exist_ok=True)
        for i in range(1000):
            stem = f"{info.id}-{i}" if i else info.id
            if not os.path.lexists(aside / f"{stem}.json") and not os.path.lexists(aside / f"{stem}.meta.json"):
                target = aside / f"{stem}.json"
                break
        if target is not None:
            os.rename(keeper.layout, target)
            if keeper.meta.exists():
                os.rename(keeper.meta, target.with_name(target.name[: -len(".json")] + ".meta.json"))
    except OSError:
        target = target if target is not None and target.exists() else None
    keeper.release()
    return target


def age_text(when: float) -> str:
    """When a layout was kept, for the restore question."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(when))
