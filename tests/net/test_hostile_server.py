"""The client core against a hostile fake server (benchmarks/floodserver.py,
a child process on 127.0.0.1): a view of another seat closes the connection
for good with a sentence; a server that never says welcome is named."""

from __future__ import annotations

import asyncio

import pytest

from benchmarks.floodserver import FloodServer
from bigcity_desktop.net.client import ConnectionChanged, ConnectionState, ViewUpdate

from .helpers import Player

pytestmark = pytest.mark.slow


@pytest.fixture
def serve():
    servers: list[FloodServer] = []

    def start(**options) -> FloodServer:
        server = FloodServer("none", **options)
        server.start()
        servers.append(server)
        return server

    yield start
    for s in servers:
        s.stop()


def test_a_view_of_another_seat_closes_the_connection_for_good(serve):
    server = serve(viewer=1)

    async def main() -> None:
        p = Player(f"127.0.0.1:{server.port}")
        await p.connected()
        p.client.join("t1", "Ben")
        closed = await p.wait(ConnectionChanged, lambda e: e.state == ConnectionState.CLOSED)
        assert closed.reason == (
            f"The server at 127.0.0.1:{server.port} sent another seat's view instead of yours, "
            "so the connection is closed."
        )
        assert p.client.view is None and not any(isinstance(e, ViewUpdate) for e in p.seen)
        await asyncio.sleep(0)
        assert not any(isinstance(e, ConnectionChanged) and e.state == ConnectionState.RECONNECTING for e in p.seen)
        await p.close()

    asyncio.run(main())


def test_a_server_that_never_says_welcome_is_named(serve):
    server = serve(greet=False)

    async def main() -> None:
        p = Player(f"127.0.0.1:{server.port}", greet_timeout=0.3)
        closed = await p.wait(ConnectionChanged, lambda e: e.state == ConnectionState.CLOSED)
        assert closed.reason == f"The server at 127.0.0.1:{server.port} did not answer."
        await p.close()

    asyncio.run(main())
