"""The server's pages of players and finished games in a real browser
(headless Chromium; issue 48, item 6): after a rated game, /players ranks
its player, /p/<player> shows the rating chart and the game, and /g/<game>
replays the game from its first position to its last move (play, step,
end), with the record to download."""

from __future__ import annotations

import asyncio
import random

import pytest

from bigcity_desktop.net import protocol as P
from bigcity_desktop.net.client import GameEnded
from bigcity_desktop.net.identity import PlayerKey
from tests.net.helpers import Player, running

from .helpers import GUARD_MS, LAPTOP, chromium, http_of, need_browser, shot

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def _browser() -> None:
    need_browser()


def test_ranking_profile_and_replay_pages(tmp_path) -> None:
    async def main() -> None:
        key = PlayerKey.new()
        async with running() as server, chromium() as browser:
            ann = Player(server.url, player_key=key, player_name="Ann")
            await ann.wait(P.Identified)
            ann.client.create("Ann", ["human", "medium"], rated=True, clock="10+30")
            table = (await ann.seated()).table
            ann.client.start_game()
            ended = await ann.play(random.Random(3))
            assert isinstance(ended, GameEnded) and ended.game is not None
            game = ended.game
            total = len(game.state.history)
            await ann.close()
            base = http_of(server)
            page = await browser.new_page(viewport=LAPTOP)

            await page.goto(f"{base}/players")
            await page.wait_for_selector(f'tr[data-player="{key.player}"]', timeout=GUARD_MS)
            me = server.desk.players.player(key.player)
            assert me is not None
            shown = me.rating("original").shown
            assert str(shown) in await page.inner_text(f'tr[data-player="{key.player}"]')
            await shot(page, tmp_path, "players")

            await page.click(f'tr[data-player="{key.player}"] a')
            await page.wait_for_selector("svg.ratingchart", timeout=GUARD_MS)
            assert await page.evaluate("document.body.dataset.state") == "player"
            assert "100%" in await page.inner_text(".facts")  # finished every game begun
            await shot(page, tmp_path, "profile")

            await page.click(f'li[data-game="{table}"] a')
            await page.wait_for_function("() => document.body.dataset.state === 'replay'", timeout=GUARD_MS)
            assert await page.inner_text('[data-replay="position"]') == f"0 / {total}"
            await page.click('[data-replay="forward"]')
            await page.wait_for_function(
                "() => window.bigcity.replay.at === 1 && window.bigcity.at === 1", timeout=GUARD_MS
            )
            await page.click('[data-replay="play"]')  # plays on by itself
            await page.wait_for_function("() => window.bigcity.at >= 4", timeout=GUARD_MS)
            await page.click('[data-replay="play"]')  # and stops
            await page.select_option('[data-replay="round"]', index=1)
            await page.wait_for_function("() => window.bigcity.view.round === 2", timeout=GUARD_MS)
            await page.click('[data-replay="end"]')
            await page.wait_for_function("() => document.body.dataset.state === 'replay-end'", timeout=GUARD_MS)
            assert await page.evaluate("window.bigcity.at") == total
            assert await page.evaluate("window.bigcity.view.scores") == list(game.state.scores)
            await page.wait_for_selector("[data-record]", timeout=GUARD_MS)
            assert await page.evaluate("window.bigcity.record.length") == len(ended.record)
            await shot(page, tmp_path, "replay")

    asyncio.run(main())
