"""The page verifies the deal itself, in Chromium (issue 48 item 7): two pages
sit at a 3-seat table with a clock beside a scripted desktop client; each
page's clock runs out on its first turn (the server's time source moved by
the test), so a bot plays its seat to the end while the page watches its
own cards. At the end the honest page replays the deal and every draw from
the revealed seed (fairdeal.js, pyrandom.js) and says "Fair deal verified";
the other page's `game_over` is forged on its way (one of its seat's draws
from another stack, as a lying server would record it) and the page names
that move in its warning."""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest

from bigcity_desktop.net.client import GameEnded, ViewUpdate
from bigcity_desktop.net.housekeeping import Housekeeping
from tests.net.helpers import GUARD, Player, choose, running
from tests.net.test_clocks import FakeTime

from .helpers import GUARD_MS, LAPTOP, chromium, http_of, join, need_browser, shot

pytestmark = pytest.mark.slow

FORGED_SEAT = 2
#: how long the end may take to reach a page (a hang's guard: the page draws every view the bots' moves make)
END_MS = 4 * GUARD_MS
#: what the page saw, for a failure's message
WATCHED = "JSON.stringify([window.bigcity.dealWatch.sightings, window.bigcity.view.actors])"


@pytest.fixture(autouse=True)
def _browser() -> None:
    need_browser()


class Forger:
    """Passes the page's websocket through, but rewrites `game_over`'s record:
    the first draw of `seat` taken from another stack."""

    def __init__(self, actors: Any, seat: int) -> None:
        self.actors = actors  # the server's table's actors, read when the game is over
        self.seat = seat
        self.forged_move: int | None = None

    def route(self, ws: Any) -> None:
        server = ws.connect_to_server()
        ws.on_message(server.send)
        server.on_message(lambda m: ws.send(self.forge(m)))

    def forge(self, message: str | bytes) -> str | bytes:
        if isinstance(message, bytes) or '"game_over"' not in message:
            return message
        m = json.loads(message)
        if m.get("type") != "game_over":
            return message
        record = json.loads(m["record"])
        actors = self.actors()
        i = next(k for k, a in enumerate(record["actions"]) if a["act"] == "draw" and actors[k] == self.seat)
        record["actions"][i]["stack"] = 1 if record["actions"][i]["stack"] != 1 else 2
        self.forged_move = i + 1
        m["record"] = json.dumps(record)
        return json.dumps(m)


async def _hand_over_when_due(server: Any, table: str, fake: FakeTime, handed: set[int]) -> None:
    """The page's seat to move with its clock running: its time runs out now."""
    t = server.tables[table]
    loop = asyncio.get_running_loop()
    end = loop.time() + GUARD
    while t.clock is None or t.clock.running not in (1, 2):  # the server's table moves on its own after a view
        if loop.time() > end:  # pragma: no cover - a hang's guard
            raise AssertionError("the page's clock never ran")
        await asyncio.sleep(0.02)
    handed.add(t.clock.running)
    fake.t += 301
    await Housekeeping(server).sweep_table(t, time.monotonic())


def test_the_page_verifies_the_deal_and_flags_a_forged_draw(tmp_path: Path) -> None:
    async def main() -> None:
        fake = FakeTime()
        # the bots a moment apart, so that the pages' views do not pile up on a loaded machine
        async with running(time_source=fake, bot_delay=0.1) as server, chromium() as browser:
            desk = Player(server.url)
            desk.client.create("Desk", ["human", "human", "human"], title="deal test", clock="5+20")
            table = (await desk.seated()).table
            honest: Any = await browser.new_page(viewport=LAPTOP)
            lied_to: Any = await browser.new_page(viewport=LAPTOP)
            errors: list[str] = []
            for p in (honest, lied_to):
                p.on("pageerror", lambda exc: errors.append(str(exc)))

            def actors() -> list[int]:
                state = server.tables[table].state
                assert state is not None  # the game is over, not gone
                return list(state.actors)

            forger = Forger(actors, FORGED_SEAT)
            await lied_to.route_web_socket(re.compile(r".*"), forger.route)
            await join(honest, http_of(server), table, "Honest", 1)
            await join(lied_to, http_of(server), table, "Trusting", FORGED_SEAT)
            desk.client.start_game()
            rng = random.Random(7)
            handed: set[int] = set()
            ended: GameEnded | None = None
            while ended is None:
                e = await desk.next()
                if isinstance(e, GameEnded):
                    ended = e
                elif isinstance(e, ViewUpdate) and not e.view.is_over:
                    if e.view.current_player == desk.client.seat:
                        desk.client.act(choose(e.view, rng), e.at)
                    elif e.view.current_player not in handed and e.view.current_player in (1, 2):
                        await _hand_over_when_due(server, table, fake, handed)
            assert ended.deal is not None and ended.deal.verified  # the app's client core agrees
            # a page on a loaded machine may be a while behind the bots: it reads every view, in order
            await honest.wait_for_selector("[data-deal]", timeout=END_MS)
            said = await honest.inner_text("[data-deal]")
            assert said.startswith("Fair deal verified"), (said, await honest.evaluate(WATCHED))
            # the game is over: a seat whose clock ran out is no longer offered back
            assert await honest.query_selector("[data-take-seat]") is None
            await lied_to.wait_for_selector("[data-deal]", timeout=END_MS)
            warning = await lied_to.inner_text("[data-deal]")
            assert await lied_to.get_attribute("[data-deal]", "data-deal") == "deal_warning", warning
            n = forger.forged_move
            assert n is not None
            assert warning.startswith("Warning: the deal could not be verified: ")
            assert f"after move {n} your hand held" in warning or f"move {n} of the record cannot be played" in warning
            await shot(lied_to, tmp_path, "deal-forged")
            assert errors == []
            await desk.close()

    asyncio.run(main())
