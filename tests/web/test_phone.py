"""The browser seat on a phone (issue 47): a whole game at 390×844 in
portrait where every lit target measures at least 44 px on each side before
every tap, the hand and the neighborhood picker within the first screen, and
at the end the results in view with the title "Game over"; a hidden tab told
by a notification that its turn has come (the permission stubbed, asked when
the player sits down and never on load); no panel over another at 320, 390,
768, 1280 and 2560 pixels wide across a whole game; the board's zoom; the
score bubble with its breakdown over a lit lot."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from bigcity_desktop.net.client import GameEnded
from tests.net.helpers import running

from .helpers import (
    GUARD_MS,
    LAPTOP,
    PHONE,
    chromium,
    http_of,
    join,
    my_turn_or_over,
    need_browser,
    play_to_the_end,
    shot,
    state,
)
from .test_page import desk_table

pytestmark = pytest.mark.slow

#: a finger's width, the smallest a lit target may be (CSS pixels)
TARGET = 44
#: the widths the layout holds at (a phone upright, a tablet, a laptop, a wide screen), and a phone held sideways
SIZES = ((320, 640), (390, 844), (768, 1024), (1280, 800), (2560, 1440), (844, 390))

#: every lit target that shows: its label and its size in CSS pixels
LIT_SIZES = """() => [...document.querySelectorAll('.lit')]
  .filter((e) => e.getClientRects().length && !e.closest('[hidden]'))
  .map((e) => { const r = e.getBoundingClientRect();
    return [e.tagName + ' ' + [...e.attributes].map((a) => a.name + '=' + a.value).join(' '), r.width, r.height]; })"""

#: the game's panels that show, and each pair of them that overlaps (with the header)
OVERLAPS = """() => {
  const boxes = [document.getElementById('top'), ...document.querySelectorAll('#app > section')]
    .filter((e) => e && !e.hidden && e.getClientRects().length)
    .map((e) => [e.id, e.getBoundingClientRect()]);
  const out = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, ra] = boxes[i], [b, rb] = boxes[j];
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > 1 && h > 1) out.push(`${a} over ${b} (${Math.round(w)}x${Math.round(h)})`);
    }
  if (document.documentElement.scrollWidth > innerWidth + 1)
    out.push(`the page is ${document.documentElement.scrollWidth} px wide in ${innerWidth}`);
  return out;
}"""


#: a lit lot in view whose move has a score breakdown (`why`), scrolled to the board's centre
EXPLAINED_LOT = """() => {
  const c = window.bigcity.choosing, ask = c && c.ask();
  if (!ask || ask.step !== 'set' || c.kind !== 'build') return null;
  for (const v of ask.values) {
    const m = c.completedBy(v), e = document.querySelector(`#board [data-lot="${v}"].lit`);
    if (!m || !m.why || !e) continue;
    e.scrollIntoView({ block: 'center', inline: 'center' });
    const r = e.getBoundingClientRect();
    if (document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === e) return v;
  }
  return null;
}"""


async def bubble_explains(page: Any, tmp_path: Path) -> bool:
    """Points at a lit lot whose score has a breakdown: the bubble says it, step by step."""
    lot = await page.evaluate(EXPLAINED_LOT)
    if lot is None:
        return False
    await page.hover(f'#board [data-lot="{lot}"]', force=True)
    text = await page.inner_text(".bubble")
    assert "point" in text and "base " in text, text
    await shot(page, tmp_path, "phone-bubble-390")
    await page.mouse.move(0, 0)
    return True


@pytest.fixture(autouse=True)
def _browser() -> None:
    need_browser()


async def lit_targets_are_finger_wide(page: Any) -> None:
    sizes = await page.evaluate(LIT_SIZES)
    small = [(what, round(w, 1), round(h, 1)) for what, w, h in sizes if min(w, h) < TARGET]
    assert not small, f"lit targets under {TARGET} px: {small[:5]}"


async def in_reach(page: Any) -> None:
    """On the first screen of a phone (scrolled to the top): the turn and the
    hand, or while a neighborhood is chosen, the neighborhoods to come."""
    height = PHONE["height"]
    top = await page.evaluate(
        "() => { const r = (id) => { const e = document.getElementById(id); "
        "return e && !e.hidden && e.getClientRects().length ? e.getBoundingClientRect().top + scrollY : null; }; "
        "return {hand: r('handbox'), tiles: r('tilesbox'), kind: window.bigcity.choosing && window.bigcity.choosing.kind}; }"
    )
    if top["kind"] == "tile":  # the neighborhoods come before the hand then
        assert top["tiles"] is not None and top["tiles"] < height - TARGET, top
    else:
        assert top["hand"] is not None and top["hand"] < height - TARGET, top


def test_a_whole_game_on_a_phone_with_finger_wide_targets(tmp_path: Path) -> None:
    async def main() -> None:
        rng = random.Random(11)
        async with running() as server, chromium() as browser:
            desk, table = await desk_table(server, "original", bots=1)
            page = await browser.new_page(viewport=PHONE, has_touch=True, is_mobile=True)
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            await join(page, http_of(server), table, "Web", 1)
            desk.client.start_game()
            desk_game = asyncio.create_task(desk.play(random.Random(11)))
            await page.wait_for_selector("#board svg", timeout=GUARD_MS)
            measured = 0
            bubbles = 0

            async def check(p: Any) -> None:
                nonlocal measured, bubbles
                await lit_targets_are_finger_wide(p)
                measured += 1
                if bubbles < 3 and await bubble_explains(p, tmp_path):
                    bubbles += 1
                if measured % 7 == 1:  # now and then, from the top of the page
                    await p.evaluate("scrollTo(0, 0)")
                    await in_reach(p)
                    assert await p.evaluate(OVERLAPS) == []
                if measured == 40:
                    await p.evaluate("scrollTo(0, 0)")
                    await shot(p, tmp_path, "phone-mid-390")

            kinds = await play_to_the_end(page, rng, check=check)
            assert isinstance(await asyncio.wait_for(desk_game, 60), GameEnded)
            assert await state(page) == "over" and kinds and measured > len(kinds)
            # a random game may end early, after a round of passes; a longer one builds with a bonus somewhere
            assert bubbles > 0 or len(kinds) < 20, "no score bubble with its breakdown was seen"
            await page.wait_for_function("() => document.title.startsWith('Game over')", timeout=GUARD_MS)
            # the results brought into view, wherever the player had scrolled to
            await page.wait_for_function(
                "() => { const r = document.getElementById('end').getBoundingClientRect(); "
                "return r.top >= -1 && r.top < innerHeight / 2; }",
                timeout=GUARD_MS,
            )
            icon = await page.get_attribute("#icon", "href")
            assert icon == "/static/icon-over.svg"
            await shot(page, tmp_path, "phone-end-390")
            assert errors == []
            await desk.close()

    asyncio.run(main())


STUB_NOTIFICATIONS = """
window.__notes = []; window.__asked = 0; window.__hidden = false;
class StubNotification {
  constructor(title, options) { window.__notes.push([title, options && options.body]); }
  addEventListener() {}
  close() {}
}
StubNotification.permission = "default";
StubNotification.requestPermission = () => {
  window.__asked += 1; StubNotification.permission = "granted"; return Promise.resolve("granted");
};
window.Notification = StubNotification;
Object.defineProperty(document, "visibilityState", { get: () => (window.__hidden ? "hidden" : "visible") });
"""


def test_a_hidden_tab_is_notified_of_its_turn(tmp_path: Path) -> None:
    async def main() -> None:
        async with running() as server, chromium() as browser:
            desk, table = await desk_table(server, "original", bots=0)
            context = await browser.new_context(viewport=PHONE)
            await context.add_init_script(STUB_NOTIFICATIONS)
            page = await context.new_page()
            await page.goto(f"{http_of(server)}/t/{table}")
            await page.wait_for_selector('[data-join-seat="1"]', timeout=GUARD_MS)
            assert await page.evaluate("window.__asked") == 0  # never on load
            await join(page, http_of(server), table, "Web", 1)
            assert await page.evaluate("window.__asked") == 1  # when the player sits down
            assert await page.evaluate("window.__notes") == []
            await page.evaluate("window.__hidden = true")
            desk.client.start_game()
            desk_game = asyncio.create_task(desk.play(random.Random(5)))
            assert await my_turn_or_over(page)
            await page.wait_for_function("() => window.__notes.length > 0", timeout=GUARD_MS)
            notes = await page.evaluate("window.__notes")
            assert notes[0][0] == "Your turn" and "original test" in notes[0][1]
            assert (await page.title()).startswith("Your turn")
            assert await page.get_attribute("#icon", "href") == "/static/icon-turn.svg"
            desk_game.cancel()
            await desk.close()
            await context.close()

    asyncio.run(main())


def test_no_panel_lies_over_another_at_any_width_across_a_whole_game(tmp_path: Path) -> None:
    async def main() -> None:
        rng = random.Random(12)
        async with running() as server, chromium() as browser:
            desk, table = await desk_table(server, "jumbo", bots=1)
            page = await browser.new_page(viewport=PHONE)
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            await join(page, http_of(server), table, "Web", 1)
            desk.client.start_game()
            desk_game = asyncio.create_task(desk.play(random.Random(12)))
            await page.wait_for_selector("#board svg", timeout=GUARD_MS)
            turns = 0

            async def all_widths(p: Any) -> None:
                for width, height in SIZES:
                    await p.set_viewport_size({"width": width, "height": height})
                    for y in (0, 600, 100_000):  # the top, a little down, the bottom
                        await p.evaluate(f"scrollTo(0, {y})")
                        found = await p.evaluate(OVERLAPS)
                        assert found == [], f"at {width}×{height}, scrolled to {y}: {found}"
                await p.set_viewport_size(PHONE)

            async def check(p: Any) -> None:
                nonlocal turns
                turns += 1
                if turns % 3 == 1:
                    await all_widths(p)
                if turns == 30:
                    await p.set_viewport_size(LAPTOP)
                    await shot(p, tmp_path, "laptop-mid-1280")
                    await p.set_viewport_size(PHONE)

            await play_to_the_end(page, rng, check=check)
            assert isinstance(await asyncio.wait_for(desk_game, 60), GameEnded)
            await all_widths(page)
            await page.set_viewport_size(LAPTOP)
            await page.evaluate("scrollTo(0, 0)")
            await shot(page, tmp_path, "laptop-end-1280")
            assert errors == []
            await desk.close()

    asyncio.run(main())


#: touch pointers on the board, as a finger sends them
TOUCH = """(events) => { const port = document.getElementById('board'), r = port.getBoundingClientRect();
  for (const [type, id, dx, dy] of events)
    port.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: 'touch', isPrimary: id === 1,
      clientX: r.left + r.width / 2 + dx, clientY: r.top + r.height / 2 + dy, bubbles: true, button: 0 }));
}"""
PINCH = f"""() => ({TOUCH})([
  ['pointerdown', 1, -20, 0], ['pointerdown', 2, 20, 0],
  ['pointermove', 1, -40, 0], ['pointermove', 2, 40, 0], ['pointermove', 1, -60, 0], ['pointermove', 2, 60, 0],
  ['pointerup', 1, -60, 0], ['pointerup', 2, 60, 0]])"""
DRAG = f"""() => ({TOUCH})([
  ['pointerdown', 3, 0, 0], ['pointermove', 3, -20, -20], ['pointermove', 3, -60, -50], ['pointerup', 3, -60, -50]])"""


def test_the_board_zooms_with_its_buttons_a_pinch_and_a_drag(tmp_path: Path) -> None:
    async def main() -> None:
        async with running() as server, chromium() as browser:
            desk, table = await desk_table(server, "original", bots=1)
            page = await browser.new_page(viewport=PHONE)
            await join(page, http_of(server), table, "Web", 1)
            desk.client.start_game()
            desk_game = asyncio.create_task(desk.play(random.Random(2)))
            await page.wait_for_selector("#board svg", timeout=GUARD_MS)
            width = "() => document.querySelector('#board svg').getBoundingClientRect().width"
            await page.click('[data-zoom="fit"]')
            fit = await page.evaluate(width)
            await page.click('[data-zoom="in"]')
            await page.click('[data-zoom="in"]')
            assert await page.evaluate(width) > fit * 1.5
            await page.click('[data-zoom="out"]')
            assert fit < await page.evaluate(width)
            await page.click('[data-zoom="fit"]')
            assert abs(await page.evaluate(width) - fit) < 2
            # two fingers spread apart zoom in about their midpoint; one finger drags the board
            await page.evaluate(PINCH)
            pinched = await page.evaluate(width)
            assert pinched > fit * 1.5
            port = "() => [document.getElementById('board').scrollLeft, document.getElementById('board').scrollTop]"
            before = await page.evaluate(port)
            await page.evaluate(DRAG)
            after = await page.evaluate(port)
            assert after[0] > before[0] and after[1] > before[1]
            assert await page.evaluate(width) == pinched
            desk_game.cancel()
            await desk.close()

    asyncio.run(main())
