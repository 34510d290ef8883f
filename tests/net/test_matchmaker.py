"""Quick match ("Play now", issue 48 item 2) over real sockets on 127.0.0.1:
eight players press Play now at once and are seated at tables of the size
each asked for, people together first; the seats still empty after the
wait go to bots of a level near the table's rating, and the game begins."""

from __future__ import annotations

import asyncio

from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.net import protocol as P
from bigcity_desktop.net.client import TableChanged
from bigcity_desktop.net.identity import PlayerKey
from bigcity_desktop.net.matchmaker import bot_level_near
from bigcity_desktop.net.ratings import BOT_ANCHORS, START_MU

from .helpers import HandClock, Player, running


def test_the_bot_level_is_the_one_whose_anchor_is_nearest():
    assert bot_level_near(BOT_ANCHORS["hard"] + 0.5) == "hard"
    assert bot_level_near(START_MU) == "medium"
    assert bot_level_near(0.0) == "easy"  # "random" is no opponent for a stranger


def test_eight_players_press_play_now_at_once():
    async def main():
        async with running(match_wait=3600) as server:
            clock = HandClock()
            server.match.clock = clock
            sizes = [2, 2, 2, 2, 3, 3, 3, 3]
            players = [Player(server.url) for _ in sizes]
            for p in players:
                await p.connected()
            for i, (p, n) in enumerate(zip(players, sizes, strict=True)):
                p.client.play_now(f"P{i}", n)
            seats = await asyncio.gather(*(p.seated() for p in players))
            tables = {s.table for s in seats}
            by_table = {t: [i for i, s in enumerate(seats) if s.table == t] for t in tables}
            for t, who in by_table.items():
                size = len(server.tables[t].seats)
                assert {sizes[i] for i in who} == {size}  # each at a table of the size they asked for
            # the 2-player tables filled with people and began; of the 3-player ones one is full, one waits
            assert sorted(len(who) for who in by_table.values()) == [1, 2, 2, 3]
            started = [t for t in tables if server.tables[t].status == "playing"]
            assert len(started) == 3
            waiting = next(t for t in tables if server.tables[t].status == "lobby")
            assert list(server.match.waiting) == [waiting]
            # the wait is over: the two empty seats go to bots, and the game begins
            clock.now = 3601
            await server.match.fill_due()
            t = server.tables[waiting]
            assert t.status == "playing"
            kinds = [s.kind for s in t.seats]
            assert kinds.count(SeatKind.BOT) == 2 and kinds.count(SeatKind.HUMAN) == 1
            assert {s.level for s in t.seats if s.kind == SeatKind.BOT} == {"medium"}  # a new player: 1500
            alone = players[by_table[waiting][0]]
            await alone.wait(TableChanged, lambda e: e.table.status == "playing")
            for p in players:
                await p.close()

    asyncio.run(main())


def test_the_wait_runs_out_on_its_own_and_a_private_server_refuses():
    async def main():
        async with running(match_wait=0.01) as server:
            p = Player(server.url)
            await p.connected()
            p.client.play_now("Solo", 2, "jumbo")
            await p.seated()
            e = await p.wait(TableChanged, lambda e: e.table.status == "playing")
            assert [s.kind for s in e.table.seats] == [SeatKind.HUMAN, SeatKind.BOT]
            # jumbo with the server's bound on rounds (engine/strangers.py)
            assert e.table.public and e.table.edition == "jumbo-server"
            await p.close()
        async with running(public_by_default=False) as server:
            p = Player(server.url)
            await p.connected()
            req = p.client.play_now("Solo", 2)
            assert (await p.refusal(req)).code == "not_public"
            await p.close()

    asyncio.run(main())


def test_rated_play_now_needs_an_identified_player_and_a_clock():
    async def main():
        async with running() as server:
            p = Player(server.url)
            await p.connected()
            req = p.client.play_now("Anon", 2, rated=True, clock="5+20")
            assert (await p.refusal(req)).code == "identity"
            no_clock = p.client.play_now("Anon", 2, rated=True)
            e = await p.refusal(no_clock)
            assert e.code == "rated" and "needs a clock" in e.reason
            assert not server.match.waiting
            await p.close()

    asyncio.run(main())


def test_only_players_of_the_same_clock_meet_and_a_rated_table_gets_it():
    async def main():
        async with running(match_wait=3600) as server:
            server.match.clock = HandClock()
            keys = [PlayerKey.new() for _ in range(4)]
            ps = [Player(server.url, player_key=k, player_name=f"K{i}") for i, k in enumerate(keys)]
            for p in ps:
                await p.wait(P.Identified)
            ps[0].client.play_now("K0", 2, rated=True, clock="5+20")
            ps[1].client.play_now("K1", 2, rated=True, clock="10+30")  # another clock: another table
            ps[2].client.play_now("K2", 2, rated=False, clock="5+20")  # unrated: another table
            a, b, c = [await p.seated() for p in ps[:3]]
            assert len({a.table, b.table, c.table}) == 3
            ps[3].client.play_now("K3", 2, rated=True, clock="5+20")
            d = await ps[3].seated()
            assert d.table == a.table  # the same edition, size, kind and clock
            t = server.tables[a.table]
            assert t.rated and t.clock is not None and t.clock.profile == "5+20" and t.status == "playing"
            assert server.tables[b.table].clock.profile == "10+30"  # type: ignore[union-attr]
            assert server.tables[c.table].clock.profile == "5+20" and not server.tables[c.table].rated  # type: ignore[union-attr]
            for p in ps:
                await p.close()

    asyncio.run(main())
