"""Clocks (issue 48, item 3), over loopback with a time source the test
moves by hand (never real minutes): the clock of the seat to move runs, an
increment when the turn passes; past zero a bot of the table's level plays
the seat at once and the player is told; they take it back; the record says
whose clock ran out (for ratings); the time left outlives a restart."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from bigcity_desktop.engine.rules import rules_dir
from bigcity_desktop.net import protocol as P
from bigcity_desktop.net.client import GameEnded, Refusal, TableChanged, ViewUpdate
from bigcity_desktop.net.clocks import PROFILES, ClockError, TableClock
from bigcity_desktop.net.housekeeping import Housekeeping
from bigcity_desktop.net.identity import PlayerKey

from .helpers import Player, choose, running


class FakeTime:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def test_the_clock_of_the_seat_to_move_runs_and_the_turn_adds_the_increment():
    c = TableClock.new("5+20", 3)
    c.turn(0, 10.0)
    assert c.left_at(70.0) == (240.0, 300.0, 300.0)
    c.turn(0, 70.0)  # the same seat moves on: nothing changes
    c.turn(1, 100.0)  # 90 s used, 20 s added
    assert c.left_at(100.0) == (230.0, 300.0, 300.0)
    assert c.expired(399.0, [0, 1, 2]) is None and c.expired(400.0, [0, 1, 2]) == 1
    assert c.expired(400.0, [0, 2]) is None  # a bot's seat never runs out
    c.ran_out(1, 400.0)
    assert c.timed_out == [1] and c.left_at(500.0)[1] == 0.0
    c.taken_back(1, 500.0)
    assert c.left_at(500.0)[1] == PROFILES["5+20"][1]
    back = TableClock.from_json(c.to_json(500.0), 3)
    assert back.left == [230.0, 20.0, 300.0] and back.timed_out == [1] and back.running is None
    for bad in (
        {"profile": "1+1", "left": [1, 1, 1], "timed_out": []},
        {"profile": "5+20", "left": [1], "timed_out": []},
    ):
        with pytest.raises(ClockError):
            TableClock.from_json(bad, 3)


async def _my_turn(p: Player) -> ViewUpdate:
    return await p.wait(ViewUpdate, lambda e: not e.view.is_over and e.view.current_player == p.client.seat)


def test_past_zero_a_bot_plays_at_once_the_player_is_told_and_takes_the_seat_back():
    async def main() -> None:
        fake = FakeTime()
        async with running(time_source=fake) as server:
            ann = Player(server.url)
            ann.client.create("Ann", ["human", "medium"], clock="5+20")
            table = (await ann.seated()).table
            info = (await ann.wait(TableChanged)).table
            assert info.clock == "5+20" and info.clock_left == (300.0, 300.0)
            ann.client.start_game()
            await _my_turn(ann)
            t = server.tables[table]
            fake.t += 120
            assert (t.info().clock_left or ())[:1] == (180.0,)
            fake.t += 181  # Ann thinks too long
            await Housekeeping(server).sweep_table(t, time.monotonic())
            told = await ann.wait(Refusal, lambda e: e.code == "clock")
            assert "time ran out" in told.reason
            changed = await ann.wait(TableChanged, lambda e: e.table.timed_out == (0,))
            assert changed.table.seats[0].kind == "bot" and changed.table.seats[0].level == "medium"
            await ann.wait(ViewUpdate, lambda e: e.by == 0)  # the bot played her seat at once
            ann.client.take_seat()
            back = await ann.wait(TableChanged, lambda e: e.table.seats[0].kind == "human")
            assert back.table.timed_out == (0,)  # she ran out once: for ratings, a loss
            assert back.table.clock_left is not None and back.table.clock_left[0] <= PROFILES["5+20"][1]
            end = await ann.play(random.Random(1))
            assert isinstance(end, GameEnded) and end.game is not None
            assert end.game.extra["timed_out"] == [0]
            # the server's result: whose clock ran out finished last and not in time, whatever the score
            kept = server.desk.players.game(table)
            assert kept is not None
            ann_result = kept[0].seats[0]
            assert ann_result.place == 2 and not ann_result.in_time and ann_result.finished
            await ann.close()

    asyncio.run(main())


def test_a_bot_seat_refuses_its_players_moves_until_taken_back():
    async def main() -> None:
        fake = FakeTime()
        async with running(time_source=fake, bot_delay=5.0) as server:
            ann = Player(server.url)
            ann.client.create("Ann", ["human", "random"], clock="10+30")
            table = (await ann.seated()).table
            ann.client.start_game()
            view = (await _my_turn(ann)).view
            fake.t += 601
            await Housekeeping(server).sweep_table(server.tables[table], time.monotonic())
            await ann.wait(Refusal, lambda e: e.code == "clock")
            req = ann.client.act(choose(view, random.Random(2)), len(view.history))
            assert (await ann.refusal(req)).code in ("bot", "not_your_turn", "stale")
            await ann.close()

    asyncio.run(main())


def test_the_time_left_outlives_a_restart(tmp_path):
    async def main() -> None:
        fake = FakeTime()
        async with running(time_source=fake, data_dir=tmp_path) as server:
            ann = Player(server.url)
            ann.client.create("Ann", ["human", "random"], clock="5+20")
            seated = await ann.seated()
            ann.client.start_game()
            await _my_turn(ann)
            fake.t += 100
            await server._save_table(server.tables[seated.table])  # as at any seat change or chat line
            await ann.close()
        async with running(time_source=fake, data_dir=tmp_path) as server:
            assert server.resumer is not None
            await server.resumer.finished.wait()
            clock = server.tables[seated.table].clock
            assert clock is not None and clock.profile == "5+20" and clock.left[0] == 200.0
            state = server.tables[seated.table].state
            assert state is not None and clock.running == state.current_player  # it runs again
            fake.t += 50
            assert (server.tables[seated.table].info().clock_left or ())[:1] == (150.0,)  # the downtime is nobody's

    asyncio.run(main())


def test_a_create_naming_no_time_control_is_refused_and_a_take_back_without_cause_too():
    async def main() -> None:
        async with running() as server:
            ann = Player(server.url)
            bad = ann.client.create("Ann", ["human", "easy"], clock="1+1")
            assert (await ann.refusal(bad)).code == "clock"
            ann.client.create("Ann", ["human", "easy"], clock="10+30")
            await ann.seated()
            ann.client.start_game()
            await ann.wait(ViewUpdate)
            req = ann.client.take_seat()
            assert (await ann.refusal(req)).code == "take_seat"  # her clock never ran out
            await ann.close()

    asyncio.run(main())


def test_a_rated_table_needs_a_clock_the_bundled_rules_and_identified_players():
    house = (rules_dir() / "original.toml").read_text(encoding="utf-8")
    house = house.replace('edition = "original"', 'edition = "my house"\nbase_edition = "original"', 1)

    async def main() -> None:
        async with running() as server:
            ann = Player(server.url, player_key=PlayerKey.new(), player_name="Ann")
            await ann.wait(P.Identified)
            no_clock = ann.client.create("Ann", ["human", "medium"], rated=True)
            e = await ann.refusal(no_clock)
            assert e.code == "rated" and "needs a clock" in e.reason
            with_house = ann.client.create("Ann", ["human", "medium"], rules=house, rated=True, clock="5+20")
            e = await ann.refusal(with_house)
            assert e.code == "rated" and "bundled rules" in e.reason
            anon = Player(server.url)
            await anon.connected()
            e = await anon.refusal(anon.client.create("Anon", ["human", "medium"], rated=True, clock="5+20"))
            assert e.code == "identity"
            # with all three it is made, and begins
            ann.client.create("Ann", ["human", "medium"], rated=True, clock="10+30")
            seated = await ann.seated()
            t = server.tables[seated.table]
            assert t.rated and t.clock is not None
            # a rated table without a clock (one saved before the rule) does not start
            t.clock = None
            e = await ann.refusal(ann.client.start_game())
            assert e.code == "rated" and "needs a clock" in e.reason and t.status == "lobby"
            for p in (ann, anon):
                await p.close()

    asyncio.run(main())
