"""Bounded by design (issue 45, item 3): caps per client address on
connections and open tables, the server's --max-connections (held to
what the open-file limit allows, said at start), lobbies nobody is at
expire in minutes, started games nobody plays are ended and their record
kept; past a cap a close or a refusal with its code and reason, and one
log line a minute per kind."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from bigcity_desktop.net import caps
from bigcity_desktop.net.client import LeftTable, Refusal, ViewUpdate
from bigcity_desktop.net.config import ServerConfig

from .helpers import GUARD, Player, RawSocket, choose, running

ROOT = Path(__file__).resolve().parents[2]


async def _until(cond, what: str) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + GUARD
    while not cond():
        assert loop.time() < end, what
        await asyncio.sleep(0.02)


def test_one_address_opens_so_many_tables_and_connections(caplog):
    async def main():
        async with running(max_tables_per_client=3, max_connections_per_client=5) as server:
            ann = Player(server.url)
            players = [ann]
            for i in range(3):
                if i:
                    players.append(Player(server.url))
                players[-1].client.create(f"P{i}", ["human", "human"])
                await players[-1].seated()
            more = Player(server.url)
            players.append(more)
            req = more.client.create("One too many", ["human", "human"])
            no = await more.refusal(req)
            assert no.code == "limit" and "3 open tables" in no.reason
            # a sixth connection from this address: closed with 1008 and a reason
            raws = []
            with caplog.at_level(logging.WARNING, logger="bigcity.server"):
                for _ in range(3):  # the 5th is allowed, the 6th and 7th are closed
                    raws.append(await RawSocket.open(server.address[1]))
                closes = [await r.closed(timeout=GUARD) for r in raws[1:]]
            assert all(
                int.from_bytes(c[:2], "big") == 1008 and c[2:] == b"too many connections from your address"
                for c in closes
            )
            assert len([r for r in caplog.records if "connections from" in r.getMessage()]) == 1  # one line a minute
            for r in raws:
                r.close()
            for p in players:
                await p.close()

    asyncio.run(main())


def test_the_server_refuses_past_max_connections_with_1013():
    async def main():
        async with running(max_connections=2) as server:
            a, b = await RawSocket.open(server.address[1]), await RawSocket.open(server.address[1])
            c = await RawSocket.open(server.address[1])
            close = await c.closed()
            assert int.from_bytes(close[:2], "big") == 1013 and close[2:] == b"the server is full"
            for r in (a, b, c):
                r.close()

    asyncio.run(main())


def test_the_default_max_connections_is_above_every_seat_of_max_tables():
    cfg = ServerConfig()
    assert cfg.max_connections > cfg.max_tables * 5
    from bigcity_desktop.net.hosting import parse_args

    assert parse_args(["--max-tables", "4000"]).max_connections > 4000 * 5
    assert parse_args(["--max-connections", "300"]).max_connections == 300


class FakeResource:
    RLIMIT_NOFILE = 7
    RLIM_INFINITY = -1

    def __init__(self, soft: int, hard: int) -> None:
        self.limit = (soft, hard)

    def getrlimit(self, _which):
        return self.limit

    def setrlimit(self, _which, limit):
        if limit[0] > self.limit[1]:
            raise ValueError("over the hard limit")
        self.limit = limit


def test_the_open_file_limit_is_raised_or_the_connections_lowered_and_said():
    raised = FakeResource(1024, 1_048_576)
    got = caps.open_files(11_000, raised)
    assert raised.limit[0] == 11_000 + caps.RESERVED_FILES and got.connections == 11_000 and not got.note
    low = FakeResource(1024, 4096)
    got = caps.open_files(11_000, low)
    assert low.limit[0] == 4096 and got.connections == 4096 - caps.RESERVED_FILES
    assert "4,032 connections" in got.note and "--max-connections 11,000" in got.note


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX open-file limits")
def test_a_server_under_a_low_file_limit_says_so_and_closes_past_it(tmp_path):
    hard = 160

    def low():
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    proc = subprocess.Popen(
        [sys.executable, "-m", "bigcity_desktop.net", "--host", "127.0.0.1", "--port", "0", "--no-mdns"]
        + ["--data-dir", str(tmp_path), "--max-connections-per-client", "100000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        preexec_fn=low,
    )
    try:
        port = int(re.search(r"ws://127\.0\.0\.1:(\d+)", proc.stdout.readline()).group(1))
        held = hard - caps.RESERVED_FILES

        async def main():
            raws = [await RawSocket.open(port) for _ in range(held)]
            over = [await RawSocket.open(port) for _ in range(20)]
            closes = [await r.closed() for r in over]
            assert all(int.from_bytes(c[:2], "big") == 1013 for c in closes), closes[:3]
            for r in raws + over:
                r.close()

        asyncio.run(main())
    finally:
        proc.terminate()
        _out, err = proc.communicate(timeout=GUARD)
    lines = err.strip().splitlines()
    assert any(f"holds {hard - caps.RESERVED_FILES} connections" in line for line in lines), err
    assert "Traceback" not in err and len(lines) <= 4, err


def test_a_lobby_nobody_is_at_expires_and_an_abandoned_game_is_ended(tmp_path):
    async def main():
        async with running(data_dir=tmp_path, idle_lobby=0.2, abandoned_after=0.5) as server:
            cy = Player(server.url)
            cy.client.create("Cy", ["human", "human"])
            lobby = (await cy.seated()).table
            ann = Player(server.url)
            ann.client.create("Ann", ["human", "easy"])
            table = (await ann.seated()).table
            ann.client.start_game()
            v = (await ann.wait(ViewUpdate, lambda e: e.full)).view
            if v.current_player == ann.client.seat:
                ann.client.act(choose(v, random.Random(1)), len(v.history))
                await ann.wait(ViewUpdate, lambda e: e.at == 1)
            watcher = Player(server.url)
            watcher.client.spectate(table)
            await watcher.wait(ViewUpdate, lambda e: e.full)
            moves = len(server.tables[table].state.history)
            await cy.close()
            await ann.close()
            await _until(lambda: lobby not in server.tables, "the lobby expires")
            left = await watcher.wait(LeftTable)
            assert "ended" in left.reason
            assert table not in server.tables
            kept = json.loads((tmp_path / "finished" / f"{table}.game.json").read_text())
            assert kept["extra"]["abandoned"] is True and len(kept["actions"]) >= moves
            # coming back is told the game is over
            ann2 = Player(server.url)
            req = ann2.client.spectate(table)
            no = await ann2.wait(Refusal, lambda e: e.request == req)
            assert no.code == "no_table" and "is over" in no.reason
            for p in (watcher, ann2):
                await p.close()

    asyncio.run(main())
