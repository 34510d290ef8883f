"""The lock files of the saved games and of the sandbox's kept layouts, and
what is wrong with a folder that cannot hold them.

A lock is a ``QLockFile`` with no stale time: it is stale only when the
process it names has gone, however long a game lasts. A lock file that names
no process (empty, or garbage: a power loss or a kill between creating the
file and writing it) is stale once it is older than :data:`GARBLED_LOCK_AGE`
seconds, whatever the stale time; a younger one may be a lock being written
this instant, and is left alone. A lock file this user cannot read (another
user's) is never taken over.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from PySide6.QtCore import QLockFile

from bigcity_desktop.i18n import translate

#: seconds after which a lock file that names no process is stale
GARBLED_LOCK_AGE = 3.0
#: the most of a lock file read to find its process id (Qt writes a few lines)
_LOCK_READ = 4096


def names_process(path: Path) -> bool | None:
    """Whether the lock file at `path` names a process (its first line a
    positive process id, as QLockFile writes it); None when it cannot be
    read (gone, or another user's)."""
    try:
        with open(path, "rb") as f:
            head = f.read(_LOCK_READ)
    except OSError:
        return None
    first = head.split(b"\n", 1)[0].strip()
    return first.isdigit() and int(first) > 0


def take(lock: QLockFile, path: Path, garbled_age: float = GARBLED_LOCK_AGE) -> bool:
    """Try to take `lock` (whose file is `path`) at once; a lock file that
    names no process and is older than `garbled_age` seconds is removed first."""
    if lock.tryLock(0):
        return True
    if lock.error() != QLockFile.LockError.LockFailedError or names_process(path) is not False:
        return False
    try:
        age = time.time() - path.stat().st_mtime
    except OSError:
        return False
    if age < garbled_age:
        return False
    lock.removeStaleLockFile()
    return bool(lock.tryLock(0))


def folder_problem(folder: Path) -> str | None:
    """Why `folder` cannot hold saved files (a sentence), or None; made when missing."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return translate(
            "Saves", "{folder} is a file, not a folder: move it away so that games can be kept there."
        ).format(folder=folder)
    except OSError as exc:
        return translate("Saves", "The folder {folder} cannot be made: {reason}.").format(
            folder=folder, reason=exc.strerror or exc
        )
    if not folder.is_dir():
        return translate(
            "Saves", "{folder} is a file, not a folder: move it away so that games can be kept there."
        ).format(folder=folder)
    if not os.access(folder, os.W_OK | os.X_OK):
        return translate("Saves", "The folder {folder} cannot be written (its permissions do not allow it).").format(
            folder=folder
        )
    return None
