"""The table protocol: versioned JSON messages over a websocket.

Every message is one text frame holding one JSON object with a ``type``.
The client's first message is ``hello`` with the protocol version it speaks;
the server answers ``welcome``, or tells a client of another version so in
one sentence (a ``refused`` message with code ``version``) and closes.

Every message read, from a client by the server and from the server by a
client, goes through :func:`read_client` / :func:`read_server`: a size cap,
the strict JSON layer of :mod:`bigcity_desktop.engine.jsonio` with a small
nesting limit, then exact fields of exact types into a small frozen
dataclass. Unknown types, unknown or missing fields and values of the wrong
kind are refused with a :class:`ProtocolError` saying which. The messages,
their fields and the flows are documented in ``docs/PROTOCOL.md``.

Each message is declared once, here: a frozen dataclass whose base says its
direction (:class:`ClientMessage` or :class:`ServerMessage`), with its
``TYPE``, its fields and their checks (``SPEC``). Declaring it registers it
(:data:`CLIENT_MESSAGES`, :data:`SERVER_MESSAGES`), and the registry drives
the rest: the reading, the server's dispatch to ``on_<type>`` and the
client's to ``_on_<type>`` (:func:`handlers_of`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, TypeVar

from bigcity_desktop import __version__
from bigcity_desktop.engine.actions import Action, ActionFormatError, action_from_json
from bigcity_desktop.engine.jsonio import KIB, MAX_NAME, MAX_TEXT, MIB, InputError, check_plain, decode_json, short

#: the protocol this program speaks; a client of another version is refused
PROTOCOL_VERSION = 1
#: the port a server listens on unless told otherwise (TCP)
DEFAULT_PORT = 47474
#: the DNS-SD service type under which servers advertise on the local network
SERVICE_TYPE = "_bigcity._tcp.local."
#: this program, as hello and welcome name it
PROGRAM = f"bigcity-desktop {__version__}"

#: the largest frame a server reads from a client (a house-rules file is at
#: most 256 KB, and travels as text inside a create message)
MAX_CLIENT_FRAME = 320 * KIB
#: the largest frame a client reads from a server (a whole view of a long
#: game, or a finished game's record)
MAX_SERVER_FRAME = 16 * MIB
#: arrays and objects inside each other in a client's message
CLIENT_DEPTH = 6
#: the same in a server's message (a view is nested deeper)
SERVER_DEPTH = 16
#: a chat line, after cleaning
MAX_CHAT = 300
#: a table's title
MAX_TITLE = MAX_NAME
#: table ids and seat tokens
MAX_ID = 64
#: a house-rules file's text
MAX_RULES_TEXT = 256 * KIB
#: the longest wait a host may set before a missing player's seat goes to a bot
MAX_BOT_AFTER = 7 * 24 * 3600.0

_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_WORD = re.compile(r"[a-z][a-z0-9_]{0,39}")


class ProtocolError(ValueError):
    """A message that cannot be read. ``code`` says what kind of refusal it is."""

    def __init__(self, reason: str, code: str = "bad_message") -> None:
        super().__init__(reason)
        self.code = code


class RequestRefused(Exception):
    """A request a server does not carry out: its refusal's `code` and
    `reason` (one sentence), answered as a ``refused`` message."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


# ---------------------------------------------------------------------------
# field checkers: (value, where) -> value, ProtocolError otherwise

Check = Callable[[Any, str], Any]


def _fail(text: str) -> ProtocolError:
    return ProtocolError(text)


def c_int(low: int, high: int) -> Check:
    def check(v: Any, where: str) -> int:
        if type(v) is not int:
            raise _fail(f"{where} must be a whole number, not {short(v)}")
        if not low <= v <= high:
            raise _fail(f"{where} must be from {low} to {high}, not {v}")
        return v

    return check


