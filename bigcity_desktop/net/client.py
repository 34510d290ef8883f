"""The client core: a table connection whose messages become typed events.

:class:`TableClient` runs on an asyncio loop. It connects to a server
(``ws://`` or ``wss://`` URL, or ``host[:port]``), says hello, and turns
every message it receives into one of the event dataclasses below, handed
to ``on_event`` (a server message it has nothing more to do with reaches
``on_event`` as it is). Its commands (:class:`ClientCommands`:
:meth:`~ClientCommands.create`, ``join``, ``act``, ..., or ``request`` with
any request of the protocol) return a request number at once and never
wait: a refusal comes back as a :class:`Refusal` event with that number. When the connection drops it
reconnects by itself with growing pauses for ``reconnect_for`` seconds
(reporting :attr:`ConnectionState.RECONNECTING`), takes its seat back with
the seat's token and gets the whole current view.

:class:`ClientThread` runs a TableClient on its own loop in a background
thread: ``on_event`` is called in that thread (the Qt side marshals it to
the GUI thread with a queued signal) and every command may be called from
any thread. Nothing here blocks the caller.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import random
import ssl as ssl_module
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI
from websockets.headers import build_host
from websockets.uri import parse_uri

from bigcity_desktop.bots.levels import PLAYER_KINDS
from bigcity_desktop.engine import Event, GameState
from bigcity_desktop.engine.actions import Action
from bigcity_desktop.engine.fairdeal import DealVerdict, DealWatch, verify_deal
from bigcity_desktop.engine.messages import Msg, msg
from bigcity_desktop.engine.record import LoadedGame, RecordError, load_record
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.engine.state import SPECTATOR
from bigcity_desktop.engine.viewjson import ViewError, read_events, view_from_json

from . import protocol as P

if TYPE_CHECKING:
    from .identity import PlayerKey

log = logging.getLogger("bigcity.client")

#: how long a dropped client tries to get back in by itself (seconds)
RECONNECT_FOR = 120.0
#: the pauses between attempts grow to this (seconds)
RECONNECT_MAX_PAUSE = 5.0
#: a server that has not said welcome this long after the connection opened is named as not answering (seconds)
GREET_TIMEOUT = 10.0
#: a client with a window (given `hold`) busy reading what a server sends rests REST_FOR seconds after each
#: REST_AFTER seconds of it, so a flooding server never holds the interpreter (the GIL) from the window's thread
REST_AFTER = 0.02
REST_FOR = 0.01
#: while the receiver says it is busy (`hold`), the client looks again this often (seconds), for HOLD_AT_MOST at most
HOLD_EVERY = 0.005
HOLD_AT_MOST = 1.0
#: closing for good waits this long for the server's side of the closing handshake (seconds), then cuts the link
CLOSE_WAIT = 0.5


class ConnectionState(StrEnum):
    CONNECTING = "connecting"
    CONNECTED = "connected"  # hello answered: commands are sent
    RECONNECTING = "reconnecting"  # the connection dropped; trying again by itself
    CLOSED = "closed"  # closed for good (by close(), a refusal of the version, or after reconnect_for)


# ---------------------------------------------------------------------------
# events


@dataclass(frozen=True)
class ConnectionChanged:
    """The connection's state changed. `reason`: why it dropped or closed;
    `server`: the program the server runs (once connected)."""

    state: ConnectionState
    reason: str | None = None
    server: str | None = None
    attempt: int = 0  # the reconnection attempt under way (RECONNECTING)


@dataclass(frozen=True)
class LobbyUpdate:
    """The server's tables (the answer to :meth:`TableClient.list_tables`)."""

    tables: tuple[P.TableInfo, ...]
    request: int | None


@dataclass(frozen=True)
class TableChanged:
    """The table this client sits at (or watches) changed: seats, names,
    who is connected, status, host. `you`: this client's seat, None for a
    spectator."""

    table: P.TableInfo
    you: int | None


