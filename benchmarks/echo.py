"""The yardstick of the table server's CPU per action: a bare websockets
echo server at the same pace (issue 45: the server's CPU per action at most
twice the echo's CPU per message, both measured in one run of
:mod:`benchmarks.server`).

The echo server (:func:`serve_echo`, run as ``python benchmarks/echo.py
--serve``) is websockets with the table server's settings (no compression,
the same queue and size limits) and nothing else: it sends each message back
as it came. It prints its port, and on SIGUSR1 one line of JSON: its CPU
seconds so far (``cpu_s``, every thread's; ``sys_s`` of them in the
kernel) and the messages it echoed.

Its clients (:func:`echo_clients`) are the tables' in number and pace: four
connections a table, one of which sends an action's message (a scripted
game's, as the tables send them) a random 0.5-2 s after the echo of its last
came back, as a seat acts 0.5-2 s after the view that gives it the turn.
Every connection goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import resource
import signal
import sys
import time
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.lightseats import SEATS  # noqa: E402


def serve_echo(views: int = 0) -> None:
    """The echo server, on 127.0.0.1 and any free port (printed), until SIGTERM.
    With `views` (a size in bytes) it is the floor instead: a connection's
    first message names its table, and every later one is answered with a
    text of that size to each connection of the table, as the table server
    sends each seat its view after a move (and does nothing else)."""
    view = json.dumps({"type": "view", "pad": "x" * max(0, views - 26)})

    async def main() -> None:
        echoed = [0]
        tables: dict[str, list[ServerConnection]] = {}

        async def echo(ws: ServerConnection) -> None:
            if views:
                table = tables.setdefault(str(await ws.recv()), [])
                table.append(ws)
                async for _message in ws:
                    for seat in table:
                        await seat.send(view)
                    echoed[0] += 1
                return
            async for message in ws:
                await ws.send(message)
                echoed[0] += 1

        def report() -> None:
            kernel = resource.getrusage(resource.RUSAGE_SELF).ru_stime
            print(
                json.dumps({"cpu_s": round(time.process_time(), 4), "sys_s": kernel, "messages": echoed[0]}), flush=True
            )

        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGUSR1, report)
        loop.add_signal_handler(signal.SIGTERM, stop.set)
        async with serve(
            echo, "127.0.0.1", 0, compression=None, max_size=2**16, max_queue=8, write_limit=256 * 1024
        ) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            print(f"ws://127.0.0.1:{port}", flush=True)
            await stop.wait()

    asyncio.run(main())


async def _table(
    url: str, messages: list[str], rng: random.Random, start: float, end: float, table: str | None = None
) -> int:
    """One table's four connections; the first sends at a human pace until `end`: the messages it sent.
    With `table` (the floor's), each first names it, and the others read what they are sent."""
    conns: list[ClientConnection] = []
    readers: list[asyncio.Task[None]] = []
    sent = 0
    try:
        for _ in range(SEATS):
            conns.append(await connect(url, compression=None, open_timeout=60, ping_interval=None, max_size=2**22))
        if table is not None:
            for c in conns:
                await c.send(table)
            readers = [asyncio.create_task(_read_all(c)) for c in conns[1:]]
        mover = conns[0]
        await asyncio.sleep(max(0.0, start - time.time()))
        while True:
            await asyncio.sleep(rng.uniform(0.5, 2.0))
            if time.time() >= end:
                return sent
            await mover.send(messages[sent % len(messages)])
            await mover.recv()
            sent += 1
    finally:
        for r in readers:
            r.cancel()
        for c in conns:
            await c.close()


async def _read_all(c: ClientConnection) -> None:
    with contextlib.suppress(ConnectionClosed):
        async for _ in c:
            pass


async def echo_clients(
    url: str, tables: list[int], messages: list[str], start: float, end: float, floor: bool = False
) -> int:
    """The echo's clients of `tables` (their indexes seed their pace): the
    messages they sent; with `floor`, the floor's (each table's connections named)."""
    runs = [_table(url, messages, random.Random(i), start, end, f"table {i}" if floor else None) for i in tables]
    return sum(await asyncio.gather(*runs))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--serve", action="store_true", help="run the echo server")
    ap.add_argument("--views", type=int, default=0, help="the floor: a text of this many bytes to each of a table's")
    a = ap.parse_args()
    if not a.serve:
        ap.print_help()
        return 2
    serve_echo(a.views)
    return 0


if __name__ == "__main__":
    sys.exit(main())
