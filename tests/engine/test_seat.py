"""SeatView: the board's questions for the seat at the screen, answered from
one view of the game (no Qt), the same answers as the state's own moves."""

from __future__ import annotations

import random

from bigcity_desktop.engine import ActionKind, Build, GameState, PlaceStreetcar, PlaceTile, Take
from bigcity_desktop.engine.phases import DRAW_PHASES, Phase
from bigcity_desktop.engine.seat import OfferedCard, SeatView


def _positions(seed: int = 3, every: int = 7) -> list[GameState]:
    s = GameState.new("original", 3, seed)
    rng = random.Random(seed)
    out = []
    i = 0
    while not s.is_over:
        if i % every == 0:
            out.append(s.clone())
        s.apply(rng.choice(s.legal_actions(rng.choice(s.legal_kinds()))))
        i += 1
    out.append(s)
    return out


def test_the_legal_spots_are_the_states_moves_for_the_player_to_move():
    for s in _positions():
        p = s.current_player
        sv = SeatView(s.view_for(p), p, 1, None)
        v = s.view_for(p)
        assert sv.my_turn() == (not s.is_over)
        if s.is_over:
            assert sv.legal_kinds() == [] and sv.legal_streets() == [] and sv.legal_builds("residence") == []
            continue
        assert sv.legal_kinds() == v.legal_kinds()
        streets = [a.street for a in v.legal_actions(ActionKind.STREETCAR) if isinstance(a, PlaceStreetcar)]
        assert sv.legal_streets() == (streets if s.phase in (Phase.ACTION, Phase.STREETCAR) else [])
        takes = {(a.owner, a.slot) for a in v.legal_actions(ActionKind.TAKE) if isinstance(a, Take)}
        assert sv.legal_takes() == (takes if s.phase == Phase.TAKE else set())
        if s.phase in DRAW_PHASES:
            assert sv.legal_draw_stacks() == v.legal_draw_stacks()
        for number in sv.spare_tiles()[:2]:
            for rot in range(4):
                want = {
                    (a.x, a.y)
                    for a in v.legal_actions(ActionKind.NEIGHBORHOOD)
                    if isinstance(a, PlaceTile) and a.number == number and a.rotation == rot
                }
                assert sv.legal_tile_positions(number, rot) == want
                assert sv.legal_tile_positions(number, rot + 4) is sv.legal_tile_positions(number, rot)  # kept
        if s.phase == Phase.ACTION:
            builds = [a for a in v.legal_actions(ActionKind.BUILD) if isinstance(a, Build)]
            assert {(a.building, len(a.properties)) for a in builds} <= sv.buildable()
            for a in builds[:3]:
                assert a.properties in sv.legal_builds(a.building, len(a.properties))
                j = sv.judge(a.building, a.properties)
                assert j.reason is None and j == v.judge(a)


def test_another_seat_gets_nothing_and_the_sessions_reason():
    s = _positions()[2]
    other = (s.current_player + 1) % 3
    sv = SeatView(s.view_for(other), other, 5, "it is Bea's turn, not yours")
    assert not sv.my_turn()
    assert sv.legal_kinds() == [] and sv.legal_tile_positions(1, 0) == set() and sv.legal_draw_stacks() == []
    assert sv.judge("residence", [1]).reason == "it is Bea's turn, not yours"
    assert sv.check_tile(1, 0, 0, 0) == "it is Bea's turn, not yours"
    assert sv.hand() == sorted(s.hands[other])


def test_no_game_no_answers():
    sv = SeatView(None, None, 0, "no game is running")
    assert not sv.my_turn() and sv.hand() == [] and sv.spare_tiles() == [] and sv.offered_cards() == []
    assert sv.judge("residence", [1]).reason == "no game is running"


def test_a_refused_spot_says_the_engines_sentence():
    s = GameState.new("original", 3, 1)
    p = s.current_player
    sv = SeatView(s.view_for(p), p, 0, None)
    assert sv.check_tile(99, 0, 0, 0) == s.check(PlaceTile(99, 0, 0, 0))
    assert sv.judge("residence", ["x"]).reason  # not a property: a reason, no exception


def test_offered_cards_are_data():
    for s in _positions(seed=5, every=1):
        if s.offers:
            sv = SeatView(s, s.current_player, 0, None)
            cards = sv.offered_cards()
            assert all(isinstance(c, OfferedCard) for c in cards)
            assert len(cards) == sum(len(o.cards) for o in s.offers.values())
            return
