"""A server over many saved tables listens first and resumes them on a
thread of their own (net/resume.py), at most --max-tables of them; a table
asked for by its id comes first. benchmarks/server_start.py runs small."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from benchmarks.server_start import make_tables
from bigcity_desktop.net.client import LobbyUpdate, SeatAssigned, TableChanged
from bigcity_desktop.net.resume import Resumer
from bigcity_desktop.net.store import DB_NAME, TableStore

from .helpers import GUARD, Player, running

ROOT = Path(__file__).resolve().parents[2]


def test_the_server_listens_before_its_tables_are_read_and_an_asked_table_comes_first(tmp_path, monkeypatch):
    ids = make_tables(tmp_path, 50, moves=20)
    wanted = ids[0]  # the oldest: the last in line
    go, gate = threading.Event(), threading.Event()
    read: list[str] = []
    load, next_one = TableStore.load, Resumer._next

    def held_next(self):  # the thread reads no table until the test has asked for one
        go.wait(GUARD)
        return next_one(self)

    def held_load(self, db, table_id):  # every table but the one asked for waits for the gate
        if table_id != wanted:
            gate.wait(GUARD)
        read.append(table_id)
        return load(self, db, table_id)

    monkeypatch.setattr(Resumer, "_next", held_next)
    monkeypatch.setattr(TableStore, "load", held_load)

    async def main():
        async with running(data_dir=tmp_path) as server:
            resumer = server.resumer
            assert server.tables == {} and resumer is not None  # listening, nothing read yet
            p = Player(server.url)
            await p.connected()
            p.client.spectate(wanted)

            async def asked() -> None:
                while wanted not in resumer._urgent:  # the request is in: the thread may go on
                    await asyncio.sleep(0.005)

            await asyncio.wait_for(asked(), GUARD)
            go.set()
            changed = await p.wait(TableChanged, lambda e: e.table is not None)
            assert changed.table.id == wanted and changed.table.moves == 20
            assert read == [wanted] and list(server.tables) == [wanted]
            gate.set()
            await asyncio.wait_for(resumer.finished.wait(), GUARD)
            assert len(server.tables) == 50 and sorted(read) == sorted(ids)
            await p.close()

    asyncio.run(main())


def test_at_most_max_tables_are_resumed_and_the_others_stay_on_disk(tmp_path, caplog):
    ids = make_tables(tmp_path, 50, moves=10)
    caplog.set_level(logging.INFO, "bigcity.server")

    async def main():
        async with running(data_dir=tmp_path, max_tables=20) as server:
            p = Player(server.url)
            await p.connected()
            req = p.client.list_tables()
            lobby = await p.wait(LobbyUpdate, lambda e: e.request == req)
            assert sorted(t.id for t in lobby.tables) == ids[30:]  # the most recently created
            assert sorted(server.tables) == ids[30:]
            # one on disk: asked for, it is refused while the server is full
            req = p.client.spectate(ids[0])
            refusal = await p.refusal(req)
            assert refusal.code == "full" and ids[0] in refusal.reason
            req = p.client.create("Ann", ["human", "human"], edition="original")
            assert (await p.refusal(req)).code == "full"
            # room made: it comes back when asked for
            server.remove(server.tables[ids[49]])
            p.client.spectate(ids[0])
            changed = await p.wait(TableChanged, lambda e: e.table is not None)
            assert changed.table.id == ids[0] and len(server.tables) == 20
            await p.close()

    asyncio.run(main())
    said = [r.getMessage() for r in caplog.records if "saved tables" in r.getMessage()]
    assert said == ["50 saved tables; 20 are resumed (--max-tables), the others stay on disk"]
    db = sqlite3.connect(tmp_path / DB_NAME)
    assert db.execute("SELECT count(*) FROM tables").fetchone() == (49,)  # the removed one alone is gone
    db.close()


def test_a_seat_rejoins_its_table_while_the_others_are_resumed(tmp_path):
    async def main():
        async with running(data_dir=tmp_path) as server:
            ann = Player(server.url)
            ann.client.create("Ann", ["human", "human"], edition="original")
            seated = await ann.wait(SeatAssigned)
            await ann.close()
        make_tables(tmp_path, 30, moves=5)  # more tables, newer than Ann's
        async with running(data_dir=tmp_path) as server:
            ann = Player(server.url)
            ann.client.rejoin(seated.table, seated.seat, seated.token)
            back = await ann.wait(SeatAssigned)
            assert back.table == seated.table
            await ann.close()

    asyncio.run(main())


@pytest.mark.slow
def test_the_start_benchmark_runs_small():
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "server_start.py"), "--tables", "50", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    assert figures["tables"] == 50 and figures["resumed"] == 50 and figures["listed"] == 50
    assert figures["listening_s"] > 0 and figures["peak_rss_mib"] is None or figures["peak_rss_mib"] > 0
