"""Finished tables leave memory once their record is written (issue 45,
item 5): the players see the end, then the table, its game and its moves
go (the record is in finished/), a rejoin is told the game is over, and
many games leave the server holding no table."""

from __future__ import annotations

import asyncio
import json
import random

from bigcity_desktop.net.client import GameEnded, LeftTable

from .helpers import GUARD, Player, running


async def _until(cond, what: str) -> None:
    """Wait for the server to get there (a guard against a hang, not a measure)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + GUARD
    while not cond():
        assert loop.time() < end, what
        await asyncio.sleep(0.02)


async def _one_game(server, rng: random.Random) -> tuple[str, str, int]:
    ann = Player(server.url)
    ann.client.create("Ann", ["human", "random"])
    seated = await ann.seated()
    ann.client.start_game()
    ended = await ann.play(rng)
    assert isinstance(ended, GameEnded)
    await ann.close()
    return seated.table, seated.token, seated.seat


def test_a_finished_table_leaves_memory_once_its_record_is_written(tmp_path):
    async def main():
        async with running(data_dir=tmp_path) as server:
            ann = Player(server.url)
            ann.client.create("Ann", ["human", "random"])
            seated = await ann.seated()
            table = seated.table
            ann.client.start_game()
            await ann.play(random.Random(2))
            record = tmp_path / "finished" / f"{table}.game.json"
            # retired: the record written and the table's rows deleted, in one commit of the journal's thread
            await _until(lambda: server.tables[table].retired, "the record is written")
            assert json.loads(record.read_text())["extra"]["table"] == table
            assert table in server.tables  # Ann still looks at the end
            assert server.store.record_text(table) is None  # its rows have left the database
            ann.client.leave()
            await ann.wait(LeftTable)
            assert table not in server.tables  # at once: nobody is at it and its record is written
            # a rejoin with the seat's token is told the game is over
            bob = Player(server.url)
            req = bob.client.rejoin(table, seated.seat, seated.token)
            no = await bob.refusal(req)
            assert no.code == "no_table" and "is over" in no.reason
            for p in (ann, bob):
                await p.close()

    asyncio.run(main())


def test_many_games_leave_no_table_behind(tmp_path):
    async def main():
        async with running(data_dir=tmp_path) as server:
            rng = random.Random(9)
            tables = [(await _one_game(server, rng))[0] for _ in range(8)]
            await _until(lambda: not server.tables, "every finished table has left")
            assert sorted(p.name for p in (tmp_path / "finished").glob("*.game.json")) == sorted(
                f"{t}.game.json" for t in tables
            )

    asyncio.run(main())
