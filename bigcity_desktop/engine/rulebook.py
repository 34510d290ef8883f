"""What a rules file says, as data: the enums of the rules' options, the
buildings with their conditions, modifiers and variants, and :class:`Rules`
itself, with the facts derived from it. :mod:`.rules` reads and checks the
files into these."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .cards import property_number, stack_of

MARKS = ("book", "sure", "likely", "house")
EDITIONS = ("original", "jumbo")

# Bounds on every value of a rules file, so that any file the validator
# accepts gives games that can be played to the end in reasonable time.
MAX_PLAYERS = 8
MAX_HAND = 12  # cards in a hand after refilling
MAX_DRAW_PER_STACK = 12
MAX_PIECES = 60  # pieces of one variant
MAX_POINTS = 1000  # base values and added points, either sign
MAX_FACTOR = 10
MAX_STREETCARS = 200
MAX_STREETCARS_PER_ACTION = 10
MAX_CITY_HALL = 1000
MAX_ROUNDS = 1000  # a bound on rounds (0: none)
#: nesting a rules table may have (top > buildings > x > add > [i] > when > [j] > properties)
RULES_DEPTH = 12

#: the building type that opens the game (its name in the rules files)
CITY_HALL = "city_hall"

#: variant names that are not written as they are said
VARIANT_LABELS = {"l": "L-shaped"}

BUILDING_TYPES = (
    "residence",
    "business",
    "city_hall",
    "church",
    "cinema",
    "post_office",
    "bank",
    "shopping_center",
    "park",
    "factory",
)

CONDITION_KEYS = {
    "city_hall",
    "adjacent",
    "min",
    "streetcar",
    "outskirts",
    "center",
    "outskirts_cells",
    "properties",
    "last_free",
}


class RefillMode(StrEnum):
    """How a hand is refilled after an action."""

    HARD = "hard"  # at most `refill_per_stack` cards from any one stack
    FEWEST = "fewest"  # one per stack while others have cards, then more (jumbo)


class UselessCards(StrEnum):
    """When cards of built-over properties leave a hand."""

    TURN_START = "turn_start"  # thrown away at the start of their holder's turn
    EXCHANGE_ONLY = "exchange_only"  # only by exchanging them


class TileOrder(StrEnum):
    """Who lays the starting neighborhoods, in which order."""

    CLOCKWISE_FROM_START = "clockwise_from_start"
    COUNTERCLOCKWISE_FROM_RIGHT_OF_START = "counterclockwise_from_right_of_start"


class StartScores(StrEnum):
    ZERO = "zero"
    STAGGERED = "staggered"  # 0, 1, 2, ... from the start player on (jumbo)


class StreetcarLine(StrEnum):
    TREE = "tree"  # branches allowed, no loops
    PATH = "path"  # one line with two ends


class EndRule(StrEnum):
    """What ends the game (besides a finished city)."""

    CONSECUTIVE_PASSES = "consecutive_passes"  # every player passed, one after another
    PASSIVE_ROUND = "passive_round"  # a whole round of passes and exchanges


@dataclass(frozen=True)
class RoundRules:
    """The `[rounds]` section: what ends a game, redevelopment, the end of
    tables of strangers and the bound on rounds (0: none)."""

    end_rule: EndRule
    redevelopment: bool
    strangers_end: EndRule
    max_rounds: int


class RulesError(ValueError):
    """A rules file that cannot be used; the message names the bad entry."""


@dataclass(frozen=True)
class Condition:
    """One condition of the vocabulary (see the comment in the rules files)."""

    kind: str  # city_hall | adjacent | streetcar | outskirts | center | outskirts_cells | properties | last_free
    target: str | None = None  # building type or group for `adjacent`
    low: int = 1
    high: int = 1
    properties: frozenset[int] = frozenset()

    @property
    def tag(self) -> str:
        """Short name used in score breakdowns ("streetcar", "city_hall", ...)."""
        if self.kind == "adjacent":
            return self.target or "adjacent"
        return self.kind


@dataclass(frozen=True)
class Modifier:
    points: int
    when: tuple[Condition, ...] = ()
    per: str | None = None  # count adjacent buildings of this type/group

    @property
    def because(self) -> str:
        if self.per:
            return self.per
        return "+".join(c.tag for c in self.when)


@dataclass(frozen=True)
class Multiplier:
    factor: int
    when: tuple[Condition, ...]

    @property
    def because(self) -> list[str]:
        return sorted(c.tag for c in self.when)


@dataclass(frozen=True)
class Variant:
    name: str
    shape: str
    count: int
    base: int
    size: int
    orientations: frozenset[frozenset[tuple[int, int]]]  # normalised cell sets

    @property
    def label(self) -> str:
        """The variant's word before its building's name: "double", "L-shaped"."""
        return VARIANT_LABELS.get(self.name, self.name)


@dataclass(frozen=True)
class BuildingRule:
    type: str
    label: str
    variants: tuple[Variant, ...]
    requires: tuple[Condition, ...]
    add: tuple[Modifier, ...]
    multiply: tuple[Multiplier, ...]
    with_card: bool
    base_from_city_hall: bool
    marks: dict[str, str]

    def variant(self, name: str) -> Variant:
        for v in self.variants:
            if v.name == name:
                return v
        raise KeyError(name)

    def variants_of_size(self, size: int) -> list[Variant]:
        return [v for v in self.variants if v.size == size]

    @property
    def needs_city_hall(self) -> bool:
        return any(c.kind == "city_hall" for c in self.requires)


@dataclass(frozen=True)
class Rules:
    """An edition's (or a house-rules file's) complete rules."""

    edition: str  # "original", "jumbo" or a house-rules name
    base_edition: str  # which family of turn rules: "original" or "jumbo"
    title: str
    digest: str
    source: str
    min_players: int
    max_players: int
    hand_size: dict[int, int]
    start_stacks: dict[int, tuple[int, ...]]
    refill_mode: RefillMode
    refill_per_stack: int
    exchange_draws_separately: bool
    exchange_per_stack: int
    useless_cards: UselessCards
    start_tiles: dict[int, tuple[int, ...]]
    tile_order: TileOrder
    start_scores: StartScores
    streetcar_count: int
    streetcar_line: StreetcarLine
    streetcar_first_action: int
    streetcar_per_action: int
    end_rule: EndRule
    redevelopment: bool
    #: the end rule a server applies to tables of strangers (public or rated),
    #: offered for the original as a house rule (see :func:`for_strangers`)
    strangers_end: EndRule
    #: after this round the standing is the result (0: no bound)
    max_rounds: int
    city_hall_start: int
    city_hall_step: int
    city_hall_max: int
    city_hall_reserved: frozenset[int]
    tile_shapes: dict[int, tuple[int, int]]
    tile_names: dict[int, str]
    special_cards: dict[int, tuple[str, str]]  # card -> (building type, variant)
    shapes: dict[str, tuple[tuple[int, int], ...]]
    groups: dict[str, frozenset[str]]
    buildings: dict[str, BuildingRule]
    marks: dict[str, dict[str, str]] = field(default_factory=dict)
    #: the validated rules table itself, as read (embedded into records and
    #: layouts made under house rules, so they reopen anywhere)
    data: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    #: True for the editions shipped with the program
    bundled: bool = False

    # -- derived facts -------------------------------------------------
    @property
    def tiles(self) -> list[int]:
        """The neighborhood numbers, which are also the stack numbers."""
        return sorted(self.tile_shapes)

    @property
    def city_hall_type(self) -> str:
        """The building type whose building opens the game (the one the
        `city_hall` condition and City Hall's value track are about)."""
        return CITY_HALL

    @property
    def card_pieces(self) -> frozenset[str]:
        """The building types placed with a special card instead of property
        cards (parks and factories in both editions)."""
        return frozenset(t for t, r in self.buildings.items() if r.with_card)

    def tile_properties(self, tile: int) -> list[int]:
        w, h = self.tile_shapes[tile]
        return [property_number(tile, k) for k in range(1, w * h + 1)]

    @property
    def all_properties(self) -> list[int]:
        return [p for t in self.tiles for p in self.tile_properties(t)]

    def stack_cards(self, stack: int) -> list[int]:
        cards = self.tile_properties(stack)
        cards += [c for c in self.special_cards if stack_of(c) == stack]
        return cards

    @property
    def all_cards(self) -> list[int]:
        return [c for t in self.tiles for c in self.stack_cards(t)]

    def card_for_piece(self, btype: str, variant: str) -> int | None:
        for card, piece in self.special_cards.items():
            if piece == (btype, variant):
                return card
        return None

    def members(self, name: str | None) -> frozenset[str]:
        """Building types meant by a type or group name (none for None)."""
        if name is None:
            return frozenset()
        if name in self.groups:
            return self.groups[name]
        return frozenset((name,))

    def house_values(self) -> list[str]:
        """Dotted names of every value marked [house]."""
        out = []
        for section, marks in self.marks.items():
            for key, mark in marks.items():
                if mark == "house":
                    out.append(f"{section}.{key}")
        return sorted(out)


# ----------------------------------------------------------------------
# loading
