"""Actions: small immutable values with a stable text and JSON form.

A turn at the table is a sequence of small decisions, and so it is here:
an action (build, streetcar, neighborhood, exchange, pass), then, where the
rules call for it, a second streetcar or `stop`, then the draws one card at a
time. Setup tile placement and the jumbo redevelopment offers and picks are
actions too.

Cards are whole numbers: property card ``NK`` is property ``NK``; the
park/factory card of stack ``N`` is ``N0`` (20, 40, 60, 80).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from .geometry import Street, make_street
from .jsonio import is_ascii_int_text, short
from .rules import Rules, get_rules


def slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """What sets the slot `name` of a frozen dataclass with slots, past its
    ``__setattr__`` (for objects made without their ``__init__``, whose
    values are known good: one call, no lookup of the name)."""
    setter: Callable[[Any, Any], None] = cls.__dict__[name].__set__
    return setter


class ActionFormatError(ValueError):
    """Text or JSON that does not describe an action."""


class ActionKind(StrEnum):
    """The kinds of move, as legal moves are grouped and asked for
    (``state.legal_actions(ActionKind.BUILD)``). A park or factory is a
    :class:`Build` of kind ``PARK_FACTORY``: it is placed with its card."""

    NEIGHBORHOOD = "neighborhood"
    BUILD = "build"
    PARK_FACTORY = "park_factory"
    STREETCAR = "streetcar"
    STOP = "stop"
    EXCHANGE = "exchange"
    PASS = "pass"
    DRAW = "draw"
    OFFER = "offer"
    TAKE = "take"


@dataclass(frozen=True, slots=True)
class Action:
    kind: ClassVar[ActionKind]

    def to_json(self) -> dict[str, Any]:  # pragma: no cover - overridden
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class PlaceTile(Action):
    """Put neighborhood `number` with its rotated top-left cell at (x, y)."""

    number: int
    x: int
    y: int
    rotation: int = 0
    kind: ClassVar[ActionKind] = ActionKind.NEIGHBORHOOD

    def __str__(self) -> str:
        return f"tile {self.number} {self.x} {self.y} {self.rotation}"

    def to_json(self) -> dict[str, Any]:
        return {"act": "tile", "number": self.number, "x": self.x, "y": self.y, "rotation": self.rotation}


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Build `building` on `properties` (a park/factory uses its card)."""

    building: str
    properties: tuple[int, ...]
    kind: ClassVar[ActionKind] = ActionKind.BUILD

    def __post_init__(self) -> None:
        object.__setattr__(self, "properties", tuple(sorted(int(p) for p in self.properties)))

    @property
    def is_park_or_factory(self) -> bool:
        """Placed with a special card (the bundled editions' rules say which
        pieces are; under other rules ask ``rules.card_pieces``)."""
        return self.building in get_rules("original").card_pieces

    def __str__(self) -> str:
        return f"build {self.building} " + " ".join(str(p) for p in self.properties)

    def to_json(self) -> dict[str, Any]:
        return {"act": "build", "building": self.building, "properties": list(self.properties)}


@dataclass(frozen=True, slots=True)
class PlaceStreetcar(Action):
    street: Street
    kind: ClassVar[ActionKind] = ActionKind.STREETCAR

    def __post_init__(self) -> None:
        object.__setattr__(self, "street", make_street(*self.street))

    def __str__(self) -> str:
        (a, b), (c, d) = self.street
        return f"streetcar {a},{b} {c},{d}"

    def to_json(self) -> dict[str, Any]:
        return {"act": "streetcar", "street": [list(self.street[0]), list(self.street[1])]}


