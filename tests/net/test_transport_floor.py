"""benchmarks/transport_floor.py's servers speak websockets as a client expects
(echo, fragments, the close handshake, the size limit, a table's four
answers, the commit before them), and the benchmark runs small and ends
with its figures as JSON."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosedError

from benchmarks.transport_floor import Counts, direct_server, pump_server, sansio_server, websockets_server

ROOT = Path(__file__).resolve().parents[2]
Start = Callable[[Counts], Awaitable[Any]]
SERVERS = [pytest.param(sansio_server, id="sansio"), pytest.param(direct_server, id="direct")]


def url_of(server: Any) -> str:
    return f"ws://127.0.0.1:{next(iter(server.sockets)).getsockname()[1]}"


async def _echo(start: Start) -> None:
    counts = Counts(0, "none")
    server = await start(counts)
    try:
        async with connect(url_of(server), compression=None) as ws:
            await ws.send("héllo")
            assert await ws.recv() == "héllo"
            await ws.send(["in ", "three ", "parts"])  # a fragmented message
            assert await ws.recv() == "in three parts"
            pong = await ws.ping(b"p")
            await asyncio.wait_for(pong, 5)
        assert ws.close_code == 1000  # the closing handshake answered
        assert counts.messages == 2
    finally:
        server.close()


@pytest.mark.parametrize("start", SERVERS)
def test_a_server_echoes_and_closes_cleanly(start: Start) -> None:
    asyncio.run(_echo(start))


async def _refused(start: Start, message: str | bytes) -> int:
    server = await start(Counts(0, "none"))
    try:
        async with connect(url_of(server), compression=None, max_size=None) as ws:
            await ws.send(message)
            with pytest.raises(ConnectionClosedError) as caught:
                await asyncio.wait_for(ws.recv(), 5)
        assert caught.value.rcvd is not None
        return caught.value.rcvd.code
    finally:
        server.close()


@pytest.mark.parametrize("start", SERVERS)
def test_a_message_over_the_limit_or_binary_is_refused(start: Start) -> None:
    assert asyncio.run(_refused(start, "x" * (2**16 + 1))) == 1009  # the table server's limit
    assert asyncio.run(_refused(start, b"binary")) == 1003


async def _table(start: Start, commit: str) -> Counts:
    counts = Counts(1000, commit)
    server = await start(counts)
    try:
        seats = [await connect(url_of(server), compression=None) for _ in range(4)]
        for ws in seats:
            await ws.send("table 1")
        async with asyncio.timeout(5):  # every seat at the table before the first move
            while len(counts.tables.get("table 1", [])) < 4:
                await asyncio.sleep(0.01)
        for move in range(3):
            await seats[0].send(f"move {move}")
            for ws in seats:  # each seat its answer, the mover too
                text = await asyncio.wait_for(ws.recv(), 5)
                assert text == counts.view and abs(len(text) - 1000) <= 1  # benchmarks/echo.py's floor's
        for ws in seats:
            await ws.close()
        return counts
    finally:
        server.close()


@pytest.mark.parametrize("commit", ["none", "inline", "thread"])
@pytest.mark.parametrize(
    "start", SERVERS + [pytest.param(pump_server, id="pump"), pytest.param(websockets_server, id="websockets")]
)
def test_a_table_hears_each_move_after_its_commit(
    start: Start, commit: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    if start is websockets_server and commit == "none":
        pytest.skip("benchmarks/echo.py's own floor serves that design")
    counts = asyncio.run(_table(start, commit))
    assert counts.messages == 3
    if commit == "none":
        assert counts.db is None
        return
    assert counts.db is not None
    (db_file,) = tmp_path.glob("transport-floor-*/floor.sqlite3")
    with sqlite3.connect(db_file) as other:  # committed: another connection reads every row
        assert other.execute("SELECT count(*) FROM moves").fetchone() == (3,)
        assert other.execute("PRAGMA journal_mode").fetchone() == ("wal",)


@pytest.mark.slow
def test_the_benchmark_runs_small(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "transport_floor.py"), "--tables", "2", "--seconds", "1"]
        + ["--fast-seconds", "0.5", "--no-uvloop", "--no-parts", "--json"]
        + ["--only", "sansio 4x1KB + commit thread"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
        env={"TMPDIR": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    names = [r["name"] for r in figures["rows"]]
    assert names == ["websockets echo", "sansio 4x1KB + commit thread"]
    assert all(r["messages"] > 0 and r["ms"] >= 0 and 0 <= r["sys_ms"] <= r["ms"] + 0.01 for r in figures["rows"])
    assert figures["echo_ms"]["asyncio"] > 0 and figures["parts_ms"] is None
