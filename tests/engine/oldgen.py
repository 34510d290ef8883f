"""A frozen copy of the move generator as it was before issue 22's speed-up
(movegen.py, GameState.iter_legal and the City's quick_legal, _condition,
might_allow, placements_of and legal streetcars at commit fe2189f), for the
differential test (tests/engine/test_movegen_diff.py).

It reads only the city's plain data (cells, buildings, streetcars, pieces)
and the rules, with building conditions compared as strings, as they were;
nothing here may call the new generator or its caches. Do not "improve" it:
its value is that it is the old code."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from bigcity_desktop.engine import (
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
)
from bigcity_desktop.engine.cards import is_property_card, neighborhood_of
from bigcity_desktop.engine.geometry import STEPS, footprint, normalise, street_vertices, tile_spots, vertex_streets
from bigcity_desktop.engine.rulebook import CITY_HALL, StreetcarLine

EXCHANGE_ALL_SUBSETS_UP_TO = 8


# ---------------------------------------------------------------- the city's checks, as they were
def _is_free(city, prop):
    return prop in city.cell_of and prop not in city.building_at


def _pieces_left(city, btype, variant):
    return city.rules.buildings[btype].variant(variant).count - city.pieces_used[(btype, variant)]


def _internal_streets(city, props):
    cells = [city.cell_of[p] for p in props]
    out = []
    for a, b in combinations(cells, 2):
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1:
            out.append((a, b) if a < b else (b, a))
    return out


def _adjacent_buildings(city, props):
    own = set(props)
    out = set()
    for p in props:
        x, y = city.cell_of[p]
        for dx, dy in STEPS:
            q = city.prop_at.get((x + dx, y + dy))
            if q is not None and q not in own:
                b = city.building_at.get(q)
                if b is not None:
                    out.add(b)
    return out


def _touches_streetcar(city, props):
    sset = set(city.streetcars)
    if not sset:
        return False
    own = {city.cell_of[p] for p in props}
    for x, y in own:
        for dx, dy in STEPS:
            n = (x + dx, y + dy)
            if n in own:
                continue
            s = ((x, y), n) if (x, y) < n else (n, (x, y))
            if s in sset:
                return True
    return False


def _condition(city, cond, props, city_hall):
    k = cond.kind
    rules = city.rules
    if k == "adjacent":
        members = rules.members(cond.target)
        adj = Counter(city.buildings[i].type for i in _adjacent_buildings(city, props))
        return sum(n for t, n in adj.items() if t in members) >= cond.low
    if k == "streetcar":
        return _touches_streetcar(city, props)
    n_out = sum(1 for p in props if p in city.outskirts)
    if k == "outskirts":
        return n_out > 0
    if k == "center":
        return n_out == 0
    if k == "city_hall":
        return city_hall
    if k == "outskirts_cells":
        return cond.low <= n_out <= cond.high
    if k == "properties":
        return all(p in cond.properties for p in props)
    if k == "last_free":
        own = set(props)
        for t in {neighborhood_of(p) for p in props}:
            for q in rules.tile_properties(t):
                if q not in own and q not in city.building_at:
                    return False
        return True
    raise AssertionError(k)


def _type_count(city, name):
    members = city.rules.members(name)
    return sum(n for (t, _v), n in city.pieces_used.items() if t in members)


def _might_allow(city, rule, city_hall):
    for cond in rule.requires:
        if cond.kind == "city_hall" and not city_hall:
            return False
        if cond.kind == "adjacent" and _type_count(city, cond.target) < cond.low:
            return False
    return True


def _quick_legal(city, rule, props, city_hall):
    sset = set(city.streetcars)
    if len(props) > 1 and sset:
        for s in _internal_streets(city, props):
            if s in sset:
                return False
    if rule.type != CITY_HALL and city.rules.city_hall_reserved:
        if any(p in city.rules.city_hall_reserved for p in props):
            return False
    for cond in rule.requires:
        if not _condition(city, cond, props, city_hall):
            return False
    return True


def _placements_of(city, variant):
    free_cells = {c for c, p in city.prop_at.items() if p not in city.building_at}
    seen = set()
    for shape in variant.orientations:
        pts = sorted(shape)
        ax, ay = pts[0]
        for cx, cy in free_cells:
            ox, oy = cx - ax, cy - ay
            cells = [(ox + x, oy + y) for x, y in pts]
            if all(c in free_cells for c in cells):
                props = tuple(sorted(city.prop_at[c] for c in cells))
                if props not in seen:
                    seen.add(props)
                    yield props


def _legal_tile_placements(city, numbers):
    placed = {t.number for t in city.tiles}
    for n in sorted(numbers):
        if n in placed:
            continue
        for r in range(4):
            w, h = footprint(city.rules, n, r)
            for x, y in tile_spots(city.prop_at, w, h):
                yield (n, x, y, r)


def _covered_streets(city):
    out = set()
    for b in city.buildings:
        if len(b.properties) > 1:
            out.update(_internal_streets(city, b.properties))
    return out


def _vertex_use(city):
    use = {}
    for s in city.streetcars:
        for v in street_vertices(s):
            use[v] = use.get(v, 0) + 1
    return use


def _check_streetcar(city, s, covered, use):
    if city.rules.streetcar_count - len(city.streetcars) <= 0:
        return False
    if not (s[0] in city.prop_at or s[1] in city.prop_at):
        return False
    if s in set(city.streetcars):
        return False
    if s in covered:
        return False
    if not city.streetcars:
        return True
    v1, v2 = street_vertices(s)
    u1 = use.get(v1, 0)
    u2 = use.get(v2, 0)
    if u1 and u2:
        return False
    if not u1 and not u2:
        return False
    if city.rules.streetcar_line == StreetcarLine.PATH and max(u1, u2) > 1:
        return False
    return True


def _legal_streetcars(city):
    if city.rules.streetcar_count - len(city.streetcars) <= 0:
        return []
    covered = _covered_streets(city)
    if not city.streetcars:
        out = set()
        for c in city.prop_at:
            x, y = c
            for dx, dy in STEPS:
                n = (x + dx, y + dy)
                s = (c, n) if c < n else (n, c)
                if s not in covered:
                    out.add(s)
        return sorted(out)
    use = _vertex_use(city)
    out = set()
    path = city.rules.streetcar_line == StreetcarLine.PATH
    for v, u in use.items():
        if path and u != 1:
            continue
        for s in vertex_streets(v):
            if s not in out and _check_streetcar(city, s, covered, use):
                out.add(s)
    return sorted(out)


# ---------------------------------------------------------------- movegen.py, as it was
def _connected_props(city, combo):
    cells = [city.cell_of[c] for c in combo]
    xs = {c[0] for c in cells}
    ys = {c[1] for c in cells}
    return (max(xs) - min(xs)) + (max(ys) - min(ys)) <= len(cells) - 1


def _hand_shapes(city, hand, size):
    if size == 1:
        return [((c,), None) for c in hand]
    cell = city.cell_of
    if size == 2:
        out = []
        for a, b in combinations(hand, 2):
            (ax, ay), (bx, by) = cell[a], cell[b]
            if abs(ax - bx) + abs(ay - by) == 1:
                out.append(((a, b), normalise((cell[a], cell[b]))))
        return out
    return [
        (combo, normalise(cell[c] for c in combo))
        for combo in combinations(hand, size)
        if _connected_props(city, combo)
    ]


def _builds(city, rules, hand, open_):
    cards = sorted(c for c in hand if is_property_card(c) and _is_free(city, c))
    if not cards:
        return
    by_size = {}
    for rule in rules.buildings.values():
        if rule.with_card or not _might_allow(city, rule, open_):
            continue
        for v in rule.variants:
            if v.size > len(cards) or _pieces_left(city, rule.type, v.name) <= 0:
                continue
            shapes = by_size.get(v.size)
            if shapes is None:
                shapes = by_size[v.size] = _hand_shapes(city, cards, v.size)
            for combo, shape in shapes:
                if shape is not None and shape not in v.orientations:
                    continue
                if _quick_legal(city, rule, combo, open_):
                    yield Build(rule.type, combo)


def _parks(city, rules, hand):
    for card in sorted(set(hand)):
        piece = rules.special_cards.get(card)
        if piece is None:
            continue
        btype, vname = piece
        rule = rules.buildings[btype]
        variant = rule.variant(vname)
        if _pieces_left(city, btype, vname) <= 0:
            continue
        for props in _placements_of(city, variant):
            if _quick_legal(city, rule, props, True):
                yield Build(btype, props)


def _exchanges(hand):
    cards = sorted(hand)
    if len(cards) <= EXCHANGE_ALL_SUBSETS_UP_TO:
        for k in range(1, len(cards) + 1):
            for combo in combinations(cards, k):
                yield Exchange(combo)
        return
    for k in (1, 2):
        for combo in combinations(cards, k):
            yield Exchange(combo)
    for c in cards:
        yield Exchange(tuple(x for x in cards if x != c))
    yield Exchange(tuple(cards))


def _card_playable(state, card):
    if card < 0:
        return False
    city = state.city
    piece = state.rules.special_cards.get(card)
    if piece is not None:
        if not state.city_hall_built:
            return False
        btype, vname = piece
        rule = state.rules.buildings[btype]
        variant = rule.variant(vname)
        if _pieces_left(city, btype, vname) <= 0:
            # (judge_build refused a used-up piece)
            return False
        for props in _placements_of(city, variant):
            if _quick_legal(city, rule, props, True):
                return True
        return False
    return _is_free(city, card)


def _offers(state, hand):
    cards = sorted(hand)
    for k in (1, 2):
        for combo in combinations(cards, k):
            yield Offer(combo, False)
            if all(_card_playable(state, c) for c in combo):
                yield Offer(combo, True)


def _takes(offered, player):
    mine = []
    other = []
    for q in sorted(offered):
        for i, taker in enumerate(offered[q].taken):
            if taker is None:
                (mine if q == player else other).append(Take(q, i))
    yield from (other or mine)


def old_legal_actions(s: GameState) -> list:
    """Every legal action of `s`, as the old generator listed them (in its order)."""
    out: list = []
    ph = s.phase
    city = s.city
    if ph == Phase.OVER:
        return out
    if ph == Phase.SETUP:
        return [PlaceTile(*t) for t in _legal_tile_placements(city, s.setup_tiles)]
    hand = s.hands[s.current_player]
    if ph == Phase.ACTION:
        open_ = s.city_hall_open
        out += list(_builds(city, s.rules, hand, open_))
        if open_:
            out += list(_parks(city, s.rules, hand))
            out += [PlaceStreetcar(st) for st in _legal_streetcars(city)]
            unplaced = set(s.rules.tiles) - {t.number for t in city.tiles}
            out += [PlaceTile(*t) for t in _legal_tile_placements(city, unplaced)]
        out += list(_exchanges(hand))
        out.append(Pass())
        return out
    if ph == Phase.STREETCAR:
        return [PlaceStreetcar(st) for st in _legal_streetcars(city)] + [StopStreetcars()]
    if ph in (Phase.REFILL, Phase.EXCHANGE_DRAW):
        cap = s.draw_cap
        return [Draw(st) for st in range(1, len(s.stacks)) if s.stacks[st] and s.drawn_from[st] < cap]
    if ph == Phase.OFFER:
        return list(_offers(s, hand))
    if ph == Phase.TAKE:
        return list(_takes(s.offers, s.current_player))
    raise AssertionError(ph)
