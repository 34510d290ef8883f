"""Rejoining a very long game: how long until the seat sees its table again.

A table whose game holds ``--actions`` actions (default 60,000: the endless
game of scripts/hostile_inputs.py, exchanges only) is written to a data
folder as a server saves it (its moves, with a snapshot every
``--snapshot-every``, net/snapshots.py); a server started on the folder
resumes it (from its latest snapshot; with ``--compare``, also a copy of the
folder without its snapshots, replayed from the seed as before them), and
a client (the app's client core, :class:`TableClient`) rejoins the seat
with its token. Printed: the time the server took to resume the table, the
time from the rejoin to the client holding the seat's whole view (read and
rebuilt), the server's and the client's CPU for it (the server runs on a
thread of its own here), the bytes of the whole view message (and of a view
with the whole log, as it was before a whole view carried the recent events
and actions only), the events and actions it carries, and the load average.

    python benchmarks/rejoin_long.py                      # 60,000 actions, best of 3 rejoins
    python benchmarks/rejoin_long.py --tries 1 --compare  # the restart with snapshots and without
    python benchmarks/rejoin_long.py --actions 200000 --json
    python benchmarks/rejoin_long.py --window             # also the app's rejoin, in a game window

Every connection goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import queue
import secrets
import shutil
import sqlite3
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bigcity_desktop.engine.record import PlayerInfo  # noqa: E402
from bigcity_desktop.engine.rules import get_rules  # noqa: E402
from bigcity_desktop.engine.seats import SeatKind  # noqa: E402
from bigcity_desktop.engine.timeline import fresh_start  # noqa: E402
from bigcity_desktop.engine.viewjson import view_json_of  # noqa: E402
from bigcity_desktop.net import snapshots  # noqa: E402
from bigcity_desktop.net.client import TableClient, ViewUpdate  # noqa: E402
from bigcity_desktop.net.config import ServerConfig  # noqa: E402
from bigcity_desktop.net.server import GameServer  # noqa: E402
from bigcity_desktop.net.store import DB_NAME, RecordText, StoredSeat, StoredTable, TableStore, game_head  # noqa: E402
from bigcity_desktop.net.tables import token_hash  # noqa: E402
from bigcity_desktop.net.viewcast import ViewCast  # noqa: E402

TABLE = "longgame"
NAMES = ("Ann", "Bob")


def _hostile() -> Any:
    spec = importlib.util.spec_from_file_location("hostile_inputs", ROOT / "scripts" / "hostile_inputs.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["hostile_inputs"] = mod
    spec.loader.exec_module(mod)
    return mod


def write_table(folder: Path, actions: int, every: int = snapshots.EVERY) -> str:
    """The long game's table saved in `folder` as a server journals it: its
    moves `every` at a time, each batch with a snapshot (net/snapshots.py;
    `every` 0: the moves at once, no snapshot, as before them); the first
    seat's token."""
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
        texts = RecordText().actions(state)
        if not every:
            store.append_moves(TABLE, 0, texts).result()
        else:  # played again from the start, a snapshot every `every` moves, as the server took them
            s, mark = fresh_start(state), snapshots.Mark()
            for i, a in enumerate(state.history):
                s.apply_unchecked(a)
                if (i + 1) % every == 0 or i + 1 == len(texts):
                    snap = snapshots.due(s, texts[: i + 1], mark, every)
                    store.append_moves(TABLE, mark.n, texts[mark.n : i + 1], snap).result()
                    mark = snap.mark if snap is not None and snap.mark is not None else mark
    finally:
        store.close()
    return token


def _thread_cpu(thread: threading.Thread) -> float:
    """The CPU seconds `thread` has used so far (Linux: its own clock)."""
    assert thread.ident is not None
    return time.clock_gettime(time.pthread_getcpuclockid(thread.ident))


class ServerThread:
    """The server on a thread (and event loop) of its own, so that its CPU
    and the client's are counted apart."""

    def __init__(self, folder: Path, snapshot_every: int = snapshots.EVERY) -> None:
        self.folder = folder
        self.snapshot_every = snapshot_every
        #: the url; the seconds from making the server to the table resumed, and from its start (listening) to
        #: it; the resume thread's CPU seconds; the moves replayed
        self.ready: queue.Queue[tuple[str, float, float, float, int]] = queue.Queue()
        self._stop: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.server: GameServer | None = None
        self.thread = threading.Thread(target=lambda: asyncio.run(self._main()), name="server", daemon=True)

    async def _main(self) -> None:
        began = time.perf_counter()
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        config = ServerConfig(
            host="127.0.0.1", port=0, data_dir=self.folder, mdns=False, snapshot_every=self.snapshot_every
        )
        server = self.server = GameServer(config)
        await server.start()
        listening = time.perf_counter()
        try:
            while TABLE not in server.tables:  # resumed on a thread of its own
                await asyncio.sleep(0.01)
            now = time.perf_counter()
            assert server.address is not None and server.store is not None
            resumer = next(t for t in threading.enumerate() if t.name == "bigcity-resume")
            self.ready.put(
                (
                    f"ws://127.0.0.1:{server.address[1]}",
                    now - began,
                    now - listening,
                    _thread_cpu(resumer),
                    server.store.replayed,
                )
            )
            await self._stop.wait()
        finally:
            await server.stop()

    def stop(self) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self.thread.join(60)


