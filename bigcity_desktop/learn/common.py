"""What tutorials and puzzles share: texts in two languages, pointers at
parts of the window, patterns of actions, and the strict reading of their
files (through the engine's reading layer, engine/jsonio.py)."""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from bigcity_desktop.engine import (
    Action,
    ActionFormatError,
    ActionKind,
    Build,
    Draw,
    Exchange,
    GameState,
    Offer,
    Phase,
    PlaceStreetcar,
    PlaceTile,
    Rules,
    Take,
    kind_of,
    parse_action,
)
from bigcity_desktop.engine.jsonio import decode_json, is_int, read_capped, short

#: the languages every text is written in; any other asks for English
LANGUAGES = ("en", "de")
#: longest coach text, title or description (characters)
MAX_LONG_TEXT = 700


class LearnError(ValueError):
    """A tutorial, puzzle or progress file that cannot be used; the message
    names the file's bad entry."""


def read_document(source: str | Path | bytes | Mapping[str, Any], kind: str, error: type[LearnError]) -> dict[str, Any]:
    """A JSON object from a file path, bytes/text or an already parsed dict,
    through the engine's reading layer (size, depth and number limits)."""
    if isinstance(source, Mapping):
        data = decode_json(dict(source), error)
    else:
        raw: bytes | str = source if isinstance(source, bytes) else read_capped(source, kind, error)
        data = decode_json(raw, error)
    if not isinstance(data, dict):
        raise error(f"{kind}: expected a JSON object, not {short(data)}")
    return data


def check_keys(
    data: Mapping[str, Any], where: str, required: Iterable[str], optional: Iterable[str], error: type[LearnError]
) -> None:
    """Refuse missing and unknown entries (a typo must not pass unnoticed)."""
    req = tuple(required)
    known = set(req) | set(optional)
    for k in req:
        if k not in data:
            raise error(f"{where}: `{k}` is missing")
    for k in data:
        if k not in known:
            raise error(f"{where}: unknown entry {short(k)} (known: {', '.join(sorted(known))})")


def want_int(v: Any, where: str, error: type[LearnError], low: int | None = None, high: int | None = None) -> int:
    if not is_int(v):
        raise error(f"{where} must be a whole number, not {short(v)}")
    if low is not None and v < low:
        raise error(f"{where} must be at least {low}, not {v}")
    if high is not None and v > high:
        raise error(f"{where} must be at most {high}, not {v}")
    return v


def want_str(v: Any, where: str, error: type[LearnError], limit: int = 80) -> str:
    if not isinstance(v, str) or not v.strip():
        raise error(f"{where} must be a non-empty text, not {short(v)}")
    if len(v) > limit:
        raise error(f"{where} is {len(v)} characters long; at most {limit} are allowed")
    if any(ord(c) < 32 and c != "\n" or 0x7F <= ord(c) < 0xA0 for c in v):
        raise error(f"{where} holds a control character")
    return v


def want_ints(v: Any, where: str, error: type[LearnError], limit: int = 64) -> tuple[int, ...]:
    if not isinstance(v, list) or len(v) > limit:
        raise error(f"{where} must be a list of at most {limit} whole numbers")
    return tuple(want_int(x, where, error) for x in v)


# ---------------------------------------------------------------- texts


@dataclass(frozen=True, slots=True)
class LocalText:
    """A text a player reads, in English and German."""

    en: str
    de: str

    def get(self, lang: str = "en") -> str:
        """The text in `lang` ("de", "de_DE", ... for German; English otherwise)."""
        return self.de if lang.lower().startswith("de") else self.en

    def format(self, **fields: str) -> LocalText:
        return LocalText(self.en.format(**fields), self.de.format(**fields))

    def to_json(self) -> dict[str, str]:
        return {"en": self.en, "de": self.de}


def read_text(
    v: Any, where: str, error: type[LearnError], fields: Iterable[str] = (), limit: int = MAX_LONG_TEXT
) -> LocalText:
    """``{"en": ..., "de": ...}``; `fields` are the ``{name}`` fields the
    text may hold (any other brace is refused, so formatting never fails)."""
    if not isinstance(v, dict):
        raise error(f'{where} must be an object {{"en": ..., "de": ...}}, not {short(v)}')
    check_keys(v, where, LANGUAGES, (), error)
    allowed = set(fields)
    out = []
    for lang in LANGUAGES:
        text = want_str(v[lang], f"{where}.{lang}", error, limit)
        try:
            names = [f for _, f, _, _ in string.Formatter().parse(text) if f is not None]
        except ValueError as exc:
            raise error(f"{where}.{lang}: {exc} (write a brace as {{{{ or }}}})") from None
        for name in names:
            if name not in allowed:
                hint = f" (it may hold {', '.join('{' + f + '}' for f in sorted(allowed))})" if allowed else ""
                raise error(f"{where}.{lang}: unknown field {{{name}}}{hint}")
        out.append(text)
    return LocalText(out[0], out[1])


