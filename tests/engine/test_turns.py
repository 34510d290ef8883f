"""Setup, the actions of a turn, draws, useless cards and the end of the game."""

from collections import Counter

import pytest

from bigcity_desktop.engine import (
    DRAW_PHASES,
    ActionKind,
    Build,
    Draw,
    Exchange,
    GameState,
    IllegalAction,
    Pass,
    Phase,
    PlaceStreetcar,
    PlaceTile,
    StopStreetcars,
    make_street,
)

from .helpers import game, give, posed, put


def drain(s, player_draws=None):
    """Draw from the lowest legal stack until the turn is over."""
    while s.phase in DRAW_PHASES:
        s.apply(s.legal_actions(ActionKind.DRAW)[0])


@pytest.mark.parametrize(
    "edition,players,tiles",
    [
        ("original", 2, [2, 3, 4, 5]),
        ("original", 3, [2, 3, 4]),
        ("original", 4, [2, 3, 4, 5]),
        ("original", 5, [2, 3, 4, 5, 6]),
        ("jumbo", 2, [2, 3, 4, 5]),
        ("jumbo", 3, [2, 3, 4]),
        ("jumbo", 4, [2, 3, 4, 5]),
    ],
)
def test_setup_hands_tiles_and_order(edition, players, tiles):
    s = GameState.new(edition, players, seed=3)
    assert s.phase == Phase.SETUP
    assert sorted(s.setup_tiles) == tiles
    size = 6 if players == 5 else 5
    for h in s.hands:
        assert len(h) == size
        assert sorted(c // 10 for c in h) == list(range(1, size + 1))
    st = s.start_player
    if edition == "original":
        assert s.setup_order == [(st + i) % players for i in range(len(tiles))]
        assert s.scores == [0] * players
    else:
        assert s.setup_order == [(st - 1 - i) % players for i in range(len(tiles))]
        assert [s.scores[(st + i) % players] for i in range(players)] == list(range(players))
    # each placer places one of the designated tiles; then the start player acts
    while s.phase == Phase.SETUP:
        acts = s.legal_actions()
        assert acts and all(isinstance(a, PlaceTile) and a.number in tiles for a in acts)
        assert s.check(PlaceTile(7, 10, 10, 0)) is not None
        s.apply(acts[len(acts) // 2])
    assert s.phase == Phase.ACTION and s.current_player == st
    assert len(s.city.tiles) == 1 + len(tiles)


def test_two_player_setup_each_places_two():
    s = GameState.new("original", 2, seed=5)
    assert len(s.setup_order) == 4 and s.setup_order[0] == s.setup_order[2] != s.setup_order[1]


def test_out_of_turn_and_wrong_phase_are_refused_with_a_sentence():
    s = game()
    p = s.current_player
    other = (p + 1) % s.n
    assert s.check(Pass(), player=other) == f"it is {s.names[p]}'s turn, not {s.names[other]}'s"
    assert s.check(Draw(1)) == "choose an action first"
    with pytest.raises(IllegalAction):
        s.apply(Pass(), player=other)
    assert s.check(StopStreetcars()) == "there is no streetcar action to end"


def test_build_scores_uses_cards_and_refills_with_two_per_stack_at_most():
    s = posed(hands={0: [11, 12, 13, 14, 21]})
    p = s.current_player
    a = Build("residence", (11, 12, 13))
    assert a in s.legal_actions(ActionKind.BUILD)
    assert s.check(Build("residence", (11, 12, 15))) == "you do not hold the card for property 15"
    s.apply(a)
    assert s.scores[p] == 11 and s.phase == Phase.REFILL
    assert 11 in s.discard and 11 not in s.hands[p]
    assert s.check(Draw(5)) is None
    s.apply(Draw(5))
    s.apply(Draw(5))
    assert s.check(Draw(5)) == "at most 2 cards may come from one stack"
    s.apply(Draw(6))
    assert s.phase == Phase.ACTION and s.current_player == (p + 1) % s.n
    assert len(s.hands[p]) == 5


def test_city_hall_opens_the_game_from_the_next_turn():
    s = game()
    p = s.current_player
    give(s, p, [15, 11, 12, 13, 14])
    assert s.check(PlaceStreetcar(make_street((0, 0), (1, 0)))).startswith(
        "Streetcars can be placed only once City Hall is built"
    )
    s.apply(Build("city_hall", (15,)))
    assert s.city_hall_built and not s.city_hall_open
    drain(s)
    q = s.current_player
    assert q != p and s.city_hall_open
    assert s.check(PlaceStreetcar(make_street((0, 0), (1, 0)))) is None


def test_cinema_is_closed_until_city_hall_and_says_so():
    s = posed(buildings=[("residence", [11]), ("residence", [13])], hands={0: [12, 14, 16, 17, 18]})
    assert s.check(Build("cinema", (12,))) == "A cinema can be built only once City Hall is built"


def test_streetcar_action_first_one_then_up_to_two():
    s = posed(buildings=[("city_hall", [15])])
    p = s.current_player
    first = PlaceStreetcar(make_street((0, 0), (1, 0)))
    s.apply(first)
    assert s.phase in (Phase.REFILL, Phase.ACTION)  # the very first streetcar is alone
    drain(s)
    assert s.current_player == (p + 1) % s.n
    s.apply(PlaceStreetcar(make_street((0, 1), (1, 1))))
    assert s.phase == Phase.STREETCAR
    assert StopStreetcars() in s.legal_actions()
    s.apply(PlaceStreetcar(make_street((0, 2), (1, 2))))
    assert s.phase in (Phase.REFILL, Phase.ACTION) and len(s.city.streetcars) == 3
    drain(s)
    s.apply(PlaceStreetcar(make_street((0, 3), (1, 3))))
    s.apply(StopStreetcars())
    assert len(s.city.streetcars) == 4


def test_neighborhood_action_places_any_unplaced_tile():
    s = posed(buildings=[("city_hall", [15])])
    acts = s.legal_actions(ActionKind.NEIGHBORHOOD)
    assert acts and {a.number for a in acts} == {4, 5, 6, 7, 8}
    for a in acts[:20]:
        assert s.check(a) is None
    s.apply(acts[0])
    assert acts[0].number in s.city.placed_tiles


def test_park_card_places_a_park_and_makes_covered_cards_useless():
    s = posed(buildings=[("city_hall", [15])], hands={0: [20, 11, 12, 14, 17], 1: [13, 16, 21, 22, 23]})
    p, q = 0, 1
    park = Build("park", (13, 16))
    assert park in s.legal_actions(ActionKind.PARK_FACTORY)
    s.apply(park)
    assert s.scores[p] == 0 and 20 in s.discard
    assert s.is_useless(13) and s.is_useless(16)
    drain(s)
    assert s.current_player == q
    # q's useless cards were revealed and discarded at the start of q's turn
    assert 13 not in s.hands[q] and 16 not in s.hands[q] and 13 in s.discard
    assert len(s.hands[q]) == 3
    s.apply(Pass())
    drain(s)
    assert len(s.hands[q]) == 5


def test_original_exchange_returns_cards_to_the_bottom_then_refills():
    s = game()
    p = s.current_player
    give(s, p, [11, 12, 21, 22, 31])
    bottom = s.stacks[1][0]
    s.apply(Exchange((11, 12)))
    assert s.stacks[1][:2] in ([12, 11], [11, 12]) and s.stacks[1][2] == bottom
    assert s.phase == Phase.REFILL
    drain(s)
    assert len(s.hands[p]) == 5


def test_original_game_ends_after_as_many_passes_in_a_row_as_players():
    s = game(players=3)
    for _i in range(3):
        assert not s.is_over
        s.apply(Pass())
        drain(s)
    assert s.is_over and s.end_reason == "3 turns in a row were passes"
    assert s.check(Pass()) == "the game is over"


def test_exchange_breaks_a_run_of_passes_in_the_original():
    s = game(players=2)
    s.apply(Pass())
    drain(s)
    s.apply(Exchange((s.hands[s.current_player][0],)))
    drain(s)
    s.apply(Pass())
    drain(s)
    assert not s.is_over


def test_game_ends_when_the_city_is_complete():
    tiles = [
        (1, 0, 0, 0),
        (2, 3, 0, 0),
        (3, 7, 0, 0),
        (4, 10, 0, 0),
        (5, 14, 0, 0),
        (6, 17, 0, 0),
        (7, 21, 0, 0),
        (8, 24, 0, 0),
    ]
    s = GameState.new("original", 2, seed=2, start_city=[list(t) for t in tiles])
    for prop in s.city.cell_of:
        if prop != 11:
            s.city.place_building("residence", "single", (prop,))
    s.city.pieces_used = Counter()
    s.city.changed()
    p = s.current_player
    give(s, p, [11])
    s.apply(Build("residence", (11,)))
    assert s.is_over and "Every property" in s.end_reason


def test_refill_stops_when_stacks_run_dry():
    s = game()
    p = s.current_player
    give(s, p, [11, 12, 13, 14, 15])
    keep = s.stacks[4][-1]
    for st in s.stacks:
        s.discard.extend(c for c in st if c != keep)
        st[:] = [c for c in st if c == keep]
    s.apply(Build("residence", (11, 12, 13)))
    assert s.legal_actions() == [Draw(4)]
    s.apply(Draw(4))
    assert s.phase == Phase.ACTION and len(s.hands[p]) == 3


def test_exchange_only_variant_keeps_useless_cards_until_exchanged(tmp_path):
    from bigcity_desktop.engine import get_rules
    from bigcity_desktop.engine.rules import rules_dir

    text = (
        (rules_dir() / "original.toml")
        .read_text()
        .replace('useless_cards = "turn_start"', 'useless_cards = "exchange_only"')
    )
    f = tmp_path / "variant.toml"
    f.write_text(text)
    s = GameState.new(get_rules(str(f)), 3, seed=1, start_city=[[2, 3, 0, 0], [3, 0, 3, 0]])
    put(s, "city_hall", [15])
    p = s.current_player
    q = (p + 1) % 3
    give(s, p, [20, 11, 12, 14, 17])
    give(s, q, [13, 16, 21, 22, 23])
    s.apply(Build("park", (13, 16)))
    drain(s)
    assert 13 in s.hands[q]  # not discarded at the start of the turn
    s.apply(Exchange((13,)))
    assert 13 in s.discard and 13 not in s.stacks[1]
