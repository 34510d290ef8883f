"""Positions: a game at the start of a player's action, written as data.

Like a chess FEN, a position says where everything is without the moves
that led there, so a test, a puzzle or a bug report can set up the exact
situation it needs. The JSON form (format ``bigcity-position``, version 1)::

    {
      "format": "bigcity-position", "version": 1,
      "edition": "original",               # or "rules": {...} as in a layout
      "players": ["Ann", "Bob", "Cy"],
      "city": {                            # the entries of a layout (LAYOUT.md)
        "neighborhoods": [{"number": 1, "x": 0, "y": 0, "rotation": 0}, ...],
        "buildings": [{"type": "city_hall", "properties": [15], "owner": 0}],
        "streetcars": [[[0, 0], [1, 0]]]
      },
      "hands": [[11, 12], [13], []],       # one list per player
      "scores": [0, 4, 2],                 # optional, zeros
      "turn_player": 0,                    # optional: whose action it is (0)
      "start_player": 0,                   # optional: start player of the round (turn_player)
      "round": 1,                          # optional (1)
      "city_hall_this_turn": false,        # optional: City Hall was built in this very turn
      "city_hall_value": 25,               # optional: the rules' starting value
      "stacks": {"3": [31, 32]},           # optional: exact stacks, bottom card first
      "discard": [],                       # optional
      "seed": 0                            # optional: shuffles the cards placed nowhere
    }

Every card of the edition is somewhere exactly once: in a hand, in a stack
given in ``stacks``, in ``discard``, or else it is shuffled (by ``seed``)
into its stack, except a property card under a building bought with
property cards, which goes to the discard pile. A card named twice, or one
the edition does not have, is refused with a sentence.

:func:`position_to_json` writes a state at the start of an action in this
form (every stack and the discard pile exactly) and :func:`load_position`
reads it back into an equal state (the way a chess program reads a FEN).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from . import turns
from .cards import stack_of
from .city import City
from .jsonio import decode_json, is_int, short
from .layout import FORMAT as LAYOUT_FORMAT
from .layout import VERSION as LAYOUT_VERSION
from .layout import LayoutError, layout_to_json, load_layout
from .messages import msg
from .phases import EventKind, Phase
from .rules import Rules, edition_fields, get_rules
from .state import GameState

FORMAT = "bigcity-position"
VERSION = 1

_KNOWN = {
    "format",
    "version",
    "edition",
    "rules",
    "players",
    "city",
    "hands",
    "scores",
    "arrival",
    "turn_player",
    "start_player",
    "first_player",
    "round",
    "turn_index",
    "city_hall_this_turn",
    "city_hall_value",
    "passes_in_row",
    "round_passive",
    "stacks",
    "discard",
    "seed",
}


class PositionError(ValueError):
    """A position that cannot be set up; the message names the bad entry."""


def load_position(raw: bytes | str | dict[str, Any], rules_for: Callable[[str], Rules] = get_rules) -> GameState:
    """The game state a position describes (see the module docstring)."""
    data = decode_json(raw, PositionError)
    _check_entries(data)
    city_data = data.get("city")
    rules, city = _read_city(data, city_data, rules_for)
    _set_building_scores(city, city_data.get("buildings", []))

    names = data.get("players")
    if not isinstance(names, list) or not all(isinstance(x, str) and x.strip() for x in names):
        raise PositionError("`players` must list the players' names")
    n = len(names)
    if not rules.min_players <= n <= rules.max_players:
        raise PositionError(f"{rules.title} is for {rules.min_players} to {rules.max_players} players, not {n}")
    f = _Fields(data, n)
    hands = _read_hands(data.get("hands"), n)
    scores = f.int_list("scores", n, [0] * n)
    arrival = f.int_list("arrival", n, list(range(n)))
    turn_player = f.player("turn_player", 0)
    start_player = f.player("start_player", turn_player)
    first_player = f.player("first_player", start_player)
    round_ = f.whole("round", 1, 1)
    turn_index = f.whole("turn_index", 1, 1)
    seed = f.whole("seed", 0)
    this_turn = f.flag("city_hall_this_turn", False)
    city_hall_value = f.whole("city_hall_value", rules.city_hall_start)
    passes_in_row = f.whole("passes_in_row", 0)
    round_passive = f.flag("round_passive", True)
    discard = f.int_list("discard", None, [])

    # every card exactly once
    stacks = _read_stacks(data.get("stacks", {}), rules)
    placed = _placed_cards(rules, city, hands, stacks, discard)
    rng = random.Random(seed)
    full = _fill_stacks(rules, stacks, placed, rng)
    city_hall = any(b.type == rules.city_hall_type for b in city.buildings)
    state = GameState(
        rules=rules,
        n=n,
        names=[str(x) for x in names],
        seed=seed,
        rng=rng,
        city=city,
        stacks=full,
        hands=hands,
        discard=discard,
        scores=scores,
        arrival=arrival,
        arrival_counter=max(arrival) + 1,
        first_player=first_player,
        start_player=start_player,
        round=round_,
        turn_index=turn_index,
        turn_player=turn_player,
        current_player=turn_player,
        phase=Phase.ACTION,
        city_hall_turn=(turn_index if this_turn else turn_index - 1) if city_hall else None,
        city_hall_value=city_hall_value,
        passes_in_row=passes_in_row,
        round_passive=round_passive,
        score_history=[(round_, tuple(scores))],
    )
    turns.event(state, None, EventKind.START, msg("the game goes on from a set position"), turn_player=turn_player)
    return state


def _check_entries(data: Any) -> None:
    """A position of this format and version, with no entry it does not know."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PositionError(
            f"not a Big City position (format is {short(data.get('format') if isinstance(data, dict) else data)}, expected {FORMAT!r})"
        )
    if data.get("version") != VERSION or not is_int(data.get("version")):
        raise PositionError(
            f"unsupported position version {short(data.get('version'))} (this program reads version {VERSION})"
        )
    for k in data:
        if k not in _KNOWN:
            raise PositionError(f"unknown entry {short(k)} (known: {', '.join(sorted(_KNOWN))})")