@dataclass(frozen=True)
class SeatAssigned:
    """This client sits at `seat` of `table`; keep `token` to come back
    after a drop (even in another session of the app)."""

    table: str
    seat: int
    token: str
    request: int | None
    invite: str = ""  # the table's invitation secret: the link that brings others carries it


@dataclass(frozen=True)
class ViewUpdate:
    """The game at the table as this client may see it, rebuilt:
    ``view.legal_actions()``, ``check()``, hints and bots work on it.
    `events`: the events new to this client; `action` (as this client may
    see it) and `by`: the move that led here, None for a whole view sent on
    joining, starting or reconnecting (`full`)."""

    table: str
    view: GameState
    events: tuple[Event, ...]
    action: Action | None
    by: int | None
    full: bool
    at: int  # actions played so far (the `at` of the next act)


@dataclass(frozen=True)
class EarlierEvents:
    """Older events of the log came (asked for with :meth:`ClientCommands.earlier_events`):
    `view` is the view held, with them before its events (its ``events_from`` is `first`)."""

    table: str
    view: GameState
    first: int


@dataclass(frozen=True)
class ChatReceived:
    table: str
    seat: int | None  # None: a spectator
    name: str
    text: str
    time: float


@dataclass(frozen=True)
class Refusal:
    """The server (or this client, while offline) did not carry out request
    `request`; `reason` is one sentence for the player, `code` a word for
    the program ("not_your_turn", "illegal", "stale", "token", "offline", ...)."""

    code: str
    reason: str
    request: int | None


@dataclass(frozen=True)
class GameEnded:
    """The game is over: its whole record (every hand) as the bytes of a
    record file; `game` is it read back (None, with `error`, if it does not
    read)."""

    table: str
    record: bytes
    game: LoadedGame | None
    error: str | None = None
    #: the check of the deal (engine/fairdeal.py): the commitment, the replay, the hands this seat saw
    deal: DealVerdict | None = None


@dataclass(frozen=True)
class LeftTable:
    """This client is no longer at `table` (it left, the table closed, or
    another connection took the seat with its token)."""

    table: str
    reason: str


ClientEvent = (
    ConnectionChanged
    | LobbyUpdate
    | TableChanged
    | SeatAssigned
    | ViewUpdate
    | EarlierEvents
    | ChatReceived
    | Refusal
    | GameEnded
    | LeftTable
    | P.ServerMessage  # a message the client core does nothing more with
)


class AddressError(ValueError):
    """An address that is not ws://..., wss://... or host[:port]; its
    :attr:`reason` is the sentence (a :class:`Msg`, translated at the edge)."""

    def __init__(self, reason: Msg) -> None:
        super().__init__(reason)
        self.reason = reason


def parse_address(address: str) -> str:
    """A websocket URL from ``ws://h:p``, ``wss://h:p``, ``h:p``, ``h`` or
    ``[v6]:p`` (the default port when none is given)."""
    a = address.strip()
    if not a:
        raise AddressError(msg("Type the server's address, such as table-host.local:47474."))
    if "://" in a:
        scheme = a.split("://", 1)[0].lower()
        if scheme not in ("ws", "wss"):
            raise AddressError(msg("An address starts with ws:// or wss://, not {scheme}://.", scheme=scheme))
        parts = urlsplit(a)
        if not parts.hostname:
            raise AddressError(msg("“{address}” names no host.", address=address))
        try:
            port = parts.port or P.DEFAULT_PORT
        except ValueError:
            raise AddressError(msg("“{address}” has no valid port.", address=address)) from None
        host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
        return f"{scheme}://{host}:{port}{parts.path or ''}"
    if a.startswith("["):
        host, _, rest = a[1:].partition("]")
        port_text = rest[1:] if rest.startswith(":") else ""
        host = f"[{host}]"
    elif a.count(":") == 1:
        host, port_text = a.split(":")
    elif ":" in a:  # a bare IPv6 address
        host, port_text = f"[{a}]", ""
    else:
        host, port_text = a, ""
    if not host or any(c in host for c in "/ ?#@"):
        raise AddressError(msg("“{address}” is not a host name or address.", address=address))
    if port_text and not (port_text.isdigit() and 0 < int(port_text) < 65536):
        raise AddressError(msg("“{port}” is not a port (a number from 1 to 65535).", port=port_text))
    return f"ws://{host}:{port_text or P.DEFAULT_PORT}"


