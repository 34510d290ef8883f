"""The game by keyboard alone and for a screen reader (keys.js), in a real
browser (headless Chromium): a whole game against a bot where the page's
every move is made with Tab, the arrow keys, Enter and Esc only (each kind
of move the game offered played at least once); the lit places listed with
their points for assistive technology, and named on the board."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from tests.net.helpers import running

from .helpers import GUARD_MS, LAPTOP, chromium, http_of, my_turn_or_over, need_browser, state
from .test_host_page import create_from_the_form

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def _browser() -> None:
    need_browser()


async def tab_to(page: Any, selector: str) -> None:
    """Presses Tab until the focus is on `selector` (each group of lit things is one stop)."""
    for _ in range(80):
        if await page.evaluate(f"() => document.activeElement?.matches({selector!r}) ?? false"):
            return
        await page.keyboard.press("Tab")
    lit = await page.evaluate(
        "[...document.querySelectorAll('.lit')].map(x => x.tagName + ' ' + x.getAttribute('tabindex') + ' ' + "
        "(x.closest('section')?.id || ''))"
    )
    ask = await page.evaluate("JSON.stringify(window.bigcity.choosing?.ask(), (k, v) => v instanceof Set ? [...v] : v)")
    raise AssertionError(f"Tab never reached {selector}: lit {lit[:8]}, asked {ask}")


async def active(page: Any, script: str) -> Any:
    return await page.evaluate(f"() => {{ const a = document.activeElement; return {script}; }}")


async def keyboard_move(page: Any, rng: random.Random, kinds: list[str], offered: set[str]) -> None:
    """One move by keys: a kind (one not played yet if offered), then what
    is lit, by arrows and Enter, until the move is sent: by Enter on the
    choice that completes it (as one tap plays it), or by Play when more
    could still be chosen (the lots of a building)."""
    at = await page.evaluate("window.bigcity.at")
    now = await page.evaluate("window.bigcity.choosing.kinds()")
    offered.update(now)
    if await page.query_selector("#actions [data-kind]"):
        await tab_to(page, "#actions [data-kind]")
        # a pass only when nothing else is new: it may end the game (all passed) before a kind was played
        fresh = [k for k in now if k not in kinds and k != "pass"] or [k for k in now if k not in kinds] or now
        wanted = rng.choice(fresh)
        for _ in range(len(now)):
            if await active(page, "a.dataset.kind") == wanted:
                break
            await page.keyboard.press("ArrowRight")
        await page.keyboard.press("Enter")
    kinds.append(str(await page.evaluate("window.bigcity.choosing.kind")))
    sent = f"() => window.bigcity.pending || window.bigcity.at !== {at} || document.body.dataset.state === 'over'"
    for _ in range(60):
        if await page.evaluate(sent):
            break
        if await page.query_selector('[data-act="play"]:not([disabled])'):
            await tab_to(page, '[data-act="play"]')
            await page.keyboard.press("Enter")
            break
        if not await active(page, "a !== null && a.classList.contains('lit')"):
            if await page.evaluate("[...document.querySelectorAll('.lit')].every(x => x.closest('#board'))"):
                # the board's stop keeps the lot the player was last on, lit or not: Tab there, N to a lit place
                await tab_to(page, "#board [tabindex='0']")
                if not await active(page, "a.classList.contains('lit')"):
                    await page.keyboard.press("n")
            else:
                await tab_to(page, ".lit")
        lit_on_board = await page.evaluate("document.querySelectorAll('#board .lit').length")
        if lit_on_board and await active(page, "a.closest('#board') !== null"):
            listed = await page.evaluate("[...document.querySelectorAll('#places button')].map(b => b.textContent)")
            assert len(listed) == lit_on_board  # every lit place listed for assistive technology
            assert await active(page, "a.getAttribute('role')") == "button" and await active(page, "a.ariaLabel")
            assert await active(page, "a.ariaLabel") == await page.evaluate(
                "document.querySelector('#lotsaid').textContent"
            )
        for _ in range(rng.randrange(4)):
            await page.keyboard.press(rng.choice(["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"]))
        if await active(page, "a.closest('#board') !== null && !a.classList.contains('lit')"):
            await page.keyboard.press(rng.choice(["n", "N"]))  # the arrows go lot by lot: N to a lit place
        await page.keyboard.press("Enter")
    else:
        raise AssertionError("no move was completed in 60 steps")
    await page.wait_for_function(
        f"() => window.bigcity.at !== {at} || document.body.dataset.state === 'over'", timeout=GUARD_MS
    )


@pytest.mark.parametrize("edition", ["original", "jumbo"])
def test_a_whole_game_by_keyboard_alone_with_the_lit_places_listed(edition: str) -> None:
    async def main() -> None:
        async with running() as server, chromium() as browser:
            rng = random.Random(4)
            kinds: list[str] = []
            offered: set[str] = set()
            escaped = False
            errors: list[str] = []
            # a game against the easy bot may end (its passes) before a kind offered once was played:
            # then another game, the kinds of both counted (at most three)
            for _game in range(3):
                page = await browser.new_page(viewport=LAPTOP)
                page.on("pageerror", lambda exc: errors.append(str(exc)))
                await create_from_the_form(page, http_of(server), "Keys", ["bot:easy"], edition=edition)
                await tab_to(page, "[data-start]")
                await page.keyboard.press("Enter")
                while await my_turn_or_over(page):
                    if not escaped and "build" in await page.evaluate("window.bigcity.choosing.kinds()"):
                        # a piece chosen, then Esc: the move is given up, nothing sent
                        if await page.query_selector('#actions [data-kind="build"]'):
                            await tab_to(page, '#actions [data-kind="build"]')
                            await page.keyboard.press("Enter")
                        await tab_to(page, "#tray .lit")
                        await page.keyboard.press("Enter")
                        await page.wait_for_function("() => window.bigcity.choosing.ask().step === 'set'")
                        points = await page.evaluate(
                            "[...document.querySelectorAll('#places button')].map(b => b.textContent)"
                        )
                        assert points and all("point" in p for p in points), points
                        await page.keyboard.press("Escape")
                        await page.wait_for_function("() => window.bigcity.choosing.ask()?.step !== 'set'")
                        escaped = True
                    await keyboard_move(page, rng, kinds, offered)
                assert await state(page) == "over"
                await page.close()
                if set(kinds) == offered:
                    break
            assert set(kinds) == offered, (sorted(set(kinds)), sorted(offered))
            assert {"tile", "build", "draw"} <= set(kinds), kinds
            print(edition, "keyboard moves", len(kinds), sorted(set(kinds)))
            assert escaped and not errors, errors

    asyncio.run(main())