def _read_city(data: dict[str, Any], city_data: Any, rules_for: Callable[[str], Rules]) -> tuple[Rules, City]:
    """The rules and the city of a position, read as the layout its entries make."""
    if not isinstance(city_data, dict):
        raise PositionError("`city` must be an object with neighborhoods, buildings and streetcars")
    layout = {"format": LAYOUT_FORMAT, "version": LAYOUT_VERSION}
    for k in ("edition", "rules"):
        if k in data:
            layout[k] = data[k]
    for k, v in city_data.items():
        if k not in ("neighborhoods", "buildings", "streetcars"):
            raise PositionError(f"city: unknown entry {short(k)} (known: buildings, neighborhoods, streetcars)")
        if k == "buildings" and isinstance(v, list):  # the layout has no scores: set below
            v = [{x: y for x, y in b.items() if x != "score"} if isinstance(b, dict) else b for b in v]
        layout[k] = v
    try:
        return load_layout(layout, rules_for)
    except LayoutError as exc:
        raise PositionError(f"city: {exc}") from None


class _Fields:
    """The position's optional entries of one kind each, with their defaults."""

    def __init__(self, data: dict[str, Any], n: int) -> None:
        self.data = data
        self.n = n

    def int_list(self, key: str, length: int | None = None, default: list[int] | None = None) -> list[int]:
        v = self.data.get(key, default)
        if not isinstance(v, list) or not all(is_int(x) for x in v):
            raise PositionError(f"`{key}` must be a list of whole numbers")
        if length is not None and len(v) != length:
            raise PositionError(f"`{key}` must have one entry per player ({length})")
        return list(v)

    def player(self, key: str, default: int) -> int:
        v = self.data.get(key, default)
        if not is_int(v) or not 0 <= v < self.n:
            raise PositionError(f"`{key}` must be a player number from 0 to {self.n - 1}, not {short(v)}")
        return v

    def whole(self, key: str, default: int, low: int = 0) -> int:
        v = self.data.get(key, default)
        if not is_int(v) or v < low:
            raise PositionError(f"`{key}` must be a whole number of at least {low}, not {short(v)}")
        return v

    def flag(self, key: str, default: bool) -> bool:
        v = self.data.get(key, default)
        if not isinstance(v, bool):
            raise PositionError(f"`{key}` must be true or false, not {short(v)}")
        return v


def _read_hands(hands_raw: Any, n: int) -> list[list[int]]:
    if not isinstance(hands_raw, list) or len(hands_raw) != n:
        raise PositionError(f"`hands` must list one hand per player ({n})")
    hands: list[list[int]] = []
    for i, h in enumerate(hands_raw):
        if not isinstance(h, list) or not all(is_int(c) for c in h):
            raise PositionError(f"hands[{i}] must be a list of cards (whole numbers)")
        hands.append(list(h))
    return hands


