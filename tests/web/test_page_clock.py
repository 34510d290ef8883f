"""The page's clocks (issue 48, item 3) in Chromium: each player's time left
beside their name, counting down; when the page's player runs out of time
(the server's time source moved by the test, never real minutes) the page
says so and offers Take my seat back, which gives the seat back."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import pytest

from bigcity_desktop.net.housekeeping import Housekeeping
from tests.net.helpers import Player, running
from tests.net.test_clocks import FakeTime

from .helpers import GUARD_MS, LAPTOP, chromium, http_of, join, my_turn_or_over, need_browser, shot


@pytest.fixture(autouse=True)
def _browser() -> None:
    need_browser()


def test_the_page_counts_down_and_takes_the_seat_back(tmp_path: Path) -> None:
    async def main() -> None:
        fake = FakeTime()
        async with running(time_source=fake, bot_delay=2.0) as server, chromium() as browser:
            desk = Player(server.url)
            desk.client.create("Desk", ["human", "human", "random"], title="clock test", clock="5+20")
            table = (await desk.seated()).table
            page: Any = await browser.new_page(viewport=LAPTOP)
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            await join(page, http_of(server), table, "Web", 1)
            desk.client.start_game()
            desk_game = asyncio.create_task(desk.play(random.Random(1)))
            await page.wait_for_selector('[data-clock="1"]', timeout=GUARD_MS)
            assert await page.inner_text('[data-clock="1"]') == "5:00"
            # the page's turn: its clock runs out on the server
            while True:
                if not await my_turn_or_over(page):
                    pytest.skip("the game ended before the page's turn")  # pragma: no cover - a seed's chance
                t = server.tables[table]
                if t.clock is not None and t.clock.running == 1:
                    break
                await asyncio.sleep(0.05)  # pragma: no cover - the table update after the page's view
            fake.t += 301
            await Housekeeping(server).sweep_table(t, time.monotonic())
            await page.wait_for_selector('[data-take-seat="1"]', timeout=GUARD_MS)
            assert "time ran out" in await page.inner_text("#conn")
            await shot(page, tmp_path, "clock-ran-out-1280")
            await page.click('[data-take-seat="1"]', timeout=GUARD_MS)  # the rows are drawn anew with each view
            await page.wait_for_function("() => document.querySelector('[data-take-seat]') === null", timeout=GUARD_MS)
            assert t.seats[1].kind == "human" and t.clock is not None and t.clock.timed_out == [1]
            assert errors == []
            desk_game.cancel()
            await desk.close()

    asyncio.run(main())
