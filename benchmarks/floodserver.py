"""A fake table server on 127.0.0.1 that floods a client: the hostile or
busy server the desktop window must never wait on.

:class:`FloodServer` runs a websockets server on its own loop in a thread.
It answers ``hello`` with ``welcome`` (unless `greet` is off: a server that
never greets), seats any ``join`` or ``rejoin`` at seat 0 of table ``t1``,
sends the whole view, then floods by its `flood`:

- ``views``: whole views of the positions of a random game, `rate` a second
  (0: as fast as the socket takes them);
- ``deltas``: the moves of that game as deltas, with no pause (a whole view
  again after the last, and round again);
- ``chat``: chat lines with no pause;
- ``none``: nothing more.

`viewer`: the seat the views are made for (another than 0: a server that
sends views of another seat). Used by ``tests/gui/test_network_flood.py``
and ``benchmarks/remote_flood.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import os
import random
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from bigcity_desktop.engine import ActionKind, GameState
from bigcity_desktop.engine.viewjson import action_as_seen, log_mark, view_json_of
from bigcity_desktop.net import protocol as P

TABLE = "t1"


def table_info(status: str = "playing") -> P.TableInfo:
    seats = (P.SeatInfo(0, "human", None, "Ben", True), P.SeatInfo(1, "human", None, "Cleo", True))
    return P.TableInfo(TABLE, "Flood table", "original", "Big City", "d", status, 0, seats, 0, 0, 0)


@dataclass(frozen=True)
class Script:
    """The messages of one random game for one viewer: the whole view at
    each position, and the delta from each position to the next."""

    fulls: tuple[str, ...]
    deltas: tuple[str, ...]


@functools.cache
def script(viewer: int = 0, seed: int = 7) -> Script:
    rng = random.Random(seed)
    state = GameState.new("original", 2, seed, ["Ben", "Cleo"])
    fulls: list[str] = []
    deltas: list[str] = []
    while True:
        at = len(state.history)
        fulls.append(P.ViewMessage(TABLE, True, view_json_of(state, viewer), at).encode())
        if state.is_over or at >= 400:
            break
        mark = log_mark(state.view_for(viewer))
        kinds = state.legal_kinds()
        kind = rng.choice([k for k in kinds if k != ActionKind.PASS] or kinds)  # two passes end the game
        action = rng.choice(state.legal_actions(kind))
        by = state.current_player
        state.apply(action)
        view = view_json_of(state, viewer, since=mark, with_rules=False)
        deltas.append(P.ViewMessage(TABLE, False, view, at + 1, action_as_seen(action, by, viewer), by).encode())
    fulls.pop()  # the last position is the end, or past the 400th move: never sent
    return Script(tuple(fulls), tuple(deltas[: len(fulls) - 1]))


class FloodServer:
    """See the module docstring: the server runs in a child process (as a
    real server does: in this process it would take the GIL from the window
    it floods). ``start()`` returns the port; ``sent`` counts the flood's
    messages so far (as the child last said, twice a second)."""

    def __init__(self, flood: str = "none", *, rate: float = 0.0, greet: bool = True, viewer: int = 0) -> None:
        self.flood = flood
        self.rate = rate
        self.greet = greet
        self.viewer = viewer
        self.sent = 0
        self.port = 0
        self._child: subprocess.Popen[str] | None = None
        self._reader: threading.Thread | None = None

    def start(self) -> int:
        args = [sys.executable, "-m", "benchmarks.floodserver", self.flood, str(self.rate), str(self.viewer)]
        if not self.greet:
            args.append("--silent")
        root = str(Path(__file__).resolve().parents[1])
        env = {**os.environ, "PYTHONPATH": root + os.pathsep + os.environ.get("PYTHONPATH", "")}
        self._child = child = subprocess.Popen(args, stdout=subprocess.PIPE, text=True, cwd=root, env=env)
        assert child.stdout is not None
        line = child.stdout.readline()  # "port N", once it listens
        if not line.startswith("port "):
            child.kill()
            raise RuntimeError("the flood server did not start")
        self.port = int(line.split()[1])
        self._reader = threading.Thread(target=self._read, args=(child,), daemon=True)
        self._reader.start()
        return self.port

    def _read(self, child: subprocess.Popen[str]) -> None:
        assert child.stdout is not None
        for line in iter(child.stdout.readline, ""):  # line by line (iterating the file reads ahead)
            if line.startswith("sent "):
                self.sent = int(line.split()[1])

    def stop(self) -> None:
        if self._child is not None:
            self._child.terminate()
            try:
                self._child.wait(10)
            except subprocess.TimeoutExpired:
                self._child.kill()
                self._child.wait()


class _Server:
    """The child's server."""

    def __init__(self, flood: str, rate: float, greet: bool, viewer: int) -> None:
        self.flood = flood
        self.rate = rate
        self.greet = greet
        self.viewer = viewer
        self.script = script(viewer)
        self.sent = 0

    async def main(self) -> None:
        async with serve(self._serve, "127.0.0.1", 0, compression=None, max_size=2**20) as server:
            print(f"port {next(iter(server.sockets)).getsockname()[1]}", flush=True)
            while True:
                await asyncio.sleep(0.5)
                print(f"sent {self.sent}", flush=True)

    async def _serve(self, ws: ServerConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for raw in ws:
                m = json.loads(raw)
                if m.get("type") == "hello" and self.greet:
                    await ws.send(P.Welcome(P.PROTOCOL_VERSION, "fake-server 1", "Fake").encode())
                elif m.get("type") in ("join", "rejoin"):
                    await ws.send(P.Seated(TABLE, 0, "token0", "invite0", id=m.get("id")).encode())
                    await ws.send(P.TableUpdate(table_info(), 0).encode())
                    await ws.send(self.script.fulls[0])
                    await self._flood(ws)

    async def _flood(self, ws: ServerConnection) -> None:
        fulls, deltas = self.script.fulls, self.script.deltas
        pause = 1.0 / self.rate if self.rate else 0.0
        start = time.monotonic()
        i = 0
        while self.flood != "none":
            if self.flood == "views":
                text = fulls[i % len(fulls)]
            elif self.flood == "deltas":
                k = i % (len(deltas) + 1)
                text = deltas[k] if k < len(deltas) else fulls[0]
            else:
                text = P.ChatLine(TABLE, 1, "Cleo", f"line {i} " + "spam " * 20, time.time()).encode()
            await ws.send(text)
            i += 1
            self.sent += 1
            if pause:
                await asyncio.sleep(max(0.0, start + i * pause - time.monotonic()))
            elif i % 16 == 0:
                await asyncio.sleep(0)  # the loop's other connections (and stop) get their turn


def main() -> None:
    # the server stands for one on another computer: its own work must not take the window's processor
    os.nice(19)
    flood, rate, viewer = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    server = _Server(flood, rate, "--silent" not in sys.argv, viewer)
    asyncio.run(server.main())


if __name__ == "__main__":
    main()
