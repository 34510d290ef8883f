"""Timelines and rebuilt positions: every position of a game, exactly."""

from __future__ import annotations

import random

import pytest

from bigcity_desktop.cli import play_random_game
from bigcity_desktop.engine import DRAW_PHASES, GameState
from bigcity_desktop.engine.record import load_record, record_to_json
from bigcity_desktop.engine.timeline import Timeline, TimelineCancelled, decision_points, rebuild


def same(a: GameState, b: GameState) -> bool:
    return (
        a.history == b.history
        and a.hands == b.hands
        and a.stacks == b.stacks
        and a.scores == b.scores
        and a.events == b.events
        and a.score_history == b.score_history
        and a.phase == b.phase
        and a.current_player == b.current_player
        and [(x.type, x.properties, x.owner, x.score) for x in a.city.buildings]
        == [(x.type, x.properties, x.owner, x.score) for x in b.city.buildings]
        and a.city.streetcars == b.city.streetcars
        and (a.rng and a.rng.getstate()) == (b.rng and b.rng.getstate())
    )


@pytest.mark.parametrize("edition,seed", [("original", 3), ("jumbo", 5)])
def test_every_position_equals_the_shortened_record_replayed(edition, seed):
    final = play_random_game(edition, 3, seed)
    tl = Timeline.build(final, every=16)
    assert tl.length == len(final.history)
    for k in range(0, tl.length + 1, 7):
        want = rebuild(final, k)
        got = tl.state_at(k)
        assert same(got, want)
        # the rebuilt state is the record cut at k, read back
        data = record_to_json(final)
        data["actions"] = data["actions"][:k]
        data["scores"] = list(want.scores)
        assert same(load_record(data).state, want)
        assert tl.event_counts[k] == len(want.events)
        assert tl.score_counts[k] == len(want.score_history)
        assert tl.round_of(k) == want.round
    assert same(tl.state_at(tl.length), final)
    # state_at hands out copies
    s = tl.state_at(20)
    s.hands[0].append(999)
    assert 999 not in tl.state_at(20).hands[0]


def test_rounds_and_log_lines_map_to_positions():
    final = play_random_game("original", 3, 8)
    tl = Timeline.build(final)
    for rnd in range(1, tl.last_round() + 1):
        k = tl.first_of_round(rnd)
        assert tl.round_of(k) == rnd and (k == 0 or tl.round_of(k - 1) < rnd)
    assert tl.first_of_round(tl.last_round() + 5) == tl.length
    for row in (0, 5, len(final.events) // 2, len(final.events) - 1):
        k = tl.position_of_event(row)
        assert tl.event_counts[k] > row and (k == 0 or tl.event_counts[k - 1] <= row)


def test_building_can_be_cancelled_and_reports_progress():
    final = play_random_game("original", 3, 2)
    seen = []
    Timeline.build(final, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (len(final.history), len(final.history))
    with pytest.raises(TimelineCancelled):
        Timeline.build(final, progress=lambda d, t: False)
    with pytest.raises(ValueError):
        rebuild(final, len(final.history) + 1)


def test_decision_points_skip_forced_draws():
    final = play_random_game("original", 3, 4)
    points = decision_points(final, frozenset({1}))
    s = GameState.new(final.rules, final.n, final.seed, final.names)
    forced = 0
    for i, a in enumerate(final.history):
        mine = final.actors[i] == 1
        one_stack = s.phase in DRAW_PHASES and len(s.legal_draw_stacks()) == 1
        assert (i in points) == (mine and not one_stack)
        forced += mine and one_stack
        s.apply(a)
    assert points and decision_points(final, frozenset()) == []
    rng = random.Random(0)
    assert all(final.actors[i] == 1 for i in rng.sample(points, 5))
