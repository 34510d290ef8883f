"""The server's parts: the record text, the embeddable
ServerThread with a ClientThread, TLS, addresses, house rules."""

from __future__ import annotations

import asyncio
import json
import shutil
import ssl
import subprocess
import threading

import pytest

from bigcity_desktop.bots import make_bot
from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.record import PlayerInfo, record_to_json
from bigcity_desktop.engine.rules import get_rules, rules_dir
from bigcity_desktop.net.client import (
    AddressError,
    ClientThread,
    ConnectionChanged,
    ConnectionState,
    SeatAssigned,
    TableChanged,
    ViewUpdate,
    parse_address,
)
from bigcity_desktop.net.hosting import ServerThread
from bigcity_desktop.net.store import RecordText

from .helpers import GUARD, Player, config, running


def test_the_record_text_is_what_write_record_writes():
    s = GameState.new("jumbo", 3, seed=4)
    bot = make_bot("random", 1)
    players = [PlayerInfo("A"), PlayerInfo("B", "easy"), PlayerInfo("C")]
    rt = RecordText()
    while not s.is_over:
        s.apply(bot.choose(s))
        want = json.dumps(record_to_json(s, players, {"table": "t1"}), separators=(",", ":"))
        assert rt.text(s, players, {"table": "t1"}) == want


def test_addresses_are_read_as_websocket_urls():
    assert parse_address("127.0.0.1") == "ws://127.0.0.1:47474"
    assert parse_address("table-host.local") == "ws://table-host.local:47474"
    assert parse_address("host:1234") == "ws://host:1234"
    assert parse_address("[::1]:99") == "ws://[::1]:99"
    assert parse_address("wss://example.org") == "wss://example.org:47474"
    for bad in ("", "http://x", "host:99999", "a b"):
        with pytest.raises(AddressError):
            parse_address(bad)


def test_a_server_thread_and_a_client_thread_play_without_blocking_the_caller():
    thread = ServerThread(config())
    host, port = thread.start()
    try:
        assert host == "127.0.0.1" and thread.addresses() == [f"127.0.0.1:{port}"]
        got: list[object] = []
        seated = threading.Event()
        viewed = threading.Event()

        def on_event(e: object) -> None:  # called in the client's thread
            got.append(e)
            if isinstance(e, SeatAssigned):
                seated.set()
            if isinstance(e, ViewUpdate):
                viewed.set()

        client = ClientThread(f"127.0.0.1:{port}", on_event)
        client.start()
        req = client.create("Ann", ["human", "random"])  # returns at once, before it is connected
        assert isinstance(req, int)
        assert seated.wait(GUARD)
        client.start_game()
        assert viewed.wait(GUARD)
        assert any(isinstance(e, ConnectionChanged) and e.state == ConnectionState.CONNECTED for e in got)
        client.stop()
        assert client.state == ConnectionState.CLOSED
    finally:
        thread.stop()


def test_a_server_on_all_interfaces_lists_this_machines_addresses():
    thread = ServerThread(config(host="0.0.0.0"))
    _, port = thread.start()
    try:
        listed = thread.addresses()
        assert listed[-1] == f"127.0.0.1:{port}" and all(a.endswith(f":{port}") for a in listed)
    finally:
        thread.stop()


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the test certificate")
def test_tls_serves_wss(tmp_path, monkeypatch):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost"]
        + ["-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
    )
    monkeypatch.setenv("SSL_CERT_FILE", str(cert))

    async def main():
        async with running(certfile=cert, keyfile=key) as server:
            assert server.url.startswith("wss://")
            ctx = ssl.create_default_context(cafile=str(cert))
            ann = Player(server.url, ssl=ctx)
            await ann.connected()
            ann.client.create("Ann", ["human", "easy"])
            assert (await ann.seated()).seat == 0
            await ann.close()
            # without a context: the system's trusted certificates (here the
            # test's own, through SSL_CERT_FILE), TLS all the same
            bob = Player(server.url)
            await bob.connected()
            await bob.close()
            # a plain client is not let in
            plain = Player(server.url.replace("wss://", "ws://"))
            e = await plain.wait(ConnectionChanged, lambda e: e.state == ConnectionState.CLOSED)
            assert e.reason

    asyncio.run(main())


def test_house_rules_are_validated_and_played():
    text = (rules_dir() / "original.toml").read_text(encoding="utf-8")

    async def main():
        async with running() as server:
            ann = Player(server.url)
            bad = ann.client.create("Ann", ["human", "easy"], rules="title = [")
            assert (await ann.refusal(bad)).code == "rules"
            too_many = ann.client.create("Ann", ["human"] * 6)
            assert (await ann.refusal(too_many)).code == "seats"
            house = text.replace('edition = "original"', 'edition = "my house"\nbase_edition = "original"', 1)
            # a friends' table plays them with the server's bound on rounds (a public one, with their end for
            # strangers too: engine/strangers.py)
            ann.client.create("Ann", ["human", "random"], rules=house, public=False)
            info = await ann.wait(TableChanged)
            assert info.table.edition == "my house-server"
            ann.client.start_game()
            view = (await ann.wait(ViewUpdate)).view
            assert view.rules.edition == "my house-server" and view.legal_actions()
            assert view.rules.end_rule == get_rules("original").end_rule and view.rules.max_rounds
            await ann.close()

    asyncio.run(main())
