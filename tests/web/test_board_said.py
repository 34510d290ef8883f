"""The board described lot by lot for a screen reader (keys.js, lotsaid.js,
present/lots.py), in a real browser (headless Chromium), by the keyboard
alone: a neighborhood's spot is named by its place, never its cells; the
arrows go lot by lot and each lot says its number, neighborhood and area,
what stands on it and whether the chosen piece can go there and for how many
points, in the focused lot's name (the accessibility tree) and in the live
region; in English and in German."""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

import pytest

from tests.net.helpers import running

from .helpers import GUARD_MS, LAPTOP, chromium, http_of, my_turn_or_over, need_browser, play_one_move
from .test_host_page import create_from_the_form
from .test_keyboard_page import tab_to

pytestmark = pytest.mark.slow

#: a spot said by its cells ("2,0", "-1, 3")
CELLS = re.compile(r"-?\d+\s*,\s*-?\d+")
WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "lot": "Property ",
        "hood": "neighborhood ",
        "area": ("outskirts", "city centre"),
        "spot": "of neighborhood",
        "can": "can go here",
        "cannot": "cannot go here",
        "points": "point",
        "owner": " of ",
    },
    "de": {
        "lot": "Grundstück ",
        "hood": "Stadtteil ",
        "area": ("Stadtrand", "Innenstadt"),
        "spot": "von Stadtteil",
        "can": "passt hierher",
        "cannot": "passt hier nicht hin",
        "points": "Punkt",
        "owner": " von ",
    },
}


#: the arrows toward the first built lot from the focused one (the longer way first), null when there
TOWARD_BUILT = """() => {
  const lot = window.bigcity.presented.built[0][0][0];
  const to = document.querySelector(`#board [data-lot="${lot}"]`), at = document.activeElement;
  if (!to || to === at) return null;
  const a = at.getBoundingClientRect(), b = to.getBoundingClientRect();
  const dx = b.left - a.left, dy = b.top - a.top;
  const h = dx > 0 ? 'ArrowRight' : 'ArrowLeft', v = dy > 0 ? 'ArrowDown' : 'ArrowUp';
  return Math.abs(dx) >= Math.abs(dy) ? [h, v] : [v, h];
}"""


@pytest.fixture(autouse=True)
def _browser() -> None:
    need_browser()


async def said(page: Any) -> tuple[str, str, str]:
    """The focused element's accessible name (from the accessibility tree), its aria-label and the live region."""
    label = await page.evaluate("document.activeElement?.getAttribute('aria-label') || ''")
    live = await page.evaluate("document.querySelector('#lotsaid')?.textContent || ''")
    focused = await page.locator(":focus").aria_snapshot()
    return focused, label, live


async def keys_until(page: Any, selector: str) -> None:
    """Chooses by Tab and Enter what is lit until `selector` is lit (a neighborhood's spots)."""
    for _ in range(6):
        if await page.query_selector(selector):
            return
        if await page.query_selector("#actions [data-kind]"):
            await tab_to(page, '#actions [data-kind="tile"]')
        else:
            await tab_to(page, ".lit")
        await page.keyboard.press("Enter")
    await page.wait_for_selector(selector, timeout=GUARD_MS)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_board_said_lot_by_lot_by_keyboard(language: str) -> None:
    w = WORDS[language]

    async def main() -> None:
        async with running() as server, chromium() as browser:
            page = await browser.new_page(viewport=LAPTOP)
            await page.add_init_script(f"localStorage.setItem('bigcity.language', '{language}')")
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            await create_from_the_form(page, http_of(server), "Said", ["bot:easy"])
            await tab_to(page, "[data-start]")
            await page.keyboard.press("Enter")
            assert await my_turn_or_over(page)
            # the first move lays a neighborhood: its spots are said by their place
            await keys_until(page, "#board [data-spot].lit")
            await tab_to(page, "#board [data-spot].lit")
            spots = []
            for _ in range(4):
                focused, label, live = await said(page)
                assert label and label == live and label in focused, (label, live, focused)
                spots.append(label)
                await page.keyboard.press("n")
            assert all(w["spot"] in s and not CELLS.search(s) for s in spots), spots
            listed = await page.evaluate("[...document.querySelectorAll('#places button')].map(b => b.textContent)")
            assert listed and not any(CELLS.search(x) for x in listed), listed
            await page.keyboard.press("Enter")
            # moves by clicks until a building stands and a piece can be built
            rng = random.Random(2)
            kinds: list[str] = []
            while await my_turn_or_over(page):
                built = await page.evaluate("document.querySelectorAll('#board .building').length")
                can = "build" in await page.evaluate("window.bigcity.choosing.kinds()")
                if built and can:
                    break
                await play_one_move(page, rng, kinds)
            else:
                raise AssertionError("the game ended before a building could be described")
            # a piece chosen by keys; the focus is on a lit lot: the arrows go lot by lot
            if await page.query_selector('#actions [data-kind="build"]'):
                await tab_to(page, '#actions [data-kind="build"]')
                await page.keyboard.press("Enter")
            await tab_to(page, "#tray .lit")
            await page.keyboard.press("Enter")
            await page.wait_for_function("() => window.bigcity.choosing.ask()?.step === 'set'")
            if not await page.evaluate("document.activeElement?.closest('#board') !== null"):
                await tab_to(page, "#board [data-lot].lit")
            heard: list[str] = []
            lots = await page.evaluate("document.querySelectorAll('#board [data-lot]').length")
            # right along a row; a lot heard before: down (then left, up), as a player sweeps the board
            ways = ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"]
            way = 0
            for _ in range(3 * lots):
                focused, label, live = await said(page)
                assert label == live and label in focused, (label, live, focused)
                if label in heard:
                    await page.keyboard.press(ways[(way + 1) % 4])
                    way = (way + 2) % 4
                else:
                    heard.append(label)
                    if any(w["owner"] in x for x in heard) and any(w["cannot"] in x for x in heard):
                        break
                await page.keyboard.press(ways[way])
            if not any(w["owner"] in x for x in heard):
                # toward a built lot, by the arrow of the longer way there (the other one when it goes nowhere)
                seen: set[str] = set()
                for _ in range(3 * lots):
                    way = await page.evaluate(TOWARD_BUILT)
                    if way is None:
                        break
                    label = (await said(page))[1]
                    heard.append(label)
                    await page.keyboard.press(way[1] if label in seen else way[0])
                    seen.add(label)
                heard.append((await said(page))[1])
            for text in heard:
                assert text.startswith(w["lot"]) and w["hood"] in text, text
                assert any(a in text for a in w["area"]), text
            assert any(w["can"] in x and w["points"] in x for x in heard), heard
            assert any(w["cannot"] in x for x in heard), heard
            assert any(w["owner"] in x and w["points"] in x.split(":")[0] for x in heard), heard
            # Enter on a lot the piece cannot go: nothing is played, the lot is said again
            at = await page.evaluate("window.bigcity.at")
            for _ in range(lots):
                if w["cannot"] in (await said(page))[1]:
                    break
                await page.keyboard.press("ArrowRight")
            await page.keyboard.press("Enter")
            assert await page.evaluate("window.bigcity.at") == at and not await page.evaluate("window.bigcity.pending")
            # N goes to a lit lot again
            await page.keyboard.press("n")
            assert w["can"] in (await said(page))[1]
            print(language, heard[:3], spots[:2])
            assert not errors, errors

    asyncio.run(main())
