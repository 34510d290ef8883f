"""The browser seat in a real browser (headless Chromium, Playwright): whole
games of both editions where one seat is the page (played by clicks on
what it lights), one a scripted desktop client and the rest server bots;
no hidden card of another seat reaching the page; a hostile name shown as text; the phone
and laptop sizes screenshotted."""

from __future__ import annotations

import asyncio
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from bigcity_desktop.engine.rules import rules_of_document
from bigcity_desktop.net.client import GameEnded
from tests.net.helpers import Player, running

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

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def _browser() -> None:
    need_browser()


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
        # the end names the winner (or the shared winners) above the places
        final = json.loads(ended.record)
        names = [p["name"] for p in final["players"]]
        headline = await page.inner_text("[data-headline]")
        places = await page.eval_on_selector_all("ol.results .place", "e => e.map(x => x.textContent)")
        assert places[0] == "1." and len(places) == len(names)
        assert any(name in headline for name in names) or headline.startswith("You win")
        assert await page.is_hidden("#actions")  # no empty turn panel once the game is over
        # the page checked the deal itself (web/static/fairdeal.js), as the app's client core did
        await page.wait_for_selector('[data-deal="deal_verified"]', timeout=GUARD_MS)
        assert ended.deal is not None and ended.deal.verified
        if size["width"] >= 900:  # on a laptop the board stays in view, beside the results
            box = await page.eval_on_selector("#board svg", "e => e.getBoundingClientRect().bottom")
            assert box <= size["height"]
        await shot(page, tmp_path, f"{edition}-end-{size['width']}")
        assert kinds, "the page played no move"
        assert errors == []
        await desk.close()


def test_a_whole_original_game_with_the_page_at_phone_size(tmp_path: Path) -> None:
    asyncio.run(whole_game(tmp_path, "original", PHONE, 3))


def test_a_whole_jumbo_game_with_the_page_at_laptop_size(tmp_path: Path) -> None:
    asyncio.run(whole_game(tmp_path, "jumbo", LAPTOP, 4))


HOSTILE = "<img src=x onerror=alert(1)>"


def test_a_hostile_name_and_chat_line_are_shown_as_text(tmp_path: Path) -> None:
    """A player named like an HTML element, a second one at the page, and a
    chat line: each shows as its letters; no element is made, no script runs."""

    async def main() -> None:
        async with running() as server, chromium() as browser:
            desk, table = await desk_table(server, "original", bots=1, name=HOSTILE)
            page = await browser.new_page(viewport=LAPTOP)
            dialogs: list[str] = []
            page.on("dialog", lambda d: dialogs.append(d.message))
            await join(page, http_of(server), table, HOSTILE.replace("1", "2"), 1)
            desk.client.start_game()
            desk.client.chat(HOSTILE.replace("1", "3"))
            await page.wait_for_selector("#board svg", timeout=GUARD_MS)
            await page.wait_for_function("() => document.body.innerText.includes('onerror=alert(3)')", timeout=GUARD_MS)
            text = await page.evaluate("document.body.innerText")
            for n in "123":
                assert HOSTILE.replace("1", n) in text, n
            assert await page.evaluate("document.querySelectorAll('img, [onerror]').length") == 0
            assert dialogs == []
            # a long name is cut inside its row; the chat sits below the board, not above it
            assert await page.evaluate(
                "[...document.querySelectorAll('ol.players li')].every(li => li.scrollWidth <= li.clientWidth)"
            )
            chat, board = await page.query_selector("#chatlinesbox"), await page.query_selector("#boardbox")
            assert chat is not None and board is not None
            chat_box, board_box = await chat.bounding_box(), await board.bounding_box()
            assert chat_box is not None and board_box is not None and chat_box["y"] > board_box["y"]
            await shot(page, tmp_path, "hostile-name-1280")
            await desk.close()

    asyncio.run(main())


