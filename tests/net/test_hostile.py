"""Hostile and broken clients: moves out of turn, for another seat, with a
wrong token or on an old view; unknown fields; another protocol version; a
flood; a client that never reads; a half-open connection; a 100 MB frame;
random bytes. Each is refused or dropped, and another table plays on."""

from __future__ import annotations

import asyncio
import json
import os
import random

import pytest

from bigcity_desktop.engine import Pass
from bigcity_desktop.net import protocol as P
from bigcity_desktop.net.client import ConnectionChanged, ConnectionState, TableChanged, TableClient, ViewUpdate

from .helpers import GUARD, Player, RawSocket, running


async def table_of_two(server, edition="original"):
    ann, bob = Player(server.url), Player(server.url)
    ann.client.create("Ann", ["human", "human"], edition=edition)
    table = (await ann.seated()).table
    bob.client.join(table, "Bob")
    await bob.seated()
    ann.client.start_game()
    await ann.wait(ViewUpdate)
    await bob.wait(ViewUpdate)
    return ann, bob, table


async def still_plays(ann: Player, bob: Player) -> None:
    """The table of Ann and Bob answers a move (a round trip)."""
    assert ann.client.view is not None
    mover = ann if ann.client.view.current_player == ann.client.seat else bob
    view = mover.client.view
    assert view is not None
    at = len(view.history)
    mover.client.act(random.Random(0).choice(view.legal_actions()), at)
    await mover.wait(ViewUpdate, lambda e: e.at == at + 1)


async def raw_hello(port: int, **kw) -> RawSocket:
    raw = await RawSocket.open(port, **kw)
    await raw.send_text(P.Hello(P.PROTOCOL_VERSION, "raw").encode())
    op, payload = await raw.read_frame()
    assert json.loads(payload)["type"] == "welcome"
    return raw


def test_moves_that_are_not_the_players_are_refused_with_a_reason():
    async def main():
        async with running() as server:
            ann, bob, table = await table_of_two(server)
            view = ann.client.view
            mover, waiter = (ann, bob) if view.current_player == 0 else (bob, ann)
            move = mover.client.view.legal_actions()[0]
            r = waiter.client.act(move)
            refusal = await waiter.refusal(r)
            assert refusal.code == "not_your_turn" and "turn" in refusal.reason
            r = mover.client._submit(P.Act(move, len(view.history), 1 - mover.client.seat, 77))
            assert (await mover.refusal(77)).reason.startswith(f"You sit in seat {mover.client.seat} (")
            r = mover.client.act(move, at=len(view.history) + 5)
            assert (await mover.refusal(r)).code == "stale"
            r = mover.client.act(Pass())  # setup: a pass is not a placement
            refusal = await mover.refusal(r)
            assert refusal.code == "illegal" and "neighborhood" in refusal.reason
            watcher = Player(server.url)
            watcher.client.spectate(table)
            await watcher.wait(ViewUpdate, lambda e: e.full)
            r = watcher.client.act(move)
            assert (await watcher.refusal(r)).code == "spectator"
            thief = Player(server.url)
            r = thief.client.rejoin(table, 0, "x" * 32)
            assert (await thief.refusal(r)).code == "token"
            r = thief.client.join(table, "Thief")
            assert (await thief.refusal(r)).code == "started"
            # and the table plays on
            await still_plays(ann, bob)
            for p in (ann, bob, watcher, thief):
                await p.close()

    asyncio.run(main())


def test_unknown_fields_and_malformed_messages_are_refused_naming_them():
    async def main():
        async with running() as server:
            raw = await raw_hello(server.address[1])
            for text, words in [
                ('{"type":"list","extra":1}', "unknown field 'extra'"),
                ('{"type":"act","at":0,"action":{"act":"pass","cards":[1]}}', "has no field 'cards'"),
                ('{"type":"act","at":true,"action":{"act":"pass"}}', "at must be a whole number"),
                ('{"type":"dance"}', "unknown message type"),
                ("[" * 5000, "nested too deep"),
                ('{"type":"chat","text":"' + "x" * 3000 + '"}', "at most 2000"),
                ("not json", "not valid JSON"),
                # a strict reader: no key twice, at any depth (the last one does not win)
                ('{"type":"list","type":"teleport"}', "the key 'type' is given twice"),
                ('{"type":"act","at":0,"action":{"act":"pass","act":"pass"}}', "the key 'act' is given twice"),
            ]:
                await raw.send_text(text)
                op, payload = await raw.read_frame()
                m = json.loads(payload)
                assert m["type"] == "refused" and words in m["reason"], (text[:40], m)
            raw.close()

    asyncio.run(main())


