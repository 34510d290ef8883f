"""The browser as host, in a real browser (headless Chromium): a table
created from the page's own form, filled with bots, started and played to
the end, then a Rematch; a player who leaves mid-game with a bot in its
seat; house rules named wherever the table is shown, with their summary;
and the page's reader refusing a malformed frame and a duplicate key with
its sentence and a growing back-off (a fake server in the browser's place,
Playwright's websocket routing)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from bigcity_desktop.engine.datafiles import resource_path
from bigcity_desktop.net.client import SeatAssigned
from tests.net.helpers import Player, running

from .helpers import GUARD_MS, LAPTOP, PHONE, chromium, http_of, join, need_browser, play_to_the_end, shot, state

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def _browser() -> None:
    need_browser()


async def create_from_the_form(page: Any, base: str, name: str, seats: list[str], edition: str = "original") -> str:
    """Fills the lobby's Create table form and sends it: the new table's id."""
    await page.goto(f"{base}/")
    await page.wait_for_selector("#create", timeout=GUARD_MS)
    await page.fill("#cname", name)
    await page.select_option("#cedition", edition)
    await page.select_option("#cplayers", str(len(seats) + 1))
    for i, kind in enumerate(seats, start=1):
        await page.select_option(f"#cseat{i}", kind)
    await page.click("[data-create]")
    await page.wait_for_function("() => document.body.dataset.state === 'waiting'", timeout=GUARD_MS)
    return str(await page.evaluate("window.bigcity.tableId"))


def test_a_table_made_filled_with_bots_and_played_to_the_end_from_the_browser_alone(tmp_path: Path) -> None:
    async def main() -> None:
        async with running() as server, chromium() as browser:
            base = http_of(server)
            for size, label in ((PHONE, "390"), (LAPTOP, "1280")):
                look = await browser.new_page(viewport=size)
                await look.goto(f"{base}/")
                await look.wait_for_selector("#create", timeout=GUARD_MS)
                await look.select_option("#cplayers", "4")
                await look.select_option("#cseat2", "bot:medium")
                await look.select_option("#cseat3", "human")
                await shot(look, tmp_path, f"create-form-{label}")
                await look.close()
            page = await browser.new_page(viewport=PHONE)
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            table = await create_from_the_form(page, base, "Web", ["bot:easy", "bot:easy"])
            t = server.tables[table]
            assert [s.kind for s in t.seats] == ["human", "bot", "bot"] and [s.level for s in t.seats[1:]] == [
                "easy",
                "easy",
            ]
            assert t.seats[0].name == "Web" and t.host == 0 and not t.public
            link = await page.input_value("#invite")
            assert link.startswith(f"{base}/t/{table}#") and link.endswith(t.invite)
            assert page.url == link  # the address is the invitation: a reload sits down again
            await shot(page, tmp_path, "created-390")
            await page.click("[data-start]")
            await page.wait_for_selector("#board svg", timeout=GUARD_MS)
            kinds = await play_to_the_end(page, random.Random(47))
            assert await state(page) == "over" and kinds
            assert t.state is not None and t.state.is_over
            await page.wait_for_selector("[data-rematch]", timeout=GUARD_MS)
            await shot(page, tmp_path, "end-390")
            await page.click("[data-rematch]")
            await page.wait_for_function(
                f"() => window.bigcity.tableId !== {table!r} && document.body.dataset.state === 'waiting'",
                timeout=GUARD_MS,
            )
            again = server.tables[str(await page.evaluate("window.bigcity.tableId"))]
            assert [(s.kind, s.level) for s in again.seats] == [(s.kind, s.level) for s in t.seats]
            assert again.rules.digest == t.rules.digest and again.seats[0].name == "Web"
            # the finished table's players were told the new table's link; the page's own connection holds the seat
            assert any(f"/t/{again.id}#{again.invite}" in line.text for line in t.chat), list(t.chat)
            await page.wait_for_function("() => window.bigcity.seat === 0 && window.bigcity.chat.length === 0")
            assert page.url.endswith(f"/t/{again.id}#{again.invite}")
            assert again.seats[0].conn is not None and again.seats[0].conn.seat == 0
            assert not errors

    asyncio.run(main())


def test_a_player_leaves_mid_game_and_a_bot_plays_on_in_its_seat() -> None:
    async def main() -> None:
        async with running() as server, chromium() as browser:
            page = await browser.new_page(viewport=LAPTOP)
            table = await create_from_the_form(page, http_of(server), "Web", ["bot:easy"], edition="jumbo")
            await page.click("[data-start]")
            await page.wait_for_selector("[data-leave-bot]", timeout=GUARD_MS)
            t = server.tables[table]
            watcher = Player(server.url)
            watcher.client.spectate(table, t.invite)
            await page.select_option("#leavelevel", "medium")
            await page.click("[data-leave-bot]")
            assert "Sure?" in await page.inner_text("[data-leave-bot]")  # the first click only asks
            assert t.seats[0].kind == "human"
            await page.click("[data-leave-bot]")
            await page.wait_for_function("() => window.bigcity.seat === null", timeout=GUARD_MS)
            while t.seats[0].kind != "bot" or t.state is None or not t.state.is_over:  # the two bots play it out
                await watcher.next(60)
            assert t.seats[0].level == "medium"
            await watcher.close()

    asyncio.run(main())


def house_rules_text() -> str:
    """The original edition with a bigger hand for two: house rules that keep
    ``edition = "original"`` (the case the lobby never named)."""
    text = resource_path("rules", "original.toml").read_text(encoding="utf-8")
    lines = text.splitlines()
    title = next(i for i, line in enumerate(lines) if line.startswith("title"))
    lines[title] = 'title = "Big hands"'
    out = "\n".join(lines) + "\n"
    assert '"2" = 5' in out or "2 = 5" in out
    return out.replace('"2" = 5', '"2" = 6', 1).replace("2 = 5", "2 = 6", 1)


def test_house_rules_are_named_in_the_lobby_the_join_page_and_the_game(tmp_path: Path) -> None:
    async def main() -> None:
        async with running(public_by_default=True) as server, chromium() as browser:
            desk = Player(server.url)
            desk.client.create("Desk", ["human", "human"], rules=house_rules_text(), title="House table")
            seated = await desk.wait(SeatAssigned)
            base = http_of(server)
            page = await browser.new_page(viewport=LAPTOP)
            await page.goto(f"{base}/")
            await page.wait_for_selector("[data-house]", timeout=GUARD_MS)
            assert "Big hands" in await page.inner_text("#tablelist")
            await join(page, base, seated.table, "Web", 1)
            assert "House rules: Big hands" in await page.inner_text("[data-house]")
            desk.client.start_game()
            await page.wait_for_selector("#hostbar [data-house]", timeout=GUARD_MS)
            await page.click("#hostbar [data-house]")
            await page.wait_for_selector("#rules[open] [data-changed]", timeout=GUARD_MS)
            changes = await page.inner_text("#rules [data-changed]")
            assert "2 players: 6" in changes and "changed from the bundled edition" in changes, changes
            await shot(page, tmp_path, "house-rules-1280")
            await desk.close()

    asyncio.run(main())


async def fake_server(page: Any, frames: list[str], opened: list[float]) -> None:
    """The page's websocket answered in the browser: welcome, then `frames`."""

    def handle(ws: Any) -> None:
        opened.append(asyncio.get_event_loop().time())

        def on_message(message: Any) -> None:
            if '"hello"' in str(message):
                ws.send('{"type":"welcome","protocol":3,"server":"fake","name":"fake"}')
                for frame in frames:
                    ws.send(frame)

        ws.on_message(on_message)

    await page.route_web_socket("**/*", handle)


