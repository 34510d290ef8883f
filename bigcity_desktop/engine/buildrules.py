"""The rules of building compiled: a building's prerequisites, modifiers and
multipliers turned once into tests of a would-be building's facts, and the
facts themselves (:class:`Facts`), each worked out only when a test asks.

What move generation, scoring and :meth:`.city.City.judge_build` run instead
of comparing the conditions' kinds as text. Everything here is read from a
:class:`.city.City` and its rules; nothing here changes a city.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from itertools import combinations
from typing import Any, Protocol

from .cards import neighborhood_of
from .rulebook import BuildingRule, Condition, Rules, Variant

__all__ = [
    "CACHE_LIMIT",
    "Check",
    "CityFacts",
    "CompiledRule",
    "Facts",
    "city_cache",
    "compiled",
    "forget_cities",
    "pair_in",
    "scorers",
    "variant_of_size",
]

#: how many cities' answers a shared cache keeps before it starts afresh
CACHE_LIMIT = 4096

#: every shared cache of answers about cities (keyed by a city's stamp or version), emptied together by
#: :func:`forget_cities`
_CITY_CACHES: list[dict[Any, Any]] = []


def city_cache() -> dict[Any, Any]:
    """A new shared cache of answers about cities, one that :func:`forget_cities` empties."""
    cache: dict[Any, Any] = {}
    _CITY_CACHES.append(cache)
    return cache


def forget_cities() -> None:
    """Every answer about a city the shared caches hold forgotten (they are
    asked again as they are needed). A program whose games end for good
    (the table server) calls it now and then: the caches hold up to
    CACHE_LIMIT cities each, tens of megabytes when full, and a finished
    game's cities are never asked about again."""
    for cache in _CITY_CACHES:
        cache.clear()


class CityFacts(Protocol):
    """What a would-be building's facts are read from: the city
    (:class:`.city.City`), seen only as far as the facts need it."""

    @property
    def rules(self) -> Rules: ...

    @property
    def building_at(self) -> Mapping[int, int]: ...

    @property
    def outskirts(self) -> AbstractSet[int]: ...

    def adjacent_types(self, props: Sequence[int]) -> dict[str, int]: ...

    def touches_streetcar(self, props: Iterable[int]) -> bool: ...


class _Ctx:
    """Facts about a would-be building, each worked out only when asked for."""

    __slots__ = ("_city", "_props", "city_hall", "city_hall_reason", "_adj", "_sc", "_nout")

    def __init__(self, city: CityFacts, props: Sequence[int], city_hall: bool) -> None:
        self._city = city
        self._props = props
        self.city_hall = city_hall
        self.city_hall_reason: str | None = None
        self._adj: dict[str, int] | None = None
        self._sc: bool | None = None
        self._nout: int | None = None

    @property
    def adj_types(self) -> Counter[str]:
        """The adjacent buildings by type."""
        if self._adj is None:
            self._adj = self._city.adjacent_types(self._props)
        return Counter(self._adj)

    def adjacent(self, members: frozenset[str]) -> int:
        """How many adjacent buildings are of these types."""
        adj = self._adj
        if adj is None:
            adj = self._adj = self._city.adjacent_types(self._props)
        if not adj:
            return 0
        n = 0
        for t, k in adj.items():
            if t in members:
                n += k
        return n

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


#: a building condition compiled to a test of a would-be building's facts
Check = Callable[[_Ctx], bool]
#: the facts of a would-be building (City.facts), for CompiledRule.allows
Facts = _Ctx


def _last_free(x: _Ctx) -> bool:
    city = x._city
    own = set(x._props)
    building_at = city.building_at
    for t in {neighborhood_of(p) for p in x._props}:
        for q in city.rules.tile_properties(t):
            if q not in own and q not in building_at:
                return False
    return True


def _adjacent_check(rules: Rules, cond: Condition) -> Check:
    members = rules.members(cond.target)
    low = cond.low
    return lambda x: x.adjacent(members) >= low


def _outskirts_cells_check(rules: Rules, cond: Condition) -> Check:
    lo, hi = cond.low, cond.high
    return lambda x: lo <= x.n_out <= hi


def _properties_check(rules: Rules, cond: Condition) -> Check:
    allowed = cond.properties
    return lambda x: allowed.issuperset(x._props)


def _fixed(check: Check) -> Callable[[Rules, Condition], Check]:
    """A condition whose test takes nothing from the condition itself."""
    return lambda rules, cond: check


#: how each kind of condition of the vocabulary becomes a test (its kind read once, here)
_COMPILERS: dict[str, Callable[[Rules, Condition], Check]] = {
    "adjacent": _adjacent_check,
    "streetcar": _fixed(lambda x: x.streetcar),
    "outskirts": _fixed(lambda x: x.n_out > 0),
    "center": _fixed(lambda x: x.n_out == 0),
    "city_hall": _fixed(lambda x: x.city_hall),
    "outskirts_cells": _outskirts_cells_check,
    "properties": _properties_check,
    "last_free": _fixed(_last_free),
}