class ClientCommands:
    """The requests a client sends, each a protocol message with a new
    request number as its ``id``; the number is returned at once (a refusal
    comes back as a :class:`Refusal` with it). Declared once, here, for
    :class:`TableClient` and :class:`ClientThread` alike: any thread may
    call them. :meth:`request` sends any request declared in the protocol."""

    def _core(self) -> TableClient:
        raise NotImplementedError

    def new_request(self) -> int:
        return next(self._core()._ids)

    def request(self, cls: Callable[..., P.ClientMessage], *fields: Any, **named: Any) -> int:
        """Send a request of message class `cls` (its fields but the ``id``)."""
        core = self._core()
        return core._submit(cls(*fields, **named, id=core.new_request()))

    def list_tables(self, table: str | None = None, invite: str | None = None) -> int:
        """The server's public tables (and `table`, a private one, with its `invite`)."""
        return self.request(P.ListTables, table=table, invite=invite)

    def create(
        self,
        name: str,
        seats: Sequence[str],
        *,
        edition: str | None = "original",
        rules: str | None = None,
        title: str | None = None,
        public: bool | None = None,
        rated: bool | None = None,
        min_finished: int | None = None,
        clock: str | None = None,
    ) -> int:
        """A new table with you in its first human seat. `seats`: one entry
        per seat, "human" or a bot level's key (bots/levels.py).
        `rules`: a house-rules file's text instead of `edition`. `public`:
        listed for everyone, or private (None: as the server's policy says).
        `rated`: the result changes ratings; `min_finished`: the least share
        (per cent) of finished games a player needs to join; `clock`: a time
        control (net/clocks.py: "5+20", "10+30"), None for none."""
        specs = tuple(P.SeatSpec(SeatKind.HUMAN) if s == SeatKind.HUMAN else P.SeatSpec(SeatKind.BOT, s) for s in seats)
        edition = None if rules is not None else edition
        return self.request(
            P.CreateTable,
            name,
            specs,
            edition,
            rules,
            title,
            public=public,
            rated=rated,
            min_finished=min_finished,
            clock=clock,
        )

    def join(self, table: str, name: str, seat: int | None = None, invite: str | None = None) -> int:
        """A free seat of `table` (a private table's `invite` is needed)."""
        return self.request(P.Join, table, name, seat, invite=invite)

    def play_now(
        self, name: str, players: int, edition: str = "original", rated: bool = False, clock: str | None = None
    ) -> int:
        """Quick match on a --public server: a seat at a table of `players` with people of similar rating,
        who chose the same edition, rated or not and `clock` (a time control of net/clocks.py, None for none)."""
        return self.request(P.PlayNow, name, players, edition, rated, clock=clock)

    def pause(self, on: bool = True) -> int:
        """Ask to pause the table, or agree to (True); play on, resume (False). net/pausing.py."""
        return self.request(P.Pause, on)

    def report(self, seat: int, reason: str) -> int:
        """A word to the server's operator about the player in `seat` at this table."""
        return self.request(P.Report, seat, reason)

    def rejoin(self, table: str, seat: int, token: str) -> int:
        """Back to a seat with its token (one from an earlier session, say)."""
        core = self._core()
        core.table_id, core.seat, core.token = table, seat, token
        return self.request(P.Rejoin, table, seat, token)

    def spectate(self, table: str, invite: str | None = None) -> int:
        core = self._core()
        core.table_id, core.spectating, core.invite = table, True, invite
        return self.request(P.Spectate, table, invite=invite)

    def leave(self) -> int:
        return self.request(P.Leave)

    def start_game(self) -> int:
        return self.request(P.Start)

    def chat(self, text: str) -> int:
        return self.request(P.Chat, text)

    def act(self, action: Action, at: int | None = None) -> int:
        """Play `action` for this client's seat. `at`: the number of actions
        in the history of the view it was chosen on (the latest view's, by
        default); a move on an older view is refused as "stale"."""
        core = self._core()
        if at is None:
            at = core.view.moves if core.view is not None else 0
        return self.request(P.Act, action, at, core.seat)

    def take_seat(self) -> int:
        """Your seat back from the bot that took it when your time ran out."""
        return self.request(P.TakeSeat)

    def hand_to_bot(self, seat: int, level: str = "easy", after: float = 0.0) -> int:
        """Host only: the seat goes to a bot once its player has been away
        `after` seconds (now if 0 and the player is away)."""
        return self.request(P.HandToBot, seat, level, after)

    def publish(self, public: bool) -> int:
        """Host only: the table listed for everyone (True) or reached by its link only (False)."""
        return self.request(P.Publish, public)

    def resync(self) -> int:
        return self.request(P.Resync)

    def earlier_events(self) -> int | None:
        """A page of the log's events before those the view holds (a whole
        view carries the recent ones only): an :class:`EarlierEvents` comes.
        None: the view holds the whole log."""
        core = self._core()
        view, table = core.view, core.table_id
        if view is None or table is None or not view.events_from:
            return None
        return self.request(P.AskLog, table, view.events_from)


