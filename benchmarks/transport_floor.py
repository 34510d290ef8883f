"""The floors of other server designs: what a message costs the server's
processor in websockets' asyncio machinery, in websockets' Sans-I/O protocol
driven from a bare ``asyncio.Protocol``, with a table's four views sent and
a durable commit made, on asyncio's loop and on uvloop (issue 45 item 3).

Every design is a server process of its own (``--serve``), pinned on one
processor as ``benchmarks/server.py`` pins the table server, and measured
at the tables' human pace with :mod:`benchmarks.echo`'s clients (four
connections a table, one sending an action's message a random 0.5-2 s
after the answer to its last came back; the others read). Its CPU per
message is the server process's CPU time (``time.process_time``: every
thread's, the journal's too) over the messages it answered between two
SIGUSR1. Then (``--fast-seconds``) the same tables send back to back: the
messages a second reached, and the CPU per message at full speed, whose
inverse is what one processor could answer at most.

The designs, one row each:

- ``websockets echo``: benchmarks/echo.py's bare websockets echo server
  (the yardstick of issue 45);
- ``sansio echo``: the same limits (``max_size`` 64 KiB, no compression),
  but websockets' Sans-I/O ``ServerProtocol`` driven from an
  ``asyncio.Protocol`` (:class:`SansIOConnection`): ``data_received`` →
  ``receive_data`` → ``events_received`` → ``send_text`` →
  ``data_to_send`` → ``transport.write``; no task, no future, no queue per
  connection or message;
- ``… 4x6KB`` / ``… 4x1KB``: each message answered with a text of 6,000
  (a seat's view after a move) or 1,000 bytes (a delta that sends only
  what changed) to each of the table's four connections (the first message
  of every connection names its table);
- ``… + commit inline``: and before the answers, one row of about 100
  bytes inserted and committed in a SQLite database (WAL,
  ``synchronous=NORMAL``, ``BEGIN IMMEDIATE`` … ``COMMIT`` as
  net/journal.py writes) on the event loop itself;
- ``… + commit thread``: the commit handed to a writer thread that takes
  every write waiting, commits them at once and hands each back to the loop
  with ``call_soon_threadsafe`` (net/journal.py's group commit and
  ``submit_here``); the answers are sent when it is back;
- ``direct …``: websockets' own server kept whole (its handshake, HTTP
  answers, Origin and size limits, pings, closing handshake), with a
  ``ServerConnection`` subclass (:class:`DirectConnection`, given to
  ``serve`` as ``create_connection``) whose text messages go to a plain
  callback from ``data_received`` instead of its queue and a reader task,
  and whose answers are written at once (net/connection.py's
  ``_write_now``): the smallest change to the table server;
- ``pump …``: the direct design with the table server's handlers kept
  async: a connection's messages wait in a list of their own, and one task,
  started when the first comes and ended when the list is empty, awaits
  each one's handling (its commit on the writer thread included);
- ``[uvloop]``: the same on uvloop, where it can be imported (the shared
  environment has none: ``--uvloop-path`` names a folder that holds it,
  e.g. one made with ``pip install --target /tmp/uv uvloop``).

Run (about 30 minutes with the defaults; the database in ``TMPDIR``, as
``TMPDIR=/dev/shm python benchmarks/server.py`` keeps the table server's)::

    TMPDIR=/dev/shm python benchmarks/transport_floor.py --tables 200
    TMPDIR=/dev/shm python benchmarks/transport_floor.py --tables 200 --uvloop-path /tmp/uv --json
    python benchmarks/transport_floor.py --tables 2 --seconds 2 --fast-seconds 1 --only sansio   # a quick check

It prints one row a design and, last, the budget of issue 45 (the table
server's CPU per action at most twice the websockets echo's per message)
against each full design's floor (four views and a commit): what is left
of the budget for the game's Python work, beside what that work takes
(benchmarks/move_split.py's engine and views, hot; ``--no-parts`` leaves
them out). With ``--json`` the last line is one JSON object: ``rows`` (each
with ``name``, ``design``, ``views``, ``commit``, ``loop``, ``ms``,
``fast_ms``, ``fast_per_s``, ``messages``, ``load``), ``echo_ms`` and
``parts_ms``. Every connection goes to 127.0.0.1 only.

What it found (three runs, 200 tables, load average 1.4-8 on two shared
processors; the table in docs/PROTOCOL.md, "Other designs' floors"): the
budget, twice the websockets echo on asyncio's loop (0.24-0.28 ms), is
0.48-0.57 ms a message. With four views and a commit, today's design bare
(websockets, the commit on the thread) costs 0.50-0.60 ms and leaves at
most 0.03 ms of it for the game's Python work (0.07-0.21 ms on uvloop);
``direct`` leaves 0.02-0.14 ms (0.19-0.26 ms on uvloop); Sans-I/O
0.01-0.18 ms (0.21-0.36 ms on uvloop, the commit on the thread or
inline). The engine and the four views take 0.74-0.86 ms hot
(benchmarks/move_split.py), so no design meets 2x the echo until that
work is 3-4 times cheaper; uvloop is the largest single step (0.66-0.83x
for today's design), Sans-I/O is 0.66-0.82x of websockets on the same
loop, views of 1 KB cost what views of 6 KB cost. Back to back the full
designs cost 0.13-0.15 ms on uvloop: 2,000 actions a second on one core
leave about 0.35 ms an action for the engine and the views.
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import collections
import contextlib
import functools
import importlib
import json
import os
import queue
import random
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, cast

from websockets.asyncio.server import Server, ServerConnection
from websockets.asyncio.server import serve as ws_serve
from websockets.frames import Frame, Opcode
from websockets.http11 import Request
from websockets.protocol import State
from websockets.server import ServerProtocol
from websockets.typing import BytesLike

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: the limits of the table server's websockets (net/server.py) and of benchmarks/echo.py's
MAX_SIZE = 2**16
#: a commit's row: about an action's message
ROW = json.dumps({"type": "act", "action": {"kind": "place", "tile": "x" * 40, "at": [3, 4]}, "at": 117})


# ---------------------------------------------------------------------------
# the servers


class Counts:
    """What a server answered, and its commits' writer (None: no commit)."""

    def __init__(self, views: int, commit: str) -> None:
        self.messages = 0
        self.view = json.dumps({"type": "view", "pad": "x" * max(0, views - 26)}) if views else ""
        self.commit = commit
        self.tables: dict[str, list[Any]] = {}
        self.db: sqlite3.Connection | None = None
        self.writer: Writer | None = None
        if commit != "none":
            folder = Path(tempfile.mkdtemp(prefix="transport-floor-", dir=os.environ.get("TMPDIR")))
            atexit.register(shutil.rmtree, folder, True)  # the server ends on SIGTERM by returning
            self.db = open_db(folder / "floor.sqlite3")
            if commit == "thread":
                self.writer = Writer(self.db)

    def commit_inline(self, n: int) -> None:
        assert self.db is not None
        write_row(self.db, n)

    def report(self) -> None:
        counts_line(self.messages)


