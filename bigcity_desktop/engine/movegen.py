"""Move generation for the main action and the redevelopment: the builds a
hand allows, the parks and factories, the exchanges and the offers. The
state (:mod:`.state`) asks these with its own city, rules and hand; they know
nothing of turns or phases."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import chain, combinations
from typing import TypeVar

from .actions import Action, Build, Draw, Exchange, Offer, PlaceStreetcar, PlaceTile, Take, slot_setter
from .buildrules import city_cache
from .cards import is_property_card
from .city import CACHE_LIMIT, City, Facts, compiled, pair_in
from .geometry import Cell, Street, footprint, normalise
from .phases import EXCHANGE_ALL_SUBSETS_UP_TO, OfferRecord
from .rules import CITY_HALL, Rules

# Answers shared by every state that asks the same question: keyed by the
# city's stamp or version (unique to one content, or one arrangement of
# tiles, in this process) and the cards asked about, so a hit is always the
# answer the generator would give. Each starts afresh past CACHE_LIMIT.
_BUILDS: dict[tuple[int, tuple[int, ...], bool], tuple[Build, ...]] = city_cache()
_SHAPES: dict[tuple[int, tuple[int, ...]], dict[int, list[tuple[tuple[int, ...], frozenset[Cell] | None]]]] = (
    city_cache()
)
_PARKS: dict[tuple[int, str, str], tuple[Build, ...]] = city_cache()
_STATIC_SPOTS: dict[tuple[int, str, str], tuple[tuple[int, ...], ...]] = city_cache()
_EXCHANGES: dict[tuple[int, ...], tuple[Exchange, ...]] = {}


#: one Exchange per set of cards, whichever hand lists it
_EXCHANGE_OF: dict[tuple[int, ...], Exchange] = {}
_TILES: dict[tuple[int, tuple[int, ...]], tuple[PlaceTile, ...]] = city_cache()
_NEW_TILES: dict[int, tuple[PlaceTile, ...]] = city_cache()
#: one PlaceTile per placement, by (rules, number, rotation), then (x, y)
_TILE_AT: dict[tuple[int, int, int], tuple[Rules, _TilesAt]] = {}
_STREETCARS: dict[int, tuple[PlaceStreetcar, ...]] = city_cache()

K = TypeVar("K")
V = TypeVar("V")

_new = object.__new__
# the actions' slots, set past their frozen __setattr__ (what their __init__ does, without its checks)
_set_building = slot_setter(Build, "building")
_set_properties = slot_setter(Build, "properties")
_set_cards = slot_setter(Exchange, "cards")
_set_number = slot_setter(PlaceTile, "number")
_set_x = slot_setter(PlaceTile, "x")
_set_y = slot_setter(PlaceTile, "y")
_set_rotation = slot_setter(PlaceTile, "rotation")
_set_street = slot_setter(PlaceStreetcar, "street")


def _build(building: str, props: tuple[int, ...]) -> Build:
    """A Build of properties already sorted (what ``Build(...)`` would make, without re-sorting)."""
    b = _new(Build)
    _set_building(b, building)
    _set_properties(b, props)
    return b


def _remember(cache: dict[K, V], key: K, value: V) -> V:
    if len(cache) > CACHE_LIMIT:
        cache.clear()
    cache[key] = value
    return value


def builds(city: City, rules: Rules, hand: Sequence[int], city_hall_open: bool) -> tuple[Build, ...]:
    """Every legal building of property cards (not parks or factories) for
    `hand`, in a fixed order (rules' buildings, variants, cards)."""
    hand_key = tuple(sorted(hand))
    key = (city.stamp, hand_key, city_hall_open)
    hit = _BUILDS.get(key)
    if hit is not None:
        return hit
    return _remember(_BUILDS, key, _gen_builds(city, rules, hand_key, city_hall_open))


#: what to try on a spot of one size: a building variant the city allows
#: somewhere now, with its place in the plan's order: (order, the type's
#: Builds by properties, shapes (orientations), City Hall's reserved
#: properties closed to it, adjacency needs, other prerequisites); the plan
#: holds only types whose City Hall condition holds, so these are all that
#: is left to test; the other prerequisites come as a range of outskirts
#: cells instead when that is all they are (City Hall's centre)
_Entry = tuple[
    int,
    "_BuildsOf",
    frozenset[frozenset[Cell]],
    bool,
    tuple[tuple[frozenset[str], int], ...],
    tuple[Callable[[Facts], bool], ...],
    tuple[int, int] | None,
]
#: the plan: its number of entries, and the entries by size
_Plan = tuple[int, dict[int, tuple[_Entry, ...]]]
#: the plans by (pieces_key, City Hall open), each with the building types
#: whose count could still let in a building that waits for its neighbours
_PLANS: dict[tuple[int, bool], tuple[_Plan, frozenset[str]]] = city_cache()


def _plan(city: City, rules: Rules, open_: bool) -> _Plan:
    """The building variants worth trying on any hand in this city, in the
    order of the rules' buildings and variants (by the pieces in it: the
    same for every hand, tiles and streetcars)."""
    key = (city.pieces_key, open_)  # the plan depends on the pieces in the city alone
    hit = _PLANS.get(key)
    if hit is not None:
        return hit[0]
    if city.pieces_parent:
        before = _PLANS.get((city.pieces_parent, open_))
        if before is not None and city.delta_piece is not None:
            # one more piece since: the same plan, unless its variant ran out
            # or its type lets in a building that waited for neighbours
            btype, vname = city.delta_piece
            if btype not in before[1] and (rules.buildings[btype].with_card or city.pieces_left(btype, vname) > 0):
                return _remember(_PLANS, key, before)[0]
    return _remember(_PLANS, key, _new_plan(city, rules, open_))[0]


def _new_plan(city: City, rules: Rules, open_: bool) -> tuple[_Plan, frozenset[str]]:
    """The plan of :func:`_plan` worked out afresh, with the building types
    whose count could still let in a building that waits for its neighbours."""
    used = city.pieces_used
    reserved = bool(rules.city_hall_reserved)
    standing: dict[str, int] = {}  # buildings in the city by type
    for (t, _v), n in used.items():
        standing[t] = standing.get(t, 0) + n
    by_size: dict[int, list[_Entry]] = {}
    waiting: set[str] = set()
    order = 0
    for rule in rules.buildings.values():
        if rule.with_card:
            continue
        crule = compiled(rules, rule)
        # (City.might_allow, with the counts worked out once)
        if crule.needs_city_hall and not open_:
            continue
        if any(sum(standing.get(t, 0) for t in members) < low for members, low in crule.adjacent_needs):
            for members, _low in crule.adjacent_needs:
                waiting |= members
            continue
        keep_reserved = reserved and rule.type != CITY_HALL
        for v in rule.variants:
            if v.count - used.get((rule.type, v.name), 0) > 0:
                by_size.setdefault(v.size, []).append(
                    (
                        order,
                        _builds_of(rule.type),
                        v.orientations,
                        keep_reserved,
                        crule.adjacent_needs,
                        () if crule.others_span else crule.others,
                        crule.others_span,
                    )
                )
                order += 1
    return (order, {size: tuple(e) for size, e in by_size.items()}), frozenset(waiting)


def _gen_builds(city: City, rules: Rules, hand: tuple[int, ...], open_: bool) -> tuple[Build, ...]:
    cards, by_size = _hand_spots(city, hand)
    if not cards:
        return ()
    reserved = rules.city_hall_reserved
    n_cards = len(cards)
    building_at = city.building_at
    nb = city.neighbour_map()
    buildings = city.buildings
    streetcars = bool(city.streetcar_set)
    outskirts = city.outskirts
    n_entries, plan = _plan(city, rules, open_)
    # the builds of each entry of the plan, spot by spot in the hand's order
    found: list[list[Build]] = [[] for _ in range(n_entries)]
    for size, entries in plan.items():
        if size > n_cards:
            continue
        shapes = by_size.get(size)
        if shapes is None:
            shapes = by_size[size] = _hand_shapes(city, cards, size)
        for combo, shape in shapes:
            # the facts of the spot, worked out once for every entry tried there
            blocked: bool | None = None
            in_reserved: bool | None = None
            adj: dict[str, int] | None = None
            f: Facts | None = None
            for order, made, orientations, keep_reserved, adj_needs, others, span in entries:
                if shape is not None:
                    if shape not in orientations:
                        continue
                    if streetcars:
                        if blocked is None:
                            blocked = city.streetcar_inside(combo)
                        if blocked:
                            continue
                if keep_reserved:
                    if in_reserved is None:
                        in_reserved = not reserved.isdisjoint(combo)
                    if in_reserved:
                        continue
                if adj_needs:
                    if adj is None:
                        # (City.adjacent_types, inline)
                        if len(combo) == 1:
                            near = {building_at[q] for q in nb[combo[0]] if q in building_at}
                        else:
                            near = {building_at[q] for p in combo for q in nb[p] if q in building_at and q not in combo}
                        adj = {}
                        for i in near:
                            t = buildings[i].type
                            adj[t] = adj.get(t, 0) + 1
                    if not adj:
                        continue  # every need asks for at least one (the validator's minimum)
                    short = False
                    for members, low in adj_needs:  # (each need, inline)
                        n = 0
                        for t, k in adj.items():
                            if t in members:
                                n += k
                        if n < low:
                            short = True
                            break
                    if short:
                        continue
                if span is not None:
                    n = len(outskirts.intersection(combo))
                    if n < span[0] or n > span[1]:
                        continue
                if others:
                    if f is None:
                        f = city.facts(combo, open_)
                    for check in others:
                        if not check(f):
                            break
                    else:
                        found[order].append(made[combo])
                    continue
                found[order].append(made[combo])
    # in the plan's order (rules' buildings, variants), then the hand's
    return tuple(chain.from_iterable(found))


_Spots = dict[int, list[tuple[tuple[int, ...], frozenset[Cell] | None]]]


def _hand_spots(city: City, hand: tuple[int, ...]) -> tuple[tuple[int, ...], _Spots]:
    """The hand's cards of free properties of the city, and their spots by
    size (filled as asked for; shared by every city of the same tiles)."""
    building_at = city.building_at
    cell_of = city.cell_of
    cards = tuple([c for c in hand if c in cell_of and c not in building_at and is_property_card(c)])
    if not cards:
        return cards, {}
    shapes_key = (city.version, cards)
    by_size = _SHAPES.get(shapes_key)
    if by_size is None:
        by_size = _remember(_SHAPES, shapes_key, {})
    return cards, by_size


def parks(city: City, rules: Rules, hand: Sequence[int]) -> tuple[Build, ...]:
    """Every legal park or factory the special cards of `hand` allow (City Hall stands)."""
    specials = sorted({c for c in hand if c in rules.special_cards})
    if not specials:
        return ()
    out: list[Build] = []
    for card in specials:
        out += park_spots(city, rules, *rules.special_cards[card])
    return tuple(out)


def park_spots(city: City, rules: Rules, btype: str, vname: str) -> tuple[Build, ...]:
    """Every legal placement of one piece placed with a card (by the city's stamp)."""
    key = (city.stamp, btype, vname)
    hit = _PARKS.get(key)
    if hit is not None:
        return hit
    out: list[Build] = []
    if city.pieces_left(btype, vname) > 0:
        dynamic = compiled(rules, rules.buildings[btype]).dynamic
        if not dynamic:
            # buildings and streetcars since a content whose spots are known:
            # those spots that they leave open (pieces only run out, and the
            # prerequisites are the tiles')
            lineage = city.lineage
            for i in range(len(lineage) - 1, -1, -1):
                before = _PARKS.get((lineage[i][0], btype, vname))
                if before is not None:
                    return _remember(_PARKS, key, _still_open(city, before, lineage[i:]))
        built = city.building_at.keys()
        spots = _static_spots(city, rules, btype, vname)
        pairs = city.streetcar_pairs() if city.streetcar_set else None
        if pairs:
            free = [props for props in spots if built.isdisjoint(props) and not pair_in(props, pairs)]
        else:
            free = [props for props in spots if built.isdisjoint(props)]
        if dynamic:
            free = [
                props for props in free if all(check(facts) for facts in [city.facts(props, True)] for check in dynamic)
            ]
        out += map(_builds_of(btype).__getitem__, free)
    return _remember(_PARKS, key, tuple(out))


def _still_open(
    city: City, before: tuple[Build, ...], changes: tuple[tuple[int, tuple[int, ...], Street | None], ...]
) -> tuple[Build, ...]:
    """The builds of `before` (legal before `changes`, buildings and
    streetcars, the city's latest) that those changes leave legal, when
    nothing else decides them (no prerequisite on buildings or streetcars)."""
    at = city.prop_at.get
    built: set[int] = set()
    split: list[tuple[int, int]] = []  # the properties on the two sides of each new streetcar
    for _stamp, props, street in changes:
        built.update(props)
        if street is not None:
            a, b = (at(c) for c in street)
            if a is not None and b is not None:
                split.append((a, b))
    out = [x for x in before if built.isdisjoint(x.properties)] if built else list(before)
    for a, b in split:
        out = [x for x in out if not (a in x.properties and b in x.properties)]
    return tuple(out)


class _BuildsOf(dict[tuple[int, ...], Build]):
    """One Build of one building per set of properties, made when first asked for."""

    __slots__ = ("building",)

    def __init__(self, building: str) -> None:
        super().__init__()
        self.building = building

    def __missing__(self, props: tuple[int, ...]) -> Build:
        if len(self) > 4 * CACHE_LIMIT:
            self.clear()
        b = self[props] = _build(self.building, props)
        return b


#: one Build per (building, properties), whichever city lists it
_BUILD_OF: dict[str, _BuildsOf] = {}


def _builds_of(btype: str) -> _BuildsOf:
    made = _BUILD_OF.get(btype)
    if made is None:
        made = _BUILD_OF[btype] = _BuildsOf(btype)
    return made


def _static_spots(city: City, rules: Rules, btype: str, vname: str) -> tuple[tuple[int, ...], ...]:
    """The placements of a piece placed with a card that the tiles allow
    (shape, City Hall's reserved properties, the prerequisites decided by
    the tiles), built on or not: by the city's tile arrangement."""
    key = (city.version, btype, vname)
    hit = _STATIC_SPOTS.get(key)
    if hit is not None:
        return hit
    rule = rules.buildings[btype]
    crule = compiled(rules, rule)
    reserved = rules.city_hall_reserved if btype != CITY_HALL else frozenset()
    out = []
    static = crule.static
    span = crule.outskirts_range
    if span is not None:
        # the prerequisites are a number of outskirts cells (City Hall is open)
        lo, hi = span
        outskirts = city.outskirts
        for props in city.all_placements(rule.variant(vname)):
            if reserved and not reserved.isdisjoint(props):
                continue
            n = 0
            for p in props:
                if p in outskirts:
                    n += 1
            if lo <= n <= hi:
                out.append(props)
        return _remember(_STATIC_SPOTS, key, tuple(out))
    for props in city.all_placements(rule.variant(vname)):
        if reserved and not reserved.isdisjoint(props):
            continue
        if static:
            facts = city.facts(props, True)
            for check in static:
                if not check(facts):
                    break
            else:
                out.append(props)
        else:
            out.append(props)
    return _remember(_STATIC_SPOTS, key, tuple(out))


def exchanges(hand: Sequence[int]) -> tuple[Exchange, ...]:
    """Every exchange of a hand: each subset, up to EXCHANGE_ALL_SUBSETS_UP_TO cards."""
    cards = tuple(sorted(hand))
    hit = _EXCHANGES.get(cards)
    if hit is not None:
        return hit
    # one Exchange per set of cards, whichever hand it comes from (most
    # are new: made here rather than by a call for each)
    made = _EXCHANGE_OF
    if len(made) > 16 * CACHE_LIMIT:
        made.clear()
    get = made.get
    out = []
    for subset in _exchange_sets(cards):
        e = get(subset)
        if e is None:
            e = made[subset] = _new(Exchange)
            _set_cards(e, subset)  # (sorted already: what Exchange(...) would make)
        out.append(e)
    return _remember(_EXCHANGES, cards, tuple(out))


_DRAWS: list[Draw] = []


def draws(stacks: Sequence[int]) -> list[Action]:
    """A draw from each of these stacks, in their order (one Draw object per stack number)."""
    if stacks and len(_DRAWS) <= max(stacks):
        _DRAWS.extend(Draw(st) for st in range(len(_DRAWS), max(stacks) + 1))
    out: list[Action] = list(map(_DRAWS.__getitem__, stacks))
    return out


def _exchange_sets(cards: tuple[int, ...]) -> Iterable[tuple[int, ...]]:
    if len(cards) <= EXCHANGE_ALL_SUBSETS_UP_TO:
        return chain.from_iterable(combinations(cards, k) for k in range(1, len(cards) + 1))
    return _big_exchange_sets(cards)


def _big_exchange_sets(cards: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    # a bigger hand (house rules): every subset would be exponential, so
    # offer each card alone, each pair, each hand less one card, and all
    for k in (1, 2):
        yield from combinations(cards, k)
    for c in cards:
        yield tuple(x for x in cards if x != c)
    yield cards


def tiles(city: City, numbers: Iterable[int]) -> tuple[PlaceTile, ...]:
    """Every legal placement of the neighborhoods `numbers` (those not in the city)."""
    key = (city.version, tuple(sorted(numbers)))
    hit = _TILES.get(key)
    if hit is not None:
        return hit
    out: list[PlaceTile] = []
    made = _TILE_AT
    if len(made) > CACHE_LIMIT:
        made.clear()
    placed = city.placed_tiles
    rules = city.rules
    # city.legal_tile_placements, one PlaceTile per placement whichever city lists it
    for n in key[1]:
        if n in placed:
            continue
        for r in range(4):
            w, h = footprint(rules, n, r)
            at = made.get((id(rules), n, r))
            if at is None or at[0] is not rules:
                at = made[(id(rules), n, r)] = (rules, _TilesAt(n, r))
            out += map(at[1].__getitem__, city.tile_positions(w, h))
    return _remember(_TILES, key, tuple(out))


class _TilesAt(dict[tuple[int, int], PlaceTile]):
    """The PlaceTile of one neighborhood and rotation at each top-left corner, made when first asked for."""

    __slots__ = ("number", "rotation")

    def __init__(self, number: int, rotation: int) -> None:
        super().__init__()
        self.number = number
        self.rotation = rotation

    def __missing__(self, xy: tuple[int, int]) -> PlaceTile:
        # (what PlaceTile(number, x, y, rotation) makes, without its __init__)
        a = self[xy] = _new(PlaceTile)
        _set_number(a, self.number)
        _set_x(a, xy[0])
        _set_y(a, xy[1])
        _set_rotation(a, self.rotation)
        return a


def new_tiles(city: City) -> tuple[PlaceTile, ...]:
    """Every legal placement of every neighborhood not yet in the city."""
    hit = _NEW_TILES.get(city.version)
    if hit is not None:
        return hit
    placed = city.placed_tiles
    return _remember(_NEW_TILES, city.version, tiles(city, [n for n in city.rules.tile_shapes if n not in placed]))


def streetcars(city: City) -> tuple[PlaceStreetcar, ...]:
    """A streetcar on every street where one may go now."""
    hit = _STREETCARS.get(city.stamp)
    if hit is not None:
        return hit
    made = _STREETCAR_OF
    if len(made) > 16 * CACHE_LIMIT:
        made.clear()
    return _remember(_STREETCARS, city.stamp, tuple(map(made.__getitem__, city.legal_streets())))


class _StreetcarOf(dict[tuple[Cell, Cell], PlaceStreetcar]):
    """One PlaceStreetcar per street, made when first asked for."""

    def __missing__(self, street: tuple[Cell, Cell]) -> PlaceStreetcar:
        a = self[street] = _new(PlaceStreetcar)
        _set_street(a, street)  # a street of the city is normalised already
        return a


#: one PlaceStreetcar per street, whichever city lists it
_STREETCAR_OF = _StreetcarOf()


def offers(hand: Sequence[int], playable: Callable[[int], bool]) -> Iterator[Offer]:
    """Every redevelopment offer: one or two cards, face down, or face up when
    every card of it could be used in the city now."""
    cards = sorted(hand)
    ok = {c: playable(c) for c in set(cards)}
    for k in (1, 2):
        for combo in combinations(cards, k):
            yield Offer(combo, False)
            if all(ok[c] for c in combo):
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


def _hand_shapes(city: City, hand: tuple[int, ...], size: int) -> list[tuple[tuple[int, ...], frozenset[Cell] | None]]:
    """(properties, normalised cells) of every connected set of `size` hand
    properties; the shape is None for single properties."""
    if size == 1:
        return [((c,), None) for c in hand]
    cell = city.cell_of
    nb = city.neighbour_map()
    out: list[tuple[tuple[int, ...], frozenset[Cell] | None]] = []
    if size == 2:
        for a, b in combinations(hand, 2):
            if b in nb[a]:
                out.append(((a, b), _ACROSS if cell[a][1] == cell[b][1] else _DOWN))
        return out
    if size == 3:
        for a, b, c in combinations(hand, 3):
            na = nb[a]
            # three cells are connected when two of their three pairs touch
            if (b in na) + (c in na) + (c in nb[b]) >= 2:
                out.append(((a, b, c), normalise((cell[a], cell[b], cell[c]))))
        return out
    for combo in combinations(hand, size):
        if _connected(nb, combo):
            out.append((combo, normalise(cell[c] for c in combo)))
    return out


#: the two shapes of two cells side by side (normalised)
_ACROSS = frozenset({(0, 0), (1, 0)})
_DOWN = frozenset({(0, 0), (0, 1)})


def _connected(nb: Mapping[int, tuple[int, ...]], combo: tuple[int, ...]) -> bool:
    """Do these properties form one connected piece?"""
    members = set(combo)
    todo = [combo[0]]
    seen = {combo[0]}
    while todo:
        for q in nb[todo.pop()]:
            if q in members and q not in seen:
                seen.add(q)
                todo.append(q)
    return len(seen) == len(members)