def c_number(low: float, high: float) -> Check:
    def check(v: Any, where: str) -> float:
        if type(v) not in (int, float):
            raise _fail(f"{where} must be a number, not {short(v)}")
        if not low <= v <= high:
            raise _fail(f"{where} must be from {low:g} to {high:g}, not {v}")
        return float(v)

    return check


def c_text(limit: int, empty: bool = False) -> Check:
    def check(v: Any, where: str) -> str:
        if not isinstance(v, str):
            raise _fail(f"{where} must be text, not {short(v)}")
        if len(v) > limit:
            raise _fail(f"{where} is {len(v)} characters long; at most {limit} are read")
        if not empty and not v.strip():
            raise _fail(f"{where} must not be empty")
        return v

    return check


def c_ident(v: Any, where: str) -> str:
    if not isinstance(v, str) or not _ID.fullmatch(v):
        raise _fail(f"{where} must be an id of letters, digits, - and _, not {short(v)}")
    return v


def c_word(v: Any, where: str) -> str:
    if not isinstance(v, str) or not _WORD.fullmatch(v):
        raise _fail(f"{where} must be a lower-case word, not {short(v)}")
    return v


def c_bool(v: Any, where: str) -> bool:
    if not isinstance(v, bool):
        raise _fail(f"{where} must be true or false, not {short(v)}")
    return v


def c_optional(check: Check) -> Check:
    def opt(v: Any, where: str) -> Any:
        return None if v is None else check(v, where)

    return opt


def c_list_of(check: Check, limit: int) -> Check:
    def check_list(v: Any, where: str) -> tuple[Any, ...]:
        if not isinstance(v, list):
            raise _fail(f"{where} must be a list, not {short(v)}")
        if len(v) > limit:
            raise _fail(f"{where} holds {len(v)} entries; at most {limit} are read")
        return tuple(check(x, f"{where}[{i}]") for i, x in enumerate(v))

    return check_list


def c_object(v: Any, where: str) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise _fail(f"{where} must be an object, not {short(v)}")
    return v


#: the fields of each kind of action's JSON ("act" names the kind)
ACTION_FIELDS: dict[str, frozenset[str]] = {
    "tile": frozenset({"act", "number", "x", "y", "rotation"}),
    "build": frozenset({"act", "building", "properties"}),
    "streetcar": frozenset({"act", "street"}),
    "stop": frozenset({"act"}),
    "exchange": frozenset({"act", "cards"}),
    "pass": frozenset({"act"}),
    "draw": frozenset({"act", "stack"}),
    "offer": frozenset({"act", "cards", "face_up"}),
    "take": frozenset({"act", "owner", "slot"}),
}


def c_action(v: Any, where: str) -> Action:
    if isinstance(v, dict) and isinstance(v.get("act"), str) and v["act"] in ACTION_FIELDS:
        extra = set(v) - ACTION_FIELDS[v["act"]]
        if extra:
            raise _fail(f"{where}: a {v['act']} action has no field {short(sorted(extra)[0])}")
    try:
        return action_from_json(v)
    except ActionFormatError as exc:
        raise _fail(f"{where}: {exc}") from None


def c_record_of(cls: type[Any]) -> Check:
    """A nested object read into the dataclass `cls` (exact fields)."""

    def check(v: Any, where: str) -> Any:
        return _build(cls, c_object(v, where), where)

    return check


def _build(cls: type[Any], data: dict[str, Any], where: str) -> Any:
    spec: dict[str, Check] = cls.SPEC
    for k in data:
        if k not in spec:
            raise _fail(f"{where}: unknown field {short(k)} (known: {', '.join(sorted(spec))})")
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in spec:
            continue
        if f.name in data:
            values[f.name] = spec[f.name](data[f.name], f"{where}.{f.name}")
        elif f.name in cls.OPTIONAL:
            continue
        else:
            raise _fail(f"{where} lacks the field {f.name!r}")
    return cls(**values)