@dataclass(frozen=True, slots=True)
class StopStreetcars(Action):
    """End a streetcar action after one piece instead of placing a second."""

    kind: ClassVar[ActionKind] = ActionKind.STOP

    def __str__(self) -> str:
        return "stop"

    def to_json(self) -> dict[str, Any]:
        return {"act": "stop"}


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Return these cards to the bottoms of their stacks (draws follow)."""

    cards: tuple[int, ...]
    kind: ClassVar[ActionKind] = ActionKind.EXCHANGE

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(int(c) for c in self.cards)))

    def __str__(self) -> str:
        return "exchange " + " ".join(str(c) for c in self.cards)

    def to_json(self) -> dict[str, Any]:
        return {"act": "exchange", "cards": list(self.cards)}


@dataclass(frozen=True, slots=True)
class Pass(Action):
    kind: ClassVar[ActionKind] = ActionKind.PASS

    def __str__(self) -> str:
        return "pass"

    def to_json(self) -> dict[str, Any]:
        return {"act": "pass"}


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take the top card of stack `stack`."""

    stack: int
    kind: ClassVar[ActionKind] = ActionKind.DRAW

    def __str__(self) -> str:
        return f"draw {self.stack}"

    def to_json(self) -> dict[str, Any]:
        return {"act": "draw", "stack": self.stack}


@dataclass(frozen=True, slots=True)
class Offer(Action):
    """Jumbo redevelopment: offer one or two cards, face up or face down."""

    cards: tuple[int, ...]
    face_up: bool
    kind: ClassVar[ActionKind] = ActionKind.OFFER

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(int(c) for c in self.cards)))

    def __str__(self) -> str:
        return f"offer {'up' if self.face_up else 'down'} " + " ".join(str(c) for c in self.cards)

    def to_json(self) -> dict[str, Any]:
        return {"act": "offer", "cards": list(self.cards), "face_up": self.face_up}


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Jumbo redevelopment: take the offered card in `slot` of `owner`'s offer."""

    owner: int
    slot: int
    kind: ClassVar[ActionKind] = ActionKind.TAKE

    def __str__(self) -> str:
        return f"take {self.owner} {self.slot}"

    def to_json(self) -> dict[str, Any]:
        return {"act": "take", "owner": self.owner, "slot": self.slot}


ACTION_KINDS = tuple(ActionKind)


def kind_of(action: Action, rules: Rules | None = None) -> ActionKind:
    """The kind used to group legal moves ("park_factory" for the pieces
    placed with a card, which `rules` name; the bundled editions' by default)."""
    if isinstance(action, Build) and action.building in (rules or get_rules("original")).card_pieces:
        return ActionKind.PARK_FACTORY
    return action.kind


#: every number in an action (cards, properties, coordinates, stacks) is small
ACTION_NUMBER_LIMIT = 10_000


def _int(v: Any, what: str) -> int:
    """A whole number, strictly: an int (not true/false, not 3.0, not "3")
    of at most ACTION_NUMBER_LIMIT in size."""
    if type(v) is not int:
        raise ActionFormatError(f"{what} must be a whole number, not {short(v)}")
    if abs(v) > ACTION_NUMBER_LIMIT:
        raise ActionFormatError(f"{what} {v} is out of range")
    return v


def _ints(v: Any, what: str) -> tuple[int, ...]:
    if not isinstance(v, (list, tuple)) or len(v) > 64:
        raise ActionFormatError(f"{what} must be a list of at most 64 numbers")
    return tuple(_int(x, what) for x in v)


def _cell(v: Any) -> tuple[int, int]:
    if not isinstance(v, (list, tuple)) or len(v) != 2:
        raise ActionFormatError(f"a cell is [x, y], not {short(v)}")
    return (_int(v[0], "a cell coordinate"), _int(v[1], "a cell coordinate"))


def _street(v: Any) -> Street:
    if not isinstance(v, (list, tuple)) or len(v) != 2:
        raise ActionFormatError(f"a street is [[x, y], [x, y]], not {short(v)}")
    try:
        return make_street(_cell(v[0]), _cell(v[1]))
    except ValueError as exc:
        raise ActionFormatError(str(exc)) from None


