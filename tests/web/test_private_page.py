"""A private table in a real browser (headless Chromium): its link, with
the invitation after the #, shows the table and sits the page down; the
same address without the invitation shows no table, and the server's
lobby page lists none. The invitation never leaves the page for any other
site (a fragment is not sent in a request or a Referer)."""

from __future__ import annotations

import asyncio

import pytest

from bigcity_desktop.net.client import SeatAssigned
from tests.net.helpers import Player, running

from .helpers import GUARD_MS, chromium, http_of, join, need_browser, state

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def _browser() -> None:
    need_browser()


def test_a_private_tables_link_sits_the_page_down_and_its_address_alone_does_not() -> None:
    async def main() -> None:
        async with running(public_by_default=False) as server, chromium() as browser:
            desk = Player(server.url)
            desk.client.create("Desk", ["human", "human"], edition="original", title="Secret table")
            seated = await desk.wait(SeatAssigned)
            table, invite = seated.table, seated.invite
            base = http_of(server)
            requests: list[str] = []
            stranger = await browser.new_page()
            stranger.on("request", lambda r: requests.append(r.url))
            await stranger.goto(f"{base}/t/{table}")
            await stranger.wait_for_function("() => document.querySelector('#app p') !== null", timeout=GUARD_MS)
            assert "no such table" in await stranger.inner_text("#app")
            assert await stranger.query_selector("[data-join-seat]") is None
            lobby = await browser.new_page()
            await lobby.goto(f"{base}/")
            await lobby.wait_for_function("() => document.body.dataset.state === 'lobby'", timeout=GUARD_MS)
            assert "Secret table" not in await lobby.inner_text("body")

            friend = await browser.new_page()
            friend.on("request", lambda r: requests.append(r.url))
            await join(friend, base, f"{table}#{invite}", "Web", 1)
            assert await state(friend) == "waiting"
            assert server.tables[table].seats[1].name == "Web"
            assert not any(invite in url for url in requests)  # the fragment stays in the page
            await desk.close()

    asyncio.run(main())
