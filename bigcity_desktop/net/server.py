"""The table server: many tables at once, authoritative, over websockets.

Only the server holds the full :class:`GameState` of each table. It checks
and applies every action through the engine, saves the table, then sends
each seat its own view (``state.view_for(seat)``) and each spectator the
public view, as deltas after the first whole view (see
:mod:`bigcity_desktop.engine.viewjson`). Bots play on the server, in a pool
of worker processes (or threads), so the event loop never waits for one.

Run it headless with ``bigcity-server`` (see :func:`main`), or inside the
app with :class:`ServerThread`. The protocol is in ``docs/PROTOCOL.md``.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import contextlib
import gc
import hashlib
import hmac
import json
import logging
import multiprocessing
import os
import secrets
import signal
import socket
import ssl
import sys
import threading
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from bigcity_desktop import __version__
from bigcity_desktop.bots.names import free_bot_name
from bigcity_desktop.bots.registry import BOT_NAMES, make_bot
from bigcity_desktop.engine import GameState, IllegalAction
from bigcity_desktop.engine.actions import Action, action_from_json
from bigcity_desktop.engine.collector import tune_collector
from bigcity_desktop.engine.names import clean_name
from bigcity_desktop.engine.record import LoadedGame, PlayerInfo
from bigcity_desktop.engine.rules import EDITIONS, Rules, RulesError, get_rules, parse_rules, rules_of_document
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.engine.viewjson import LogMark, log_mark, public_view, view_from_json, view_json_of, view_to_json

from . import protocol as P
from .store import CHAT_KEPT, RecordText, StoredChat, StoredSeat, StoredTable, StoreError, TableStore

log = logging.getLogger("bigcity.server")

#: how long the table waits before the next bot move (seconds) by default, so
#: that people can follow the bots' moves; 0 for tests and benchmarks
DEFAULT_BOT_DELAY = 0.6


@dataclass
class ServerConfig:
    """Everything a server can be told. The limits protect the other
    tables from one hostile or broken client."""

    host: str = "0.0.0.0"
    port: int = P.DEFAULT_PORT
    data_dir: Path | None = None  # None: tables live in memory only
    certfile: Path | None = None
    keyfile: Path | None = None
    mdns: bool = True
    mdns_interfaces: list[str] | None = None  # None: every interface
    name: str = ""  # what the server is called on the network ("" = the host name)
    bot_pool: str = "process"  # "process" or "thread"
    bot_workers: int = 1
    bot_delay: float = DEFAULT_BOT_DELAY
    max_tables: int = 2000
    max_connections: int = 5000
    # a connection's limits
    rate: float = 40.0  # messages a second, on average
    burst: int = 80  # messages at once
    flood_limit: int = 400  # messages over the rate before the connection is dropped
    bad_limit: int = 50  # unreadable messages before the connection is dropped
    send_queue: int = 512  # messages waiting to be sent to one connection
    write_timeout: float = 20.0  # seconds a send may wait for a client that does not read
    ping_interval: float | None = 20.0
    ping_timeout: float | None = 20.0
    open_timeout: float = 10.0  # seconds for the websocket handshake
    hello_timeout: float = 10.0  # seconds from the handshake to the hello
    idle_lobby: float = 6 * 3600.0  # a table that never started is removed after this long with nobody at it
    keep_over: float = 3600.0  # a finished table leaves the server after this long with nobody at it (its files stay)
    print_stats: bool = False  # bigcity-server --stats: print the counters on stopping
    # saves are atomic renames before anyone is told of a move (a killed
    # process loses nothing); they reach the disk (fsync) within this many
    # seconds, or before the move is told of with fsync_each
    flush_every: float = 1.0
    fsync_each: bool = False


@dataclass
class Stats:
    """What the server counts (tests and the benchmark read it)."""

    connections: int = 0
    opened: int = 0
    dropped_slow: int = 0
    dropped_flood: int = 0
    dropped_bad: int = 0
    refused: int = 0
    actions: int = 0
    bot_moves: int = 0
    saves: int = 0
    #: seconds from reading an action to queueing its views (the last ones)
    commit_times: deque[float] = field(default_factory=lambda: deque(maxlen=100_000))
    #: seconds the save of the last actions took
    save_times: deque[float] = field(default_factory=lambda: deque(maxlen=100_000))
    #: pauses of the garbage collector (bigcity-server --stats only)
    gc_pauses: deque[float] = field(default_factory=lambda: deque(maxlen=100_000))

    def summary(self) -> dict[str, Any]:
        def pct(xs: deque[float], q: float) -> float | None:
            s = sorted(xs)
            return round(s[min(len(s) - 1, int(q * len(s)))] * 1000, 2) if s else None

        out: dict[str, Any] = {k: v for k, v in self.__dict__.items() if isinstance(v, int)}
        for name, xs in (("commit", self.commit_times), ("save", self.save_times)):
            out[f"{name}_p50_ms"] = pct(xs, 0.5)
            out[f"{name}_p99_ms"] = pct(xs, 0.99)
        out["gc_max_ms"] = round(max(self.gc_pauses, default=0.0) * 1000, 1)
        out["gc_total_ms"] = round(sum(self.gc_pauses) * 1000, 1)
        return out


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def _clean_text(text: str, limit: int) -> str:
    """A chat line as it is shown: printable, single spaces, capped."""
    text = " ".join("".join(c if c.isprintable() else " " for c in text).split())
    return text[:limit].strip()


# ---------------------------------------------------------------------------
# bots in worker processes (module level, so a process pool can run them)

_WORKER_RULES: dict[str, Rules] = {}


def bot_choose(level: str, seed: int, view_text: str) -> dict[str, Any]:
    """A bot's move on a view sent as JSON text (in a worker process or
    thread); the move as action JSON."""
    data = json.loads(view_text)
    rules = _WORKER_RULES.get(data["rules_digest"])
    if rules is None:
        rules = rules_of_document({k: data[k] for k in ("edition", "rules") if k in data}, ValueError)
        if len(_WORKER_RULES) > 32:
            _WORKER_RULES.clear()
        _WORKER_RULES[data["rules_digest"]] = rules
    view = view_from_json(data, rules=rules)
    return make_bot(level, seed).choose(view).to_json()


def _warm_worker(parent: int) -> None:
    """Import the bots in a fresh worker process before its first move, and
    end the worker when the server that started it is gone: a server killed
    outright (SIGKILL, a crash) never tells its pool, and a worker would wait
    for work for ever."""
    tune_collector()
    get_rules("original")
    get_rules("jumbo")
    threading.Thread(target=_watch_parent, args=(parent,), name="bigcity-bot-parent", daemon=True).start()


def _watch_parent(parent: int, every: float = 1.0) -> None:
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(0)


# ---------------------------------------------------------------------------


@dataclass(eq=False)
class Seat:
    kind: SeatKind
    level: str | None = None
    name: str | None = None
    token_hash: str | None = None
    bot_after: float | None = None
    conn: Conn | None = None
    away_since: float | None = None  # time.monotonic() of the drop


@dataclass(eq=False)
class Table:
    id: str
    title: str
    rules: Rules
    seats: list[Seat]
    host: int
    created: float
    bot_seed: int
    chat: deque[StoredChat] = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))
    state: GameState | None = None
    spectators: set[Conn] = field(default_factory=set)
    record: RecordText = field(default_factory=RecordText)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    empty_since: float = field(default_factory=time.monotonic)

    @property
    def status(self) -> str:
        if self.state is None:
            return "lobby"
        return "over" if self.state.is_over else "playing"

    def members(self) -> list[Conn]:
        return [s.conn for s in self.seats if s.conn is not None] + list(self.spectators)

    def players(self) -> list[PlayerInfo]:
        return [
            PlayerInfo(s.name or f"Player {i + 1}", (s.level or "easy") if s.kind == SeatKind.BOT else SeatKind.HUMAN)
            for i, s in enumerate(self.seats)
        ]

    def info(self) -> P.TableInfo:
        now = time.monotonic()
        seats = tuple(
            P.SeatInfo(
                i,
                s.kind,
                s.level,
                s.name,
                s.kind == SeatKind.BOT or s.conn is not None,
                None
                if s.away_since is None or s.name is None or s.kind == SeatKind.BOT
                else round(now - s.away_since, 1),
                s.bot_after,
            )
            for i, s in enumerate(self.seats)
        )
        st = self.state
        return P.TableInfo(
            self.id,
            self.title,
            self.rules.edition,
            self.rules.title,
            self.rules.digest,
            self.status,
            self.host,
            seats,
            len(self.spectators),
            len(st.history) if st is not None else 0,
            st.current_player if st is not None else None,
        )

    def stored(self) -> StoredTable:
        return StoredTable(
            self.id,
            self.title,
            self.rules,
            [StoredSeat(s.kind, s.level, s.name, s.token_hash, s.bot_after) for s in self.seats],
            self.host,
            self.created,
            self.bot_seed,
            list(self.chat),
        )


class Conn:
    """One client connection: its send queue, its place at a table, its limits."""

    def __init__(self, server: GameServer, ws: ServerConnection) -> None:
        self.server = server
        self.ws = ws
        cfg = server.config
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(cfg.send_queue)
        self.hello = False
        self.table: Table | None = None
        self.seat: int | None = None  # None with a table: a spectator
        self.mark: LogMark | None = None  # the logs of the view it holds
        self.tokens = float(cfg.burst)
        self.last = time.monotonic()
        self.over = 0
        self.bad = 0
        self.last_rate_refusal = 0.0
        self.closed = False

    # -- sending
    def send(self, msg: P.Message | str) -> None:
        if self.closed:
            return
        text = msg if isinstance(msg, str) else msg.encode()
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.server.stats.dropped_slow += 1
            self.drop("it does not read what it is sent")

    def refuse(self, code: str, reason: str, req: int | None = None) -> None:
        self.server.stats.refused += 1
        self.send(P.Refused(code, reason, req))

    def close_after(self, code: int, reason: str) -> None:
        """Send what is queued, then close."""
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        self._close_code = (code, reason)

    def drop(self, why: str) -> None:
        """Cut the connection at once (a client that does not read or floods)."""
        if self.closed:
            return
        self.closed = True
        log.info("dropping %s: %s", self.peer, why)
        transport = self.ws.transport
        if transport is not None:
            transport.abort()

    @property
    def peer(self) -> str:
        try:
            a = self.ws.remote_address
            return f"{a[0]}:{a[1]}"
        except (TypeError, IndexError, OSError):  # pragma: no cover
            return "?"

    async def write_loop(self) -> None:
        timeout = self.server.config.write_timeout
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    code, reason = getattr(self, "_close_code", (1000, ""))
                    await asyncio.wait_for(self.ws.close(code, reason), timeout)
                    return
                await asyncio.wait_for(self.ws.send(text), timeout)
        except TimeoutError:
            self.server.stats.dropped_slow += 1
            self.drop("a send waited too long")
        except ConnectionClosed:
            pass

    # -- the rate limit
    def allow(self) -> bool:
        cfg = self.server.config
        now = time.monotonic()
        self.tokens = min(float(cfg.burst), self.tokens + (now - self.last) * cfg.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.over = 0
            return True
        self.over += 1
        if self.over >= cfg.flood_limit:
            self.server.stats.dropped_flood += 1
            self.drop("it sends far too many messages")
        elif now - self.last_rate_refusal >= 1.0:
            self.last_rate_refusal = now
            self.refuse("rate", f"Too many messages: at most {cfg.rate:g} a second are read; the last ones were not.")
        return False


class GameServer:
    """Every table of one server, and the websocket endpoint they share."""

    def __init__(self, config: ServerConfig | None = None) -> None:
        self.config = config or ServerConfig()
        self.tables: dict[str, Table] = {}
        self.conns: set[Conn] = set()
        self.stats = Stats()
        self.store = (
            TableStore(self.config.data_dir, self.config.fsync_each) if self.config.data_dir is not None else None
        )
        self._server: Server | None = None
        self._pool: concurrent.futures.Executor | None = None
        # saves that flush wait on the disk more than on the processor: many at once
        self._io = concurrent.futures.ThreadPoolExecutor(16, thread_name_prefix="bigcity-save")
        self._flusher = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="bigcity-flush")
        self._tasks: set[asyncio.Task[Any]] = set()
        self._sweeper: asyncio.Task[None] | None = None
        self._advertiser: Any = None
        self._flushed = 0.0
        self.address: tuple[str, int] | None = None
        self.url = ""

    # ------------------------------------------------------------ life
    async def start(self) -> tuple[str, int]:
        """Load the saved tables, listen, advertise; the (host, port) bound."""
        cfg = self.config
        if self.store is not None:
            self._load()
        ctx = None
        if cfg.certfile is not None:
            ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            ctx.load_cert_chain(cfg.certfile, cfg.keyfile)
        self._server = await serve(
            self._handle,
            cfg.host,
            cfg.port,
            ssl=ctx,
            compression=None,
            max_size=P.MAX_CLIENT_FRAME,
            max_queue=8,
            write_limit=256 * 1024,
            ping_interval=cfg.ping_interval,
            ping_timeout=cfg.ping_timeout,
            open_timeout=cfg.open_timeout,
            close_timeout=5,
            server_header=f"bigcity-server/{__version__}",
            logger=logging.getLogger("bigcity.server.websockets"),
        )
        sock = next(iter(self._server.sockets))
        host, port = sock.getsockname()[:2]
        self.address = (host, port)
        self.url = f"{'wss' if ctx else 'ws'}://{host}:{port}"
        self._sweeper = asyncio.create_task(self._sweep())
        if cfg.mdns:
            await self._advertise(port, ctx is not None)
        for t in self.tables.values():
            self._maybe_bot(t)
        if self.tables:
            # the resumed games live as long as the server: the collector need not scan them again and again
            gc.freeze()
        log.info("listening on %s with %d tables", self.url, len(self.tables))
        return host, port

    async def stop(self) -> None:
        if self._advertiser is not None:
            with contextlib.suppress(Exception):
                await self._advertiser.close()
            self._advertiser = None
        if self._sweeper is not None:
            self._sweeper.cancel()
        for t in self.tables.values():
            if t.bot_task is not None:
                t.bot_task.cancel()
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 10)
        for task in list(self._tasks):
            task.cancel()
        if self.store is not None:
            with contextlib.suppress(OSError):
                self.store.flush()
        if self._pool is not None:
            # waited for (a bot's decision in flight takes a second or two): an
            # executor left running races the interpreter's exit for its pipe
            # and prints "Bad file descriptor" from concurrent.futures
            await asyncio.get_running_loop().run_in_executor(
                None, lambda: self._pool.shutdown(wait=True, cancel_futures=True) if self._pool else None
            )
            self._pool = None
        self._io.shutdown(wait=True)
        self._flusher.shutdown(wait=True)

    async def serve_forever(self) -> None:
        assert self._server is not None
        await self._server.serve_forever()

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _bot_pool(self) -> concurrent.futures.Executor:
        if self._pool is None:
            n = max(1, self.config.bot_workers)
            if self.config.bot_pool == "process":
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    n,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_warm_worker,
                    initargs=(os.getpid(),),
                )
            else:
                self._pool = concurrent.futures.ThreadPoolExecutor(n, thread_name_prefix="bigcity-bot")
        return self._pool

    # ------------------------------------------------------------ discovery
    async def _advertise(self, port: int, tls: bool) -> None:
        try:
            from .discovery import Advertiser

            self._advertiser = Advertiser(
                self.config.name or socket.gethostname(), port, tls=tls, interfaces=self.config.mdns_interfaces
            )
            await self._advertiser.start(len(self.tables), self._open_tables())
        except Exception as exc:  # the tables work without it
            log.warning("tables are not advertised on the local network: %s", exc)
            self._advertiser = None

    def _open_tables(self) -> int:
        return sum(1 for t in self.tables.values() if t.status == "lobby")

    # ------------------------------------------------------------ disk
    def _load(self) -> None:
        assert self.store is not None
        for stored, game in self.store.load_all():
            t = self._table_from(stored, game)
            self.tables[t.id] = t
        if self.tables:
            log.info("resumed %d tables from %s", len(self.tables), self.store.folder)

    def _table_from(self, st: StoredTable, game: LoadedGame | None) -> Table:
        now = time.monotonic()
        seats = [
            Seat(s.kind, s.level, s.name, s.token_hash, s.bot_after, None, now if s.name is not None else None)
            for s in st.seats
        ]
        t = Table(st.id, st.title, st.rules, seats, st.host, st.created, st.bot_seed)
        t.chat.extend(st.chat)
        if game is not None:
            t.state = game.state
        return t

    async def _save_table(self, t: Table) -> None:
        if self.store is None:
            return
        stored = t.stored()
        await self._io_call(self.store.save_table, stored)

    async def _io_call(self, fn: Any, *args: Any) -> None:
        """A save: on this thread when it is only a write and a rename (a
        thread would wait for the interpreter lock longer than the write
        takes), on a thread of its own when it flushes to the disk."""
        if self.config.fsync_each:
            await asyncio.get_running_loop().run_in_executor(self._io, fn, *args)
        else:
            fn(*args)

    async def _save_game(self, t: Table) -> None:
        if self.store is None or t.state is None:
            return
        began = time.perf_counter()
        text = t.record.text(t.state, t.players(), {"table": t.id})
        self.stats.saves += 1
        await self._io_call(self.store.save_game, t.id, text)
        self.stats.save_times.append(time.perf_counter() - began)

    # ------------------------------------------------------------ connections
    async def _handle(self, ws: ServerConnection) -> None:
        if len(self.conns) >= self.config.max_connections:
            await ws.close(1013, "the server is full")
            return
        conn = Conn(self, ws)
        self.conns.add(conn)
        self.stats.connections = len(self.conns)
        self.stats.opened += 1
        writer = asyncio.create_task(conn.write_loop())
        try:
            await self._read_loop(conn)
        except ConnectionClosed:
            pass
        finally:
            conn.closed = True
            self.conns.discard(conn)
            self.stats.connections = len(self.conns)
            self._detach(conn)
            writer.cancel()

    async def _read_loop(self, conn: Conn) -> None:
        ws = conn.ws
        try:
            first = await asyncio.wait_for(ws.recv(), self.config.hello_timeout)
        except TimeoutError:
            await ws.close(1008, "say hello first")
            return
        await self._receive(conn, first)
        async for raw in ws:
            if conn.closed:
                return
            if conn.allow():
                await self._receive(conn, raw)

    async def _receive(self, conn: Conn, raw: str | bytes) -> None:
        try:
            m = P.read_client(raw)
        except P.ProtocolError as exc:
            conn.refuse(exc.code, str(exc))
            if exc.code == "version":
                conn.close_after(4000 + P.PROTOCOL_VERSION, "protocol version")
                conn.closed = True
                return
            conn.bad += 1
            if conn.bad >= self.config.bad_limit:
                self.stats.dropped_bad += 1
                conn.drop("it sends too many unreadable messages")
            return
        if not conn.hello:
            if not isinstance(m, P.Hello):
                conn.refuse("hello", "Say hello first: the first message names the protocol version.")
                conn.close_after(1008, "say hello first")
                conn.closed = True
                return
            conn.hello = True
            conn.send(P.Welcome(P.PROTOCOL_VERSION, P.PROGRAM, self.config.name or socket.gethostname()))
            return
        handler = _HANDLERS.get(type(m))
        if handler is None:
            conn.refuse("bad_message", f"A {m.TYPE} message is said only once, first.")
            return
        await handler(self, conn, m)

    # ------------------------------------------------------------ lobby
    def _table_of(self, conn: Conn, table_id: str, req: int | None) -> Table | None:
        t = self.tables.get(table_id)
        if t is None:
            conn.refuse("no_table", f"There is no table {table_id} on this server.", req)
        return t

    def _free(self, conn: Conn, req: int | None) -> bool:
        if conn.table is not None:
            conn.refuse("at_table", "You are at a table already: leave it first.", req)
            return False
        return True

    def _update(self, t: Table) -> None:
        info = t.info()
        for i, s in enumerate(t.seats):
            if s.conn is not None:
                s.conn.send(P.TableUpdate(info, i))
        if t.spectators:
            text = P.TableUpdate(info, None).encode()
            for c in t.spectators:
                c.send(text)

    def _seat_conn(self, t: Table, i: int, conn: Conn, token: str, req: int | None) -> None:
        s = t.seats[i]
        s.conn = conn
        s.away_since = None
        conn.table, conn.seat, conn.mark = t, i, None
        t.empty_since = time.monotonic()
        conn.send(P.Seated(t.id, i, token, req))
        self._update(t)
        for line in t.chat:
            conn.send(P.ChatLine(t.id, line.seat, line.name, line.text, line.time))
        self._send_full(t, conn)

    def _send_full(self, t: Table, conn: Conn) -> None:
        st = t.state
        if st is None:
            return
        view = st.view_for(conn.seat) if conn.seat is not None else public_view(st)
        conn.send(P.ViewMessage(t.id, True, view_to_json(view), len(st.history)))
        conn.mark = log_mark(view)
        if st.is_over:
            conn.send(P.GameOver(t.id, t.record.text(st, t.players(), {"table": t.id})))

    async def on_list(self, conn: Conn, m: P.ListTables) -> None:
        conn.send(P.Lobby(tuple(t.info() for t in self.tables.values()), m.id))

    async def on_create(self, conn: Conn, m: P.CreateTable) -> None:
        if not self._free(conn, m.id):
            return
        if len(self.tables) >= self.config.max_tables:
            conn.refuse("full", "This server holds as many tables as it can; try again later.", m.id)
            return
        if (m.edition is None) == (m.rules is None):
            conn.refuse("rules", "Name an edition (original or jumbo) or send a house-rules file, not both.", m.id)
            return
        try:
            if m.edition is not None:
                if m.edition not in EDITIONS:
                    raise RulesError(f"there is no edition {m.edition!r} (original, jumbo)")
                rules = get_rules(m.edition)
            else:
                assert m.rules is not None
                parsed = parse_rules(m.rules, source="the house rules")
                # as a record embeds them and every reader reads them back
                rules = rules_of_document({"edition": parsed.edition, "rules": parsed.data}, RulesError)
        except RulesError as exc:
            conn.refuse("rules", f"These rules cannot be played: {exc}", m.id)
            return
        n = len(m.seats)
        if not rules.min_players <= n <= rules.max_players:
            conn.refuse(
                "seats", f"{rules.title} is for {rules.min_players} to {rules.max_players} players, not {n}.", m.id
            )
            return
        seats = []
        for i, spec in enumerate(m.seats):
            if spec.kind == SeatKind.HUMAN:
                seats.append(Seat(SeatKind.HUMAN))
            elif spec.kind == SeatKind.BOT and spec.level in BOT_NAMES:
                seats.append(Seat(SeatKind.BOT, spec.level))
            else:
                conn.refuse("seats", f"Seat {i + 1} must be human or a bot of level {', '.join(BOT_NAMES)}.", m.id)
                return
        host = next((i for i, s in enumerate(seats) if s.kind == SeatKind.HUMAN), None)
        if host is None:
            conn.refuse("seats", "At least one seat must be a human's: yours.", m.id)
            return
        name = clean_name(m.name) or f"Player {host + 1}"
        taken = [name]
        for seat in seats:  # "Greta (hard)" at the table, not "Bot 3" (bots/names.py)
            if seat.kind == SeatKind.BOT:
                seat.name = free_bot_name(seat.level or "", taken)
                taken.append(seat.name)
        table_id = secrets.token_urlsafe(6)
        while table_id in self.tables:  # pragma: no cover - 48 random bits
            table_id = secrets.token_urlsafe(6)
        title = clean_name(m.title or "") or f"{name}'s table"
        t = Table(table_id, title, rules, seats, host, time.time(), secrets.randbits(62))
        token = secrets.token_urlsafe(24)
        seats[host].name = name
        seats[host].token_hash = _hash(token)
        self.tables[table_id] = t
        await self._save_table(t)
        self._seat_conn(t, host, conn, token, m.id)
        self._advertise_count()

    async def on_join(self, conn: Conn, m: P.Join) -> None:
        if not self._free(conn, m.id):
            return
        t = self._table_of(conn, m.table, m.id)
        if t is None:
            return
        if t.status != "lobby":
            conn.refuse("started", "The game at this table has begun: only its players can come back (or watch).", m.id)
            return
        free = [i for i, s in enumerate(t.seats) if s.kind == SeatKind.HUMAN and s.name is None]
        if m.seat is not None:
            if m.seat >= len(t.seats) or m.seat not in free:
                conn.refuse("seat", f"Seat {m.seat + 1} is not a free seat of this table.", m.id)
                return
            i = m.seat
        elif free:
            i = free[0]
        else:
            conn.refuse("full", "Every seat of this table is taken.", m.id)
            return
        token = secrets.token_urlsafe(24)
        s = t.seats[i]
        s.name = clean_name(m.name) or f"Player {i + 1}"
        s.token_hash = _hash(token)
        await self._save_table(t)
        self._seat_conn(t, i, conn, token, m.id)

    async def on_rejoin(self, conn: Conn, m: P.Rejoin) -> None:
        if not self._free(conn, m.id):
            return
        t = self._table_of(conn, m.table, m.id)
        if t is None:
            return
        if m.seat >= len(t.seats):
            conn.refuse("seat", f"This table has no seat {m.seat + 1}.", m.id)
            return
        s = t.seats[m.seat]
        if s.token_hash is None or not hmac.compare_digest(s.token_hash, _hash(m.token)):
            why = (
                f"Seat {m.seat + 1} was handed to a bot."
                if s.kind == SeatKind.BOT and s.token_hash is None
                else f"That is not the token of seat {m.seat + 1} at this table."
            )
            conn.refuse("token", why, m.id)
            return
        old = s.conn
        if old is not None:
            old.table, old.seat = None, None
            old.send(P.Left(t.id, "Your seat was taken up by another connection with its token."))
        self._seat_conn(t, m.seat, conn, m.token, m.id)

    async def on_spectate(self, conn: Conn, m: P.Spectate) -> None:
        if not self._free(conn, m.id):
            return
        t = self._table_of(conn, m.table, m.id)
        if t is None:
            return
        t.spectators.add(conn)
        conn.table, conn.seat, conn.mark = t, None, None
        self._update(t)
        for line in t.chat:
            conn.send(P.ChatLine(t.id, line.seat, line.name, line.text, line.time))
        self._send_full(t, conn)

    async def on_sync(self, conn: Conn, m: P.Resync) -> None:
        t = conn.table
        if t is None or t.state is None:
            conn.refuse("no_game", "There is no game to send: you are at no table, or its game has not begun.", m.id)
            return
        self._send_full(t, conn)

    async def on_leave(self, conn: Conn, m: P.Leave) -> None:
        t = conn.table
        if t is None:
            conn.refuse("no_table", "You are at no table.", m.id)
            return
        seat = conn.seat
        self._detach(conn)
        conn.send(P.Left(t.id, "You left the table."))
        if seat is not None and t.status == "lobby":
            s = t.seats[seat]
            s.name = s.token_hash = None
            s.away_since = None
            if seat == t.host:
                others = [i for i, x in enumerate(t.seats) if x.kind == SeatKind.HUMAN and x.name is not None]
                if not others:
                    self._remove(t)
                    return
                t.host = others[0]
            await self._save_table(t)
            self._update(t)

    def _remove(self, t: Table) -> None:
        for c in t.members():
            c.table, c.seat = None, None
            c.send(P.Left(t.id, "The table was closed."))
        self.tables.pop(t.id, None)
        if self.store is not None:
            self.store.remove(t.id)
        self._advertise_count()

    def _retire(self, t: Table) -> None:
        """A finished table nobody watches: out of memory and of the list;
        its files move to the data folder's finished/ (records to keep)."""
        self.tables.pop(t.id, None)
        if self.store is not None:
            self.store.retire(t.id)
        self._advertise_count()

    def _detach(self, conn: Conn) -> None:
        """The connection is gone from its table (it left or dropped)."""
        t = conn.table
        if t is None:
            return
        conn.table = None
        if conn.seat is None:
            t.spectators.discard(conn)
        else:
            s = t.seats[conn.seat]
            if s.conn is conn:
                s.conn = None
                s.away_since = time.monotonic()
        conn.seat = None
        if not any(s.conn is not None for s in t.seats):
            t.empty_since = time.monotonic()
        if t.id in self.tables:
            self._update(t)

    async def on_start(self, conn: Conn, m: P.Start) -> None:
        t = conn.table
        if t is None or conn.seat is None:
            conn.refuse("no_table", "Only a player at a table can start its game.", m.id)
            return
        if conn.seat != t.host:
            conn.refuse("host", f"Only the host ({t.seats[t.host].name}) can start the game.", m.id)
            return
        if t.state is not None:
            conn.refuse("started", "The game has begun already.", m.id)
            return
        free = [i + 1 for i, s in enumerate(t.seats) if s.name is None]
        if free:
            seats = ", ".join(map(str, free))
            conn.refuse("seats", f"Every seat must be taken first; free: {seats}.", m.id)
            return
        seed = secrets.randbits(62)
        t.state = GameState.new(t.rules, len(t.seats), seed, [s.name or "" for s in t.seats])
        await self._save_game(t)
        await self._save_table(t)
        self._update(t)
        for c in t.members():
            self._send_full(t, c)
        self._advertise_count()
        self._maybe_bot(t)

    async def on_chat(self, conn: Conn, m: P.Chat) -> None:
        t = conn.table
        if t is None:
            conn.refuse("no_table", "Chat is said at a table; you are at none.", m.id)
            return
        line = _clean_text(m.text, P.MAX_CHAT)
        if not line:
            conn.refuse("chat", "An empty line is not sent.", m.id)
            return
        name = (t.seats[conn.seat].name or "?") if conn.seat is not None else "Spectator"
        entry = StoredChat(conn.seat, name, line, time.time())
        t.chat.append(entry)
        text = P.ChatLine(t.id, conn.seat, name, line, entry.time).encode()
        for c in t.members():
            c.send(text)
        self._spawn(self._save_table(t))

    async def on_hand_to_bot(self, conn: Conn, m: P.HandToBot) -> None:
        t = conn.table
        if t is None or conn.seat is None or conn.seat != t.host:
            conn.refuse("host", "Only the host of a table can hand a seat to a bot.", m.id)
            return
        if m.seat >= len(t.seats) or t.seats[m.seat].kind != SeatKind.HUMAN or m.seat == t.host:
            conn.refuse("seat", f"Seat {m.seat + 1} is not another player's seat.", m.id)
            return
        if m.level not in BOT_NAMES:
            conn.refuse("level", f"There is no bot level {m.level!r} ({', '.join(BOT_NAMES)}).", m.id)
            return
        if t.state is None:
            conn.refuse("not_started", "Seats are handed to bots once the game has begun.", m.id)
            return
        s = t.seats[m.seat]
        if m.after <= 0 and s.conn is not None:
            conn.refuse("here", f"{s.name} is here: only a missing player's seat goes to a bot.", m.id)
            return
        s.bot_after = m.after
        s.level = m.level
        await self._save_table(t)
        if s.conn is None and (s.away_since is None or time.monotonic() - s.away_since >= m.after):
            await self._to_bot(t, m.seat)
        else:
            self._update(t)

    async def _to_bot(self, t: Table, i: int) -> None:
        s = t.seats[i]
        s.kind = SeatKind.BOT
        s.level = s.level if s.level in BOT_NAMES else "easy"
        s.token_hash = None
        s.bot_after = None
        s.away_since = None
        await self._save_table(t)
        await self._save_game(t)
        self._update(t)
        self._maybe_bot(t)

    # ------------------------------------------------------------ play
    async def on_act(self, conn: Conn, m: P.Act) -> None:
        t = conn.table
        if t is None:
            conn.refuse("no_table", "You are at no table.", m.id)
            return
        if conn.seat is None:
            conn.refuse("spectator", "Spectators watch; they do not play.", m.id)
            return
        if m.seat is not None and m.seat != conn.seat:
            conn.refuse("seat", f"You sit in seat {conn.seat + 1}, not in seat {m.seat + 1}.", m.id)
            return
        began = time.perf_counter()
        async with t.lock:
            st = t.state
            if st is None:
                conn.refuse("not_started", "The game has not begun.", m.id)
                return
            reason = self._why_not(t, st, conn.seat, m.at, m.action)
            if reason is not None:
                conn.refuse(*reason, m.id)
                return
            await self._commit(t, m.action, conn.seat)
        self.stats.commit_times.append(time.perf_counter() - began)

    def _why_not(self, t: Table, st: GameState, seat: int, at: int, action: Action) -> tuple[str, str] | None:
        if st.is_over:
            return "over", "The game is over."
        if st.current_player != seat:
            return "not_your_turn", f"It is {st.names[st.current_player]}'s turn, not yours."
        if at != len(st.history):
            return "stale", "The game has moved on since the view this move was made on; it was not played."
        reason = st.check(action, seat)
        if reason is not None:
            return "illegal", str(reason)
        return None

    async def _commit(self, t: Table, action: Action, seat: int) -> None:
        """Apply a checked action (with the table's lock held), save, tell everyone."""
        st = t.state
        assert st is not None
        try:
            st.apply(action, seat)
        except IllegalAction as exc:  # pragma: no cover - checked under the same lock
            log.error("table %s: a checked action was refused: %s", t.id, exc)
            return
        self.stats.actions += 1
        await self._save_game(t)
        self._broadcast(t, action, seat)
        if st.is_over:
            await self._save_table(t)
            self._update(t)
            record = P.GameOver(t.id, t.record.text(st, t.players(), {"table": t.id})).encode()
            for c in t.members():
                c.send(record)
            self._advertise_count()
        else:
            self._maybe_bot(t)

    def _broadcast(self, t: Table, action: Action, seat: int) -> None:
        st = t.state
        assert st is not None
        at = len(st.history)
        act = action.to_json()
        mark = log_mark(st)  # a view's lists are as long as the full state's
        cache: dict[tuple[int | None, LogMark | None], str] = {}
        for c in t.members():
            key = (c.seat, c.mark)
            text = cache.get(key)
            if text is None:
                body = view_json_of(st, c.seat, since=c.mark, with_rules=c.mark is None)
                shown = act if c.seat == seat else body["history"][-1]  # others see exchanges redacted
                text = json.dumps(
                    {
                        "type": "view",
                        "table": t.id,
                        "full": c.mark is None,
                        "view": body,
                        "at": at,
                        "action": shown,
                        "by": seat,
                    },
                    separators=(",", ":"),
                    ensure_ascii=False,
                )
                cache[key] = text
            c.mark = mark
            c.send(text)

    def _maybe_bot(self, t: Table) -> None:
        st = t.state
        if st is None or st.is_over or t.bot_task is not None:
            return
        seat = st.current_player
        if seat is None or t.seats[seat].kind != SeatKind.BOT:
            return
        t.bot_task = self._spawn(self._bot_turn(t, seat, len(st.history)))

    async def _bot_turn(self, t: Table, seat: int, at: int) -> None:
        try:
            if self.config.bot_delay > 0:
                await asyncio.sleep(self.config.bot_delay)
            st = t.state
            assert st is not None
            s = t.seats[seat]
            view = st.view_for(seat)
            text = json.dumps(view_to_json(view, embed_rules=False), separators=(",", ":"))
            level = s.level or "easy"
            seed = (t.bot_seed + 1_000_003 * at + seat) % 2**62
            loop = asyncio.get_running_loop()
            try:
                move = await loop.run_in_executor(self._bot_pool(), bot_choose, level, seed, text)
                action = action_from_json(move)
            except Exception as exc:  # a broken pool or bot: the game must go on
                log.error("table %s: the %s bot failed (%s); it plays a random move", t.id, level, exc)
                if isinstance(exc, concurrent.futures.BrokenExecutor):
                    self._pool = None
                action = make_bot("random", seed).choose(view)
            async with t.lock:
                st = t.state
                if st is None or st.is_over or len(st.history) != at or st.current_player != seat:
                    return
                if t.seats[seat].kind != SeatKind.BOT:
                    return
                reason = st.check(action, seat)
                if reason is not None:
                    log.error("table %s: the %s bot chose an illegal move: %s", t.id, level, reason)
                    action = make_bot("random", seed).choose(view)
                self.stats.bot_moves += 1
                t.bot_task = None
                await self._commit(t, action, seat)
        finally:
            if t.bot_task is asyncio.current_task():
                t.bot_task = None

    # ------------------------------------------------------------ upkeep
    def _advertise_count(self) -> None:
        if self._advertiser is not None:
            self._advertiser.set_counts(len(self.tables), self._open_tables())

    async def _sweep(self) -> None:
        """Once a second: hand seats to bots whose players stayed away too
        long, drop lobby tables nobody came back to, refresh the advert."""
        while True:
            await asyncio.sleep(1.0)
            now = time.monotonic()
            for t in list(self.tables.values()):
                if t.state is None:
                    if not t.members() and now - t.empty_since > self.config.idle_lobby:
                        log.info("table %s: removed after standing empty", t.id)
                        self._remove(t)
                    continue
                if t.state.is_over:
                    if not t.members() and now - t.empty_since > self.config.keep_over:
                        self._retire(t)
                    continue
                for i, s in enumerate(t.seats):
                    if (
                        s.kind == SeatKind.HUMAN
                        and s.conn is None
                        and s.bot_after is not None
                        and s.away_since is not None
                        and now - s.away_since >= s.bot_after
                    ):
                        await self._to_bot(t, i)
            every = self.config.flush_every
            if self.store is not None and every > 0 and now - self._flushed >= every:
                self._flushed = now
                try:
                    await asyncio.get_running_loop().run_in_executor(self._flusher, self.store.flush)
                except OSError as exc:
                    log.error("the tables cannot be flushed to the disk: %s", exc)
            if self._advertiser is not None:
                with contextlib.suppress(Exception):
                    await self._advertiser.refresh()


