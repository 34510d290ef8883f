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
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import tempfile
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


def get_secret(scope: str, key: str, path: Path | None = None) -> str | None:
    """The secret filed under (`scope`, `key`), or None."""
    return _read(path or secrets_path()).get(_slot(scope, key))


def set_secret(scope: str, key: str, value: str | None, path: Path | None = None) -> bool:
    """File `value` under (`scope`, `key`) (None: forget it); False when the
    file cannot be written (the secret is then not kept anywhere)."""
    path = path or secrets_path()
    entries = _read(path)
    slot = _slot(scope, key)
    if entries.get(slot) == value:
        return True
    if value is None:
        entries.pop(slot, None)
    else:
        entries[slot] = value
    try:
        _write(path, entries)
    except OSError:
        return False
    return True


__all__ = ["get_secret", "secrets_path", "set_secret"]
