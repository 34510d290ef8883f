"""The table server's plain-HTTP side: the browser seat's static files.

A request that asks for a websocket upgrade goes on to the table protocol
untouched; any other request is answered here (the ``process_request``
hook of websockets' ``serve``). Only the files of the package folder
``bigcity_desktop/web/static/`` are served, read once into memory when the
server starts: a path is looked up, never joined to a folder, so no path
can leave it. ``/``, ``/t/<table>``, ``/players``, ``/p/<player>`` and
``/g/<game>`` are the page (the page reads the table, player or game from
its address; net/gamepages.py answers it), ``/static/<name>`` a file of the
folder, and ``/static/<version>/<name>`` the same file at an address that never changes
its content: ``<version>`` is a digest of every file served, the page names
its files by it (its ``/static/`` references are rewritten when the files
are read), and such an answer may be cached for a year (``immutable``); the
page itself is always revalidated (``no-cache``, by its entity tag). A file
of text is sent gzipped to a client that accepts it (compressed once, when
the files are read). Anything else is 404. A request to a name the server does not answer to,
and a websocket opened by another site's page, are refused with 403
(:mod:`.origins`). Websockets itself bounds a request (one line of at
most 8 KB, at most 128 headers, no body); ``HEAD`` is answered as ``GET`` without the body, any other method is 405 and its time (the
server's ``open_timeout``). See docs/PROTOCOL.md, "The HTTP side".
"""

from __future__ import annotations

import gzip
import hashlib
import http
import json
import re
from dataclasses import dataclass
from importlib import resources
from xml.etree import ElementTree

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from bigcity_desktop.bots.levels import LEVEL_BY_KEY, OPPONENT_LEVELS
from bigcity_desktop.engine.datafiles import resource_path
from bigcity_desktop.engine.rules import EDITIONS, get_rules
from bigcity_desktop.engine.strangers import for_server

from .clocks import PROFILES
from .origins import HostNames
from .pagesentences import page_templates
from .rulesummaries import Summaries
from .slim import blank_comments

#: the package whose ``static`` folder is served
PACKAGE = "bigcity_desktop.web"
#: the page of ``/`` and ``/t/<table>``
PAGE = "index.html"
#: the protocol's JSON Schemas in one file, for the page's strict reader
#: (made from the package's ``net/schemas`` folder when the server starts)
SCHEMAS = "schemas.json"
#: the rules data of each bundled edition, ``rules.<edition>.json``: a view
#: names a bundled edition by name only (house rules travel whole in it)
RULES = "rules.{edition}.json"
#: the German words of the page, of the rules' names and of the bot levels,
#: for the page's text and labels (i18n.js), made from the app's own
#: catalogue (read only by a page shown in German)
CATALOGUE = "messages.de.json"
#: the German of the engine's sentences (context "Engine": the log, the end,
#: the places of the board, the rules summary), read by a German page only
#: when it first shows a game or a rules summary (the lobby needs none)
SENTENCES = "sentences.de.json"
#: the contexts of the catalogue in SENTENCES (only what a page may be sent); the others are in CATALOGUE
SENTENCE_CONTEXTS = ("Engine",)
#: the page's own words in English, by name (web/words.json, the source
#: strings of the catalogue's context "Page")
ENGLISH = "messages.en.json"
#: what the page's Create table form offers: each bundled edition (its name,
#: title, digest and numbers of players) and the bot levels to play against
EDITIONS_FILE = "editions.json"
#: the contexts of the app's catalogue the page reads ("Levels": the bot
#: levels' labels, which the catalogue keeps in context "GameController")
CATALOGUE_CONTEXTS = ("Engine", "Rules", "Page", "Levels")
#: the context of the page's own words: its messages are keyed by their
#: disambiguation (the word's name in web/words.json), not by their English
PAGE_CONTEXT = "Page"
#: the longest path (with its query) answered; a longer one is 414
MAX_PATH = 256
#: the content type of each kind of file served; a file of another kind is not served
CONTENT_TYPES: dict[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".json": "application/json; charset=utf-8",
}
#: the kinds of file sent gzipped to a client that accepts it
COMPRESSED = (".html", ".js", ".css", ".svg", ".json")
#: how a file at its versioned address may be cached: it never changes there
IMMUTABLE = "public, max-age=31536000, immutable"
#: the methods answered
METHODS = ("GET", "HEAD")
#: the page's module, whose static imports (and theirs) are what the first screen loads
ENTRY = "main.js"
#: a module's static import of another module of the folder (``import … from "./x.js"``,
#: ``import "./x.js"``, ``export … from "./x.js"``); a dynamic ``import("./x.js")`` is not one
_STATIC_IMPORT = re.compile(
    rb'^(?:import\s+|(?:import|export)\b[^;"]*?\bfrom\s+)"\./([a-z0-9_-]+\.js)"',
    re.MULTILINE,
)
_VERSIONED = re.compile(r"/static/([0-9a-f]{16})/(.+)")
_NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}")
_TABLE = re.compile(r"/t/[A-Za-z0-9_-]{1,64}|/g/[A-Za-z0-9_-]{1,64}|/p/[A-Za-z0-9_-]{43}|/players")
#: a Host header as a browser sends it: a name or an address, and a port
_HOST = re.compile(r"[A-Za-z0-9.-]{1,253}(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]{2,45}\](:[0-9]{1,5})?")