_HANDLERS: dict[type[P.Message], Any] = {
    P.ListTables: GameServer.on_list,
    P.CreateTable: GameServer.on_create,
    P.Join: GameServer.on_join,
    P.Rejoin: GameServer.on_rejoin,
    P.Spectate: GameServer.on_spectate,
    P.Leave: GameServer.on_leave,
    P.Start: GameServer.on_start,
    P.Chat: GameServer.on_chat,
    P.Act: GameServer.on_act,
    P.HandToBot: GameServer.on_hand_to_bot,
    P.Resync: GameServer.on_sync,
}


# ---------------------------------------------------------------------------
# in the app: a server on its own thread


class ServerThread:
    """The same server on its own asyncio loop in a background thread, for
    the app's Game → Host network game. ``start()`` returns once it listens."""

    def __init__(self, config: ServerConfig | None = None) -> None:
        self.config = config or ServerConfig(bot_pool="thread")
        self.server: GameServer | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._stopped: asyncio.Event | None = None

    def start(self, timeout: float = 30.0) -> tuple[str, int]:
        """Start listening; the (host, port) it listens on. Raises OSError
        (a port in use, say) when it cannot."""
        self._thread = threading.Thread(target=self._run, name="bigcity-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the network server did not start")
        if self._error is not None:
            raise self._error
        assert self.server is not None and self.server.address is not None
        return self.server.address

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._main())
        finally:
            loop.close()

    async def _main(self) -> None:
        self._stopped = asyncio.Event()
        self.server = GameServer(self.config)
        try:
            await self.server.start()
        except BaseException as exc:
            self._error = exc
            self._ready.set()
            await self.server.stop()
            return
        self._ready.set()
        await self._stopped.wait()
        await self.server.stop()

    def stop(self, timeout: float = 15.0) -> None:
        """Stop listening and end the thread (the tables are saved already)."""
        loop, stopped = self._loop, self._stopped
        if loop is not None and stopped is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stopped.set)
        if self._thread is not None:
            self._thread.join(timeout)

    @property
    def port(self) -> int | None:
        return self.server.address[1] if self.server is not None and self.server.address is not None else None

    def addresses(self) -> list[str]:
        """The addresses other machines can reach this server at (host:port),
        loopback last; what the host's window shows."""
        port = self.port
        if port is None:
            return []
        host = self.config.host
        if host not in ("", "0.0.0.0", "::"):
            return [f"{host}:{port}"]
        return [f"{a}:{port}" for a in local_addresses()]


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses, loopback last (from ifaddr, which
    zeroconf brings along; else what the host name resolves to)."""
    found: set[str] = set()
    try:
        import ifaddr

        for adapter in ifaddr.get_adapters():
            found.update(ip.ip for ip in adapter.ips if isinstance(ip.ip, str))
    except Exception:  # pragma: no cover - no ifaddr, or it cannot list the interfaces
        with contextlib.suppress(OSError):
            found = {str(ai[4][0]) for ai in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)}
    outside = sorted(a for a in found if not a.startswith("127."))
    return outside + ["127.0.0.1"]


# ---------------------------------------------------------------------------
# the command line


def default_data_dir() -> Path:
    import platformdirs

    return platformdirs.user_data_path("bigcity-desktop") / "server-tables"


def parse_args(argv: Sequence[str] | None = None) -> ServerConfig:
    ap = argparse.ArgumentParser(
        prog="bigcity-server",
        description="Big City table server: hosts network games for Big City Desktop (see docs/PROTOCOL.md).",
    )
    ap.add_argument("--host", default="0.0.0.0", help="the address to listen on (default: every interface)")
    ap.add_argument(
        "--port", type=int, default=P.DEFAULT_PORT, help=f"the TCP port (default {P.DEFAULT_PORT}; 0: any free one)"
    )
    ap.add_argument(
        "--data-dir", type=Path, default=None, help="where tables are saved (default: the user's data folder)"
    )
    ap.add_argument("--no-save", action="store_true", help="keep the tables in memory only")
    ap.add_argument("--certfile", type=Path, help="TLS certificate chain (PEM): serve wss://")
    ap.add_argument("--keyfile", type=Path, help="the TLS certificate's private key (PEM)")
    ap.add_argument("--no-mdns", action="store_true", help="do not advertise the tables on the local network")
    ap.add_argument("--name", default="", help="the server's name on the local network (default: the host name)")
    ap.add_argument("--bot-workers", type=int, default=1, help="worker processes for the bots (default 1)")
    ap.add_argument("--bot-delay", type=float, default=DEFAULT_BOT_DELAY, help="seconds before each bot move")
    ap.add_argument("--max-tables", type=int, default=2000)
    ap.add_argument("--rate", type=float, default=40.0, help="messages a second one connection may send")
    ap.add_argument("--ping-interval", type=float, default=20.0, help="seconds between keepalive pings")
    ap.add_argument("--ping-timeout", type=float, default=20.0, help="seconds to wait for a pong before dropping")
    ap.add_argument(
        "--fsync-each-move",
        action="store_true",
        help="flush every save to the disk before the move is told of (default: atomic renames at once, flushed every second)",
    )
    ap.add_argument(
        "--flush-every",
        type=float,
        default=1.0,
        help="seconds between flushes of the saved tables to the disk (0: leave it to the system)",
    )
    ap.add_argument("--stats", action="store_true", help="print the server's counters as JSON when it stops")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args(argv)
    if (a.certfile is None) != (a.keyfile is None):
        ap.error("--certfile and --keyfile go together")
    data_dir = None if a.no_save else (a.data_dir or default_data_dir())
    return ServerConfig(
        host=a.host,
        port=a.port,
        data_dir=data_dir,
        certfile=a.certfile,
        keyfile=a.keyfile,
        mdns=not a.no_mdns,
        name=a.name,
        bot_workers=a.bot_workers,
        bot_delay=a.bot_delay,
        max_tables=a.max_tables,
        rate=a.rate,
        burst=max(1, int(2 * a.rate)),
        ping_interval=a.ping_interval or None,
        ping_timeout=a.ping_timeout or None,
        print_stats=a.stats,
        fsync_each=a.fsync_each_move,
        flush_every=a.flush_every,
    )


def _watch_gc(stats: Stats) -> None:
    began = [0.0]

    def on_gc(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            stats.gc_pauses.append(time.perf_counter() - began[0])

    gc.callbacks.append(on_gc)


async def run(config: ServerConfig) -> None:
    server = GameServer(config)
    if config.print_stats:
        _watch_gc(server.stats)
    host, port = await server.start()
    print(
        f"bigcity-server {__version__} listening on {server.url} (data: {config.data_dir or 'memory only'})", flush=True
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await server.stop()
    if config.print_stats:
        print(json.dumps(server.stats.summary()), flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    config = parse_args(argv)
    tune_collector()
    logging.basicConfig(
        level=logging.INFO if "-v" in (argv or sys.argv) or "--verbose" in (argv or sys.argv) else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    try:
        asyncio.run(run(config))
    except OSError as exc:
        print(f"bigcity-server: cannot listen on {config.host}:{config.port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except StoreError as exc:  # pragma: no cover
        print(f"bigcity-server: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
