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
    EventKind,
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
    return _POINTER_READERS[kind](kind, rest, where, rules, error)


def _pointer_supply(kind: PointerKind, rest: str, where: str, rules: Rules, error: type[LearnError]) -> Pointer:
    if rest != "streetcar" and rest not in rules.buildings:
        raise error(f"{where}: there is no building {short(rest)} in the supply")
    return Pointer(kind, building=rest)


def _pointer_button(kind: PointerKind, rest: str, where: str, rules: Rules, error: type[LearnError]) -> Pointer:
    if rest not in BUTTONS:
        raise error(f"{where}: unknown button {short(rest)} (known: {', '.join(BUTTONS)})")
    return Pointer(kind, button=rest)


def _pointer_numbers(rest: str, where: str, error: type[LearnError]) -> list[int]:
    """The numbers after a pointer's colon (``15,26``)."""
    numbers = []
    for word in rest.split(","):
        if not word.isascii() or not word.isdigit() or len(word) > 4:
            raise error(f"{where}: {short(word)} is not a number")
        numbers.append(int(word))
    return numbers


def _pointer_number(kind: PointerKind, rest: str, where: str, error: type[LearnError]) -> int:
    """The one number after the colon of a card or stack pointer."""
    numbers = _pointer_numbers(rest, where, error)
    if len(numbers) != 1:
        raise error(f"{where}: the pointer {kind} names one number")
    return numbers[0]


def _pointer_spots(kind: PointerKind, rest: str, where: str, rules: Rules, error: type[LearnError]) -> Pointer:
    numbers = _pointer_numbers(rest, where, error)
    all_props = {p for t in rules.tiles for p in rules.tile_properties(t)}
    for p in numbers:
        if p not in all_props:
            raise error(f"{where}: there is no property {p}")
    return Pointer(kind, properties=tuple(numbers))


def _pointer_card(kind: PointerKind, rest: str, where: str, rules: Rules, error: type[LearnError]) -> Pointer:
    card = _pointer_number(kind, rest, where, error)
    if card not in {c for t in rules.tiles for c in rules.stack_cards(t)}:
        raise error(f"{where}: there is no card {card}")
    return Pointer(kind, card=card)


def _pointer_stack(kind: PointerKind, rest: str, where: str, rules: Rules, error: type[LearnError]) -> Pointer:
    stack = _pointer_number(kind, rest, where, error)
    if stack not in rules.tiles:
        raise error(f"{where}: there is no stack {stack}")
    return Pointer(kind, stack=stack)


#: how the target after the colon is read, by pointer kind (the kinds not in _PLAIN)
_POINTER_READERS: dict[PointerKind, Callable[[PointerKind, str, str, Rules, type[LearnError]], Pointer]] = {
    PointerKind.SUPPLY: _pointer_supply,
    PointerKind.BUTTON: _pointer_button,
    PointerKind.SPOTS: _pointer_spots,
    PointerKind.CARD: _pointer_card,
    PointerKind.STACK: _pointer_stack,
}


# ---------------------------------------------------------------- action patterns

