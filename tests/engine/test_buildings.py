"""Every building's prerequisites and scores, with RULES.md's worked examples."""

import pytest

from bigcity_desktop.engine import Phase

from .helpers import judge, layout

# Tile 1 alone:      11 12 13
#                    14 15 16      15 is the only city-centre property
#                    17 18 19
TWO = [(1, 0, 0, 0), (3, 3, 0, 0)]
# Tiles 1 and 3 side by side: 11 12 13 31 32 33 / 14 15 16 34 35 36 / 17 18 19 37 38 39
# city centre: 15 16 34 35


def test_worked_example_double_business_outskirts_factory_city_hall_streetcar():
    city = layout(
        buildings=[("city_hall", [15]), ("factory", [16, 19, 18])],
        streetcars=[((1, -1), (1, 0))],  # the street above 12
    )
    j = judge(city, "business", [12, 13])
    assert j.legal
    assert j.score == 12  # (6 + 0 - 2) x 3
    assert j.breakdown["base"] == 6
    assert j.breakdown["add"] == [{"because": "factory", "points": -2}]
    assert j.breakdown["multiplier"] == 3
    assert j.breakdown["multiplier_because"] == ["city_hall", "streetcar"]


def test_worked_example_double_residence_same_spot():
    city = layout(
        buildings=[("city_hall", [15]), ("factory", [16, 19, 18])],
        streetcars=[((1, -1), (1, 0))],
    )
    j = judge(city, "residence", [12, 13])
    assert j.score == 10  # (6 + 1 - 2) x 2
    assert {a["because"] for a in j.breakdown["add"]} == {"factory", "outskirts"}
    assert j.breakdown["multiplier_because"] == ["streetcar"]


def test_worked_example_triple_business_in_centre_next_to_city_hall():
    city = layout(tiles=TWO, buildings=[("city_hall", [15])])
    j = judge(city, "business", [16, 34, 35])
    assert j.score == 22  # (10 + 1) x 2


def test_worked_example_bank():
    city = layout(buildings=[("city_hall", [15]), ("business", [11]), ("business", [13])])
    assert judge(city, "bank", [12]).score == 10
    city = layout(
        buildings=[("city_hall", [15]), ("business", [11]), ("business", [13])],
        streetcars=[((1, -1), (1, 0))],
    )
    assert judge(city, "bank", [12]).score == 15


def test_residence_scores_and_park_bonus_counts_once():
    city = layout(tiles=TWO, buildings=[("city_hall", [35]), ("park", [11, 14]), ("park", [17, 18, 19])])
    j = judge(city, "residence", [15])  # centre, next to both parks
    assert j.score == 3
    assert j.breakdown["add"] == [{"because": "park", "points": 1}]
    j = judge(city, "residence", [12])  # outskirts, next to the small park
    assert j.score == 4
    assert judge(city, "residence", [13]).score == 3  # outskirts only
    assert judge(city, "residence", [12, 13]).score == 8
    assert judge(city, "residence", [31, 32, 33]).score == 11


def test_business_single_in_centre_with_nothing_around():
    city = layout(tiles=TWO)
    assert judge(city, "business", [16]).score == 3
    assert judge(city, "business", [13]).score == 2


def test_shapes():
    city = layout(tiles=TWO)
    assert "shape" in judge(city, "residence", [11, 15]).reason  # diagonal
    assert "shape" in judge(city, "residence", [11, 12, 15]).reason  # an L is not a triple
    assert judge(city, "residence", [11, 14, 17]).legal  # vertical line
    assert "covers 1 or 2 or 3" in judge(city, "business", [11, 12, 13, 14]).reason
    assert "shape" in judge(city, "shopping_center", [11, 15], city_hall=True).reason


def test_city_hall_only_in_the_centre_and_only_one():
    city = layout()
    assert judge(city, "city_hall", [11]).reason == "City Hall may not be built in the outskirts"
    j = judge(city, "city_hall", [15])
    assert j.legal and j.score == 0
    city = layout(buildings=[("city_hall", [15])])
    city2 = layout(tiles=TWO, buildings=[("city_hall", [15])])
    assert "left" in judge(city2, "city_hall", [35]).reason


