"""Files and folders only their owner reads: a server's data folder (0700)
and its database (0600), which hold the tables' chat, names, seat-token
hashes and invitation secrets.

A folder made here is made 0700, a file 0600, whatever the umask; one made
before (by an older server, with the umask's 0755 and 0644) is narrowed to
that when this user owns it, and the log says so once.
"""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

log = logging.getLogger("bigcity.server")

#: a folder's mode: its owner reads, writes and enters it
FOLDER_MODE = 0o700
#: a file's mode: its owner reads and writes it
FILE_MODE = 0o600


def _narrow(path: Path, mode: int) -> None:
    try:
        st = path.stat()
    except FileNotFoundError:
        return
    if stat.S_IMODE(st.st_mode) & ~mode and st.st_uid == os.geteuid():
        os.chmod(path, mode)
        log.info("%s was readable by others; now by its owner only (%o)", path, mode)


def own_folder(path: Path, parents: bool = False) -> None:
    """`path` is a folder only its owner enters (made if missing; OSError when it cannot be)."""
    path.mkdir(mode=FOLDER_MODE, parents=parents, exist_ok=True)
    _narrow(path, FOLDER_MODE)


def own_file(path: Path) -> None:
    """`path` exists (empty if it was missing) and only its owner reads it.
    SQLite gives a database's -wal and -shm files its database's mode."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
    except FileExistsError:
        _narrow(path, FILE_MODE)
    for extra in ("-wal", "-shm"):
        _narrow(path.with_name(path.name + extra), FILE_MODE)


__all__ = ["FILE_MODE", "FOLDER_MODE", "own_file", "own_folder"]
