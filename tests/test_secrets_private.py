"""Secrets stay private: the kept network seat's token and each table's
seat token live in a file only their owner reads (session/secretfile.py:
the folder 0700, the file 0600), never in the settings file (0644); a
server's data folder is 0700 and its database 0600 (net/owneronly.py),
the app's own hosted server's too. Where the tests run as root, a second
user (`nobody`, through subprocess's user=) tries to read them and
cannot; a file of mode 0644 beside them, which it can read, shows the
check would catch a leak."""

from __future__ import annotations

import asyncio
import os
import pwd
import stat
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from bigcity_desktop.net.store import DB_NAME, TableStore
from bigcity_desktop.session.keptseat import KEPT_KEY, KeptSeat, forget_kept_seat, keep_seat, kept_seat
from bigcity_desktop.session.secretfile import get_secret, secrets_path, set_secret, wait_for_secrets

TOKEN = "Zr8kQ2x-secret-token-of-the-seat-0123456789"


@pytest.fixture
def open_base(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder every user may enter (pytest's own tmp folders are 0700,
    which would hide a leak), as the data folder."""
    base = Path(tempfile.mkdtemp(prefix="bigcity-secrets-"))
    base.chmod(0o755)
    monkeypatch.setenv("BIGCITY_DATA_DIR", str(base / "data"))
    try:
        yield base
    finally:
        subprocess.run(["rm", "-rf", str(base)], check=False)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def nobody_reads(path: Path) -> bool:
    """Whether the user nobody can read `path` (a file, or a folder's list)."""
    who = pwd.getpwnam("nobody")
    cmd = ["ls", str(path)] if path.is_dir() else ["cat", str(path)]
    done = subprocess.run(cmd, user=who.pw_uid, group=who.pw_gid, capture_output=True, check=False)
    return done.returncode == 0


needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="a second user's reading is tried only as root")


def _settings(base: Path) -> QSettings:
    path = base / "settings.ini"
    s = QSettings(str(path), QSettings.Format.IniFormat)
    return s


def test_a_kept_seats_token_is_in_the_owners_file_not_the_settings(open_base: Path) -> None:
    settings = _settings(open_base)
    kept = KeptSeat("ws://127.0.0.1:47474", "t1", 1, TOKEN, "Ben", "Hosty's table", "Big City", 3)
    keep_seat(settings, kept)
    settings.sync()
    assert kept_seat(settings) == kept
    assert wait_for_secrets(60)  # written on the secrets' writer thread
    assert TOKEN not in Path(settings.fileName()).read_text(encoding="utf-8")
    path = secrets_path()
    assert TOKEN in path.read_text(encoding="utf-8")
    assert mode(path) == 0o600 and mode(path.parent) == 0o700
    # another settings file (another profile) keeps its own
    other = QSettings(str(open_base / "other.ini"), QSettings.Format.IniFormat)
    assert kept_seat(other) is None
    forget_kept_seat(settings)
    assert kept_seat(settings) is None and wait_for_secrets(60) and TOKEN not in path.read_text(encoding="utf-8")


def test_an_older_versions_token_in_the_settings_moves_to_the_owners_file(open_base: Path) -> None:
    import json
    from dataclasses import asdict

    settings = _settings(open_base)
    kept = KeptSeat("ws://127.0.0.1:47474", "t1", 1, TOKEN, "Ben", "Hosty's table", "Big City", 3)
    settings.setValue(KEPT_KEY, json.dumps(asdict(kept)))  # as an older version wrote it
    settings.setValue("net/seats/abc", f"1:{TOKEN}")
    assert kept_seat(settings) == kept
    settings.sync()
    text = Path(settings.fileName()).read_text(encoding="utf-8")
    assert TOKEN in text  # the per-table note is moved when the session reads it (below)
    from bigcity_desktop.session.remote import RemoteSession

    class FakeClient:
        def __init__(self, *a: object, **k: object) -> None:
            pass

        def start(self) -> None:
            pass

    session = RemoteSession("127.0.0.1:47474", "Ben", settings=settings, client_factory=FakeClient)
    key = session._key("t9")
    settings.setValue(key, f"2:{TOKEN}")
    assert session._remembered("t9") == (2, TOKEN)
    settings.remove("net/seats/abc")
    settings.sync()
    assert TOKEN not in Path(settings.fileName()).read_text(encoding="utf-8")
    assert get_secret(settings.fileName(), key) == TOKEN


def test_a_secret_file_that_cannot_be_written_keeps_nothing(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("x")
    assert set_secret("scope", "k", "v", blocked / "secrets.json") is False


def test_a_servers_data_folder_and_database_are_its_owners(open_base: Path) -> None:
    folder = open_base / "server"
    old = open_base / "old"
    old.mkdir(mode=0o755)
    old.chmod(0o755)
    (old / DB_NAME).touch()
    (old / DB_NAME).chmod(0o644)
    for where in (folder, old):
        store = TableStore(where)
        try:
            assert mode(where) == 0o700, oct(mode(where))
            assert mode(where / DB_NAME) == 0o600
            for extra in ("-wal", "-shm"):
                p = where / (DB_NAME + extra)
                if p.exists():
                    assert mode(p) == 0o600
        finally:
            store.close()


def test_the_apps_hosted_servers_folder_is_its_owners(open_base: Path) -> None:
    from bigcity_desktop.net.hosting import ServerThread
    from bigcity_desktop.net.server import ServerConfig

    data = open_base / "data" / "server"
    thread = ServerThread(ServerConfig(host="127.0.0.1", port=0, data_dir=data, bot_pool="thread", mdns=False))
    thread.start()
    try:
        assert mode(data) == 0o700 and mode(data / DB_NAME) == 0o600
    finally:
        thread.stop()


@needs_root
def test_a_second_user_reads_no_token_table_or_chat(open_base: Path) -> None:
    settings = _settings(open_base)
    keep_seat(settings, KeptSeat("ws://127.0.0.1:47474", "t1", 1, TOKEN, "Ben", "T", "Big City", 3))
    settings.sync()
    assert wait_for_secrets(60)
    store_dir = open_base / "server"
    store = TableStore(store_dir)
    asyncio.run(asyncio.sleep(0))
    store.close()
    control = open_base / "control.txt"
    control.write_text("anyone reads this")
    control.chmod(0o644)
    assert nobody_reads(control), "the second user cannot read even a 0644 file: the check would prove nothing"
    assert nobody_reads(Path(settings.fileName()))  # the settings are 0644, and hold no token
    for private in (secrets_path(), secrets_path().parent, store_dir, store_dir / DB_NAME):
        assert not nobody_reads(private), private