def _read_stacks(stacks_raw: Any, rules: Rules) -> list[list[int] | None]:
    """The stacks the position gives exactly (None for each other one)."""
    stacks: list[list[int] | None] = [None] * (max(rules.tiles) + 1)
    if not isinstance(stacks_raw, dict):
        raise PositionError("`stacks` must be an object keyed by stack number")
    for k, cards in stacks_raw.items():
        if not k.isdigit() or int(k) not in rules.tiles:
            raise PositionError(f"stacks: there is no stack {short(k)}")
        if not isinstance(cards, list) or not all(is_int(c) for c in cards):
            raise PositionError(f"stacks[{k}] must be a list of cards (whole numbers)")
        for c in cards:
            if stack_of(c) != int(k) or c < 0:
                raise PositionError(f"stacks[{k}]: card {c} belongs to stack {stack_of(c)}")
        stacks[int(k)] = list(cards)
    return stacks


def _placed_cards(
    rules: Rules, city: City, hands: list[list[int]], stacks: list[list[int] | None], discard: list[int]
) -> Counter[int]:
    """Every card the position places, each once and of the edition; the
    property cards under buildings bought with them go to `discard`."""
    placed: Counter[int] = Counter()
    for h in hands:
        placed.update(h)
    for st in stacks:
        placed.update(st or [])
    placed.update(discard)
    for b in city.buildings:
        if not rules.buildings[b.type].with_card:
            for prop in b.properties:
                if placed[prop] == 0:
                    discard.append(prop)
                    placed[prop] += 1
    all_cards = Counter(c for t in rules.tiles for c in rules.stack_cards(t))
    for c, k in placed.items():
        if c not in all_cards:
            raise PositionError(f"there is no card {c} in {rules.title}")
        if k > 1:
            raise PositionError(f"card {c} is in the position {k} times")
    return placed


def _fill_stacks(
    rules: Rules, stacks: list[list[int] | None], placed: Counter[int], rng: random.Random
) -> list[list[int]]:
    """The stacks not given, of the cards placed nowhere, shuffled; a given one must leave none out."""
    for t in rules.tiles:
        if stacks[t] is None:
            rest = [c for c in rules.stack_cards(t) if not placed[c]]
            rng.shuffle(rest)
            stacks[t] = rest
        elif any(not placed[c] for c in rules.stack_cards(t)):
            missing = [c for c in rules.stack_cards(t) if not placed[c]]
            raise PositionError(f"stacks[{t}] is given, but cards {', '.join(map(str, missing))} are nowhere")
    return [st or [] for st in stacks]


def _set_building_scores(city: City, buildings: Any) -> None:
    """The points each building made (a layout does not carry them)."""
    if not isinstance(buildings, list):
        return
    for i, b in enumerate(buildings):
        score = b.get("score", 0) if isinstance(b, dict) else 0
        if not is_int(score):
            raise PositionError(f"city.buildings[{i}].score must be a whole number, not {short(score)}")
        if score:
            city.buildings[i] = replace(city.buildings[i], score=score)


def position_to_json(state: GameState) -> dict[str, Any]:
    """A full state at the start of an action, as a position (every stack
    and the discard pile exactly, so it loads back into an equal state)."""
    if state.viewer is not None:
        raise ValueError("a player's view hides cards; write the full state")
    if state.phase != Phase.ACTION or state.streetcars_this_action or state.action_kind is not None:
        raise ValueError(f"a position starts a player's action; this state is in the {state.phase} phase")
    city = layout_to_json(state.city)
    for b, out in zip(state.city.buildings, city["buildings"]):
        if b.owner is not None:
            out["owner"] = b.owner
        if b.score:
            out["score"] = b.score
    return {
        "format": FORMAT,
        "version": VERSION,
        **edition_fields(state.rules),
        "players": list(state.names),
        "city": {k: city[k] for k in ("neighborhoods", "buildings", "streetcars")},
        "hands": [list(h) for h in state.hands],
        "scores": list(state.scores),
        "arrival": list(state.arrival),
        "turn_player": state.turn_player,
        "start_player": state.start_player,
        "first_player": state.first_player,
        "round": state.round,
        "turn_index": state.turn_index,
        "city_hall_this_turn": state.city_hall_built and not state.city_hall_open,
        "city_hall_value": state.city_hall_value,
        "passes_in_row": state.passes_in_row,
        "round_passive": state.round_passive,
        "stacks": {str(t): list(state.stacks[t]) for t in state.rules.tiles},
        "discard": list(state.discard),
        "seed": state.seed or 0,
    }
