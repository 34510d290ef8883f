"""The words of the city's verdicts: buildings named with their article
("a cinema", "City Hall"), counted ("two residences"), and the sentence that
says which prerequisite a would-be building misses (one per kind of
condition of the vocabulary)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from .buildrules import Facts
from .cards import neighborhood_of
from .messages import msg
from .rulebook import CITY_HALL, BuildingRule, Condition, Rules, Variant

__all__ = [
    "NUM",
    "CityLots",
    "article",
    "or_",
    "plural",
    "property_reason",
    "shape_reason",
    "size_reason",
    "supply_reason",
    "why_not",
]


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


def or_(items: Sequence[object]) -> object:
    """ "1", "1 or 2", "1 or 2 or 3" (as a message)."""
    out: object = items[0]
    for item in items[1:]:
        out = msg("{a} or {b}", a=out, b=item)
    return out


NUM = {1: msg("one"), 2: msg("two"), 3: msg("three"), 4: msg("four"), 5: msg("five")}


class _Miss:
    """What a sentence about one failed prerequisite is made of."""

    __slots__ = ("rules", "rule", "cond", "facts", "who")

    def __init__(self, rules: Rules, rule: BuildingRule, cond: Condition, facts: Facts, who: str) -> None:
        self.rules = rules
        self.rule = rule
        self.cond = cond
        self.facts = facts
        self.who = who


def _adjacent(m: _Miss) -> str:
    cond = m.cond
    assert cond.target is not None  # the validator requires a target
    n = cond.low
    what = plural(m.rules, cond.target, n)
    members = m.rules.members(cond.target)
    have = sum(k for t, k in m.facts.adj_types.items() if t in members)
    if n == 1:
        return msg("{who} needs an adjacent {what}", who=m.who, what=what)
    return msg(
        "{who} needs {n} adjacent {what} (this spot has {have})",
        who=m.who,
        n=NUM.get(n, n),
        what=what,
        have=have,
    )


def _streetcar(m: _Miss) -> str:
    return msg("{who} must stand next to the streetcar line", who=m.who)


def _outskirts(m: _Miss) -> str:
    return msg("{who} must touch the outskirts", who=m.who)


def _center(m: _Miss) -> str:
    if m.rule.type == CITY_HALL:
        return msg("City Hall may not be built in the outskirts")
    return msg("{who} must stand entirely in the city centre", who=m.who)


def _city_hall(m: _Miss) -> str:
    return m.facts.city_hall_reason or msg("{who} can only be built once City Hall stands", who=m.who)


def _outskirts_cells(m: _Miss) -> str:
    lo, hi = m.cond.low, m.cond.high
    want = (
        msg("exactly {n}", n=NUM.get(lo, lo))
        if lo == hi
        else msg("{a} or {b}", a=NUM.get(lo, lo), b=NUM.get(hi, hi))
        if hi == lo + 1
        else msg("{a} to {b}", a=lo, b=hi)
    )
    n_out = m.facts.n_out
    if n_out == 1:
        return msg("{who} must touch the outskirts with {want} of its properties (here 1 does)", who=m.who, want=want)
    return msg(
        "{who} must touch the outskirts with {want} of its properties (here {n} do)",
        who=m.who,
        want=want,
        n=n_out,
    )


def _properties(m: _Miss) -> str:
    allowed = ", ".join(str(p) for p in sorted(m.cond.properties))
    return msg("{who} may only stand on {props}", who=m.who, props=allowed)


def _last_free(m: _Miss) -> str:
    return msg("{who} must take the last free property of its neighborhood", who=m.who)


#: the sentence of each kind of condition, when a would-be building misses it
_WHY: dict[str, Callable[[_Miss], str]] = {
    "adjacent": _adjacent,
    "streetcar": _streetcar,
    "outskirts": _outskirts,
    "center": _center,
    "city_hall": _city_hall,
    "outskirts_cells": _outskirts_cells,
    "properties": _properties,
    "last_free": _last_free,
}


def why_not(rules: Rules, rule: BuildingRule, variant: Variant, cond: Condition, facts: Facts) -> str:
    """Why a `variant` of `rule` may not stand where `facts` were worked
    out: `cond`, the prerequisite it misses, as a sentence."""
    who = article(rule, variant)
    why = _WHY.get(cond.kind)
    if why is None:  # pragma: no cover - the validator knows every kind
        return msg("{who} cannot stand here", who=who)
    return why(_Miss(rules, rule, cond, facts, who))


# ------------------------------------------------------------ the spot itself
def size_reason(rule: BuildingRule, n: int) -> str:
    """`rule` has no variant of `n` properties."""
    sizes = sorted(v.size for v in rule.variants)
    return msg("{building} covers {sizes} properties, not {n}", building=article(rule), sizes=or_(sizes), n=n)


class _Standing(Protocol):
    @property
    def type(self) -> str: ...


class CityLots(Protocol):
    """What :func:`property_reason` reads of the city (:class:`.city.City`): its lots and buildings."""

    @property
    def rules(self) -> Rules: ...

    @property
    def cell_of(self) -> Mapping[int, object]: ...

    @property
    def building_at(self) -> Mapping[int, int]: ...

    @property
    def buildings(self) -> Sequence[_Standing]: ...


def property_reason(city: CityLots, p: int) -> str:
    """Property `p` is not a free property of the city: why."""
    rules = city.rules
    if p not in city.cell_of:
        tile = neighborhood_of(p)
        if tile in rules.tile_shapes and p in rules.tile_properties(tile):
            return msg(
                "property {prop} is not in the city yet (neighborhood {tile} has not been placed)", prop=p, tile=tile
            )
        return msg("there is no property {prop}", prop=p)
    other = city.buildings[city.building_at[p]]
    return msg("property {prop} already holds {building}", prop=p, building=article(rules.buildings[other.type]))


def shape_reason(rule: BuildingRule, variant: Variant, props: Sequence[int]) -> str:
    return msg(
        "properties {props} do not form the shape of {building}",
        props=", ".join(map(str, props)),
        building=article(rule, variant),
    )


def supply_reason(rules: Rules, rule: BuildingRule, variant: Variant) -> str:
    """No piece of this variant is left."""
    what = plural(rules, rule.type, 2)
    return msg(
        "no {buildings} are left in the supply",
        buildings=what if len(rule.variants) == 1 else variant.name + " " + what,
    )
