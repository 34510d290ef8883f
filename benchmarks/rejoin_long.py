"""Rejoining a very long game: how long until the seat sees its table again.

A table whose game holds ``--actions`` actions (default 60,000: the endless
game of scripts/hostile_inputs.py, exchanges only) is written to a data
folder as a server saves it; a server started on the folder resumes it, and
a client (the app's client core, :class:`TableClient`) rejoins the seat
with its token. Printed: the time the server took to resume the table, the
time from the rejoin to the client holding the seat's whole view (read and
rebuilt), the bytes of that view on the wire and as JSON.

    python benchmarks/rejoin_long.py                      # 60,000 actions, best of 3 rejoins
    python benchmarks/rejoin_long.py --actions 200000 --json

Every connection goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import secrets
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bigcity_desktop.engine.record import PlayerInfo  # noqa: E402
from bigcity_desktop.engine.rules import get_rules  # noqa: E402
from bigcity_desktop.engine.seats import SeatKind  # noqa: E402
from bigcity_desktop.engine.state import GameState  # noqa: E402
from bigcity_desktop.engine.viewjson import view_to_json  # noqa: E402
from bigcity_desktop.net.client import TableClient, ViewUpdate  # noqa: E402
from bigcity_desktop.net.config import ServerConfig  # noqa: E402
from bigcity_desktop.net.server import GameServer  # noqa: E402
from bigcity_desktop.net.store import RecordText, StoredSeat, StoredTable, TableStore, game_head  # noqa: E402
from bigcity_desktop.net.tables import token_hash  # noqa: E402

TABLE = "longgame"
NAMES = ("Ann", "Bob")


def _hostile() -> Any:
    spec = importlib.util.spec_from_file_location("hostile_inputs", ROOT / "scripts" / "hostile_inputs.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["hostile_inputs"] = mod
    spec.loader.exec_module(mod)
    return mod


def write_table(folder: Path, actions: int) -> str:
    """The long game's table saved in `folder`; the first seat's token."""
    state = _hostile().endless_game(actions, NAMES)
    token = secrets.token_urlsafe(24)
    seats = [
        StoredSeat(SeatKind.HUMAN, None, NAMES[0], token_hash(token)),
        StoredSeat(SeatKind.HUMAN, None, NAMES[1], token_hash(secrets.token_urlsafe(24))),
    ]
    table = StoredTable(TABLE, "A long game", get_rules("original"), seats, 0, time.time(), 1, public=True)
    store = TableStore(folder)
    try:
        players = [PlayerInfo(n, "human") for n in NAMES]
        store.save_table(table).result()
        store.begin_game(table, game_head(state, players, {"table": TABLE})).result()
        store.append_moves(TABLE, 0, RecordText().actions(state)).result()
    finally:
        store.close()
    return token


async def rejoin(url: str, token: str) -> tuple[float, float, GameState]:
    """Seconds from the rejoin to the whole view held (wall clock, and the
    process's CPU: the server and the client share it here); the view."""
    client = TableClient(url)
    events = client.events()
    client.start()
    try:
        began, cpu = time.perf_counter(), time.process_time()
        client.rejoin(TABLE, 0, token)
        while True:
            e = await asyncio.wait_for(events.get(), 300)
            if isinstance(e, ViewUpdate) and e.full:
                return time.perf_counter() - began, time.process_time() - cpu, e.view
    finally:
        await client.close()


async def run(folder: Path, token: str, tries: int) -> dict[str, Any]:
    began = time.perf_counter()
    server = GameServer(ServerConfig(host="127.0.0.1", port=0, data_dir=folder, mdns=False))
    await server.start()
    try:
        while TABLE not in server.tables:  # resumed on a thread of its own
            await asyncio.sleep(0.01)
        resumed = time.perf_counter() - began
        assert server.address is not None
        url = f"ws://127.0.0.1:{server.address[1]}"
        times, cpus = [], []
        for _ in range(tries):
            seconds, cpu, view = await rejoin(url, token)
            times.append(seconds)
            cpus.append(cpu)
        size = len(json.dumps(view_to_json(view), separators=(",", ":")))
        return {
            "resume_s": round(resumed, 3),
            "rejoin_s": [round(t, 3) for t in times],
            "rejoin_cpu_s": [round(t, 3) for t in cpus],
            "actions": len(view.history),
            "view_mb": round(size / 1e6, 1),
        }
    finally:
        await server.stop()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--actions", type=int, default=60_000)
    ap.add_argument("--tries", type=int, default=3)
    ap.add_argument("--json", action="store_true", help="end with one line of JSON")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="bigcity-rejoin-") as tmp:
        folder = Path(tmp)
        token = write_table(folder, a.actions)
        r = asyncio.run(run(folder, token, a.tries))
    load = os.getloadavg()[0]
    print(
        f"{r['actions']:,} actions, a whole view of {r['view_mb']} MB: resumed in {r['resume_s']:.2f} s; "
        f"rejoined (the whole view held) in {min(r['rejoin_s']):.2f} s at best "
        f"({', '.join(f'{t:.2f}' for t in r['rejoin_s'])} s; CPU {min(r['rejoin_cpu_s']):.2f} s; "
        f"load average {load:.1f}, goal 2 s)"
    )
    if a.json:
        print(json.dumps(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
