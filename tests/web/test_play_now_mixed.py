"""Issue 48's "Done when" for quick match, over real sockets on 127.0.0.1:
eight clients of the three kinds press Play now at once on a --public
server: three of the app's own network sessions (`RemoteSession`, with its
client core thread, as the Join dialog's Play now uses it), two pages in
headless Chromium (each in its own browser context, so with its own player
key) and three protocol clients. Each is seated at a table of the size it
asked for, people together first; the one table still short of people when
the wait is over (the matchmaker's clock is the test's, moved past the wait:
no real minute is waited) gets bots for its empty seats, and every game
begins, as each client sees.

Three threads: the server's (`ServerThread`, as the app hosts one), the
pages' and protocol clients' asyncio loop (`Side`), and Qt's, on which the
app's sessions take their events (qtbot). Every wait is for an event, with
a generous guard for a loaded machine."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

import pytest
from PySide6.QtCore import QSettings

from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.net.client import ConnectionState, ViewUpdate
from bigcity_desktop.net.hosting import ServerThread
from bigcity_desktop.session.remote import RemoteSession
from tests.net.helpers import GUARD, HandClock, Player, config

from .helpers import ARGS, CHROMIUM, GUARD_MS, need_browser, shot

pytestmark = pytest.mark.slow

T = TypeVar("T")
#: how long the app's sessions may take for a step (a hang's guard), in ms for qtbot
APP_MS = int(GUARD * 1000)
#: the sizes asked for, by kind of client: two full 2-player tables, one full 3-player table and one left alone
APP_SIZES = [2, 3, 3]
PAGE_SIZES = [2, 3]
PROTOCOL_SIZES = [2, 2, 3]


@pytest.fixture(autouse=True)
def _browser() -> None:
    need_browser()


class Side:
    """An asyncio loop on a thread of its own, for Playwright and the protocol clients."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="test-side", daemon=True)
        self.thread.start()

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 4 * GUARD) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(GUARD)
        self.loop.close()


class Browser:
    """Headless Chromium (the system's), driven from the side loop."""

    def __init__(self) -> None:
        self.pw: Any = None
        self.browser: Any = None

    async def open(self) -> None:
        from playwright.async_api import async_playwright

        self.pw = await async_playwright().start()
        self.browser = await self.pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)

    async def lobby(self, base: str, players: int) -> Any:
        """A page of its own context (its own player key) on the server's lobby, `players` chosen."""
        context = await self.browser.new_context()
        page = await context.new_page()
        await page.goto(f"{base}/")
        await page.wait_for_function("() => document.querySelector('#play-now') !== null", timeout=GUARD_MS)
        await page.select_option("#play-players", str(players))
        return page

    async def close(self) -> None:
        if self.browser is not None:
            await self.browser.close()
        if self.pw is not None:
            await self.pw.stop()


def _settings(tmp_path: Path, name: str) -> QSettings:
    return QSettings(str(tmp_path / f"{name}.ini"), QSettings.Format.IniFormat)


async def _seated_page(page: Any) -> tuple[str, int]:
    await page.wait_for_function(
        "() => window.bigcity.tableId !== null && window.bigcity.seat !== null", timeout=2 * GUARD_MS
    )
    table, seat = await page.evaluate("[window.bigcity.tableId, window.bigcity.seat]")
    return str(table), int(seat)


async def _begun_page(page: Any) -> None:
    await page.wait_for_function("() => document.body.dataset.state === 'playing'", timeout=2 * GUARD_MS)


async def _begun_player(p: Player) -> None:
    if p.client.view is None:
        await p.wait(ViewUpdate)