# ---------------------------------------------------------------- pointers


class PointerKind(StrEnum):
    """The parts of the game window a coach text can point at."""

    NONE = "none"
    BOARD = "board"  # the city as a whole
    HAND = "hand"  # the player's cards
    TILES = "tiles"  # the neighborhoods not yet in the city
    CHART = "chart"  # the score chart
    LOG = "log"  # the game's log
    SCORES = "scores"  # the players' scores
    SUPPLY = "supply"  # one building in the supply: supply:<building> (or supply:streetcar)
    SPOTS = "spots"  # properties in the city: spots:<prop,prop,...>
    CARD = "card"  # one card of the hand: card:<n>
    STACK = "stack"  # one draw stack: stack:<n>
    BUTTON = "button"  # a button: button:<name>


BUTTONS = ("exchange", "pass", "draw", "offer", "take", "stop")
_PLAIN = {PointerKind.NONE, PointerKind.BOARD, PointerKind.HAND, PointerKind.TILES}
_PLAIN |= {PointerKind.CHART, PointerKind.LOG, PointerKind.SCORES}


@dataclass(frozen=True, slots=True)
class Pointer:
    """What the coach bubble points at: a `kind`, and for some kinds what
    exactly (`building`, `properties`, `card`, `stack` or `button`)."""

    kind: PointerKind = PointerKind.NONE
    building: str | None = None
    properties: tuple[int, ...] = ()
    card: int | None = None
    stack: int | None = None
    button: str | None = None

    def __str__(self) -> str:
        k = self.kind
        if k == PointerKind.SUPPLY:
            return f"supply:{self.building}"
        if k == PointerKind.SPOTS:
            return "spots:" + ",".join(map(str, self.properties))
        if k == PointerKind.CARD:
            return f"card:{self.card}"
        if k == PointerKind.STACK:
            return f"stack:{self.stack}"
        if k == PointerKind.BUTTON:
            return f"button:{self.button}"
        return str(k)


def read_pointer(v: Any, where: str, rules: Rules, error: type[LearnError]) -> Pointer:
    """A pointer in its text form (``supply:residence``, ``spots:15,26``, ...)."""
    if not isinstance(v, str):
        raise error(f"{where} must be a pointer such as 'hand' or 'supply:residence', not {short(v)}")
    head, _, rest = v.partition(":")
    try:
        kind = PointerKind(head)
    except ValueError:
        known = ", ".join(str(k) for k in PointerKind)
        raise error(f"{where}: unknown pointer {short(v)} (known: {known})") from None
    if kind in _PLAIN:
        if rest:
            raise error(f"{where}: the pointer {kind} takes nothing after it")
        return Pointer(kind)
    if not rest:
        raise error(f"{where}: the pointer {kind} needs a target, as in {kind}:...")
    if kind == PointerKind.SUPPLY:
        if rest != "streetcar" and rest not in rules.buildings:
            raise error(f"{where}: there is no building {short(rest)} in the supply")
        return Pointer(kind, building=rest)
    if kind == PointerKind.BUTTON:
        if rest not in BUTTONS:
            raise error(f"{where}: unknown button {short(rest)} (known: {', '.join(BUTTONS)})")
        return Pointer(kind, button=rest)
    numbers = []
    for word in rest.split(","):
        if not word.isascii() or not word.isdigit() or len(word) > 4:
            raise error(f"{where}: {short(word)} is not a number")
        numbers.append(int(word))
    all_props = {p for t in rules.tiles for p in rules.tile_properties(t)}
    if kind == PointerKind.SPOTS:
        for p in numbers:
            if p not in all_props:
                raise error(f"{where}: there is no property {p}")
        return Pointer(kind, properties=tuple(numbers))
    if len(numbers) != 1:
        raise error(f"{where}: the pointer {kind} names one number")
    if kind == PointerKind.CARD:
        if numbers[0] not in {c for t in rules.tiles for c in rules.stack_cards(t)}:
            raise error(f"{where}: there is no card {numbers[0]}")
        return Pointer(kind, card=numbers[0])
    if numbers[0] not in rules.tiles:
        raise error(f"{where}: there is no stack {numbers[0]}")
    return Pointer(kind, stack=numbers[0])


# ---------------------------------------------------------------- action patterns

