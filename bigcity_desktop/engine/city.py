"""The city: tiles on the grid, buildings, streetcars, and the geometric rules.

Everything here is independent of players, cards and turns, so that the game
(:mod:`.state`), the layout checker and the sandbox judge positions the same
way. Cells are ``(x, y)`` with ``y`` growing downward; a street is the pair of
cells on its two sides, smaller first; a vertex ``(i, j)`` is the top-left
corner of cell ``(i, j)``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from .cards import neighborhood_of
from .geometry import (
    FIRST_TILE,
    FIRST_TILE_AT,
    STEPS,
    Cell,
    Street,
    TilePlacement,
    Vertex,
    cell_streets,
    footprint,
    make_street,
    normalise,
    street_vertices,
    tile_cells,
    tile_spots,
    touching_count,
    vertex_streets,
)
from .messages import msg
from .rulebook import CITY_HALL, BuildingRule, Condition, Rules, StreetcarLine, Variant

__all__ = [
    "Building",
    "Cell",
    "City",
    "Judgement",
    "Street",
    "TilePlacement",
    "Vertex",
    "article",
    "cell_streets",
    "footprint",
    "make_street",
    "plural",
    "street_vertices",
    "tile_cells",
    "vertex_streets",
]

_VERSIONS = itertools.count(1)  # every new arrangement of tiles gets its own number


@dataclass
class Building:
    type: str
    variant: str
    properties: tuple[int, ...]
    owner: int | None = None
    score: int = 0
    breakdown: dict[str, Any] | None = None


@dataclass
class Judgement:
    """The answer to "may this building stand here?"."""

    reason: str | None
    variant: Variant | None = None
    score: int | None = None
    breakdown: dict[str, Any] | None = None

    @property
    def legal(self) -> bool:
        return self.reason is None


class _Ctx:
    """Facts about a would-be building, each worked out only when asked for."""

    __slots__ = ("_city", "_props", "city_hall", "city_hall_reason", "_adj", "_sc", "_nout")

    def __init__(self, city: City, props: Sequence[int], city_hall: bool) -> None:
        self._city = city
        self._props = props
        self.city_hall = city_hall
        self.city_hall_reason: str | None = None
        self._adj: Counter[str] | None = None
        self._sc: bool | None = None
        self._nout: int | None = None

    @property
    def adj_types(self) -> Counter[str]:
        if self._adj is None:
            c = self._city
            self._adj = Counter(c.buildings[i].type for i in c.adjacent_buildings(self._props))
        return self._adj

    @property
    def streetcar(self) -> bool:
        if self._sc is None:
            self._sc = self._city.touches_streetcar(self._props)
        return self._sc

    @property
    def n_out(self) -> int:
        if self._nout is None:
            outsk = self._city.outskirts
            self._nout = sum(1 for p in self._props if p in outsk)
        return self._nout


def article(rule: BuildingRule, variant: Variant | None = None) -> str:
    """'a cinema', 'a double residence', 'City Hall'."""
    if rule.type == CITY_HALL:
        return "City Hall"
    label = rule.label.lower()
    if variant is not None and len(rule.variants) > 1:
        label = f"{variant.label} {label}"
    # "an L-shaped factory": a letter standing alone is read by its name
    spelled = len(label) > 1 and label[1] == "-" and label[0].upper() in "AEFHILMNORSX"
    return ("an " if spelled or label[0].lower() in "aeiou" else "a ") + label


def plural(rules: Rules, name: str, n: int) -> str:
    if name in rules.buildings:
        label = rules.buildings[name].label.lower()
    else:
        label = f"{name.replace('_', ' ')} building"
    if n == 1:
        return label
    return label + ("es" if label.endswith("s") else "s")


def _or(items: Sequence[object]) -> object:
    """ "1", "1 or 2", "1 or 2 or 3" (as a message)."""
    out: object = items[0]
    for item in items[1:]:
        out = msg("{a} or {b}", a=out, b=item)
    return out


_NUM = {1: msg("one"), 2: msg("two"), 3: msg("three"), 4: msg("four"), 5: msg("five")}


_ILLEGAL = Judgement(msg("not legal here"))


@dataclass
class City:
    rules: Rules
    tiles: list[TilePlacement] = field(default_factory=list)
    cell_of: dict[int, Cell] = field(default_factory=dict)
    prop_at: dict[Cell, int] = field(default_factory=dict)
    outside: set[Cell] = field(default_factory=set)
    outskirts: set[int] = field(default_factory=set)
    buildings: list[Building] = field(default_factory=list)
    building_at: dict[int, int] = field(default_factory=dict)
    streetcars: list[Street] = field(default_factory=list)
    streetcar_set: set[Street] = field(default_factory=set)
    vertex_use: dict[Vertex, int] = field(default_factory=dict)
    covered_streets: set[Street] = field(default_factory=set)
    pieces_used: Counter[tuple[str, str]] = field(default_factory=Counter)
    version: int = field(default=0, compare=False)  # a number for this arrangement of tiles (caches)
    _fp_cache: dict[tuple[int, int, int], tuple[tuple[int, int], ...]] = field(
        default_factory=dict, repr=False, compare=False
    )

    @classmethod
    def starting(cls, rules: Rules) -> City:
        """The city every game begins with: the first neighborhood, unturned,
        at the origin (:data:`.geometry.FIRST_TILE_AT`)."""
        city = cls(rules)
        city.add_tile(FIRST_TILE, *FIRST_TILE_AT)
        return city

    # ------------------------------------------------------------------ copy
    def copy(self) -> City:
        c = City.__new__(City)
        c.rules = self.rules
        c.tiles = list(self.tiles)
        c.cell_of = dict(self.cell_of)
        c.prop_at = dict(self.prop_at)
        c.outside = self.outside  # replaced, never mutated
        c.outskirts = self.outskirts  # replaced, never mutated
        c.buildings = [Building(b.type, b.variant, b.properties, b.owner, b.score, b.breakdown) for b in self.buildings]
        c.building_at = dict(self.building_at)
        c.streetcars = list(self.streetcars)
        c.streetcar_set = set(self.streetcar_set)
        c.vertex_use = dict(self.vertex_use)
        c.covered_streets = set(self.covered_streets)
        c.pieces_used = Counter(self.pieces_used)
        c.version = self.version
        c._fp_cache = self._fp_cache  # keyed by a version number unique to one arrangement of tiles
        return c

    # ----------------------------------------------------------- queries
    @property
    def placed_tiles(self) -> set[int]:
        return {t.number for t in self.tiles}

    def is_in_city(self, prop: int) -> bool:
        return prop in self.cell_of

    def is_free(self, prop: int) -> bool:
        return prop in self.cell_of and prop not in self.building_at

    def free_properties(self) -> list[int]:
        return [p for p in self.cell_of if p not in self.building_at]

    def neighbours(self, prop: int) -> list[int]:
        x, y = self.cell_of[prop]
        out = []
        for dx, dy in STEPS:
            q = self.prop_at.get((x + dx, y + dy))
            if q is not None:
                out.append(q)
        return out

    def is_center(self, prop: int) -> bool:
        return prop in self.cell_of and prop not in self.outskirts

    def is_full(self) -> bool:
        return len(self.tiles) == len(self.rules.tile_shapes) and len(self.building_at) == len(self.cell_of)

    def pieces_left(self, btype: str, variant: str) -> int:
        return self.rules.buildings[btype].variant(variant).count - self.pieces_used[(btype, variant)]

    def streetcars_left(self) -> int:
        return self.rules.streetcar_count - len(self.streetcars)

    def street_in_city(self, s: Street) -> bool:
        return s[0] in self.prop_at or s[1] in self.prop_at

    def bounds(self) -> tuple[int, int, int, int]:
        xs = [c[0] for c in self.prop_at]
        ys = [c[1] for c in self.prop_at]
        return min(xs), min(ys), max(xs), max(ys)

    def holes(self) -> set[Cell]:
        """Empty cells enclosed by the city (they count as city centre)."""
        if not self.prop_at:
            return set()
        x0, y0, x1, y1 = self.bounds()
        return {
            (x, y)
            for x in range(x0, x1 + 1)
            for y in range(y0, y1 + 1)
            if (x, y) not in self.prop_at and (x, y) not in self.outside
        }

    # ----------------------------------------------------------- tiles
    def check_tile(self, number: int, x: int, y: int, rotation: int) -> str | None:
        rules = self.rules
        if number not in rules.tile_shapes:
            return msg("there is no neighborhood {tile}", tile=number)
        if rotation not in (0, 1, 2, 3):
            return msg("a rotation is 0, 1, 2 or 3 quarter turns")
        if number in self.placed_tiles:
            return msg("neighborhood {tile} is already in the city", tile=number)
        if not self.tiles:
            if number != FIRST_TILE or (x, y, rotation) != FIRST_TILE_AT:
                return msg("the city starts with neighborhood 1 at (0, 0), unturned")
            return None
        cells = tile_cells(rules, number, x, y, rotation)
        for c in cells.values():
            if c in self.prop_at:
                return msg("neighborhood {tile} would overlap property {prop}", tile=number, prop=self.prop_at[c])
        touching = touching_count(self.prop_at, cells.values())
        if touching < 2:
            if touching == 0:
                return msg(
                    "at least two properties of neighborhood {tile} must lie next to the city (here none do)",
                    tile=number,
                )
            return msg(
                "at least two properties of neighborhood {tile} must lie next to the city (here one does)", tile=number
            )
        return None

    def place_tile(self, number: int, x: int, y: int, rotation: int) -> None:
        reason = self.check_tile(number, x, y, rotation)
        if reason:
            raise ValueError(reason)
        self.add_tile(number, x, y, rotation)

    def add_tile(self, number: int, x: int, y: int, rotation: int) -> None:
        """Lay a neighborhood known to be legal here (:meth:`check_tile` said
        so, or a replay of placements that were checked when made)."""
        self.tiles.append(TilePlacement(number, x, y, rotation))
        for p, c in tile_cells(self.rules, number, x, y, rotation).items():
            self.cell_of[p] = c
            self.prop_at[c] = p
        self.version = next(_VERSIONS)
        self._recompute_outside()

    def _recompute_outside(self) -> None:
        x0, y0, x1, y1 = self.bounds()
        x0 -= 1
        y0 -= 1
        x1 += 1
        y1 += 1
        occupied = self.prop_at
        start = (x0, y0)
        seen = {start}
        todo = [start]
        while todo:
            cx, cy = todo.pop()
            for dx, dy in STEPS:
                n = (cx + dx, cy + dy)
                if x0 <= n[0] <= x1 and y0 <= n[1] <= y1 and n not in seen and n not in occupied:
                    seen.add(n)
                    todo.append(n)
        self.outside = seen
        outsk = set()
        for p, (cx, cy) in self.cell_of.items():
            for dx, dy in STEPS:
                if (cx + dx, cy + dy) in seen:
                    outsk.add(p)
                    break
        self.outskirts = outsk

    def tile_positions(self, width: int, height: int) -> tuple[tuple[int, int], ...]:
        """Top-left corners where a width x height tile may legally go, sorted (cached)."""
        key = (self.version, width, height)
        hit = self._fp_cache.get(key)
        if hit is not None:
            return hit
        if len(self._fp_cache) > 64:
            self._fp_cache = {}
        res = tile_spots(self.prop_at, width, height)
        self._fp_cache[key] = res
        return res

    def legal_tile_placements(self, numbers: Iterable[int]) -> Iterator[TilePlacement]:
        placed = self.placed_tiles
        for n in sorted(numbers):
            if n in placed:
                continue
            for r in range(4):
                w, h = footprint(self.rules, n, r)
                for x, y in self.tile_positions(w, h):
                    yield TilePlacement(n, x, y, r)

    # ----------------------------------------------------------- buildings
    def building_cells(self, props: Iterable[int]) -> list[Cell]:
        return [self.cell_of[p] for p in props]

    def internal_streets(self, props: Sequence[int]) -> list[Street]:
        cells = [self.cell_of[p] for p in props]
        out = []
        for a, b in combinations(cells, 2):
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1:
                out.append((a, b) if a < b else (b, a))
        return out

    def adjacent_buildings(self, props: Iterable[int]) -> set[int]:
        own = set(props)
        out = set()
        for p in props:
            x, y = self.cell_of[p]
            for dx, dy in STEPS:
                q = self.prop_at.get((x + dx, y + dy))
                if q is not None and q not in own:
                    b = self.building_at.get(q)
                    if b is not None:
                        out.add(b)
        return out

    def touches_streetcar(self, props: Iterable[int]) -> bool:
        if not self.streetcar_set:
            return False
        own = {self.cell_of[p] for p in props}
        sset = self.streetcar_set
        for x, y in own:
            for dx, dy in STEPS:
                n = (x + dx, y + dy)
                if n in own:
                    continue
                s = ((x, y), n) if (x, y) < n else (n, (x, y))
                if s in sset:
                    return True
        return False

    def _count_adjacent(self, adj_types: Counter[str], target: str | None) -> int:
        members = self.rules.members(target)
        return sum(n for t, n in adj_types.items() if t in members)

    def _condition(self, cond: Condition, props: Sequence[int], ctx: _Ctx) -> bool:
        k = cond.kind
        if k == "adjacent":
            return self._count_adjacent(ctx.adj_types, cond.target) >= cond.low
        if k == "streetcar":
            return ctx.streetcar
        if k == "outskirts":
            return ctx.n_out > 0
        if k == "center":
            return ctx.n_out == 0
        if k == "city_hall":
            return ctx.city_hall
        if k == "outskirts_cells":
            return cond.low <= ctx.n_out <= cond.high
        if k == "properties":
            return all(p in cond.properties for p in props)
        if k == "last_free":
            own = set(props)
            for t in {neighborhood_of(p) for p in props}:
                for q in self.rules.tile_properties(t):
                    if q not in own and q not in self.building_at:
                        return False
            return True
        raise AssertionError(k)  # pragma: no cover

    def _why_not(self, rule: BuildingRule, variant: Variant, cond: Condition, props: Sequence[int], ctx: _Ctx) -> str:
        who = article(rule, variant)
        k = cond.kind
        if k == "adjacent":
            assert cond.target is not None  # the validator requires a target
            n = cond.low
            what = plural(self.rules, cond.target, n)
            have = self._count_adjacent(ctx.adj_types, cond.target)
            if n == 1:
                return msg("{who} needs an adjacent {what}", who=who, what=what)
            return msg(
                "{who} needs {n} adjacent {what} (this spot has {have})",
                who=who,
                n=_NUM.get(n, n),
                what=what,
                have=have,
            )
        if k == "streetcar":
            return msg("{who} must stand next to the streetcar line", who=who)
        if k == "outskirts":
            return msg("{who} must touch the outskirts", who=who)
        if k == "center":
            if rule.type == CITY_HALL:
                return msg("City Hall may not be built in the outskirts")
            return msg("{who} must stand entirely in the city centre", who=who)
        if k == "city_hall":
            return ctx.city_hall_reason or msg("{who} can only be built once City Hall stands", who=who)
        if k == "outskirts_cells":
            lo, hi = cond.low, cond.high
            want = (
                msg("exactly {n}", n=_NUM.get(lo, lo))
                if lo == hi
                else msg("{a} or {b}", a=_NUM.get(lo, lo), b=_NUM.get(hi, hi))
                if hi == lo + 1
                else msg("{a} to {b}", a=lo, b=hi)
            )
            if ctx.n_out == 1:
                return msg(
                    "{who} must touch the outskirts with {want} of its properties (here 1 does)", who=who, want=want
                )
            return msg(
                "{who} must touch the outskirts with {want} of its properties (here {n} do)",
                who=who,
                want=want,
                n=ctx.n_out,
            )
        if k == "properties":
            allowed = ", ".join(str(p) for p in sorted(cond.properties))
            return msg("{who} may only stand on {props}", who=who, props=allowed)
        if k == "last_free":
            return msg("{who} must take the last free property of its neighborhood", who=who)
        return msg("{who} cannot stand here", who=who)  # pragma: no cover

    def judge_build(
        self,
        btype: str,
        props: Sequence[int],
        *,
        city_hall: bool,
        city_hall_value: int = 0,
        city_hall_reason: str | None = None,
        with_score: bool = True,
        explain: bool = True,
        requirements: bool = True,
    ) -> Judgement:
        """May a `btype` stand on `props` now, and what would it score?

        `city_hall` says whether the City Hall condition holds (in a game: built
        on an earlier turn; in a sandbox: standing). Cards and turns are the
        game's business, not checked here.
        """
        rules = self.rules
        rule = rules.buildings.get(btype)
        if rule is None:
            return Judgement(msg("there is no building called {building}", building=repr(btype)))
        props = tuple(props)
        if not props:
            return Judgement(msg("a building needs at least one property"))
        if len(set(props)) != len(props):
            return Judgement(msg("a property is named twice"))
        variants = rule.variants_of_size(len(props))
        if not variants:
            sizes = sorted(v.size for v in rule.variants)
            return Judgement(
                msg(
                    "{building} covers {sizes} properties, not {n}",
                    building=article(rule),
                    sizes=_or(sizes),
                    n=len(props),
                )
            )
        variant = variants[0]
        for p in props:
            if p not in self.cell_of:
                if neighborhood_of(p) in rules.tile_shapes and p in rules.tile_properties(neighborhood_of(p)):
                    return Judgement(
                        msg(
                            "property {prop} is not in the city yet (neighborhood {tile} has not been placed)",
                            prop=p,
                            tile=neighborhood_of(p),
                        ),
                        variant,
                    )
                return Judgement(msg("there is no property {prop}", prop=p), variant)
            if p in self.building_at:
                other = self.buildings[self.building_at[p]]
                return Judgement(
                    msg(
                        "property {prop} already holds {building}",
                        prop=p,
                        building=article(rules.buildings[other.type]),
                    ),
                    variant,
                )
        cells = [self.cell_of[p] for p in props]
        if len(props) > 1 and normalise(cells) not in variant.orientations:
            return Judgement(
                msg(
                    "properties {props} do not form the shape of {building}",
                    props=", ".join(map(str, props)),
                    building=article(rule, variant),
                ),
                variant,
            )
        if self.pieces_left(btype, variant.name) <= 0:
            return Judgement(
                msg(
                    "no {buildings} are left in the supply",
                    buildings=plural(rules, btype, 2)
                    if len(rule.variants) == 1
                    else variant.name + " " + plural(rules, btype, 2),
                ),
                variant,
            )
        if len(props) > 1:
            for s in self.internal_streets(props):
                if s in self.streetcar_set:
                    a, b = self.prop_at.get(s[0]), self.prop_at.get(s[1])
                    return Judgement(msg("a streetcar runs between {a} and {b}", a=a, b=b), variant)
        if btype != CITY_HALL:
            for p in props:
                if p in rules.city_hall_reserved:
                    return Judgement(msg("property {prop} is reserved for City Hall", prop=p), variant)
        ctx = self._context(props, city_hall)
        ctx.city_hall_reason = city_hall_reason
        for cond in rule.requires if requirements else ():
            if not self._condition(cond, props, ctx):
                if not explain:
                    return _ILLEGAL
                return Judgement(self._why_not(rule, variant, cond, props, ctx), variant)
        if not with_score:
            return Judgement(None, variant)
        score, breakdown = self._score(rule, variant, props, ctx, city_hall_value)
        return Judgement(None, variant, score, breakdown)

    def best_score(
        self, props: Sequence[int], types: Iterable[str], *, city_hall: bool, city_hall_value: int = 0
    ) -> tuple[int, str | None]:
        """The best score any building of `types` would make on `props` now,
        and its type; ``(0, None)`` when none may stand there or none scores.

        The same verdicts as :meth:`judge_build` (cards and turns aside), but
        the facts about the spot are worked out once for all types: a fast
        path for bots that value thousands of would-be buildings."""
        props = tuple(props)
        n = len(props)
        building_at = self.building_at
        for p in props:
            if p not in self.cell_of or p in building_at:
                return 0, None
        if n > 1:
            if len(set(props)) != n:
                return 0, None
            shape = normalise(self.cell_of[p] for p in props)
            if self.streetcar_set and any(s in self.streetcar_set for s in self.internal_streets(props)):
                return 0, None
        else:
            shape = None
        rules = self.rules
        reserved = rules.city_hall_reserved and any(p in rules.city_hall_reserved for p in props)
        ctx = _Ctx(self, props, city_hall)
        best: tuple[int, str | None] = (0, None)
        for t in types:
            rule = rules.buildings.get(t)
            if rule is None:
                continue
            variants = rule.variants_of_size(n)
            if not variants:
                continue
            variant = variants[0]
            if shape is not None and shape not in variant.orientations:
                continue
            if self.pieces_left(t, variant.name) <= 0:
                continue
            if reserved and t != CITY_HALL:
                continue
            if not all(self._condition(c, props, ctx) for c in rule.requires):
                continue
            score, _ = self._score(rule, variant, props, ctx, city_hall_value)
            if score > best[0]:
                best = (score, t)
        return best

    def type_count(self, name: str | None) -> int:
        """How many buildings of a type or group stand in the city."""
        members = self.rules.members(name)
        return sum(n for (t, _v), n in self.pieces_used.items() if t in members)

    def might_allow(self, rule: BuildingRule, city_hall: bool) -> bool:
        """False when a prerequisite of `rule` fails everywhere in the city
        (no City Hall, too few buildings to be adjacent to): lets move
        generation skip a building type without trying every spot."""
        for cond in rule.requires:
            if cond.kind == "city_hall" and not city_hall:
                return False
            if cond.kind == "adjacent" and self.type_count(cond.target) < cond.low:
                return False
        return True

    def quick_legal(self, rule: BuildingRule, props: Sequence[int], city_hall: bool) -> bool:
        """The checks of :meth:`judge_build` left once the caller knows the
        properties are free, in the city, of the right shape, and a piece is
        left (move generation): streetcars, reserved properties, prerequisites."""
        if len(props) > 1 and self.streetcar_set:
            for s in self.internal_streets(props):
                if s in self.streetcar_set:
                    return False
        if rule.type != CITY_HALL and self.rules.city_hall_reserved:
            if any(p in self.rules.city_hall_reserved for p in props):
                return False
        if not rule.requires:
            return True
        ctx = _Ctx(self, props, city_hall)
        for cond in rule.requires:
            if not self._condition(cond, props, ctx):
                return False
        return True

    def _context(self, props: Sequence[int], city_hall: bool) -> _Ctx:
        return _Ctx(self, props, city_hall)

    def _score(
        self, rule: BuildingRule, variant: Variant, props: Sequence[int], ctx: _Ctx, city_hall_value: int
    ) -> tuple[int, dict[str, Any]]:
        base = city_hall_value if rule.base_from_city_hall else variant.base
        add = []
        total = base
        for m in rule.add:
            if m.per:
                k = self._count_adjacent(ctx.adj_types, m.per)
                if k:
                    add.append({"because": m.because, "points": m.points * k, "count": k})
                    total += m.points * k
            elif all(self._condition(c, props, ctx) for c in m.when):
                add.append({"because": m.because, "points": m.points})
                total += m.points
        factor = 1
        because: list[str] = []
        for mult in rule.multiply:
            if mult.factor > factor and all(self._condition(c, props, ctx) for c in mult.when):
                factor = mult.factor
                because = mult.because
        score = total * factor
        return score, {
            "base": base,
            "add": add,
            "multiplier": factor,
            "multiplier_because": because,
            "outskirts": ctx.n_out > 0,
        }

    def place_building(
        self,
        btype: str,
        variant: str,
        props: Iterable[int],
        owner: int | None = None,
        score: int = 0,
        breakdown: dict[str, Any] | None = None,
    ) -> Building:
        """Put a building in the city (legality is the caller's business)."""
        props = tuple(props)
        b = Building(btype, variant, props, owner, score, breakdown)
        idx = len(self.buildings)
        self.buildings.append(b)
        for p in props:
            self.building_at[p] = idx
        if len(props) > 1:
            self.covered_streets.update(self.internal_streets(props))
        self.pieces_used[(btype, variant)] += 1
        return b

    def placements_of(self, variant: Variant) -> Iterator[tuple[int, ...]]:
        """Every set of free properties in the city matching the variant's shape."""
        free_cells = {c for c, p in self.prop_at.items() if p not in self.building_at}
        seen = set()
        for shape in variant.orientations:
            pts = sorted(shape)
            ax, ay = pts[0]
            for cx, cy in free_cells:
                ox, oy = cx - ax, cy - ay
                cells = [(ox + x, oy + y) for x, y in pts]
                if all(c in free_cells for c in cells):
                    props = tuple(sorted(self.prop_at[c] for c in cells))
                    if props not in seen:
                        seen.add(props)
                        yield props

    # ----------------------------------------------------------- streetcars
    def check_streetcar(self, s: Street) -> str | None:
        if self.streetcars_left() <= 0:
            return msg("all streetcars are in the city")
        if not self.street_in_city(s):
            return msg("that street is not in the city")
        if s in self.streetcar_set:
            return msg("a streetcar already runs on that street")
        if s in self.covered_streets:
            return msg("that street is covered by a building")
        if not self.streetcars:
            return None
        v1, v2 = street_vertices(s)
        u1 = self.vertex_use.get(v1, 0)
        u2 = self.vertex_use.get(v2, 0)
        if u1 and u2:
            return msg("the streetcar line may not close a loop or run into itself")
        if not u1 and not u2:
            return msg("a new streetcar must connect to the line")
        if self.rules.streetcar_line == StreetcarLine.PATH and max(u1, u2) > 1:
            return msg("the line may not branch: extend it at one of its two ends")
        return None

    def legal_streetcars(self) -> list[Street]:
        # cached per City object (never shared with copies, which may diverge)
        key = (self.version, len(self.streetcars), len(self.covered_streets))
        cache = self.__dict__.get("_sc_cache")
        if cache is None or cache[0] != key:
            cache = (key, self._legal_streetcars())
            self.__dict__["_sc_cache"] = cache
        return list(cache[1])

    def _legal_streetcars(self) -> list[Street]:
        if self.streetcars_left() <= 0:
            return []
        if not self.streetcars:
            out = set()
            for c in self.prop_at:
                x, y = c
                for dx, dy in STEPS:
                    n = (x + dx, y + dy)
                    s = (c, n) if c < n else (n, c)
                    if s not in self.covered_streets:
                        out.add(s)
            return sorted(out)
        out = set()
        path = self.rules.streetcar_line == StreetcarLine.PATH
        for v, use in self.vertex_use.items():
            if path and use != 1:
                continue
            for s in vertex_streets(v):
                if s not in out and self.check_streetcar(s) is None:
                    out.add(s)
        return sorted(out)

    def place_streetcar(self, s: Street) -> None:
        self.streetcars.append(s)
        self.streetcar_set.add(s)
        for v in street_vertices(s):
            self.vertex_use[v] = self.vertex_use.get(v, 0) + 1
