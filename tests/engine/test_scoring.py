"""One scoring: what a building is previewed, judged and valued at (the
hints, the legal-move lists, the bots) is what is booked when it is built,
on random positions of both editions and of house rules with `per` terms;
and every score is the rule's arithmetic, checked against a plain oracle
written here from the rule data (base, modifiers, the highest multiplier)."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigcity_desktop.engine import ActionKind, Build, City, GameState, Phase, Rules
from bigcity_desktop.engine.buildrules import compiled
from bigcity_desktop.engine.rules import rules_dir, rules_from_data

from .helpers import judge, layout

#: `per` terms a house rule adds (type or group, points): on common buildings,
#: so that random games count them often, with negative points too
HOUSE_PER = {
    "residence": [{"per": "business", "points": -1}, {"per": "special", "points": 3}],
    "business": [{"per": "residence", "points": 2}],
    "cinema": [{"per": "residence", "points": 4}],
}


def house_rules(edition: str) -> Rules:
    """The edition with the `per` terms of HOUSE_PER added to its modifiers."""
    data = tomllib.loads((rules_dir() / f"{edition}.toml").read_text(encoding="utf-8"))
    data["title"] = f"{data['title']} with per terms"
    for btype, extra in HOUSE_PER.items():
        data["buildings"][btype]["add"] = list(data["buildings"][btype]["add"]) + extra
    return rules_from_data(data, f"<{edition} with per terms>")


RULESETS: dict[str, Rules | str] = {
    "original": "original",
    "jumbo": "jumbo",
    "original+per": house_rules("original"),
    "jumbo+per": house_rules("jumbo"),
}


def oracle(city: City, btype: str, variant_base: int, props: tuple[int, ...], city_hall: bool, value: int) -> int:
    """The score by the rule's text, worked out plainly: the base (City
    Hall's value where the rule says so), plus each modifier (its points
    times the adjacent buildings of its type or group, or its points when
    its conditions hold), times the highest multiplier whose conditions hold.
    The conditions are the engine's compiled tests (legality tests them);
    the counting and the arithmetic are this test's own."""
    rules = city.rules
    rule = rules.buildings[btype]
    crule = compiled(rules, rule)
    facts = city.facts(props, city_hall)
    own = set(props)
    near = {city.building_at[q] for p in props for q in city.neighbours(p) if q in city.building_at and q not in own}
    total = value if rule.base_from_city_hall else variant_base
    for m, (_points, _per, when) in zip(rule.add, crule.adds, strict=True):
        if m.per is not None:
            members = rules.members(m.per)
            total += m.points * sum(1 for i in near if city.buildings[i].type in members)
        elif all(check(facts) for check in when):
            total += m.points
    factors = [1] + [
        m.factor for m, (_f, when) in zip(rule.multiply, crule.mults, strict=True) if all(c(facts) for c in when)
    ]
    return total * max(factors)