#: pattern kinds, and the kinds of legal_actions() they are drawn from
PATTERN_KINDS: dict[str, tuple[ActionKind, ...]] = {
    "build": (ActionKind.BUILD, ActionKind.PARK_FACTORY),
    **{k.value: (k,) for k in ActionKind if k != ActionKind.BUILD},
}
_PATTERN_FIELDS = ("kind", "building", "size", "on", "with", "stacks", "tile", "face_up", "cards", "owner")


@dataclass(frozen=True, slots=True)
class ActionPattern:
    """One action exactly (`exact`), or every action of a kind that fits the
    filters given (None: any):

    - ``building``, ``size``: a build of that building / that many properties;
    - ``on``: every property of the build is one of these;
    - ``with_``: the build covers all of these properties, the exchange or
      offer holds all of these cards;
    - ``stacks``: a draw from one of these stacks;
    - ``tile``: a neighborhood placement of that tile;
    - ``face_up``: an offer that lies this way; ``cards``: exactly these cards;
    - ``owner``: a take from this player's offer.
    """

    exact: Action | None = None
    kind: str | None = None
    building: str | None = None
    size: int | None = None
    on: frozenset[int] | None = None
    with_: frozenset[int] | None = None
    stacks: frozenset[int] | None = None
    tile: int | None = None
    face_up: bool | None = None
    cards: tuple[int, ...] | None = None
    owner: int | None = None

    def matches(self, action: Action) -> bool:
        """Does `action` (legal or not) have this pattern's shape?"""
        if self.exact is not None:
            return action == self.exact
        k = self.kind
        if isinstance(action, Build):
            if k == "park_factory":
                if kind_of(action) != ActionKind.PARK_FACTORY:
                    return False
            elif k != "build":
                return False
            if self.building is not None and action.building != self.building:
                return False
            if self.size is not None and len(action.properties) != self.size:
                return False
            if self.on is not None and not set(action.properties) <= self.on:
                return False
            return self.with_ is None or self.with_ <= set(action.properties)
        if isinstance(action, PlaceTile):
            return k == "neighborhood" and (self.tile is None or action.number == self.tile)
        if isinstance(action, Draw):
            return k == "draw" and (self.stacks is None or action.stack in self.stacks)
        if isinstance(action, (Exchange, Offer)):
            if k != action.kind:
                return False
            if isinstance(action, Offer) and self.face_up is not None and action.face_up != self.face_up:
                return False
            if self.cards is not None and action.cards != self.cards:
                return False
            return self.with_ is None or self.with_ <= set(action.cards)
        if isinstance(action, Take):
            return k == "take" and (self.owner is None or action.owner == self.owner)
        if isinstance(action, PlaceStreetcar):
            return k == "streetcar"
        return k == action.kind

    def candidates(self, state: GameState) -> list[Action]:
        """The legal actions of the player to move that fit the pattern."""
        if self.exact is not None:
            return [self.exact] if state.check(self.exact) is None else []
        assert self.kind is not None
        out: list[Action] = []
        for kind in PATTERN_KINDS[self.kind]:
            out.extend(a for a in state.iter_legal(kind) if self.matches(a))
        return out

    def __str__(self) -> str:
        if self.exact is not None:
            return str(self.exact)
        parts = [f"any {self.kind}"]
        for name in _PATTERN_FIELDS[1:]:
            v = getattr(self, "with_" if name == "with" else name)
            if v is not None:
                shown = sorted(v) if isinstance(v, frozenset) else v
                parts.append(f"{name}={shown}")
        return " ".join(parts)


