"""The browser tests' pieces: headless Chromium from the system's packages
driven by Playwright for Python (never a browser Playwright downloads), and
a page that plays its seat by clicking what the page lights.

The tests skip when /usr/bin/chromium or playwright is missing, unless
BIGCITY_REQUIRE_BROWSER=1 (CI sets it), when they fail instead."""

from __future__ import annotations

import contextlib
import os
import random
import shutil
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: how long a step waits for the page before the test fails (a guard against a hang)
GUARD_MS = 30_000
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
#: a look at the page before each click of a move
Check = Callable[[Any], Awaitable[None]]
#: where copies of the screenshots go, to be looked at
SHOTS = Path("/tmp/page_shots")


def need_browser() -> None:
    """Skip (or fail, when CI requires the browser) without Chromium or Playwright."""
    missing = []
    if not Path(CHROMIUM).exists():
        missing.append(CHROMIUM)
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        missing.append("playwright (pip)")
    if missing:
        text = "the browser tests need " + " and ".join(missing)
        if os.environ.get("BIGCITY_REQUIRE_BROWSER") == "1":
            pytest.fail(text)
        pytest.skip(text)


@contextlib.asynccontextmanager
async def chromium() -> AsyncIterator[Any]:
    """The system's headless Chromium."""
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield browser
        finally:
            await browser.close()


async def shot(page: Any, tmp_path: Path, name: str) -> Path:
    """A screenshot under the test's tmp_path, and a copy in /tmp/page_shots."""
    path = tmp_path / f"{name}.png"
    await page.screenshot(path=str(path), full_page=False)
    with contextlib.suppress(OSError):
        SHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, SHOTS / path.name)
    return path


def http_of(server: Any) -> str:
    """The server's page address (http://host:port)."""
    host, port = server.address
    return f"http://{host}:{port}"


async def state(page: Any) -> str:
    return str(await page.evaluate("document.body.dataset.state"))


async def join(page: Any, base: str, table: str, name: str, seat: int) -> None:
    """Open the table's page, type a name and sit in `seat`."""
    await page.goto(f"{base}/t/{table}")
    await page.wait_for_selector(f'[data-join-seat="{seat}"]', timeout=GUARD_MS)
    await page.fill("#name", name)
    await page.click(f'[data-join-seat="{seat}"]')
    await page.wait_for_function("() => document.body.dataset.state !== 'join'", timeout=GUARD_MS)


async def my_turn_or_over(page: Any) -> bool:
    """Waits until it is the page's turn (True) or the game is over (False)."""
    await page.wait_for_function(
        "() => document.body.dataset.state === 'over' || "
        "(document.querySelector('#actions[data-my-turn=\"1\"]') !== null && !window.bigcity.pending)",
        timeout=GUARD_MS,
    )
    return await state(page) != "over"


#: the indexes among the lit elements of those the step being asked takes
ASKED = """() => {
  const c = window.bigcity.choosing, ask = c && c.ask();
  if (!ask) return [];
  return [...document.querySelectorAll('.lit')].flatMap((e, i) => {
    const d = e.dataset, v = ask.step === 'set' ? (d.lot ?? d.card) : d[ask.step];
    return v !== undefined && ask.values.has(v) ? [i] : [];
  });
}"""


async def play_one_move(page: Any, rng: random.Random, kinds: list[str], check: Check | None = None) -> None:
    """Plays the page's move with clicks only: a kind of move, then what it
    lights, until a tap plays it (a stack, a lot, a spot, a street) or the
    Play button shows; the kind is noted in `kinds`. `check` looks at the
    page before each click."""
    at = await page.evaluate("window.bigcity.at")
    if check is not None:
        await check(page)
    buttons = await page.query_selector_all("[data-kind]")
    if buttons:
        button = rng.choice(buttons)
        kinds.append(str(await button.get_attribute("data-kind")))
        await button.click()
    else:
        kinds.append(str(await page.evaluate("window.bigcity.choosing.kind")))
    for _ in range(40):
        if await page.evaluate(f"window.bigcity.pending || window.bigcity.at !== {at}"):
            break  # the last tap played the move
        if check is not None:
            await check(page)
        play = await page.query_selector('[data-act="play"]:not([disabled])')
        if play is not None:
            await play.click()
            break
        lit = await page.query_selector_all(".lit")
        assert lit, "nothing is lit and there is no Play button"
        # mostly what the step asked for; now and then another lit piece or neighborhood (a switch)
        asked = await page.evaluate(ASKED)
        await rng.choice(lit if not asked or rng.random() < 0.1 else [lit[i] for i in asked]).click()
    else:
        where = await page.evaluate(
            "() => { const c = window.bigcity.choosing, a = c && c.ask(); "
            "return c && [c.kind, [...c.fixed], c.set, a && a.step, a && [...a.values].slice(0, 8), [...document.querySelectorAll('.lit')].map(e => e.outerHTML.slice(0, 80)), window.bigcity.pending]; }"
        )
        raise AssertionError(f"no move was completed in 40 clicks: {where}")
    await page.wait_for_function(
        f"() => window.bigcity.at !== {at} || document.body.dataset.state === 'over'", timeout=GUARD_MS
    )


async def play_to_the_end(
    page: Any, rng: random.Random, until_moves: int | None = None, check: Check | None = None
) -> list[str]:
    """The page's moves until the game ends (or it has played `until_moves`): the kinds played."""
    kinds: list[str] = []
    while await my_turn_or_over(page):
        await play_one_move(page, rng, kinds, check)
        if until_moves is not None and len(kinds) >= until_moves:
            break
    return kinds