def counts_line(messages: int) -> None:
    """One line of JSON (on SIGUSR1): the process's CPU seconds so far (every thread's), in user mode and
    in the kernel, and the messages answered."""
    kernel = resource.getrusage(resource.RUSAGE_SELF).ru_stime
    print(json.dumps({"cpu_s": time.process_time(), "sys_s": kernel, "messages": messages}), flush=True)


def settle(done: asyncio.Future[None]) -> None:
    """A commit's future on the loop done (as net/journal.py's ``_settle_here``)."""
    if not done.done():
        done.set_result(None)


def whole(parts: list[BytesLike]) -> bytes:
    """A message's frames' data joined (most are one frame, taken as it is)."""
    first = parts[0]
    return first if len(parts) == 1 and isinstance(first, bytes) else b"".join(parts)


def open_db(path: Path) -> sqlite3.Connection:
    """As net/journal.py opens its database: WAL, synchronous=NORMAL, transactions explicit."""
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("CREATE TABLE moves (n INTEGER PRIMARY KEY, body TEXT NOT NULL)")
    return db


def write_row(db: sqlite3.Connection, n: int) -> None:
    """One row committed, as a move of net/journal.py's (a batch of one)."""
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT INTO moves (n, body) VALUES (?, ?)", (n, ROW))
    db.execute("COMMIT")


