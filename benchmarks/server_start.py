"""A table server's start over many saved tables.

Makes N saved tables (default 5,000: nine in ten games in progress with
some moves each, the others lobbies; every seat a person's, so nothing
plays by itself) in a temporary data folder, starts ``bigcity-server`` on
it in a child process (127.0.0.1, any free port) and prints:

- seconds from spawning the process to its "listening" line (target: 2);
- seconds until every table it resumes is available (its "resumed" log line);
- how many tables it resumed (at most ``--max-tables``, default 2,000);
- the longest and the 99th-percentile answer to a request sent every 20 ms
  while it resumes (how long its event loop is held);
- the server process's peak resident memory (VmHWM), MiB.

    python benchmarks/server_start.py                 # 5,000 tables
    python benchmarks/server_start.py --tables 50 --json

With ``--json`` the last line is one JSON object of those figures. Quote
them with the load (``uptime``): the machine is shared.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bigcity_desktop.bots import make_bot  # noqa: E402
from bigcity_desktop.engine import GameState, get_rules  # noqa: E402
from bigcity_desktop.engine.record import PlayerInfo  # noqa: E402
from bigcity_desktop.engine.seats import SeatKind  # noqa: E402
from bigcity_desktop.net.protocol import PROTOCOL_VERSION  # noqa: E402
from bigcity_desktop.net.store import (  # noqa: E402
    RecordText,
    StoredSeat,
    StoredTable,
    TableStore,
    game_head,
    table_to_json,
)

SEATS = 3


def make_tables(folder: Path, n: int, moves: int = 40, lobby_every: int = 10) -> list[str]:
    """`n` saved tables in `folder`'s database (one game played `moves`
    moves, saved at each table as its own); their ids, oldest first."""
    names = [f"P{i}" for i in range(SEATS)]
    state = GameState.new("original", SEATS, seed=4, names=names)
    bot = make_bot("random", 5)
    while not state.is_over and len(state.history) < moves:
        state.apply(bot.choose(state))
    players = [PlayerInfo(x) for x in names]
    actions = RecordText().actions(state)
    rules = get_rules("original")
    ids = [f"t{i:06d}" for i in range(n)]
    rows: list[tuple[str, str, str | None]] = []
    move_rows: list[tuple[str, int, str]] = []
    for i, table_id in enumerate(ids):
        seats = [StoredSeat(SeatKind.HUMAN, None, x, f"{i:064x}") for x in names]
        t = StoredTable(
            table_id, f"Table {i}", rules, seats, 0, 1.0 + i, i, public=True
        )  # listed, as the runs list them
        doc = json.dumps(table_to_json(t), separators=(",", ":"))
        if i % lobby_every == lobby_every - 1:
            rows.append((table_id, doc, None))
            continue
        rows.append((table_id, doc, game_head(state, players, {"table": table_id})))
        move_rows.extend((table_id, k, a) for k, a in enumerate(actions))

    def write(db: sqlite3.Connection) -> None:
        db.executemany("INSERT INTO tables (id, doc, head) VALUES (?, ?, ?)", rows)
        db.executemany("INSERT INTO moves (id, n, action) VALUES (?, ?, ?)", move_rows)

    store = TableStore(folder)
    store.journal.submit(write).result()
    store.close()
    return ids


def peak_rss_mib(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


async def _probe(url: str, done: threading.Event) -> list[float]:
    """Answer times of a cheap request (a resync at no table: refused at
    once) sent every 20 ms until `done`."""
    times: list[float] = []
    async with connect(url, max_size=None, ping_interval=None, open_timeout=120) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION, "client": "bigcity-bench"}))
        await ws.recv()
        i = 0
        while not done.is_set():
            i += 1
            began = time.perf_counter()
            await ws.send(json.dumps({"type": "sync", "id": i}))
            while True:
                m = json.loads(await ws.recv())
                if m.get("id") == i:
                    break
            times.append(time.perf_counter() - began)
            await asyncio.sleep(0.02)
    return times


async def _count_tables(url: str) -> int:
    async with connect(url, max_size=None, ping_interval=None, open_timeout=120) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION, "client": "bigcity-bench"}))
        await ws.recv()
        await ws.send(json.dumps({"type": "list", "id": 1}))
        while True:
            m = json.loads(await ws.recv())
            if m.get("type") == "lobby":
                return len(m["tables"])


def run(n: int, moves: int, extra: list[str]) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="bigcity-start-") as tmp:
        folder = Path(tmp) / "data"
        made = time.perf_counter()
        make_tables(folder, n, moves)
        made = time.perf_counter() - made
        began = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-m", "bigcity_desktop.net", "--host", "127.0.0.1", "--port", "0", "--no-mdns"]
            + ["--data-dir", str(folder), "-v", *extra],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=dict(os.environ, PYTHONPATH=str(ROOT)),
            cwd=ROOT,
        )
        assert proc.stdout is not None and proc.stderr is not None
        resumed = threading.Event()
        figures: dict[str, Any] = {}
        log_lines: list[str] = []

        def read_log() -> None:
            assert proc.stderr is not None
            for line in proc.stderr:
                log_lines.append(line.rstrip())
                m = re.search(r"resumed ([\d,]+) tables", line)
                if m and not resumed.is_set():
                    figures["resumed_s"] = round(time.perf_counter() - began, 2)
                    figures["resumed"] = int(m.group(1).replace(",", ""))
                    resumed.set()

        reader = threading.Thread(target=read_log, daemon=True)
        reader.start()
        try:
            line = proc.stdout.readline()
            listening = time.perf_counter() - began
            m = re.search(r"ws://127\.0\.0\.1:\d+", line)
            if m is None:
                raise SystemExit(f"the server did not start: {line!r} {log_lines}")
            url = m.group(0)
            times = asyncio.run(_probe(url, resumed))
            if proc.poll() is not None:
                raise SystemExit(f"the server ended: {log_lines}")
            listed = asyncio.run(_count_tables(url))
            rss = peak_rss_mib(proc.pid)
        finally:
            proc.terminate()
            proc.wait(60)
        times.sort()
        return {
            "tables": n,
            "moves_each": moves,
            "made_s": round(made, 2),
            "listening_s": round(listening, 2),
            "resumed_s": figures.get("resumed_s"),
            "resumed": figures.get("resumed"),
            "listed": listed,
            "answer_max_ms": round(times[-1] * 1000, 1) if times else None,
            "answer_p99_ms": round(times[min(len(times) - 1, int(0.99 * len(times)))] * 1000, 1) if times else None,
            "peak_rss_mib": round(rss, 1) if rss is not None else None,
            "said": [x for x in log_lines if "saved tables" in x],
        }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=5000)
    ap.add_argument("--moves", type=int, default=40, help="moves of each game in progress (default 40)")
    ap.add_argument("--max-tables", type=int, default=None, help="the server's --max-tables (default its own)")
    ap.add_argument("--json", action="store_true", help="end with one line of JSON")
    a = ap.parse_args()
    extra = ["--max-tables", str(a.max_tables)] if a.max_tables is not None else []
    figures = run(a.tables, a.moves, extra)
    load = os.getloadavg()[0]
    if a.json:
        print(json.dumps(figures))
        return
    print(f"{figures['tables']} saved tables, {figures['moves_each']} moves each (made in {figures['made_s']} s)")
    print(f"listening after       {figures['listening_s']} s")
    print(f"every table resumed   {figures['resumed_s']} s ({figures['resumed']} resumed, {figures['listed']} listed)")
    print(f"answers while resuming: max {figures['answer_max_ms']} ms, p99 {figures['answer_p99_ms']} ms")
    print(f"peak RSS              {figures['peak_rss_mib']} MiB")
    for line in figures["said"]:
        print(f"said: {line}")
    print(f"load average {load:.2f}")


if __name__ == "__main__":
    main()