def action_from_json(d: Any) -> Action:
    if not isinstance(d, dict) or "act" not in d:
        raise ActionFormatError(f'an action is an object with an "act" field, not {short(d)}')
    act = d["act"]
    if not isinstance(act, str):
        raise ActionFormatError(f'"act" must name the action, not {short(act)}')
    try:
        if act == "tile":
            return PlaceTile(
                _int(d["number"], "number"),
                _int(d["x"], "x"),
                _int(d["y"], "y"),
                _int(d.get("rotation", 0), "rotation"),
            )
        if act == "build":
            if not isinstance(d["building"], str) or len(d["building"]) > 40:
                raise ActionFormatError("building must be a name")
            return Build(d["building"], _ints(d["properties"], "properties"))
        if act == "streetcar":
            return PlaceStreetcar(_street(d["street"]))
        if act == "stop":
            return StopStreetcars()
        if act == "exchange":
            return Exchange(_ints(d["cards"], "cards"))
        if act == "pass":
            return Pass()
        if act == "draw":
            return Draw(_int(d["stack"], "stack"))
        if act == "offer":
            if not isinstance(d["face_up"], bool):
                raise ActionFormatError("face_up must be true or false")
            return Offer(_ints(d["cards"], "cards"), d["face_up"])
        if act == "take":
            return Take(_int(d["owner"], "owner"), _int(d["slot"], "slot"))
    except KeyError as exc:
        raise ActionFormatError(f"a {act} action needs {exc.args[0]!r}") from None
    raise ActionFormatError(f"unknown action {short(act)}")


def parse_action(text: str) -> Action:
    """Read the text form, e.g. ``build residence 21 25`` or ``streetcar 1,2 2,2``."""
    words = text.split()
    if not words:
        raise ActionFormatError("empty action")
    head, rest = words[0].lower(), words[1:]
    read = _TEXT_FORMS.get(head)
    try:
        action = read(rest) if read is not None else None
    except (ValueError, IndexError, TypeError):
        raise ActionFormatError(f"cannot read {short(text)} as a {short(head)} action") from None
    if action is None:
        raise ActionFormatError(f"unknown action {short(head)}")
    return action


def _text_tile(rest: list[str]) -> Action:
    n, x, y, *r = (_num(w) for w in rest)
    return PlaceTile(n, x, y, r[0] if r else 0)


def _text_build(rest: list[str]) -> Action:
    return Build(rest[0], tuple(_num(w) for w in rest[1:]))


def _text_streetcar(rest: list[str]) -> Action:
    (ax, ay), (bx, by) = ([_num(v) for v in w.split(",")] for w in rest)
    return PlaceStreetcar(make_street((ax, ay), (bx, by)))


def _text_stop(rest: list[str]) -> Action | None:
    return None if rest else StopStreetcars()


def _text_exchange(rest: list[str]) -> Action:
    return Exchange(tuple(_num(w) for w in rest))


def _text_pass(rest: list[str]) -> Action | None:
    return None if rest else Pass()


def _text_draw(rest: list[str]) -> Action:
    (s,) = rest
    return Draw(_num(s))


def _text_offer(rest: list[str]) -> Action:
    face = rest[0].lower()
    if face not in ("up", "down"):
        raise ValueError
    return Offer(tuple(_num(w) for w in rest[1:]), face == "up")


def _text_take(rest: list[str]) -> Action:
    o, s = rest
    return Take(_num(o), _num(s))


#: how each action's text form is read from the words after its first
#: (None: not that action, e.g. "stop" followed by more words)
_TEXT_FORMS: dict[str, Callable[[list[str]], Action | None]] = {
    "tile": _text_tile,
    "build": _text_build,
    "streetcar": _text_streetcar,
    "stop": _text_stop,
    "exchange": _text_exchange,
    "pass": _text_pass,
    "draw": _text_draw,
    "offer": _text_offer,
    "take": _text_take,
}


def _num(word: str) -> int:
    """A number of the text form: ASCII digits only ("--3", "٣" and "³" are not)."""
    if not is_ascii_int_text(word):
        raise ValueError(word)
    return _int(int(word), "a number")
