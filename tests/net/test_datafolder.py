"""A server's data folder (issue 45, item 5): a foreign ``tables.sqlite3``
is refused untouched, a second server on the folder is refused with one
sentence naming the first, and a damaged write-ahead log is named in the
log with the moves it loses."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import shutil
import signal
import sqlite3
import struct

import pytest

from bigcity_desktop.net import hosting
from bigcity_desktop.net.client import LobbyUpdate
from bigcity_desktop.net.dbcheck import APPLICATION_ID, FolderLock
from bigcity_desktop.net.server import GameServer
from bigcity_desktop.net.store import DB_NAME, RecordText, StoreError, TableStore

from .helpers import GUARD, Player, config, running, start_server_process
from .test_store import played, save_game, table


def _snapshot(folder):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir() if p.name != FolderLock.NAME}


def _foreign(path, app_id: int = 0) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    db.execute("INSERT INTO notes (text) VALUES ('my shopping list')")
    if app_id:
        db.execute(f"PRAGMA application_id={app_id}")
    db.commit()
    db.close()


@pytest.mark.parametrize("app_id", [0, 0x0F0F0F0F])
def test_a_foreign_database_is_refused_untouched(tmp_path, app_id):
    _foreign(tmp_path / DB_NAME, app_id)
    before = _snapshot(tmp_path)
    with pytest.raises(StoreError) as no:
        TableStore(tmp_path)
    assert "left as it is" in str(no.value)
    assert ("another program's database" if app_id else "not a Big City tables' database") in str(no.value)
    assert _snapshot(tmp_path) == before  # not a byte written, no log file made
    with pytest.raises(StoreError):
        GameServer(config(data_dir=tmp_path))
    assert _snapshot(tmp_path) == before


def test_a_foreign_table_named_like_ours_is_refused_too(tmp_path):
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute("CREATE TABLE tables (name TEXT, legs INTEGER)")
    db.commit()
    db.close()
    before = _snapshot(tmp_path)
    with pytest.raises(StoreError, match="other columns"):
        TableStore(tmp_path)
    assert _snapshot(tmp_path) == before


def test_bigcity_server_says_so_in_one_line(tmp_path, capsys):
    _foreign(tmp_path / DB_NAME)
    assert hosting.main(["--data-dir", str(tmp_path), "--port", "0", "--no-mdns", "--host", "127.0.0.1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not a Big City tables' database" in err[0] and "notes" in err[0]


def test_a_database_of_ours_from_before_the_mark_is_ours(tmp_path):
    store = TableStore(tmp_path)
    store.save_table(table()).result()
    store.close()
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute("PRAGMA application_id=0")  # as the server wrote it before it marked its databases
    db.commit()
    db.close()
    store = TableStore(tmp_path)
    assert [t.id for t, _ in store.load_all()] == ["abc"]
    store.close()
    with open(tmp_path / DB_NAME, "rb") as f:
        assert struct.unpack(">I", f.read(100)[68:72])[0] == APPLICATION_ID


def test_a_second_server_on_one_data_folder_is_refused(tmp_path, capsys):
    async def main():
        async with running(data_dir=tmp_path) as first:
            port = first.address[1]
            with pytest.raises(StoreError) as no:
                GameServer(config(data_dir=tmp_path))
            text = str(no.value)
            assert "in use by another server" in text and f"process {os.getpid()}" in text and f"port {port}" in text
            argv = ["--data-dir", str(tmp_path), "--port", "0", "--no-mdns", "--host", "127.0.0.1"]
            assert await asyncio.get_running_loop().run_in_executor(None, hosting.main, argv) == 2
            err = capsys.readouterr().err.strip().splitlines()
            assert len(err) == 1 and f"port {port}" in err[0]
        async with running(data_dir=tmp_path):  # the first one stopped: the folder is free
            pass

    asyncio.run(main())


def test_a_damaged_log_is_named_with_the_moves_it_loses(tmp_path, caplog):
    live, copy = tmp_path / "live", tmp_path / "copy"
    store = TableStore(live)
    state = played(60)
    save_game(store, table(), state, step=1)  # one commit a move, as a server at a human pace makes them
    actions = RecordText().actions(state)
    copy.mkdir()
    for name in (DB_NAME, DB_NAME + "-wal"):  # what a killed server leaves
        shutil.copyfile(live / name, copy / name)
    store.close()
    wal = copy / (DB_NAME + "-wal")
    data = bytearray(wal.read_bytes())
    page = struct.unpack(">I", data[8:12])[0]
    frames = (len(data) - 32) // (24 + page)
    k = frames // 2
    data[32 + k * (24 + page) + 24 + page // 2] ^= 0xFF  # a byte of a frame in the middle
    wal.write_bytes(bytes(data))
    with caplog.at_level(logging.ERROR, logger="bigcity.server"):
        again = TableStore(copy)
    db = again.reader()
    kept = [n for (n,) in db.execute("SELECT n FROM moves WHERE id = 'abc' ORDER BY n")]
    db.close()
    again.close()
    assert kept == list(range(len(kept))) and len(kept) < len(actions)  # SQLite keeps what comes before the damage
    lines = [r.getMessage() for r in caplog.records if "damaged at frame" in r.getMessage()]
    assert len(lines) == 1, caplog.text
    lost = len(actions) - len(kept)
    first, last = len(kept), len(actions) - 1
    assert f"damaged at frame {k + 1} of {frames}" in lines[0]
    assert (f"table abc moves {first}\u2013{last}" if lost > 1 else f"table abc move {first}") in lines[0]
    assert (copy / (DB_NAME + "-wal.damaged")).exists()


def test_the_apps_host_names_the_server_that_holds_its_folder(tmp_path):
    first = hosting.ServerThread(config(data_dir=tmp_path))
    first.start()
    try:
        second = hosting.ServerThread(config(data_dir=tmp_path))
        with pytest.raises(OSError, match=f"in use by another server .*port {first.port}"):
            second.start()  # at once, with the sentence (it waited 30 s for nothing before)
        second.stop()
    finally:
        first.stop()


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
@pytest.mark.parametrize("stats", [False, True])
def test_sighup_and_sigusr1_are_no_end(tmp_path, stats):
    proc, port = start_server_process(tmp_path, 0, *(["--stats"] if stats else []))
    try:

        async def main():
            for sig in (signal.SIGHUP, signal.SIGUSR1, signal.SIGHUP):
                proc.send_signal(sig)
                p = Player(f"127.0.0.1:{port}")  # a round trip after the signal: the server handled it and goes on
                req = p.client.list_tables()
                await p.wait(LobbyUpdate, lambda e, r=req: e.request == r)
                await p.close()

        asyncio.run(main())
        assert proc.poll() is None
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(GUARD) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