#: pattern kinds, and the kinds of legal_actions() they are drawn from
PATTERN_KINDS: dict[ActionKind, tuple[ActionKind, ...]] = {
    ActionKind.BUILD: (ActionKind.BUILD, ActionKind.PARK_FACTORY),
    **{k: (k,) for k in ActionKind if k != ActionKind.BUILD},
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
    kind: ActionKind | None = None
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
        for cls, fits in _MATCHERS:
            if isinstance(action, cls):
                return fits(self, action)
        return self.kind == action.kind

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


def _build_fits(p: ActionPattern, action: Action) -> bool:
    assert isinstance(action, Build)
    if p.kind == ActionKind.PARK_FACTORY:
        if kind_of(action) != ActionKind.PARK_FACTORY:
            return False
    elif p.kind != ActionKind.BUILD:
        return False
    if p.building is not None and action.building != p.building:
        return False
    if p.size is not None and len(action.properties) != p.size:
        return False
    if p.on is not None and not set(action.properties) <= p.on:
        return False
    return p.with_ is None or p.with_ <= set(action.properties)


def _tile_fits(p: ActionPattern, action: Action) -> bool:
    assert isinstance(action, PlaceTile)
    return p.kind == ActionKind.NEIGHBORHOOD and (p.tile is None or action.number == p.tile)


def _draw_fits(p: ActionPattern, action: Action) -> bool:
    assert isinstance(action, Draw)
    return p.kind == ActionKind.DRAW and (p.stacks is None or action.stack in p.stacks)


def _cards_fit(p: ActionPattern, action: Action) -> bool:
    assert isinstance(action, (Exchange, Offer))
    if p.kind != action.kind:
        return False
    if isinstance(action, Offer) and p.face_up is not None and action.face_up != p.face_up:
        return False
    if p.cards is not None and action.cards != p.cards:
        return False
    return p.with_ is None or p.with_ <= set(action.cards)


def _take_fits(p: ActionPattern, action: Action) -> bool:
    assert isinstance(action, Take)
    return p.kind == ActionKind.TAKE and (p.owner is None or action.owner == p.owner)


def _streetcar_fits(p: ActionPattern, action: Action) -> bool:
    return p.kind == ActionKind.STREETCAR


#: how a pattern's filters apply, by the class of the action (any other
#: action fits a pattern of its kind)
_MATCHERS: tuple[tuple[type[Action] | tuple[type[Action], ...], Callable[[ActionPattern, Action], bool]], ...] = (
    (Build, _build_fits),
    (PlaceTile, _tile_fits),
    (Draw, _draw_fits),
    ((Exchange, Offer), _cards_fit),
    (Take, _take_fits),
    (PlaceStreetcar, _streetcar_fits),
)


def read_pattern(v: Any, where: str, rules: Rules, error: type[LearnError]) -> ActionPattern:
    """An action in its text form (``build residence 21 25``), the shorthand
    ``any <kind> [<building>]``, or an object with ``kind`` and filters."""
    if isinstance(v, str):
        return _read_pattern_text(v, where, rules, error)
    if not isinstance(v, dict):
        raise error(f"{where} must be an action such as 'build residence 17', a pattern 'any draw', or an object")
    return _read_pattern_object(v, where, rules, error)


def _read_pattern_text(v: str, where: str, rules: Rules, error: type[LearnError]) -> ActionPattern:
    """``build residence 21 25`` (one action) or ``any <kind> [<building>]``."""
    words = v.split()
    if not words or words[0] != "any":
        try:
            return ActionPattern(exact=parse_action(v))
        except ActionFormatError as exc:
            raise error(f"{where}: {exc}") from None
    if len(words) not in (2, 3) or words[1] not in PATTERN_KINDS:
        raise error(f"{where}: {short(v)} is not a pattern (any <kind> [building]; kinds: {', '.join(PATTERN_KINDS)})")
    kind = ActionKind(words[1])
    building = None
    if len(words) == 3:
        if kind not in (ActionKind.BUILD, ActionKind.PARK_FACTORY) or words[2] not in rules.buildings:
            raise error(f"{where}: {short(v)}: only a build names a building, and it must be one of the edition's")
        building = words[2]
    return ActionPattern(kind=kind, building=building)


_BUILD_FILTERS = frozenset({"building", "size", "on", "with"})
#: the filters a pattern object of each kind may give
_PATTERN_ALLOWED: dict[ActionKind, frozenset[str]] = {
    ActionKind.BUILD: _BUILD_FILTERS,
    ActionKind.PARK_FACTORY: _BUILD_FILTERS,
    ActionKind.NEIGHBORHOOD: frozenset({"tile"}),
    ActionKind.DRAW: frozenset({"stacks"}),
    ActionKind.EXCHANGE: frozenset({"cards", "with"}),
    ActionKind.OFFER: frozenset({"cards", "with", "face_up"}),
    ActionKind.TAKE: frozenset({"owner"}),
}


def _filter_building(v: Any, where: str, rules: Rules, error: type[LearnError]) -> str:
    if v not in rules.buildings:
        raise error(f"{where}: there is no building {short(v)}")
    return str(v)


def _filter_size(v: Any, where: str, rules: Rules, error: type[LearnError]) -> int:
    return want_int(v, where, error, 1, 9)


def _filter_set(v: Any, where: str, rules: Rules, error: type[LearnError]) -> frozenset[int]:
    return frozenset(want_ints(v, where, error))


def _filter_tile(v: Any, where: str, rules: Rules, error: type[LearnError]) -> int:
    return want_int(v, where, error, 1, 9)


def _filter_owner(v: Any, where: str, rules: Rules, error: type[LearnError]) -> int:
    return want_int(v, where, error, 0, 8)


def _filter_cards(v: Any, where: str, rules: Rules, error: type[LearnError]) -> tuple[int, ...]:
    return tuple(sorted(want_ints(v, where, error)))


def _filter_flag(v: Any, where: str, rules: Rules, error: type[LearnError]) -> bool:
    if not isinstance(v, bool):
        raise error(f"{where} must be true or false")
    return v


#: a pattern object's filters in the order they are read: (entry, field of
#: ActionPattern, reader given the value and `where.entry`)
_PATTERN_FILTERS: tuple[tuple[str, str, Callable[[Any, str, Rules, type[LearnError]], Any]], ...] = (
    ("building", "building", _filter_building),
    ("size", "size", _filter_size),
    ("on", "on", _filter_set),
    ("with", "with_", _filter_set),
    ("stacks", "stacks", _filter_set),
    ("tile", "tile", _filter_tile),
    ("owner", "owner", _filter_owner),
    ("cards", "cards", _filter_cards),
    ("face_up", "face_up", _filter_flag),
)


def _read_pattern_object(v: dict[str, Any], where: str, rules: Rules, error: type[LearnError]) -> ActionPattern:
    """``{"kind": ..., <filters>}``."""
    check_keys(v, where, ("kind",), _PATTERN_FIELDS[1:], error)
    raw_kind = v["kind"]
    if not isinstance(raw_kind, str) or raw_kind not in PATTERN_KINDS:
        raise error(f"{where}.kind: unknown kind {short(raw_kind)} (known: {', '.join(PATTERN_KINDS)})")
    kind = ActionKind(raw_kind)
    allowed = _PATTERN_ALLOWED.get(kind, frozenset())
    for name in v:
        if name != "kind" and name not in allowed:
            raise error(f"{where}: a {kind} pattern has no `{name}`")
    fields: dict[str, Any] = {"kind": kind}
    for name, key, read in _PATTERN_FILTERS:
        if name in v:
            fields[key] = read(v[name], f"{where}.{name}", rules, error)
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
        if e.kind == EventKind.BUILD:
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
        return next(a for a in legal if a.kind == ActionKind.STOP)
    if ph == Phase.OFFER:
        down = [a for a in legal if isinstance(a, Offer) and not a.face_up and len(a.cards) == 1]
        return min(down, key=lambda a: a.cards) if down else legal[0]
    return legal[0]
