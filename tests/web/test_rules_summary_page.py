"""The rules summary on the page (issue 47 item 6), in a real browser
(headless Chromium): a house-rules table's notice opens the Help with the
summary of the table's own rules, its changed values (and only those)
marked "changed from the bundled edition", in English and in German, and
nothing of the rules file read as HTML; a bundled table's Help shows the
summary with nothing marked changed."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bigcity_desktop.net.client import SeatAssigned
from tests.net.helpers import Player, running

from .helpers import GUARD_MS, LAPTOP, PHONE, chromium, http_of, join, need_browser
from .test_host_page import house_rules_text

pytestmark = pytest.mark.slow

#: HTML in the rules file's title and in a building's label: shown as text, never made elements
TITLE = "Big hands <b id=pwn>x</b>"
LABEL = "Residence <img src=x id=pwn2>"


@pytest.fixture(autouse=True)
def _browser() -> None:
    need_browser()


def hostile_rules() -> str:
    text = house_rules_text().replace('title = "Big hands"', f'title = "{TITLE}"')
    assert 'label = "Residence"' in text
    return text.replace('label = "Residence"', f'label = "{LABEL}"', 1)


async def open_help(page: Any, house: bool) -> None:
    if house:
        await page.wait_for_selector("#hostbar [data-house]", timeout=GUARD_MS)
        await page.click("#hostbar [data-house]")
    else:
        await page.wait_for_selector("#hostbar #rules summary", timeout=GUARD_MS)
        await page.click("#hostbar #rules summary")
    await page.wait_for_selector("#rules[open] .summary[data-shown]", timeout=GUARD_MS)


@pytest.mark.parametrize(
    ("language", "changed_word", "hand_word"),
    [
        ("en", "changed from the bundled edition", "Hand size"),
        ("de", "geändert gegenüber der mitgelieferten Ausgabe", "Handkarten"),
    ],
)
def test_a_house_rules_table_shows_its_summary_with_the_changed_values_marked(
    language: str, changed_word: str, hand_word: str
) -> None:
    async def main() -> None:
        async with running(public_by_default=True) as server, chromium() as browser:
            desk = Player(server.url)
            desk.client.create("Desk", ["human", "human"], rules=hostile_rules(), title="House table")
            seated = await desk.wait(SeatAssigned)
            base = http_of(server)
            context = await browser.new_context(viewport=PHONE if language == "de" else LAPTOP, locale=language)
            page = await context.new_page()
            await page.add_init_script(f"localStorage.setItem('bigcity.language', '{language}')")
            await join(page, base, seated.table, "Web", 1)
            desk.client.start_game()
            await open_help(page, house=True)
            marked = await page.eval_on_selector_all("#rules [data-changed]", "cells => cells.map(c => c.textContent)")
            assert len(marked) == 2, (marked, await page.inner_text("#rules"))
            assert hand_word in marked[0] and "2" in marked[0] and "6" in marked[0], marked
            assert marked[1].startswith(LABEL), marked  # the label as text, its tags and all
            assert all(changed_word in m for m in marked), marked
            text = await page.inner_text("#rules")
            assert TITLE in text and changed_word in text
            # nothing of the rules file became an element
            assert await page.evaluate("document.querySelector('#pwn, #pwn2, #rules img, #rules b') === null")
            # every other value unmarked: the buildings' table has one row per building
            rows = await page.eval_on_selector_all("#rules table tr", "rows => rows.length")
            assert rows == 1 + 10
            await desk.close()
            await context.close()

    asyncio.run(main())


def test_a_bundled_table_s_help_shows_the_summary_with_nothing_changed() -> None:
    async def main() -> None:
        async with running(public_by_default=True) as server, chromium() as browser:
            desk = Player(server.url)
            desk.client.create("Desk", ["human", "human"], edition="jumbo", title="Plain table")
            seated = await desk.wait(SeatAssigned)
            page = await browser.new_page(viewport=PHONE)
            await join(page, http_of(server), seated.table, "Web", 1)
            desk.client.start_game()
            await open_help(page, house=False)
            assert await page.query_selector("#hostbar [data-house]") is None
            assert await page.query_selector("#rules [data-changed]") is None
            text = await page.inner_text("#rules")
            assert "Buildings" in text and "our reading" in text
            await desk.close()

    asyncio.run(main())