def _to_json(v: Any) -> Any:
    if isinstance(v, Action):
        return v.to_json()
    if isinstance(v, Message):
        return {
            f.name: _to_json(getattr(v, f.name))
            for f in fields(v)
            if f.name in v.SPEC and not (v.OMIT_NONE and f.name in v.OPTIONAL and getattr(v, f.name) is None)
        }
    if isinstance(v, tuple):
        return [_to_json(x) for x in v]
    return v


# ---------------------------------------------------------------------------
# messages


@dataclass(frozen=True)
class Message:
    """A message (or a part of one). ``SPEC`` checks each field; fields in
    ``OPTIONAL`` may be left out and take their default."""

    TYPE: ClassVar[str] = ""
    SPEC: ClassVar[dict[str, Check]] = {}
    OPTIONAL: ClassVar[frozenset[str]] = frozenset()
    #: inside another message, an OPTIONAL field that is None is left out
    #: (else written as null, as a seat's `away` is)
    OMIT_NONE: ClassVar[bool] = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.TYPE} if self.TYPE else {}
        for f in fields(self):
            if f.name not in self.SPEC:
                continue
            v = getattr(self, f.name)
            if f.name in self.OPTIONAL and v is None:
                continue
            out[f.name] = _to_json(v)
        return out

    def encode(self) -> str:
        """The message as the text of one websocket frame."""
        return json.dumps(self.to_json(), separators=(",", ":"), ensure_ascii=False)


#: the largest request id (a signed 32-bit integer's, so every language can hold one)
MAX_REQUEST_ID = 2**31 - 1
_REQ = {"id": c_optional(c_int(0, MAX_REQUEST_ID))}

#: every message a client may send, by type (filled by declaring a ClientMessage)
CLIENT_MESSAGES: dict[str, type[ClientMessage]] = {}
#: every message a server may send, by type (filled by declaring a ServerMessage)
SERVER_MESSAGES: dict[str, type[ServerMessage]] = {}


def _register(registry: dict[str, Any], cls: type[Message]) -> None:
    kind = cls.__dict__.get("TYPE", "")
    if not kind:  # a base of messages, not a message
        return
    if kind in registry:
        raise TypeError(f"two messages of type {kind!r} in one direction: {registry[kind].__name__}, {cls.__name__}")
    registry[kind] = cls


@dataclass(frozen=True)
class ClientMessage(Message):
    """A message from a client to a server. Declaring a subclass with a
    ``TYPE`` is all it takes: the server reads it (:data:`CLIENT_MESSAGES`)
    and hands it to its ``on_<TYPE>`` method (:func:`handlers_of`); a
    client sends it with ``request``."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _register(CLIENT_MESSAGES, cls)


@dataclass(frozen=True)
class ServerMessage(Message):
    """A message from a server to a client. Declaring a subclass with a
    ``TYPE`` is all it takes: a client reads it (:data:`SERVER_MESSAGES`)
    and hands it to its ``_on_<TYPE>`` method, if it has one, or else to its
    receiver as it is."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _register(SERVER_MESSAGES, cls)


M = TypeVar("M", bound=Message)


def handlers_of(
    owner: type[Any], registry: Mapping[str, type[M]], prefix: str = "on_", *, every: bool = True
) -> dict[type[M], Callable[..., Any]]:
    """The method of `owner` that handles each message of `registry`: the
    one named `prefix` + the message's type (``on_join`` for ``join``).
    With `every`, a message without one is a TypeError (at import time)."""
    missing = [kind for kind in registry if not callable(getattr(owner, prefix + kind, None))]
    if every and missing:
        raise TypeError(f"{owner.__name__} handles no {', '.join(missing)} message (no {prefix}{missing[0]})")
    return {cls: getattr(owner, prefix + kind) for kind, cls in registry.items() if kind not in missing}


# -- client to server --------------------------------------------------------


