"""The sandbox model (no Qt): replay, removal, heat map, files."""

import itertools
import json

import pytest

from bigcity_desktop.engine.layout import LayoutError, judge_move, load_layout
from bigcity_desktop.engine.rules import get_rules
from bigcity_desktop.sandbox.model import SandboxError, SandboxModel


def demo_model(demo_layout):
    m = SandboxModel()
    rules, steps = SandboxModel.read(json.dumps(demo_layout))
    m.set_state(rules, steps)
    return m


def test_round_trip_is_identical(demo_layout):
    m = demo_model(demo_layout)
    assert m.to_layout() == demo_layout


def test_scores_are_judge_move_scores_at_placement():
    m = SandboxModel()
    m.set_state(m.rules, m.steps_plus_tile(2, 3, 0, 1))
    for btype, props in (("city_hall", [15]), ("business", [16]), ("residence", [21, 25])):
        want = judge_move(m.city, {"build": btype, "properties": props})
        m.set_state(m.rules, m.steps_plus_building(btype, props))
        assert m.city.buildings[-1].score == want["score"]
        assert m.city.buildings[-1].breakdown == want["breakdown"]


def test_refused_steps_keep_the_state():
    m = SandboxModel()
    with pytest.raises(SandboxError, match="next to the city"):
        m.steps_plus_tile(2, 10, 10, 0)
    with pytest.raises(SandboxError, match="City Hall"):
        m.steps_plus_building("cinema", [15])
    with pytest.raises(SandboxError, match="City Hall"):
        m.steps_plus_streetcar(((0, 0), (1, 0)))
    assert m.steps == [("tile", 1, 0, 0, 0)]


def test_removal_refuses_what_others_depend_on(demo_layout):
    m = demo_model(demo_layout)
    with pytest.raises(SandboxError, match="buildings on neighborhood 7"):
        m.steps_minus(("tile", 7))
    with pytest.raises(SandboxError, match="Clear table"):
        m.steps_minus(("tile", 1))
    # the middle of the streetcar line cannot go, an end can
    cars = m.city.streetcars
    with pytest.raises(SandboxError, match="end of the line"):
        m.steps_minus(("streetcar", cars[2]))
    steps = m.steps_minus(("streetcar", cars[-1]))
    m.set_state(m.rules, steps)
    assert len(m.city.streetcars) == len(cars) - 1
    # a building goes; the ones placed after it are rescored by the replay
    i = next(i for i, b in enumerate(m.city.buildings) if b.type == "bank")
    m.set_state(m.rules, m.steps_minus(("building", i)))
    assert "bank" not in [b.type for b in m.city.buildings]
    # tile 6 carries a residence: refused; after removing it, the tile can go
    with pytest.raises(SandboxError):
        m.steps_minus(("tile", 6))
    i = next(i for i, b in enumerate(m.city.buildings) if 62 in b.properties)
    m.set_state(m.rules, m.steps_minus(("building", i)))
    m.set_state(m.rules, m.steps_minus(("tile", 6)))
    assert 6 not in m.city.placed_tiles


def brute_force_best(m, btype, size):
    """Best score per cell by trying every set of `size` free properties with judge_move."""
    best = {}
    free = m.city.free_properties()
    for props in itertools.combinations(sorted(free), size):
        ans = judge_move(m.city, {"build": btype, "properties": list(props)})
        if ans["legal"]:
            for p in props:
                c = m.city.cell_of[p]
                best[c] = max(best.get(c, ans["score"]), ans["score"])
    return best


@pytest.mark.parametrize("btype,size", [("business", 1), ("residence", 2), ("cinema", 1), ("business", 3), ("bank", 1)])
def test_heat_map_matches_brute_force(demo_layout, btype, size):
    m = demo_model(demo_layout)
    heat = m.heat_map(btype, size)
    assert heat == brute_force_best(m, btype, size)
    if heat:
        best = m.best_spots(btype, size)[0]
        assert best.score == max(heat.values())


def test_rules_switch_rescored_or_refused(demo_layout, house_rules):
    m = demo_model(demo_layout)
    stingy = get_rules(str(house_rules))
    # the demo has two single residences: impossible with only one in the supply
    with pytest.raises(SandboxError, match="no single residences are left"):
        m.check_state(stingy, m.steps)
    m2 = SandboxModel()
    m2.set_state(m2.rules, m2.steps_plus_building("residence", [11]))
    assert m2.city.buildings[0].score == 3  # 2 + 1 outskirts
    m2.set_state(stingy, m2.steps)
    assert m2.city.buildings[0].score == 4  # 3 + 1 outskirts
    layout = m2.to_layout()
    # the file carries the rules table itself (never a path) and reopens under it
    assert layout["edition"] == "stingy" and layout["rules"]["edition"] == "stingy"
    assert str(house_rules.parent) not in m2.layout_text()
    rules, steps = SandboxModel.read(m2.layout_text())
    assert rules.edition == "stingy" and rules.buildings == stingy.buildings and steps == m2.steps


def test_broken_layouts_are_refused(tmp_path):
    m = SandboxModel()
    for text in (
        "not json",
        '{"format": "bigcity-layout", "version": 9}',
        json.dumps(
            {
                "format": "bigcity-layout",
                "version": 1,
                "edition": "original",
                "neighborhoods": [
                    {"number": 1, "x": 0, "y": 0, "rotation": 0},
                    {"number": 2, "x": 0, "y": 0, "rotation": 0},
                ],
            }
        ),
    ):
        p = tmp_path / "bad.json"
        p.write_text(text)
        with pytest.raises(LayoutError):
            m.open_file(p)
    assert m.steps == [("tile", 1, 0, 0, 0)]


def test_load_layout_agrees(demo_layout):
    m = demo_model(demo_layout)
    _, city = load_layout(json.dumps(demo_layout))
    assert city.cell_of == m.city.cell_of and city.outskirts == m.city.outskirts