def test_before_city_hall_only_residences_and_businesses():
    city = layout(buildings=[("residence", [11]), ("residence", [13])])
    for btype, props in [("cinema", [12]), ("bank", [12]), ("post_office", [12]), ("shopping_center", [12, 15])]:
        j = judge(city, btype, props)
        assert not j.legal and "City Hall" in j.reason, btype
    assert judge(city, "residence", [12]).legal


def test_cinema_needs_two_adjacent_residence_buildings():
    city = layout(buildings=[("city_hall", [15]), ("residence", [11, 14])])
    j = judge(city, "cinema", [12])
    assert j.reason == "a cinema needs two adjacent residences (this spot has 1)"
    city = layout(buildings=[("city_hall", [15]), ("residence", [11]), ("residence", [13])])
    j = judge(city, "cinema", [12])
    assert j.legal and j.score == 10  # next to City Hall
    city = layout(
        buildings=[("city_hall", [15]), ("residence", [11]), ("residence", [13])], streetcars=[((1, -1), (1, 0))]
    )
    assert judge(city, "cinema", [12]).score == 15


def test_post_office_needs_a_residence_and_a_business():
    city = layout(buildings=[("city_hall", [15]), ("residence", [11])])
    assert "business" in judge(city, "post_office", [12]).reason
    city = layout(buildings=[("city_hall", [15]), ("residence", [11]), ("business", [13])])
    assert judge(city, "post_office", [12]).score == 10


def test_bank_needs_two_businesses():
    city = layout(buildings=[("city_hall", [15]), ("business", [11])])
    assert judge(city, "bank", [12]).reason == "a bank needs two adjacent businesses (this spot has 1)"


def test_church_on_the_double_digit_property_as_the_last_free_one():
    others = [
        ("city_hall", [15]),
        ("residence", [12, 13]),
        ("business", [14, 17]),
        ("residence", [18, 19]),
        ("business", [16]),
    ]
    j = judge(layout(buildings=others), "church", [11])
    assert j.legal and j.score == 15 and j.breakdown["multiplier"] == 1
    city = layout(buildings=others[:2])
    assert judge(city, "church", [11]).reason == "a church must take the last free property of its neighborhood"
    city = layout(
        buildings=[
            ("city_hall", [15]),
            ("residence", [11, 12]),
            ("business", [14, 17]),
            ("residence", [18, 19]),
            ("business", [16]),
        ]
    )
    assert "may only stand on 11, 22, 33" in judge(city, "church", [13]).reason


def test_shopping_center_counts_special_neighbours():
    city = layout(tiles=TWO, buildings=[("city_hall", [15])])
    assert judge(city, "shopping_center", [16, 34]).reason == (
        "a shopping center needs two adjacent special buildings (this spot has 1)"
    )
    city = layout(tiles=TWO, buildings=[("city_hall", [15]), ("bank", [35])])
    j = judge(city, "shopping_center", [16, 34])  # 16 touches City Hall, 34 touches the bank
    assert j.legal and j.score == 20  # 10 + 5 x 2
    assert j.breakdown["add"] == [{"because": "special", "points": 10, "count": 2}]


def test_park_touches_the_outskirts_with_exactly_one_cell():
    city = layout(tiles=TWO, buildings=[("city_hall", [15])])
    assert judge(city, "park", [13, 16]).legal  # 13 outskirts, 16 centre
    assert "exactly one" in judge(city, "park", [11, 12]).reason
    assert "exactly one" in judge(city, "park", [16, 34]).reason
    assert "large park" in judge(city, "park", [13, 16, 19]).reason
    assert judge(city, "park", [13, 16], city_hall=False).reason.endswith("once City Hall stands")
    assert judge(city, "park", [13, 16]).score == 0


