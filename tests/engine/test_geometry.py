from bigcity_desktop.engine import City, get_rules, make_street, street_vertices, tile_cells
from bigcity_desktop.engine.layout import describe

from .helpers import layout

R = get_rules("original")


def test_tile_rotation_as_in_the_rules():
    cells = tile_cells(R, 2, 3, 0, 1)
    assert cells[25] == (3, 0) and cells[21] == (4, 0)
    # rotation 0: row-major from the top-left
    c1 = tile_cells(R, 1, 0, 0, 0)
    assert c1[11] == (0, 0) and c1[15] == (1, 1) and c1[19] == (2, 2)
    # every rotation of a 4x2 tile keeps its cells inside its bounding box
    for r in range(4):
        cs = tile_cells(R, 4, 10, 10, r).values()
        w = max(x for x, _ in cs) - 10 + 1
        h = max(y for _, y in cs) - 10 + 1
        assert (w, h) == ((4, 2) if r % 2 == 0 else (2, 4))
        assert min(x for x, _ in cs) == 10 and min(y for _, y in cs) == 10
    assert tile_cells(R, 2, 0, 0, 2)[21] == (3, 1)
    assert tile_cells(R, 2, 0, 0, 3)[21] == (0, 3)


def test_tile_placement_rules():
    c = City(R)
    assert c.check_tile(2, 3, 0, 0) is not None  # tile 1 comes first
    c.place_tile(1, 0, 0, 0)
    assert c.check_tile(2, 3, 0, 0) is None  # two properties touch (21, 25)
    assert "two properties" in c.check_tile(2, 3, 2, 0)  # only 21 touches 19
    assert "overlap" in c.check_tile(2, 2, 0, 0)
    assert "two properties" in c.check_tile(2, 3, 3, 0)  # diagonal only: none touch
    assert c.check_tile(9, 3, 0, 0) == "there is no neighborhood 9"
    c.place_tile(2, 3, 0, 0)
    assert "already in the city" in c.check_tile(2, 0, 3, 0)
    # two properties of different tiles may be the ones touched
    assert c.check_tile(3, 1, 3, 0) is None


def test_outskirts_and_centre_of_tile_1():
    c = layout()
    d = describe(c)
    assert d["center"] == [15]
    assert d["outskirts"] == [11, 12, 13, 14, 16, 17, 18, 19]


def test_an_enclosed_hole_makes_its_rim_city_centre():
    # four tiles in a ring around an empty cell block
    # 11 12 13 25 21
    # 14 15 16 26 22
    # 17 18 19 27 23
    # 41 42 43 44  . 28 24      <- the empty cell (2, 3) ...
    # 45 46 47 48 31 32 33      <- ... is closed from below by tile 3
    ring = [(1, 0, 0, 0), (2, 3, 0, 1), (4, -2, 3, 0), (3, 2, 4, 0)]
    open_city = layout(tiles=ring[:3])
    assert not open_city.holes()
    assert 19 in open_city.outskirts and 44 in open_city.outskirts and 28 in open_city.outskirts
    c = layout(tiles=ring)
    assert c.holes() == {(2, 3)}
    assert (2, 3) not in c.outside
    # 19 touches only the hole and the city: now city centre
    assert c.is_center(19)
    # 28 still touches the true outside on its right? no: 24 is there; its sides are 27, 24, 32 and the hole
    assert c.is_center(28)
    # 44 touches 43, 48, 19... and the hole: centre as well
    assert c.is_center(44)


def test_streets_and_vertices():
    s = make_street((2, 2), (1, 2))
    assert s == ((1, 2), (2, 2))
    assert street_vertices(s) == ((2, 2), (2, 3))
    assert street_vertices(make_street((2, 2), (2, 3))) == ((2, 3), (3, 3))


def test_multi_property_buildings_cover_their_inner_streets():
    c = layout(buildings=[("residence", [11, 12, 13])])
    assert make_street((0, 0), (1, 0)) in c.covered_streets
    assert make_street((1, 0), (2, 0)) in c.covered_streets
    assert make_street((0, 0), (0, 1)) not in c.covered_streets


def test_tile_positions_match_a_brute_force_search():
    from bigcity_desktop.engine.city import footprint

    cities = [
        [(1, 0, 0, 0)],
        [(1, 0, 0, 0), (2, 3, 0, 1)],
        [(1, 0, 0, 0), (2, 3, 0, 1), (4, -2, 3, 0), (3, 2, 4, 0)],  # a ring with a hole
    ]
    for tiles in cities:
        city = layout(tiles=tiles)
        x0, y0, x1, y1 = city.bounds()
        for number in (5, 6):
            for rot in range(4):
                w, h = footprint(R, number, rot)
                brute = {
                    (x, y)
                    for x in range(x0 - w - 2, x1 + 3)
                    for y in range(y0 - h - 2, y1 + 3)
                    if city.check_tile(number, x, y, rot) is None
                }
                assert brute and set(city.tile_positions(w, h)) == brute
