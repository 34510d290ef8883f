"""The shapes of what messages carry: an action's JSON, a view's JSON and the table presented.

Declared with the kit of :mod:`.wire`, as the messages are, so that the
JSON Schemas ``action.schema.json``, ``view.schema.json`` and
``presented.schema.json`` and the page's ``Action``, ``View`` and
``Presented`` types are made from here (``make protocol``). The first two
are shapes only: the engine reads both for what they mean
(``engine/actions.py`` ``action_from_json``, ``engine/viewjson.py``
``view_from_json``, whose exact entries a test pins to :class:`View`). The
table presented is written by ``present/presented.py`` (a test holds its
JSON to :class:`Presented`) and read strictly by its shape.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Annotated, Any, ClassVar

from bigcity_desktop.engine.actions import ACTION_KINDS, Action, ActionFormatError, action_from_json
from bigcity_desktop.engine.jsonio import short
from bigcity_desktop.engine.phases import EventKind, Phase
from bigcity_desktop.engine.viewjson import FORMAT, VERSION

from .wire import (
    Bool,
    Const,
    Doc,
    Either,
    Int,
    Key,
    ListOf,
    Loose,
    Most,
    Nullable,
    OneOf,
    Pair,
    Pattern,
    ProtocolError,
    Record,
    Ref,
    Text,
    Wire,
)

# the shared pieces these shapes use (common.schema.json; net/protocol.py's `Word` and `Seat`)
#: a lower-case word (a seat's kind, a bot's level, a refusal's code, an edition)
WORD = Pattern(r"[a-z][a-z0-9_]{0,39}", 40, "a lower-case word", name="word")
#: a seat at a table
SEAT = Int(0, 7, name="seat")

# ---------------------------------------------------------------------------
# actions

#: a number inside an action (a card, a coordinate, a seat) as the engine bounds it
N = Int(-10_000, 10_000)
Num = Annotated[int, N]
Numbers = Annotated[tuple[int, ...], ListOf(N, 64)]
Corner = Pair((N, N))
Street = Annotated[tuple[Any, ...], Pair((Corner, Corner))]


@dataclass(frozen=True)
class ActionShape(Wire):
    """An action's JSON: ``act`` (``ACT``) and its fields; a field with a default may be left out."""

    ACT: ClassVar[str] = ""


@dataclass(frozen=True)
class TileAction(ActionShape):
    ACT: ClassVar[str] = "tile"
    number: Num
    x: Num
    y: Num
    rotation: Num = 0


@dataclass(frozen=True)
class BuildAction(ActionShape):
    ACT: ClassVar[str] = "build"
    building: Annotated[str, Text(40, empty=True)]
    properties: Numbers


@dataclass(frozen=True)
class StreetcarAction(ActionShape):
    ACT: ClassVar[str] = "streetcar"
    street: Street


@dataclass(frozen=True)
class StopAction(ActionShape):
    ACT: ClassVar[str] = "stop"


@dataclass(frozen=True)
class ExchangeAction(ActionShape):
    ACT: ClassVar[str] = "exchange"
    cards: Numbers


@dataclass(frozen=True)
class PassAction(ActionShape):
    ACT: ClassVar[str] = "pass"


@dataclass(frozen=True)
class DrawAction(ActionShape):
    ACT: ClassVar[str] = "draw"
    stack: Num


@dataclass(frozen=True)
class OfferAction(ActionShape):
    ACT: ClassVar[str] = "offer"
    cards: Numbers
    face_up: bool


@dataclass(frozen=True)
class TakeAction(ActionShape):
    ACT: ClassVar[str] = "take"
    owner: Num
    slot: Num


#: every shape of action, by its ``act``
ACTION_SHAPES: dict[str, type[ActionShape]] = {
    c.ACT: c
    for c in (
        TileAction,
        BuildAction,
        StreetcarAction,
        StopAction,
        ExchangeAction,
        PassAction,
        DrawAction,
        OfferAction,
        TakeAction,
    )
}
#: the fields of each kind of action's JSON ("act" names the kind)
ACTION_FIELDS: dict[str, frozenset[str]] = {
    act: frozenset({"act", *(f.name for f in fields(cls))}) for act, cls in ACTION_SHAPES.items()
}


def read_action(v: Any, where: str) -> Action:
    """An action's JSON, its fields exactly those of its kind, read by the engine."""
    if isinstance(v, dict) and isinstance(v.get("act"), str) and v["act"] in ACTION_FIELDS:
        extra = set(v) - ACTION_FIELDS[v["act"]]
        if extra:
            raise ProtocolError(f"{where}: a {v['act']} action has no field {short(sorted(extra)[0])}")
    try:
        return action_from_json(v)
    except ActionFormatError as exc:
        raise ProtocolError(f"{where}: {exc}") from None


#: an action of either edition, as a message's field
ACTION = Ref("action.schema.json", "Action", read_action)
Act = Annotated[Action, ACTION]