def _compile_condition(rules: Rules, cond: Condition) -> Check:
    """One condition of the vocabulary as a test."""
    make = _COMPILERS.get(cond.kind)
    if make is None:  # pragma: no cover - the validator knows every kind
        raise AssertionError(cond.kind)
    return make(rules, cond)


#: the kinds of condition that `others_span` stands for (with the adjacency and City Hall ones)
_OUTSKIRTS_ONLY = frozenset({"adjacent", "city_hall", "center", "outskirts", "outskirts_cells"})
#: the conditions a would-be building's spot decides by the tiles alone
_STATIC = frozenset({"city_hall", "properties", "center", "outskirts", "outskirts_cells"})
#: the static kinds that come down to a range of outskirts cells
_SPAN_KINDS = frozenset({"city_hall", "center", "outskirts", "outskirts_cells"})
#: how dear a condition is to test (CompiledRule.fast tries the cheap ones first)
_COST = {"city_hall": 0, "properties": 1, "center": 2, "outskirts": 2, "outskirts_cells": 2, "streetcar": 3}


def _cheapest_first(rule: BuildingRule) -> list[int]:
    """The indices of the rule's prerequisites, the cheapest to test first."""
    return sorted(range(len(rule.requires)), key=lambda i: _COST.get(rule.requires[i].kind, 9))


def _outskirts_range(rule: BuildingRule) -> tuple[int, int] | None:
    """The static prerequisites as a range of outskirts cells (lo, hi), when
    that is all they are once City Hall is open; None otherwise."""
    if not {c.kind for c in rule.requires if c.kind in _STATIC} <= _SPAN_KINDS:
        return None
    lo, hi = 0, 1 << 30
    for c in rule.requires:
        if c.kind == "center":
            hi = min(hi, 0)
        elif c.kind == "outskirts":
            lo = max(lo, 1)
        elif c.kind == "outskirts_cells":
            lo, hi = max(lo, c.low), min(hi, c.high)
    return (lo, hi)


class Conditions(tuple[Check, ...]):
    """A modifier's or a multiplier's compiled conditions (a tuple of tests,
    iterated as fast as one), carrying the words the score's breakdown gives
    for it (`why`): scoring reads them only when a breakdown is asked for,
    so the number alone costs nothing more than the tests."""

    why: Any

    @classmethod
    def of(cls, checks: Iterable[Check], why: Any) -> Conditions:
        out = cls(checks)
        out.why = why
        return out


def _compiled_adds(rules: Rules, rule: BuildingRule) -> tuple[tuple[int, frozenset[str] | None, Conditions], ...]:
    """(points, types counted per adjacent building or None, conditions) of
    each modifier (a `per` modifier has none: its conditions are empty)."""
    return tuple(
        (
            m.points,
            rules.members(m.per) if m.per else None,
            Conditions.of(() if m.per else (_compile_condition(rules, c) for c in m.when), m.because),
        )
        for m in rule.add
    )