@pytest.mark.parametrize(
    ("frame", "detail"),
    [
        ('{"type":"lobby","tables":[],"tables":[]}', 'the key "tables" twice in one object'),
        ('{"type":"lobby","tables":[{"id":"x"}]}', "not as the protocol says"),
        ("{not json", "not JSON"),
    ],
)
def test_a_frame_the_page_cannot_read_is_said_so_and_tried_again_later_and_later(frame: str, detail: str) -> None:
    async def main() -> None:
        async with running() as server, chromium() as browser:
            page = await browser.new_page(viewport=PHONE)
            opened: list[float] = []
            await fake_server(page, [frame], opened)
            await page.goto(f"{http_of(server)}/")
            await page.wait_for_selector("[data-fault]", timeout=GUARD_MS)
            text = await page.inner_text("#app")
            assert "The server sent something this page cannot read." in text
            assert detail in text and "no open table" not in text
            for n, wait in enumerate((1, 2, 4), start=1):  # a try a second, then two, then four: never a loop
                await page.wait_for_function(
                    f"() => document.getElementById('conn').textContent.includes('trying again in {wait} s')",
                    timeout=GUARD_MS,
                )
                assert await page.evaluate("window.bigcity.faults") == n
            assert len(opened) in (3, 4)
            assert "no open table" not in await page.inner_text("#app")

    asyncio.run(main())


def test_an_english_page_never_loads_the_german_words_and_a_german_one_does() -> None:
    async def main() -> None:
        async with running() as server, chromium() as browser:
            page = await browser.new_page(viewport=PHONE, locale="en-GB")
            asked: list[str] = []
            page.on("request", lambda r: asked.append(r.url))
            await page.goto(f"{http_of(server)}/")
            await page.wait_for_selector("#create", timeout=GUARD_MS)
            assert any(url.endswith("/messages.en.json") for url in asked)
            assert not any("messages.de" in url for url in asked)
            await page.click("#lang")
            await page.wait_for_function("() => document.documentElement.lang === 'de'", timeout=GUARD_MS)
            await page.wait_for_selector("text=Tisch anlegen", timeout=GUARD_MS)
            assert any(url.endswith("/messages.de.json") for url in asked)
            assert "Bot: leicht" in await page.inner_text("#cseat1")

    asyncio.run(main())
