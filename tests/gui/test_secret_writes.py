"""The window never waits on the disk for a seat's token (issue 45.6): the
secrets file is synced before it is renamed (session/secretfile.py), which
stalled the window 730 ms once on a loaded disk. A token is filed at once
and written by the secrets' writer thread; what waits is read back as filed;
the file stays 0600 and is replaced whole; closing the window waits for a
pending write, and the interpreter's exit finishes one."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from bigcity_desktop.session import secretfile
from bigcity_desktop.session.keptseat import KeptSeat, keep_seat, kept_seat
from bigcity_desktop.session.secretfile import get_secret, secrets_path, set_secret, wait_for_secrets

TOKEN = "Zr8kQ2x-secret-token-of-the-seat-0123456789"
KEPT = KeptSeat("ws://127.0.0.1:47474", "t1", 1, TOKEN, "Ben", "Hosty's table", "Big City", 3)


class SlowDisk:
    """os.fsync of the secrets file held until the test lets it go."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.entered = threading.Event()
        self.go = threading.Event()
        self.threads: list[str] = []
        real = os.fsync

        def fsync(fd: int) -> None:
            self.threads.append(threading.current_thread().name)
            self.entered.set()
            assert self.go.wait(60), "the test never let the disk go"
            real(fd)

        monkeypatch.setattr(os, "fsync", fsync)  # (the module's own os)


def _settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def _in_file(path: Path) -> bool:
    return path.exists() and TOKEN in path.read_text(encoding="utf-8")


def test_keeping_a_seat_returns_while_the_disk_is_slow(tmp_path, data_dir, monkeypatch) -> None:
    disk = SlowDisk(monkeypatch)
    settings = _settings(tmp_path)
    keep_seat(settings, KEPT)  # returns although the write is held at its sync
    assert disk.entered.wait(60)
    assert disk.threads == ["secrets-writer"]  # not the caller's (the GUI) thread
    assert kept_seat(settings) == KEPT  # what waits is read back as filed
    path = secrets_path()
    assert not _in_file(path)
    disk.go.set()
    assert wait_for_secrets(60)
    assert _in_file(path) and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert [p.name for p in path.parent.iterdir()] == ["secrets.json"]  # renamed over it: no temporary file left


def test_changes_filed_meanwhile_are_written_in_order(tmp_path, data_dir, monkeypatch) -> None:
    disk = SlowDisk(monkeypatch)
    secretfile.set_secret_soon("s", "a", "first")
    assert disk.entered.wait(60)  # "a" is being written; these wait
    secretfile.set_secret_soon("s", "a", "second")
    secretfile.set_secret_soon("s", "b", "kept")
    secretfile.set_secret_soon("s", "b", None)  # forgotten again before it was written
    secretfile.set_secret_soon("s", "c", "third")
    assert (get_secret("s", "a"), get_secret("s", "b"), get_secret("s", "c")) == ("second", None, "third")
    disk.go.set()
    assert wait_for_secrets(60)
    assert secretfile._writer.thread is None  # the writer ends when nothing waits
    assert (get_secret("s", "a"), get_secret("s", "b"), get_secret("s", "c")) == ("second", None, "third")
    # a write on the caller's thread comes after what waits, and says whether it could
    assert set_secret("s", "a", "now") and get_secret("s", "a") == "now"


def test_closing_the_window_waits_for_a_pending_write(qtbot, window, monkeypatch) -> None:
    from bigcity_desktop.game.shell import mainwindow

    disk = SlowDisk(monkeypatch)
    real_wait = mainwindow.wait_for_secrets
    closing = threading.Event()

    def wait(timeout: float | None = None) -> bool:
        closing.set()
        return real_wait(timeout)

    monkeypatch.setattr(mainwindow, "wait_for_secrets", wait)
    keep_seat(window.settings, KEPT)
    assert disk.entered.wait(60)

    # the disk goes on once the window waits for it
    def let_go() -> None:
        if closing.wait(60):
            disk.go.set()

    threading.Thread(target=let_go, daemon=True).start()
    window.close()
    assert closing.is_set() and _in_file(secrets_path())


def test_the_apps_exit_finishes_a_pending_write(tmp_path) -> None:
    """A token filed a moment before the process ends is in the file after it."""
    script = (
        "import os, time\n"
        "from bigcity_desktop.session import secretfile\n"
        "real = os.fsync\n"
        "def slow(fd):\n"
        "    time.sleep(0.3)\n"  # a slow disk: the main thread has ended by the time it syncs
        "    real(fd)\n"
        "secretfile.os.fsync = slow\n"
        f"secretfile.set_secret_soon('scope', 'key', {TOKEN!r})\n"
    )
    env = {**os.environ, "BIGCITY_DATA_DIR": str(tmp_path / "data"), "PYTHONPATH": str(Path.cwd())}
    subprocess.run([sys.executable, "-c", script], env=env, check=True, timeout=120)
    path = tmp_path / "data" / secretfile.FOLDER / secretfile.NAME
    assert _in_file(path) and stat.S_IMODE(path.stat().st_mode) == 0o600
