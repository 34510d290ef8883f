"""A friendly table paused by agreement of all (issue 48, item 3), over
loopback with a time source the test moves by hand: one player asks, the
table pauses when every connected player agreed, its clocks stop and moves
are refused with a sentence; any one player resumes it; the pause outlives
a restart; a rated table is never paused."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable

from bigcity_desktop.net import protocol as P
from bigcity_desktop.net.client import TableChanged, ViewUpdate
from bigcity_desktop.net.housekeeping import Housekeeping
from bigcity_desktop.net.identity import PlayerKey

from .helpers import Player, choose, running


class FakeTime:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


async def _table(p: Player, pred: Callable[[P.TableInfo], object]) -> P.TableInfo:
    return (await p.wait(TableChanged, lambda e: bool(pred(e.table)))).table


def test_a_pause_needs_everyone_stops_the_clocks_refuses_moves_and_outlives_a_restart(tmp_path):
    async def main() -> None:
        fake = FakeTime()
        async with running(time_source=fake, data_dir=tmp_path) as server:
            ann, ben = Player(server.url), Player(server.url)
            ann.client.create("Ann", ["human", "human"], clock="5+20")
            table = (await ann.seated()).table
            ben.client.join(table, "Ben")
            await ben.seated()
            e = await ben.refusal(ben.client.pause())
            assert e.code == "pause"  # nothing in play yet
            ann.client.start_game()
            view = (await ann.wait(ViewUpdate)).view
            mover = ann if view.current_player == 0 else ben
            other = ben if mover is ann else ann
            fake.t += 40
            mover.client.pause()
            asked = await _table(other, lambda t: t.pause_asked)
            assert asked.pause_asked == (mover.client.seat,) and not asked.paused
            other.client.pause()  # agreed by all: paused
            info = await _table(mover, lambda t: t.paused)
            assert info.pause_asked == () and info.clock_left is not None
            left = info.clock_left[mover.client.seat or 0]
            assert left == 260.0
            fake.t += 1000  # the clocks stand: nobody runs out
            t = server.tables[table]
            await Housekeeping(server).sweep_table(t, time.monotonic())
            assert t.people() == [0, 1] and (t.info().clock_left or ())[mover.client.seat or 0] == 260.0
            v = mover.client.view
            assert v is not None
            e = await mover.refusal(mover.client.act(choose(v, random.Random(1)), len(v.history)))
            assert e.code == "paused" and "paused" in e.reason
            assert (await mover.refusal(mover.client.pause())).code == "pause"  # paused already
            await ann.close()
            await ben.close()
        async with running(time_source=fake, data_dir=tmp_path) as server:
            assert server.resumer is not None
            await server.resumer.finished.wait()
            t = server.tables[table]
            assert t.paused and t.clock is not None and t.clock.stopped
            fake.t += 500
            assert (t.info().clock_left or ())[view.current_player] == 260.0  # still standing after the restart
            ann = Player(server.url)
            await ann.connected()
            seat = view.current_player  # the mover's seat, back with its token
            ann.client.rejoin(table, seat, mover.client.token or "")
            await ann.seated()
            info = await _table(ann, lambda t: True)
            assert info.paused
            ann.client.pause(False)  # one player resumes
            info = await _table(ann, lambda t: not t.paused)
            fake.t += 10
            assert (t.info().clock_left or ())[seat] == 250.0  # its clock runs again
            assert not t.stored().paused
            await ann.close()

    asyncio.run(main())


def test_a_rated_table_is_never_paused_and_a_play_on_withdraws_an_ask():
    async def main() -> None:
        async with running() as server:
            ann = Player(server.url, player_key=PlayerKey.new(), player_name="Ann")
            await ann.wait(P.Identified)
            ann.client.create("Ann", ["human", "medium"], rated=True, clock="10+30")
            await ann.seated()
            ann.client.start_game()
            await ann.wait(ViewUpdate)
            e = await ann.refusal(ann.client.pause())
            assert e.code == "rated" and "cannot be paused" in e.reason
            await ann.close()
            ann, ben = Player(server.url), Player(server.url)
            ann.client.create("Ann", ["human", "human", "random"])
            table = (await ann.seated()).table
            ben.client.join(table, "Ben")
            await ben.seated()
            ann.client.start_game()
            await ann.wait(ViewUpdate)
            ann.client.pause()
            await _table(ben, lambda t: t.pause_asked == (0,))
            ben.client.pause(False)  # Ben plays on: the ask is withdrawn
            info = await _table(ann, lambda t: not t.pause_asked)
            assert not info.paused
            assert (await ann.refusal(ann.client.pause(False))).code == "pause"  # nothing to resume
            await ann.close()
            # Ben alone is connected now: his ask is everyone's
            ben.client.pause()
            assert (await _table(ben, lambda t: t.paused)).paused
            assert server.tables[table].bot_task is None  # the bot waits too
            await ben.close()
            # Cleo asks, Dan leaves without a word: he has no say any more, and the housekeeping pauses the table
            cleo, dan = Player(server.url), Player(server.url)
            cleo.client.create("Cleo", ["human", "human"])
            table = (await cleo.seated()).table
            dan.client.join(table, "Dan")
            await dan.seated()
            cleo.client.start_game()
            await cleo.wait(ViewUpdate)
            cleo.client.pause()
            await _table(dan, lambda t: t.pause_asked == (0,))
            await dan.close()
            await _table(cleo, lambda t: not t.seats[1].connected)
            t = server.tables[table]
            assert not t.paused
            await Housekeeping(server).sweep_table(t, time.monotonic())
            assert (await _table(cleo, lambda t: t.paused)).paused
            await cleo.close()

    asyncio.run(main())
