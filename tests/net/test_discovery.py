"""Tables on the local network: a server's advert is found by a Browser.
Every packet stays on the loopback interface (zeroconf is bound to
127.0.0.1); the test is skipped where loopback carries no multicast."""

from __future__ import annotations

import asyncio
import socket
import struct
import threading

import pytest

from bigcity_desktop.net.discovery import Advertiser, Browser, FoundServer

from .helpers import GUARD, Player, running

LOOPBACK = ["127.0.0.1"]


def loopback_multicast() -> bool:
    """Does a multicast datagram sent on 127.0.0.1 come back?"""
    group = "224.0.0.251"
    rx = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    tx = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        rx.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        rx.bind(("", 0))
        port = rx.getsockname()[1]
        rx.setsockopt(
            socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, socket.inet_aton(group) + socket.inet_aton("127.0.0.1")
        )
        tx.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton("127.0.0.1"))
        tx.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, struct.pack("b", 1))
        tx.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_LOOP, 1)
        tx.sendto(b"probe", (group, port))
        rx.settimeout(2.0)
        return rx.recv(16) == b"probe"
    except OSError:
        return False
    finally:
        rx.close()
        tx.close()


pytestmark = pytest.mark.skipif(not loopback_multicast(), reason="multicast on the loopback interface is unavailable")


class Seen:
    def __init__(self) -> None:
        self.servers: list[FoundServer] = []
        self.changed = threading.Condition()

    def __call__(self, servers: list[FoundServer]) -> None:  # the Browser's thread
        with self.changed:
            self.servers = servers
            self.changed.notify_all()

    def wait_for(self, pred) -> list[FoundServer]:
        with self.changed:
            assert self.changed.wait_for(lambda: pred(self.servers), GUARD), self.servers
            return self.servers


def test_a_server_advertises_its_tables_and_a_browser_lists_it():
    seen = Seen()
    browser = Browser(seen, interfaces=LOOPBACK)
    browser.start()

    async def main():
        loop = asyncio.get_running_loop()
        async with running(mdns=True, mdns_interfaces=LOOPBACK, name="Loopback tables") as server:
            port = server.address[1]
            found = await loop.run_in_executor(None, seen.wait_for, lambda s: any(x.port == port for x in s))
            me = next(x for x in found if x.port == port)
            assert me.name == "Loopback tables" and me.host == "127.0.0.1" and me.compatible
            assert (me.tables, me.open_tables, me.tls) == (0, 0, False)
            ann = Player(server.url)
            ann.client.create("Ann", ["human", "human"])
            await ann.seated()
            # the count in the advert follows (refreshed every couple of seconds)
            await loop.run_in_executor(None, seen.wait_for, lambda s: any(x.port == port and x.tables == 1 for x in s))
            await ann.close()
        # a server that stops says goodbye
        await loop.run_in_executor(None, seen.wait_for, lambda s: all(x.port != port for x in s))

    try:
        asyncio.run(main())
    finally:
        browser.stop()


def test_discovery_switched_off_advertises_nothing():
    async def main():
        async with running(mdns=False) as server:
            assert server._advertiser is None

    asyncio.run(main())


def test_advert_names_are_made_safe():
    adv = Advertiser("a.b\x00c" + "x" * 100, 1)
    assert "." not in adv.name and "\x00" not in adv.name and len(adv.name.encode()) <= 60
