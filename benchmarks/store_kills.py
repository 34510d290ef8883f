"""Kill the server with SIGKILL under load, again and again: no move it
told of is lost, and what it saved is always readable.

Each try starts ``bigcity-server`` on a fresh data folder, plays light
scripted tables (:mod:`lightseats`) at full speed, kills the server after
a random while, then

- starts it again on that folder (it resumes by replaying the journal) and
  asks it for its tables: every table whose game had begun is there;
- reads the folder as a resuming server does (``TableStore.load_all``):
  no table is set aside as damaged, and each game holds at least every
  move a player was told of, the same moves in the same order.

    python benchmarks/store_kills.py --tries 100          # prints a line per try, then a summary
    python benchmarks/store_kills.py --tries 3 --json     # the last line: {"tries", "acked", "lost", "damaged"}

Exit status 0 when no try lost a move or left anything unreadable.
Every connection goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from websockets.asyncio.client import connect  # noqa: E402

from benchmarks.lightseats import EDITIONS, SEED, LightTable, Pace, Script, script, start_server  # noqa: E402
from bigcity_desktop.net.protocol import PROTOCOL_VERSION  # noqa: E402
from bigcity_desktop.net.store import DB_NAME, TableStore  # noqa: E402

#: every server of a try: the light clients' pace, their games' deal
_OPTIONS = ("--rate", "10000", "--game-seed", str(SEED))


async def load(
    url: str, tables: int, scripts: list[Script], kill_after: float, proc: subprocess.Popen[str]
) -> dict[str, Any]:
    """Play until the server is killed; what each table was told of."""
    acked: dict[str, int] = {}
    begun: dict[str, Script] = {}

    def on_ack(table: str, at: int, _rtt: float) -> None:
        acked[table] = max(acked.get(table, 0), at)

    pace = Pace(acked=on_ack, begun=lambda t, s: begun.__setitem__(t, s))
    runs = [asyncio.create_task(LightTable(url, i, scripts, pace).run()) for i in range(tables)]
    await asyncio.sleep(kill_after)
    proc.kill()
    proc.wait()
    for r in runs:
        r.cancel()
    await asyncio.gather(*runs, return_exceptions=True)
    return {"acked": acked, "begun": begun}


async def listed(url: str) -> set[str]:
    async with connect(url, compression=None, max_size=16 * 2**20) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION, "client": "bigcity-kills"}))
        await ws.send(json.dumps({"type": "list"}))
        while True:
            m = json.loads(await ws.recv())
            if m["type"] == "lobby":
                return {t["id"] for t in m["tables"]}


def one_try(rng: random.Random, tables: int, scripts: list[Script], extra: list[str]) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="bigcity-kills-") as folder:
        data = Path(folder)
        proc, url = start_server(data, *_OPTIONS, *extra)
        try:
            told = asyncio.run(load(url, tables, scripts, rng.uniform(0.2, 3.0), proc))
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        acked, begun = told["acked"], told["begun"]
        # resumed by a server
        again, url = start_server(data, *_OPTIONS, *extra)
        try:
            present = asyncio.run(listed(url))
        finally:
            again.kill()
            again.wait()
        db = sqlite3.connect(data / DB_NAME)
        damaged = db.execute("SELECT COUNT(*) FROM tables WHERE damaged IS NOT NULL").fetchone()[0]
        db.close()
        store = TableStore(data)
        games = {t.id: g for t, g in store.load_all()}
        store.close()
        lost = []
        for table, at in acked.items():
            game = games.get(table)
            moves = [a.to_json() for a in game.state.history] if game is not None else []
            if table not in present or len(moves) < at or moves != begun[table].actions[: len(moves)]:
                lost.append(table)
        return {"acked": sum(acked.values()), "tables": len(acked), "lost": len(lost), "damaged": damaged}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tries", type=int, default=100)
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="end with one line of JSON")
    ap.add_argument("--server-option", action="append", default=[], help="passed on to bigcity-server (--fsync)")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    scripts = [script(e) for e in EDITIONS]
    total = {"tries": 0, "acked": 0, "lost": 0, "damaged": 0}
    began = time.time()
    for i in range(a.tries):
        r = one_try(rng, a.tables, scripts, a.server_option)
        for k in ("acked", "lost", "damaged"):
            total[k] += r[k]
        total["tries"] += 1
        print(
            f"try {i + 1}: {r['tables']} tables, {r['acked']} moves told of, {r['lost']} lost, {r['damaged']} damaged",
            flush=True,
        )
    with contextlib.suppress(OSError):
        load_avg = os.getloadavg()[0]
    print(
        f"{total['tries']} kills in {time.time() - began:.0f} s (load average {load_avg:.2f}): "
        f"{total['acked']} moves told of, {total['lost']} tables lost a move, {total['damaged']} damaged"
    )
    if a.json:
        print(json.dumps(total))
    return 0 if total["lost"] == 0 and total["damaged"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