class Writer:
    """net/journal.py's writer thread, bare: it takes every write waiting,
    commits them at once, and hands each back to its loop."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.jobs: queue.SimpleQueue[tuple[int, asyncio.AbstractEventLoop, Callable[[], None]]] = queue.SimpleQueue()
        threading.Thread(target=self._run, daemon=True).start()

    def submit(self, n: int, done: Callable[[], None]) -> None:
        self.jobs.put((n, asyncio.get_running_loop(), done))

    def _run(self) -> None:
        while True:
            batch = [self.jobs.get()]
            with contextlib.suppress(queue.Empty):
                while True:
                    batch.append(self.jobs.get_nowait())
            self.db.execute("BEGIN IMMEDIATE")
            for n, _loop, _done in batch:
                self.db.execute("INSERT INTO moves (n, body) VALUES (?, ?)", (n, ROW))
            self.db.execute("COMMIT")
            for _n, loop, done in batch:
                loop.call_soon_threadsafe(done)


class SansIOConnection(asyncio.Protocol):
    """One websocket served by websockets' Sans-I/O protocol straight from
    asyncio's transport: no task, no future, no queue. A message is handled
    inside ``data_received``; the answers' frames are written at once."""

    def __init__(self, counts: Counts) -> None:
        self.counts = counts
        self.ws = ServerProtocol(max_size=MAX_SIZE)  # no extensions: no compression
        self.transport: asyncio.Transport | None = None
        self.table: list[SansIOConnection] | None = None
        self.parts: list[BytesLike] = []  # a fragmented message's frames so far

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # (uvloop's is none, but does as much)
        self.transport.set_write_buffer_limits(high=256 * 1024)

    def data_received(self, data: bytes) -> None:
        ws = self.ws
        ws.receive_data(data)
        for event in ws.events_received():
            if isinstance(event, Request):
                ws.send_response(ws.accept(event))
            elif isinstance(event, Frame):
                if event.opcode is Opcode.BINARY:
                    ws.fail(1003, "text messages only")
                    break
                if event.opcode is Opcode.TEXT or event.opcode is Opcode.CONT:
                    self.parts.append(event.data)
                    if event.fin:
                        body = whole(self.parts)
                        self.parts = []
                        try:
                            text = body.decode()
                        except UnicodeDecodeError:
                            ws.fail(1007, "invalid UTF-8")
                            break
                        self.message(text)
        self.flush()

    def message(self, text: str) -> None:
        counts = self.counts
        if not counts.view:  # the echo
            self.send(text)
            counts.messages += 1
            return
        if self.table is None:  # a connection's first message names its table
            self.table = counts.tables.setdefault(text, [])
            self.table.append(self)
            return
        n = counts.messages
        counts.messages += 1
        if counts.writer is not None:
            counts.writer.submit(n, self.answer)
            return
        if counts.db is not None:
            counts.commit_inline(n)
        self.answer()

    def answer(self) -> None:
        """The table's four views (after the commit, when there is one)."""
        assert self.table is not None
        view = self.counts.view
        for seat in self.table:
            seat.send(view)

    def send(self, text: str) -> None:
        ws = self.ws
        if ws.state is not State.OPEN:
            return
        ws.send_text(text.encode())
        self.flush()

    def flush(self) -> None:
        transport = self.transport
        if transport is None:
            return
        for data in self.ws.data_to_send():
            if data:
                transport.write(data)
            else:  # the end of the stream: a server closes the TCP connection at once
                transport.close()
                return
        if self.ws.close_expected():
            transport.close()

    def eof_received(self) -> bool | None:
        self.ws.receive_eof()
        self.flush()
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        if self.table is not None and self in self.table:
            self.table.remove(self)
        self.transport = None


async def sansio_server(counts: Counts) -> asyncio.Server:
    """The Sans-I/O design's server (:class:`SansIOConnection`), on 127.0.0.1 and a free port."""
    loop = asyncio.get_running_loop()
    return await loop.create_server(lambda: SansIOConnection(counts), "127.0.0.1", 0, backlog=1024)


def run(counts: Counts, start: Callable[[Counts], Awaitable[Any]]) -> None:
    """A server made by `start`, its URL printed, its counts on SIGUSR1, until SIGTERM."""

    async def main() -> None:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        loop.add_signal_handler(signal.SIGUSR1, counts.report)
        loop.add_signal_handler(signal.SIGTERM, stop.set)
        server = await start(counts)
        print(f"ws://127.0.0.1:{next(iter(server.sockets)).getsockname()[1]}", flush=True)
        await stop.wait()
        server.close()

    asyncio.run(main())


