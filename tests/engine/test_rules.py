import pytest

from bigcity_desktop.engine import RulesError, get_rules, parse_rules
from bigcity_desktop.engine.rules import rules_dir


def test_both_editions_load_with_72_cards_and_68_properties():
    for ed in ("original", "jumbo"):
        r = get_rules(ed)
        assert len(r.all_properties) == 68
        assert len(r.all_cards) == 72
        assert all(len(r.stack_cards(t)) == 9 for t in r.tiles)
        assert sorted(r.special_cards) == [20, 40, 60, 80]


def test_edition_differences_come_from_the_data():
    o, j = get_rules("original"), get_rules("jumbo")
    assert (o.max_players, j.max_players) == (5, 4)
    assert o.hand_size[5] == 6 and j.hand_size[4] == 5
    assert (o.streetcar_line, j.streetcar_line) == ("tree", "path")
    assert (o.refill_per_stack, o.refill_mode) == (2, "hard")
    assert (j.refill_per_stack, j.refill_mode, j.exchange_per_stack) == (1, "fewest", 2)
    assert o.buildings["cinema"].variants[0].count == 4
    assert j.buildings["cinema"].variants[0].count == 3
    assert (j.city_hall_step, j.city_hall_max) == (1, 5)
    assert j.redevelopment and not o.redevelopment


def test_house_values_are_listed():
    house = get_rules("original").house_values()
    assert "buildings.shopping_center.base" in house
    assert "buildings.post_office.requires" in house
    assert "buildings.residence.base" not in house


def _broken(old, new):
    text = (rules_dir() / "original.toml").read_text()
    assert old in text
    return parse_rules(text.replace(old, new, 1).encode(), source="house.toml")


@pytest.mark.parametrize(
    "old,new,message",
    [
        (
            'name = "single", shape = "single", count = 4, base = 5',
            'name = "single", shape = "blob", count = 4, base = 5',
            "buildings.cinema.variants[0]",
        ),
        (
            'requires = [{ city_hall = true }, { adjacent = "residence", min = 2 }]',
            'requires = [{ city_hall = true }, { adjacent = "castle", min = 2 }]',
            "buildings.cinema.requires",
        ),
        ('line = "tree"', 'line = "zigzag"', "[streetcars]"),
        ("refill_per_stack = 2", 'refill_per_stack = "two"', "[draws]"),
        ('marks = { min = "book", max = "book" }', 'marks = { min = "book", max = "maybe" }', "[players]"),
        ('marks = { min = "book", max = "book" }', 'marks = { min = "book" }', "no confidence mark for `max`"),
        ("[buildings.bank]", "[buildings.castle]", "building `bank` is missing"),
        ("[groups]", '[groups]\ncastle = ["moat"]', "group `castle` must list building types"),
        ('format = "bigcity-rules"', 'format = "something"', "not a Big City rules file"),
    ],
)
def test_a_broken_rules_file_names_the_bad_entry(old, new, message):
    with pytest.raises(RulesError) as e:
        _broken(old, new)
    assert message in str(e.value)
    assert "house.toml" in str(e.value)


def test_not_toml_at_all():
    with pytest.raises(RulesError, match="not valid TOML"):
        parse_rules(b"this = = is not toml", "x.toml")


def test_a_house_rules_file_changes_a_value(tmp_path):
    text = (rules_dir() / "original.toml").read_text()
    text = text.replace('edition = "original"', 'edition = "my-house"\nbase_edition = "original"')
    text = text.replace(
        '{ name = "single", shape = "single", count = 3, base = 5 }',
        '{ name = "single", shape = "single", count = 3, base = 7 }',
    )
    f = tmp_path / "house.toml"
    f.write_text(text)
    r = get_rules(str(f))
    assert r.edition == "my-house"
    assert r.buildings["bank"].variants[0].base == 7