class TableClient(ClientCommands):
    """One connection to a table server (see the module docstring).

    State after the events so far: :attr:`state`, :attr:`table` (the
    TableInfo of the table it is at), :attr:`seat`, :attr:`token`,
    :attr:`view` (the latest GameState view)."""

    def __init__(
        self,
        address: str,
        on_event: Callable[[ClientEvent], None] | None = None,
        *,
        ssl: ssl_module.SSLContext | None = None,
        reconnect_for: float = RECONNECT_FOR,
        open_timeout: float = 10.0,
        greet_timeout: float = GREET_TIMEOUT,
        hold: Callable[[], bool] | None = None,
        ping_interval: float | None = 20.0,
        ping_timeout: float | None = 20.0,
        program: str = P.PROGRAM,
        protocol: int = P.PROTOCOL_VERSION,
        own_engine: bool = True,
        player_key: PlayerKey | None = None,
        player_name: str = "",
    ) -> None:
        self.url = parse_address(address)
        self.player_key = player_key  # proved on every connection (net/identity.py)
        self.player_name = player_name
        self.identity: P.Identified | None = None  # who the server knows this client as
        self.on_event = on_event
        self.ssl = ssl
        self.reconnect_for = reconnect_for
        self.open_timeout = open_timeout
        self.greet_timeout = greet_timeout
        self.hold = hold  # True while the receiver is at work: the client holds off reading
        self.ping_interval = ping_interval
        self.ping_timeout = ping_timeout
        self.program = program
        self.protocol = protocol
        self.own_engine = own_engine  # hello's: the views then carry no legal moves and no table presented
        self.state = ConnectionState.CLOSED
        self.server_program: str | None = None
        self.table: P.TableInfo | None = None
        self.table_id: str | None = None
        #: the hands this seat saw, and the first commitment to the deal its table sent (table id, hash)
        self.deal = DealWatch()
        self.promised: tuple[str, str] | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.spectating = False
        self.invite: str | None = None  # the invitation a spectator watches with (asked again on reconnecting)
        self.view: GameState | None = None
        self._ids = itertools.count(1)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ws: ClientConnection | None = None
        # messages to send, in order; sent while the server has answered hello
        self._pending: deque[str] = deque()
        self._wake: asyncio.Event | None = None
        self._ready = False
        self._connected_once_again = False
        self._task: asyncio.Task[None] | None = None
        self._closing = False
        self._queue: asyncio.Queue[ClientEvent] | None = None
        self._fatal: str | None = None
        self._drop: str | None = None  # this connection is to be dropped at once, for this reason

    # ------------------------------------------------------------ events
    def _emit(self, event: ClientEvent) -> None:
        if self.on_event is not None:
            try:
                self.on_event(event)
            except Exception:  # the receiver's bug must not end the connection
                log.exception("the client's event callback failed")
        if self._queue is not None:
            self._queue.put_nowait(event)

    def events(self) -> asyncio.Queue[ClientEvent]:
        """A queue that receives every event from now on (besides on_event)."""
        if self._queue is None:
            self._queue = asyncio.Queue()
        return self._queue

    def _set_state(self, state: ConnectionState, reason: str | None = None, attempt: int = 0) -> None:
        self.state = state
        self._emit(ConnectionChanged(state, reason, self.server_program, attempt))

    # ------------------------------------------------------------ running
    def start(self) -> asyncio.Task[None]:
        """Start connecting (on the running loop); the task ends when the
        client closes for good."""
        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        self._task = asyncio.create_task(self._run())
        return self._task

    @property
    def shown_address(self) -> str:
        """The server's address as a player typed it (no ws://)."""
        return self.url.removeprefix("ws://")

    async def close(self) -> None:
        """Close for good (no reconnecting), within about a second however
        much the server still sends (what comes meanwhile is not read)."""
        self._closing = True
        if self._ws is not None:
            await _close(self._ws)
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(asyncio.shield(self._task), 2 * CLOSE_WAIT)
            if not self._task.done():
                self._task.cancel()

    async def _run(self) -> None:
        self._set_state(ConnectionState.CONNECTING)
        reason = await self._session()
        if self._closing or self._fatal is not None:
            self._set_state(ConnectionState.CLOSED, self._fatal or reason)
            return
        first = self.server_program is None  # never connected: no reconnecting to do
        if first:
            self._set_state(ConnectionState.CLOSED, reason)
            return
        deadline = time.monotonic() + self.reconnect_for
        attempt = 0
        pause = 0.25
        while not self._closing:
            attempt += 1
            self._set_state(ConnectionState.RECONNECTING, reason, attempt)
            await asyncio.sleep(pause * (0.8 + 0.4 * random.random()))
            pause = min(RECONNECT_MAX_PAUSE, pause * 2)
            if self._closing:
                break
            reason = await self._session()
            if self._fatal is not None:
                break
            if self._connected_once_again:
                # it was back in, then dropped again: a fresh minute to come back
                deadline = time.monotonic() + self.reconnect_for
                attempt, pause = 0, 0.25
            elif time.monotonic() > deadline:
                reason = f"The server could not be reached again ({reason})."
                break
        self._set_state(ConnectionState.CLOSED, self._fatal or reason)

    async def _session(self) -> str:
        """One connection, from connecting to its end; why it ended."""
        self._connected_once_again = False
        try:
            ws = await connect(
                self.url,
                # wss:// without a context of its own checks the server's
                # certificate against the system's trusted ones (an explicit
                # None would make websockets try plain TCP)
                ssl=(self.ssl or True) if self.url.startswith("wss:") else None,
                proxy=None,
                compression=None,
                open_timeout=self.open_timeout,
                ping_interval=self.ping_interval,
                ping_timeout=self.ping_timeout,
                close_timeout=5,
                max_size=P.MAX_SERVER_FRAME,
                max_queue=64,
                user_agent_header=self.program,
            )
        except TimeoutError:
            return msg("The server at {address} did not answer.", address=self.shown_address)
        except (OSError, InvalidHandshake, InvalidURI) as exc:
            return _why(exc)
        self._ws = ws
        self._drop = None
        writer = asyncio.create_task(self._write_loop(ws))
        greeting = asyncio.create_task(self._await_welcome(ws))
        try:
            await ws.send(P.Hello(self.protocol, self.program, self.own_engine).encode())
            busy_since = done = time.perf_counter()
            async for raw in ws:
                if self._closing:
                    continue  # closing for good: what still comes is not read
                begun = time.perf_counter()
                if begun - done > REST_FOR:  # it waited for this message: not busy before it
                    busy_since = begun
                self._receive(raw)
                if self._drop is not None:
                    await _close(ws, 1008, "protocol violation")
                    break
                if self.hold is None:  # no window to share the interpreter with
                    continue
                done = time.perf_counter()
                if done - busy_since > REST_AFTER:
                    await asyncio.sleep(REST_FOR)
                    busy_since = done = time.perf_counter()
                if self.hold():
                    await self._held()
                    busy_since = done = time.perf_counter()
            return self._drop or _close_reason(ws)
        except ConnectionClosed:
            return self._drop or _close_reason(ws)
        finally:
            if ws.close_code == P.CLOSE_BANNED:  # the operator banned this player key: no coming back
                self._fatal = _close_reason(ws)
            writer.cancel()
            greeting.cancel()
            self._ws = None
            self._ready = False
            if self.state == ConnectionState.CONNECTED:
                self.state = ConnectionState.RECONNECTING  # (reported by _run)

    async def _held(self) -> None:
        """Wait (HOLD_AT_MOST at most) while the receiver says it is at work."""
        end = time.perf_counter() + HOLD_AT_MOST
        while self.hold is not None and self.hold() and not self._closing and time.perf_counter() < end:
            await asyncio.sleep(HOLD_EVERY)

    async def _await_welcome(self, ws: ClientConnection) -> None:
        """A server that has not said welcome within `greet_timeout` is named
        as not answering, and the connection dropped."""
        await asyncio.sleep(self.greet_timeout)
        if not self._ready and not self._closing:
            self._drop = msg("The server at {address} did not answer.", address=self.shown_address)
            await _close(ws, 1002, "no welcome")

    async def _write_loop(self, ws: ClientConnection) -> None:
        """Send the pending messages, in order, once the server said welcome."""
        wake = self._wake
        assert wake is not None
        while True:
            await wake.wait()
            wake.clear()
            while self._ready and self._pending:
                text = self._pending.popleft()
                try:
                    await ws.send(text)
                except ConnectionClosed:
                    self._pending.appendleft(text)  # sent again after the reconnect
                    return

    # ------------------------------------------------------------ receiving
    def _receive(self, raw: str | bytes) -> None:
        try:
            m = P.read_server(raw)
        except P.ProtocolError as exc:
            log.warning("a message from the server cannot be read: %s", exc)
            return
        handler = _RECEIVERS.get(type(m))
        event = m if handler is None else handler(self, m)
        if event is not None:
            self._emit(event)

    def _on_welcome(self, m: P.Welcome) -> None:
        self.server_program = m.server
        self._connected_once_again = True
        # after a reconnect: back to the seat, or to watching, before anything else
        if self.table_id is not None and self.seat is not None and self.token is not None:
            self._pending.appendleft(P.Rejoin(self.table_id, self.seat, self.token, next(self._ids)).encode())
        elif self.table_id is not None and self.spectating:
            self._pending.appendleft(P.Spectate(self.table_id, next(self._ids), self.invite).encode())
        if self.player_key is not None and m.challenge is not None:  # who we are, before anything else
            uri = parse_uri(self.url)
            proof = self.player_key.prove(build_host(uri.host, uri.port, uri.secure), m.challenge)
            identify = P.Identify(self.player_key.player, proof, self.player_name, next(self._ids))
            self._pending.appendleft(identify.encode())
        self._ready = True
        if self._wake is not None:
            self._wake.set()
        self._set_state(ConnectionState.CONNECTED)

    def _on_identified(self, m: P.Identified) -> P.Identified:
        self.identity = m
        return m

    def _on_refused(self, m: P.Refused) -> Refusal:
        if m.code == "version":
            self._fatal = m.reason
        if m.code == "token":  # the seat is not ours any more: do not ask for it again
            self.table = None
            self.table_id = self.seat = self.token = None
            self.view = None
        return Refusal(m.code, m.reason, m.id)

    def _on_lobby(self, m: P.Lobby) -> LobbyUpdate:
        return LobbyUpdate(m.tables, m.id)

    def _on_table(self, m: P.TableUpdate) -> TableChanged:
        self.table = m.table
        self.table_id = m.table.id
        promise = m.table.deal_commitment
        if promise is not None and (self.promised is None or self.promised[0] != m.table.id):
            self.promised = (m.table.id, promise)  # the first one counts: a later change is the server's
            self.deal.clear()
        return TableChanged(m.table, m.you)

    def _on_seated(self, m: P.Seated) -> SeatAssigned:
        self.table_id, self.seat, self.token, self.spectating = m.table, m.seat, m.token, False
        return SeatAssigned(m.table, m.seat, m.token, m.id, m.invite)

    def _on_view(self, m: P.ViewMessage) -> ViewUpdate | None:
        mine = SPECTATOR if self.spectating else self.seat
        if mine is not None and m.view.get("viewer") != mine:
            # what another seat sees is never this client's to see: a server that sends it is not trusted
            self._fatal = self._drop = msg(
                "The server at {address} sent another seat's view instead of yours, so the connection is closed.",
                address=self.shown_address,
            )
            return None
        old = self.view if self.table_id == m.table else None
        try:
            # the message's JSON was walked for its limits as it was read (protocol.read_server)
            if m.full:
                view = view_from_json(m.view, checked=True)
            else:
                if old is None:
                    raise ViewError("an update came before the whole view")
                view = view_from_json(m.view, base=old, checked=True)
        except ViewError as exc:
            log.warning("a view from the server cannot be read (%s); asking for the whole view", exc)
            self._send_now(P.Resync(next(self._ids)))
            return None
        # the events new to this client (counted from the game's first: a view may hold the recent ones only)
        held = old.events_from + len(old.events) if old is not None else 0
        seen = max(0, held - view.events_from) if held <= view.events_from + len(view.events) else 0
        self.view = view
        self.deal.saw(view)
        return ViewUpdate(m.table, view, tuple(view.events[seen:]), None if m.full else m.action, m.by, m.full, m.at)

    def _on_log(self, m: P.LogPage) -> EarlierEvents | None:
        """A page of older events, put before those the view holds (a page
        that is empty, does not end where they begin, or does not read, is dropped)."""
        view = self.view
        if view is None or not m.events or m.table != self.table_id or m.first + len(m.events) != view.events_from:
            return None
        try:
            events = read_events(view, list(m.events))
        except ViewError as exc:
            log.warning("a page of the log from the server cannot be read (%s)", exc)
            return None
        older = view.clone()
        older.events = events + view.events
        older.events_from = m.first
        self.view = older
        return EarlierEvents(m.table, older, m.first)

    def _on_chat(self, m: P.ChatLine) -> ChatReceived:
        return ChatReceived(m.table, m.seat, m.name, m.text, m.time)

    def _on_game_over(self, m: P.GameOver) -> GameEnded:
        data = m.record.encode("utf-8")
        try:
            game: LoadedGame | None = load_record(data, player_kinds=PLAYER_KINDS)
            error = None
        except RecordError as exc:
            game, error = None, str(exc)
        deal = None
        if game is not None:
            promise = self.promised[1] if self.promised is not None and self.promised[0] == m.table else None
            seat = None if self.spectating or self.table_id != m.table else self.seat
            seed = int(m.seed) if m.seed is not None else None
            watched = self.deal if seat is not None else DealWatch()
            deal = verify_deal(game.state, seat, promise, seed, m.salt, watched)
        return GameEnded(m.table, data, game, error, deal)

    def _on_left(self, m: P.Left) -> LeftTable:
        if m.table == self.table_id:
            self.table = None
            self.table_id = self.seat = self.token = None
            self.spectating = False
            self.view = None
        return LeftTable(m.table, m.reason)

    # ------------------------------------------------------------ sending
    def _core(self) -> TableClient:
        return self

    def _submit(self, msg: P.Message) -> int:
        req: int = getattr(msg, "id", None) or 0
        loop = self._loop
        if loop is None:
            raise RuntimeError("the client has not been started")
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._send_now(msg)
        else:
            loop.call_soon_threadsafe(self._send_now, msg)
        return req

    def _send_now(self, msg: P.Message) -> None:
        """Send now, or as soon as the connection is (back) up; refused only
        once the client has closed for good."""
        if self.state == ConnectionState.CLOSED and self._task is not None and self._task.done():
            self._emit(Refusal("offline", "Not connected to the server.", getattr(msg, "id", None)))
            return
        self._pending.append(msg.encode())
        if self._wake is not None:
            self._wake.set()