def test_a_client_of_another_version_is_told_so_in_one_sentence():
    async def main():
        async with running() as server:
            raw = await RawSocket.open(server.address[1])
            await raw.send_text(json.dumps({"type": "hello", "protocol": 99, "client": "future", "new_field": 1}))
            op, payload = await raw.read_frame()
            m = json.loads(payload)
            assert m["type"] == "refused" and m["code"] == "version"
            assert (
                m["reason"].count(". ") == 0 and f"version {P.PROTOCOL_VERSION}" in m["reason"] and "99" in m["reason"]
            )
            close = await raw.closed()
            raw.close()
            assert int.from_bytes(close[:2], "big") == 4000 + P.PROTOCOL_VERSION
            # the client core reports the sentence and does not try again
            client = TableClient(server.url, protocol=0)
            events = client.events()
            task = client.start()
            await asyncio.wait_for(task, GUARD)
            states = []
            while not events.empty():
                e = events.get_nowait()
                if isinstance(e, ConnectionChanged):
                    states.append(e)
            assert states[-1].state == ConnectionState.CLOSED and "update Big City Desktop" in states[-1].reason

    asyncio.run(main())


def test_a_flood_is_cut_and_other_tables_play_on():
    async def main():
        async with running(rate=20.0, burst=20, flood_limit=200) as server:
            ann, bob, _ = await table_of_two(server)
            raw = await raw_hello(server.address[1])
            ask = RawSocket.frame(P.ListTables().encode().encode())
            # over the rate, under the flood limit: told so, once, and kept
            raw.writer.write(ask * 60)
            await raw.writer.drain()
            codes = []
            while "rate" not in codes:
                op, payload = await raw.read_frame()
                codes.append(json.loads(payload).get("code"))
            assert codes.count("rate") == 1
            # a flood: cut
            try:
                raw.writer.write(ask * 2000)
                await raw.writer.drain()
            except ConnectionError:
                pass
            close = await raw.closed()
            raw.close()
            # closed with a reason, not cut
            assert int.from_bytes(close[:2], "big") == 1008
            assert close[2:] == b"too many messages over the rate"
            assert server.stats.dropped_flood == 1
            await still_plays(ann, bob)
            await ann.close()
            await bob.close()

    asyncio.run(main())


def test_a_send_to_a_client_that_never_reads_waits_write_timeout_at_most():
    async def main():
        # a queue that cannot fill: only the send's deadline can drop the client
        async with running(rate=10_000.0, burst=10_000, send_queue=100_000, write_timeout=1.0) as server:
            ann, bob, table = await table_of_two(server, "jumbo")
            lazy = await raw_hello(server.address[1], rcvbuf=4096)
            await lazy.send_text(P.Spectate(table).encode())
            sync = RawSocket.frame(P.Resync().encode().encode())
            for _ in range(3000):
                lazy.writer.write(sync)
            await lazy.writer.drain()
            loop = asyncio.get_running_loop()
            end = loop.time() + GUARD
            while server.stats.dropped_slow == 0 and loop.time() < end:
                await asyncio.sleep(0.05)
            assert server.stats.dropped_slow == 1
            await still_plays(ann, bob)
            lazy.close()
            await ann.close()
            await bob.close()

    asyncio.run(main())


def test_a_client_that_never_reads_is_dropped_and_other_tables_play_on():
    async def main():
        async with running(rate=10_000.0, burst=10_000, send_queue=32, write_timeout=2.0) as server:
            ann, bob, table = await table_of_two(server, "jumbo")
            lazy = await raw_hello(server.address[1], rcvbuf=4096)
            await lazy.send_text(P.Spectate(table).encode())
            sync = RawSocket.frame(P.Resync().encode().encode())
            for _ in range(3000):  # asks for the whole view again and again, and reads none of it
                lazy.writer.write(sync)
            await lazy.writer.drain()
            loop = asyncio.get_running_loop()
            end = loop.time() + GUARD
            while server.stats.dropped_slow == 0 and loop.time() < end:
                await still_plays(ann, bob)
            assert server.stats.dropped_slow == 1
            await still_plays(ann, bob)
            lazy.close()
            await ann.close()
            await bob.close()

    asyncio.run(main())


