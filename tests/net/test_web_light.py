"""The page's files sent light (net/web.py), by plain HTTP over 127.0.0.1:
``HEAD`` answered as ``GET`` without the body, text gzipped to a client
that accepts it (and only to one), each file at an address named by the
files' digest cached for good (``immutable``) while the page itself is
revalidated, and the budget of the page's weight, raw and gzipped."""

from __future__ import annotations

import asyncio
import gzip
import re

from bigcity_desktop.net.web import IMMUTABLE, accepts_gzip, load_static, versioned

from .helpers import running
from .test_web import FIRST_BUDGET, STATIC_BUDGET, Answer, exchange, first_screen, get, languages, one_language, port_of

#: the most a page's files in one language may weigh gzipped, in all: 53 KB at the first writing, 88.5 KiB with
#: the board said lot by lot, the page's own check of the deal, the pause and the rules summary (German), 69.6 KiB
#: with the German of only the sentences a page is sent and the modules without their comment lines
GZIPPED_BUDGET = 80 * 1024
#: the same for the first screen's files (the lobby, a table before one sits down): 35.2 KiB in German,
#: 31.2 KiB in English when written
FIRST_GZIPPED_BUDGET = 42 * 1024


def test_head_is_answered_as_get_without_the_body() -> None:
    async def main() -> None:
        async with running() as server:
            port = port_of(server)
            for path in ("/", "/t/abc", "/static/main.js", "/static/schemas.json"):
                full = await get(port, path)
                raw = await exchange(port, f"HEAD {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
                head = Answer(raw)
                assert head.status == 200 and head.body == b"", (path, raw[:200])
                assert head.headers["content-length"] == str(len(full.body))
                assert head.headers["content-type"] == full.headers["content-type"]
                assert head.headers["etag"] == full.headers["etag"]
            missing = Answer(await exchange(port, f"HEAD /nothing HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()))
            assert missing.status == 404 and missing.body == b""

    asyncio.run(main())


def test_text_is_gzipped_for_a_client_that_accepts_it_only() -> None:
    async def main() -> None:
        async with running() as server:
            port = port_of(server)
            plain = await get(port, "/static/main.js")
            assert "content-encoding" not in plain.headers and plain.headers["vary"] == "Accept-Encoding"
            packed = await get(port, "/static/main.js", "Accept-Encoding: gzip, deflate, br")
            assert packed.headers["content-encoding"] == "gzip"
            assert int(packed.headers["content-length"]) == len(packed.body) < len(plain.body) / 2
            assert gzip.decompress(packed.body) == plain.body
            refused = await get(port, "/static/main.js", "Accept-Encoding: br, gzip;q=0")
            assert "content-encoding" not in refused.headers and refused.body == plain.body

    asyncio.run(main())


def test_the_files_have_unchanging_addresses_cached_for_good_and_the_page_is_revalidated() -> None:
    async def main() -> None:
        async with running() as server:
            port = port_of(server)
            page = await get(port, "/")
            assert page.headers["cache-control"] == "no-cache"
            names = re.findall(rb'"/static/([0-9a-f]{16})/([a-z.]+)"', page.body)
            assert {b"main.js", b"page.css", b"reader.js", b"lobby.js", b"host.js"} <= {name for _, name in names}
            assert len({version for version, _ in names}) == 1
            version = names[0][0].decode()
            for name in ("main.js", "page.css", "reader.js", "schemas.json", "messages.en.json", "editions.json"):
                fixed = await get(port, f"/static/{version}/{name}")
                loose = await get(port, f"/static/{name}")
                assert fixed.status == 200 and fixed.body == loose.body
                assert fixed.headers["cache-control"] == IMMUTABLE == "public, max-age=31536000, immutable"
                assert loose.headers["cache-control"] == "no-cache"
            # another version's address (a page of an older server): the file, never cached for good
            old = await get(port, "/static/0123456789abcdef/main.js")
            assert old.status == 200 and old.headers["cache-control"] == "no-cache"
            assert (await get(port, f"/static/{version}/nothing.js")).status == 404
            assert (await get(port, f"/static/{version}/../web.py")).status == 404

    asyncio.run(main())


def test_the_version_follows_the_files_and_the_weight_stays_in_budget() -> None:
    files = load_static()
    served, version = versioned(files)
    changed = dict(files)
    changed["main.js"] = type(files["main.js"])(files["main.js"].body + b"\n", "text/javascript", '"x"')
    assert versioned(changed)[1] != version  # a changed file changes every address
    for lang in languages(served):
        for what, names, budget, gzipped_budget in (
            ("all the page's files", one_language(served, lang), STATIC_BUDGET, GZIPPED_BUDGET),
            ("the first screen's files", first_screen(served, lang), FIRST_BUDGET, FIRST_GZIPPED_BUDGET),
        ):
            page = [served[name] for name in names]
            raw = sum(len(f.body) for f in page)
            packed = sum(len(f.gzipped or f.body) for f in page)
            print(f"{what} in {lang}: {len(page)} files, {raw} bytes, {packed} gzipped")
            assert raw <= budget and packed <= gzipped_budget, (what, lang, raw, packed)


def test_accept_encoding_is_read_as_http_says() -> None:
    assert accepts_gzip("gzip") and accepts_gzip("deflate, gzip;q=0.5") and accepts_gzip("GZIP")
    assert not accepts_gzip("") and not accepts_gzip("br") and not accepts_gzip("gzip;q=0")
    assert not accepts_gzip("gzip; q=0.000")
