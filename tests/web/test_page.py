"""The browser seat in a real browser (headless Chromium, Playwright): whole
games of both editions where one seat is the page (played by clicks on
what it lights), one a scripted desktop client and the rest server bots;
a reload mid-game that sits down at the same seat; no hidden card of
another seat reaching the page; a hostile name shown as text; the phone
and laptop sizes screenshotted."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from bigcity_desktop.net.client import GameEnded
from tests.net.helpers import Player, running

from .helpers import (
    GUARD_MS,
    LAPTOP,
    PHONE,
    chromium,
    join,
    need_browser,
    play_to_the_end,
    shot,
    state,
)

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def _browser() -> None:
    need_browser()


def http_of(server: Any) -> str:
    host, port = server.address
    return f"http://{host}:{port}"


async def desk_table(server: Any, edition: str, bots: int, name: str = "Desk") -> tuple[Player, str]:
    """A table made by a scripted desktop client in seat 0, a free human seat 1, `bots` bots."""
    desk = Player(server.url)
    desk.client.create(name, ["human", "human", *["random"] * bots], edition=edition, title=f"{edition} test")
    table = (await desk.seated()).table
    return desk, table


async def whole_game(tmp_path: Path, edition: str, size: dict[str, int], seed: int) -> None:
    rng = random.Random(seed)
    async with running() as server, chromium() as browser:
        desk, table = await desk_table(server, edition, bots=1)
        page = await browser.new_page(viewport=size)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        await join(page, http_of(server), table, "Web", 1)
        desk.client.start_game()
        desk_game = asyncio.create_task(desk.play(random.Random(seed)))
        await page.wait_for_selector("#board svg", timeout=GUARD_MS)
        await shot(page, tmp_path, f"{edition}-start-{size['width']}")
        kinds = await play_to_the_end(page, rng)
        print(edition, "page moves", len(kinds), sorted(set(kinds)))
        ended = await asyncio.wait_for(desk_game, 60)
        assert isinstance(ended, GameEnded)
        assert await state(page) == "over"
        link = await page.wait_for_selector('[data-record="1"]', timeout=GUARD_MS)
        href = await link.get_attribute("href")
        assert href is not None and href.startswith("blob:")
        async with page.expect_download(timeout=GUARD_MS) as info:
            await link.click()
        download = await info.value
        record = Path(await download.path()).read_bytes()
        assert json.loads(record) == json.loads(ended.record)  # the page's download is the game's record
        assert download.suggested_filename == f"bigcity-{table}.bigcity"
        await shot(page, tmp_path, f"{edition}-end-{size['width']}")
        assert kinds, "the page played no move"
        assert errors == []
        await desk.close()


def test_a_whole_original_game_with_the_page_at_phone_size(tmp_path: Path) -> None:
    asyncio.run(whole_game(tmp_path, "original", PHONE, 3))


def test_a_whole_jumbo_game_with_the_page_at_laptop_size(tmp_path: Path) -> None:
    asyncio.run(whole_game(tmp_path, "jumbo", LAPTOP, 4))