def test_eight_clients_of_three_kinds_press_play_now_at_once(qtbot, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("BIGCITY_DATA_DIR", str(tmp_path / "data"))  # the app's files, none of this machine's
    srv = ServerThread(config(data_dir=tmp_path / "server", match_wait=3600))
    srv.start()
    side = Side()
    browser = Browser()
    sessions: list[RemoteSession] = []
    players: list[Player] = []
    try:
        server = srv.server
        assert server is not None
        clock = HandClock()
        server.match.clock = clock  # read on the server's thread only when a table opens or fills
        base = f"http://127.0.0.1:{srv.port}"
        # everyone ready: the app's sessions connected, the pages on the lobby, the protocol clients connected
        sessions = [
            RemoteSession(f"127.0.0.1:{srv.port}", f"App{i}", settings=_settings(tmp_path, f"app{i}"))
            for i in range(len(APP_SIZES))
        ]
        side.run(browser.open())
        pages = [side.run(browser.lobby(base, n)) for n in PAGE_SIZES]

        async def protocol_clients() -> list[Player]:
            made = [Player(server.url) for _ in PROTOCOL_SIZES]
            for p in made:
                await p.connected()
            return made

        players = side.run(protocol_clients())
        qtbot.waitUntil(lambda: all(s.state == ConnectionState.CONNECTED for s in sessions), timeout=APP_MS)
        lobby_shot = side.run(shot(pages[0], tmp_path, "play-now-mixed-lobby"))
        assert lobby_shot.exists()

        # at once: the pages' clicks and the protocol clients' requests go out on the side loop
        # while the app's sessions ask from Qt's thread
        async def press() -> None:
            for i, (p, n) in enumerate(zip(players, PROTOCOL_SIZES, strict=True)):
                p.client.play_now(f"Proto{i}", n)
            await asyncio.gather(*(page.click("#play-now") for page in pages))

        pressed = asyncio.run_coroutine_threadsafe(press(), side.loop)
        for s, n in zip(sessions, APP_SIZES, strict=True):
            s.play_now(n)
        pressed.result(4 * GUARD)

        # each seated at a table of the size asked for
        seats: list[tuple[str, int, int]] = []  # (table, seat, size asked)
        qtbot.waitUntil(lambda: all(s.table is not None and s.seat is not None for s in sessions), timeout=APP_MS)
        for s, n in zip(sessions, APP_SIZES, strict=True):
            assert s.table is not None and s.seat is not None
            seats.append((s.table.id, s.seat, n))
        for page, n in zip(pages, PAGE_SIZES, strict=True):
            table, seat = side.run(_seated_page(page))
            seats.append((table, seat, n))

        async def protocol_seats() -> list[tuple[str, int]]:
            got = await asyncio.gather(*(p.seated() for p in players))
            return [(a.table, a.seat) for a in got]

        for (table, seat), n in zip(side.run(protocol_seats()), PROTOCOL_SIZES, strict=True):
            seats.append((table, seat, n))

        async def snapshot() -> dict[str, tuple[str, list[str]]]:
            return {
                t: (server.tables[t].status, [s.kind for s in server.tables[t].seats]) for t in {x[0] for x in seats}
            }

        def on_server(coro: Coroutine[Any, Any, T]) -> T:
            assert srv._loop is not None
            return asyncio.run_coroutine_threadsafe(coro, srv._loop).result(4 * GUARD)

        tables = on_server(snapshot())
        assert len({(t, seat) for t, seat, _ in seats}) == 8  # nobody shares a seat
        for table, _, asked in seats:
            assert len(tables[table][1]) == asked
        people = {t: sum(1 for x in seats if x[0] == t) for t in tables}
        assert sorted(people.values()) == [1, 2, 2, 3]  # people together first
        alone = next(t for t, n in people.items() if n == 1)
        assert {t: s for t, (s, _) in tables.items()} == {t: "lobby" if t == alone else "playing" for t in tables}
        assert list(server.match.waiting) == [alone]

        # the wait is over: the lone player's empty seats go to bots, and that game begins too
        clock.now = 3601
        on_server(server.match.fill_due())
        status, kinds = on_server(snapshot())[alone]
        assert status == "playing" and kinds.count(SeatKind.BOT) == 2 and kinds.count(SeatKind.HUMAN) == 1
        # every client sees its game
        qtbot.waitUntil(lambda: all(s.has_game for s in sessions), timeout=APP_MS)
        for page in pages:
            side.run(_begun_page(page))

        async def protocol_games() -> None:
            await asyncio.gather(*(_begun_player(p) for p in players))

        side.run(protocol_games())
        side.run(shot(pages[0], tmp_path, "play-now-mixed-table"))
    finally:
        for s in sessions:
            s.close()

        async def close_all() -> None:
            for p in players:
                await p.close()
            await browser.close()

        side.run(close_all())
        side.close()
        srv.stop()