@dataclass(frozen=True)
class SeatSpec(Message):
    """One seat of a table being created: a human's or a bot's (with its level)."""

    kind: str  # a SeatKind: human or bot
    level: str | None = None
    SPEC: ClassVar[dict[str, Check]] = {"kind": c_word, "level": c_optional(c_word)}
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"level"})


@dataclass(frozen=True)
class Hello(ClientMessage):
    protocol: int
    client: str
    TYPE: ClassVar[str] = "hello"
    SPEC: ClassVar[dict[str, Check]] = {"protocol": c_int(0, MAX_REQUEST_ID), "client": c_text(80)}


@dataclass(frozen=True)
class ListTables(ClientMessage):
    id: int | None = None
    TYPE: ClassVar[str] = "list"
    SPEC: ClassVar[dict[str, Check]] = dict(_REQ)
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"id"})


@dataclass(frozen=True)
class CreateTable(ClientMessage):
    """A new table. `edition` names a bundled edition, or `rules` holds a
    house-rules file's TOML text (exactly one of the two)."""

    name: str
    seats: tuple[SeatSpec, ...]
    edition: str | None = None
    rules: str | None = None
    title: str | None = None
    id: int | None = None
    TYPE: ClassVar[str] = "create"
    SPEC: ClassVar[dict[str, Check]] = {
        "name": c_text(200, empty=True),
        "seats": c_list_of(c_record_of(SeatSpec), 8),
        "edition": c_optional(c_word),
        "rules": c_optional(c_text(MAX_RULES_TEXT)),
        "title": c_optional(c_text(200, empty=True)),
        **_REQ,
    }
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"edition", "rules", "title", "id"})


@dataclass(frozen=True)
class Join(ClientMessage):
    table: str
    name: str
    seat: int | None = None
    id: int | None = None
    TYPE: ClassVar[str] = "join"
    SPEC: ClassVar[dict[str, Check]] = {
        "table": c_ident,
        "name": c_text(200, empty=True),
        "seat": c_optional(c_int(0, 7)),
        **_REQ,
    }
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"seat", "id"})


@dataclass(frozen=True)
class Rejoin(ClientMessage):
    table: str
    seat: int
    token: str
    id: int | None = None
    TYPE: ClassVar[str] = "rejoin"
    SPEC: ClassVar[dict[str, Check]] = {"table": c_ident, "seat": c_int(0, 7), "token": c_ident, **_REQ}
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"id"})


@dataclass(frozen=True)
class Spectate(ClientMessage):
    table: str
    id: int | None = None
    TYPE: ClassVar[str] = "spectate"
    SPEC: ClassVar[dict[str, Check]] = {"table": c_ident, **_REQ}
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"id"})


@dataclass(frozen=True)
class Leave(ClientMessage):
    id: int | None = None
    TYPE: ClassVar[str] = "leave"
    SPEC: ClassVar[dict[str, Check]] = dict(_REQ)
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"id"})


@dataclass(frozen=True)
class Start(ClientMessage):
    id: int | None = None
    TYPE: ClassVar[str] = "start"
    SPEC: ClassVar[dict[str, Check]] = dict(_REQ)
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"id"})


@dataclass(frozen=True)
class Chat(ClientMessage):
    text: str
    id: int | None = None
    TYPE: ClassVar[str] = "chat"
    SPEC: ClassVar[dict[str, Check]] = {"text": c_text(2000, empty=True), **_REQ}
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"id"})


@dataclass(frozen=True)
class Act(ClientMessage):
    """Play `action` for the sender's seat, on the view with `at` actions in
    its history (a move made on an older view is refused, never misplayed).
    `seat`, when given, must be the sender's."""

    action: Action
    at: int
    seat: int | None = None
    id: int | None = None
    TYPE: ClassVar[str] = "act"
    SPEC: ClassVar[dict[str, Check]] = {
        "action": c_action,
        "at": c_int(0, 10_000_000),
        "seat": c_optional(c_int(0, 7)),
        **_REQ,
    }
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"seat", "id"})


