"""No website reaches a table server it was not served by (net/origins.py):
forged Host and Origin headers over real sockets on 127.0.0.1, plain HTTP
and websocket upgrades alike, with a game playing on meanwhile."""

from __future__ import annotations

import asyncio
import base64
import os
import socket

import pytest

from bigcity_desktop.net.hosting import ServerThread, parse_args
from bigcity_desktop.net.origins import HostNames, split_host

from .helpers import config, running
from .test_web import Answer, exchange, get, port_of


async def upgrade(port: int, host: str, *headers: str) -> Answer:
    """A websocket handshake with these headers; the server's answer (101 or a refusal)."""
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [
        "GET / HTTP/1.1",
        f"Host: {host}",
        "Upgrade: websocket",
        "Connection: Upgrade",
        f"Sec-WebSocket-Key: {key}",
        "Sec-WebSocket-Version: 13",
        *headers,
        "",
        "",
    ]
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write("\r\n".join(lines).encode("latin-1"))
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
        body = b""
        if not head.startswith(b"HTTP/1.1 101"):
            body = await asyncio.wait_for(reader.read(-1), 30)
        return Answer(head + body)
    finally:
        writer.close()


def test_a_foreign_host_gets_nothing_and_is_never_echoed() -> None:
    async def main() -> None:
        async with running() as server:
            port = port_of(server)
            own = await get(port, "/")
            assert own.status == 200
            assert f"ws://127.0.0.1:{port}" in own.headers["content-security-policy"]
            for host in ("localhost", f"localhost:{port}", f"[::1]:{port}", "127.0.0.1"):
                assert (await exchange_get(port, "/", host)).status == 200, host
            # DNS rebinding: a name of the attacker's, pointed at this machine
            for host in ("evil.example", f"evil.example:{port}", "127.0.0.1.evil.example", "203.0.113.7"):
                for path in ("/", "/t/abc", "/static/main.js"):
                    answer = await exchange_get(port, path, host)
                    assert answer.status == 403, (host, path, answer.status)
                    assert b"<html" not in answer.body
                    assert "evil" not in answer.headers.get("content-security-policy", "")
                    assert b"evil" not in answer.body

    asyncio.run(main())


async def exchange_get(port: int, path: str, host: str) -> Answer:
    return Answer(await exchange(port, f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode("latin-1")))


def test_the_websocket_refuses_other_sites_pages_and_names() -> None:
    async def main() -> None:
        async with running() as server:
            port = port_of(server)
            own = f"127.0.0.1:{port}"
            # a native client sends no Origin; the server's own page sends its own
            assert (await upgrade(port, own)).status == 101
            assert (await upgrade(port, own, f"Origin: http://{own}")).status == 101
            assert (await upgrade(port, f"localhost:{port}", f"Origin: http://localhost:{port}")).status == 101
            refused = [
                (own, "Origin: https://evil.example"),
                (own, "Origin: null"),
                (own, f"Origin: http://127.0.0.1:{port + 1}"),  # another port of this machine: another site
                (own, f"Origin: http://localhost:{port}"),  # served under another name than the socket's
                (own, f"Origin: ftp://{own}"),
                (own, f"Origin: http://{own}", f"Origin: http://{own}"),
                # DNS rebinding: the attacker's name, with or without its page's Origin
                (f"evil.example:{port}", f"Origin: http://evil.example:{port}"),
                (f"evil.example:{port}",),
            ]
            for host, *headers in refused:
                answer = await upgrade(port, host, *headers)
                assert answer.status == 403, (host, headers, answer.status)
                assert answer.body.strip(), "a refusal says why"
            # a refused page never got in: the tables are as they were
            assert server.stats.opened == 3

    asyncio.run(main())


def test_public_names_and_the_listening_address_are_answered() -> None:
    async def main() -> None:
        async with running(public_names=["Tables.Example.org"]) as server:
            port = port_of(server)
            assert (await exchange_get(port, "/", "tables.example.org")).status == 200
            assert (await exchange_get(port, "/", f"tables.example.org.:{port}")).status == 200
            answer = await upgrade(port, "tables.example.org", "Origin: https://tables.example.org")
            assert answer.status == 101
            assert (await exchange_get(port, "/", "other.example.org")).status == 403

    asyncio.run(main())
    assert parse_args(["--public-name", "a.example", "--public-name", "b.example"]).public_names == [
        "a.example",
        "b.example",
    ]


def test_a_server_on_every_interface_answers_the_machines_addresses_only() -> None:
    names = HostNames("0.0.0.0", (), addresses=lambda: {"127.0.0.1", "198.51.100.20", "fe80::1"})
    assert names.allows("198.51.100.20") and names.allows("fe80::1") and names.allows("localhost")
    assert not names.allows("198.51.100.21") and not names.allows("evil.example")
    own = socket.gethostname().lower().rstrip(".")
    assert names.allows(own) and names.allows(own.split(".")[0] + ".local")  # the machine's own names
    one = HostNames("198.51.100.20", (), addresses=lambda: {"203.0.113.1"})
    assert one.allows("198.51.100.20") and not one.allows("203.0.113.1")
    assert split_host("[::1]:80") == ("::1", 80) and split_host("a b") is None and split_host("") is None


def test_a_native_client_told_of_a_name_the_server_does_not_answer_says_so() -> None:
    """The app reaching a server by a name it was not started for: the
    server's sentence, naming --public-name, not a bare status."""
    from websockets.datastructures import Headers
    from websockets.exceptions import InvalidStatus
    from websockets.http11 import Response

    from bigcity_desktop.net.client import _why

    sentence = HostNames("127.0.0.1").host_refusal("tables.lan:47474")
    assert sentence is not None and "tables.lan" in sentence
    exc = InvalidStatus(Response(403, "Forbidden", Headers(), sentence.encode()))
    assert "--public-name" in _why(exc)


def test_the_apps_hosted_server_answers_its_loopback_and_refuses_other_pages() -> None:
    thread = ServerThread(config())
    _, port = thread.start()

    async def main() -> None:
        assert (await get(port, "/t/abc")).status == 200
        assert (await upgrade(port, f"127.0.0.1:{port}", "Origin: http://127.0.0.1:1")).status == 403
        assert (await upgrade(port, f"127.0.0.1:{port}")).status == 101

    try:
        asyncio.run(main())
    finally:
        thread.stop()


@pytest.mark.parametrize("header", ["Origin: http://evil.example", "Host: evil.example"])
def test_a_refused_handshake_leaves_a_game_playing(header: str) -> None:
    from .test_hostile import still_plays, table_of_two

    async def main() -> None:
        async with running() as server:
            port = port_of(server)
            ann, bob, _ = await table_of_two(server)
            for _ in range(20):
                if header.startswith("Host"):
                    assert (await upgrade(port, "evil.example")).status == 403
                else:
                    assert (await upgrade(port, f"127.0.0.1:{port}", header)).status == 403
            await still_plays(ann, bob)
            await ann.close()
            await bob.close()

    asyncio.run(main())