def spots(city: City, rng: random.Random, n: int) -> list[tuple[int, ...]]:
    """Up to `n` free spots of one to three properties of any shape the rules know."""
    out: set[tuple[int, ...]] = set()
    for rule in city.rules.buildings.values():
        for v in rule.variants:
            free = list(city.placements_of(v))
            out.update(rng.sample(free, min(len(free), n // 4 + 1)))
    return sorted(out)[:n] if len(out) <= n else rng.sample(sorted(out), n)


def check_city(city: City, rng: random.Random, city_hall: bool, value: int) -> int:
    """Every way the engine values a building agrees with the booking and
    the oracle, on random spots of this city: judge_build with and without
    its breakdown (the previews, legality, the easy bot), build_score (the
    hints, the hard bot, the browser's legal list), best_score (the bots'
    search) and score_of_legal (what is booked). How many were legal."""
    legal = 0
    for props in spots(city, rng, 40):
        for btype in city.rules.buildings:
            full = city.judge_build(btype, props, city_hall=city_hall, city_hall_value=value)
            fast = city.judge_build(
                btype, props, city_hall=city_hall, city_hall_value=value, explain=False, breakdown=False
            )
            assert full.legal == fast.legal, (btype, props)
            if not full.legal:
                assert city.best_score(props, (btype,), city_hall=city_hall, city_hall_value=value) == (0, None)
                continue
            legal += 1
            variant, booked, parts = city.score_of_legal(btype, props, city_hall=city_hall, city_hall_value=value)
            assert variant == full.variant
            assert full.score == fast.score == booked, (btype, props, full.score, fast.score, booked)
            assert full.breakdown == parts
            assert city.build_score(btype, props, city_hall=city_hall, city_hall_value=value) == booked
            best = city.best_score(props, (btype,), city_hall=city_hall, city_hall_value=value)
            assert best == ((booked, btype) if booked > 0 else (0, None)), (btype, props, best, booked)
            assert (parts["base"] + sum(a["points"] for a in parts["add"])) * parts["multiplier"] == booked
            assert booked == oracle(city, btype, variant.base, props, city_hall, value), (btype, props, parts)
    return legal


def positions(rules: Rules | str, players: int, seed: int) -> Iterator[GameState]:
    """The main-action positions of a random game that builds whenever it can."""
    s = GameState.new(rules, players, seed)
    rng = random.Random(seed)
    while not s.is_over:
        if s.phase == Phase.ACTION:
            yield s
            builds = s.legal_actions(ActionKind.BUILD) + s.legal_actions(ActionKind.PARK_FACTORY)
            if builds and rng.random() < 0.8:
                s.apply(rng.choice(builds))
                continue
        kinds = s.legal_kinds()
        s.apply(rng.choice(s.legal_actions(rng.choice(kinds))))


def check_game(rules: Rules | str, players: int, seed: int, every: int) -> tuple[int, int]:
    """Along a random game: the city's valuations at every `every`-th main
    action, and at every one the legal builds' previews against what the
    game books when each is played (the score, the building's score and
    breakdown). (legal spots checked, builds booked)."""
    rng = random.Random(seed)
    legal = booked = 0
    for i, s in enumerate(positions(rules, players, seed)):
        city, open_, value = s.city, s.city_hall_open, s.city_hall_value
        if i % every == 0:
            legal += check_city(city, rng, open_, value)
        p = s.current_player
        builds = s.legal_actions(ActionKind.BUILD) + s.legal_actions(ActionKind.PARK_FACTORY)
        for action in rng.sample(builds, min(len(builds), 6)):
            assert isinstance(action, Build)
            seen = city.judge_build(action.building, action.properties, city_hall=open_, city_hall_value=value)
            preview = city.build_score(action.building, action.properties, city_hall=open_, city_hall_value=value)
            after = s.clone()
            after.apply(action)
            building = after.city.buildings[-1]
            assert building.properties == action.properties
            assert preview == seen.score == building.score == after.scores[p] - s.scores[p], action
            assert building.breakdown == seen.breakdown
            booked += 1
    return legal, booked


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_previews_agree_with_the_booked_score(ruleset: str) -> None:
    """Seeded random games of each ruleset: the fast tier's fixed sample."""
    legal, booked = check_game(RULESETS[ruleset], 3, 7, every=4)
    assert legal > 100 and booked > 40, (legal, booked)


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(st.sampled_from(sorted(RULESETS)), st.integers(2, 4), st.integers(0, 10_000))
def test_previews_agree_with_the_booked_score_on_random_games(ruleset: str, players: int, seed: int) -> None:
    check_game(RULESETS[ruleset], players, seed, every=2)


def test_per_terms_count_every_neighbour() -> None:
    """The Shopping Center's "+5 per adjacent special building" counts all
    of them, three here (RULES.md): 10 + 3 x 5."""
    tiles = [(1, 0, 0, 0), (3, 3, 0, 0), (2, 0, 3, 0)]
    # 11 12 13 31 32 33 / 14 15 16 34 35 36 / 17 18 19 37 38 39 / 21 22 23 / ...
    city = layout(tiles=tiles, buildings=[("city_hall", [15]), ("bank", [35]), ("post_office", [19])])
    j = judge(city, "shopping_center", [16, 34])
    assert j.breakdown is not None
    assert j.legal and j.score == 25, j.breakdown
    assert j.breakdown["add"] == [{"because": "special", "points": 15, "count": 3}]
    # the bots' and the hints' fast path, without the breakdown
    assert city.build_score("shopping_center", (16, 34), city_hall=True) == 25
    assert city.best_score((16, 34), ("residence", "shopping_center"), city_hall=True) == (25, "shopping_center")
    fast = city.judge_build("shopping_center", (16, 34), city_hall=True, explain=False, breakdown=False)
    assert fast.score == 25 and fast.breakdown is None


def test_house_per_terms_are_scored() -> None:
    """A house rule's `per` term counts each adjacent building of its group
    (points may be negative), in the booking and the preview alike."""
    rules = RULESETS["original+per"]
    assert isinstance(rules, Rules)
    city = City.starting(rules)
    for btype, props in (("business", (11,)), ("business", (13,)), ("residence", (14,))):
        rule = rules.buildings[btype]
        city.place_building(btype, rule.variants_of_size(len(props))[0].name, props)
    # residence on 12: beside businesses 11 and 13 (2 x -1), in the outskirts (+1)
    j = city.judge_build("residence", (12,), city_hall=False)
    assert j.score == 2 - 2 + 1, j.breakdown
    assert city.build_score("residence", (12,), city_hall=False) == 1
    # business on 15: beside residence 14 (+2), in the centre (+1)
    b = city.judge_build("business", (15,), city_hall=False)
    parts: dict[str, Any] = b.breakdown or {}
    assert b.score == 2 + 2 + 1, parts
    assert {"because": "residence", "points": 2, "count": 1} in parts["add"]
