"""The tie order: on the score track, of equal scores the marker that arrived
last stands ahead (RULES.md), and that order decides the places, the jumbo
redevelopment's offers (leader first) and its picks (last place first, face-up
offers before face-down ones). Each test states the expected order as a
list, never as `state.standing()` again, so a broken order fails here."""

from __future__ import annotations

import json

import pytest

from bigcity_desktop.engine import Build, GameState, Offer, Phase, turns
from bigcity_desktop.engine.position import load_position, position_to_json
from bigcity_desktop.engine.viewjson import view_from_json, view_json_of

from .helpers import posed


def test_equal_scores_the_later_marker_ahead() -> None:
    s = posed(players=3, scores=[5, 5, 2], arrival=[0, 1, 2])
    assert s.standing() == [1, 0, 2]
    s = posed(players=3, scores=[5, 5, 2], arrival=[1, 0, 2])
    assert s.standing() == [0, 1, 2]
    s = posed(players=4, scores=[3, 3, 3, 3], arrival=[2, 0, 3, 1])
    assert s.standing() == [2, 0, 3, 1]


def test_scoring_puts_the_marker_on_top_and_zero_points_do_not_move_it() -> None:
    s = posed(players=3)  # everybody at 0, arrival 0, 1, 2
    turns.add_score(s, 2, 4)
    turns.add_score(s, 0, 4)  # 0 reaches 4 after 2: ahead of 2
    assert s.standing() == [0, 2, 1]
    turns.add_score(s, 2, 0)  # nothing scored: the marker stays where it lies
    assert s.standing() == [0, 2, 1]
    turns.add_score(s, 1, 4)
    assert s.standing() == [1, 0, 2]
    turns.add_score(s, 2, 1)
    turns.add_score(s, 0, 1)
    assert s.standing() == [0, 2, 1]


def test_a_build_that_ties_puts_the_builder_ahead() -> None:
    s = posed(players=3, hands={0: [11, 12, 13, 14, 15]})
    assert s.phase == Phase.ACTION and s.current_player == 0
    build = Build("residence", (11,))
    points = s.judge(build).score
    assert points
    s.scores[1] = s.scores[0] + points  # player 1 is there already
    s.apply(build)
    assert s.scores[0] == s.scores[1]
    assert s.standing() == [0, 1, 2]


def test_staggered_start_the_last_to_play_leads() -> None:
    """Jumbo: the start player begins at 0, the next at 1, ... and their
    markers arrive in that order; so with nothing scored the standing runs
    backwards round the table from the start player's right-hand neighbour."""
    starts = set()
    for seed in range(12):
        s = GameState.new("jumbo", 4, seed)
        start = s.start_player
        starts.add(start)
        assert s.scores == [(p - start) % 4 for p in range(4)]
        assert s.standing() == [(start + 3 - i) % 4 for i in range(4)]
    assert len(starts) > 1


def redevelopment(scores: list[int], arrival: list[int]) -> GameState:
    """A jumbo game of three, everybody with five cards, at the start of a redevelopment."""
    s = posed("jumbo", players=3, scores=scores, arrival=arrival)
    for p in range(3):
        while len(s.hands[p]) < 5:
            s.hands[p].append(next(st.pop() for st in s.stacks if st))
    turns.start_redevelopment(s)
    assert s.phase == Phase.OFFER
    return s


@pytest.mark.parametrize(
    ("scores", "arrival", "offers"),
    [
        ([5, 5, 2], [0, 1, 2], [1, 0, 2]),  # 1 reached 5 after 0
        ([5, 5, 2], [1, 0, 2], [0, 1, 2]),
        ([2, 5, 5], [2, 1, 0], [1, 2, 0]),
        ([4, 4, 4], [1, 2, 0], [1, 0, 2]),
    ],
)
def test_redevelopment_offers_leader_first_and_picks_last_first(
    scores: list[int], arrival: list[int], offers: list[int]
) -> None:
    s = redevelopment(scores, arrival)
    assert s.offer_queue == offers and s.current_player == offers[0]
    # the last in the standing offers face up if it can, the others face down
    up = offers[-1]
    for p in offers:
        assert s.current_player == p
        if p == up:
            playable = [c for c in s.hands[p] if s.card_playable(c)]
            assert playable, "a card to offer face up"
            s.apply(Offer((playable[0],), True))
        else:
            s.apply(Offer((s.hands[p][0],), False))
    assert s.phase == Phase.TAKE
    # picks: the face-up offers first, then the face-down ones, each from the last place up
    assert s.pick_queue == [[up, 1]] + [[p, 1] for p in reversed(offers[:-1])]


def test_the_order_survives_copies_views_and_files() -> None:
    """The arrival order is part of the position: a clone, a seat's view, a
    spectator's view and the position and view files keep it."""
    s = posed(players=3, scores=[5, 5, 5], arrival=[4, 6, 5])
    order = [1, 2, 0]
    assert s.standing() == order
    assert s.clone().standing() == order
    assert s.view_for(0).standing() == order
    back = load_position(json.loads(json.dumps(position_to_json(s))))
    assert back.standing() == order
    for viewer in (0, None):
        text = json.dumps(view_json_of(s, viewer))
        assert view_from_json(text).standing() == order
