"""The app's secrets (network seats' tokens) in a file only their owner reads.

The settings file is readable by every user of the computer (0644 under
the usual umask), and a seat's token is all it takes to sit in the seat. So
tokens live in ``<data folder>/private/secrets.json``: the folder 0700, the
file 0600, written whole and atomically (a temporary file of mode 0600
beside it, then renamed over it). The settings keep what is not secret.

Each secret is filed under its settings file and its key (a hash of the
two), so two settings files (two profiles, or the tests' two windows) keep
two sets of secrets in one file. Qt-free; nothing here is read from the
network or evaluated.

Writing waits for the disk (the file is synced before it is renamed: 730 ms
once on a loaded disk), so the window never writes itself: it files a
secret with :func:`set_secret_soon`, which returns at once; a writer thread
of its own writes what waits (several changes in one write), in the order
they came, and :func:`get_secret` answers from what waits before the file.
The writer is not a daemon (the interpreter waits for it at exit) and the
game window waits for it when it closes (:func:`wait_for_secrets`), so a
token filed a moment before the app closes is kept. :func:`set_secret`
writes on the caller's thread (after what waits) and says whether it could.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import stat
import tempfile
import threading
from pathlib import Path

from .autosave import data_dir

#: the folder and file of the secrets, under the data folder
FOLDER = "private"
NAME = "secrets.json"
FORMAT = "bigcity-secrets"
FOLDER_MODE = 0o700
FILE_MODE = 0o600
#: the most bytes of the file read (a few seats' tokens take a few KB)
MAX_BYTES = 1 << 20

log = logging.getLogger(__name__)


def secrets_path() -> Path:
    return data_dir() / FOLDER / NAME


def _slot(scope: str, key: str) -> str:
    return hashlib.sha256(f"{scope}\0{key}".encode()).hexdigest()


def _read(path: Path) -> dict[str, str]:
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
        data = json.loads(raw) if len(raw) <= MAX_BYTES else None
    except (OSError, ValueError):
        return {}
    entries = data.get("entries") if isinstance(data, dict) and data.get("format") == FORMAT else None
    if not isinstance(entries, dict):
        return {}
    return {k: v for k, v in entries.items() if isinstance(k, str) and isinstance(v, str)}


def _private_folder(folder: Path) -> None:
    folder.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
    st = folder.stat()
    if stat.S_IMODE(st.st_mode) != FOLDER_MODE and st.st_uid == os.geteuid():
        os.chmod(folder, FOLDER_MODE)


def _write(path: Path, entries: dict[str, str]) -> None:
    _private_folder(path.parent)
    text = json.dumps({"format": FORMAT, "version": 1, "entries": entries}, sort_keys=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".secrets-", suffix=".tmp")  # mode 0600
    try:
        os.fchmod(fd, FILE_MODE)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _apply(path: Path, changes: dict[str, str | None]) -> bool:
    """The file at `path` with `changes` made (a slot to None: forgotten);
    False when it cannot be written (nothing of `changes` is kept then)."""
    with _writing:
        entries = _read(path)
        if all(entries.get(slot) == value for slot, value in changes.items()):
            return True
        for slot, value in changes.items():
            if value is None:
                entries.pop(slot, None)
            else:
                entries[slot] = value
        try:
            _write(path, entries)
        except OSError as e:
            log.warning("the secrets file %s cannot be written: %s", path, e)
            return False
    return True


class _Writer:
    """The changes filed by :func:`set_secret_soon` that are not in their
    file yet, and the thread that writes them (started when the first
    waits, ended when none waits)."""

    def __init__(self) -> None:
        self.lock = threading.Condition()
        self.waiting: dict[Path, dict[str, str | None]] = {}  # filed, not yet taken by the thread
        self.writing: dict[Path, dict[str, str | None]] = {}  # taken by the thread, being written
        self.thread: threading.Thread | None = None

    def file(self, path: Path, slot: str, value: str | None) -> None:
        with self.lock:
            self.waiting.setdefault(path, {})[slot] = value
            if self.thread is None:
                # not a daemon: the interpreter's exit waits until what was filed is written
                self.thread = threading.Thread(target=self._run, name="secrets-writer", daemon=False)
                self.thread.start()

    def pending(self, path: Path, slot: str) -> tuple[bool, str | None]:
        """Whether a change of `slot` waits (or is being written), and its value."""
        with self.lock:
            for changes in (self.waiting.get(path), self.writing.get(path)):
                if changes is not None and slot in changes:
                    return True, changes[slot]
        return False, None

    def _run(self) -> None:
        while True:
            with self.lock:
                if not self.waiting:
                    self.thread = None
                    self.lock.notify_all()
                    return
                path = next(iter(self.waiting))
                changes = self.waiting.pop(path)
                self.writing[path] = changes
            try:
                _apply(path, changes)
            finally:
                with self.lock:
                    del self.writing[path]

    def wait(self, timeout: float | None) -> bool:
        """Until nothing waits to be written (True), or `timeout` seconds passed (False)."""
        with self.lock:
            return self.lock.wait_for(lambda: self.thread is None, timeout)


#: one file is read and written by one thread at a time
_writing = threading.Lock()
_writer = _Writer()


def get_secret(scope: str, key: str, path: Path | None = None) -> str | None:
    """The secret filed under (`scope`, `key`), or None (what waits to be written counts)."""
    path = path or secrets_path()
    slot = _slot(scope, key)
    waits, value = _writer.pending(path, slot)
    return value if waits else _read(path).get(slot)


def set_secret(scope: str, key: str, value: str | None, path: Path | None = None) -> bool:
    """File `value` under (`scope`, `key`) (None: forget it) now, on this
    thread (after what waits to be written); False when the file cannot be
    written (the secret is then not kept anywhere)."""
    path = path or secrets_path()
    _writer.wait(None)
    return _apply(path, {_slot(scope, key): value})


def set_secret_soon(scope: str, key: str, value: str | None, path: Path | None = None) -> None:
    """File `value` under (`scope`, `key`) (None: forget it) on the writer
    thread; returns at once (for the GUI thread: the disk's sync never holds
    the window). :func:`get_secret` sees it at once."""
    _writer.file(path or secrets_path(), _slot(scope, key), value)


def wait_for_secrets(timeout: float | None = None) -> bool:
    """Wait until every secret filed with :func:`set_secret_soon` is written
    (True), or `timeout` seconds (False: the writer still works, and the
    interpreter's exit waits for it)."""
    return _writer.wait(timeout)


__all__ = ["get_secret", "secrets_path", "set_secret", "set_secret_soon", "wait_for_secrets"]
