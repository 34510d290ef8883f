"""No website reaches a table server it was not served by, in a real
browser: a page of another origin (another port of 127.0.0.1, served by a
second HTTP server) opening the table server's websocket is refused before
the table protocol begins, and so is a page under a name rebound to this
machine (DNS rebinding: Chromium told that evil.test is 127.0.0.1), while
the server's own page, at its own address, still connects."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from tests.net.helpers import Player, running

from .helpers import CHROMIUM, GUARD_MS, chromium, need_browser

pytestmark = pytest.mark.slow

#: the attacker's page: it opens the table server's websocket, asks for the
#: list of tables and reports what came back (or that it could not connect)
ATTACK = """<!doctype html><meta charset="utf-8"><title>attacker</title><script>
window.result = new Promise((done) => {
  const ws = new WebSocket("ws://127.0.0.1:%(port)d/");
  const got = [];
  ws.onopen = () => { ws.send(JSON.stringify({type: "hello", protocol: 4, client: "evil"}));
                      ws.send(JSON.stringify({type: "list"})); };
  ws.onmessage = (e) => { got.push(e.data); if (got.length >= 2) done({opened: true, got}); };
  ws.onerror = () => done({opened: false, got});
  ws.onclose = () => done({opened: got.length > 0, got});
});
</script>"""


@pytest.fixture(autouse=True)
def _browser() -> None:
    need_browser()


@contextlib.contextmanager
def attacker_site(body: str) -> Iterator[int]:
    """A second website on 127.0.0.1 (its own port: another origin) serving `body`; its port."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            data = body.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd.server_address[1]
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_a_page_of_another_origin_cannot_open_the_table_socket() -> None:
    async def main() -> None:
        async with running() as server:
            assert server.address is not None
            port = server.address[1]
            desk = Player(server.url)  # a table to find, if the attacker got in
            desk.client.create("Desk", ["human", "human"], edition="original")
            await desk.seated()
            opened_before = server.stats.opened
            with attacker_site(ATTACK % {"port": port}) as evil_port:
                async with chromium() as browser:
                    page = await browser.new_page()
                    await page.goto(f"http://127.0.0.1:{evil_port}/")
                    result = await page.evaluate("window.result")
                    assert result == {"opened": False, "got": []}, result
                    # the server's own page at its own address still connects
                    own = await browser.new_page()
                    await own.goto(f"http://127.0.0.1:{port}/")
                    await own.wait_for_function("() => document.body.dataset.state === 'lobby'", timeout=GUARD_MS)
            assert server.stats.opened == opened_before + 1  # the page's own socket only
            await desk.close()

    asyncio.run(main())


def test_a_name_rebound_to_this_machine_finds_nothing() -> None:
    """DNS rebinding: the browser resolves evil.test to 127.0.0.1; the page
    it loads from there, and that page's websocket, are refused."""
    assert CHROMIUM

    async def main() -> None:
        async with running() as server:
            assert server.address is not None
            port = server.address[1]
            from playwright.async_api import async_playwright

            from .helpers import ARGS

            async with async_playwright() as pw:
                browser = await pw.chromium.launch(
                    executable_path=CHROMIUM,
                    args=[*ARGS, "--host-resolver-rules=MAP evil.test 127.0.0.1"],
                    headless=True,
                )
                try:
                    page = await browser.new_page()
                    answer = await page.goto(f"http://evil.test:{port}/")
                    assert answer is not None and answer.status == 403
                    assert "does not answer" in await page.inner_text("body")
                    opened = await page.evaluate(
                        """(port) => new Promise((done) => {
                            const ws = new WebSocket(`ws://evil.test:${port}/`);
                            ws.onopen = () => done(true);
                            ws.onerror = () => done(false);
                        })""",
                        port,
                    )
                    assert opened is False
                finally:
                    await browser.close()
            assert server.stats.opened == 0

    asyncio.run(main())
