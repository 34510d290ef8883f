"""Knowledge shared by the bots: what a card is worth, what a hand could
become, where a tile, streetcar, park or factory helps, and which stack to
draw from. Everything here reads a player's *view* only (``state.view_for``):
the bot's own hand, public facts, and card counts of other hands and stacks.

The functions are plain and cheap (no search) so that the easy bot can use
them directly and the stronger bots can call them thousands of times.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import combinations

from bigcity_desktop.engine import (
    Action,
    ActionKind,
    Build,
    Draw,
    Exchange,
    GameState,
    Offer,
    Pass,
    Phase,
    PlaceStreetcar,
    PlaceTile,
    StopStreetcars,
    Take,
    TilePlacement,
)
from bigcity_desktop.engine.cards import is_property_card, is_special_card, stack_of
from bigcity_desktop.engine.city import City, Street, tile_cells
from bigcity_desktop.engine.geometry import normalise
from bigcity_desktop.engine.rules import Rules

from .outlook import CITY_HALL, is_city_hall, unseen_cards


def card_building_types(rules: Rules) -> dict[int, tuple[str, ...]]:
    """By number of properties: the building types property cards can
    become (City Hall, which scores for its value alone, and the pieces
    that come with a park/factory card aside), in the rules file's order.
    (Worked out once per rules object; do not change the answer.)"""
    hit = _TYPES.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    if len(_TYPES) > 64:
        _TYPES.clear()
    types = _card_building_types(rules)
    _TYPES[id(rules)] = (rules, types)
    return types


_TYPES: dict[int, tuple[Rules, dict[int, tuple[str, ...]]]] = {}
#: best_at's answers shared by every Ctx, by the city's stamp (unique to its
#: content), City Hall's being counted open, its value and the properties
_BEST: dict[tuple[int, bool, int, tuple[int, ...]], tuple[int, str | None]] = {}
BEST_LIMIT = 200_000


def _card_building_types(rules: Rules) -> dict[int, tuple[str, ...]]:
    out: dict[int, list[str]] = {}
    for rule in rules.buildings.values():
        if rule.with_card or rule.type == CITY_HALL:
            continue
        for size in sorted({v.size for v in rule.variants}):
            out.setdefault(size, []).append(rule.type)
    return {size: tuple(types) for size, types in out.items()}


_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


class Ctx:
    """Per-decision caches over one view: scores of would-be buildings."""

    def __init__(self, view: GameState, player: int | None = None):
        self.view = view
        self.me = view.current_player if player is None else player
        self.city = view.city
        self.rules = view.rules
        self.open = view.city_hall_open or view.city_hall_built
        self._best: dict[tuple[int, ...], tuple[int, str | None]] = {}
        self._types = card_building_types(view.rules)

    # ------------------------------------------------------------ building values
    def best_at(self, props: tuple[int, ...]) -> tuple[int, str | None]:
        """The best score any building could make on these free properties
        now (ignoring cards and the turn), and its type. (0, None) if nothing fits.

        City Hall is counted as open once it is built, even on the turn it
        was built: a value for the coming turns, not for this move."""
        props = tuple(sorted(props)) if len(props) > 1 else tuple(props)
        hit = self._best.get(props)
        if hit is not None:
            return hit
        key = (self.city.stamp, self.open, self.view.city_hall_value, props)
        best = _BEST.get(key)
        if best is None:
            types = self._types.get(len(props), ())
            best = self.city.best_score(props, types, city_hall=self.open, city_hall_value=self.view.city_hall_value)
            if len(_BEST) > BEST_LIMIT:
                _BEST.clear()
            _BEST[key] = best
        self._best[props] = best
        return best

    def free_hand(self, hand: Sequence[int] | None = None) -> list[int]:
        hand = self.view.hands[self.me] if hand is None else hand
        return sorted(c for c in hand if is_property_card(c) and self.city.is_free(c))

    def groups(self, cards: list[int]) -> list[tuple[int, tuple[int, ...]]]:
        """Every building the cards could form (singles, doubles, triples),
        with the best score: [(score, props)]. Triples are counted only in
        a straight line."""
        city = self.city
        out: list[tuple[int, tuple[int, ...]]] = []
        for c in cards:
            s, _ = self.best_at((c,))
            out.append((s, (c,)))
        for a, b in combinations(cards, 2):
            if _adjacent(city, a, b):
                s, _ = self.best_at((a, b))
                if s:
                    out.append((s, (a, b)))
        if len(cards) >= 3:
            for trio in combinations(cards, 3):
                cells = [city.cell_of[c] for c in trio]
                xs = {x for x, _ in cells}
                ys = {y for _, y in cells}
                if (len(xs) == 1 and max(ys) - min(ys) == 2) or (len(ys) == 1 and max(xs) - min(xs) == 2):
                    s, _ = self.best_at(trio)
                    if s:
                        out.append((s, trio))
        return out

    def potential(
        self, hand: Sequence[int] | None = None, discounts: Sequence[float] = (0.8, 0.55, 0.35, 0.25, 0.15, 0.1)
    ) -> float:
        """What the hand could still score: the best buildings it can form,
        picked greedily (highest score first, no card twice), each later
        one discounted since it needs a later turn and may be spoiled."""
        cards = self.free_hand(hand)
        if not cards:
            return 0.0
        gs = sorted(self.groups(cards), key=lambda g: (-g[0], g[1]))
        used: set[int] = set()
        total = 0.0
        i = 0
        for s, props in gs:
            if s <= 0 or any(p in used for p in props):
                continue
            used.update(props)
            total += s * discounts[min(i, len(discounts) - 1)]
            i += 1
        return total

    # ------------------------------------------------------------ single cards
    def card_value(self, card: int, hand: Sequence[int] | None = None) -> float:
        """A rough worth of holding `card` with the rest of `hand`."""
        view = self.view
        city = self.city
        if card < 0:
            return self.stack_value(-card, hand)
        if is_special_card(card):  # park / factory card
            return 2.5 if view.city_hall_built else 1.5
        if card in city.building_at:
            return 0.0  # useless
        hand = [c for c in (view.hands[self.me] if hand is None else hand) if c != card]
        if card not in city.cell_of:
            # its neighborhood is not placed: dead until someone places it
            same = sum(1 for c in hand if stack_of(c) == stack_of(card))
            return 0.7 + 0.6 * same if view.city_hall_built else 0.4 + 0.3 * same
        s, _ = self.best_at((card,))
        v = float(s)
        for q in city.neighbours(card):
            if q in city.building_at:
                continue
            if q in hand:
                ps, _ = self.best_at((card, q))
                v = max(v, ps - self.best_at((q,))[0] * 0.5)
            else:
                v += 0.3
        return v

    def unseen(self, stack: int, hand: Sequence[int] | None = None) -> list[int]:
        """Cards of a stack this player has not seen anywhere (they may be in
        the stack or in other players' hands)."""
        return unseen_cards(self.view, stack, self.view.hands[self.me] if hand is None else hand)

    def stack_value(self, stack: int, hand: Sequence[int] | None = None) -> float:
        """Expected worth of a card drawn from `stack`, given the hand."""
        cards = self.unseen(stack, hand)
        if not cards:
            return 0.0
        return sum(self.card_value(c, hand) for c in cards) / len(cards)


def _adjacent(city: City, a: int, b: int) -> bool:
    (x1, y1), (x2, y2) = city.cell_of[a], city.cell_of[b]
    return abs(x1 - x2) + abs(y1 - y2) == 1


# ---------------------------------------------------------------------------- builds
def scored_builds(view: GameState) -> list[tuple[int, Build]]:
    """Every legal building (not park/factory) with its score, best first."""
    city = view.city
    out: list[tuple[int, Build]] = []
    for a in view.iter_legal(ActionKind.BUILD):
        assert isinstance(a, Build)
        j = city.judge_build(
            a.building,
            a.properties,
            city_hall=view.city_hall_open,
            city_hall_value=view.city_hall_value,
            explain=False,
            breakdown=False,
        )
        out.append((j.score or 0, a))
    out.sort(key=lambda t: (-t[0], t[1].building, t[1].properties))
    return out


# ---------------------------------------------------------------------------- game end
def behind(view: GameState, me: int) -> bool:
    """Is `me` not strictly ahead of every other player?"""
    best_other: int = max(s for q, s in enumerate(view.scores) if q != me)
    mine: int = view.scores[me]
    return mine <= best_other


# ---------------------------------------------------------------------------- tiles
def tile_value(ctx: Ctx, placement: PlaceTile | TilePlacement | tuple[int, int, int, int]) -> float:
    """How much a tile placement helps the player: properties they hold
    cards for come into play; held cards that end up side by side can form
    doubles; centre cards can become businesses or City Hall."""
    view = ctx.view
    if isinstance(placement, PlaceTile):
        placement = (placement.number, placement.x, placement.y, placement.rotation)
    number, x, y, rot = placement
    cells = tile_cells(view.rules, number, x, y, rot)
    hand = [c for c in view.hands[ctx.me] if c > 0]
    mine_new = [c for c in hand if c in cells]
    v = 2.0 * len(mine_new)
    if mine_new:
        v += _new_cards_value(view.city, cells, hand, mine_new)
    # prefer compact cities (more centre, fewer stragglers): touching cells
    return v + 0.05 * _touching(view.city, cells)


def _new_cards_value(city: City, cells: dict[int, tuple[int, int]], hand: list[int], mine_new: list[int]) -> float:
    """What the held cards a tile brings in gain from their neighbours: a
    held free card beside (a double), City Hall beside (whole halves, so
    the sum is exact in any order)."""
    held = [c for c in hand if c in cells or c in city.cell_of and c not in city.building_at]
    pos = dict(cells)
    for c in hand:
        if c in city.cell_of:
            pos[c] = city.cell_of[c]
    held_cells = {pos[c] for c in held if c in pos}
    v = 0.0
    for c in mine_new:
        cx, cy = cells[c]
        for dx, dy in _STEPS:
            if (cx + dx, cy + dy) in held_cells:
                v += 1.0
        # neighbours already in the city: touching the streetcar, City Hall
        for dx, dy in _STEPS:
            q = city.prop_at.get((cx + dx, cy + dy))
            if q is not None and q in city.building_at:
                b = city.buildings[city.building_at[q]]
                if b.type == CITY_HALL:
                    v += 1.5
    return v


def _touching(city: City, cells: dict[int, tuple[int, int]]) -> int:
    """How many of a tile's cells touch the city."""
    touching = 0
    for cx, cy in cells.values():
        if any((cx + dx, cy + dy) in city.prop_at for dx, dy in _STEPS):
            touching += 1
    return touching


def best_tiles(
    ctx: Ctx, placements: Iterable[PlaceTile | TilePlacement], rng: random.Random, k: int = 1
) -> list[tuple[float, PlaceTile]]:
    """The best k placements by tile_value (ties broken by the bot's rng)."""
    scored = [(tile_value(ctx, p), rng.random(), p) for p in placements]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(v, p if isinstance(p, PlaceTile) else PlaceTile(*p)) for v, _, p in scored[:k]]


