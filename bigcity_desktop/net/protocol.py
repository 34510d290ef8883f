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
``TYPE`` and its fields, each annotated with what it holds (the kit of
:mod:`.wire`; a field with a default may be left out). The JSON Schemas, the
browser page's types and the message tables of docs/PROTOCOL.md are made
from these declarations (``make protocol``). Declaring it registers it
(:data:`CLIENT_MESSAGES`, :data:`SERVER_MESSAGES`), and the registry drives
the rest: the reading, the server's dispatch to ``on_<type>`` and the
client's to ``_on_<type>`` (:func:`handlers_of`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, TypeVar

from bigcity_desktop import __version__
from bigcity_desktop.engine.jsonio import KIB, MAX_NAME, MAX_TEXT, MIB, InputError, decode_json, short

from .shapes import ACTION_FIELDS, PRESENTED, SEAT, SENTENCE, VIEW, WORD
from .shapes import Act as ActionField
from .wire import Doc, Int, ListOf, Loose, Most, Number, Pattern, ProtocolError, Text, Wire, build, to_json

#: the protocol this program speaks; a client of another version is refused
#: (2: private tables, entered with their invitation secret; 3: a whole view's recent events, `log`;
#: 4: hello's `own_engine`, views without `legal` and `presented` for a client that works them out)
PROTOCOL_VERSION = 4
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
#: the close code of a connection whose player key the operator banned (net/conduct.py): not reconnected
CLOSE_BANNED = 4403
#: the longest wait a host may set before a missing player's seat goes to a bot
MAX_BOT_AFTER = 7 * 24 * 3600.0