@dataclass(frozen=True)
class HandToBot(ClientMessage):
    """Host only: hand `seat` (a human's, whose player is away) to a bot of
    `level` once the player has been away `after` seconds (now if 0). A
    player back before then keeps the seat."""

    seat: int
    level: str
    after: float = 0.0
    id: int | None = None
    TYPE: ClassVar[str] = "hand_to_bot"
    SPEC: ClassVar[dict[str, Check]] = {
        "seat": c_int(0, 7),
        "level": c_word,
        "after": c_number(0.0, MAX_BOT_AFTER),
        **_REQ,
    }
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"after", "id"})


@dataclass(frozen=True)
class Resync(ClientMessage):
    """Send me my whole view again (a client that could not follow a delta)."""

    id: int | None = None
    TYPE: ClassVar[str] = "sync"
    SPEC: ClassVar[dict[str, Check]] = dict(_REQ)
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"id"})


# -- server to client --------------------------------------------------------


@dataclass(frozen=True)
class SeatInfo(Message):
    """One seat as everyone at the table sees it."""

    seat: int
    kind: str  # a SeatKind: human or bot
    level: str | None  # the bot's level
    name: str | None  # None while the seat is free
    connected: bool  # a human seat's player is connected (bots: true)
    away: float | None = None  # seconds since the player dropped, None when here (or free)
    bot_after: float | None = None  # seconds of absence after which the host hands the seat to a bot
    SPEC: ClassVar[dict[str, Check]] = {
        "seat": c_int(0, 7),
        "kind": c_word,
        "level": c_optional(c_word),
        "name": c_optional(c_text(MAX_NAME)),
        "connected": c_bool,
        "away": c_optional(c_number(0, 1e12)),
        "bot_after": c_optional(c_number(0, MAX_BOT_AFTER)),
    }
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"away", "bot_after"})


@dataclass(frozen=True)
class TableInfo(Message):
    """A table as the lobby lists it."""

    id: str
    title: str
    edition: str
    rules_title: str
    rules_digest: str
    status: str  # "lobby", "playing" or "over"
    host: int  # the host's seat
    seats: tuple[SeatInfo, ...]
    spectators: int
    moves: int  # actions played so far
    turn: int | None  # the seat to move, None before the start and after the end
    SPEC: ClassVar[dict[str, Check]] = {
        "id": c_ident,
        "title": c_text(MAX_TITLE),
        "edition": c_text(MAX_NAME),
        "rules_title": c_text(MAX_TEXT),
        "rules_digest": c_text(128),
        "status": c_word,
        "host": c_int(0, 7),
        "seats": c_list_of(c_record_of(SeatInfo), 8),
        "spectators": c_int(0, 10**9),
        "moves": c_int(0, 10**9),
        "turn": c_optional(c_int(0, 7)),
    }


@dataclass(frozen=True)
class Welcome(ServerMessage):
    protocol: int
    server: str
    name: str
    TYPE: ClassVar[str] = "welcome"
    SPEC: ClassVar[dict[str, Check]] = {"protocol": c_int(0, MAX_REQUEST_ID), "server": c_text(80), "name": c_text(200)}


@dataclass(frozen=True)
class Lobby(ServerMessage):
    tables: tuple[TableInfo, ...]
    id: int | None = None
    TYPE: ClassVar[str] = "lobby"
    SPEC: ClassVar[dict[str, Check]] = {"tables": c_list_of(c_record_of(TableInfo), 100_000), **_REQ}
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"id"})


@dataclass(frozen=True)
class TableUpdate(ServerMessage):
    """The table the connection sits at (or watches) changed: seats, status."""

    table: TableInfo
    you: int | None  # the receiver's seat, None for a spectator
    TYPE: ClassVar[str] = "table"
    SPEC: ClassVar[dict[str, Check]] = {"table": c_record_of(TableInfo), "you": c_optional(c_int(0, 7))}


