"""Move generation for the main action and the redevelopment: the builds a
hand allows, the parks and factories, the exchanges and the offers. The
state (:mod:`.state`) asks these with its own city, rules and hand; they know
nothing of turns or phases."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import combinations

from .actions import Build, Exchange, Offer, Take
from .cards import is_property_card
from .city import City
from .geometry import Cell, normalise
from .phases import EXCHANGE_ALL_SUBSETS_UP_TO, OfferRecord
from .rules import Rules


def builds(city: City, rules: Rules, hand: Sequence[int], city_hall_open: bool) -> Iterator[Build]:
    """Every legal building of property cards (not parks or factories) for `hand`."""
    open_ = city_hall_open
    cards = sorted(c for c in hand if is_property_card(c) and city.is_free(c))
    if not cards:
        return
    by_size: dict[int, list[tuple[tuple[int, ...], frozenset[Cell] | None]]] = {}
    for rule in rules.buildings.values():
        if rule.with_card or not city.might_allow(rule, open_):
            continue
        for v in rule.variants:
            if v.size > len(cards) or city.pieces_left(rule.type, v.name) <= 0:
                continue
            shapes = by_size.get(v.size)
            if shapes is None:
                shapes = by_size[v.size] = _hand_shapes(city, cards, v.size)
            for combo, shape in shapes:
                if shape is not None and shape not in v.orientations:
                    continue
                if city.quick_legal(rule, combo, open_):
                    yield Build(rule.type, combo)


def parks(city: City, rules: Rules, hand: Sequence[int]) -> Iterator[Build]:
    """Every legal park or factory the special cards of `hand` allow (City Hall stands)."""
    for card in sorted(set(hand)):
        piece = rules.special_cards.get(card)
        if piece is None:
            continue
        btype, vname = piece
        rule = rules.buildings[btype]
        variant = rule.variant(vname)
        if city.pieces_left(btype, vname) <= 0:
            continue
        for props in city.placements_of(variant):
            if city.quick_legal(rule, props, True):
                yield Build(btype, props)


def exchanges(hand: Sequence[int]) -> Iterator[Exchange]:
    """Every exchange of a hand: each subset, up to EXCHANGE_ALL_SUBSETS_UP_TO cards."""
    cards = sorted(hand)
    if len(cards) <= EXCHANGE_ALL_SUBSETS_UP_TO:
        for k in range(1, len(cards) + 1):
            for combo in combinations(cards, k):
                yield Exchange(combo)
        return
    # a bigger hand (house rules): every subset would be exponential, so
    # offer each card alone, each pair, each hand less one card, and all
    for k in (1, 2):
        for combo in combinations(cards, k):
            yield Exchange(combo)
    for c in cards:
        yield Exchange(tuple(x for x in cards if x != c))
    yield Exchange(tuple(cards))


def offers(hand: Sequence[int], playable: Callable[[int], bool]) -> Iterator[Offer]:
    """Every redevelopment offer: one or two cards, face down, or face up when
    every card of it could be used in the city now."""
    cards = sorted(hand)
    for k in (1, 2):
        for combo in combinations(cards, k):
            yield Offer(combo, False)
            if all(playable(c) for c in combo):
                yield Offer(combo, True)


def takes(offered: Mapping[int, OfferRecord], player: int) -> Iterator[Take]:
    """The offered cards `player` may take: another's while any is left, else their own."""
    mine: list[Take] = []
    other: list[Take] = []
    for q in sorted(offered):
        for i, taker in enumerate(offered[q].taken):
            if taker is None:
                (mine if q == player else other).append(Take(q, i))
    yield from (other or mine)


def _hand_shapes(city: City, hand: list[int], size: int) -> list[tuple[tuple[int, ...], frozenset[Cell] | None]]:
    """(properties, normalised cells) of every connected set of `size` hand
    properties; the shape is None for single properties."""
    if size == 1:
        return [((c,), None) for c in hand]
    cell = city.cell_of
    if size == 2:
        out: list[tuple[tuple[int, ...], frozenset[Cell] | None]] = []
        for a, b in combinations(hand, 2):
            (ax, ay), (bx, by) = cell[a], cell[b]
            if abs(ax - bx) + abs(ay - by) == 1:
                out.append(((a, b), normalise((cell[a], cell[b]))))
        return out
    # a connected set of n cells spans at most n - 1 steps across its
    # bounding box; the variant's orientations do the exact check
    return [
        (combo, normalise(cell[c] for c in combo))
        for combo in combinations(hand, size)
        if _connected_props(city, combo)
    ]


def _connected_props(city: City, combo: Sequence[int]) -> bool:
    cells = [city.cell_of[c] for c in combo]
    xs = {c[0] for c in cells}
    ys = {c[1] for c in cells}
    return (max(xs) - min(xs)) + (max(ys) - min(ys)) <= len(cells) - 1