async def websockets_server(counts: Counts) -> Server:
    """benchmarks/echo.py's floor server (its handler, its settings), with
    a commit before each message's answers when `counts` asks for one."""
    loop = asyncio.get_running_loop()

    async def handler(ws: ServerConnection) -> None:
        table = counts.tables.setdefault(str(await ws.recv()), [])
        table.append(ws)
        try:
            async for _message in ws:
                n = counts.messages
                counts.messages += 1
                if counts.writer is not None:
                    done: asyncio.Future[None] = loop.create_future()
                    counts.writer.submit(n, functools.partial(settle, done))
                    await done
                elif counts.db is not None:
                    counts.commit_inline(n)
                for seat in table:
                    await seat.send(counts.view)
        finally:
            table.remove(ws)

    return await ws_serve(
        handler, "127.0.0.1", 0, compression=None, max_size=MAX_SIZE, max_queue=8, write_limit=256 * 1024
    )


class DirectConnection(ServerConnection):
    """websockets' own server connection (its handshake, HTTP answers, pings,
    closing handshake and limits untouched) whose text messages, once it is
    open, go to a plain callback from ``data_received`` instead of its
    queue and a reader task (:meth:`attach`); messages before that wait in
    a list of their own, in order."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.on_text: Callable[[str], None] | None = None
        self.early: list[str] = []
        self.parts: list[BytesLike] = []

    def process_event(self, event: Any) -> None:
        if self.request is None or not isinstance(event, Frame):
            super().process_event(event)  # the handshake's request
            return
        if event.opcode is Opcode.BINARY:
            self.protocol.fail(1003, "text messages only")
            self.send_data()
            return
        if event.opcode is not Opcode.TEXT and event.opcode is not Opcode.CONT:
            super().process_event(event)  # pings, pongs and the close: websockets' own
            return
        self.parts.append(event.data)
        if not event.fin:
            return
        body = whole(self.parts)
        self.parts = []
        try:
            text = body.decode()
        except UnicodeDecodeError:
            self.protocol.fail(1007, "invalid UTF-8")
            self.send_data()
            return
        if self.on_text is None:
            self.early.append(text)
        else:
            self.on_text(text)

    def attach(self, on_text: Callable[[str], None]) -> None:
        self.on_text = on_text
        early, self.early = self.early, []
        for text in early:
            on_text(text)

    def send_now(self, text: str) -> None:
        """The frame written at once, as net/connection.py's Conn._write_now does."""
        if self.protocol.state is State.OPEN:
            self.protocol.send_text(text.encode())
            self.send_data()


async def pump_server(counts: Counts) -> Server:
    """:func:`direct_server`, each message handled by a coroutine: a
    connection's messages wait in a list of their own and one task (started
    when the first comes, ended when the list is empty) awaits each one's
    handling, its commit on the writer thread included: the table server's
    async handlers kept as they are, with no reader task waiting on
    websockets' queue."""
    return await direct_server(counts, pump=True)


async def direct_server(counts: Counts, pump: bool = False) -> Server:
    """websockets' server with :class:`DirectConnection`: the handler attaches
    a callback and waits for the close; each message is answered inside
    ``data_received`` (or when its commit is back)."""

    loop = asyncio.get_running_loop()

    async def handler(ws: ServerConnection) -> None:
        assert isinstance(ws, DirectConnection)
        table: list[DirectConnection] | None = None

        def answer() -> None:
            assert table is not None
            for seat in table:
                seat.send_now(counts.view)

        def on_text(text: str) -> None:
            nonlocal table
            if not counts.view:
                ws.send_now(text)
                counts.messages += 1
                return
            if table is None:
                table = counts.tables.setdefault(text, [])
                table.append(ws)
                return
            n = counts.messages
            counts.messages += 1
            if counts.writer is not None:
                counts.writer.submit(n, answer)
                return
            if counts.db is not None:
                counts.commit_inline(n)
            answer()

        inbox: collections.deque[str] = collections.deque()
        pumping: list[asyncio.Task[None]] = []

        async def handle(text: str) -> None:
            nonlocal table
            if table is None:
                table = counts.tables.setdefault(text, [])
                table.append(ws)
                return
            n = counts.messages
            counts.messages += 1
            if counts.writer is not None:
                done: asyncio.Future[None] = loop.create_future()
                counts.writer.submit(n, functools.partial(settle, done))
                await done
            elif counts.db is not None:
                counts.commit_inline(n)
            answer()

        async def drain() -> None:
            try:
                while inbox:
                    await handle(inbox.popleft())
            finally:
                pumping.clear()

        def pumped(text: str) -> None:
            inbox.append(text)
            if not pumping:
                pumping.append(loop.create_task(drain()))

        ws.attach(pumped if pump and counts.view else on_text)
        try:
            await ws.wait_closed()
        finally:
            if table is not None:
                table.remove(ws)

    return await ws_serve(
        handler,
        "127.0.0.1",
        0,
        compression=None,
        max_size=MAX_SIZE,
        max_queue=8,
        write_limit=256 * 1024,
        create_connection=DirectConnection,
    )