# ---------------------------------------------------------------------------
# the view (engine/viewjson.py): shapes only, the engine reads the meaning

INT = Loose({"type": "integer"}, "number")
TEXT = Loose({"type": "string"}, "string")
OBJECT = Loose({"type": "object"}, "Record<string, unknown>")
Whole = Annotated[int, INT]
Ints = Annotated[tuple[int, ...], ListOf(INT)]
Pairs = Annotated[tuple[Any, ...], ListOf(Pair((INT, INT)))]
Obj = Annotated[dict[str, Any], OBJECT]


@dataclass(frozen=True)
class Sentence(Wire):
    """An engine sentence: its English template and its fields (the page translates it)."""

    msg: Annotated[str, TEXT, Key("$msg")]
    fields: Obj


#: a sentence, or a plain text (older logs)
SENTENCE = Either((TEXT, Record(Sentence)))


@dataclass(frozen=True)
class Building(Wire):
    type: Annotated[str, TEXT]
    variant: Annotated[str, TEXT]
    properties: Ints
    owner: Whole | None
    score: Whole
    breakdown: Obj | None


@dataclass(frozen=True)
class CityJson(Wire):
    """The city: tiles as ``[number, x, y, rotation]``, buildings, streetcars as two corners."""

    tiles: Annotated[tuple[Any, ...], ListOf(Pair((INT, INT, INT, INT)))]
    buildings: tuple[Building, ...]
    streetcars: Annotated[tuple[Any, ...], ListOf(Pair((Pair((INT, INT)), Pair((INT, INT)))))]


@dataclass(frozen=True)
class OfferJson(Wire):
    """An offer in the redevelopment: its cards (as the viewer may see them), face up or down, who took each."""

    cards: Ints
    face_up: bool
    taken: Annotated[tuple[Any, ...], ListOf(Nullable(INT))]


@dataclass(frozen=True)
class EventJson(Wire):
    """A line of the log."""

    round: Whole
    turn: Whole
    player: Whole | None
    kind: Annotated[str, OneOf(tuple(str(k) for k in EventKind))]
    text: Annotated[Any, SENTENCE]
    extra: Obj


@dataclass(frozen=True)
class Since(Wire):
    """Where a delta's growing lists continue (engine/viewjson.py LogMark)."""

    history: Whole
    events: Whole
    scores: Whole
    tiles: Whole
    buildings: Whole
    streetcars: Whole


@dataclass(frozen=True)
class View(Wire):
    """A seat's view (engine/viewjson.py), whole, or a delta with ``since``. Every
    entry is written, always; only ``rules`` (house rules, or a bundled table
    asked for), ``since`` (a delta), ``events_from``, ``history_from`` and ``scores_from`` (0) may be left out."""

    format: Annotated[str, Const(FORMAT)]
    version: Annotated[int, Const(VERSION)]
    edition: Annotated[str, TEXT]
    rules_digest: Annotated[str, TEXT]
    viewer: Whole
    hands: Annotated[tuple[Any, ...], ListOf(ListOf(INT))]
    names: Annotated[tuple[str, ...], ListOf(TEXT)]
    city: CityJson
    stacks: Ints
    discard: Ints
    scores: Ints
    arrival: Ints
    arrival_counter: Whole
    first_player: Whole
    start_player: Whole
    round: Whole
    turn_index: Whole
    turn_player: Whole
    current: Whole
    phase: Annotated[str, OneOf(tuple(str(p) for p in Phase))]
    city_hall_turn: Whole | None
    city_hall_value: Whole
    drawn_from: Pairs
    draw_cap: Whole
    draws_left: Whole
    streetcars_this_action: Whole
    streetcar_limit: Whole
    action_kind: Annotated[str, OneOf(tuple(str(k) for k in ACTION_KINDS))] | None
    passes_in_row: Whole
    round_passive: Annotated[bool, Bool()]
    offer_queue: Ints
    pick_queue: Pairs
    end_reason: Annotated[Any, SENTENCE] | None
    setup_tiles: Ints
    setup_order: Ints
    start_city: Annotated[tuple[Any, ...], ListOf(ListOf(INT))] | None
    offers: Annotated[tuple[Any, ...], ListOf(Pair((INT, Record(OfferJson))))]
    actors: Ints
    events: tuple[EventJson, ...]
    score_history: Annotated[tuple[Any, ...], ListOf(Pair((INT, ListOf(INT))))]
    history: Annotated[tuple[Action, ...], ListOf(ACTION)]
    rules: Obj = field(default_factory=dict)
    since: Annotated[Any, Record(Since)] = None
    events_from: Annotated[
        int, INT, Doc("a whole view's: the log's events before its first in `events` (fetched with `log`)")
    ] = 0
    history_from: Annotated[
        int, INT, Doc("a whole view's: the actions before its first in `history` (and `actors`), counted only")
    ] = 0
    scores_from: Annotated[
        int, INT, Doc("a whole view's: the entries of the score history before its first in `score_history`")
    ] = 0


