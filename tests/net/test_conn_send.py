"""net/connection.Conn.send: a message goes to the socket at once when nothing
waits before it and the buffer takes it; otherwise it waits in the queue for
the writer task, and the frames reach the socket in the order they were sent."""

from __future__ import annotations

import asyncio

from websockets.protocol import Protocol, Side, State

from bigcity_desktop.net.config import ServerConfig, Stats
from bigcity_desktop.net.connection import Conn


class FakeTransport:
    """What Conn reads of asyncio's transport: its buffer (`size`, set by the test) and the bytes written."""

    def __init__(self) -> None:
        self.size = 0
        self.written = bytearray()

    def get_write_buffer_limits(self) -> tuple[int, int]:
        return 16 * 1024, 64 * 1024

    def get_write_buffer_size(self) -> int:
        return self.size

    def is_closing(self) -> bool:
        return False

    def write(self, data: bytes) -> None:
        self.written += data


class FakeWs:
    """A server connection: websockets' own Sans-I/O protocol over the fake transport."""

    def __init__(self) -> None:
        self.protocol = Protocol(Side.SERVER, state=State.OPEN)
        self.transport = FakeTransport()
        self.sends = 0  # messages that went through the async send (the writer task's)

    async def send(self, text: str) -> None:
        self.sends += 1
        self.protocol.send_text(text.encode())
        for data in self.protocol.data_to_send():
            self.transport.write(data)


class FakeServer:
    config = ServerConfig()
    stats = Stats()


def texts(data: bytes) -> list[str]:
    """The text frames in `data` (a server's: unmasked, each under 126 bytes here)."""
    out = []
    i = 0
    while i < len(data):
        assert data[i] == 0x81  # FIN, text
        n = data[i + 1]
        out.append(data[i + 2 : i + 2 + n].decode())
        i += 2 + n
    return out


def test_a_message_the_buffer_takes_is_written_at_once_and_order_is_kept_when_one_must_wait():
    async def run() -> None:
        ws = FakeWs()
        conn = Conn(FakeServer(), ws)  # type: ignore[arg-type]
        conn.send("a")  # nothing waits, the buffer is empty: written now, no task involved
        assert texts(bytes(ws.transport.written)) == ["a"] and ws.sends == 0
        ws.transport.size = 60 * 1024  # a slow reader: the buffer is above its low mark
        conn.send("b")
        conn.send("c")
        assert texts(bytes(ws.transport.written)) == ["a"] and conn.queue.qsize() == 2
        ws.transport.size = 0  # the buffer drained, but b and c still wait: d goes after them
        conn.send("d")
        assert conn.queue.qsize() == 3
        writer = asyncio.create_task(conn.write_loop())
        while not conn.queue.empty():
            await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert texts(bytes(ws.transport.written)) == ["a", "b", "c", "d"] and ws.sends == 3
        conn.send("e")  # nothing waits again: at once
        assert texts(bytes(ws.transport.written))[-1] == "e" and ws.sends == 3
        writer.cancel()

    asyncio.run(run())


def test_a_closed_protocol_is_not_written_to():
    async def run() -> None:
        ws = FakeWs()
        ws.protocol.state = State.CLOSING
        conn = Conn(FakeServer(), ws)  # type: ignore[arg-type]
        conn.send("a")
        assert not ws.transport.written and conn.queue.qsize() == 1  # left to the writer, whose send refuses it

    asyncio.run(run())
