"""Time to first paint of the browser seat's page: a server on 127.0.0.1 with
a table, /t/<table> opened 5 times in headless Chromium; first-contentful-paint
and the time until the join screen is drawn (performance timing), median and
max; the page's weight raw and as sent (gzipped by the server: Content-Length),
and the files a second visit in the same browser asks the server for (those
at their unchanging addresses come from its cache). The browser's language
is English, or German with ``--lang de`` (the page begins in the browser's).
Run: PYTHONPATH=. python benchmarks/page_paint.py [--lang de]"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import statistics
from typing import Any

from bigcity_desktop.net.web import WebSite
from tests.net.helpers import Player, running
from tests.web.helpers import ARGS, CHROMIUM

RUNS = 5


class Bodies(list[Any]):
    """The page's responses."""

    def keep(self, response: Any) -> None:
        self.append(response)


#: the paths the server answered by plain HTTP, in order
SERVED: list[str] = []
_answer = WebSite.process_request


def _counted(self: WebSite, connection: Any, request: Any) -> Any:
    if request.headers.get("Upgrade", "").lower() != "websocket":
        SERVED.append(request.path)
    return _answer(self, connection, request)


WebSite.process_request = _counted  # type: ignore[method-assign]


async def main(lang: str) -> None:
    from playwright.async_api import async_playwright

    async with running() as server:
        desk = Player(server.url)
        desk.client.create("Desk", ["human", "human", "random"], edition="original", title="paint")
        table = (await desk.seated()).table
        host, port = server.address or ("127.0.0.1", 0)
        url = f"http://{host}:{port}/t/{table}"
        fcp: list[float] = []
        drawn: list[float] = []
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            sizes: dict[str, tuple[int, int]] = {}
            context = await browser.new_context(locale="de-DE" if lang == "de" else "en-US")
            for _ in range(RUNS):
                page = await context.new_page()
                bodies: Bodies = Bodies()
                page.on("response", bodies.keep)
                await page.goto(url)
                await page.wait_for_selector('[data-join-seat="1"]')
                drawn.append(await page.evaluate("performance.now()"))
                fcp.append(
                    await page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1")
                )
                for response in bodies:
                    body = await response.body()
                    sent = (await response.all_headers()).get("content-length")
                    sizes[response.url] = (len(body), int(sent) if sent else len(gzip.compress(body)))
                if len(SERVED) and not sizes.get("first"):
                    sizes["first"] = (len(SERVED), 0)
                await page.close()
            await browser.close()
    print(f"page in {lang}:")
    for name, xs in (("first-contentful-paint", fcp), ("join screen drawn", drawn)):
        print(f"{name}: median {statistics.median(xs):.0f} ms, max {max(xs):.0f} ms")
    first = sizes.pop("first")[0]
    print(
        f"page weight: {len(sizes)} files, {sum(a for a, _ in sizes.values())} bytes, "
        f"{sum(b for _, b in sizes.values())} sent (gzip)"
    )
    print(
        f"files asked of the server: {first} on the first visit, {(len(SERVED) - first) / (RUNS - 1):.1f} on each later one"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--lang", choices=("en", "de"), default="en", help="the browser's language")
    asyncio.run(main(parser.parse_args().lang))