# ---------------------------------------------------------------------------- streetcars
def street_value(ctx: Ctx, street: Street, hand: Sequence[int] | None = None) -> float:
    """Gain of a streetcar on `street` for the player: held free cards on its
    sides would score double (a little for free properties anyone may use)."""
    view = ctx.view
    city = view.city
    held = {c for c in (view.hands[ctx.me] if hand is None else hand) if c > 0}
    v = 0.0
    for cell in street:
        p = city.prop_at.get(cell)
        if p is None or p in city.building_at:
            continue
        if p in held:
            s, _ = ctx.best_at((p,))
            v += max(2.0, s) * 0.8
        else:
            v += 0.15
    return v


def best_street(ctx: Ctx, streets: Sequence[Street], rng: random.Random) -> tuple[Street | None, float]:
    if not streets:
        return None, 0.0
    scored = [(street_value(ctx, s), rng.random(), s) for s in streets]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return scored[0][2], scored[0][0]


# ---------------------------------------------------------------------------- parks and factories
def park_value(ctx: Ctx, a: Build) -> float:
    """Worth of a park or factory placement to the player: covering properties
    we hold cards for hurts us; a park next to our held cards helps us, a
    factory next to them hurts us; covering free properties denies the
    others (cards they may hold become useless)."""
    view = ctx.view
    city = view.city
    hand = set(c for c in view.hands[ctx.me] if c > 0)
    own = set(a.properties)
    v = 0.0
    for p in own:
        if p in hand:
            v -= 3.0
        else:
            v += 0.6  # denied to the others (cards in their hands become useless)
    near = set()
    for p in own:
        for q in city.neighbours(p):
            if q not in own and q not in city.building_at:
                near.add(q)
    for q in near:
        if a.building == "park":
            v += 1.0 if q in hand else -0.2
        else:
            v += -2.0 if q in hand else 0.4
    return v