class CompiledRule:
    """A building's prerequisites, modifiers and multipliers compiled once
    (conditions as tests, type and group names as sets): what move generation
    and scoring run instead of comparing the conditions' kinds as text."""

    __slots__ = (
        "rule",
        "requires",
        "fast",
        "static",
        "outskirts_range",
        "dynamic",
        "needs_city_hall",
        "adjacent_needs",
        "others",
        "others_span",
        "adds",
        "mults",
        "base_from_city_hall",
    )

    def __init__(self, rules: Rules, rule: BuildingRule) -> None:
        self.rule = rule
        req = rule.requires
        self.requires: tuple[Check, ...] = tuple(_compile_condition(rules, c) for c in req)
        self.needs_city_hall = any(c.kind == "city_hall" for c in req)
        #: (types, how many) a spot must be adjacent to: none in the city, no spot anywhere
        self.adjacent_needs: tuple[tuple[frozenset[str], int], ...] = tuple(
            (rules.members(c.target), c.low) for c in req if c.kind == "adjacent"
        )
        order = _cheapest_first(rule)
        #: the prerequisites other than City Hall's and the adjacency ones,
        #: the cheapest first: what move generation tests after those two
        self.others: tuple[Check, ...] = tuple(
            self.requires[i] for i in order if req[i].kind not in ("adjacent", "city_hall")
        )
        #: (points, types counted per adjacent building or None, conditions) of each modifier
        self.adds = _compiled_adds(rules, rule)
        #: (factor, conditions) of each multiplier
        self.mults: tuple[tuple[int, Conditions], ...] = tuple(
            (m.factor, Conditions.of((_compile_condition(rules, c) for c in m.when), m.because)) for m in rule.multiply
        )
        self.base_from_city_hall = rule.base_from_city_hall

        # the same prerequisites, the cheapest first (the answer is the same)
        self.fast: tuple[Check, ...] = tuple(self.requires[i] for i in order)
        #: the prerequisites that depend on the tiles alone (and City Hall's
        #: being open), and the others (buildings, streetcars)
        self.static: tuple[Check, ...] = tuple(self.requires[i] for i in order if req[i].kind in _STATIC)
        self.dynamic: tuple[Check, ...] = tuple(self.requires[i] for i in order if req[i].kind not in _STATIC)
        #: the static prerequisites as a range of outskirts cells (lo, hi),
        #: when that is all they are once City Hall is open (outskirts,
        #: centre, outskirts cells); None otherwise
        self.outskirts_range: tuple[int, int] | None = _outskirts_range(rule)
        #: `others` as a range of outskirts cells (lo, hi), when that is
        #: all they are (no streetcar, properties or last-free condition)
        self.others_span: tuple[int, int] | None = None
        if self.others and {c.kind for c in req} <= _OUTSKIRTS_ONLY:
            self.others_span = self.outskirts_range

    def allows(self, facts: _Ctx) -> bool:
        """Do the prerequisites hold for the would-be building of these facts?"""
        for check in self.fast:
            if not check(facts):
                return False
        return True

    def score(
        self, variant: Variant, facts: _Ctx, city_hall_value: int, breakdown: dict[str, Any] | None = None
    ) -> int:
        """The score of a `variant` of this building on the spot of `facts`:
        the engine's one scoring, for the score booked when it is built, the
        previews, the judgements and the bots' valuations alike.

        Given a `breakdown` dict, it is filled with how the score came about
        (``base``, ``add``: the modifiers that counted, ``multiplier`` and
        ``multiplier_because``, ``outskirts``); without one (the fast path)
        nothing but the number is worked out, by the same loop. Modifiers add
        in the order of the rule; of the multipliers whose conditions hold,
        the highest factor applies (the first of equal ones)."""
        base = city_hall_value if self.base_from_city_hall else variant.base
        total = base
        add: list[dict[str, Any]] | None = None if breakdown is None else []
        for points, per, when in self.adds:
            if per is not None:
                k = facts.adjacent(per)
                total += points * k
                if add is not None and k:
                    add.append({"because": when.why, "points": points * k, "count": k})
            else:
                for check in when:
                    if not check(facts):
                        break
                else:
                    total += points
                    if add is not None:
                        add.append({"because": when.why, "points": points})
        factor = 1
        chosen: Conditions | None = None
        for f, when in self.mults:
            if f > factor:
                for check in when:
                    if not check(facts):
                        break
                else:
                    factor = f
                    chosen = when
        if add is not None and breakdown is not None:
            breakdown["base"] = base
            breakdown["add"] = add
            breakdown["multiplier"] = factor
            breakdown["multiplier_because"] = list(chosen.why) if chosen is not None else []
            breakdown["outskirts"] = facts.n_out > 0
        return total * factor


_COMPILED: dict[int, tuple[Rules, BuildingRule, CompiledRule]] = {}


def compiled(rules: Rules, rule: BuildingRule) -> CompiledRule:
    """`rule` of `rules` compiled (once per rules object and building)."""
    hit = _COMPILED.get(id(rule))
    if hit is not None and hit[0] is rules and hit[1] is rule:
        return hit[2]
    if len(_COMPILED) > CACHE_LIMIT:
        _COMPILED.clear()
    out = CompiledRule(rules, rule)
    # the entry holds the rules and the rule, so their ids stay theirs (a rule
    # shared by two rules objects is compiled again for the other one)
    _COMPILED[id(rule)] = (rules, rule, out)
    return out


#: best_score's list per (rules, building types, size): (type, variant, compiled rule)
_SCORERS: dict[tuple[int, tuple[str, ...], int], tuple[Rules, tuple[tuple[str, Variant, CompiledRule], ...]]] = {}


def scorers(rules: Rules, types: tuple[str, ...], size: int) -> tuple[tuple[str, Variant, CompiledRule], ...]:
    """(type, variant of `size`, compiled rule) of each of `types` that has a
    variant of that size, in the order of `types` (cached)."""
    key = (id(rules), types, size)
    hit = _SCORERS.get(key)
    if hit is not None and hit[0] is rules:
        return hit[1]
    out = []
    for t in types:
        rule = rules.buildings.get(t)
        if rule is None:
            continue
        variant = variant_of_size(rule, size)
        if variant is not None:
            out.append((t, variant, compiled(rules, rule)))
    if len(_SCORERS) > CACHE_LIMIT:
        _SCORERS.clear()
    _SCORERS[key] = (rules, tuple(out))
    return tuple(out)


def variant_of_size(rule: BuildingRule, size: int) -> Variant | None:
    """The rule's variant of `size` properties (the validator lets one variant have each size)."""
    for v in rule.variants:
        if v.size == size:
            return v
    return None


def pair_in(props: Sequence[int], pairs: frozenset[tuple[int, int]]) -> bool:
    """Is a pair of these properties (sorted) one of `pairs` (each smaller first)?"""
    for pair in combinations(props, 2):
        if pair in pairs:
            return True
    return False
