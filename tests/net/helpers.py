"""Shared pieces of the network tests: a server on 127.0.0.1 in this
process or in a child process, scripted players, a raw websocket."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import os
import random
import socket
import subprocess
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, TypeVar

from benchmarks.lightseats import start_server
from bigcity_desktop.engine import GameState
from bigcity_desktop.net.client import (
    ClientEvent,
    ConnectionChanged,
    ConnectionState,
    GameEnded,
    Refusal,
    SeatAssigned,
    TableClient,
    ViewUpdate,
)
from bigcity_desktop.net.server import GameServer, ServerConfig

#: how long a test waits for an event before it fails (a guard against a
#: hang, never a measure of speed)
GUARD = 60.0

E = TypeVar("E")


def config(**changes: Any) -> ServerConfig:
    """A server for tests: loopback, any free port, no advert, bots at once
    in threads (no worker process to start), its tables public unless their
    creator says (the tests of other things join by a table's id alone;
    tests/net/test_private.py holds private tables to their invitation)."""
    base: dict[str, Any] = dict(
        host="127.0.0.1", port=0, mdns=False, bot_pool="thread", bot_delay=0.0, public_by_default=True
    )
    # every player of a test comes from 127.0.0.1: the caps per client are out of the way unless a test sets them
    base.update(max_connections_per_client=1_000_000, max_tables_per_client=100_000)
    base.update(changes)
    return ServerConfig(**base)


@contextlib.asynccontextmanager
async def running(**changes: Any) -> AsyncIterator[GameServer]:
    server = GameServer(config(**changes))
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


def choose(view: GameState, rng: random.Random) -> Any:
    """A scripted player's move: a kind of move first, then a move of it
    (as the random bot), so a game ends in a few hundred moves."""
    kind = rng.choice(view.legal_kinds())
    return rng.choice(view.legal_actions(kind))


class Player:
    """A TableClient with its events in a queue, and waits on them."""

    def __init__(self, url: str, **options: Any) -> None:
        self.client = TableClient(url, **options)
        self.queue = self.client.events()
        self.seen: list[ClientEvent] = []
        self.client.start()

    async def next(self, timeout: float = GUARD) -> ClientEvent:
        e = await asyncio.wait_for(self.queue.get(), timeout)
        self.seen.append(e)
        return e

    async def wait(self, cls: type[E], pred: Callable[[E], bool] = lambda e: True, timeout: float = GUARD) -> E:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            e = await self.next(max(0.01, end - loop.time()))
            if isinstance(e, cls) and pred(e):
                return e

    async def refusal(self, req: int) -> Refusal:
        return await self.wait(Refusal, lambda e: e.request == req)

    async def connected(self) -> None:
        await self.wait(ConnectionChanged, lambda e: e.state == ConnectionState.CONNECTED)

    async def seated(self) -> SeatAssigned:
        return await self.wait(SeatAssigned)

    async def play(self, rng: random.Random, until: Callable[[GameState], bool] | None = None) -> GameEnded | None:
        """Play this seat's moves until the game ends (or `until(view)`)."""
        v = self.client.view
        if v is not None and not v.is_over and v.current_player == self.client.seat:
            self.client.act(choose(v, rng))
        while True:
            e = await self.next()
            if isinstance(e, GameEnded):
                return e
            if isinstance(e, Refusal) and e.code not in ("stale", "not_your_turn"):
                raise AssertionError(f"refused: {e}")
            if isinstance(e, ViewUpdate):
                v = e.view
                if until is not None and until(v):
                    return None
                if not v.is_over and v.current_player == self.client.seat:
                    self.client.act(choose(v, rng), e.at)

    async def close(self) -> None:
        await self.client.close()


# ---------------------------------------------------------------------------
# a server in a child process (killed with SIGKILL in a test): the benchmarks' own


def start_server_process(data_dir: Path, port: int = 0, *extra: str) -> tuple[subprocess.Popen[str], int]:
    """benchmarks/lightseats.py's start_server; the process and its port."""
    proc, url = start_server(data_dir, *extra, port=port)
    return proc, int(url.rsplit(":", 1)[1])


# ---------------------------------------------------------------------------
# a raw websocket, for clients that misbehave below the protocol


class RawSocket:
    """A TCP connection that speaks websocket framing by hand."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def open(cls, port: int, rcvbuf: int | None = None, handshake: bool = True) -> RawSocket:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if rcvbuf is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
        reader, writer = await asyncio.open_connection(sock=sock, limit=2**16)
        raw = cls(reader, writer)
        if handshake:
            await raw.handshake(port)
        return raw

    async def handshake(self, port: int) -> None:
        key = base64.b64encode(os.urandom(16)).decode()
        self.writer.write(
            (
                f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        await self.writer.drain()
        head = await asyncio.wait_for(self.reader.readuntil(b"\r\n\r\n"), GUARD)
        assert head.startswith(b"HTTP/1.1 101"), head

    @staticmethod
    def frame(payload: bytes, opcode: int = 1, length: int | None = None) -> bytes:
        """A masked client frame (`length` may claim more than is sent)."""
        n = len(payload) if length is None else length
        head = bytes([0x80 | opcode])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 2**16:
            head += bytes([0x80 | 126]) + n.to_bytes(2, "big")
        else:
            head += bytes([0x80 | 127]) + n.to_bytes(8, "big")
        mask = os.urandom(4)
        return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))

    async def send_text(self, text: str) -> None:
        self.writer.write(self.frame(text.encode()))
        await self.writer.drain()

    async def read_frame(self) -> tuple[int, bytes]:
        """(opcode, payload) of the next frame from the server (unmasked)."""
        b0, b1 = await self.reader.readexactly(2)
        n = b1 & 0x7F
        if n == 126:
            n = int.from_bytes(await self.reader.readexactly(2), "big")
        elif n == 127:
            n = int.from_bytes(await self.reader.readexactly(8), "big")
        return b0 & 0x0F, await self.reader.readexactly(n)

    async def closed(self, timeout: float = GUARD) -> bytes:
        """Read until the server ends the connection; the close frame's
        payload (code and reason), or b"" when it was cut."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        try:
            while True:
                op, payload = await asyncio.wait_for(self.read_frame(), max(0.01, end - loop.time()))
                if op == 8:
                    return payload
        except (asyncio.IncompleteReadError, ConnectionError):
            return b""

    def close(self) -> None:
        self.writer.close()


class HandClock:
    """A clock a test moves by hand (`now`), for what takes the time from a
    callable: the matchmaker's wait, the players' clocks."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now