def test_no_hidden_card_of_another_seat_reaches_the_page() -> None:
    """Every frame the page receives over a whole game, read as the desktop
    spy test reads its own (tests/net/test_spy.py): another seat's card shows
    at most as its stack. The page's own hand is seen, so the check is not
    vacuous; the hand drawn on the page is its own cards only."""
    from bigcity_desktop.engine import GameState, action_from_json
    from tests.net.test_spy import card_positions, hidden_from

    async def main() -> tuple[list[str], list[list[int]], bytes]:
        rng = random.Random(9)
        frames: list[str] = []
        drawn: list[list[int]] = []
        async with running() as server, chromium() as browser:
            desk, table = await desk_table(server, "original", bots=1)
            page = await browser.new_page(viewport=LAPTOP)
            page.on(
                "websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(f if isinstance(f, str) else ""))
            )
            await join(page, http_of(server), table, "Web", 1)
            desk.client.start_game()
            desk_game = asyncio.create_task(desk.play(random.Random(10)))
            await page.wait_for_selector("#board svg", timeout=GUARD_MS)
            while await play_to_the_end(page, rng, until_moves=1):
                drawn.append(
                    await page.evaluate("[...document.querySelectorAll('[data-card]')].map(e => +e.dataset.card)")
                )
            ended = await asyncio.wait_for(desk_game, 60)
            assert isinstance(ended, GameEnded)
            await desk.close()
            return frames, drawn, ended.record

    frames, drawn, record_text = asyncio.run(main())
    record = json.loads(record_text)
    rules = rules_of_document(record, ValueError)  # a public table of the original plays the strangers' rules
    state = GameState.new(rules, len(record["players"]), record["seed"], [p["name"] for p in record["players"]])
    moments = [state.clone()]
    for a in record["actions"]:
        state.apply(action_from_json(a))
        moments.append(state.clone())
    seat, views, own_seen = 1, 0, 0
    for raw in frames:
        if not raw.startswith("{"):
            continue
        msg = json.loads(raw)
        if msg["type"] == "game_over":
            break  # the record at the end shows every hand, to everyone
        assert str(record["seed"]) not in raw and '"rng"' not in raw
        if msg["type"] != "view":
            continue
        views += 1
        hidden = hidden_from(moments[msg["at"]], seat)
        seen = {c for c in card_positions(msg["view"], seat) if c >= 0}
        assert not hidden & seen, (msg["at"], hidden & seen)
        mine = {c for c in msg["view"]["hands"][seat] if c >= 0}
        own_seen += bool(mine) and mine == set(moments[msg["at"]].hands[seat])
    # a view after every move the page saw (a game of passes may end in a few moves)
    assert views >= len(record["actions"]) and own_seen > 0
    own_cards = {c for m in moments for c in m.hands[seat]}
    assert drawn and all(set(cards) <= own_cards for cards in drawn)