def serve(design: str, views: int, commit: str, use_uvloop: bool) -> None:
    if use_uvloop:
        importlib.import_module("uvloop").install()  # (not in the shared environment: --uvloop-path)
    if design == "sansio":
        run(Counts(views, commit), sansio_server)
    elif design == "direct":
        run(Counts(views, commit), direct_server)
    elif design == "pump":
        run(Counts(views, commit), pump_server)
    elif commit != "none":
        run(Counts(views, commit), websockets_server)
    else:
        from benchmarks.echo import serve_echo

        serve_echo(views)  # the yardstick itself, and its floor


# ---------------------------------------------------------------------------
# the clients


async def _fast_table(url: str, messages: list[str], table: str | None, end: float, start: float) -> int:
    """benchmarks/echo.py's table, sending back to back: the messages answered."""
    from websockets.asyncio.client import connect

    from benchmarks.echo import SEATS, _read_all

    conns = []
    readers: list[asyncio.Task[None]] = []
    sent = 0
    try:
        for _ in range(SEATS):
            conns.append(await connect(url, compression=None, open_timeout=60, ping_interval=None, max_size=2**22))
        if table is not None:
            for c in conns:
                await c.send(table)
            readers = [asyncio.create_task(_read_all(c)) for c in conns[1:]]
        await asyncio.sleep(max(0.0, start - time.time()))
        while time.time() < end:
            await conns[0].send(messages[sent % len(messages)])
            await conns[0].recv()
            sent += 1
        return sent
    finally:
        for r in readers:
            r.cancel()
        for c in conns:
            await c.close()


def client(spec: dict[str, Any]) -> dict[str, Any]:
    """A client process: its tables at a human pace (benchmarks/echo.py's clients) or back to back."""
    from benchmarks.echo import echo_clients

    messages = [
        json.dumps({"type": "act", "action": {"kind": "place", "n": i}, "at": i})
        for i in random.Random(1).sample(range(999), 50)
    ]
    tables, start, end, floor = spec["tables"], spec["start"], spec["end"], spec["floor"]
    if spec["fast"]:

        async def fast() -> int:
            # tables of their own (benchmarks/echo.py's floor never forgets a closed connection of its tables)
            runs = [
                _fast_table(spec["url"], messages, f"fast table {i}" if floor else None, end, start) for i in tables
            ]
            return sum(await asyncio.gather(*runs))

        return {"messages": asyncio.run(fast())}
    return {"messages": asyncio.run(echo_clients(spec["url"], tables, messages, start, end, floor))}


# ---------------------------------------------------------------------------
# the conductor


@dataclass(frozen=True)
class Design:
    design: str  # "websockets" | "sansio"
    views: int  # 0: the echo; else the bytes of each of the four answers
    commit: str  # "none" | "inline" | "thread"
    loop: str  # "asyncio" | "uvloop"

    @property
    def name(self) -> str:
        what = "echo" if not self.views else f"4x{self.views // 1000}KB"
        commit = "" if self.commit == "none" else f" + commit {self.commit}"
        loop = " [uvloop]" if self.loop == "uvloop" else ""
        return f"{self.design} {what}{commit}{loop}"


def designs(loops: list[str]) -> list[Design]:
    out = []
    for loop in loops:
        for design in ("websockets", "sansio"):
            out.append(Design(design, 0, "none", loop))
            for views in (6000, 1000):
                out.append(Design(design, views, "none", loop))
        for views in (6000, 1000):
            for commit in ("inline", "thread"):
                out.append(Design("sansio", views, commit, loop))
        out.append(Design("websockets", 6000, "thread", loop))  # the table server's own design, bare
        # websockets kept for the handshake, its messages handed to a callback (the smallest change)
        out.append(Design("direct", 0, "none", loop))
        out.append(Design("direct", 6000, "none", loop))
        out.append(Design("direct", 6000, "thread", loop))
        out.append(Design("direct", 1000, "thread", loop))
        out.append(Design("pump", 6000, "thread", loop))  # the direct design with the server's async handlers
    return out


