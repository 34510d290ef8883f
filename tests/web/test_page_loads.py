"""What the page loads, in a real browser (headless Chromium): a table's
join screen asks the server for the first screen's files only (the files
the weight tests count: tests/net/test_web.py first_screen), in English and
in German; the table's modules and a German page's engine sentences come
when the game is shown, the rules summary when its Help is opened; the
deal's check at the end (tests/web/test_fair_deal_page.py plays to it)."""

from __future__ import annotations

import asyncio
import re

import pytest

from bigcity_desktop.net.web import load_static, versioned
from tests.net.helpers import running
from tests.net.test_web import first_screen

from .helpers import GUARD_MS, LAPTOP, chromium, http_of, need_browser
from .test_page import desk_table

pytestmark = pytest.mark.slow

_STATIC = re.compile(r"/static/(?:[0-9a-f]{16}/)?([A-Za-z0-9_.-]+)$")


@pytest.fixture(autouse=True)
def _browser() -> None:
    need_browser()


def static_names(urls: list[str]) -> set[str]:
    return {m.group(1) for url in urls if (m := _STATIC.search(url.partition("?")[0]))}


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_join_screen_loads_the_first_screen_and_the_game_the_rest(language: str) -> None:
    files, _ = versioned(load_static())
    first = set(first_screen(files, language)) - {"index.html"}

    async def main() -> None:
        async with running() as server, chromium() as browser:
            desk, table = await desk_table(server, "original", bots=0)
            context = await browser.new_context(viewport=LAPTOP, locale="de-DE" if language == "de" else "en-US")
            page = await context.new_page()
            asked: list[str] = []
            page.on("request", lambda r: asked.append(r.url))
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            await page.goto(f"{http_of(server)}/t/{table}")
            await page.wait_for_selector('[data-join-seat="1"]', timeout=GUARD_MS)
            assert static_names(asked) == first, static_names(asked) ^ first
            await page.fill("#name", "Web")
            await page.click('[data-join-seat="1"]')
            desk.client.start_game()
            await page.wait_for_selector("#board svg", timeout=GUARD_MS)
            shown = static_names(asked)
            assert {"table.js", "panels.js", "board.js", "keys.js", "moves.js"} <= shown
            assert ("sentences.de.json" in shown) == (language == "de")
            assert not {"fairdeal.js", "pyrandom.js", "rulesummary.js"} & shown
            # the log's sentences in the page's language, from the first view
            log = await page.inner_text("#log")
            assert ("ist Startspieler" if language == "de" else "is the start player") in log, log
            await page.click("#hostbar #rules summary")
            await page.wait_for_selector("#rules[open] .summary[data-shown]", timeout=GUARD_MS)
            assert "rulesummary.js" in static_names(asked)
            assert ("Gebäude" if language == "de" else "Buildings") in await page.inner_text("#rules")
            assert not {"fairdeal.js", "pyrandom.js"} & static_names(asked)
            assert not errors, errors
            await desk.close()
            await context.close()

    asyncio.run(main())
