"""The table server's plain-HTTP side (net/web.py), over real sockets on
127.0.0.1: the browser seat's page and its headers, 404 for anything else
(paths that try to leave the static folder among them), oversized and slow
requests refused, and a game on the same server playing on meanwhile."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterable
from importlib import resources

import pytest

from bigcity_desktop.net.hosting import ServerThread
from bigcity_desktop.net.server import GameServer
from bigcity_desktop.net.web import (
    PACKAGE,
    StaticFile,
    content_security_policy,
    first_modules,
    load_static,
    versioned,
)

from .helpers import GUARD, config, running
from .test_hostile import still_plays, table_of_two

#: the most a browser seat's page may load, in all its files, in one language: the first screen's, the
#: table's, the end's and the Help's (issue 47: 300 KB; 303,099 bytes in German before the page loaded
#: what the lobby does not need when first needed; 242,580 once it sent the German of only the sentences
#: a page is sent and its modules without their comment lines)
STATIC_BUDGET = 260 * 1024
#: the most the first screen (the lobby, or a table before one sits down) loads in one language
#: (133,129 bytes in German, 121,149 in English when written)
FIRST_BUDGET = 150 * 1024
#: the page's words, one file a language and kind (i18n.js loads only the page's own, and the English)
MESSAGES = re.compile(r"(?:messages|sentences)\.([a-z]+)\.json")
#: what the first screen reads besides its modules (net/web.py: first_modules) and its words
FIRST_DATA = ("index.html", "page.css", "icon.svg", "schemas.json", "editions.json")


def one_language(names: Iterable[str], lang: str) -> list[str]:
    """The files of `names` a page in `lang` may load: all but the other languages' words (the English
    ones are every page's, the words a translation lacks)."""
    return [n for n in names if (m := MESSAGES.fullmatch(n)) is None or m.group(1) in (lang, "en")]


def languages(names: Iterable[str]) -> list[str]:
    """The languages the page has words for."""
    return sorted({m.group(1) for n in names if (m := MESSAGES.fullmatch(n))})


def first_screen(files: dict[str, StaticFile], lang: str) -> list[str]:
    """The files the first screen in `lang` loads: the page, its style and icon, the modules its
    entry imports statically, the schemas and editions it reads, and its language's words."""
    words = ["messages.en.json"] + ([f"messages.{lang}.json"] if lang != "en" else [])
    return [*FIRST_DATA, *first_modules(files), *words]


def port_of(server: GameServer) -> int:
    assert server.address is not None
    return server.address[1]


class Answer:
    """An HTTP answer: status, headers (names in lower case), body."""

    def __init__(self, raw: bytes) -> None:
        head, _, self.body = raw.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        self.status = int(lines[0].split()[1]) if lines[0] else 0
        self.headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}


