"""One client connection of the table server: its send queue, its place at a table, its limits."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from bigcity_desktop.engine.viewjson import LogMark

from . import protocol as P

if TYPE_CHECKING:
    from .server import GameServer
    from .tables import Table

log = logging.getLogger("bigcity.server")

#: the bytes asyncio reads from a client's socket at once (its own 256 KiB
#: is above the C allocator's threshold for mapping memory: every read of a
#: small frame mapped, shrunk and unmapped a buffer of its own)
READ_CHUNK = 64 * 1024


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
        if hasattr(ws.transport, "max_size"):  # asyncio's socket transports
            ws.transport.max_size = READ_CHUNK

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
        """Send what is queued, as it comes; each send may wait `write_timeout`
        seconds at most (one deadline, moved on after each send, rather than a
        task and a timer per message)."""
        timeout = self.server.config.write_timeout
        loop = asyncio.get_running_loop()
        try:
            while True:
                text = await self.queue.get()
                async with asyncio.timeout(timeout) as deadline:
                    while text is not None:
                        await self.ws.send(text)
                        if self.queue.empty():
                            break
                        deadline.reschedule(loop.time() + timeout)
                        text = self.queue.get_nowait()
                    else:
                        code, reason = getattr(self, "_close_code", (1000, ""))
                        await self.ws.close(code, reason)
                        return
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
