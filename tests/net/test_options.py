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

from bigcity_desktop.net import preflight
from bigcity_desktop.net.config import ConfigError, ServerConfig, option_limit
from bigcity_desktop.net.preflight import SetupError

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
    ("--snapshot-every", "0", "a whole number from 1 to 1,000,000"),
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


# ---------------------------------------------------------------------------
# the data folder and the certificate


def test_a_data_dir_that_is_a_file_or_has_no_parent_is_named(tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("not a folder")
    cases = [
        (afile, "is a file, not a folder"),
        (tmp_path / "no" / "such" / "tables", "does not exist"),
        (afile / "tables", "is a file"),
    ]
    for folder, words in cases:
        line = refused(server(*BASE, "--data-dir", str(folder)))
        assert line.startswith(f"bigcity-server: the data folder {folder}") and words in line, line


def as_nobody(fn: object) -> tuple[int, str]:
    """`fn()` (a check that may raise) in a child process run as the user
    nobody: its exit status (0: it passed, 2: refused) and its message."""
    import pwd

    nobody = pwd.getpwnam("nobody")
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: becomes nobody, runs the check, says how it went
        code = 1
        try:
            os.close(r)
            os.setgroups([])
            os.setgid(nobody.pw_gid)
            os.setuid(nobody.pw_uid)
            try:
                fn()  # type: ignore[operator]
                code, text = 0, ""
            except SetupError as exc:
                code, text = 2, str(exc)
            os.write(w, text.encode())
        finally:
            os._exit(code)
    os.close(w)
    with os.fdopen(r, "rb") as f:
        text = f.read().decode()
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), text


needs_root = pytest.mark.skipif(
    not hasattr(os, "fork") or not hasattr(os, "geteuid") or os.geteuid() != 0,
    reason="runs a check as the user nobody: needs root",
)


@pytest.fixture
def shared_dir():
    """A folder every user can enter (not pytest's own, which is root's alone)."""
    import shutil
    import tempfile

    d = Path(tempfile.mkdtemp(prefix="bigcity-nobody-"))
    d.chmod(0o755)
    yield d
    shutil.rmtree(d)


@needs_root
def test_a_data_dir_nobody_may_write_is_named(shared_dir):
    closed = shared_dir / "tables"
    closed.mkdir(mode=0o755)  # root's, nobody cannot write it
    code, text = as_nobody(lambda: preflight.check_data_dir(closed))
    assert code == 2 and text == f"the data folder {closed} cannot be written: permission denied", text
    code, text = as_nobody(lambda: preflight.check_data_dir(closed / "inner"))
    assert code == 2 and text.startswith(f"the data folder {closed / 'inner'} cannot be made: permission denied")
    # a folder nobody may write, with the database in it it may not
    mine = shared_dir / "mine"
    mine.mkdir()
    (mine / "tables.sqlite3").write_bytes(b"")
    os.chown(mine, __import__("pwd").getpwnam("nobody").pw_uid, -1)
    code, text = as_nobody(lambda: preflight.check_data_dir(mine))
    assert code == 2 and "holds tables.sqlite3, which cannot be written" in text, text
    (mine / "tables.sqlite3").unlink()
    assert as_nobody(lambda: preflight.check_data_dir(mine)) == (0, "")


@needs_root
def test_a_certificate_nobody_may_read_is_named(shared_dir):
    cert, key = make_cert(shared_dir)
    cert.chmod(0o600)
    code, text = as_nobody(lambda: preflight.tls_context(cert, key))
    assert code == 2 and text == f"the certificate file {cert} cannot be read: permission denied", text


def make_cert(folder: Path) -> tuple[Path, Path]:
    import shutil

    if shutil.which("openssl") is None:
        pytest.skip("openssl makes the test certificate")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost"]
        + ["-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
    )
    key.chmod(0o644)
    return cert, key


def test_a_missing_or_foreign_certificate_or_key_is_named(tmp_path):
    cert, key = make_cert(tmp_path)
    (tmp_path / "other").mkdir()
    _, other_key = make_cert(tmp_path / "other")
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    data = str(tmp_path / "data")
    cases = [
        (tmp_path / "none.pem", key, f"the certificate file {tmp_path / 'none.pem'} does not exist"),
        (text, key, f"the certificate file {text} is not in PEM form"),
        (key, key, f"the certificate file {key} is not in PEM form"),
        (tmp_path, key, f"the certificate file {tmp_path} is a folder"),
        (cert, text, f"the key file {text} is not in PEM form"),
        (cert, tmp_path / "none.key", f"the key file {tmp_path / 'none.key'} does not exist"),
        (cert, other_key, f"the key file {other_key} is not the key of the certificate file {cert}"),
    ]
    for c, k, words in cases:
        line = refused(server(*BASE, "--data-dir", data, "--certfile", str(c), "--keyfile", str(k)))
        assert line.startswith(f"bigcity-server: {words}"), line
