"""Light scripted tables for the server's benchmark and its kill test.

A client here is a plain websocket speaking JSON: no engine, no view
replayed per frame. Every game is dealt from one seed (the server runs
with ``--game-seed``), so its moves are worked out once, before the run,
by a random bot playing the same deal (:func:`script`); a seat sends the
script's next move when a view says the game stands at it and the move is
its own. The server still checks and applies every move as it would any
player's, saves it and sends every seat its view.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from bigcity_desktop.bots import make_bot
from bigcity_desktop.engine import GameState, get_rules
from bigcity_desktop.engine.strangers import for_server
from bigcity_desktop.net.protocol import PROTOCOL_VERSION

ROOT = Path(__file__).resolve().parents[1]

#: every benchmark game's seed (the server's --game-seed)
SEED = 90210
EDITIONS = ("original", "jumbo")
SEATS = 4
NAMES = ["Host"] + ["Player"] * (SEATS - 1)


def start_server(
    data: Path, *options: str, port: int = 0, cpus: set[int] | None = None
) -> tuple[subprocess.Popen[str], str]:
    """``bigcity-server`` in a child process on 127.0.0.1 (`port` 0: any
    free one), saving to `data`, not advertised, its bots playing at once,
    with `options` besides (and on the processors `cpus` only, if given):
    the process (its output a pipe, read past the line that names its
    address) and its URL. The benchmarks and the network tests start their
    servers with it."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "bigcity_desktop.net", "--host", "127.0.0.1", "--port", str(port)]
        + ["--data-dir", str(data), "--no-mdns", "--bot-delay", "0", "--public"]
        # every seat of a benchmark comes from this one address: the caps per client are out of its way
        + ["--max-connections-per-client", "1000000", "--max-tables-per-client", "100000", *options],
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        cwd=ROOT,
        preexec_fn=(lambda: os.sched_setaffinity(0, cpus)) if cpus else None,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    m = re.search(r"ws://127\.0\.0\.1:\d+", line)
    if m is None:
        proc.kill()
        proc.wait()
        raise RuntimeError(f"the server did not start: {line!r}")
    return proc, m.group(0)


@dataclass(frozen=True)
class Script:
    """A whole game's moves: each action's JSON and the seat that plays it."""

    edition: str
    actions: list[Any]
    actors: list[int]


def script(edition: str, seed: int = SEED) -> Script:
    """A whole game of `edition` as the benchmarks' server plays it: under
    the rules of its public tables (:func:`start_server` passes
    ``--public``; ``for_server`` adds the server's house rules, so the
    original ends as strangers' games do, after 24 moves of this seed, not
    the printed 192), so the script's moves are the server's game's to its
    end and a finished record can be held to the whole script."""
    state = GameState.new(for_server(get_rules(edition), public=True), SEATS, seed, list(NAMES))
    bot = make_bot("random", seed)
    while not state.is_over:
        state.apply(bot.choose(state))
    return Script(edition, [a.to_json() for a in state.history], list(state.actors))


@dataclass
class Pace:
    """What a table's seats do: how long a seat waits before its move
    (`delay`), whether to go on (`going`), and what they report: a move
    acknowledged (the mover's own view of it came back) after `rtt`
    seconds, a game begun and a game over."""

    delay: Callable[[random.Random], float] = lambda _rng: 0.0
    going: Callable[[], bool] = lambda: True
    another: Callable[[], bool] = lambda: True  # whether a table begins another game (one begun is played out)
    acked: Callable[[str, int, float], None] = lambda _table, _at, _rtt: None
    begun: Callable[[str, Script], None] = lambda _table, _script: None
    over: Callable[[str], None] = lambda _table: None


@dataclass
class _Seat:
    ws: ClientConnection
    seat: int = -1
    table: str = ""
    sent_at: int = -1
    sent_time: float = 0.0
    done: int = -1
    inbox: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)


async def _open(url: str, own_engine: bool = False) -> _Seat:
    """A seat's connection; `own_engine`: it says so in hello, as the app does (its views then carry
    no legal moves and no table presented), else it is sent them, as the browser page is."""
    ws = await connect(url, compression=None, max_size=16 * 2**20, open_timeout=60, close_timeout=1, ping_interval=None)
    seat = _Seat(ws)
    hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "client": "bigcity-bench", "own_engine": own_engine}
    await ws.send(json.dumps(hello))
    return seat


async def _wait(seat: _Seat, kind: str) -> dict[str, Any]:
    while True:
        m = await seat.inbox.get()
        if m["type"] == kind:
            return m
        if m["type"] == "refused":
            raise RuntimeError(f"refused: {m}")


class LightTable:
    """One table of four scripted seats, playing game after game while `pace.going()`."""

    def __init__(self, url: str, index: int, scripts: list[Script], pace: Pace, own_engine: bool = False) -> None:
        self.url = url
        self.own_engine = own_engine
        self.rng = random.Random(index)
        self.script = scripts[index % len(scripts)]
        self.pace = pace
        self.seats: list[_Seat] = []
        self.games = 0

    async def run(self) -> None:
        self.seats = [await _open(self.url, self.own_engine) for _ in range(SEATS)]
        readers = [asyncio.create_task(self._read(s)) for s in self.seats]
        try:
            while self.pace.going() and self.pace.another():
                await self._game()
        finally:
            for r in readers:
                r.cancel()
            for s in self.seats:
                await s.ws.close()

    async def _game(self) -> None:
        host, others = self.seats[0], self.seats[1:]
        for s in self.seats:
            s.table, s.sent_at, s.done = "", -1, -1
        create = {"type": "create", "name": NAMES[0], "seats": [{"kind": "human"}] * SEATS}
        await host.ws.send(json.dumps({**create, "edition": self.script.edition}))
        seated = await _wait(host, "seated")
        table = seated["table"]
        host.seat, host.table = seated["seat"], table
        for i, s in enumerate(others, 1):
            join = {"type": "join", "table": table, "name": NAMES[i], "invite": seated["invite"]}
            await s.ws.send(json.dumps(join))
            m = await _wait(s, "seated")
            s.seat, s.table = m["seat"], table
        over = [asyncio.create_task(_wait(s, "game_over")) for s in self.seats]
        self.pace.begun(table, self.script)
        await host.ws.send(json.dumps({"type": "start"}))
        await asyncio.gather(*over)
        self.pace.over(table)
        self.games += 1
        for s in self.seats:
            await s.ws.send(json.dumps({"type": "leave"}))

    async def _read(self, s: _Seat) -> None:
        async for raw in s.ws:
            m = json.loads(raw)
            if m["type"] != "view":
                await s.inbox.put(m)
                continue
            if m["table"] != s.table:
                continue
            at = m["at"]
            if s.sent_at >= 0 and at == s.sent_at + 1:
                self.pace.acked(s.table, at, time.perf_counter() - s.sent_time)
                s.sent_at = -1
            acts = self.script.actors
            if at < len(acts) and acts[at] == s.seat and at > s.done and self.pace.going():
                s.done = at
                asyncio.get_running_loop().create_task(self._act(s, at))

    async def _act(self, s: _Seat, at: int) -> None:
        delay = self.pace.delay(self.rng)
        if delay > 0:
            await asyncio.sleep(delay)
        if not self.pace.going():
            return
        s.sent_at, s.sent_time = at, time.perf_counter()
        with contextlib.suppress(ConnectionClosed):  # the server went away (the kill test)
            await s.ws.send(json.dumps({"type": "act", "action": self.script.actions[at], "at": at}))