class RequestRefused(Exception):
    """A request a server does not carry out: its refusal's `code` and
    `reason` (one sentence), answered as a ``refused`` message."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


# ---------------------------------------------------------------------------
# messages

#: the largest request id (a signed 32-bit integer's, so every language can hold one)
MAX_REQUEST_ID = 2**31 - 1

# the shared pieces (common.schema.json): a named kind is written there once
#: a table's id or a seat's token
Id = Annotated[str, Pattern(r"[A-Za-z0-9_-]{1,64}", MAX_ID, "an id of letters, digits, - and _", name="id")]
#: a lower-case word (a seat's kind, a bot's level, a refusal's code, an edition)
Word = Annotated[str, WORD]
#: a seat at a table
Seat = Annotated[int, SEAT]
#: a request's id, echoed in its answer
RequestId = Annotated[int | None, Int(0, MAX_REQUEST_ID, name="request_id")]
#: a count of the lobby's
Count = Annotated[int, Int(0, 10**9)]
#: a time control's name (net/clocks.py): minutes for the game + seconds added a turn
CLOCK = Pattern(r"[0-9]{1,3}\+[0-9]{1,3}", 7, "a time control such as 5+20")
#: a position in a game's history
At = Annotated[int, Int(0, 10_000_000)]
#: a player's id: their Ed25519 public key, URL-safe base64 without padding (net/identity.py)
PlayerId = Annotated[
    str, Pattern(r"[A-Za-z0-9_-]{43}", 43, "a player id (43 letters, digits, - and _)", name="player_id")
]
#: a rating as shown (1500 for a new player; net/ratings.py)
Shown = Annotated[int, Int(-100_000, 100_000)]
#: a share in per cent
Percent = Annotated[int, Int(0, 100)]


@dataclass(frozen=True)
class Message(Wire):
    """A message (or a part of one). Its fields are declared once, as the
    annotations of :mod:`.wire` say: a field with a default may be left out."""

    #: inside another message, an optional field that is None is left out
    #: (else written as null, as a seat's `away` is)
    OMIT_NONE: ClassVar[bool] = False

    def to_json(self) -> dict[str, Any]:
        return to_json(self, top=True)  # type: ignore[no-any-return]

    def encode(self) -> str:
        """The message as the text of one websocket frame."""
        return json.dumps(self.to_json(), separators=(",", ":"), ensure_ascii=False)


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

    kind: Word  # a SeatKind: human or bot
    level: Word | None = None


@dataclass(frozen=True)
class Hello(ClientMessage):
    """Must be the first message; answered ``welcome``."""

    TYPE: ClassVar[str] = "hello"
    protocol: Annotated[int, Int(0, MAX_REQUEST_ID)]
    client: Annotated[str, Text(80)]
    own_engine: Annotated[
        bool,
        Doc(
            "true: the client has the rules engine (the app) and works out the legal moves and the table "
            "presented itself: its views carry neither `legal` nor `presented`"
        ),
    ] = False


@dataclass(frozen=True)
class ListTables(ClientMessage):
    """Answered ``lobby`` with the public tables; with `table` and its `invite`, that (private) table too."""

    TYPE: ClassVar[str] = "list"
    id: RequestId = None
    table: Id | None = None
    invite: Annotated[Id | None, Doc("the table's invitation secret (the part after `#` of its link)")] = None


@dataclass(frozen=True)
class CreateTable(ClientMessage):
    """A new table: `edition` names a bundled edition, **or** `rules` holds a
    house-rules file's text (exactly one of the two). The sender takes its
    first human seat and is its **host**; answered ``seated`` and ``table``."""

    TYPE: ClassVar[str] = "create"
    name: Annotated[str, Text(200, empty=True)]
    seats: Annotated[
        tuple[SeatSpec, ...],
        Most(8),
        Doc('2–5 seats as the rules allow: `{"kind": "human"}` or `{"kind": "bot", "level": …}`'),
    ]
    edition: Annotated[Word | None, Doc("`original` or `jumbo`")] = None
    rules: Annotated[str | None, Text(MAX_RULES_TEXT), Doc("a whole house-rules file, format `bigcity-rules`")] = None
    title: Annotated[str | None, Text(200, empty=True)] = None
    id: RequestId = None
    public: Annotated[
        bool | None,
        Doc(
            "listed for everyone (true), or entered only with its invitation secret (false); absent: the server's policy"
        ),
    ] = None
    rated: Annotated[
        bool | None, Doc("the result changes the players' ratings (a bundled edition; identified players only)")
    ] = None
    min_finished: Annotated[
        Percent | None, Doc("only players who finished at least this share of their games may join (identified)")
    ] = None
    clock: Annotated[
        str | None, CLOCK, Doc("a time control, `5+20` or `10+30` (minutes + seconds a turn); absent: none")
    ] = None


@dataclass(frozen=True)
class PlayNow(ClientMessage):
    """Quick match on a ``--public`` server: a seat at a waiting public table
    of `edition` for `players` (rated or not) whose players' ratings are near
    the sender's, or a new one; answered ``seated``. The server fills the
    seats still empty after its wait with bots of a level near the table's
    rating and starts the game (at once when the people fill it)."""

    TYPE: ClassVar[str] = "play_now"
    name: Annotated[str, Text(200, empty=True)]
    players: Annotated[int, Int(2, 5), Doc("the table's size, 2–5 as the edition allows")]
    edition: Annotated[Word, Doc("`original` or `jumbo`")] = "original"
    rated: Annotated[bool, Doc("a rated table (identified players only; it needs a `clock`)")] = False
    id: RequestId = None
    clock: Annotated[str | None, CLOCK, Doc("a time control, `5+20` or `10+30`; absent: none (unrated only)")] = None


@dataclass(frozen=True)
class Report(ClientMessage):
    """A word to the server's operator about a seat's player at the sender's
    table (a log line and a line of the data folder's reports.jsonl); not
    answered unless refused."""

    TYPE: ClassVar[str] = "report"
    seat: Annotated[Seat, Doc("the reported player's seat at the sender's table")]
    reason: Annotated[str, Text(1000), Doc("what happened, in the reporter's words")]
    id: RequestId = None


@dataclass(frozen=True)
class Join(ClientMessage):
    """A free human seat of a table that has not started; answered ``seated``.
    `invite`: the table's invitation secret (a private table's is needed)."""

    TYPE: ClassVar[str] = "join"
    table: Id
    name: Annotated[str, Text(200, empty=True)]
    seat: Seat | None = None
    id: RequestId = None
    invite: Id | None = None


@dataclass(frozen=True)
class Rejoin(ClientMessage):
    """Back to one's seat (after a drop, or another day); answered ``seated``,
    ``table``, recent ``chat``, a whole ``view`` (and ``game_over`` if it ended)."""

    TYPE: ClassVar[str] = "rejoin"
    table: Id
    seat: Seat
    token: Annotated[Id | None, Doc("the seat's token; null: the seat of the player this connection identified as")]
    id: RequestId = None


@dataclass(frozen=True)
class Identify(ClientMessage):
    """Proves the sender's player key (after ``welcome``, before taking a seat);
    answered ``identified``. `signature`: Ed25519 over `bigcity-identify-1`,
    the `Host` the client connected to and the welcome's `challenge`, joined
    by zero bytes (see "Player identity")."""

    TYPE: ClassVar[str] = "identify"
    player: Annotated[PlayerId, Doc("the public key")]
    signature: Annotated[str, Pattern(r"[A-Za-z0-9_-]{86}", 86, "a signature (86 letters, digits, - and _)")]
    name: Annotated[str, Text(200, empty=True), Doc("the display name asked for")]
    id: RequestId = None


@dataclass(frozen=True)
class Spectate(ClientMessage):
    """Watch a table: the public view only. `invite` as for ``join``."""

    TYPE: ClassVar[str] = "spectate"
    table: Id
    id: RequestId = None
    invite: Id | None = None


@dataclass(frozen=True)
class Leave(ClientMessage):
    """Off the table; before the start the seat becomes free (a leaving host
    hands the host role to the next player, or the table closes); after the
    start the seat waits for its player as after a drop, or with `bot` goes
    at once to a bot of that level."""

    TYPE: ClassVar[str] = "leave"
    id: RequestId = None
    bot: Annotated[
        Word | None, Doc("a bot level: a game under way goes on with a bot of it in the leaver's seat (host or not)")
    ] = None


@dataclass(frozen=True)
class Start(ClientMessage):
    """Host only, when every seat is taken: deals the game."""

    TYPE: ClassVar[str] = "start"
    id: RequestId = None


@dataclass(frozen=True)
class Chat(ClientMessage):
    """A line to everyone at the table (cleaned and cut to 300 characters)."""

    TYPE: ClassVar[str] = "chat"
    text: Annotated[str, Text(2000, empty=True)]
    id: RequestId = None


@dataclass(frozen=True)
class Act(ClientMessage):
    """Plays a move for the sender's seat, on the view with `at` actions in
    its history (a move made on an older view is refused, never misplayed)."""

    TYPE: ClassVar[str] = "act"
    action: Annotated[ActionField, Doc('see "Actions" below')]
    at: Annotated[At, Doc("the number of actions in the history of the view the move was chosen on")]
    seat: Annotated[Seat | None, Doc("if given, must be the sender's")] = None
    id: RequestId = None


@dataclass(frozen=True)
class TakeSeat(ClientMessage):
    """A player whose clock ran out takes their seat back from the bot
    (one turn's increment on their clock); answered with a `table` update."""

    TYPE: ClassVar[str] = "take_seat"
    id: RequestId = None


@dataclass(frozen=True)
class Pause(ClientMessage):
    """At an unrated table in play: `on` asks for a pause or agrees to it (the
    table pauses when every connected player has); `on: false` resumes it, or
    withdraws the asks. Answered with a `table` update."""

    TYPE: ClassVar[str] = "pause"
    on: Annotated[bool, Doc("true: ask for a pause, or agree; false: play on")] = True
    id: RequestId = None


@dataclass(frozen=True)
class HandToBot(ClientMessage):
    """Host only: the seat of a player who is away goes to a bot of `level`
    once the player has been away `after` seconds (at once with 0); a player
    back before keeps the seat."""

    TYPE: ClassVar[str] = "hand_to_bot"
    seat: Seat
    level: Word
    after: Annotated[float, Number(0.0, MAX_BOT_AFTER)] = 0.0
    id: RequestId = None


@dataclass(frozen=True)
class Publish(ClientMessage):
    """Host only, at any time: the table listed for everyone (`public` true)
    or reached by its link only (false); answered ``table`` to everyone at it.
    Its invitation secret stays the same: a link given out still works."""

    TYPE: ClassVar[str] = "publish"
    public: bool
    id: RequestId = None


@dataclass(frozen=True)
class Resync(ClientMessage):
    """Send me my whole view again (a client that could not follow a delta)."""

    TYPE: ClassVar[str] = "sync"
    id: RequestId = None


@dataclass(frozen=True)
class AskRanking(ClientMessage):
    """The rated players of `edition`, best first (the page `/players`); answered ``ranking``."""

    TYPE: ClassVar[str] = "ranking"
    edition: Word
    id: RequestId = None


@dataclass(frozen=True)
class AskProfile(ClientMessage):
    """A player's ratings, reputation and last games (the page `/p/<player>`); answered ``profile``."""

    TYPE: ClassVar[str] = "profile"
    player: PlayerId
    id: RequestId = None


@dataclass(frozen=True)
class AskReplay(ClientMessage):
    """A finished game at position `at` (the page `/g/<game>`): answered
    ``replay`` and a whole spectator's ``view`` of that position (null: the
    first position, and the ``replay`` carries the whole record)."""

    TYPE: ClassVar[str] = "replay"
    game: Id
    at: At | None = None
    id: RequestId = None


@dataclass(frozen=True)
class AskLog(ClientMessage):
    """The log's events before event number `before` of the table one sits at or watches (a whole
    view carries the recent ones only); answered ``log`` with the last ``LOG_PAGE`` (500) of them."""

    TYPE: ClassVar[str] = "log"
    table: Id
    before: At
    id: RequestId = None


# -- server to client --------------------------------------------------------


@dataclass(frozen=True)
class SeatInfo(Message):
    """One seat as everyone at the table sees it."""

    NAME: ClassVar[str] = "seat_info"
    seat: Seat
    kind: Word  # a SeatKind: human or bot
    level: Word | None  # the bot's level
    name: Annotated[str | None, Text(MAX_NAME)]  # None while the seat is free
    connected: bool  # a human seat's player is connected (bots: true)
    away: Annotated[float | None, Number(0, 1e12)] = None  # seconds since the player dropped, None when here (or free)
    bot_after: Annotated[float | None, Number(0, MAX_BOT_AFTER)] = (
        None  # absence after which the host hands the seat to a bot
    )
    player: PlayerId | None = None  # the seat's player's id, when they identified
    rating: Annotated[Shown | None, Doc("the rating in the table's edition (a bot's: its level's anchor)")] = None
    provisional: bool = False  # the rating is still provisional (few games)
    finished: Annotated[Percent | None, Doc("share of the player's started games they finished")] = None
    in_time: Annotated[Percent | None, Doc("share of started games finished without the clock running out")] = None


@dataclass(frozen=True)
class TableInfo(Message):
    """A table as the lobby lists it."""

    NAME: ClassVar[str] = "table_info"
    id: Id
    title: Annotated[str, Text(MAX_TITLE)]
    edition: Annotated[str, Text(MAX_NAME)]
    rules_title: Annotated[str, Text(MAX_TEXT)]
    rules_digest: Annotated[str, Text(128)]
    status: Word  # "lobby", "playing" or "over"
    host: Seat  # the host's seat
    seats: Annotated[tuple[SeatInfo, ...], Most(8)]
    spectators: Count
    moves: Count  # actions played so far
    turn: Seat | None  # the seat to move, None before the start and after the end
    public: bool = False  # listed for everyone; else entered only with the invitation secret (always sent)
    deal_commitment: Annotated[
        str | None,
        Pattern(r"[0-9a-f]{64}", 64, "64 lower-case hex digits"),
        Doc('SHA-256 of `bigcity-deal-v1:<seed>:<salt>`, sent once the game has begun (see "Deals anyone can verify")'),
    ] = None
    rated: bool = False  # the result changes the players' ratings
    min_finished: Percent | None = None  # the least share of finished games a player needs to join
    clock: Annotated[str | None, CLOCK, Doc("the time control (`5+20`, `10+30`); null: no clock")] = None
    clock_left: Annotated[
        tuple[Annotated[float, Number(0, 1e6)], ...] | None,
        Most(8),
        Doc("each seat's seconds left when this was sent; the clock of `turn` runs"),
    ] = None
    timed_out: Annotated[
        tuple[Seat, ...], Most(8), Doc("the seats whose clock ran out (a bot took them; for ratings, last)")
    ] = ()
    paused: Annotated[bool, Doc("every connected player agreed to pause: clocks stopped, moves refused")] = False
    pause_asked: Annotated[
        tuple[Seat, ...], Most(8), Doc("the seats that asked or agreed to pause, until it does")
    ] = ()


@dataclass(frozen=True)
class Welcome(ServerMessage):
    """After ``hello``."""

    TYPE: ClassVar[str] = "welcome"
    protocol: Annotated[int, Int(0, MAX_REQUEST_ID)]
    server: Annotated[str, Text(80), Doc("the program and its version")]
    name: Annotated[str, Text(200), Doc("the server's")]
    challenge: Annotated[Id | None, Doc("a fresh random value the client signs to ``identify``")] = None


@dataclass(frozen=True)
class RatingInfo(Message):
    """A player's rating in one edition."""

    edition: Word
    rating: Shown
    provisional: bool
    games: Count


@dataclass(frozen=True)
class Identified(ServerMessage):
    """After ``identify``: the server knows the connection as `player`, by
    `name` (unique on this server: a name another player has gets a number)."""

    TYPE: ClassVar[str] = "identified"
    player: PlayerId
    name: Annotated[str, Text(MAX_NAME)]
    ratings: Annotated[tuple[RatingInfo, ...], Most(16)]
    started: Count
    finished: Percent | None
    in_time: Percent | None
    id: RequestId = None


@dataclass(frozen=True)
class Lobby(ServerMessage):
    """After ``list``: every table."""

    TYPE: ClassVar[str] = "lobby"
    tables: Annotated[tuple[TableInfo, ...], Most(100_000)]
    id: RequestId = None


@dataclass(frozen=True)
class TableUpdate(ServerMessage):
    """Whenever seats, names, connections or the status of the receiver's table change."""

    TYPE: ClassVar[str] = "table"
    table: TableInfo
    you: Annotated[Seat | None, Doc("the receiver's seat, null for a spectator")]

    def for_each(self) -> Callable[[int | None], str]:
        """The message's text for each receiver: the table written once, each
        receiver's seat (None: a spectator) put in as its `you`, the last field."""
        text = self.encode()
        end = '"you":null}'  # `you` is written last, as declared
        assert text.endswith(end), text[-40:]
        head = text[: -len("null}")]
        return lambda you: head + ("null" if you is None else str(you)) + "}"


@dataclass(frozen=True)
class Seated(ServerMessage):
    """The receiver sits at `seat`; `token` lets it back in after a drop (keep it);
    `invite` is the table's invitation secret, for the link that brings others."""

    TYPE: ClassVar[str] = "seated"
    table: Id
    seat: Seat
    token: Id
    invite: Id
    id: RequestId = None


#: a score's reason: a rules file's condition tags joined by "+", or a kind of building
Because = Annotated[str, Text(80)]


@dataclass(frozen=True)
class ScorePart(Message):
    """A modifier that counted in a building's score: `points` in all, for
    `count` neighbours of the kind `because` names when it counts them."""

    OMIT_NONE: ClassVar[bool] = True
    points: Annotated[int, Int(-10_000, 10_000)]
    because: Because
    count: Annotated[int | None, Int(1, 1000)] = None


@dataclass(frozen=True)
class ScoreWhy(Message):
    """How a building's score comes about (present/preview.py, the app's
    score bubble): ``(base + the parts) × multiplier``, the multiplier for the reasons `because`."""

    base: Annotated[int, Int(-10_000, 10_000)]
    add: Annotated[tuple[ScorePart, ...], Most(32)]
    multiplier: Annotated[int, Int(-1000, 1000)]
    because: Annotated[tuple[str, ...], ListOf(Text(80), 16)]


@dataclass(frozen=True)
class LegalMove(Message):
    """One legal move of the seat to move, as its view message lists them
    (net/legal.py). `points`: for a building, what it would score its
    builder now (the page's score preview); absent for other moves. `why`:
    how that score comes about, when it is more than the building's base.
    `where`: for a neighborhood, its spot in words (present/lots.py)."""

    OMIT_NONE: ClassVar[bool] = True
    action: ActionField
    points: Annotated[int | None, Int(-10_000, 10_000)] = None
    why: ScoreWhy | None = None
    where: Annotated[Any, SENTENCE] = None


#: the most legal moves a view message lists that a reader takes
MAX_LEGAL = 100_000


@dataclass(frozen=True)
class ViewMessage(ServerMessage):
    """The receiver's view after every action (`action` by seat `by`: a delta),
    and a whole view (`full`) on joining, at the start, after ``rejoin``,
    ``spectate``, ``sync``; see "Views". `legal`: the receiver's legal moves,
    when it is the seat to move (net/legal.py). `presented`: the table as the
    receiver's screen shows it, presented once (bigcity_desktop/present), for
    a client that only draws; see "The table presented"."""

    TYPE: ClassVar[str] = "view"
    table: Id
    full: bool
    view: Annotated[dict[str, Any], VIEW]
    at: At
    action: ActionField | None = None
    by: Seat | None = None
    legal: Annotated[tuple[LegalMove, ...] | None, Most(MAX_LEGAL)] = None
    presented: Annotated[dict[str, Any], PRESENTED] | None = None

    def around_view(self) -> tuple[str, str]:
        """The message's text before and after its view (left empty here):
        a server puts views written in parts between them (net/viewcast.py)."""
        text = self.encode()
        # "type", "table" (an identifier) and "full" come first: the first "view":{} is the view
        at = text.index('"view":{}') + len('"view":')
        return text[:at], text[at + 2 :]


#: the most events a ``log`` answer carries
LOG_PAGE = 500


@dataclass(frozen=True)
class LogPage(ServerMessage):
    """After ``log``: the log's events numbered `first` on, as a view writes them."""

    TYPE: ClassVar[str] = "log"
    table: Id
    first: At
    events: Annotated[tuple[Any, ...], ListOf(Loose({"type": "object"}, "EventJson"), LOG_PAGE)]
    id: RequestId = None


@dataclass(frozen=True)
class ChatLine(ServerMessage):
    """A chat line."""

    TYPE: ClassVar[str] = "chat"
    table: Id
    seat: Annotated[Seat | None, Doc('null: a spectator, whose `name` is then "Spectator"')]
    name: Annotated[str, Text(MAX_NAME)]
    text: Annotated[str, Text(MAX_CHAT)]
    time: Annotated[float, Number(0, 1e12), Doc("seconds since 1970-01-01 UTC by the server's clock")]


@dataclass(frozen=True)
class Refused(ServerMessage):
    """A request that was not carried out, and why."""

    TYPE: ClassVar[str] = "refused"
    code: Annotated[Word, Doc('see "Refusal codes"')]
    reason: Annotated[str, Text(500), Doc("one sentence")]
    id: RequestId = None


@dataclass(frozen=True)
class GameOver(ServerMessage):
    """The game ended: its whole record, every hand shown (the text of a
    ``bigcity-game`` record file)."""

    TYPE: ClassVar[str] = "game_over"
    table: Id
    record: Annotated[str, Text(16 * MIB)]
    seed: Annotated[
        str | None,
        Pattern(r"[0-9]{1,19}", 19, "decimal digits"),
        Doc("the game's seed, revealed, in decimal (text: it may pass what a JavaScript number holds)"),
    ] = None
    salt: Annotated[
        str | None,
        Pattern(r"[0-9a-f]{32}", 32, "32 lower-case hex digits"),
        Doc("the salt of `deal_commitment`, revealed"),
    ] = None


@dataclass(frozen=True)
class Left(ServerMessage):
    """The receiver is no longer at the table (it left, or its seat was taken
    over by another connection with the seat's token)."""

    TYPE: ClassVar[str] = "left"
    table: Id
    reason: Annotated[str, Text(500)]


@dataclass(frozen=True)
class RankedPlayer(Message):
    """One line of a ranking."""

    player: PlayerId
    name: Annotated[str, Text(MAX_NAME)]
    rating: Shown
    provisional: bool
    games: Count
    finished: Percent | None


@dataclass(frozen=True)
class Ranking(ServerMessage):
    """After ``ranking``: the rated players of `edition` on this server, best first (at most 500)."""

    TYPE: ClassVar[str] = "ranking"
    edition: Word
    players: Annotated[tuple[RankedPlayer, ...], Most(500)]
    id: RequestId = None


@dataclass(frozen=True)
class SeatResultInfo(Message):
    """One seat of a finished game: who, their score and place, and (rated
    games) the rating they had after it."""

    seat: Seat
    name: Annotated[str, Text(MAX_NAME)]
    player: PlayerId | None
    level: Word | None
    score: Annotated[int, Int(-100_000, 100_000)]
    place: Annotated[int, Int(1, 8)]
    finished: bool
    shown: Shown | None


@dataclass(frozen=True)
class GameSummary(Message):
    """A finished game in a list."""

    game: Id
    edition: Word
    rated: bool
    ended: Annotated[float, Number(0, 1e12), Doc("seconds since 1970-01-01 UTC")]
    seats: Annotated[tuple[SeatResultInfo, ...], Most(8)]


@dataclass(frozen=True)
class Profile(ServerMessage):
    """After ``profile``: a player's ratings, reputation and last games (newest first, at most 100)."""

    TYPE: ClassVar[str] = "profile"
    player: PlayerId
    name: Annotated[str, Text(MAX_NAME)]
    ratings: Annotated[tuple[RatingInfo, ...], Most(16)]
    started: Count
    finished: Percent | None
    in_time: Percent | None
    games: Annotated[tuple[GameSummary, ...], Most(100)]
    id: RequestId = None


@dataclass(frozen=True)
class Replay(ServerMessage):
    """After ``replay``: where the replay stands; a whole ``view`` of the position follows."""

    TYPE: ClassVar[str] = "replay"
    game: GameSummary
    at: At
    total: Annotated[At, Doc("the number of actions of the game")]
    rounds: Annotated[tuple[At, ...], Most(10_000), Doc("the first position of each round, in order")]
    record: Annotated[str | None, Text(16 * MIB), Doc("the whole record, with the first answer only")] = None
    id: RequestId = None


# ---------------------------------------------------------------------------
# reading


def _read(raw: str | bytes, registry: Mapping[str, type[Message]], cap: int, depth: int, who: str) -> Message:
    if isinstance(raw, bytes):
        raise ProtocolError(f"{who} sends text frames of JSON, not binary frames")
    if len(raw) > cap:
        raise ProtocolError(f"a message may be at most {cap} characters, not {len(raw)}", "too_big")
    try:
        data = decode_json(raw, InputError, damaged="the message is not valid JSON", max_depth=depth)
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
    return build(cls, body, cls.TYPE)  # type: ignore[no-any-return]


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
    ours = f"This server speaks table protocol version {PROTOCOL_VERSION} and your program speaks version {theirs}"
    if theirs > PROTOCOL_VERSION:
        return f"{ours}: the server needs a newer release of Big City Desktop."
    return f"{ours}: update Big City Desktop to join it."


# fmt: off
__all__ = [
    "Act", "ACTION_FIELDS", "AskLog", "AskProfile", "AskRanking", "AskReplay", "Chat", "ChatLine", "CLIENT_MESSAGES",
    "ClientMessage", "CLOSE_BANNED", "CreateTable", "DEFAULT_PORT", "GameOver", "GameSummary", "handlers_of",
    "HandToBot", "Hello", "Identified", "Identify", "Join", "Left", "ListTables", "Lobby", "LogPage", "MAX_CHAT",
    "MAX_CLIENT_FRAME", "MAX_SERVER_FRAME", "Message", "Pause", "PlayNow", "Profile", "PROGRAM", "PROTOCOL_VERSION",
    "ProtocolError", "Publish", "RankedPlayer", "Ranking", "RatingInfo", "read_client", "read_server", "Refused",
    "Rejoin", "Replay", "Report", "RequestRefused", "Resync", "Seated", "SeatInfo", "SeatResultInfo", "SeatSpec",
    "SERVER_MESSAGES", "ServerMessage", "SERVICE_TYPE", "Spectate", "Start", "TableInfo", "TableUpdate", "TakeSeat",
    "version_sentence", "ViewMessage", "Welcome"
]
# fmt: on