@dataclass(frozen=True)
class Seated(ServerMessage):
    """The receiver sits at `seat`; `token` lets it back in after a drop."""

    table: str
    seat: int
    token: str
    id: int | None = None
    TYPE: ClassVar[str] = "seated"
    SPEC: ClassVar[dict[str, Check]] = {"table": c_ident, "seat": c_int(0, 7), "token": c_ident, **_REQ}
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"id"})


@dataclass(frozen=True)
class LegalMove(Message):
    """One legal move of the seat to move, as its view message lists them
    (net/legal.py). `points`: for a building, what it would score its
    builder now (the page's score preview); absent for other moves."""

    action: Action
    points: int | None = None
    SPEC: ClassVar[dict[str, Check]] = {"action": c_action, "points": c_optional(c_int(-10_000, 10_000))}
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"points"})
    OMIT_NONE: ClassVar[bool] = True


#: the most legal moves a view message lists that a reader takes
MAX_LEGAL = 100_000


@dataclass(frozen=True)
class ViewMessage(ServerMessage):
    """The receiver's view after an action (`action` by seat `by`), or a
    whole view (`full`) on joining, starting and reconnecting. `view` is
    the JSON of :mod:`bigcity_desktop.engine.viewjson`. `legal`: the
    receiver's legal moves, when it is the seat to move (net/legal.py).
    `presented`: the table as the receiver's screen shows it, presented
    once (bigcity_desktop/present: the players' rows, the supply, the
    neighborhoods to come, the board's geometry; schema
    ``presented.schema.json``), for a client that only draws."""

    table: str
    full: bool
    view: dict[str, Any]
    at: int
    action: Action | None = None
    by: int | None = None
    legal: tuple[LegalMove, ...] | None = None
    presented: dict[str, Any] | None = None
    TYPE: ClassVar[str] = "view"
    SPEC: ClassVar[dict[str, Check]] = {
        "table": c_ident,
        "full": c_bool,
        "view": c_object,
        "at": c_int(0, 10_000_000),
        "action": c_optional(c_action),
        "by": c_optional(c_int(0, 7)),
        "legal": c_optional(c_list_of(c_record_of(LegalMove), MAX_LEGAL)),
        "presented": c_optional(c_object),
    }
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"action", "by", "legal", "presented"})

    def around_view(self) -> tuple[str, str]:
        """The message's text before and after its view (left empty here):
        a server puts views written in parts between them (net/viewcast.py)."""
        text = self.encode()
        # "type", "table" (an identifier) and "full" come first: the first "view":{} is the view
        at = text.index('"view":{}') + len('"view":')
        return text[:at], text[at + 2 :]


@dataclass(frozen=True)
class ChatLine(ServerMessage):
    table: str
    seat: int | None  # None: a spectator
    name: str
    text: str
    time: float  # seconds since the epoch, the server's clock
    TYPE: ClassVar[str] = "chat"
    SPEC: ClassVar[dict[str, Check]] = {
        "table": c_ident,
        "seat": c_optional(c_int(0, 7)),
        "name": c_text(MAX_NAME),
        "text": c_text(MAX_CHAT),
        "time": c_number(0, 1e12),
    }


@dataclass(frozen=True)
class Refused(ServerMessage):
    """A request the server did not carry out, and why (one sentence)."""

    code: str
    reason: str
    id: int | None = None
    TYPE: ClassVar[str] = "refused"
    SPEC: ClassVar[dict[str, Check]] = {"code": c_word, "reason": c_text(500), **_REQ}
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"id"})


@dataclass(frozen=True)
class GameOver(ServerMessage):
    """The game at the table ended: its whole record (every hand), as the
    text of a record file (format ``bigcity-game``)."""

    table: str
    record: str
    TYPE: ClassVar[str] = "game_over"
    SPEC: ClassVar[dict[str, Check]] = {"table": c_ident, "record": c_text(16 * MIB)}


