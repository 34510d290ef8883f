"""Leaving with a bot in one's seat (``leave`` with ``bot``): the game goes
on at once with a bot of that level in the leaver's seat, the host's own
too; an unknown level is refused and the player stays; before the start the
field changes nothing (the seat is freed as by any leave)."""

from __future__ import annotations

import asyncio

from bigcity_desktop.net import protocol as P
from bigcity_desktop.net.client import LeftTable, Refusal, ViewUpdate

from .helpers import Player, running


def test_the_host_leaves_mid_game_and_a_bot_of_its_level_plays_its_seat_to_the_end() -> None:
    async def main() -> None:
        async with running() as server:
            host = Player(server.url)
            host.client.create("Ann", ["human", "random"], edition="original")
            table = (await host.seated()).table
            host.client.start_game()
            await host.wait(ViewUpdate)
            host.client.request(P.Leave, bot="nolevel")
            refused = await host.wait(Refusal)
            assert refused.code == "level" and "nolevel" in refused.reason
            t = server.tables[table]
            assert t.seats[0].kind == "human" and t.seats[0].conn is not None
            watcher = Player(server.url)
            watcher.client.spectate(table, t.invite)
            host.client.request(P.Leave, bot="easy")
            await host.wait(LeftTable)
            while t.seats[0].kind != "bot" or t.state is None or not t.state.is_over:
                await watcher.next(60)
            assert (t.seats[0].kind, t.seats[0].level) == ("bot", "easy")
            await watcher.close()
            await host.close()

    asyncio.run(main())


def test_before_the_start_a_leave_with_a_bot_frees_the_seat_as_any_leave() -> None:
    async def main() -> None:
        async with running() as server:
            host = Player(server.url)
            host.client.create("Ann", ["human", "human"], edition="original")
            table = (await host.seated()).table
            guest = Player(server.url)
            guest.client.join(table, "Bob", 1, invite=server.tables[table].invite)
            await guest.seated()
            guest.client.request(P.Leave, bot="easy")
            await guest.wait(LeftTable)
            seat = server.tables[table].seats[1]
            assert (seat.kind, seat.name) == ("human", None)
            await guest.close()
            await host.close()

    asyncio.run(main())
