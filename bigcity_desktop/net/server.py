"""The table server: many tables at once, authoritative, over websockets.

Only the server holds the full :class:`GameState` of each table, in the table's
:class:`~bigcity_desktop.flow.TableFlow` (the turns' rules, the same as a game in the app). It checks and applies
every action through it, saves the table, then sends each seat its own view (``state.view_for(seat)``) and each
spectator the public view, as deltas after the first whole view (see :mod:`bigcity_desktop.engine.viewjson`), what
they share written once (:mod:`.viewcast`). Bots play on the server, in a pool of worker processes (or threads;
:mod:`.botpool`), so the event loop never waits for one.

Run it headless with ``bigcity-server`` (see :func:`main`), or inside the app with :class:`~.hosting.ServerThread`
(both in :mod:`.hosting`, which runs this module's :class:`GameServer`; ``python -m bigcity_desktop.net``). The
protocol is in ``docs/PROTOCOL.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
import socket
import time
from functools import partial
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from bigcity_desktop import __version__
from bigcity_desktop.bots.names import free_bot_name
from bigcity_desktop.bots.registry import BOT_NAMES
from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.actions import Action
from bigcity_desktop.engine.fairdeal import SALT_BYTES
from bigcity_desktop.engine.names import clean_name
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.engine.strangers import for_server
from bigcity_desktop.flow import BotTurn, Fallback, TableFlow

from . import protocol as P
from .botpool import BotPool, bot_choose
from .caps import Clients, open_files
from .clockseats import ClockSeats
from .conduct import Conduct
from .config import DEFAULT_BOT_DELAY, ServerConfig, Stats
from .connection import Conn, address_of
from .discovery import advertise
from .finished import Finished
from .gamepages import GamePages
from .hostcommands import HostCommands
from .housekeeping import SAVE_ERRORS, Housekeeping
from .identity import new_challenge
from .leaving import Leaving
from .logpages import on_log
from .matchmaker import Matchmaker
from .origins import HostNames
from .pausing import PAUSED, Pauses
from .playerdesk import PlayerDesk
from .players import SqlPlayers
from .preflight import tls_context
from .quiet import LogLimiter, loop_faults
from .resume import Resumer
from .rulesummaries import Summaries
from .snapshots import due
from .store import StoredChat, TableStore, game_head
from .tables import Table, clock_to_create, no_table_sentence, refusal_text, rules_to_create, seats_to_create
from .tables import cannot_save as _cannot_save
from .tables import clean_text as _clean_text
from .tables import token_hash as _hash
from .viewcast import ViewCast
from .web import WebSite

log = logging.getLogger("bigcity.server")

#: the longest a server bot waits before a quick decision (a draw, a second streetcar), in seconds
SHORT_BOT_DELAY = 0.12

#: seconds before a bot's move whose save failed is played again
SAVE_RETRY = 1.0


def _to(part: str, method: str) -> Any:
    """A handler that hands its message to a part of the server: ``self.<part>.<method>(conn, m)``."""

    async def handler(self: GameServer, conn: Conn, m: P.ClientMessage) -> None:
        await getattr(getattr(self, part), method)(conn, m)

    return handler


class GameServer:
    """Every table of one server, and the websocket endpoint they share."""

    def __init__(self, config: ServerConfig | None = None) -> None:
        self.config = config or ServerConfig()
        self.tables: dict[str, Table] = {}
        self.conns: set[Conn] = set()
        self.stats = Stats()
        self.clocks = ClockSeats(self)
        self.pauses = Pauses(self)  # pause by agreement of all (net/pausing.py)
        self.leaving = Leaving(self)  # leave, and a banned player sent away (net/leaving.py)
        self.host = HostCommands(self)  # hand_to_bot, publish (net/hostcommands.py)
        c = self.config
        self.store = TableStore(c.data_dir, c.fsync_each, c.snapshot_every) if c.data_dir is not None else None
        self.desk = PlayerDesk(self.store.players() if self.store is not None else SqlPlayers())  # net/playerdesk.py
        self.pages = GamePages(self.desk.players)  # /players, /p/<player>, /g/<game> (net/gamepages.py)
        self.match = Matchmaker(self)  # play_now (net/matchmaker.py)
        self.conduct = Conduct(self.config, self.desk)  # report, the ban list (net/conduct.py)
        self._server: Server | None = None
        self.resumer: Resumer | None = None
        self.bots = BotPool(self.config.bot_pool, self.config.bot_workers)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._sweeper: asyncio.Task[None] | None = None
        self._advertiser: Any = None
        self._flushed = 0.0
        self.say = LogLimiter(log)  # one line a minute per kind of fault
        self.clients = Clients()  # connections per address
        self.max_connections = self.config.max_connections  # what the open-file limit holds (start())
        self.finished = Finished()  # the ids of the last finished tables that left memory (net/finished.py)
        self.address: tuple[str, int] | None = None
        self.url = ""

    # ------------------------------------------------------------ life
    async def start(self) -> tuple[str, int]:
        """Load the saved tables, listen, advertise; the (host, port) bound."""
        cfg = self.config
        ctx = tls_context(cfg.certfile, cfg.keyfile) if cfg.certfile is not None else None
        files = open_files(cfg.max_connections)
        self.max_connections = files.connections
        if files.note:
            log.warning("%s", files.note)
        asyncio.get_running_loop().set_exception_handler(loop_faults(self.say))
        self._server = await serve(
            self._handle,
            cfg.host,
            cfg.port,
            ssl=ctx,
            compression=None,
            max_size=P.MAX_CLIENT_FRAME,
            max_queue=8,
            write_limit=256 * 1024,
            ping_interval=cfg.ping_interval or None,
            ping_timeout=cfg.ping_timeout or None,
            open_timeout=cfg.open_timeout,
            close_timeout=5,
            server_header=f"bigcity-server/{__version__}",
            # plain HTTP: the browser seat's files (net/web.py); the names and pages answered (net/origins.py)
            process_request=WebSite(HostNames(cfg.host, cfg.public_names), Summaries(self.tables)).process_request,
            logger=logging.getLogger("bigcity.server.websockets"),
        )
        sock = next(iter(self._server.sockets))
        host, port = sock.getsockname()[:2]
        self.address = (host, port)
        self.url = f"{'wss' if ctx else 'ws'}://{host}:{port}"
        if self.store is not None:
            self.store.lock.note(port)  # a second server on the folder names this one
            # the saved tables come back now, on a thread of their own (net/resume.py)
            self.resumer = Resumer(self.store, cfg.max_tables, lambda: len(self.tables), self._resumed)
            self.resumer.start()
        self._sweeper = asyncio.create_task(Housekeeping(self).run())
        if cfg.mdns:
            name = self.config.name or socket.gethostname()
            counts = (self._public_tables(), self._open_tables())
            self._advertiser = await advertise(name, port, ctx is not None, self.config.mdns_interfaces, counts)
        log.info("listening on %s", self.url)
        return host, port

    def _resumed(self, t: Table) -> None:
        self.tables[t.id] = t
        self.desk.badges(t)
        t.now = self.config.time_source
        t.clock_turn()  # the seat to move's clock runs again from now
        self._maybe_bot(t)

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
        for c in self.conns:  # a dropped client's wait to read its close ends now
            if c.closing is not None:
                c.closing.cancel()
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 10)
        for task in list(self._tasks):
            task.cancel()
        if self.resumer is not None:
            await asyncio.get_running_loop().run_in_executor(None, self.resumer.stop)
        if self.store is not None:
            await asyncio.get_running_loop().run_in_executor(None, self.store.close)
        await self.bots.shutdown()

    async def serve_forever(self) -> None:
        assert self._server is not None
        await self._server.serve_forever()

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # ------------------------------------------------------------ discovery
    def _public_tables(self) -> int:
        """The tables the advert counts: the public ones (a private table is told of by its link only)."""
        return sum(1 for t in self.tables.values() if t.public)

    def _open_tables(self) -> int:
        return sum(1 for t in self.tables.values() if t.public and t.status == "lobby")

    # ------------------------------------------------------------ disk
    async def _save_table(self, t: Table) -> None:
        if self.store is not None:
            await asyncio.wrap_future(self.store.save_table(t.stored()))

    async def _save_game(self, t: Table) -> None:
        """The game's record head (at the start, and when a seat goes to a bot), and its moves."""
        if self.store is None or t.state is None:
            return
        head = self.store.save_head(t.id, game_head(t.state, t.players(), t.game_extra()))
        await asyncio.wrap_future(head)
        await self._journal(t)

    async def _journal(self, t: Table) -> None:
        """The moves played since the last save, in the store before anyone is told of them."""
        if self.store is None or t.state is None or t.journaled == len(t.state.history):
            return
        began = time.perf_counter()
        first = t.journaled
        texts = t.record.actions(t.state)
        moves = texts[first:]
        snap = due(t.state, texts, t.snapshot, self.config.snapshot_every)  # net/snapshots.py, in the same commit
        saved = self.store.append_moves(t.id, first, moves, snap)
        t.journaled += len(moves)
        last, t.snapshot = t.snapshot, (t.snapshot if snap is None else None)  # one snapshot in flight at a time
        self.stats.saves += 1
        try:
            await asyncio.wrap_future(saved)
        except SAVE_ERRORS:
            t.journaled, t.snapshot = first, (t.snapshot if snap is None else last)
            raise
        if snap is not None:  # its mark is set on the journal's thread (None: it was left out)
            t.snapshot = snap.mark or last
        self.stats.save_times.append(time.perf_counter() - began)

    async def _saved_or_undone(self, t: Table, mover: Conn | None) -> str | None:
        """The moves played since the last save saved; when the save fails,
        they are undone (the table as the store holds it) and the table's
        members are told that the server cannot save (all but `mover`, whom
        the caller tells): then the sentence why, else None."""
        try:
            await self._journal(t)
            return None
        except SAVE_ERRORS as exc:
            self.stats.save_failures += 1
            self.say("save", logging.ERROR, "table %s: a move cannot be saved (%s); it is undone", t.id, exc)
            store = self.store
            await t.back_to_saved(None if store is None else partial(store.restored, t.id))
            text = P.Refused("cannot_save", f"{_cannot_save(exc)}: the last move was not played.").encode()
            for c in t.members():
                if c is not mover:
                    c.send(text)
            return _cannot_save(exc)

    async def _save_quietly(self, t: Table) -> None:
        """A save nobody waits for (a chat line): a failure is logged, not raised."""
        try:
            await self._save_table(t)
        except SAVE_ERRORS as exc:
            self.say("save", logging.ERROR, "table %s cannot be saved: %s", t.id, exc)

    # ------------------------------------------------------------ connections
    async def _handle(self, ws: ServerConnection) -> None:
        address = address_of(ws)
        if len(self.conns) >= self.max_connections:
            self.say("full", logging.WARNING, "connections refused: %d held (--max-connections)", len(self.conns))
            await ws.close(1013, "the server is full")
            return
        if self.clients.connections[address] >= self.config.max_connections_per_client:
            self.say(
                "client",
                logging.WARNING,
                "connections from %s refused: %d held",
                address,
                self.clients.connections[address],
            )
            await ws.close(1008, "too many connections from your address")
            return
        self.clients.connect(address)
        try:
            await self._serve(ws)
        finally:
            self.clients.disconnect(address)

    async def _serve(self, ws: ServerConnection) -> None:
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
            if conn.closing is not None:  # a drop: its close frame, before websockets' own
                await asyncio.wait([conn.closing])

    async def _read_loop(self, conn: Conn) -> None:
        ws = conn.ws
        try:
            first = await asyncio.wait_for(ws.recv(), self.config.hello_timeout)
        except TimeoutError:
            await ws.close(1008, "say hello first")
            return
        await self._receive(conn, first)
        async for raw in ws:
            if conn.closing is not None:  # dropped: thrown away until its close (connection.CLOSE_WAIT)
                continue
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
                conn.drop("it sends too many unreadable messages", "too many unreadable messages")
            return
        if not conn.hello and not isinstance(m, P.Hello):
            conn.refuse("hello", "Say hello first: the first message names the protocol version.")
            conn.close_after(1008, "say hello first")
            conn.closed = True
            return
        try:
            await _HANDLERS[type(m)](self, conn, m)
        except SAVE_ERRORS as exc:  # a save failed: refused with a sentence, never a dropped connection
            self.stats.save_failures += 1
            self.say("save", logging.ERROR, "a %s request could not be saved: %s", m.TYPE, exc)
            conn.refuse("cannot_save", f"{_cannot_save(exc)}: try again later.", getattr(m, "id", None))

    async def on_hello(self, conn: Conn, m: P.Hello) -> None:
        if conn.hello:
            conn.refuse("bad_message", f"A {m.TYPE} message is said only once, first.")
            return
        conn.hello = True
        conn.own_engine = m.own_engine  # its views carry no legal moves and no table presented (net/viewcast.py)
        conn.challenge = new_challenge()
        conn.send(P.Welcome(P.PROTOCOL_VERSION, P.PROGRAM, self.config.name or socket.gethostname(), conn.challenge))

    # messages another part of the server answers (the players' desk and pages, quick match, conduct, the host)
    on_identify = _to("desk", "identify")
    on_ranking = _to("pages", "ranking")
    on_profile = _to("pages", "profile")
    on_replay = _to("pages", "replay")
    on_play_now = _to("match", "play_now")
    on_report = _to("conduct", "report")
    on_hand_to_bot = _to("host", "hand_to_bot")
    on_take_seat = _to("clocks", "take_back")
    on_pause = _to("pauses", "pause")
    on_leave = _to("leaving", "leave")
    on_publish = _to("host", "publish")
    on_log = on_log  # the log's older events (net/logpages.py)

    # ------------------------------------------------------------ lobby
    async def _table_of(self, conn: Conn, table_id: str, req: int | None) -> Table | None:
        if table_id not in self.tables and self.resumer is not None and not await self.resumer.bring(table_id):
            conn.refuse(
                "full",
                f"Table {table_id} is saved here, but the server holds as many tables as it can; try later.",
                req,
            )
            return None
        t = self.tables.get(table_id)
        if t is None and self.store is not None and table_id in self.store.damaged:
            conn.refuse(
                "damaged",
                f"Table {table_id} was found damaged on this server's disk: it is kept aside and cannot be played.",
                req,
            )
        elif t is None and table_id in self.finished:
            conn.refuse(  # no_table: a client forgets a seat it kept there
                "no_table", f"The game at table {table_id} is over and has left this server; its record is kept.", req
            )
        elif t is None:
            conn.refuse("no_table", no_table_sentence(table_id), req)
        return t

    async def _table_to_enter(self, conn: Conn, table_id: str, invite: str | None, req: int | None) -> Table | None:
        """The table a join or spectate asks for, if its invitation admits the
        sender: a private table without its secret is answered as no table at
        all, so a stranger cannot tell it is there (docs/PROTOCOL.md, "Private tables")."""
        t = await self._table_of(conn, table_id, req)
        if t is not None and not t.admits(invite):
            conn.refuse("no_table", no_table_sentence(table_id), req)
            return None
        return t

    def _free(self, conn: Conn, req: int | None) -> bool:
        if conn.table is not None:
            conn.refuse("at_table", "You are at a table already: leave it first.", req)
            return False
        return True

    def _update(self, t: Table) -> None:
        text = P.TableUpdate(t.info(), None).for_each()  # the table written once for all its members
        for i, s in enumerate(t.seats):
            if s.conn is not None:
                s.conn.send(text(i))
        if t.spectators:
            watched = text(None)
            for c in t.spectators:
                c.send(watched)

    def _seat_conn(self, t: Table, i: int, conn: Conn, token: str, req: int | None) -> None:
        s = t.seats[i]
        s.conn = conn
        s.away_since = None
        conn.table, conn.seat, conn.mark = t, i, None
        t.empty_since = time.monotonic()
        conn.send(P.Seated(t.id, i, token, t.invite, req))
        self._update(t)
        for line in t.chat:
            conn.send(P.ChatLine(t.id, line.seat, line.name, line.text, line.time))
        self._send_full(t, conn)

    def _send_full(self, t: Table, conn: Conn, cast: ViewCast | None = None) -> None:
        """A whole view of the game to `conn` (from `cast`, when the other members get theirs from it too)."""
        st = t.state
        if st is None:
            return
        cast = cast or ViewCast(t.id, st, players=t.players())
        conn.send(cast.text(conn.seat, None, not conn.own_engine))
        conn.mark = cast.mark
        if st.is_over:
            conn.send(t.game_over(st))

    async def on_list(self, conn: Conn, m: P.ListTables) -> None:
        if self.resumer is not None:  # the list is whole: every saved table to resume is in it
            await self.resumer.finished.wait()
        # the public tables, and the private one whose invitation the request carries (its link's page)
        invited = self.tables.get(m.table) if m.table is not None else None
        shown = [t for t in self.tables.values() if t.public]
        if invited is not None and not invited.public and invited.admits(m.invite):
            shown.append(invited)
        conn.send(P.Lobby(tuple(t.info() for t in shown), m.id))

    async def on_create(self, conn: Conn, m: P.CreateTable) -> None:
        if not self._free(conn, m.id):
            return
        try:
            coming = await self.resumer.coming() if self.resumer is not None else 0
            if len(self.tables) + coming >= self.config.max_tables:
                raise P.RequestRefused("full", "This server holds as many tables as it can; try again later.")
            mine = sum(1 for t in self.tables.values() if t.creator == conn.address and t.status != "over")
            if mine >= self.config.max_tables_per_client:
                self.say("tables", logging.WARNING, "tables refused to %s: it has %d open", conn.address, mine)
                raise P.RequestRefused(
                    "limit", f"You have {mine} open tables on this server, as many as one address may; close one first."
                )
            rules = self._rules_to_create(m)
            seats, host = self._seats_to_create(m, rules)
            clock = clock_to_create(m, len(seats))
        except P.RequestRefused as no:
            conn.refuse(no.code, no.reason, m.id)
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
        public = self.config.public_by_default if m.public is None else m.public
        # no table is held hostage: a bound on rounds, and strangers' end at a public table (engine/strangers.py)
        rules = for_server(rules, public)
        t = Table(
            table_id, title, rules, seats, host, time.time(), secrets.randbits(62), public=public, creator=conn.address
        )
        t.rated, t.min_finished = bool(m.rated), m.min_finished or None
        refused = self.desk.refusal(conn, t)
        if refused is not None:
            conn.refuse("identity", refused, m.id)
            return
        t.clock, t.now = clock, self.config.time_source
        token = secrets.token_urlsafe(24)
        seats[host].name = name
        seats[host].token_hash = _hash(token)
        self.desk.badges(t)
        self.desk.seat(conn, t, seats[host], clean_name(m.name))
        self.tables[table_id] = t
        try:
            await self._save_table(t)
        except SAVE_ERRORS:
            self.tables.pop(table_id, None)
            raise
        self._seat_conn(t, host, conn, token, m.id)
        self._advertise_count()

    _rules_to_create = staticmethod(rules_to_create)
    _seats_to_create = staticmethod(seats_to_create)

    async def on_join(self, conn: Conn, m: P.Join) -> None:
        if not self._free(conn, m.id):
            return
        t = await self._table_to_enter(conn, m.table, m.invite, m.id)
        if t is None:
            return
        if t.status != "lobby":
            conn.refuse("started", "The game at this table has begun: only its players can come back (or watch).", m.id)
            return
        refused = self.desk.refusal(conn, t)
        if refused is not None:
            conn.refuse("identity", refused, m.id)
            return
        free = [i for i, s in enumerate(t.seats) if s.kind == SeatKind.HUMAN and s.name is None]
        if m.seat is not None:
            if m.seat >= len(t.seats) or m.seat not in free:
                conn.refuse("seat", f"{t.seat_words(m.seat, capital=True)} is not a free seat of this table.", m.id)
                return
            i = m.seat
        elif free:
            i = free[0]
        else:
            conn.refuse("full", "Every seat of this table is taken.", m.id)
            return
        token = secrets.token_urlsafe(24)
        s = t.seats[i]
        s.name = t.unique_name(clean_name(m.name) or f"Player {i + 1}")
        s.token_hash = _hash(token)
        self.desk.seat(conn, t, s, clean_name(m.name))
        try:
            await self._save_table(t)
        except SAVE_ERRORS:
            s.name = s.token_hash = s.player = None
            raise
        self._seat_conn(t, i, conn, token, m.id)

    async def on_rejoin(self, conn: Conn, m: P.Rejoin) -> None:
        if not self._free(conn, m.id):
            return
        t = await self._table_of(conn, m.table, m.id)
        if t is None:
            return
        if m.seat >= len(t.seats):
            conn.refuse("seat", f"This table has no seat {m.seat} (its seats are 0 to {len(t.seats) - 1}).", m.id)
            return
        s = t.seats[m.seat]
        token = m.token
        good = token is not None and s.token_hash is not None and hmac.compare_digest(s.token_hash, _hash(token))
        if not good and s.player is not None and s.player == conn.player and s.kind == SeatKind.HUMAN:
            token = secrets.token_urlsafe(24)  # known by its key (the token is none, or an older one): a fresh token
            s.token_hash = _hash(token)
            await self._save_table(t)
        elif not good:
            why = (
                f"{t.seat_words(m.seat, capital=True)} was handed to a bot."
                if s.kind == SeatKind.BOT and s.token_hash is None
                else f"That is not the token of {t.seat_words(m.seat)} at this table."
            )
            conn.refuse("token", why, m.id)
            return
        old = s.conn
        if old is not None:
            old.table, old.seat = None, None
            old.send(P.Left(t.id, "Your seat was taken up by another connection with its token."))
        assert token is not None
        self._seat_conn(t, m.seat, conn, token, m.id)

    async def on_spectate(self, conn: Conn, m: P.Spectate) -> None:
        if not self._free(conn, m.id):
            return
        t = await self._table_to_enter(conn, m.table, m.invite, m.id)
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

    def remove(self, t: Table) -> None:
        for c in t.members():
            c.table, c.seat = None, None
            c.send(P.Left(t.id, "The table was closed."))
        self.tables.pop(t.id, None)
        if self.store is not None:
            self.store.remove(t.id)  # nobody is told of it
        self._advertise_count()

    async def retire(self, t: Table) -> None:
        """A finished game's record is written: its files move to the data
        folder's finished/ (records to keep), and the table leaves memory as
        soon as nobody is at it (:meth:`_drop_if_done`). A write that fails
        is tried again by the sweep."""
        if self.store is not None and t.state is not None and not t.retired:
            record = t.record.text(t.state, t.players(), t.game_extra())
            try:
                await asyncio.wrap_future(self.store.retire(t.stored(), record))
            except SAVE_ERRORS as exc:
                self.say("save", logging.ERROR, "table %s: its finished game cannot be written: %s", t.id, exc)
                return
        t.retired = True
        self.drop_if_done(t)

    def drop_if_done(self, t: Table) -> None:
        """A finished table whose record is written and that nobody is at leaves memory and the list."""
        if t.retired and not t.members() and self.tables.get(t.id) is t:
            del self.tables[t.id]
            self.finished.add(t.id, len(self.tables))
            self._advertise_count()

    def _detach(self, conn: Conn, tell: bool = True) -> None:
        """The connection is gone from its table (it left or dropped); the
        table's members are told unless `tell` is false (the caller tells)."""
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
        self.drop_if_done(t)
        if tell and t.id in self.tables:
            self._update(t)

    async def on_start(self, conn: Conn, m: P.Start) -> None:
        t = conn.table
        if t is None:
            conn.refuse("no_table", "You are at no table: only a player at a table can start its game.", m.id)
            return
        if conn.seat is None:
            conn.refuse("spectator", "Spectators watch; only the host starts the game.", m.id)
            return
        if conn.seat != t.host:
            conn.refuse("host", f"Only the host ({t.seats[t.host].name}) can start the game.", m.id)
            return
        if t.state is not None:
            conn.refuse("started", "The game has begun already.", m.id)
            return
        free = [i for i, s in enumerate(t.seats) if s.name is None]
        if free:
            seats = ", ".join(map(str, free))
            conn.refuse("seats", f"Every seat must be taken first; free: {seats} (counted from 0).", m.id)
            return
        refused = self.desk.start_refusal(t)  # a rated game: a clock, the bundled rules, identified players
        if refused is not None:
            conn.refuse("rated", refused, m.id)
            return
        await self.begin(t)

    async def begin(self, t: Table) -> None:
        """The game of `t`, whose seats are all taken, begins (the host's start, or a quick match's)."""
        seed = self.config.game_seed if self.config.game_seed is not None else secrets.randbits(62)
        state = GameState.new(t.rules, len(t.seats), seed, [s.name or "" for s in t.seats])
        flow = TableFlow(state, t.players())
        t.deal_salt = secrets.token_hex(SALT_BYTES)  # the commitment goes to every seat with the table
        if self.store is not None:  # the table's document and the game's head in one commit: both or neither
            head = game_head(state, t.players(), t.game_extra())
            await asyncio.wrap_future(self.store.begin_game(t.stored(), head))
        t.flow = flow
        self.desk.began(t)
        t.clock_turn()
        self._update(t)
        cast = ViewCast(t.id, flow.state, players=t.players())  # every member's whole view, written in shared parts
        for c in t.members():
            self._send_full(t, c, cast)
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
        self._spawn(self._save_quietly(t))

    async def to_bot(self, t: Table, i: int) -> None:
        s = t.seats[i]
        before = (s.kind, s.level, s.token_hash, s.bot_after, s.away_since)
        player = t.flow.players[i] if t.flow is not None else None
        try:
            await self._seat_to_bot(t, i)
        except SAVE_ERRORS:  # the seat stays the player's, in memory as on disk
            s.kind, s.level, s.token_hash, s.bot_after, s.away_since = before
            if t.flow is not None and player is not None:
                t.flow.players[i] = player
            raise

    async def _seat_to_bot(self, t: Table, i: int) -> None:
        s = t.seats[i]
        s.kind = SeatKind.BOT
        s.level = s.level if s.level in BOT_NAMES else "easy"
        s.token_hash = None
        s.bot_after = None
        s.away_since = None
        if t.flow is not None:
            t.flow.hand_to_bot(i, s.level)
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
            conn.refuse("seat", f"You sit in {t.seat_words(conn.seat)}, not in {t.seat_words(m.seat)}.", m.id)
            return
        if t.seats[conn.seat].kind == SeatKind.BOT:
            conn.refuse("bot", "A bot plays your seat since your time ran out: take it back first.", m.id)
            return
        if t.paused:  # by agreement of all (net/pausing.py)
            conn.refuse("paused", PAUSED, m.id)
            return
        began = time.perf_counter()
        async with t.lock:
            flow = t.flow
            if flow is None:
                conn.refuse("not_started", "The game has not begun.", m.id)
                return
            refused = flow.play(conn.seat, m.action, m.at)
            if refused is not None:
                conn.refuse(refused.problem.value, self._refusal_text(flow, refused), m.id)
                return
            problem = await self._played(t, m.action, conn.seat, conn)
            if problem is not None:
                conn.refuse("cannot_save", f"{problem}: your move was not played; try it again.", m.id)
                return
        self.stats.commit_times.append(time.perf_counter() - began)

    _refusal_text = staticmethod(refusal_text)

    async def _played(self, t: Table, action: Action, seat: int, mover: Conn | None = None) -> str | None:
        """After a move the flow played (with the table's lock held): save,
        tell everyone, go on; when the save failed, the move is undone and
        the sentence why is returned."""
        problem = await self._saved_or_undone(t, mover)
        if problem is not None:
            return problem
        st = t.state
        assert st is not None
        self.stats.actions += 1
        turned = t.clock_turn()
        self._broadcast(t, action, seat)
        if st.is_over:
            await self._save_quietly(t)
            text = t.record.text(st, t.players(), t.game_extra())
            await self.desk.ended(t, text)  # ratings and reputation (net/playerdesk.py)
            self._update(t)
            record = t.game_over(st).encode()
            for c in t.members():
                c.send(record)
            self._advertise_count()
            self._spawn(self.retire(t))
        else:
            if turned:  # the clocks as they stand, for the strips' countdown
                self._update(t)
            self._maybe_bot(t)
        return None

    def _broadcast(self, t: Table, action: Action, seat: int) -> None:
        """Each member's view after `action` of `seat` (net/viewcast.py: what they share is written once)."""
        st = t.state
        assert st is not None
        cast = ViewCast(t.id, st, action, seat, t.players())
        for c in t.members():
            text = cast.text(c.seat, c.mark, not c.own_engine)
            c.mark = cast.mark
            c.send(text)

    def _maybe_bot(self, t: Table) -> None:
        if t.flow is None or t.bot_task is not None or t.paused:
            return
        turn = t.flow.bot_turn()
        if turn is not None:
            t.bot_task = self._spawn(self._bot_turn(t, turn))

    async def _bot_turn(self, t: Table, turn: BotTurn) -> None:
        retry = False
        try:
            delay = min(self.config.bot_delay, SHORT_BOT_DELAY) if turn.short else self.config.bot_delay
            if delay > 0:
                await asyncio.sleep(delay)
            failed: str | None = None
            choice: object = None
            try:
                choice = await self.bots.choose(turn)
            except Exception as exc:  # a broken pool or bot: the game must go on
                log.error("table %s: the %s bot failed (%s); it plays a random move", t.id, turn.level, exc)
                failed = f"{exc.__class__.__name__}: {exc}"
            async with t.lock:
                flow = t.flow
                if flow is None or t.paused:  # the table paused meanwhile: thought again when it resumes
                    return
                move = flow.bot_chose(turn, choice) if failed is None else flow.bot_failed(turn, failed)
                if move is None:  # the table went on without it
                    return
                if move.fallback == Fallback.ILLEGAL:
                    log.error("table %s: the %s bot chose an illegal move: %s", t.id, turn.level, move.reason)
                t.bot_task = None
                if await self._played(t, move.action, move.seat) is None:
                    self.stats.bot_moves += 1
                    return
                t.bot_task = asyncio.current_task()  # its save failed: the table waits, then the bot plays again
            await asyncio.sleep(SAVE_RETRY)
            retry = True
        finally:
            if t.bot_task is asyncio.current_task():
                t.bot_task = None
        if retry:
            self._maybe_bot(t)

    # ------------------------------------------------------------ upkeep
    def _advertise_count(self) -> None:
        if self._advertiser is not None:
            self._advertiser.set_counts(self._public_tables(), self._open_tables())


#: each client message's handler: GameServer.on_<type> (a message without one fails here, at import)
_HANDLERS: dict[type[P.ClientMessage], Any] = P.handlers_of(GameServer, P.CLIENT_MESSAGES)


__all__ = [
    "DEFAULT_BOT_DELAY",
    "GameServer",
    "ServerConfig",
    "Stats",
    "bot_choose",
]
