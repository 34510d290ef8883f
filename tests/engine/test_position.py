"""Positions: a game set up from data (engine.position.load_position), and back."""

from __future__ import annotations

import json
import random

import pytest

from bigcity_desktop.engine import (
    ActionKind,
    Build,
    GameState,
    Pass,
    Phase,
    PlaceStreetcar,
    all_cards_accounted,
    make_street,
)
from bigcity_desktop.engine.position import PositionError, load_position, position_to_json


def position(**fields):
    """A position on tiles 1, 2 and 3 (as the engine tests' game()), with
    the fields given."""
    data = {
        "format": "bigcity-position",
        "version": 1,
        "edition": "original",
        "players": ["Ann", "Bob", "Cy"],
        "city": {
            "neighborhoods": [
                {"number": 1, "x": 0, "y": 0, "rotation": 0},
                {"number": 2, "x": 3, "y": 0, "rotation": 0},
                {"number": 3, "x": 0, "y": 3, "rotation": 0},
            ],
            "buildings": [],
            "streetcars": [],
        },
        "hands": [[], [], []],
    }
    data.update(fields)
    return data


def test_a_position_sets_up_hands_city_and_turn():
    s = load_position(
        position(
            hands=[[15, 11, 12, 13, 14], [21, 22], []],
            turn_player=1,
            scores=[3, 0, 5],
            city={
                "neighborhoods": [{"number": 1, "x": 0, "y": 0, "rotation": 0}],
                "buildings": [{"type": "residence", "properties": [16], "owner": 2, "score": 2}],
            },
        )
    )
    assert s.phase == Phase.ACTION and s.current_player == 1 and s.turn_player == 1
    assert s.hands == [[15, 11, 12, 13, 14], [21, 22], []]
    assert s.scores == [3, 0, 5] and s.points_by_type(2) == {"residence": 2}
    assert 16 in s.discard  # the card of a built property is spent
    assert not s.city_hall_built
    counts = all_cards_accounted(s)
    assert all(k == 1 for k in counts.values())
    assert sum(counts.values()) == sum(len(s.rules.stack_cards(t)) for t in s.rules.tiles)


def test_city_hall_in_the_position_is_open_unless_built_this_turn():
    hall = {"type": "city_hall", "properties": [15], "owner": 0}
    city = {"neighborhoods": [{"number": 1, "x": 0, "y": 0, "rotation": 0}], "buildings": [hall]}
    s = load_position(position(city=city))
    assert s.city_hall_built and s.city_hall_open
    assert s.check(PlaceStreetcar(make_street((0, 0), (1, 0)))) is None
    s = load_position(position(city=city, city_hall_this_turn=True))
    assert s.city_hall_built and not s.city_hall_open
    assert (
        s.why_not(ActionKind.STREETCAR)
        == "Streetcars can be placed from the next turn on (City Hall was built this turn)"
    )


def test_exact_stacks_and_the_seed_decide_the_draws():
    a = load_position(position(seed=4))
    b = load_position(position(seed=4))
    c = load_position(position(seed=5))
    assert a.stacks == b.stacks and a.stacks != c.stacks
    s = load_position(position(hands=[[11], [], []], stacks={"1": [12, 13, 14, 15, 16, 17, 18, 19]}))
    assert s.stacks[1] == [12, 13, 14, 15, 16, 17, 18, 19]


@pytest.mark.parametrize(
    "fields,message",
    [
        ({"hands": [[11, 11], [], []]}, "card 11 is in the position 2 times"),
        ({"hands": [[11], [11], []]}, "card 11 is in the position 2 times"),
        ({"hands": [[99], [], []]}, "there is no card 99 in"),
        ({"hands": [[], []]}, "`hands` must list one hand per player (3)"),
        ({"players": ["Solo"], "hands": [[]]}, "is for 2 to 5 players, not 1"),
        ({"turn_player": 3}, "`turn_player` must be a player number from 0 to 2, not 3"),
        ({"stacks": {"1": [21]}}, "stacks[1]: card 21 belongs to stack 2"),
        ({"stacks": {"1": [11]}}, "stacks[1] is given, but cards"),
        ({"colour": "red"}, "unknown entry 'colour'"),
        ({"version": 2}, "unsupported position version 2"),
        ({"city": {"neighborhoods": []}}, "city: "),
    ],
)
def test_a_bad_position_is_refused_with_a_sentence(fields, message):
    with pytest.raises(PositionError) as err:
        load_position(position(**fields))
    assert message in str(err.value)


def _play_to_turn(seed: int, edition: str, players: int, turns: int) -> GameState:
    s = GameState.new(edition, players, seed)
    rng = random.Random(seed)
    while not s.is_over and (s.turn_index < turns or s.phase != Phase.ACTION or s.action_kind is not None):
        moves = s.legal_actions()
        s.apply(rng.choice([a for a in moves if not isinstance(a, Pass)] or moves))
    return s


@pytest.mark.parametrize("edition,players,seed", [("original", 3, 1), ("original", 5, 2), ("jumbo", 4, 4)])
def test_a_written_position_loads_back_and_plays_on_the_same(edition, players, seed):
    s = _play_to_turn(seed, edition, players, 10)
    assert not s.is_over
    data = json.loads(json.dumps(position_to_json(s)))
    t = load_position(data)
    for f in ("hands", "stacks", "discard", "scores", "arrival", "turn_player", "start_player", "round"):
        assert getattr(t, f) == getattr(s, f), f
    assert (t.city_hall_built, t.city_hall_open, t.city_hall_value) == (
        s.city_hall_built,
        s.city_hall_open,
        s.city_hall_value,
    )
    assert [(b.type, b.properties, b.owner, b.score) for b in t.city.buildings] == [
        (b.type, b.properties, b.owner, b.score) for b in s.city.buildings
    ]
    assert sorted(map(str, t.legal_actions())) == sorted(map(str, s.legal_actions()))
    # the same moves from here lead to the same game
    rng = random.Random(seed)
    for _ in range(60):
        if s.is_over:
            break
        a = rng.choice(s.legal_actions())
        s.apply(a)
        t.apply(a)
    assert t.scores == s.scores and t.hands == s.hands and t.phase == s.phase


def test_only_a_full_state_at_an_action_is_written():
    s = GameState.new("original", 3, 1)  # setup
    with pytest.raises(ValueError):
        position_to_json(s)
    s = _play_to_turn(1, "original", 3, 3)
    with pytest.raises(ValueError):
        position_to_json(s.view_for(0))


def test_a_park_in_a_position_leaves_its_properties_cards_where_they_are():
    city = {
        "neighborhoods": [{"number": 1, "x": 0, "y": 0, "rotation": 0}],
        "buildings": [{"type": "city_hall", "properties": [15]}, {"type": "park", "properties": [13, 16]}],
    }
    s = load_position(position(city=city, hands=[[13, 11], [], []]))
    assert 13 in s.hands[0] and s.is_useless(13)
    assert 16 not in s.discard and 20 in [c for st in s.stacks for c in st]
    s.apply(Pass())
    assert s.phase == Phase.REFILL
    assert Build("residence", (11,)) not in s.legal_actions()
