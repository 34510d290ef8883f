"""Running part of a test as a second user (``nobody``), where the tests run
as root: a folder both can reach, and the skip mark elsewhere."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

NOBODY = 65534

#: the tests that need a second user: they run as root only
needs_root = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0 or not hasattr(os, "setuid"),
    reason="runs a second user (nobody): needs root",
)


#: a Python nobody may run (the tests' own may live in root's home): the
#: system's, of the same version, with this checkout and its packages on the path
_SYSTEM_PYTHON = Path(f"/usr/bin/python{sys.version_info.major}.{sys.version_info.minor}")
_REPO = Path(__file__).resolve().parents[2]


def nobody_python(code: str, *args: str, **kw: object) -> subprocess.Popen[str]:
    """`code` run by Python as nobody (the test is skipped where none can run)."""
    if not _SYSTEM_PYTHON.exists():
        pytest.skip(f"no {_SYSTEM_PYTHON} for the second user")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(_REPO), sysconfig.get_paths()["purelib"]])
    env["QT_QPA_PLATFORM"] = "offscreen"
    env.pop("XDG_RUNTIME_DIR", None)
    env["HOME"] = "/nonexistent"
    return subprocess.Popen(  # type: ignore[call-overload,no-any-return]
        [str(_SYSTEM_PYTHON), "-c", code, *args],
        env=env,
        cwd="/",
        preexec_fn=become_nobody,
        text=True,
        **kw,
    )


def become_nobody() -> None:
    """`preexec_fn` of a subprocess that runs as nobody."""
    os.setgid(NOBODY)
    os.setuid(NOBODY)


@contextmanager
def shared_folder() -> Iterator[Path]:
    """A folder in the system's temp folder that nobody can reach too (the
    test's own tmp_path is root's alone); removed afterwards."""
    d = Path(tempfile.mkdtemp(prefix="bigcity-shared-"))
    os.chmod(d, 0o755)
    try:
        yield d
    finally:
        shutil.rmtree(d, ignore_errors=True)
