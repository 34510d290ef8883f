"""One client connection of the table server: its send queue, its place at a table, its limits."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Protocol

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from bigcity_desktop.engine.viewjson import LogMark

from . import protocol as P
from .config import ServerConfig, Stats

if TYPE_CHECKING:
    from .tables import Table


class ServerSide(Protocol):
    """What a connection asks of its server (:class:`.server.GameServer`): the limits and the counts."""

    @property
    def config(self) -> ServerConfig: ...

    @property
    def stats(self) -> Stats: ...


log = logging.getLogger("bigcity.server")

#: the bytes asyncio reads from a client's socket at once (its own 256 KiB
#: is above the C allocator's threshold for mapping memory: every read of a
#: small frame mapped, shrunk and unmapped a buffer of its own)
READ_CHUNK = 64 * 1024
#: seconds a dropped client has to read its close frame and answer it before the socket is cut: what it
#: sends meanwhile is read and thrown away, so a flooder that does not read while it floods (its
#: library's queue full) is not reset under its sends (1006) but finds 1008 and the reason when it reads
CLOSE_WAIT = 10.0
#: a second with no message over the rate forgives those before it
OVER_QUIET = 1.0


def address_of(ws: ServerConnection) -> str:
    try:
        return str(ws.remote_address[0])
    except (TypeError, IndexError, OSError):  # pragma: no cover
        return "?"


class Conn:
    """One client connection: its send queue, its place at a table, its limits."""

    def __init__(self, server: ServerSide, ws: ServerConnection) -> None:
        self.server = server
        self.ws = ws
        cfg = server.config
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(cfg.send_queue)
        self.hello = False
        self.own_engine = False  # said in hello: it works out the legal moves and the table presented itself
        self.table: Table | None = None
        self.seat: int | None = None  # None with a table: a spectator
        self.mark: LogMark | None = None  # the logs of the view it holds
        self.tokens = float(cfg.burst)
        self.last = time.monotonic()
        self.over = 0  # messages over the rate since the last quiet second
        self.last_over = 0.0
        self.bad = 0
        self.last_rate_refusal = 0.0
        self.closed = False
        self.closing: asyncio.Task[None] | None = None  # a drop's close, awaited before the handler ends
        self.challenge: str | None = None  # what the client signs to identify (sent in welcome)
        self.player: str | None = None  # the player id it proved (net/identity.py, net/playerdesk.py)
        if hasattr(ws.transport, "max_size"):  # asyncio's socket transports
            ws.transport.max_size = READ_CHUNK

    @property
    def host(self) -> str:
        """The Host header this connection was opened with (what an identity proof names)."""
        request = getattr(self.ws, "request", None)
        return str(request.headers.get("Host", "")) if request is not None else ""

    # -- sending
    def send(self, msg: P.Message | str) -> None:
        """Send `msg`: at once when nothing waits before it and the socket's
        buffer takes it (most messages: no task woken, no queue), else in its
        turn by :meth:`write_loop`, which waits for a slow reader."""
        if self.closed:
            return
        text = msg if isinstance(msg, str) else msg.encode()
        if self.queue.empty() and self._write_now(text):
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.server.stats.dropped_slow += 1
            self.drop("it does not read what it is sent", "you do not read what you are sent")

    def refuse(self, code: str, reason: str, req: int | None = None) -> None:
        self.server.stats.refused += 1
        self.send(P.Refused(code, reason, req))

    def close_after(self, code: int, reason: str) -> None:
        """Send what is queued, then close."""
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        self._close_code = (code, reason)

    def drop(self, why: str, reason: str) -> None:
        """Stop reading and close at once with 1008 and `reason` (a client
        that floods, sends garbage or does not read): what is queued is not
        sent, what it sends on is thrown away unread; the close frame gets
        `CLOSE_WAIT` seconds to be read and answered, then the socket is cut."""
        if self.closed:
            return
        self.closed = True
        log.info("dropping %s: %s", self.peer, why)
        self.closing = asyncio.get_running_loop().create_task(self._close_or_cut(reason))

    async def _close_or_cut(self, reason: str) -> None:
        try:
            async with asyncio.timeout(CLOSE_WAIT):
                await self.ws.close(1008, reason)
        except (TimeoutError, ConnectionClosed):
            pass
        finally:  # also when the server stops meanwhile (it cancels the wait)
            transport = self.ws.transport
            if transport is not None and not transport.is_closing():
                transport.abort()

    @property
    def address(self) -> str:
        """The client's address (its IP), what the caps per client count."""
        return address_of(self.ws)

    @property
    def peer(self) -> str:
        try:
            a = self.ws.remote_address
            return f"{a[0]}:{a[1]}"
        except (TypeError, IndexError, OSError):  # pragma: no cover
            return "?"

    async def write_loop(self) -> None:
        """Send what is queued, as it comes. A send that may have to wait for
        the client to read waits `write_timeout` seconds at most; one the
        socket's buffer takes at once goes without a deadline (a timer for
        every message cost more than the rest of its sending)."""
        timeout = self.server.config.write_timeout
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    code, reason = getattr(self, "_close_code", (1000, ""))
                    async with asyncio.timeout(timeout):
                        await self.ws.close(code, reason)
                    return
                if self._taken_at_once(text):
                    await self.ws.send(text)
                else:
                    async with asyncio.timeout(timeout):
                        await self.ws.send(text)
        except TimeoutError:
            self.server.stats.dropped_slow += 1
            self.drop("a send waited too long", "you do not read what you are sent")
        except ConnectionClosed:
            pass

    def _write_now(self, text: str) -> bool:
        """Write `text`'s frame to the socket now, as websockets' own send
        does before it waits for the buffer to drain (its Sans-I/O protocol
        makes the frame, the transport takes the bytes), if the connection is
        open and the buffer takes it without waiting: whether it was written.
        Only with nothing queued (the caller's check), so frames keep their
        order: write_loop's send writes a frame in the step it takes it."""
        ws = self.ws
        protocol, transport = ws.protocol, ws.transport
        if protocol.state is not State.OPEN or transport.is_closing() or not self._taken_at_once(text):
            return False
        protocol.send_text(text.encode())
        for data in protocol.data_to_send():
            if data:  # (an empty one would ask for the end of the stream: never while open)
                transport.write(data)
        return True

    def _taken_at_once(self, text: str) -> bool:
        """Whether sending `text` leaves the websocket no reason to wait:
        asyncio pauses writing once the socket's buffer holds more than its
        high mark and resumes it at its low mark, and `text` is at most 4
        bytes a character and a frame's header."""
        transport = self.ws.transport
        low, high = transport.get_write_buffer_limits()
        size = transport.get_write_buffer_size()
        return size <= low and size + 4 * len(text) + 16 <= high

    # -- the rate limit
    def allow(self) -> bool:
        cfg = self.server.config
        now = time.monotonic()
        self.tokens = min(float(cfg.burst), self.tokens + (now - self.last) * cfg.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        if now - self.last_over >= OVER_QUIET:
            self.over = 0  # a quiet second: the earlier burst is forgiven
        self.last_over = now
        self.over += 1
        if self.over >= cfg.flood_limit:
            self.server.stats.dropped_flood += 1
            self.drop("it sends far too many messages", "too many messages over the rate")
        elif now - self.last_rate_refusal >= 1.0:
            self.last_rate_refusal = now
            self.refuse("rate", f"Too many messages: at most {cfg.rate:g} a second are read; the last ones were not.")
        return False
