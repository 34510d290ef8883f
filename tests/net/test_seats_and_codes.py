"""What the server says about seats and names: one name per table, seats in
sentences counted as the fields count them, a refusal code per case, a
leaving host's seat freed in one update, a damaged table named as damaged."""

from __future__ import annotations

import asyncio

from bigcity_desktop.net import protocol as P
from bigcity_desktop.net.client import Refusal, TableChanged, ViewUpdate

from .helpers import Player, running


async def lobby_of_three(server) -> tuple[Player, Player, Player, str]:
    ann, bob, cid = Player(server.url), Player(server.url), Player(server.url)
    ann.client.create("Same", ["human", "human", "human"])
    table = (await ann.seated()).table
    bob.client.join(table, "same ")
    await bob.seated()
    cid.client.join(table, "Same")
    await cid.seated()
    return ann, bob, cid, table


def test_a_second_player_of_the_same_name_is_numbered():
    async def main():
        async with running() as server:
            ann, bob, cid, table = await lobby_of_three(server)
            names = [s.name for s in server.tables[table].seats]
            assert names == ["Same", "same (2)", "Same (3)"]
            for p in (ann, bob, cid):
                await p.close()

    asyncio.run(main())


def test_sentences_count_seats_as_the_fields_do_and_name_the_player():
    async def main():
        async with running() as server:
            ann, bob, cid, table = await lobby_of_three(server)
            ann.client.start_game()
            await ann.wait(TableChanged, lambda e: e.table.status == "playing")
            await bob.wait(ViewUpdate)
            view = bob.client.view
            assert view is not None
            req = bob.client.request(P.Act, view.legal_actions()[0], len(view.history), 0)
            refusal = await bob.wait(Refusal, lambda e: e.request == req)
            assert refusal.code == "seat"
            assert refusal.reason == "You sit in seat 1 (same (2)), not in seat 0 (Same)."
            for p in (ann, bob, cid):
                await p.close()

    asyncio.run(main())


def test_a_spectators_start_is_refused_as_a_spectators():
    async def main():
        async with running() as server:
            ann, bob, cid, table = await lobby_of_three(server)
            eve = Player(server.url)
            eve.client.spectate(table)
            await eve.wait(TableChanged)
            req = eve.client.start_game()
            refusal = await eve.refusal(req)
            assert refusal.code == "spectator"
            for p in (ann, bob, cid, eve):
                await p.close()

    asyncio.run(main())


def test_a_leaving_host_is_told_of_once_with_the_seat_freed():
    async def main():
        async with running() as server:
            ann, bob, cid, table = await lobby_of_three(server)
            while not bob.queue.empty():
                bob.queue.get_nowait()
            ann.client.leave()
            update = await bob.wait(TableChanged)
            first = update.table.seats[0]
            assert first.name is None and update.table.host == 1  # never "Same, dropped"
            for p in (ann, bob, cid):
                await p.close()

    asyncio.run(main())


def test_rejoining_a_damaged_table_says_it_is_damaged(tmp_path):
    async def main():
        async with running(data_dir=str(tmp_path)) as server:
            ann, bob, cid, table = await lobby_of_three(server)
            for p in (ann, bob, cid):
                await p.close()
        import sqlite3

        from bigcity_desktop.net.store import DB_NAME

        db = sqlite3.connect(tmp_path / DB_NAME)
        db.execute("UPDATE tables SET doc = '{}' WHERE id = ?", (table,))
        db.commit()
        db.close()
        async with running(data_dir=str(tmp_path)) as server:
            ann = Player(server.url)
            req = ann.client.rejoin(table, 0, "x" * 32)
            refusal = await ann.refusal(req)
            assert refusal.code == "damaged" and "damaged" in refusal.reason and table in refusal.reason
            await ann.close()

    asyncio.run(main())
