"""The page's player key in a real browser (headless Chromium, WebCrypto's
Ed25519): the page makes a key and proves it on connect; a key exported
from the app (its code) signs in from the browser as the same player, and
takes that player's seat back by the key alone; the lobby shows ratings
beside names."""

from __future__ import annotations

import asyncio

import pytest

from bigcity_desktop.net import protocol as P
from bigcity_desktop.net.identity import PlayerKey, export_code
from bigcity_desktop.session.playerkey import key_code, player_key
from tests.net.helpers import Player, running

from .helpers import GUARD_MS, chromium, http_of, need_browser, shot

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def _browser() -> None:
    need_browser()


def test_the_page_makes_a_key_and_an_apps_key_signs_in_from_the_browser(tmp_path) -> None:
    async def main() -> None:
        secrets = tmp_path / "secrets.json"
        app_key = player_key("profile.ini", secrets)  # the app's key, made and kept in its profile
        assert player_key("profile.ini", secrets) == app_key
        async with running() as server, chromium() as browser:
            base = http_of(server)
            # the app's player sits at a table and leaves
            app = Player(server.url, player_key=app_key, player_name="Appy")
            await app.wait(P.Identified)
            app.client.create("Appy", ["human", "human", "hard"], title="Key table")
            seated = await app.seated()
            await app.close()

            context = await browser.new_context()  # one browser profile: its storage is shared by its pages
            page = await context.new_page()
            await page.goto(f"{base}/")
            await page.wait_for_function("() => window.bigcity && window.bigcity.me !== null", timeout=GUARD_MS)
            own = await page.evaluate("window.bigcity.me.player")
            assert own != app_key.player and server.desk.players.player(own) is not None  # a key of its own
            # the lobby shows the table's seats with their ratings
            await page.wait_for_function("() => document.querySelector('.seats') !== null", timeout=GUARD_MS)
            seats = await page.inner_text(".seats")
            assert "Appy (1500?" in seats and "1620" in seats  # a new player; the hard bot's anchor
            # the app's key, carried as its code, signs in from the browser
            await page.click("#player-key summary")
            await page.fill("#key-code", key_code("profile.ini", secrets))
            await shot(page, tmp_path, "identity-lobby")
            await page.click("#use-key")
            await page.wait_for_function(
                f"() => window.bigcity.me !== null && window.bigcity.me.player === '{app_key.player}'", timeout=GUARD_MS
            )
            assert await page.evaluate("window.bigcity.me.name") == "Appy"
            assert app_key.player in await page.inner_text("#player-id")
            # a damaged code is refused and the key stays
            other = PlayerKey.new()
            await page.fill("#key-code", f"BCK1.{export_code(app_key).split('.')[1]}.{other.player}")
            await page.click("#use-key")
            await page.wait_for_function("() => document.querySelector('#conn').textContent !== ''", timeout=GUARD_MS)
            assert await page.evaluate("window.bigcity.me.player") == app_key.player
            # the table's page, known by the app's key (kept in this site's storage), takes the seat back without its token
            at_table = await context.new_page()
            await at_table.goto(f"{base}/t/{seated.table}")
            await at_table.wait_for_function("() => document.body.dataset.state === 'waiting'", timeout=GUARD_MS)
            assert await at_table.evaluate("window.bigcity.seat") == seated.seat
            assert server.tables[seated.table].seats[seated.seat].conn is not None
            await shot(at_table, tmp_path, "identity-seat")

    asyncio.run(main())