async def exchange(port: int, request: bytes) -> bytes:
    """Sends request bytes, returns all the server sends until it closes."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request)
        await writer.drain()
        return await asyncio.wait_for(reader.read(-1), GUARD)
    except ConnectionError:
        return b""
    finally:
        writer.close()


async def get(port: int, path: str, *headers: str) -> Answer:
    lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", *headers, "", ""]
    return Answer(await exchange(port, "\r\n".join(lines).encode("latin-1")))


def test_the_page_its_module_and_its_policy_are_served() -> None:
    async def main() -> None:
        async with running() as server:
            port = port_of(server)
            page = await get(port, "/")
            assert page.status == 200
            assert page.headers["content-type"] == "text/html; charset=utf-8"
            assert int(page.headers["content-length"]) == len(page.body)
            assert re.search(rb'<script type="module" src="/static/[0-9a-f]{16}/main.js"></script>', page.body)
            assert not re.search(rb"<script(?![^>]*\bsrc=)", page.body)  # no inline script
            csp = page.headers["content-security-policy"]
            assert csp == content_security_policy(f"127.0.0.1:{port}")
            assert "default-src 'self'" in csp and "script-src 'self';" in csp and "unsafe" not in csp
            assert f"connect-src 'self' ws://127.0.0.1:{port} wss://127.0.0.1:{port};" in csp
            assert page.headers["x-content-type-options"] == "nosniff"
            assert page.headers["referrer-policy"] == "no-referrer"
            assert page.headers["cache-control"] == "no-cache"
            table = await get(port, "/t/Ab3_x-9")
            assert table.status == 200 and table.body == page.body
            module = await get(port, "/static/main.js")
            assert module.status == 200
            assert module.headers["content-type"] == "text/javascript; charset=utf-8"
            assert b"textContent" in module.body and b"innerHTML" not in module.body
            css = await get(port, "/static/page.css")
            assert css.headers["content-type"] == "text/css; charset=utf-8"
            # asked again with its tag: not modified, no body
            again = await get(port, "/static/main.js", f"If-None-Match: {module.headers['etag']}")
            assert again.status == 304 and again.body == b""
            with_query = await get(port, "/?lang=de")
            assert with_query.status == 200

    asyncio.run(main())


def test_the_static_files_weigh_300_kb_at_most() -> None:
    folder = resources.files(PACKAGE) / "static"
    served = load_static()
    assert all(f.name in served for f in folder.iterdir() if f.is_file())  # each file is served
    assert languages(served) == ["de", "en"]
    for lang in languages(served):
        # with the schemas and rules made from the package's data
        total = sum(len(served[name].body) for name in one_language(served, lang))
        assert total <= STATIC_BUDGET, f"the page's files in {lang} weigh {total} bytes, over {STATIC_BUDGET}"
        first = sum(len(served[name].body) for name in first_screen(served, lang))
        assert first <= FIRST_BUDGET, f"the first screen in {lang} loads {first} bytes, over {FIRST_BUDGET}"


def test_the_first_screen_loads_no_module_it_does_not_need() -> None:
    """The lobby and the join form import statically only what they show
    (preloaded together, named in the page); the table's modules, the deal's
    check, the rules summary and the pages of players and games are imported
    when first needed."""
    files, _ = versioned(load_static())
    first = first_modules(files)
    assert first[0] == "main.js" and {"reader.js", "i18n.js", "lobby.js", "host.js"} <= set(first)
    later = {"table.js", "panels.js", "board.js", "keys.js", "fairdeal.js", "pyrandom.js", "rulesummary.js", "pages.js"}
    assert not later & set(first), later & set(first)
    page = files["index.html"].body.decode()
    preloaded = set(re.findall(r'<link rel="modulepreload" href="/static/[0-9a-f]{16}/([a-z0-9]+\.js)">', page))
    assert preloaded == set(first) - {"main.js"}
    # each is still imported by the page, when needed
    everything = first_modules(files, "table.js") + first_modules(files, "pages.js")
    everything += ["fairdeal.js", "pyrandom.js", "rulesummary.js"]
    assert {n for n in files if n.endswith(".js")} == set(first) | set(everything)


@pytest.mark.parametrize(
    "path",
    [
        "/nothing",
        "/index.html",
        "/static/",
        "/static/nothing.js",
        "/static/../net/web.py",
        "/static/..%2f__init__.py",
        "/static/%2e%2e/__init__.py",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/static/..\\__init__.py",
        "/static\\main.js",
        "//etc/passwd",
        "/static//etc/passwd",
        "/static/%2fetc%2fpasswd",
        "/t/../static/main.js",
        "/t/",
        "/t/a/b",
        "/t/" + "a" * 65,
        "http://elsewhere.example/static/main.js",
        "*",
        "/static/.hidden",
        "/static/__init__.py",
    ],
)
def test_any_other_path_is_404_and_leaves_nothing(path: str) -> None:
    async def main() -> None:
        async with running() as server:
            answer = await get(port_of(server), path)
            assert answer.status == 404, (path, answer.status)
            assert answer.body == b"There is no such page on this table server.\n"
            assert answer.headers["x-content-type-options"] == "nosniff"
            assert answer.headers["content-type"] == "text/plain; charset=utf-8"

    asyncio.run(main())


def test_bad_oversized_and_slow_requests_are_refused_while_a_game_plays_on() -> None:
    async def main() -> None:
        async with running(open_timeout=1.0) as server:
            port = port_of(server)
            ann, bob, _ = await table_of_two(server)
            # a slow request: half a request line, then nothing; dropped after open_timeout
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET /static/lob")
            await writer.drain()
            await still_plays(ann, bob)  # the server answers the game meanwhile
            assert await asyncio.wait_for(reader.read(-1), GUARD) in (b"", b"HTTP/1.1 ")  # closed by the server
            writer.close()
            # too long an address: 414
            assert (await get(port, "/t/" + "a" * 300)).status == 414
            # a request line over websockets' 8 KB, too many headers, a body, another method: not served
            for request in (
                b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
                b"GET / HTTP/1.1\r\nHost: x\r\n" + b"X-A: b\r\n" * 200 + b"\r\n",
                b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
                b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(100),  # TLS to a plain server
            ):
                raw = await exchange(port, request)
                assert b"200 OK" not in raw and b"<html" not in raw, raw[:200]
            # another method than GET and HEAD: 405, naming them
            for method in ("POST", "PUT", "DELETE", "OPTIONS"):
                raw = await exchange(port, f"{method} / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n".encode())
                assert Answer(raw).status == 405 and Answer(raw).headers["allow"] == "GET, HEAD", (method, raw[:100])
            # a Host header that would reach into the policy: 400
            for hosts in (b"Host: x; script-src *\r\n", b"Host: a\r\nHost: b\r\n", b"Host: \r\n"):
                bad_host = Answer(await exchange(port, b"GET / HTTP/1.1\r\n" + hosts + b"\r\n"))
                assert bad_host.status == 400, (hosts, bad_host.status)
            nohost = Answer(await exchange(port, b"GET / HTTP/1.1\r\n\r\n"))
            assert nohost.status == 400
            await still_plays(ann, bob)
            await ann.close()
            await bob.close()

    asyncio.run(main())


def test_the_apps_host_network_game_serves_the_page_too() -> None:
    thread = ServerThread(config())
    _, port = thread.start()
    try:

        async def main() -> None:
            page = await get(port, "/t/some-table")
            assert page.status == 200 and b"/main.js" in page.body
            assert (await get(port, "/static/../hosting.py")).status == 404

        asyncio.run(main())
    finally:
        thread.stop()


def test_the_page_gets_the_apps_german_words_for_the_engines_sentences() -> None:
    """messages.de.json and sentences.de.json: the finished translations of
    the app's own catalogue in the contexts the page reads (the log, end
    reasons, piece and neighborhood names), never an unfinished one; the
    engine's sentences apart (a page loads them with its first game)."""
    served = load_static()
    catalogue = json.loads(served["messages.de.json"].body)
    assert set(catalogue) == {"Rules", "Page", "Levels"}
    sentences = json.loads(served["sentences.de.json"].body)
    assert set(sentences) == {"Engine"}
    catalogue.update(sentences)
    assert catalogue["Levels"]["hard"] == "schwer"
    assert catalogue["Engine"]["{n} turns in a row were passes"] == "{n}-mal hintereinander wurde gepasst"
    assert catalogue["Rules"]["Harbor"] == "Hafen"
    # the page's own words by name, one English text with two German ones kept apart
    assert catalogue["Page"]["points"] == "{n} Punkte" and catalogue["Page"]["with_points"] == "{n} Punkten"
    english = json.loads(served["messages.en.json"].body)
    assert set(english) == {"Page"} and set(english["Page"]) == set(catalogue["Page"])
    assert english["Page"]["points"] == english["Page"]["with_points"] == "{n} points"
    assert len(catalogue["Engine"]) > 100 and len(catalogue["Rules"]) > 50
    assert all(text for context in catalogue.values() for text in context.values())