def test_a_half_open_connection_is_found_by_the_keepalive():
    async def main():
        async with running(ping_interval=0.2, ping_timeout=0.4) as server:
            ann = Player(server.url, ping_interval=None)
            ann.client.create("Ann", ["human", "human"])
            table = (await ann.seated()).table
            ghost = await raw_hello(server.address[1])
            await ghost.send_text(P.Join(table, "Ghost").encode())
            await ann.wait(TableChanged, lambda e: e.table.seats[1].connected)
            # the ghost's machine is gone: it answers nothing, not even pings
            await ann.wait(TableChanged, lambda e: e.table.seats[1].name == "Ghost" and not e.table.seats[1].connected)
            ghost.close()
            await ann.close()

    asyncio.run(main())


def test_a_huge_frame_and_random_bytes_are_refused_and_other_tables_play_on():
    async def main():
        async with running(open_timeout=2.0) as server:
            ann, bob, _ = await table_of_two(server)
            port = server.address[1]
            # a frame that says it holds 100 MB: closed "message too big" before it is read
            big = await raw_hello(port)
            big.writer.write(RawSocket.frame(b"", length=100 * 2**20)[:14])
            big.writer.write(b"x" * 2**20)  # the first megabyte of it
            await big.writer.drain()
            close = await big.closed()
            assert int.from_bytes(close[:2], "big") == 1009  # "message too big", from the header alone
            big.close()
            # random bytes instead of the HTTP handshake
            noise = await RawSocket.open(port, handshake=False)
            noise.writer.write(os.urandom(65536))
            await noise.closed()
            noise.close()
            # random bytes instead of frames
            junk = await raw_hello(port)
            junk.writer.write(os.urandom(4096))
            await junk.closed()
            junk.close()
            # random text in good frames: refused, then cut
            chatter = await raw_hello(port)
            for _ in range(60):
                await chatter.send_text(os.urandom(30).hex())
            close = await chatter.closed()
            chatter.close()
            assert int.from_bytes(close[:2], "big") == 1008
            assert close[2:] == b"too many unreadable messages"
            assert server.stats.dropped_bad == 1
            await still_plays(ann, bob)
            await ann.close()
            await bob.close()

    asyncio.run(main())


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_flood_rule_counts_a_steady_stream_over_the_rate(monkeypatch):
    """1000 messages spread over one second (40 a second are read, bursts of
    80): the ones over the rate add up, although a token comes back every
    25 ms, and the 400th over the rate drops the connection. A quiet second
    forgives an earlier burst."""
    from types import SimpleNamespace

    from bigcity_desktop.net import connection
    from bigcity_desktop.net.config import ServerConfig

    clock = _Clock()
    monkeypatch.setattr(connection.time, "monotonic", clock)
    cfg = ServerConfig()
    server = SimpleNamespace(config=cfg, stats=SimpleNamespace(dropped_flood=0, refused=0))
    ws = SimpleNamespace(transport=None)
    conn = connection.Conn(server, ws)  # type: ignore[arg-type]
    drops: list[str] = []
    conn.drop = lambda why, reason: drops.append(reason)  # type: ignore[method-assign]
    conn.send = lambda msg: None  # type: ignore[method-assign]
    read = 0
    for _ in range(1000):
        clock.now += 0.001
        if drops:
            break
        read += conn.allow()
    assert drops == ["too many messages over the rate"]
    assert read < 140
    # a burst over the rate, a quiet second, another burst: kept
    conn = connection.Conn(server, ws)  # type: ignore[arg-type]
    drops.clear()
    conn.drop = lambda why, reason: drops.append(reason)  # type: ignore[method-assign]
    conn.send = lambda msg: None  # type: ignore[method-assign]
    for _ in range(3):
        for _ in range(cfg.burst + cfg.flood_limit - 1):
            conn.allow()
        clock.now += 2 * connection.OVER_QUIET + cfg.burst / cfg.rate
    assert drops == []


def test_a_request_id_is_a_signed_32_bit_integer():
    """Ids run 0…2,147,483,647 (the int32 maximum), so a client in any
    language can hold every id the server reads; one more is refused."""
    assert P.read_client('{"type":"list","id":2147483647}').id == 2147483647
    for bad in ("2147483648", "-1"):
        with pytest.raises(P.ProtocolError, match="id"):
            P.read_client('{"type":"list","id":' + bad + "}")