@dataclass(frozen=True)
class Left(ServerMessage):
    """The receiver is no longer at `table` (it left, or its seat was taken
    over by another connection with the seat's token)."""

    table: str
    reason: str
    TYPE: ClassVar[str] = "left"
    SPEC: ClassVar[dict[str, Check]] = {"table": c_ident, "reason": c_text(500)}


# ---------------------------------------------------------------------------
# reading


def _read(raw: str | bytes, registry: Mapping[str, type[Message]], cap: int, depth: int, who: str) -> Message:
    if isinstance(raw, bytes):
        raise ProtocolError(f"{who} sends text frames of JSON, not binary frames")
    if len(raw) > cap:
        raise ProtocolError(f"a message may be at most {cap} characters, not {len(raw)}", "too_big")
    try:
        data = decode_json(raw, InputError, damaged="the message is not valid JSON")
        check_plain(data, InputError, max_depth=depth)
    except InputError as exc:
        raise ProtocolError(str(exc)) from None
    if not isinstance(data, dict):
        raise ProtocolError(f"a message is a JSON object with a type, not {short(data)}")
    kind = data.get("type")
    cls = registry.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ProtocolError(f"unknown message type {short(kind)} (known: {', '.join(sorted(registry))})")
    if cls is Hello and type(data.get("protocol")) is int and data["protocol"] != PROTOCOL_VERSION:
        # a client of another version: told so before its hello is read field by field
        raise ProtocolError(version_sentence(data["protocol"]), "version")
    body = {k: v for k, v in data.items() if k != "type"}
    return _build(cls, body, cls.TYPE)  # type: ignore[no-any-return]


def read_client(raw: str | bytes) -> ClientMessage:
    """A client's message, read strictly (ProtocolError with a sentence)."""
    m = _read(raw, CLIENT_MESSAGES, MAX_CLIENT_FRAME, CLIENT_DEPTH, "a client")
    assert isinstance(m, ClientMessage)
    return m


def read_server(raw: str | bytes) -> ServerMessage:
    """A server's message, read strictly (ProtocolError with a sentence)."""
    m = _read(raw, SERVER_MESSAGES, MAX_SERVER_FRAME, SERVER_DEPTH, "a server")
    assert isinstance(m, ServerMessage)
    return m


def version_sentence(theirs: int) -> str:
    """What a server tells a client of another protocol version."""
    if theirs > PROTOCOL_VERSION:
        return (
            f"This server speaks table protocol version {PROTOCOL_VERSION} and your program speaks version {theirs}: "
            "the server needs a newer release of Big City Desktop."
        )
    return (
        f"This server speaks table protocol version {PROTOCOL_VERSION} and your program speaks version {theirs}: "
        "update Big City Desktop to join it."
    )


__all__ = [
    "CLIENT_MESSAGES",
    "DEFAULT_PORT",
    "MAX_CHAT",
    "MAX_CLIENT_FRAME",
    "MAX_SERVER_FRAME",
    "PROGRAM",
    "PROTOCOL_VERSION",
    "SERVER_MESSAGES",
    "SERVICE_TYPE",
    "Act",
    "Chat",
    "ChatLine",
    "ClientMessage",
    "CreateTable",
    "GameOver",
    "HandToBot",
    "Hello",
    "Join",
    "Left",
    "ListTables",
    "Lobby",
    "Message",
    "ProtocolError",
    "Refused",
    "Rejoin",
    "RequestRefused",
    "Resync",
    "SeatInfo",
    "SeatSpec",
    "Seated",
    "ServerMessage",
    "Spectate",
    "Start",
    "TableInfo",
    "TableUpdate",
    "ViewMessage",
    "Welcome",
    "handlers_of",
    "read_client",
    "read_server",
    "version_sentence",
]