def test_factory_touches_the_outskirts_with_one_or_two_cells():
    city = layout(tiles=TWO, buildings=[("city_hall", [15])])
    assert judge(city, "factory", [16, 34, 13]).legal  # L: 13 outskirts, 16 and 34 centre
    assert judge(city, "factory", [16, 34, 37, 19]).legal  # 2x2: 16, 34 centre; 19, 37 outskirts
    assert "one or two" in judge(city, "factory", [11, 12, 14]).reason


def test_no_piece_left_in_the_supply():
    city = layout(buildings=[("city_hall", [15])])
    assert "left" in judge(city, "city_hall", [15]).reason or "already holds" in judge(city, "city_hall", [15]).reason
    tiles = [(1, 0, 0, 0), (3, 3, 0, 0), (5, 6, 0, 0)]
    city = layout(
        tiles=tiles, buildings=[("residence", [11, 12, 13]), ("residence", [31, 32, 33]), ("residence", [51, 52, 53])]
    )
    assert judge(city, "residence", [14, 15, 16]).reason == "no triple residences are left in the supply"


def test_a_multi_property_building_cannot_cover_a_streetcar():
    city = layout(buildings=[("city_hall", [15])], streetcars=[((0, 0), (1, 0))])
    assert judge(city, "residence", [11, 12]).reason == "a streetcar runs between 11 and 12"
    assert judge(city, "residence", [11]).legal


def test_covered_and_unknown_properties():
    city = layout(buildings=[("residence", [11])])
    assert judge(city, "business", [11]).reason == "property 11 already holds a residence"
    assert "not in the city yet" in judge(city, "business", [21]).reason
    assert judge(city, "business", [99]).reason == "there is no property 99"


@pytest.mark.parametrize("edition", ["original", "jumbo"])
def test_reserved_property_option(edition, tmp_path):
    from bigcity_desktop.engine import get_rules
    from bigcity_desktop.engine.rules import rules_dir

    text = (rules_dir() / f"{edition}.toml").read_text().replace("reserved = []", "reserved = [15]")
    f = tmp_path / "h.toml"
    f.write_text(text)
    from bigcity_desktop.engine import City

    c = City(get_rules(str(f)))
    c.place_tile(1, 0, 0, 0)
    assert c.judge_build("residence", [15], city_hall=False).reason == "property 15 is reserved for City Hall"
    assert c.judge_build("city_hall", [15], city_hall=False).legal


def test_best_score_agrees_with_judge_build():
    """City.best_score (the bots' fast path) gives the best legal score of
    judge_build over the same types, for singles, pairs and triples."""
    from itertools import combinations

    from bigcity_desktop.bots import make_bot
    from bigcity_desktop.engine import GameState

    types_by_size = {
        1: ("residence", "business", "cinema", "post_office", "bank", "church", "city_hall"),
        2: ("residence", "business", "shopping_center"),
        3: ("residence", "business"),
    }
    checked = 0
    for edition, seed in (("original", 3), ("jumbo", 4)):
        state = GameState.new(edition, 3, seed)
        bots = [make_bot("easy", i) for i in range(3)]
        while not state.is_over:
            if state.phase == Phase.ACTION and state.turn_index % 7 == 0:
                city = state.city
                free = city.free_properties()
                spots = [(p,) for p in free]
                spots += [pq for pq in combinations(free, 2) if pq[1] in city.neighbours(pq[0])][:40]
                spots += [t for t in combinations(free[:12], 3)][:40]
                for props in spots:
                    for hall in (False, True):
                        best = (0, None)
                        for t in types_by_size[len(props)]:
                            j = city.judge_build(
                                t, props, city_hall=hall, city_hall_value=state.city_hall_value, explain=False
                            )
                            if j.legal and j.score is not None and j.score > best[0]:
                                best = (j.score, t)
                        got = city.best_score(
                            props, types_by_size[len(props)], city_hall=hall, city_hall_value=state.city_hall_value
                        )
                        assert got == best, (props, hall, got, best)
                        checked += 1
            p = state.current_player
            state.apply(bots[p].choose(state.view_for(p)))
    assert checked > 500
