"""The board's zoom chosen again when a phone is turned (zoom.js), in a real
browser (headless Chromium): at 390×844 and after turning to 844×390 (and
back) every lit lot is at least 44 px and in view; at rest on a city bigger
than the screen the buildings' labels stay readable (at least 9 px high:
READABLE in zoom.js) and the city is panned rather than shrunk below that."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from tests.net.helpers import running

from .helpers import GUARD_MS, PHONE, chromium, http_of, my_turn_or_over, need_browser, play_one_move, shot
from .test_host_page import create_from_the_form

pytestmark = pytest.mark.slow

TARGET = 44
READABLE = 9
SIDEWAYS = {"width": PHONE["height"], "height": PHONE["width"]}

#: the board's scale (pixels per scene unit), the scale that would fit it whole, whether it pans, a label's height
BOARD = """() => {
  const port = document.getElementById('board'), svg = port.querySelector('svg');
  const [, , w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
  const scale = svg.getBoundingClientRect().width / w;
  const label = document.querySelector('#board .blabel');
  return {scale, fit: Math.min(port.clientWidth / w, port.clientHeight / h),
          pans: port.scrollWidth > port.clientWidth + 1 || port.scrollHeight > port.clientHeight + 1,
          label: label ? parseFloat(getComputedStyle(label).fontSize) * scale : null,
          lit: document.querySelectorAll('#board .lit').length};
}"""
#: each lit lot's smaller side, and whether its centre is inside the board's viewport
LIT = """() => { const p = document.getElementById('board').getBoundingClientRect();
  return [...document.querySelectorAll('#board .lit')].map((e) => { const r = e.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    return [Math.min(r.width, r.height), x >= p.left && x <= p.right && y >= p.top && y <= p.bottom]; }); }"""


@pytest.fixture(autouse=True)
def _browser() -> None:
    need_browser()


async def frames(page: Any) -> None:
    """Two frames: the viewport's resize observed and the board sized again."""
    await page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


async def lit_fine(page: Any, where: str) -> None:
    lit = await page.evaluate(LIT)
    assert lit, where
    small = [round(side, 1) for side, _ in lit if side < TARGET]
    assert not small, f"{where}: lit lots under {TARGET} px: {small}"
    assert any(seen for _, seen in lit), f"{where}: no lit lot in view"


async def rest_readable(page: Any, where: str) -> dict[str, Any]:
    board = await page.evaluate(BOARD)
    assert board["lit"] == 0, board
    assert board["label"] is not None and board["label"] >= READABLE - 0.01, (where, board)
    if board["fit"] * 12 < READABLE:  # the whole city would make labels unreadable: it is panned instead
        assert board["pans"], (where, board)
    return dict(board)


def test_the_zoom_is_chosen_again_when_the_phone_turns_and_labels_stay_readable_at_rest(tmp_path: Path) -> None:
    async def main() -> None:
        async with running() as server, chromium() as browser:
            page = await browser.new_page(viewport=PHONE)
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            await create_from_the_form(page, http_of(server), "Turn", ["bot:easy"])
            await page.click("[data-start]")
            rng = random.Random(5)
            kinds: list[str] = []
            rests: list[dict[str, Any]] = []
            # moves by taps until a building stands and the city would not fit with readable labels
            while await my_turn_or_over(page):
                board = await page.evaluate(BOARD)
                if board["label"] is not None and board["fit"] * 12 < READABLE and board["lit"] == 0:
                    if "build" in await page.evaluate("window.bigcity.choosing.kinds()"):
                        break
                await play_one_move(page, rng, kinds)
            else:
                raise AssertionError("the game ended before the city outgrew the phone")
            # at rest on a big city (a kind of move to choose, nothing lit): labels readable, the city panned
            rests.append(await rest_readable(page, "390x844 at rest"))
            await shot(page, tmp_path, "zoom-rest-390x844")
            await page.set_viewport_size(SIDEWAYS)
            await frames(page)
            rests.append(await rest_readable(page, "844x390 at rest"))
            await shot(page, tmp_path, "zoom-rest-844x390")
            await page.set_viewport_size(PHONE)
            await frames(page)
            # a piece chosen: the lots it may go lit, a finger wide and in view, upright and sideways
            await page.click('#actions [data-kind="build"]')
            await page.click("#tray .lit")
            await page.wait_for_function("() => window.bigcity.choosing.ask()?.step === 'set'", timeout=GUARD_MS)
            await frames(page)
            await lit_fine(page, "390x844")
            upright = (await page.evaluate(BOARD))["scale"]
            await page.set_viewport_size(SIDEWAYS)
            await frames(page)
            await lit_fine(page, "844x390")
            await shot(page, tmp_path, "zoom-lit-844x390")
            await page.set_viewport_size(PHONE)
            await frames(page)
            await lit_fine(page, "390x844 again")
            assert abs((await page.evaluate(BOARD))["scale"] - upright) < 0.01
            print("at rest", rests, "lit scale", round(upright, 2))
            assert not errors, errors

    asyncio.run(main())