async def rejoin(url: str, token: str, server: threading.Thread) -> dict[str, float | int]:
    """One rejoin: the seconds from it to the whole view held (wall clock),
    the server's and the client's CPU, and the log's events the view holds."""
    client = TableClient(url)
    events = client.events()
    client.start()
    try:
        began, cpu, server_cpu = time.perf_counter(), time.thread_time(), _thread_cpu(server)
        client.rejoin(TABLE, 0, token)
        while True:
            e = await asyncio.wait_for(events.get(), 300)
            if isinstance(e, ViewUpdate) and e.full:
                return {
                    "wall": time.perf_counter() - began,
                    "client_cpu": time.thread_time() - cpu,
                    "server_cpu": _thread_cpu(server) - server_cpu,
                    "events": len(e.view.events),
                    "events_from": getattr(e.view, "events_from", 0),  # (none before a whole view was bounded)
                    "actions": getattr(e.view, "moves", len(e.view.history)),  # (all, counted)
                    "actions_sent": len(e.view.history),
                }
    finally:
        await client.close()


def in_window(url: str, token: str) -> dict[str, float]:
    """The app's rejoin: a game window (offscreen) and its RemoteSession sit
    in the kept seat again; the seconds until the window holds the game, and
    the longest gap of its event loop meanwhile (a 10 ms timer's, as
    benchmarks/remote_flood.py measures a flood). The first rejoin comes
    once the home view's prewarm is done (as a player's first click lets it)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from benchmarks.remote_flood import Probe, spin
    from bigcity_desktop.game.shell.mainwindow import GameWindow
    from bigcity_desktop.session.keptseat import KeptSeat
    from bigcity_desktop.session.remote import RemoteSession

    _app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory(prefix="bigcity-rejoin-app-") as tmp:
        settings = QSettings(str(Path(tmp) / "app.ini"), QSettings.Format.IniFormat)
        settings.setValue("net/discovery", False)
        w = GameWindow(settings=settings)
        w.resize(1024, 700)
        w.show()
        spin(1.0)  # the first paint's one-off work is not the rejoin's
        # the home view's prewarm (game/shell/prewarm.py: the first game's one-time work, and the chart's
        # library) has its idle time first, as a player's first click gives it (an app without it: none)
        warm = getattr(w.home, "prewarm", None)
        began = time.perf_counter()
        spin(20, lambda: warm is None or (warm.finished and w.plotting.done))
        out: dict[str, float] = {"prewarm_s": round(time.perf_counter() - began + 1.0, 2) if warm is not None else 0.0}
        # twice: the first also pays the window's first game (its imports, the sound's device, the
        # city's models); the second is the rejoin's own cost, as in an app that has played before
        for attempt in ("first", "again"):
            session = RemoteSession(url, "Ann", settings=settings)
            w.network.play_network(session)
            probe = Probe()
            probe.start()
            began = time.perf_counter()
            session.rejoin(KeptSeat(url, TABLE, 0, token, NAMES[0], "A long game", "Big City", len(NAMES)))
            if not spin(300, lambda s=session: s.has_game):
                raise RuntimeError("the window never held the game")
            out[f"window_{attempt}_s"] = round(time.perf_counter() - began, 3)
            spin(0.5)  # and what the window does with it right after
            out[f"window_{attempt}_gap_ms"] = round(probe.stop() * 1000)
            # the GUI thread's own CPU between two ticks (the window's work, which the machine's load
            # does not stretch as it stretches the wall clock's gap)
            out[f"window_{attempt}_work_ms"] = round(max(probe.work, default=0.0) * 1000)
            session.close()  # the seat stays ours: the connection closes
            spin(1.0)
        w.close()
        spin(2.0)
    return out


def run(folder: Path, token: str, tries: int, window: bool) -> dict[str, Any]:
    host = ServerThread(folder)
    host.thread.start()
    try:
        url, resumed, table_s, resume_cpu, replayed = host.ready.get(timeout=600)
        tried = [asyncio.run(rejoin(url, token, host.thread)) for _ in range(tries)]
        app = in_window(url, token) if window else {}
        assert host.server is not None
        state = host.server.tables[TABLE].state
        assert state is not None
        sent = len(ViewCast(TABLE, state).text(0, None).encode())
        whole = len(json.dumps(view_json_of(state, 0), separators=(",", ":")).encode())
    finally:
        host.stop()
    return {
        **_resumed(resumed, table_s, resume_cpu, replayed),
        "rejoin_s": [round(float(t["wall"]), 3) for t in tried],
        "server_cpu_s": [round(float(t["server_cpu"]), 3) for t in tried],
        "client_cpu_s": [round(float(t["client_cpu"]), 3) for t in tried],
        "actions": tried[0]["actions"],
        "events": tried[0]["events_from"] + tried[0]["events"],
        "events_sent": tried[0]["events"],
        "actions_sent": tried[0]["actions_sent"],
        "view_mb": round(sent / 1e6, 3),
        "whole_log_view_mb": round(whole / 1e6, 1),
        **app,
    }


def without_snapshots(folder: Path) -> dict[str, Any]:
    """The restart as before snapshots: a copy of `folder` without them
    (its table replayed from the seed, none written: --snapshot-every above its moves)."""
    with tempfile.TemporaryDirectory(prefix="bigcity-rejoin-before-") as tmp:
        copy = Path(tmp) / "data"
        shutil.copytree(folder, copy, ignore=shutil.ignore_patterns("server.lock"))
        db = sqlite3.connect(copy / DB_NAME)
        db.execute("DELETE FROM logs")
        db.execute("DELETE FROM snapshots")
        db.commit()
        db.close()
        host = ServerThread(copy, snapshot_every=1_000_000)
        host.thread.start()
        try:
            _url, resumed, table_s, resume_cpu, replayed = host.ready.get(timeout=600)
        finally:
            host.stop()
    return _resumed(resumed, table_s, resume_cpu, replayed)


def _resumed(resumed: float, table_s: float, resume_cpu: float, replayed: int) -> dict[str, Any]:
    """A resume's figures as the report names them."""
    return {
        "resume_s": round(resumed, 3),
        "resume_table_s": round(table_s, 3),
        "resume_cpu_s": round(resume_cpu, 3),
        "replayed": replayed,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--actions", type=int, default=60_000)
    ap.add_argument("--tries", type=int, default=3)
    ap.add_argument("--json", action="store_true", help="end with one line of JSON")
    ap.add_argument("--window", action="store_true", help="also rejoin in a game window (offscreen)")
    ap.add_argument(
        "--snapshot-every", type=int, default=snapshots.EVERY, help="moves between snapshots (0: none written)"
    )
    ap.add_argument("--compare", action="store_true", help="also the restart without snapshots (as before them)")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="bigcity-rejoin-") as tmp:
        folder = Path(tmp)
        token = write_table(folder, a.actions, a.snapshot_every)
        before = without_snapshots(folder) if a.compare else None
        r = run(folder, token, a.tries, a.window)
    if before is not None:
        r["without_snapshots"] = before
    r["load_average"] = round(os.getloadavg()[0], 1)
    best = min(range(len(r["rejoin_s"])), key=lambda i: r["rejoin_s"][i])
    print(
        f"{r['actions']:,} actions, {r['events']:,} events; the whole view sent: {r['view_mb']} MB "
        f"({r['events_sent']:,} events, {r['actions_sent']:,} actions; {r['whole_log_view_mb']} MB with the whole log); "
        f"resumed in {r['resume_s']:.2f} s from making the server ({r['resume_table_s']:.2f} s after it listened; "
        f"the resume thread's CPU {r['resume_cpu_s']:.2f} s; {r['replayed']:,} moves replayed)\n"
        f"rejoined (the whole view held) in {r['rejoin_s'][best]:.2f} s at best "
        f"(all: {', '.join(f'{t:.2f}' for t in r['rejoin_s'])} s; goal 2 s); "
        f"CPU server {r['server_cpu_s'][best]:.2f} s, client {r['client_cpu_s'][best]:.2f} s; "
        f"load average {r['load_average']:.1f}"
    )
    if before is not None:
        print(
            f"without snapshots (replayed from the seed, as before them): resumed in {before['resume_s']:.2f} s "
            f"({before['resume_table_s']:.2f} s after it listened; the resume thread's CPU "
            f"{before['resume_cpu_s']:.2f} s; {before['replayed']:,} moves replayed)"
        )
    if a.window:
        print(
            f"in the game window: the game held {r['window_again_s']:.2f} s after the rejoin, longest event-loop "
            f"gap {r['window_again_gap_ms']} ms (goal under 100 ms), the GUI thread's own work between two ticks "
            f"at most {r['window_again_work_ms']} ms; the window's first game: "
            f"{r['window_first_s']:.2f} s, gap {r['window_first_gap_ms']} ms, work {r['window_first_work_ms']} ms "
            f"(after the home view's prewarm, done {r['prewarm_s']:.2f} s after the window was shown)"
        )
    if a.json:
        print(json.dumps(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