def test_a_reload_mid_game_sits_at_the_same_seat_again(tmp_path: Path) -> None:
    """The seat's token is kept in the tab: after a reload the page is back at
    its seat (no join screen), and after a lost connection too ("Reconnecting…"
    shown meanwhile); it shows its hand and plays the game to its end."""

    async def main() -> None:
        rng = random.Random(11)
        async with running() as server, chromium() as browser:
            desk, table = await desk_table(server, "original", bots=1)
            page = await browser.new_page(viewport=LAPTOP)
            await join(page, http_of(server), table, "Web", 1)
            desk.client.start_game()
            desk_game = asyncio.create_task(desk.play(random.Random(12)))
            await page.wait_for_selector("#board svg", timeout=GUARD_MS)
            played = await play_to_the_end(page, rng, until_moves=2)
            over = await state(page) == "over"
            await page.reload()
            # the new document: back at seat 1 with a view, never the join screen
            await page.wait_for_function(
                "() => window.bigcity && window.bigcity.seat === 1 && window.bigcity.view !== null"
                " && ['playing', 'over'].includes(document.body.dataset.state)",
                timeout=GUARD_MS,
            )
            assert await page.query_selector("[data-join-seat]") is None
            if not over:
                # a lost connection: "reconnecting…" said meanwhile, then back at the seat
                await page.evaluate(
                    "() => { window.said = []; new MutationObserver(() => window.said.push("
                    "document.getElementById('conn').dataset.connection + ':' + document.getElementById('conn').textContent))"
                    ".observe(document.getElementById('conn'), {attributes: true, childList: true, characterData: true,"
                    " subtree: true}); window.bigcity.ws.close(); }"
                )
                await page.wait_for_function(
                    "() => window.said.some(s => s.startsWith('reconnecting:Reconnecting'))"
                    " && window.bigcity.connection === 'open' && window.bigcity.seat === 1",
                    timeout=GUARD_MS,
                )
                assert await page.evaluate("document.querySelectorAll('#hand [data-card]').length") > 0
                played += await play_to_the_end(page, rng)
            ended = await asyncio.wait_for(desk_game, 60)
            assert isinstance(ended, GameEnded)
            names = [p["name"] for p in json.loads(ended.record)["players"]]
            assert names[1] == "Web"  # the same player at the seat, not a newcomer
            assert played
            await shot(page, tmp_path, "after-reload-1280")
            await desk.close()

    asyncio.run(main())


def test_the_page_in_german_says_the_log_and_the_end_in_german(tmp_path: Path) -> None:
    """A browser set to German: the page's words, the engine's log sentences
    and the end (winner, reason) in German, from the app's own catalogue;
    the switch turns it all English and back."""
    from bigcity_desktop.net.web import german_catalogue

    german = german_catalogue()["Engine"]

    async def main() -> None:
        rng = random.Random(13)
        async with running() as server, chromium() as browser:
            desk, table = await desk_table(server, "original", bots=1)
            page = await browser.new_page(viewport=LAPTOP, locale="de-DE")
            await join(page, http_of(server), table, "Web", 1)
            desk.client.start_game()
            desk_game = asyncio.create_task(desk.play(random.Random(14)))
            await page.wait_for_selector("#board svg", timeout=GUARD_MS)
            assert (await page.inner_text("#handbox h2")).lower() == "ihre karten"
            await play_to_the_end(page, rng)
            await asyncio.wait_for(desk_game, 60)
            await page.wait_for_selector("[data-headline]", timeout=GUARD_MS)
            log = await page.eval_on_selector_all("#log li", "e => e.map(x => x.textContent)")
            assert log
            # no log line is one of the engine's English sentences that has a German one
            english = {source for source, text in german.items() if source != text and "{" not in source}
            assert not [line for line in log if line.split(": ", 1)[-1] in english]
            reason = await page.inner_text("#end .hint")
            # the end's reason is one of the German sentences, its fields filled in
            patterns = [re.escape(text).replace(r"\{", "{").replace(r"\}", "}") for text in german.values()]
            patterns = [re.sub(r"\{[A-Za-z_]+\}", ".+", p) for p in patterns]
            assert any(re.fullmatch(p, reason) for p in patterns), reason
            headline = await page.inner_text("[data-headline]")
            assert any(word in headline for word in ("gewinnt", "Sie gewinnen", "Geteilter Sieg")), headline
            await shot(page, tmp_path, "de-end-1280")
            await page.click("#lang")
            headline = await page.inner_text("[data-headline]")
            assert any(word in headline for word in ("wins", "You win", "shared win")), headline
            await page.click("#lang")
            assert "Partie herunterladen" in await page.inner_text("#end")
            await desk.close()

    asyncio.run(main())


