from bigcity_desktop.engine import City, get_rules, make_street

from .helpers import judge, layout

S = make_street


def city(edition):
    c = City(get_rules(edition))
    c.place_tile(1, 0, 0, 0)
    return c


def test_first_streetcar_goes_on_any_street_in_the_city_even_the_edge():
    c = city("original")
    assert c.check_streetcar(S((1, -1), (1, 0))) is None  # above 12: the city edge
    assert c.check_streetcar(S((5, 5), (5, 6))) == "that street is not in the city"
    assert len(c.legal_streetcars()) == 24  # 12 inner + 12 edge streets of a 3x3 tile


def test_line_must_connect_without_a_loop():
    for ed in ("original", "jumbo"):
        c = city(ed)
        c.place_streetcar(S((1, 0), (1, 1)))  # above 15
        assert c.check_streetcar(S((0, 2), (1, 2))) == "a new streetcar must connect to the line"
        c.place_streetcar(S((1, 1), (2, 1)))  # right of 15
        c.place_streetcar(S((1, 1), (1, 2)))  # below 15
        assert c.check_streetcar(S((0, 1), (1, 1))) == "the streetcar line may not close a loop or run into itself"
        assert c.check_streetcar(S((1, 1), (2, 1))) == "a streetcar already runs on that street"


def test_original_line_may_branch_jumbo_line_may_not():
    for ed, expected in (("original", None), ("jumbo", "the line may not branch: extend it at one of its two ends")):
        c = city(ed)
        c.place_streetcar(S((0, 0), (1, 0)))  # between 11 and 12: vertices (1,0),(1,1)
        c.place_streetcar(S((0, 1), (1, 1)))  # between 14 and 15: vertices (1,1),(1,2)
        # between 12 and 15: vertices (1,1),(2,1): joins at (1,1), used twice: a branch
        assert c.check_streetcar(S((1, 0), (1, 1))) == expected
        # extending an end is fine in both
        assert c.check_streetcar(S((0, 2), (1, 2))) is None
        legal = set(c.legal_streetcars())
        assert (S((1, 0), (1, 1)) in legal) == (expected is None)


def test_covered_street_and_adjacency():
    c = layout(buildings=[("city_hall", [15]), ("residence", [11, 12])])
    assert c.check_streetcar(S((0, 0), (1, 0))) == "that street is covered by a building"
    # a streetcar touching a building only at a corner is not adjacent
    c = layout(buildings=[("city_hall", [15])], streetcars=[((2, 1), (2, 2))])  # between 16 and 19
    assert not judge(c, "business", [13]).breakdown["multiplier_because"] == ["streetcar"]
    assert c.touches_streetcar([16]) and c.touches_streetcar([19]) and not c.touches_streetcar([13])


def test_all_seventeen_used():
    c = layout(tiles=[(1, 0, 0, 0), (3, 3, 0, 0), (5, 6, 0, 0)], buildings=[("city_hall", [15])])
    # nine streets between rows 0 and 1 form a straight line along y = 1 ...
    for x in range(9):
        s = S((x, 0), (x, 1))
        assert c.check_streetcar(s) is None, s
        c.place_streetcar(s)
    # ... one goes down the right edge, and seven come back between rows 1 and 2
    c.place_streetcar(S((8, 1), (9, 1)))
    for x in range(8, 1, -1):
        s = S((x, 1), (x, 2))
        assert c.check_streetcar(s) is None, s
        c.place_streetcar(s)
    assert len(c.streetcars) == 17 and c.streetcars_left() == 0
    assert c.check_streetcar(S((1, 1), (1, 2))) == "all streetcars are in the city"
    assert c.legal_streetcars() == []
