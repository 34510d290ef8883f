"""Every program answers --version with its name and the package's version."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from bigcity_desktop import __version__


@pytest.mark.parametrize(
    ("module", "name"),
    [
        ("bigcity_desktop.cli", "bigcity-cli"),
        ("bigcity_desktop.net", "bigcity-server"),
        ("bigcity_desktop", "bigcity"),
    ],
)
def test_each_program_says_its_version(module: str, name: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", module, "--version"],
        capture_output=True,
        text=True,
        timeout=120,
        env={"QT_QPA_PLATFORM": "offscreen", **os.environ},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{name} {__version__}"
