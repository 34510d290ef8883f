"""The host switches a table between private and public after creating it
(``publish``, docs/PROTOCOL.md "Private tables"), over loopback: everyone
at the table is told, the lobby and the advertised count follow, the
invitation secret stays the same, only the host may, and the choice is
saved (a restarted server keeps it)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bigcity_desktop.net.client import LobbyUpdate, Refusal, SeatAssigned, TableChanged

from .helpers import Player, running


async def listed(p: Player) -> list[str]:
    req = p.client.list_tables()
    return [t.id for t in (await p.wait(LobbyUpdate, lambda e: e.request == req)).tables]


def test_the_host_makes_a_table_public_and_private_again(tmp_path: Path) -> None:
    async def main() -> tuple[str, str]:
        async with running(public_by_default=False, data_dir=tmp_path) as server:
            ann = Player(server.url)
            ann.client.create("Ann", ["human", "human", "human"], edition="original")
            seated = await ann.wait(SeatAssigned)
            table, invite = seated.table, seated.invite
            assert (await ann.wait(TableChanged)).table.public is False
            bob = Player(server.url)
            bob.client.join(table, "Bob", None, invite)
            await bob.wait(SeatAssigned)
            eve = Player(server.url)
            assert table not in await listed(eve)

            # only the host
            no = await bob.refusal(bob.client.publish(True))
            assert no.code == "host" and not server.tables[table].public

            ann.client.publish(True)
            for p in (ann, bob):
                assert (await p.wait(TableChanged, lambda e: e.table.public)).table.id == table
            assert table in await listed(eve) and server._public_tables() == 1
            eve.client.join(table, "Eve")  # no secret needed now
            assert (await eve.wait(SeatAssigned)).invite == invite  # the same secret: old links still work

            # and back: listed to nobody, the link still lets in
            ann.client.start_game()  # at any time, also once the game has begun
            ann.client.publish(False)
            for p in (ann, bob, eve):
                await p.wait(TableChanged, lambda e: e.table.public is False)
            stranger = Player(server.url)
            assert table not in await listed(stranger) and server._public_tables() == 0
            stranger.client.spectate(table)
            assert (await stranger.wait(Refusal)).code == "no_table"
            watcher = Player(server.url)
            watcher.client.spectate(table, invite)
            assert (await watcher.wait(TableChanged)).table.public is False
            ann.client.publish(True)
            await ann.wait(TableChanged, lambda e: e.table.public)
            for p in (ann, bob, eve, stranger, watcher):
                await p.close()
            return table, invite

    table, invite = asyncio.run(main())

    async def again() -> None:
        async with running(public_by_default=False, data_dir=tmp_path) as server:
            eve = Player(server.url)
            assert table in await listed(eve)  # saved public (a lobby waits for the tables to resume)
            assert server.tables[table].invite == invite
            await eve.close()

    asyncio.run(again())
