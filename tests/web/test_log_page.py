"""The page watching a long game (issue 45.6): its whole view carries the
log's recent events only, and Show earlier above the log brings older lines,
from the view first, then from the server (`log`), in the game's order."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from benchmarks.rejoin_long import TABLE, write_table
from bigcity_desktop.engine.phases import RECENT_MOST
from tests.net.helpers import running

from .helpers import GUARD_MS, LAPTOP, chromium, need_browser

pytestmark = pytest.mark.slow

#: the page's lines at first and per Show earlier (web/static/panels.js LOG_PAGE)
LOG_PAGE = 80


@pytest.fixture(autouse=True)
def _browser() -> None:
    need_browser()


def test_the_page_shows_earlier_lines_of_a_long_game(tmp_path: Path) -> None:
    write_table(tmp_path, 2_000)

    async def main() -> None:
        async with running(data_dir=tmp_path) as server, chromium() as browser:
            while TABLE not in server.tables:  # resumed on a thread of its own
                await asyncio.sleep(0.01)
            st = server.tables[TABLE].state
            assert st is not None and server.address is not None
            host, port = server.address
            page = await browser.new_page(viewport=LAPTOP)
            await page.goto(f"http://{host}:{port}/t/{TABLE}")
            await page.click("[data-watch]", timeout=GUARD_MS)
            await page.wait_for_selector("#log li.ev", timeout=GUARD_MS)
            held = await page.evaluate("[window.bigcity.view.events_from, window.bigcity.view.events.length]")
            assert 0 < held[0] and held[1] <= RECENT_MOST and sum(held) == len(st.events)
            assert await page.locator("#log li.ev").count() == LOG_PAGE
            shown = LOG_PAGE
            while shown < held[1] + 2 * LOG_PAGE:  # past what the whole view held: the server's pages
                await page.click("[data-earlier]")
                shown += LOG_PAGE
                await page.wait_for_function(f"() => document.querySelectorAll('#log li.ev').length === {shown}")
            # the lines are the game's last `shown` events, in order, each once
            kinds = await page.eval_on_selector_all("#log li.ev", "e => e.map(x => x.className.split(' ')[1])")
            assert kinds == [str(e.kind) for e in st.events[-shown:]]
            assert await page.evaluate("window.bigcity.view.events_from") < held[0]

    asyncio.run(main())