#: the view as a message's field: its schema is view.schema.json, read whole by the engine
def _read_view(v: Any, where: str) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise ProtocolError(f"{where} must be an object, not {short(v)}")
    return v


VIEW = Ref("view.schema.json", "View", _read_view)

# ---------------------------------------------------------------------------
# the table presented (bigcity_desktop/present, written by present/presented.py)

Count = Annotated[int, Int(0, 10_000)]
Side = Annotated[int, Int(1, 100)]
Name = Annotated[str, Text(200, empty=True)]
Cells = ListOf(Pair((INT, INT, INT)))


@dataclass(frozen=True)
class LastMove(Wire):
    """A player's last move in the log: its round, its kind of log line and its sentence."""

    round: Whole
    kind: Annotated[str, WORD]
    text: Annotated[Any, SENTENCE]


@dataclass(frozen=True)
class PlayerRow(Wire):
    """A player's row: who (a bot with its level), the score, the hand's size and its cards' stacks, the buildings laid."""

    seat: Annotated[int, SEAT]
    name: Name
    kind: Annotated[str, OneOf(("human", "bot", "scripted"))]
    level: Annotated[str, WORD] | None
    score: Whole
    hand: Count
    stacks: Ints
    built: Count
    current: bool
    last_move: LastMove | None


@dataclass(frozen=True)
class SupplyRow(Wire):
    """A piece of the supply: how many are left of how many, its base value, its card (parks and
    factories), closed before City Hall, and whether the seat to move can build it now (`buildable`)."""

    type: Annotated[str, TEXT]
    variant: Annotated[str, TEXT]
    size: Side
    left: Whole
    count: Count
    base: Whole
    with_card: bool
    card: Whole | None
    closed: bool
    buildable: bool


@dataclass(frozen=True)
class TileToCome(Wire):
    """A neighborhood still to come (or one of the starting ones to lay now: `setup`)."""

    number: Whole
    name: Name
    width: Side
    height: Side
    setup: bool
    turns: Annotated[
        tuple[Any, ...],
        Pair((Cells, Cells, Cells, Cells)),
        Doc("per quarter turn 0..3: [lot, x, y] of each lot, the tile's corner at (0, 0)"),
    ]


@dataclass(frozen=True)
class BoardJson(Wire):
    """The board's geometry: the neighborhoods laid, the lots, the holes and the box around them."""

    tiles: Annotated[
        tuple[Any, ...],
        ListOf(Pair((INT, INT, INT, INT, INT, INT))),
        Doc("[number, x, y, rotation, width, height]: each neighborhood laid, its footprint as turned"),
    ]
    lots: Annotated[
        tuple[Any, ...], ListOf(Pair((INT, INT, INT, INT, Bool()))), Doc("[lot, x, y, neighborhood, outskirts]")
    ]
    holes: Annotated[tuple[Any, ...], ListOf(Pair((INT, INT))), Doc("empty cells enclosed by the city (city centre)")]
    box: Annotated[
        tuple[Any, ...],
        Pair((INT, INT, INT, INT)),
        Doc("x0, y0, x1, y1: the city's cells, one cell wider on each side"),
    ]
    places: Annotated[
        Any, ListOf(SENTENCE), Doc("each lot's place in words, in the order of `lots` (present/lots.py)")
    ] = None


@dataclass(frozen=True)
class Presented(Wire):
    """A table as one seat's screen shows it (bigcity_desktop/present): the view message's `presented`.
    `board` and `tiles` are left out of a delta that lays no neighborhood: they are those of the view before."""

    players: Annotated[tuple[PlayerRow, ...], Most(8)]
    supply: tuple[SupplyRow, ...]
    tiles: Annotated[Any, ListOf(Record(TileToCome))] = None
    board: Annotated[Any, Record(BoardJson)] = None
    built: Annotated[
        Any,
        ListOf(Pair((ListOf(INT), SENTENCE))),
        Doc("[lots, sentence]: each building's lots and what stands there (present/lots.py)"),
    ] = None


def _read_presented(v: Any, where: str) -> dict[str, Any]:
    """The table presented, its fields exactly :class:`Presented`'s (kept as its JSON)."""
    Record(Presented).check(v, where)
    return v  # type: ignore[no-any-return]


#: the table presented as a message's field: its schema is presented.schema.json
PRESENTED = Ref("presented.schema.json", "Presented", _read_presented)

__all__ = [
    "ACTION",
    "ACTION_FIELDS",
    "ACTION_SHAPES",
    "PRESENTED",
    "SEAT",
    "SENTENCE",
    "VIEW",
    "WORD",
    "Act",
    "ActionShape",
    "Presented",
    "View",
    "read_action",
]
