"""A flooder that does not read while it floods (docs/PROTOCOL.md, "Limits
per connection"): the server closes it with 1008 and the reason, which the
flooder's websockets library reports once it reads, however long it went on
sending after the drop (within the close's wait). Its library stops reading
once its queue of unread messages is full, so the close frame waits unread
in its socket; the server used to cut the socket 2 s after the drop, under
the flooder's sends, which then failed with 1006 and no reason."""

from __future__ import annotations

import asyncio

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from bigcity_desktop.net import protocol as P
from bigcity_desktop.net.connection import CLOSE_WAIT

from .helpers import running

#: seconds the flooder goes on sending after the drop, unread: past the former 2 s cut, within the wait
GOES_ON = 3.0


def test_a_flooder_that_does_not_read_is_closed_with_1008_and_the_reason() -> None:
    assert GOES_ON < CLOSE_WAIT

    async def main() -> None:
        async with running() as server:
            dropped = asyncio.Event()
            async with connect(server.url, compression=None, close_timeout=1) as ws:
                await ws.send(P.Hello(P.PROTOCOL_VERSION, "flood").encode())
                ask = P.ListTables().encode()
                loop = asyncio.get_running_loop()
                end: float | None = None
                sent = 0
                try:
                    while end is None or loop.time() < end:
                        await ws.send(ask)  # never a recv: the answers pile up unread
                        sent += 1
                        if server.stats.dropped_flood and end is None:
                            dropped.set()
                            end = loop.time() + GOES_ON
                        if sent % 100 == 0:
                            await asyncio.sleep(0)
                except ConnectionClosed as exc:
                    # its library read the close frame while it sent (it reads on a task of its own):
                    # that is the close it was to find, not a cut (a cut has no close frame received)
                    if exc.rcvd is None:
                        raise AssertionError(f"cut under its sends: {exc!r}") from exc
                    closed: ConnectionClosed | None = exc
                else:
                    closed = None
                assert dropped.is_set()
                # now it reads: what was answered, then the close
                if closed is None:
                    try:
                        while True:
                            await ws.recv()
                    except ConnectionClosed as exc:
                        closed = exc
                assert closed.rcvd is not None, closed
                assert closed.rcvd.code == 1008 and closed.rcvd.reason == "too many messages over the rate"
            assert server.stats.dropped_flood == 1

    asyncio.run(main())