#: the headers of every answer
COMMON_HEADERS: tuple[tuple[str, str], ...] = (
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
    ("Connection", "close"),
)


@dataclass(frozen=True)
class StaticFile:
    """One file served: its bytes, its content type, its entity tag, and its
    bytes gzipped (None when it is not a kind compressed, or gains nothing)."""

    body: bytes
    content_type: str
    etag: str
    gzipped: bytes | None = None


def static_file(name: str, body: bytes, content_type: str) -> StaticFile:
    """A file to serve, with its tag and, for text, its gzipped bytes."""
    packed = gzip.compress(body, 9, mtime=0) if name.endswith(COMPRESSED) else None
    etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
    return StaticFile(body, content_type, etag, packed if packed is not None and len(packed) < len(body) else None)


def static_version(files: dict[str, StaticFile]) -> str:
    """The digest of every file served but the page (which names it): the
    ``<version>`` of the files' unchanging addresses."""
    digest = hashlib.sha256()
    for name in sorted(files):
        if name != PAGE:
            digest.update(name.encode() + b"\0" + files[name].etag.encode())
    return digest.hexdigest()[:16]


def first_modules(files: dict[str, StaticFile], entry: str = ENTRY) -> list[str]:
    """The modules the page's entry imports statically, and theirs, entry
    first: what the first screen loads. A module imported dynamically
    (``import("./x.js")``: the table's, the deal's check, the rules summary)
    is loaded when the page first needs it, and is not among them."""
    found = [entry]
    for name in found:
        for m in _STATIC_IMPORT.finditer(files[name].body if name in files else b""):
            imported = m.group(1).decode()
            if imported not in found and imported in files:
                found.append(imported)
    return found


def versioned(files: dict[str, StaticFile]) -> tuple[dict[str, StaticFile], str]:
    """The files with the page's ``/static/`` references turned into the
    unchanging addresses of this version (and a ``modulepreload`` link for
    every other module the first screen loads, so the browser fetches them
    together), and the version."""
    version = static_version(files)
    page = files[PAGE]
    body = page.body.replace(b'"/static/', f'"/static/{version}/'.encode())
    # every module the first screen imports asked for at once, not one import after another
    preload = "".join(
        f'<link rel="modulepreload" href="/static/{version}/{name}">\n'
        for name in sorted(first_modules(files))
        if f"/{name}".encode() not in body
    )
    body = body.replace(b'<script type="module"', preload.encode() + b'<script type="module"', 1)
    return {**files, PAGE: static_file(PAGE, body, page.content_type)}, version


