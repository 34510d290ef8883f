"""Kill the server with SIGKILL under load, again and again: no move it
told of is lost, and what it saved is always readable.

Each try starts ``bigcity-server`` on a fresh data folder, plays light
scripted tables (:mod:`lightseats`) at full speed, kills the server after
a random while, then

- starts it again on that folder (it resumes by replaying the journal) and
  asks it for its tables: every table whose game had begun and not ended is
  there;
- reads the folder as a resuming server does (``TableStore.load_all``):
  no table is set aside as damaged, and each game holds at least every
  move a player was told of, the same moves in the same order. A game that
  ended before the kill has left the database for its record in
  ``finished/`` (as a finished table does): that record holds the whole
  game (counted as ``finished``).

    python benchmarks/store_kills.py --tries 100          # prints a line per try, then a summary
    python benchmarks/store_kills.py --tries 3 --json     # the last line: {"tries", "acked", "lost", "damaged", "finished"}
    python benchmarks/store_kills.py --tries 3 --ended 1  # each kill after a game has ended (its record in finished/)

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
from bigcity_desktop.bots.levels import PLAYER_KINDS  # noqa: E402
from bigcity_desktop.engine.record import RecordError, read_record  # noqa: E402
from bigcity_desktop.net.protocol import PROTOCOL_VERSION  # noqa: E402
from bigcity_desktop.net.store import DB_NAME, TableStore  # noqa: E402

#: every server of a try: the light clients' pace, their games' deal
_OPTIONS = ("--rate", "10000", "--game-seed", str(SEED))
#: seconds a try waits for its --ended games at most
ENDED_WITHIN = 120.0


async def load(
    url: str, tables: int, scripts: list[Script], kill_after: float, proc: subprocess.Popen[str], ended: int = 0
) -> dict[str, Any]:
    """Play until the server is killed (`kill_after` seconds after `ended`
    games have ended); what each table was told of."""
    acked: dict[str, int] = {}
    begun: dict[str, Script] = {}
    over: list[str] = []
    enough = asyncio.Event()

    def on_ack(table: str, at: int, _rtt: float) -> None:
        acked[table] = max(acked.get(table, 0), at)

    def on_over(table: str) -> None:
        over.append(table)
        if len(over) >= ended:
            enough.set()

    pace = Pace(acked=on_ack, begun=lambda t, s: begun.__setitem__(t, s), over=on_over)
    runs = [asyncio.create_task(LightTable(url, i, scripts, pace).run()) for i in range(tables)]
    if ended > 0:
        await asyncio.wait_for(enough.wait(), ENDED_WITHIN)
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


def one_try(rng: random.Random, tables: int, scripts: list[Script], extra: list[str], ended: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="bigcity-kills-") as folder:
        data = Path(folder)
        proc, url = start_server(data, *_OPTIONS, *extra)
        try:
            told = asyncio.run(load(url, tables, scripts, rng.uniform(0.2, 3.0), proc, ended))
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
        lost, finished = [], 0
        for table, at in acked.items():
            whole = begun[table].actions
            game = games.get(table)
            if game is not None:
                moves = [a.to_json() for a in game.state.history]
                unlisted = table not in present and moves != whole  # an ended game may be retired as it resumes
                if unlisted or len(moves) < at or moves != whole[: len(moves)]:
                    lost.append(table)
                continue
            kept = ended_moves(data, table)  # an ended game's record left the database for finished/
            if kept != whole:
                lost.append(table)
            else:
                finished += 1
        return {
            "acked": sum(acked.values()),
            "tables": len(acked),
            "lost": len(lost),
            "damaged": damaged,
            "finished": finished,
        }


def ended_moves(data: Path, table: str) -> list[Any] | None:
    """The moves of `table`'s record in finished/, None when there is none (or it cannot be read)."""
    path = data / "finished" / f"{table}.game.json"
    if not path.exists():
        return None
    try:
        return [a.to_json() for a in read_record(path, player_kinds=PLAYER_KINDS).state.history]
    except RecordError:
        return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tries", type=int, default=100)
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ended", type=int, default=0, help="kill only after this many games have ended (each try)")
    ap.add_argument("--json", action="store_true", help="end with one line of JSON")
    ap.add_argument("--server-option", action="append", default=[], help="passed on to bigcity-server (--fsync)")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    scripts = [script(e) for e in EDITIONS]
    total = {"tries": 0, "acked": 0, "lost": 0, "damaged": 0, "finished": 0}
    began = time.time()
    for i in range(a.tries):
        r = one_try(rng, a.tables, scripts, a.server_option, a.ended)
        for k in ("acked", "lost", "damaged", "finished"):
            total[k] += r[k]
        total["tries"] += 1
        print(
            f"try {i + 1}: {r['tables']} tables ({r['finished']} ended, their record in finished/), "
            f"{r['acked']} moves told of, {r['lost']} lost, {r['damaged']} damaged",
            flush=True,
        )
    with contextlib.suppress(OSError):
        load_avg = os.getloadavg()[0]
    print(
        f"{total['tries']} kills in {time.time() - began:.0f} s (load average {load_avg:.2f}): "
        f"{total['acked']} moves told of, {total['lost']} tables lost a move, {total['damaged']} damaged, "
        f"{total['finished']} games ended before the kill (whole in finished/)"
    )
    if a.json:
        print(json.dumps(total))
    return 0 if total["lost"] == 0 and total["damaged"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