# ---------------------------------------------------------------------------- draws
def best_draw(ctx: Ctx, stacks: list[int], rng: random.Random) -> int:
    hand = list(ctx.view.hands[ctx.me])
    scored = []
    for st in stacks:
        scored.append((ctx.stack_value(st, hand), -st, st))
    scored.sort(reverse=True)
    return scored[0][2]


# ---------------------------------------------------------------------------- exchanges
def dead_cards(ctx: Ctx, threshold: float = 1.0) -> list[int]:
    """Cards worth less than `threshold` to keep (useless, dead, or weak)."""
    view = ctx.view
    hand = list(view.hands[ctx.me])
    return sorted(c for c in hand if ctx.card_value(c, hand) < threshold)


def exchange_gain(ctx: Ctx, cards: list[int]) -> float:
    """Expected change of hand worth when swapping `cards` for fresh draws."""
    view = ctx.view
    hand = list(view.hands[ctx.me])
    keep = [c for c in hand if c not in cards]
    lost = sum(ctx.card_value(c, hand) for c in cards)
    stacks = [s for s in range(1, len(view.stacks)) if view.stacks[s]]
    if not stacks:
        return -lost
    vals = sorted((ctx.stack_value(s, keep) for s in stacks), reverse=True)
    per = view.rules.exchange_per_stack
    gain = 0.0
    n = len(cards)
    for v in vals:
        take = min(per, n)
        gain += v * take
        n -= take
        if n <= 0:
            break
    return gain - lost


