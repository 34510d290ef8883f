"""What one message costs a server on this machine when it arrives after a
pause: the floor under the table server's CPU per action at a human pace.

Run: ``.venv/bin/python benchmarks/wakeup_floor.py [--gap-ms 6] [--count 2000]``.
A bare websockets server that only echoes each message back runs pinned on
one processor (as ``benchmarks/server.py`` pins the table server), a client
on another sends a message of 200 bytes every `--gap-ms` (200 tables at a
human pace send one about every 6 ms) and waits for its echo, then the same
back to back. It prints the echo server's CPU time per message (its own
``process_time``): the cost of being woken for a message, taking it through
asyncio and websockets and writing one answer, with no game at all. A
virtual machine pays dearly for each wake from idle; on this one it is a
large part of the table server's 1.3 ms per action at a human pace, and the
reason that figure stays about three times the one at full speed.
Everything runs on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time

from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve


def processors() -> tuple[set[int], set[int]]:
    cpus = sorted(os.sched_getaffinity(0))
    return ({cpus[-1]}, set(cpus[:-1]) or {cpus[-1]})


def run_server(count: int, ready: int) -> None:
    """The child: echo `count` messages, then print its CPU time per message."""

    async def main() -> None:
        done = asyncio.Event()
        seen = [0, 0.0]

        async def echo(ws: ServerConnection) -> None:
            async for message in ws:
                if seen[0] == 0:
                    seen[1] = time.process_time()
                await ws.send(message)
                seen[0] += 1
                if seen[0] == count:
                    done.set()

        async with serve(echo, "127.0.0.1", 0, compression=None) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            os.write(ready, f"{port}\n".encode())
            await done.wait()
            print(f"{(time.process_time() - seen[1]) / (count - 1) * 1e6:.0f}", flush=True)

    asyncio.run(main())


async def client(port: int, count: int, gap: float) -> None:
    async with connect(f"ws://127.0.0.1:{port}", compression=None) as ws:
        payload = "x" * 200
        for _ in range(count):
            await ws.send(payload)
            await ws.recv()
            if gap:
                await asyncio.sleep(gap)


def measure(count: int, gap: float) -> int:
    server_cpus, client_cpus = processors()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the echo server
        os.close(read)
        os.sched_setaffinity(0, server_cpus)
        run_server(count, write)
        os._exit(0)
    os.close(write)
    os.sched_setaffinity(0, client_cpus)
    with os.fdopen(read) as r:
        port = int(r.readline())
        asyncio.run(client(port, count, gap))
    os.waitpid(pid, 0)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--gap-ms", type=float, default=6.0)
    ap.add_argument("--count", type=int, default=2000)
    a = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; echo server's CPU per message, in microseconds:")
    for gap in (a.gap_ms / 1000, 0.0):
        sys.stdout.write(f"  a message every {gap * 1000:g} ms: " if gap else "  back to back: ")
        sys.stdout.flush()
        measure(a.count, gap)
    return 0


if __name__ == "__main__":
    sys.exit(main())
