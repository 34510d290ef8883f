"""What every ``bigcity-cli`` sub-command shares: the error that ends a
command with one line and exit status 2, argument types, output folders and
the system's reasons for failed writes. The sub-commands' modules (in
``bots``, ``learn`` and ``render_cli``) use these, and ``cli`` registers
them: this module sits below all of them, so none imports the command line
it is part of."""

from __future__ import annotations

import argparse
import errno
import json
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Any, Protocol

from bigcity_desktop.engine.jsonio import MAX_ABS_INT

#: the seeds a game record accepts (engine/record.py reads 0 to this)
SEED_MAX = MAX_ABS_INT


class CliError(Exception):
    """Bad input: printed as one line on stderr, exit status 2."""


class Subparsers(Protocol):
    """What the sub-command modules need of ``add_subparsers()``."""

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser: ...


def one_line(text: str, limit: int = 400) -> str:
    """A message on one line of at most `limit` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "\N{HORIZONTAL ELLIPSIS}"


def emit(obj: object) -> None:
    """One JSON answer on standard output (ASCII: any console shows it)."""
    sys.stdout.write(json.dumps(obj) + "\n")


# ---------------------------------------------------------------- arguments
def seed_arg(text: str) -> int:
    """An argparse type: a seed a game record can hold (0 to SEED_MAX)."""
    value = whole_number(text)
    if not 0 <= value <= SEED_MAX:
        raise argparse.ArgumentTypeError(
            f"a seed must be a whole number from 0 to {SEED_MAX} (what a game record holds), not {one_line(text, 40)}"
        )
    return value


def whole_number(text: str) -> int:
    """An argparse type: a whole number written in ASCII digits (no 10**32 digits long)."""
    t = text.strip()
    if not re.fullmatch(r"[+-]?[0-9]{1,30}", t):
        raise argparse.ArgumentTypeError(f"not a whole number: {one_line(text, 40)!r}")
    return int(t)


def check_seeds(first: int, count: int) -> None:
    """Games seeded first .. first + count - 1 all fit a record (before any is played)."""
    if first + count - 1 > SEED_MAX:
        raise CliError(
            f"--seed {first} with --games {count} reaches seed {first + count - 1}; "
            f"a game record holds seeds up to {SEED_MAX}"
        )


_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


def safe_part(text: str, limit: int = 40) -> str:
    """`text` as a piece of a file name: letters, digits, ``-`` and ``_``
    only (anything else becomes ``_``), never empty, at most `limit` long."""
    part = _UNSAFE.sub("_", text).strip("_")[:limit]
    return part or "x"


def record_path(folder: Path, *parts: str) -> Path:
    """``folder/part-part-….bigcity`` from safe parts, always inside `folder`."""
    name = "-".join(safe_part(p) for p in parts) + ".bigcity"
    path = folder / name
    if path.parent != folder or os.sep in name or (os.altsep and os.altsep in name):  # pragma: no cover
        raise CliError(f"{name}: not a file name inside {folder}")
    return path


def output_dir(text: str | None, option: str = "--record-dir") -> Path | None:
    """The output folder of an option, made if missing and tried with a
    file, before any work is done (CliError with the system's reason)."""
    if text is None:
        return None
    path = Path(text)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise write_error(f"{option} {text}", exc) from None
    if not path.is_dir():
        raise CliError(f"{option} {text} is not a folder")
    try:
        fd, probe = tempfile.mkstemp(prefix=".bigcity-cli-", suffix=".tmp", dir=path)
        try:
            os.write(fd, b"\n")
            os.fsync(fd)
        finally:
            os.close(fd)
            os.unlink(probe)
    except OSError as exc:
        raise write_error(f"{option} {text}: cannot write there", exc) from None
    return path


def reason(exc: OSError) -> str:
    """The system's reason for a failed file operation, in a few words."""
    return exc.strerror or (errno.errorcode.get(exc.errno, "") if exc.errno else "") or str(exc) or "write error"


def write_error(what: str, exc: OSError) -> CliError:
    """One line for a failed write: what failed and the system's reason."""
    return CliError(f"{what}: {reason(exc)}")