# ---------------------------------------------------------------------------- redevelopment
def choose_offer(ctx: Ctx, legal: list[Action], rng: random.Random) -> Action:
    """Offer our least valuable card, alone. Face up when it is playable and
    worth little to us (face-up offerers pick first); otherwise face down."""
    choice = offer_choice(ctx)
    return choice if choice in set(legal) else legal[0]


def offer_choice(ctx: Ctx) -> Offer:
    """:func:`choose_offer`'s offer, without listing the legal ones (each
    card alone may be offered face down, and face up when it is playable)."""
    view = ctx.view
    hand = list(view.hands[ctx.me])
    vals = sorted((ctx.card_value(c, hand), c) for c in hand)
    worst = vals[0][1]
    # a face-up card helps whoever takes it: only when it is near worthless to us
    if vals[0][0] <= 2.0 and view.card_playable(worst):
        return Offer((worst,), True)
    return Offer((worst,), False)


def choose_take(ctx: Ctx, legal: list[Action], rng: random.Random) -> Action:
    view = ctx.view
    hand = list(view.hands[ctx.me])
    best: tuple[tuple[float, bool, int, int], Take] | None = None
    for a in legal:
        assert isinstance(a, Take)
        card = view.offers[a.owner].cards[a.slot]
        v = ctx.card_value(card, hand)
        key = (v, a.owner != ctx.me, -a.owner, -a.slot)
        if best is None or key > best[0]:
            best = (key, a)
    assert best is not None, "no card to take"
    return best[1]


def setup_choice(ctx: Ctx, view: GameState, rng: random.Random) -> PlaceTile:
    placements = list(view.city.legal_tile_placements(view.setup_tiles))
    return best_tiles(ctx, placements, rng)[0][1]


def second_streetcar(ctx: Ctx, view: GameState, rng: random.Random, threshold: float = 0.5) -> Action:
    streets = view.city.legal_streetcars()
    s, v = best_street(ctx, streets, rng)
    if s is not None and v >= threshold:
        return PlaceStreetcar(s)
    return StopStreetcars()


def common_phase_choice(ctx: Ctx, view: GameState, rng: random.Random) -> Action | None:
    """The answer for every phase except the main action (None there)."""
    ph = view.phase
    if ph == Phase.SETUP:
        return setup_choice(ctx, view, rng)
    if ph == Phase.STREETCAR:
        return second_streetcar(ctx, view, rng)
    if ph in (Phase.REFILL, Phase.EXCHANGE_DRAW):
        return Draw(best_draw(ctx, view.legal_draw_stacks(), rng))
    if ph == Phase.OFFER:
        return choose_offer(ctx, view.legal_actions(ActionKind.OFFER), rng)
    if ph == Phase.TAKE:
        return choose_take(ctx, view.legal_actions(ActionKind.TAKE), rng)
    return None


__all__ = [
    "Ctx",
    "scored_builds",
    "is_city_hall",
    "behind",
    "tile_value",
    "best_tiles",
    "street_value",
    "best_street",
    "park_value",
    "best_draw",
    "dead_cards",
    "exchange_gain",
    "choose_offer",
    "choose_take",
    "common_phase_choice",
    "Exchange",
    "Pass",
    "stack_of",
    "normalise",
]
