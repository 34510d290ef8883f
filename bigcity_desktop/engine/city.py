"""The city: tiles on the grid, buildings, streetcars, and the geometric rules.

Everything here is independent of players, cards and turns, so that the game
(:mod:`.state`), the layout checker and the sandbox judge positions the same
way. Cells are ``(x, y)`` with ``y`` growing downward; a street is the pair of
cells on its two sides, smaller first; a vertex ``(i, j)`` is the top-left
corner of cell ``(i, j)``.

The city's parts live beside it: the building rules compiled to tests and
the facts they test (:mod:`.buildrules`), the streetcar network's questions
(:mod:`.streetcars`, a base class of :class:`City`) and the sentences of
its verdicts (:mod:`.verdicts`); their public names are importable from
here as before.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from .buildrules import (
    CACHE_LIMIT,
    CompiledRule,
    Facts,
    city_cache,
    compiled,
    pair_in,
    scorers,
    variant_of_size,
)
from .geometry import (
    FIRST_TILE,
    FIRST_TILE_AT,
    STEPS,
    Cell,
    Street,
    TilePlacement,
    TileSpots,
    Vertex,
    cell_streets,
    footprint,
    make_street,
    normalise,
    street_vertices,
    tile_cells,
    touching_count,
    vertex_streets,
)
from .messages import msg
from .rulebook import CITY_HALL, BuildingRule, Rules, Variant
from .streetcars import StreetcarNetwork
from .verdicts import article, plural, property_reason, shape_reason, size_reason, supply_reason, why_not

__all__ = [
    "CACHE_LIMIT",
    "Building",
    "Cell",
    "City",
    "CompiledRule",
    "Facts",
    "Judgement",
    "Street",
    "TilePlacement",
    "Vertex",
    "article",
    "cell_streets",
    "compiled",
    "footprint",
    "make_street",
    "pair_in",
    "plural",
    "street_vertices",
    "tile_cells",
    "vertex_streets",
]

_VERSIONS = itertools.count(1)  # every new arrangement of tiles gets its own number
_STAMPS = itertools.count(1)  # every new content of a city (tiles, buildings, streetcars) gets its own number

#: how many of its latest changes a city remembers (City.lineage)
LINEAGE = 8
#: each property's neighbours, by tile arrangement (City.version)
_NEIGHBOURS: dict[int, dict[int, tuple[int, ...]]] = city_cache()
#: every placement of a shape on a tile arrangement, built on or not
_PLACEMENTS: dict[tuple[int, Variant], tuple[tuple[int, ...], ...]] = city_cache()
_HALF = 1 << 14  # cells packed into integers: (x + _HALF) * _ROW + y + _HALF
_ROW = 1 << 16


@dataclass(slots=True)
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


_ILLEGAL = Judgement(msg("not legal here"))
_new_city = object.__new__


@dataclass(slots=True)
class City(StreetcarNetwork):
    """The city. Its containers are shared between a city and its copies and
    never changed in place: every change (:meth:`add_tile`,
    :meth:`place_building`, :meth:`place_streetcar`) replaces the ones it
    touches and gives the city a new :attr:`stamp`, so copying is cheap and
    answers cached by stamp hold for every copy of the same content. Change
    a city only through those methods (code that edits its fields directly,
    as a test may, calls :meth:`changed` afterwards and must not share them)."""

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
    # a number for this arrangement of tiles, and one for the whole content
    # (tiles, buildings, streetcars), unique in the process: keys of caches
    version: int = field(default_factory=lambda: next(_VERSIONS), compare=False)
    stamp: int = field(default_factory=lambda: next(_STAMPS), compare=False)
    #: the last change, for answers worked out from the content before it:
    #: the stamp before it (0: none known, e.g. after a new tile), and what
    #: it was, the properties of a building or the cells of a streetcar's street
    parent: int = field(default=0, repr=False, compare=False)
    #: a number for the content of `pieces_used` (new with every building),
    #: unique in the process: what answers that depend on the pieces alone key on
    pieces_key: int = field(default_factory=lambda: next(_STAMPS), repr=False, compare=False)
    #: the pieces_key before the latest building (0: none known) and its (type, variant)
    pieces_parent: int = field(default=0, repr=False, compare=False)
    delta_piece: tuple[str, str] | None = field(default=None, repr=False, compare=False)
    delta_props: tuple[int, ...] = field(default=(), repr=False, compare=False)
    delta_street: Street | None = field(default=None, repr=False, compare=False)
    #: the latest changes since the latest tile, oldest first, at most
    #: LINEAGE: (the stamp before it, the properties of a building, the
    #: street of a streetcar), for answers worked out from an older content
    lineage: tuple[tuple[int, tuple[int, ...], Street | None], ...] = field(default=(), repr=False, compare=False)
    #: the latest tile, for answers worked out from the arrangement before
    #: it: the version and stamp before it (0: none known) and its cells
    tile_parent: int = field(default=0, repr=False, compare=False)
    tile_parent_stamp: int = field(default=0, repr=False, compare=False)
    delta_cells: tuple[Cell, ...] = field(default=(), repr=False, compare=False)
    _fp_cache: dict[tuple[int, int, int], TileSpots] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def starting(cls, rules: Rules) -> City:
        """The city every game begins with: the first neighborhood, unturned,
        at the origin (:data:`.geometry.FIRST_TILE_AT`)."""
        city = cls(rules)
        city.add_tile(FIRST_TILE, *FIRST_TILE_AT)
        return city

    # ------------------------------------------------------------------ copy
    def copy(self) -> City:
        """An independent city: the containers are shared until one of the
        two changes (every change replaces what it touches), and so are the
        buildings (never changed once placed)."""
        c = _new_city(City)
        c.rules = self.rules
        c.tiles = self.tiles
        c.cell_of = self.cell_of
        c.prop_at = self.prop_at
        c.outside = self.outside
        c.outskirts = self.outskirts
        c.buildings = self.buildings
        c.building_at = self.building_at
        c.streetcars = self.streetcars
        c.streetcar_set = self.streetcar_set
        c.vertex_use = self.vertex_use
        c.covered_streets = self.covered_streets
        c.pieces_used = self.pieces_used
        c.version = self.version
        c.stamp = self.stamp
        c.parent = self.parent
        c.pieces_key = self.pieces_key
        c.pieces_parent = self.pieces_parent
        c.delta_piece = self.delta_piece
        c.delta_props = self.delta_props
        c.delta_street = self.delta_street
        c.lineage = self.lineage
        c.tile_parent = self.tile_parent
        c.tile_parent_stamp = self.tile_parent_stamp
        c.delta_cells = self.delta_cells
        c._fp_cache = self._fp_cache  # keyed by a version number unique to one arrangement of tiles
        return c

    def changed(self) -> None:
        """Say that the city's content changed outside its methods (a new
        :attr:`stamp`, and a new :attr:`version` for the tiles), so that no
        cached answer of the old content is used for it."""
        self.version = next(_VERSIONS)
        self.stamp = next(_STAMPS)
        self.parent = 0
        self.tile_parent = self.tile_parent_stamp = 0
        self.lineage = ()
        self.pieces_key = next(_STAMPS)
        self.pieces_parent = 0

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
        return list(self.neighbour_map()[prop])

    def is_center(self, prop: int) -> bool:
        return prop in self.cell_of and prop not in self.outskirts

    def is_full(self) -> bool:
        return len(self.tiles) == len(self.rules.tile_shapes) and len(self.building_at) == len(self.cell_of)

    def pieces_left(self, btype: str, variant: str) -> int:
        return self.rules.buildings[btype].variant(variant).count - self.pieces_used.get((btype, variant), 0)

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
        self.tiles = self.tiles + [TilePlacement(number, x, y, rotation)]
        cell_of = dict(self.cell_of)
        prop_at = dict(self.prop_at)
        cells = tile_cells(self.rules, number, x, y, rotation)
        for p, c in cells.items():
            cell_of[p] = c
            prop_at[c] = p
        self.cell_of = cell_of
        self.prop_at = prop_at
        self.tile_parent = self.version
        self.tile_parent_stamp = self.stamp
        self.delta_cells = tuple(cells.values())
        self.lineage = ()
        self.version = next(_VERSIONS)
        self.stamp = next(_STAMPS)
        self.parent = 0
        self._recompute_outside()

    def _recompute_outside(self) -> None:
        x0, y0, x1, y1 = self.bounds()
        x0 -= 1
        y0 -= 1
        x1 += 1
        y1 += 1
        # a flood fill from a corner of the box around the city, over cells
        # packed into integers (row by x, each row ended by a wall cell that
        # is never free, so that a step along y never wraps), a layer at a time
        w = y1 - y0 + 1
        stride = w + 1
        size = (x1 - x0 + 1) * stride
        unseen = set(range(size)).difference(
            range(w, size, stride), [(x - x0) * stride + (y - y0) for x, y in self.prop_at]
        )
        unseen.discard(0)
        seen = {0}
        layer: set[int] = {0}
        while layer:
            layer = {n for c in layer for n in (c - 1, c + 1, c - stride, c + stride)} & unseen
            unseen -= layer
            seen |= layer
        self.outside = {(c // stride + x0, c % stride + y0) for c in seen}
        outsk = set()
        for p, (cx, cy) in self.cell_of.items():
            c = (cx - x0) * stride + (cy - y0)
            if c - stride in seen or c + stride in seen or c - 1 in seen or c + 1 in seen:
                outsk.add(p)
        self.outskirts = outsk

    def tile_positions(self, width: int, height: int) -> tuple[tuple[int, int], ...]:
        """Top-left corners where a width x height tile may legally go, sorted (cached)."""
        key = (self.version, width, height)
        cache = self._fp_cache
        hit = cache.get(key)
        if hit is not None:
            return hit.spots
        before = cache.get((self.tile_parent, width, height)) if self.tile_parent else None
        if len(cache) > 64:
            cache = self._fp_cache = {}
        # the spots before the latest tile, changed near it only
        res = cache[key] = (
            before.after(self.delta_cells) if before is not None else TileSpots.of(self.prop_at, width, height)
        )
        return res.spots

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

    def internal_streets(self, props: Sequence[int]) -> list[Street]:
        cells = [self.cell_of[p] for p in props]
        out = []
        for a, b in combinations(cells, 2):
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1:
                out.append((a, b) if a < b else (b, a))
        return out

    def neighbour_map(self) -> dict[int, tuple[int, ...]]:
        """Each property's neighbours in the city (cached by tile arrangement; do not change it)."""
        hit = _NEIGHBOURS.get(self.version)
        if hit is None:
            before = _NEIGHBOURS.get(self.tile_parent) if self.tile_parent else None
            if len(_NEIGHBOURS) > CACHE_LIMIT:
                _NEIGHBOURS.clear()
            prop_at = self.prop_at
            cells: Iterable[tuple[int, Cell]]
            if before is not None:
                # a new tile since: the neighbours before it, those of its
                # properties and of the properties next to them worked out again
                hit = dict(before)
                new = [prop_at[c] for c in self.delta_cells]
                near = {
                    q
                    for x, y in self.delta_cells
                    for dx, dy in STEPS
                    if (q := prop_at.get((x + dx, y + dy))) is not None
                }
                cell_of = self.cell_of
                cells = [(p, cell_of[p]) for p in new + sorted(near.difference(new))]
            else:
                hit = {}
                cells = self.cell_of.items()
            for p, (x, y) in cells:
                hit[p] = tuple(q for q in (prop_at.get((x + dx, y + dy)) for dx, dy in STEPS) if q is not None)
            _NEIGHBOURS[self.version] = hit
        return hit

    def adjacent_types(self, props: Sequence[int]) -> dict[str, int]:
        """How many buildings of each type stand next to these properties."""
        nb = self.neighbour_map()
        building_at = self.building_at
        if len(props) == 1:
            idx = {building_at[q] for q in nb[props[0]] if q in building_at}
        else:
            own = set(props)
            idx = {building_at[q] for p in own for q in nb[p] if q in building_at and q not in own}
        out: dict[str, int] = {}
        if idx:
            buildings = self.buildings
            for i in idx:
                t = buildings[i].type
                out[t] = out.get(t, 0) + 1
        return out

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
        breakdown: bool = True,
    ) -> Judgement:
        """May a `btype` stand on `props` now, and what would it score?

        `city_hall` says whether the City Hall condition holds (in a game: built
        on an earlier turn; in a sandbox: standing). Cards and turns are the
        game's business, not checked here. ``breakdown=False`` gives the score
        without its breakdown (the bots' fast path: nothing but the number).
        """
        rules = self.rules
        rule = rules.buildings.get(btype)
        if rule is None:
            return Judgement(msg("there is no building called {building}", building=repr(btype)))
        props = tuple(props)
        reason, variant = self._placement(rule, props)
        if reason is not None or variant is None:
            return Judgement(reason, variant)
        ctx = Facts(self, props, city_hall)
        ctx.city_hall_reason = city_hall_reason
        crule = compiled(rules, rule)
        if requirements:
            for i, check in enumerate(crule.requires):
                if not check(ctx):
                    if not explain:
                        return _ILLEGAL
                    return Judgement(why_not(rules, rule, variant, rule.requires[i], ctx), variant)
        if not with_score:
            return Judgement(None, variant)
        if not breakdown:
            return Judgement(None, variant, crule.score(variant, ctx, city_hall_value))
        parts: dict[str, Any] = {}
        score = crule.score(variant, ctx, city_hall_value, parts)
        return Judgement(None, variant, score, parts)

    def _placement(self, rule: BuildingRule, props: tuple[int, ...]) -> tuple[str | None, Variant | None]:
        """Why `rule` may not stand on `props` whatever its prerequisites
        say (None when it may), and its variant of that size: the checks of
        :meth:`judge_build` before the prerequisites, in its order."""
        n = len(props)
        if not n:
            return msg("a building needs at least one property"), None
        if len(set(props)) != n:
            return msg("a property is named twice"), None
        variants = rule.variants_of_size(n)
        if not variants:
            return size_reason(rule, n), None
        variant = variants[0]
        cell_of = self.cell_of
        building_at = self.building_at
        for p in props:
            if p not in cell_of or p in building_at:
                return property_reason(self, p), variant
        if n > 1 and normalise([cell_of[p] for p in props]) not in variant.orientations:
            return shape_reason(rule, variant, props), variant
        if self.pieces_left(rule.type, variant.name) <= 0:
            return supply_reason(self.rules, rule, variant), variant
        if n > 1 and self.streetcar_set:
            for s in self.internal_streets(props):
                if s in self.streetcar_set:
                    return msg(
                        "a streetcar runs between {a} and {b}", a=self.prop_at.get(s[0]), b=self.prop_at.get(s[1])
                    ), variant
        if rule.type != CITY_HALL:
            reserved = self.rules.city_hall_reserved
            for p in props:
                if p in reserved:
                    return msg("property {prop} is reserved for City Hall", prop=p), variant
        return None, variant

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
            if self.streetcar_set and not self.streetcar_set.isdisjoint(self.internal_streets(props)):
                return 0, None
        else:
            shape = None
        rules = self.rules
        reserved = not rules.city_hall_reserved.isdisjoint(props)
        ctx = Facts(self, props, city_hall)
        best: tuple[int, str | None] = (0, None)
        used = self.pieces_used
        score_of = CompiledRule.score
        for t, variant, crule in scorers(rules, types if type(types) is tuple else tuple(types), n):
            if shape is not None and shape not in variant.orientations:
                continue
            if variant.count - used.get((t, variant.name), 0) <= 0:
                continue
            if reserved and t != CITY_HALL:
                continue
            if crule.fast and not crule.allows(ctx):
                continue
            score = score_of(crule, variant, ctx, city_hall_value)
            if score > best[0]:
                best = (score, t)
        return best

    def score_of_legal(
        self, btype: str, props: Sequence[int], *, city_hall: bool, city_hall_value: int = 0
    ) -> tuple[Variant, int, dict[str, Any]]:
        """The variant, score and breakdown of a building known to be legal
        here (checked, or made by the move generator): what
        :meth:`judge_build` gives for it, without checking it again."""
        rule = self.rules.buildings[btype]
        variant = variant_of_size(rule, len(props))
        assert variant is not None, "a legal building has a variant of its size"
        parts: dict[str, Any] = {}
        score = compiled(self.rules, rule).score(variant, Facts(self, props, city_hall), city_hall_value, parts)
        return variant, score, parts

    def build_score(self, btype: str, props: Sequence[int], *, city_hall: bool, city_hall_value: int = 0) -> int:
        """The score of a building known to be legal here (the move
        generator made it): no checks and no breakdown, the number only."""
        rule = self.rules.buildings[btype]
        variant = variant_of_size(rule, len(props))
        assert variant is not None, "a legal building has a variant of its size"
        return compiled(self.rules, rule).score(variant, Facts(self, props, city_hall), city_hall_value)

    def quick_legal(self, rule: BuildingRule, props: Sequence[int], city_hall: bool) -> bool:
        """The checks of :meth:`judge_build` left once the caller knows the
        properties are free, in the city, of the right shape, and a piece is
        left (move generation): streetcars, reserved properties, prerequisites."""
        if len(props) > 1 and self.streetcar_set:
            for s in self.internal_streets(props):
                if s in self.streetcar_set:
                    return False
        reserved = self.rules.city_hall_reserved
        if reserved and rule.type != CITY_HALL:
            for p in props:
                if p in reserved:
                    return False
        crule = compiled(self.rules, rule)
        if not crule.requires:
            return True
        return crule.allows(Facts(self, props, city_hall))

    def facts(self, props: Sequence[int], city_hall: bool) -> Facts:
        """The facts of a would-be building on `props` (worked out as asked
        for), for :meth:`CompiledRule.allows`: one set of facts serves every
        building type tried on the same spot."""
        return Facts(self, props, city_hall)

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
        self.buildings = self.buildings + [b]
        building_at = dict(self.building_at)
        for p in props:
            building_at[p] = idx
        self.building_at = building_at
        if len(props) > 1:
            self.covered_streets = self.covered_streets.union(self.internal_streets(props))
        used = Counter(self.pieces_used)
        used[(btype, variant)] += 1
        self.pieces_used = used
        self.parent = self.stamp
        self.delta_props = props
        self.delta_street = None
        self.lineage = (*self.lineage[1 - LINEAGE :], (self.stamp, props, None))
        self.pieces_parent = self.pieces_key
        self.delta_piece = (btype, variant)
        self.stamp = self.pieces_key = next(_STAMPS)
        return b

    def placements_of(self, variant: Variant) -> Iterator[tuple[int, ...]]:
        """Every set of free properties in the city matching the variant's
        shape (sorted properties; in a fixed order for the tile arrangement)."""
        built = self.building_at.keys()
        for props in self.all_placements(variant):
            if built.isdisjoint(props):
                yield props

    def all_placements(self, variant: Variant) -> tuple[tuple[int, ...], ...]:
        """Every set of properties of the city matching the variant's shape,
        built on or not (sorted properties; by orientation, then by cell;
        cached by tile arrangement)."""
        key = (self.version, variant)
        hit = _PLACEMENTS.get(key)
        if hit is not None:
            return hit
        if len(_PLACEMENTS) > CACHE_LIMIT:
            _PLACEMENTS.clear()
        # cells packed into integers (ordered as the cells are) for speed
        at = {(x + _HALF) * _ROW + y + _HALF: p for (x, y), p in self.prop_at.items()}
        seen: set[tuple[int, ...]] = set()
        out: list[tuple[int, ...]] = []
        for shape in sorted(sorted(o) for o in variant.orientations):
            ax, ay = shape[0]
            offsets = [(x - ax) * _ROW + (y - ay) for x, y in shape]
            anchors: Iterable[int] = at
            for o in offsets[1:]:
                anchors = [c for c in anchors if c + o in at]
            for c in sorted(anchors):
                props = tuple(sorted([at[c + o] for o in offsets]))
                if props not in seen:
                    seen.add(props)
                    out.append(props)
        res = _PLACEMENTS[key] = tuple(out)
        return res

    # ----------------------------------------------------------- streetcars
    def place_streetcar(self, s: Street) -> None:
        self.streetcars = self.streetcars + [s]
        self.streetcar_set = self.streetcar_set | {s}
        use = dict(self.vertex_use)
        for v in street_vertices(s):
            use[v] = use.get(v, 0) + 1
        self.vertex_use = use
        self.parent = self.stamp
        self.delta_props = ()
        self.delta_street = s
        self.lineage = (*self.lineage[1 - LINEAGE :], (self.stamp, (), s))
        self.stamp = next(_STAMPS)