def content_security_policy(host: str) -> str:
    """The page's policy: its own files only, no inline script or style,
    and websockets to its own host (``host`` as the Host header gave it)."""
    return (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
        f"connect-src 'self' ws://{host} wss://{host}; "
        "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )


def load_static() -> dict[str, StaticFile]:
    """Every file of the static folder, by name (sub-folders are not served;
    a module's comments that fill whole lines blanked, net/slim.py)."""
    files: dict[str, StaticFile] = {}
    for entry in (resources.files(PACKAGE) / "static").iterdir():
        suffix = "." + entry.name.rpartition(".")[2]
        if not entry.is_file() or not _NAME.fullmatch(entry.name) or suffix not in CONTENT_TYPES:
            continue
        body = entry.read_bytes()
        if suffix == ".js":  # the comments that fill lines (types and notes for tsc and readers) blanked
            body = blank_comments(body)
        files[entry.name] = static_file(entry.name, body, CONTENT_TYPES[suffix])
    for name, body in made_files().items():
        files[name] = static_file(name, body, CONTENT_TYPES[".json"])
    if PAGE not in files:
        raise RuntimeError(f"The browser seat's page {PAGE} is missing from the package {PACKAGE}.")
    return files


def made_files() -> dict[str, bytes]:
    """The files the page reads that are made from the package's own data,
    never copied into the static folder: the protocol's schemas (one object,
    file name -> schema) and each bundled edition's rules data."""
    folder = resources.files("bigcity_desktop.net") / "schemas"
    schemas = {
        f.name: json.loads(f.read_text(encoding="utf-8")) for f in folder.iterdir() if f.name.endswith(".schema.json")
    }
    out = {SCHEMAS: _compact(dict(sorted(schemas.items())))}
    for edition in EDITIONS:
        out[RULES.format(edition=edition)] = _compact(get_rules(edition).data)
    out[EDITIONS_FILE] = _compact(editions_offered())
    german = german_catalogue()
    out[CATALOGUE] = _compact({k: v for k, v in german.items() if k not in SENTENCE_CONTEXTS})
    out[SENTENCES] = _compact(page_sentences(german))
    out[ENGLISH] = _compact({PAGE_CONTEXT: page_words()})
    return out


def page_sentences(german: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """The German of the engine's sentences a page may be sent (net/pagesentences.py), of the catalogue `german`."""
    engine = german.get("Engine", {})
    said = page_templates(engine)
    return {"Engine": {k: v for k, v in engine.items() if said is None or k in said}}


def editions_offered() -> dict[str, object]:
    """The bundled editions and the bot levels a table may be created with
    (the page's Create table form; a table whose rules digest is none of
    these editions' plays house rules, and the page says so)."""
    editions = []
    for edition in EDITIONS:
        rules = get_rules(edition)
        editions.append(
            {
                "name": edition,
                "title": rules.title,
                "digest": rules.digest,
                # at a friends' table of this server: the edition with the server's bound on rounds
                "served_digest": for_server(rules, public=False).digest,
                "min_players": rules.min_players,
                "max_players": rules.max_players,
            }
        )
    levels = [{"key": key, "label": LEVEL_BY_KEY[key].label} for key in OPPONENT_LEVELS]
    # the time controls (net/clocks.py: PROFILES, named there once): the page's Play now offers them
    clocks = [{"name": n, "minutes": int(base // 60), "seconds": int(step)} for n, (base, step) in PROFILES.items()]
    return {"editions": editions, "levels": levels, "clocks": clocks}


def page_words() -> dict[str, str]:
    """The page's own words, name -> English (``bigcity_desktop/web/words.json``)."""
    words: dict[str, str] = json.loads((resources.files(PACKAGE) / "words.json").read_text(encoding="utf-8"))
    return words


def german_catalogue() -> dict[str, dict[str, str]]:
    """The finished German translations of the app's catalogue
    (resources/i18n/bigcity_de.ts, shipped in the wheel and every bundle) in
    the contexts the page reads, source -> translation (the page's own words:
    name -> translation). A missing or broken catalogue gives empty
    contexts: the page's sentences stay English."""
    out: dict[str, dict[str, str]] = {name: {} for name in CATALOGUE_CONTEXTS}
    try:
        # our own packaged file, never one a user hands in
        root = ElementTree.parse(resource_path("i18n", "bigcity_de.ts")).getroot()
    except (OSError, ElementTree.ParseError):
        return out
    labels = {lv.label for lv in LEVEL_BY_KEY.values()}
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        if name == "GameController":  # only the bot levels' labels, as "Levels"
            for message in context.iter("message"):
                label, done = message.findtext("source"), message.find("translation")
                if label in labels and done is not None and done.text and not done.get("type"):
                    out["Levels"][label] = done.text
            continue
        words = out.get(name)
        if words is None:
            continue
        for message in context.iter("message"):
            source, translation = message.find("source"), message.find("translation")
            if source is None or translation is None or not translation.text or translation.get("type"):
                continue  # unfinished, obsolete or vanished: the English stays
            key = message.findtext("comment") if name == PAGE_CONTEXT else source.text
            words[key or ""] = translation.text
    return out


def accepts_gzip(header: str) -> bool:
    """Whether an Accept-Encoding header takes gzip (named without ``q=0``)."""
    for part in header.lower().split(","):
        coding, _, params = part.strip().partition(";")
        if coding.strip() in ("gzip", "x-gzip"):
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def _compact(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


class WebSite:
    """Answers the plain-HTTP requests of one server, and lets through the
    websocket upgrades of the names and pages it answers to (:mod:`.origins`)."""

    def __init__(self, names: HostNames, summaries: Summaries | None = None) -> None:
        self.files, self.version = versioned(load_static())
        self.names = names
        self.summaries = summaries or Summaries()

    def lookup(self, path: str) -> tuple[StaticFile | None, bool]:
        """The file of a request's path (its query dropped), or None; and
        whether the address is this version's unchanging one."""
        path = path.partition("?")[0]
        if path == "/" or _TABLE.fullmatch(path):
            return self.files[PAGE], False
        fixed = _VERSIONED.fullmatch(path)
        if fixed is not None:  # another version's address: the file of this one, revalidated
            path = "/static/" + fixed.group(2)
        if path.startswith("/static/"):
            name = path[len("/static/") :]
            if _NAME.fullmatch(name) and ".." not in name:
                found = self.files.get(name) or self._summary(name)
                return found, found is not None and fixed is not None and fixed.group(1) == self.version
        return None, False

    def _summary(self, name: str) -> StaticFile | None:
        """A table's rules summary (net/rulesummaries.py), made when first asked."""
        body = self.summaries.body(name)
        return None if body is None else static_file(name, body, CONTENT_TYPES[".json"])

    def process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        """websockets' hook: None lets a websocket upgrade through; any other request is answered."""
        hosts = request.headers.get_all("Host")
        host = hosts[0] if len(hosts) == 1 else ""
        if request.headers.get("Upgrade", "").lower() == "websocket":
            origins = request.headers.get_all("Origin")
            why = self.names.host_refusal(host) if _HOST.fullmatch(host) else "This request has no valid Host header."
            if why is None:
                why = self.names.origin_refusal(origins[0] if len(origins) == 1 else None, host)
                if len(origins) > 1:
                    why = "A websocket is opened from one page, not several."
            return None if why is None else self._text(http.HTTPStatus.FORBIDDEN, why + "\n")
        if request.method not in METHODS:
            answer = self._text(
                http.HTTPStatus.METHOD_NOT_ALLOWED, "This table server answers GET and HEAD requests only.\n"
            )
            answer.headers["Allow"] = ", ".join(METHODS)
            return answer
        answer = self._answer(request, host)
        if request.method == "HEAD":  # the same headers, Content-Length the body's that GET would send
            answer = Response(answer.status_code, answer.reason_phrase, answer.headers, b"")
        return answer

    def _answer(self, request: Request, host: str) -> Response:
        if not _HOST.fullmatch(host):
            return self._text(http.HTTPStatus.BAD_REQUEST, "This request has no valid Host header.\n")
        why = self.names.host_refusal(host)
        if why is not None:  # a name not the server's own (DNS rebinding): nothing, and never echoed
            return self._text(http.HTTPStatus.FORBIDDEN, "This table server does not answer to that name.\n")
        if len(request.path) > MAX_PATH:
            return self._text(http.HTTPStatus.REQUEST_URI_TOO_LONG, "This address is too long.\n")
        found, fixed = self.lookup(request.path)
        if found is None:
            return self._text(http.HTTPStatus.NOT_FOUND, "There is no such page on this table server.\n")
        headers = self._headers(found.content_type, found.etag)
        headers["Cache-Control"] = IMMUTABLE if fixed else "no-cache"
        headers["Content-Security-Policy"] = content_security_policy(host)
        if found.gzipped is not None:
            headers["Vary"] = "Accept-Encoding"
        if found.etag in request.headers.get("If-None-Match", ""):
            return Response(304, "Not Modified", headers, b"")
        body = found.body
        if found.gzipped is not None and accepts_gzip(request.headers.get("Accept-Encoding", "")):
            body = found.gzipped
            headers["Content-Encoding"] = "gzip"
        headers["Content-Length"] = str(len(body))
        return Response(200, "OK", headers, body)

    def _headers(self, content_type: str, etag: str | None = None) -> Headers:
        headers = Headers(COMMON_HEADERS)
        headers["Content-Type"] = content_type
        if etag is None:
            headers["Cache-Control"] = "no-cache"
        if etag is not None:
            headers["ETag"] = etag
        return headers

    def _text(self, status: http.HTTPStatus, text: str) -> Response:
        body = text.encode()
        headers = self._headers("text/plain; charset=utf-8")
        headers["Content-Security-Policy"] = "default-src 'none'; frame-ancestors 'none'"
        headers["Content-Length"] = str(len(body))
        return Response(status.value, status.phrase, headers, body)