def read_pattern(v: Any, where: str, rules: Rules, error: type[LearnError]) -> ActionPattern:
    """An action in its text form (``build residence 21 25``), the shorthand
    ``any <kind> [<building>]``, or an object with ``kind`` and filters."""
    if isinstance(v, str):
        words = v.split()
        if words and words[0] == "any":
            if len(words) not in (2, 3) or words[1] not in PATTERN_KINDS:
                raise error(
                    f"{where}: {short(v)} is not a pattern (any <kind> [building]; kinds: {', '.join(PATTERN_KINDS)})"
                )
            building = None
            if len(words) == 3:
                if words[1] not in ("build", "park_factory") or words[2] not in rules.buildings:
                    raise error(
                        f"{where}: {short(v)}: only a build names a building, and it must be one of the edition's"
                    )
                building = words[2]
            return ActionPattern(kind=words[1], building=building)
        try:
            return ActionPattern(exact=parse_action(v))
        except ActionFormatError as exc:
            raise error(f"{where}: {exc}") from None
    if not isinstance(v, dict):
        raise error(f"{where} must be an action such as 'build residence 17', a pattern 'any draw', or an object")
    check_keys(v, where, ("kind",), _PATTERN_FIELDS[1:], error)
    kind = v["kind"]
    if kind not in PATTERN_KINDS:
        raise error(f"{where}.kind: unknown kind {short(kind)} (known: {', '.join(PATTERN_KINDS)})")
    fields: dict[str, Any] = {"kind": kind}
    allowed = {
        "build": {"building", "size", "on", "with"},
        "park_factory": {"building", "size", "on", "with"},
        "neighborhood": {"tile"},
        "draw": {"stacks"},
        "exchange": {"cards", "with"},
        "offer": {"cards", "with", "face_up"},
        "take": {"owner"},
    }.get(kind, set())
    for name in v:
        if name != "kind" and name not in allowed:
            raise error(f"{where}: a {kind} pattern has no `{name}`")
    if "building" in v:
        if v["building"] not in rules.buildings:
            raise error(f"{where}.building: there is no building {short(v['building'])}")
        fields["building"] = v["building"]
    if "size" in v:
        fields["size"] = want_int(v["size"], f"{where}.size", error, 1, 9)
    for name, key in (("on", "on"), ("with", "with_"), ("stacks", "stacks")):
        if name in v:
            fields[key] = frozenset(want_ints(v[name], f"{where}.{name}", error))
    if "tile" in v:
        fields["tile"] = want_int(v["tile"], f"{where}.tile", error, 1, 9)
    if "owner" in v:
        fields["owner"] = want_int(v["owner"], f"{where}.owner", error, 0, 8)
    if "cards" in v:
        fields["cards"] = tuple(sorted(want_ints(v["cards"], f"{where}.cards", error)))
    if "face_up" in v:
        if not isinstance(v["face_up"], bool):
            raise error(f"{where}.face_up must be true or false")
        fields["face_up"] = v["face_up"]
    return ActionPattern(**fields)


def read_actions(v: Any, where: str, error: type[LearnError], limit: int = 400) -> tuple[Action, ...]:
    """A list of actions in their text form."""
    if not isinstance(v, list) or len(v) > limit:
        raise error(f"{where} must be a list of at most {limit} actions")
    out = []
    for i, a in enumerate(v):
        if not isinstance(a, str):
            raise error(f"{where}[{i}] must be an action in its text form, not {short(a)}")
        try:
            out.append(parse_action(a))
        except ActionFormatError as exc:
            raise error(f"{where}[{i}]: {exc}") from None
    return tuple(out)


# ---------------------------------------------------------------- scores


def formula(breakdown: Mapping[str, Any]) -> str:
    """A score's breakdown as the sum a player reads: ``6``, ``2 + 1``,
    ``(6 + 1 - 2) × 2``, ``5 × 3``, ``10 + 10``."""
    terms = [str(breakdown.get("base", 0))]
    for m in breakdown.get("add", []):
        p = int(m.get("points", 0))
        terms.append(f"+ {p}" if p >= 0 else f"- {-p}")
    text = " ".join(terms)
    factor = int(breakdown.get("multiplier", 1))
    if factor == 1:
        return text
    return f"({text}) × {factor}" if len(terms) > 1 else f"{text} × {factor}"


def last_build(state: GameState) -> tuple[int, dict[str, Any]] | None:
    """(score, breakdown) of the most recent build in the game's story."""
    for e in reversed(state.events):
        if e.kind == "build":
            return int(e.extra.get("score", 0)), dict(e.extra.get("breakdown") or {})
    return None


def policy_move(
    state: GameState, style: str, choose_build: Callable[[GameState], Action | None] | None = None
) -> Action:
    """A deterministic move for the player to move, used for seats that are
    not searched ("pass": pass, stop, draw from the lowest stack, offer the
    lowest card face down, take the first card; "greedy" builds the
    best-scoring building first)."""
    ph = state.phase
    if ph == Phase.ACTION:
        if style == "greedy":
            best: tuple[int, str, Action] | None = None
            for a in state.iter_legal(ActionKind.BUILD):
                assert isinstance(a, Build)
                j = state.judge(a)
                score = j.score or 0
                key = (-score, str(a))
                if score > 0 and (best is None or key < (best[0], best[1])):
                    best = (-score, str(a), a)
            if best is not None:
                return best[2]
        return next(iter(state.iter_legal(ActionKind.PASS)))
    legal = state.legal_actions()
    if not legal:  # pragma: no cover - the engine always offers a move
        raise LearnError("no legal move")
    if ph == Phase.STREETCAR:
        return next(a for a in legal if a.kind == "stop")
    if ph == Phase.OFFER:
        down = [a for a in legal if isinstance(a, Offer) and not a.face_up and len(a.cards) == 1]
        return min(down, key=lambda a: a.cards) if down else legal[0]
    return legal[0]