def test_the_page_shows_the_rows_the_app_shows_for_the_same_view(qapp) -> None:
    """At each of its turns the page's players and pieces (read from the
    DOM) are the rows the app's players and Supply models hold for the same
    seat's view: names, scores, hands, turn, bots, the last move line (the
    app's strip tooltip's, word for word), the pieces left."""
    from bigcity_desktop.engine.seat import SeatView
    from bigcity_desktop.game.core import wording as presenters
    from bigcity_desktop.game.core.controller import kind_label
    from bigcity_desktop.game.core.models import (
        CurrentRole,
        HandStacksRole,
        KindRole,
        PieceRole,
        PlayersModel,
        ScoreRole,
        StripTipRole,
        SupplyModel,
    )
    from bigcity_desktop.scene import style as S

    read_rows = """() => [...document.querySelectorAll('#players li')].map(li => ({
        name: li.querySelector('.pname').textContent, score: li.querySelector('.pscore').textContent,
        cards: li.querySelector('.pcards').textContent, current: li.classList.contains('current'),
        bot: [...li.querySelectorAll('.tag')].some(t => t.textContent === 'bot'), title: li.title,
        last: li.querySelector('.plast') ? li.querySelector('.plast').textContent : ''}))"""
    read_pieces = """() => [...document.querySelectorAll('#tray [data-piece]')].map(p => [p.dataset.piece,
        p.querySelector('.count').textContent, p.classList.contains('gone')])"""

    def app_rows(view, seat, who) -> tuple[list[dict], list[list]]:
        pm = PlayersModel()
        pm.reset(presenters.player_rows(view, who, S.player_colour, kind_label))
        rows = []
        for i in range(pm.rowCount()):
            ix = pm.index(i, 0)
            tip = pm.data(ix, StripTipRole).split("\n")[-1]
            rows.append(
                {
                    "name": pm.row_info(i)["full_name"],
                    "score": str(pm.data(ix, ScoreRole)),
                    "cards": f"{len(pm.data(ix, HandStacksRole))} cards",
                    "current": pm.data(ix, CurrentRole),
                    "bot": pm.data(ix, KindRole) != "human",
                    "title": tip if tip.startswith("Last move") else "",
                    # the line under the name: the same last move, without the name the row shows
                    "last": "↪ " + tip.split(": ", 1)[1].removeprefix(pm.row_info(i)["full_name"] + " ")
                    if tip.startswith("Last move")
                    else "",
                }
            )
        sm = SupplyModel()
        sm.reset(presenters.supply_rows(view, SeatView(view, seat, 0, None).buildable()))
        pieces = []
        for i in range(sm.rowCount()):
            p = sm.data(sm.index(i, 0), PieceRole)
            count = next(v.count for v in view.rules.buildings[p.type].variants if v.size == p.size)
            pieces.append([f"{p.type}.{p.size}", f"{p.left}/{count}", p.left <= 0])
        return rows, pieces

    async def main() -> int:
        rng = random.Random(12)
        compared = 0
        async with running() as server, chromium() as browser:
            # three passes in a row (random players' all three) end a game in a few
            # moves now and then: another game then, until three turns were compared
            for game in range(5):
                if compared > 2:
                    break
                desk, table = await desk_table(server, "original", bots=1)
                page = await browser.new_page(viewport=LAPTOP)
                await join(page, http_of(server), table, "Web", 1)
                desk.client.start_game()
                desk_game = asyncio.create_task(desk.play(random.Random(13 + game)))
                await page.wait_for_selector("#board svg", timeout=GUARD_MS)
                t = server.tables[table]
                while await my_turn_or_over(page):
                    st = t.state
                    assert st is not None and await page.evaluate("window.bigcity.at") == len(st.history)
                    app = app_rows(st.view_for(1), 1, t.players())
                    assert [await page.evaluate(read_rows), await page.evaluate(read_pieces)] == list(app), st.round
                    compared += any(r["title"] for r in app[0])  # not vacuous: a last move to compare
                    await play_to_the_end(page, rng, until_moves=1)
                await asyncio.wait_for(desk_game, 60)
                await desk.close()
                await page.close()
        return compared

    assert asyncio.run(main()) > 2