@dataclass
class Row:
    name: str
    design: str
    views: int
    commit: str
    loop: str
    ms: float | None  # CPU per message, human pace
    sys_ms: float | None  # of it in the kernel
    messages: int
    load: float
    fast_ms: float | None  # CPU per message, back to back
    fast_per_s: float | None  # messages a second reached back to back
    fast_cpu_share: float | None  # the server's processor busy that share of the time


def counters(server: subprocess.Popen[str]) -> dict[str, Any]:
    server.send_signal(signal.SIGUSR1)
    assert server.stdout is not None
    return json.loads(server.stdout.readline())


def sleep_until(t: float) -> None:
    while (left := t - time.time()) > 0:
        time.sleep(min(left, 0.5))


def measure(d: Design, n: int, seconds: float, fast_seconds: float, uvloop_path: str | None) -> Row:
    from benchmarks.server import processors

    server_cpus, client_cpus = processors(False)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + ([uvloop_path] if uvloop_path and d.loop == "uvloop" else []))
    spec = json.dumps(asdict(d))
    server = subprocess.Popen(
        [sys.executable, __file__, "--serve", spec],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=(lambda: os.sched_setaffinity(0, server_cpus)) if server_cpus else None,
    )
    procs = min(2, max(1, (n + 99) // 100))

    def clients(start: float, end: float, fast: bool) -> list[subprocess.Popen[str]]:
        return [
            subprocess.Popen(
                [sys.executable, __file__, "--client"]
                + [
                    json.dumps(
                        {
                            "url": url,
                            "tables": list(range(i, n, procs)),
                            "start": start,
                            "end": end,
                            "floor": d.views > 0,
                            "fast": fast,
                        }
                    )
                ],
                stdout=subprocess.PIPE,
                text=True,
                env=env,
                preexec_fn=(lambda: os.sched_setaffinity(0, client_cpus)) if client_cpus else None,
            )
            for i in range(procs)
        ]

    try:
        assert server.stdout is not None
        url = server.stdout.readline().strip()
        if not url.startswith("ws://127.0.0.1:"):
            raise RuntimeError(f"{d.name}: the server did not start")
        t0 = time.time() + 3.0 + 0.02 * n
        t1 = t0 + seconds
        workers = clients(t0, t1, False)
        sleep_until(t0)
        c0 = counters(server)
        sleep_until(t1)
        c1 = counters(server)
        load = os.getloadavg()[0]
        for w in workers:
            w.communicate(timeout=120)
        fast_ms = fast_per_s = share = None
        if fast_seconds > 0:
            f0 = time.time() + 3.0 + 0.02 * n
            f1 = f0 + fast_seconds
            workers = clients(f0, f1, True)
            sleep_until(f0 + 0.5)  # past the first round trips
            c2 = counters(server)
            sleep_until(f1)
            c3 = counters(server)
            for w in workers:
                w.communicate(timeout=120)
            done = c3["messages"] - c2["messages"]
            cpu = c3["cpu_s"] - c2["cpu_s"]
            if done:
                fast_ms = cpu / done * 1000
                fast_per_s = done / (fast_seconds - 0.5)
                share = cpu / (fast_seconds - 0.5)
    finally:
        server.terminate()
        try:
            server.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    messages = c1["messages"] - c0["messages"]
    ms = (c1["cpu_s"] - c0["cpu_s"]) / messages * 1000 if messages else None
    sys_ms = (c1["sys_s"] - c0["sys_s"]) / messages * 1000 if messages else None
    return Row(d.name, d.design, d.views, d.commit, d.loop, ms, sys_ms, messages, load, fast_ms, fast_per_s, share)


def python_parts() -> float:
    """benchmarks/move_split.py's engine and views per action, hot, in ms."""
    from benchmarks.lightseats import EDITIONS, script
    from benchmarks.move_split import best, engine_part, views_part

    scripts = [script(e) for e in EDITIONS]
    moves = sum(len(s.actions) for s in scripts)
    return sum(best(engine_part, s, 3) + best(views_part, s, 3) for s in scripts) / moves * 1000


def fmt(x: float | None, spec: str = ".3f") -> str:
    return "-" if x is None else format(x, spec)


def report(rows: list[Row], parts: float | None, n: int, seconds: float) -> dict[str, Any]:
    echo = {r.loop: r.ms for r in rows if r.design == "websockets" and r.views == 0}
    base = echo.get("asyncio")
    print(
        f"{n} tables ({4 * n} connections), {seconds:g} s each at a human pace; CPU per message of the server process"
    )
    print(
        f"  {'design':44s} {'ms/msg':>7s} {'kernel':>7s} {'x echo':>7s} {'msgs':>6s} {'load':>5s}   "
        f"{'fast ms':>7s} {'fast/s':>7s} {'busy':>5s} {'max/s':>6s}"
    )
    for r in rows:
        ratio = r.ms / base if r.ms and base else None
        top = 1000 / r.fast_ms if r.fast_ms else None
        print(
            f"  {r.name:44s} {fmt(r.ms):>7s} {fmt(r.sys_ms):>7s} {fmt(ratio, '.2f'):>7s} {r.messages:6d} {r.load:5.2f}   "
            f"{fmt(r.fast_ms):>7s} {fmt(r.fast_per_s, '.0f'):>7s} {fmt(r.fast_cpu_share, '.0%'):>5s} {fmt(top, '.0f'):>6s}"
        )
    if base:
        budget = 2 * base
        print(
            f"the budget (2x the websockets echo on asyncio's loop, {base:.3f} ms): {budget:.3f} ms a message; "
            "each full design (4 views and a durable commit) leaves of it for the game's Python work:"
        )
        for r in rows:
            if r.commit != "none" and r.ms:
                left = budget - r.ms
                need = (
                    f"; the engine and views take {parts:.3f} ms hot ({parts / left:.1f}x it)"
                    if parts and left > 0
                    else ""
                )
                print(f"  {r.name:44s} {left:7.3f} ms{need}")
    return {"rows": [asdict(r) for r in rows], "echo_ms": echo, "parts_ms": parts}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=25.0, help="each design's time at a human pace")
    ap.add_argument("--fast-seconds", type=float, default=6.0, help="each design's time back to back (0: none)")
    ap.add_argument(
        "--uvloop-path", help="a folder holding uvloop, for the servers only (default: uvloop if importable)"
    )
    ap.add_argument("--no-uvloop", action="store_true", help="asyncio's loop only")
    ap.add_argument("--only", help="the designs whose name holds one of these texts (commas between) only")
    ap.add_argument("--no-parts", action="store_true", help="leave out the game's Python parts (move_split.py)")
    ap.add_argument("--json", action="store_true", help="end with one line of JSON")
    ap.add_argument("--serve", help=argparse.SUPPRESS)
    ap.add_argument("--client", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.serve:
        d = json.loads(a.serve)
        serve(d["design"], d["views"], d["commit"], d["loop"] == "uvloop")
        return 0
    if a.client:
        print(json.dumps(client(json.loads(a.client))))
        return 0

    loops = ["asyncio"]
    if not a.no_uvloop:
        probe_env = dict(
            os.environ, PYTHONPATH=os.pathsep.join([str(ROOT)] + ([a.uvloop_path] if a.uvloop_path else []))
        )
        found = (
            subprocess.run([sys.executable, "-c", "import uvloop"], env=probe_env, capture_output=True).returncode == 0
        )
        if found:
            loops.append("uvloop")
        else:
            print("uvloop cannot be imported here: asyncio's loop only (see --uvloop-path)")
    only = None if a.only is None else a.only.split(",")
    chosen = [d for d in designs(loops) if only is None or any(o in d.name for o in only)]
    if a.only is not None and not any(
        d.design == "websockets" and d.views == 0 and d.loop == "asyncio" for d in chosen
    ):
        chosen.insert(0, Design("websockets", 0, "none", "asyncio"))  # the yardstick, always
    print(f"load average {os.getloadavg()[0]:.2f} at the start; {len(chosen)} designs", flush=True)
    rows = []
    for d in chosen:
        rows.append(measure(d, max(1, a.tables), a.seconds, a.fast_seconds, a.uvloop_path))
        r = rows[-1]
        print(
            f"  measured {r.name}: {fmt(r.ms)} ms a message ({r.messages}), back to back {fmt(r.fast_ms)} ms",
            flush=True,
        )
    parts = None if a.no_parts else python_parts()
    figures = report(rows, parts, a.tables, a.seconds)
    if a.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
