"""Play now on the page in a real browser (headless Chromium, issue 48
item 2): the lobby's button seats the player at a quick-match table of the
size chosen, together with a protocol client who pressed it too; the page
moves to the table's address, and once the wait is over a bot takes the
seat still empty and the game begins in the page."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.net.client import TableChanged
from tests.net.helpers import HandClock, Player, running

from .helpers import GUARD_MS, chromium, http_of, need_browser, shot

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def _browser() -> None:
    need_browser()


def test_the_pages_play_now_seats_the_player(tmp_path) -> None:
    async def main() -> None:
        async with running(match_wait=3600) as server, chromium() as browser:
            clock = HandClock()
            server.match.clock = clock
            other = Player(server.url)
            await other.connected()
            other.client.play_now("Proto", 3, clock="5+20")
            mine = await other.seated()
            page = await browser.new_page()
            await page.goto(f"{http_of(server)}/")
            await page.wait_for_function("() => document.querySelector('#play-now') !== null", timeout=GUARD_MS)
            await page.select_option("#play-players", "3")
            # the clocks are the server's (editions.json); a rated choice takes "no clock" away
            options = await page.eval_on_selector_all("#play-clock option", "os => os.map(o => o.value)")
            assert options == ["", "5+20", "10+30"]
            await page.check("#play-rated")
            assert await page.eval_on_selector("#play-clock", "s => s.value") == "5+20"
            assert await page.eval_on_selector("#play-clock option[value='']", "o => o.disabled")
            await page.uncheck("#play-rated")
            await page.select_option("#play-clock", "5+20")  # the protocol client's clock: the same table
            await shot(page, tmp_path, "play-now-lobby")
            await page.click("#play-now")
            await page.wait_for_function("() => document.body.dataset.state === 'waiting'", timeout=GUARD_MS)
            # the same table as the protocol client's (the address is the invitation: /t/<id>#<invite>)
            assert page.url.split("#")[0].endswith(f"/t/{mine.table}")
            assert await page.evaluate("window.bigcity.seat") == 1
            clock.now = 3601
            await server.match.fill_due()
            await page.wait_for_function("() => document.body.dataset.state === 'playing'", timeout=GUARD_MS)
            await shot(page, tmp_path, "play-now-table")
            kinds = [s.kind for s in server.tables[mine.table].seats]
            assert kinds == [SeatKind.HUMAN, SeatKind.HUMAN, SeatKind.BOT]
            assert server.tables[mine.table].clock is not None
            await other.close()

    asyncio.run(main())


def test_the_page_mutes_a_players_chat_for_itself(tmp_path, caplog) -> None:
    async def main() -> None:
        async with running(match_wait=3600) as server, chromium() as browser:
            other = Player(server.url)
            await other.connected()
            other.client.play_now("Loud", 2)
            await other.seated()
            page = await browser.new_page()
            await page.goto(f"{http_of(server)}/")
            await page.wait_for_function("() => document.querySelector('#play-now') !== null", timeout=GUARD_MS)
            await page.select_option("#play-players", "2")
            await page.click("#play-now")
            await page.wait_for_function("() => document.body.dataset.state === 'playing'", timeout=GUARD_MS)
            other.client.chat("first words")
            await page.wait_for_function("() => document.querySelector('button[data-mute]') !== null", timeout=GUARD_MS)
            await page.click("button[data-mute]")
            await page.wait_for_function(
                "() => document.querySelector('button[data-unmute]') !== null", timeout=GUARD_MS
            )
            other.client.chat("second words")
            await page.wait_for_function("() => window.bigcity.chat.length === 2", timeout=GUARD_MS)
            text = await page.evaluate("document.getElementById('app').innerText")
            assert "first words" not in text and "second words" not in text and "Loud" in text
            await shot(page, tmp_path, "chat-muted")
            # a report from the page reaches the server's operator (the log; no data folder here)
            page.once("dialog", lambda d: asyncio.ensure_future(d.accept("Rude words")))
            await page.click("button[data-unmute]")
            await page.wait_for_function(
                "() => document.querySelector('button[data-report]') !== null", timeout=GUARD_MS
            )
            await page.click("button[data-report]")
            await page.wait_for_function(
                "() => document.getElementById('conn').textContent.includes('operator')", timeout=GUARD_MS
            )
            assert any("report:" in r.getMessage() and "Rude words" in r.getMessage() for r in caplog.records)
            await page.click("button[data-mute]")
            # kept in the browser: muted after a reload too; shown again on asking
            await page.reload()
            await page.wait_for_function(
                "() => document.querySelector('button[data-unmute]') !== null", timeout=GUARD_MS
            )
            await page.click("button[data-unmute]")
            await page.wait_for_function(
                "() => document.getElementById('app').innerText.includes('second words')", timeout=GUARD_MS
            )
            await other.close()

    with caplog.at_level(logging.WARNING, logger="bigcity.server.conduct"):
        asyncio.run(main())


def test_the_page_asks_for_a_pause_and_resumes_the_game(tmp_path) -> None:
    async def main() -> None:
        async with running(match_wait=3600) as server, chromium() as browser:
            other = Player(server.url)
            await other.connected()
            other.client.play_now("Proto", 2)
            mine = await other.seated()
            page = await browser.new_page()
            await page.goto(f"{http_of(server)}/")
            await page.wait_for_function("() => document.querySelector('#play-now') !== null", timeout=GUARD_MS)
            await page.select_option("#play-players", "2")
            await page.click("#play-now")
            await page.wait_for_function("() => document.body.dataset.state === 'playing'", timeout=GUARD_MS)
            await page.click("[data-pause=ask]", timeout=GUARD_MS)
            await other.wait(TableChanged, lambda e: e.table.pause_asked == (1,))
            other.client.pause()  # agreed by all: paused
            await page.wait_for_selector("[data-paused]", timeout=GUARD_MS)
            assert server.tables[mine.table].paused
            await shot(page, tmp_path, "paused-table")
            await page.click("[data-pause=resume]", timeout=GUARD_MS)
            await other.wait(TableChanged, lambda e: not e.table.paused and not e.table.pause_asked)
            await page.wait_for_selector("[data-pause=ask]", timeout=GUARD_MS)
            await other.close()

    asyncio.run(main())


def test_a_page_banned_while_at_a_table_is_sent_away_and_stays_away(tmp_path) -> None:
    async def main() -> None:
        bans = tmp_path / "bans.txt"
        bans.write_text("# nobody yet\n", encoding="utf-8")
        async with running(match_wait=3600, ban_list=bans) as server, chromium() as browser:
            other = Player(server.url)
            await other.connected()
            other.client.play_now("Proto", 2)
            await other.seated()
            page = await browser.new_page()
            await page.goto(f"{http_of(server)}/")
            await page.wait_for_function("() => window.bigcity && window.bigcity.me !== null", timeout=GUARD_MS)
            player = await page.evaluate("window.bigcity.me.player")
            await page.select_option("#play-players", "2")
            await page.click("#play-now")
            await page.wait_for_function("() => document.body.dataset.state === 'playing'", timeout=GUARD_MS)
            bans.write_text(f"{player}\n", encoding="utf-8")  # the operator bans the page's key
            await page.wait_for_function(
                "() => document.getElementById('conn').dataset.connection === 'closed'", timeout=GUARD_MS
            )
            assert "banned" in await page.inner_text("#conn")
            # a leave: a bot plays the seat at once; the page does not come back
            await other.wait(TableChanged, lambda e: e.table.seats[1].kind == SeatKind.BOT)
            assert not any(c.player == player for c in server.conns)
            await shot(page, tmp_path, "banned-page")
            await other.close()

    asyncio.run(main())