#: the handler of each server message that is more than its event; any other
#: message reaches ``on_event`` as it is
_RECEIVERS: dict[type[P.ServerMessage], Callable[[TableClient, Any], ClientEvent | None]] = P.handlers_of(
    TableClient, P.SERVER_MESSAGES, "_on_", every=False
)


def _why(exc: BaseException) -> str:
    if isinstance(exc, ConnectionRefusedError):
        return "Nobody answers at that address (no server runs there, or a firewall is in the way)."
    if isinstance(exc, TimeoutError):
        return "The server did not answer in time."
    if isinstance(exc, ssl_module.SSLError):
        return f"The secure connection failed: {exc.reason or exc}."
    if isinstance(exc, InvalidStatus) and exc.response.status_code == 403 and exc.response.body:
        # the server's one sentence (net/origins.py: a name it does not answer to)
        return exc.response.body.decode("utf-8", "replace").strip()[:300]
    if isinstance(exc, InvalidHandshake):
        return f"That address does not answer as a Big City server ({exc})."
    if isinstance(exc, OSError):
        return f"The server cannot be reached: {exc.strerror or exc}."
    return str(exc)


async def _close(ws: ClientConnection, code: int = 1000, reason: str = "") -> None:
    """Close `ws`, cutting the link if the server does not answer within :data:`CLOSE_WAIT`."""
    try:
        await asyncio.wait_for(ws.close(code, reason), CLOSE_WAIT)
    except Exception:  # TimeoutError, or the link is gone already
        with contextlib.suppress(Exception):
            ws.transport.abort()


