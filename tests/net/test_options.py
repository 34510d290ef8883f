"""bigcity-server's options: a value out of its range, a data folder or a
certificate it cannot use, each refused in one line naming it (exit 2),
before the server listens. Each case runs ``python -m bigcity_desktop.net``."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bigcity_desktop.net.config import ConfigError, ServerConfig, option_limit

ROOT = Path(__file__).resolve().parents[2]
#: options of every server run here: loopback, any port, no advert
BASE = ["--host", "127.0.0.1", "--port", "0", "--no-mdns"]


def server(*args: str, user: str | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m bigcity_desktop.net args`` to its end (it must refuse
    before listening: a server that listens would run until the timeout)."""
    cmd = [sys.executable, "-m", "bigcity_desktop.net", *args]
    if user is not None:
        cmd = ["runuser", "-u", user, "--", *cmd]
    return subprocess.run(
        cmd,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        cwd=ROOT,
        check=False,
    )


def refused(result: subprocess.CompletedProcess[str]) -> str:
    """The one line of a refusal (exit 2, no traceback, nothing listening)."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr and "listening" not in result.stdout
    return lines[0]


#: (option, value, the range said)
OUT_OF_RANGE = [
    ("--port", "99999", "from 0 to 65,535"),
    ("--port", "-1", "from 0 to 65,535"),
    ("--port", "80.5", "a whole number"),
    ("--max-tables", "-1", "from 1 to 100,000"),
    ("--max-tables", "0", "from 1 to 100,000"),
    ("--bot-workers", "0", "from 1 to 64"),
    ("--bot-workers", "100000", "from 1 to 64"),
    ("--rate", "-5", "messages a second from 0.1 to 100,000"),
    ("--rate", "nan", "messages a second"),
    ("--flush-every", "-1", "seconds from 0 to 3,600"),
    ("--ping-interval", "-3", "seconds from 0 to 3,600"),
    ("--ping-timeout", "inf", "seconds from 0 to 3,600"),
    ("--bot-delay", "nan", "seconds from 0 to 60"),
    ("--bot-delay", "inf", "seconds from 0 to 60"),
    ("--bot-delay", "-0.5", "seconds from 0 to 60"),
    ("--game-seed", "-4", "a whole number from 0"),
    ("--game-seed", "many", "a whole number from 0"),
]


def test_every_numeric_option_out_of_its_range_is_refused_in_one_line(tmp_path):
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "bigcity_desktop.net", *BASE, "--data-dir", str(tmp_path), option, value],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=dict(os.environ, PYTHONPATH=str(ROOT)),
            cwd=ROOT,
        )
        for option, value, _ in OUT_OF_RANGE
    ]
    for (option, value, words), proc in zip(OUT_OF_RANGE, procs, strict=True):
        out, err = proc.communicate(timeout=120)
        line = refused(subprocess.CompletedProcess(proc.args, proc.returncode, out, err))
        assert option in line and words in line and repr(value) in line, line
    assert not (tmp_path / "tables.sqlite3").exists()  # refused before the data folder is opened


def test_the_config_holds_itself_to_the_same_ranges():
    for name, bad in [("port", 70000), ("bot_workers", 0), ("bot_delay", math.nan), ("rate", -5.0), ("port", True)]:
        with pytest.raises(ConfigError, match=f"{name} must be"):
            ServerConfig(**{name: bad})
    assert ServerConfig(port=0, ping_interval=None, game_seed=None).port == 0
    assert option_limit("port").words() == "a whole number from 0 to 65,535"