def _close_reason(ws: ClientConnection) -> str:
    code, reason = ws.close_code, ws.close_reason
    if code in (None, 1006):
        return "The connection was lost."
    if reason:
        return f"The server closed the connection ({reason})."
    return "The server closed the connection."  # its close code is no word of a player's (issue 46.10)


# ---------------------------------------------------------------------------


class ClientThread(ClientCommands):
    """A :class:`TableClient` on its own asyncio loop in a background thread.

    ``on_event`` is called in that thread; every command (those of
    :class:`ClientCommands`, on the thread's client) returns its request
    number at once and may be called from any thread."""

    def __init__(self, address: str, on_event: Callable[[ClientEvent], None], **options: Any) -> None:
        self.client = TableClient(address, on_event, **options)
        self._thread: threading.Thread | None = None
        self._started = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None

    def start(self) -> None:
        """Start connecting; returns at once (events tell how it goes)."""
        self._thread = threading.Thread(target=self._run, name="bigcity-client", daemon=True)
        self._thread.start()
        self._started.wait(10)

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        asyncio.set_event_loop(loop)

        async def main() -> None:
            task = self.client.start()
            self._started.set()
            with contextlib.suppress(asyncio.CancelledError):
                await task

        try:
            loop.run_until_complete(main())
            pending = asyncio.all_tasks(loop)  # a close() that ends with the client: let it finish
            if pending:
                loop.run_until_complete(asyncio.wait(pending, timeout=2 * CLOSE_WAIT))
        finally:
            self._started.set()
            loop.close()

    def stop(self, timeout: float = 10.0) -> None:
        """Close the connection and end the thread (waits at most `timeout`
        seconds; never call it from on_event)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                asyncio.run_coroutine_threadsafe(self.client.close(), loop)
        if self._thread is not None:
            self._thread.join(timeout)

    def stop_soon(self) -> None:
        """Close without waiting (from the GUI thread, say)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                asyncio.run_coroutine_threadsafe(self.client.close(), loop)

    @property
    def state(self) -> ConnectionState:
        return self.client.state

    def _core(self) -> TableClient:
        return self.client
