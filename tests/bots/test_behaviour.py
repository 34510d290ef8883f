"""Behaviour the issue asks for: greedy building, no passive loss, speed."""

from functools import partial

from bigcity_desktop.bots import make_bot
from bigcity_desktop.bots.common import scored_builds
from bigcity_desktop.bots.outlook import outlook, sensible
from bigcity_desktop.engine import ActionKind, GameState, Pass, Phase
from bigcity_desktop.engine.endgame import would_end_game
from tests.timing import cpu_seconds, unit


def action_positions(edition, players, seed, count):
    state = GameState.new(edition, players, seed)
    bots = [make_bot("easy", i) for i in range(players)]
    out = []
    while not state.is_over and len(out) < count:
        if state.phase == Phase.ACTION and state.turn_index > 3:
            out.append(state.clone())
        p = state.current_player
        state.apply(bots[p].choose(state.view_for(p)))
    return out


def test_easy_builds_the_best_building_worth_four():
    seen = 0
    for s in action_positions("original", 3, 2, 40):
        view = s.view_for(s.current_player)
        builds = [(sc, a) for sc, a in scored_builds(view) if a.building != "city_hall"]
        if builds and builds[0][0] >= 4:
            a = make_bot("easy", 1).choose(view)
            if a.kind == ActionKind.BUILD and a.building != "city_hall":
                assert view.judge(a).score == builds[0][0]
                seen += 1
    assert seen >= 5


def test_easy_does_not_end_the_game_by_passing_while_behind():
    checked = 0
    for s in action_positions("original", 2, 7, 60):
        p = s.current_player
        s.passes_in_row = s.n - 1  # the opponent just passed: a pass now ends the game
        s.scores[p] = 0
        s.scores[1 - p] = 50
        view = s.view_for(p)
        assert would_end_game(view, ActionKind.PASS)
        look = outlook(view)
        # moves that cannot lead to points (a dead city) do not count: a pass is right there
        active = [a for a in view.legal_actions() if a.kind not in ("pass", "exchange") and sensible(view, look, a)]
        if not active:
            continue
        assert make_bot("easy", 3).choose(view) != Pass()
        checked += 1
    assert checked >= 5


def test_easy_passes_to_win():
    for s in action_positions("original", 2, 7, 30):
        p = s.current_player
        view = s.view_for(p)
        if any(sc > 3 for sc, _ in scored_builds(view)):
            continue
        s.passes_in_row = s.n - 1
        s.scores[p] = 80
        s.scores[1 - p] = 10
        assert make_bot("easy", 3).choose(s.view_for(p)) == Pass()
        return


def test_easy_is_fast():
    """The easy bot's worst move of a game stays within 12 calibration units
    of CPU time (tests/timing.py): 1.1 units (10 ms) on the project's build
    machine, where 12 units are about 100 ms (the target is 50 ms)."""
    before = unit()
    worst = 0.0
    for s in action_positions("jumbo", 3, 4, 25):
        view = s.view_for(s.current_player)
        _, seconds = cpu_seconds(partial(make_bot("easy", 0).choose, view))
        worst = max(worst, seconds)
    units = worst / max(before, unit())
    assert units < 12, f"{units:.1f} calibration units"


def test_rollouts_offer_and_take_as_the_medium_bot():
    """In a jumbo rollout, a redevelopment on the way is played as the medium
    bot plays it: nobody gives away a good card just because it has the
    lowest number (that noise once hid every difference between moves)."""
    import random

    from bigcity_desktop.bots.common import Ctx, choose_offer, choose_take
    from bigcity_desktop.bots.hard import lean_policy

    from .test_hidden import positions

    seen = set()
    for s in positions("jumbo", 3, seed=21, every=1, limit=400):
        if s.phase not in (Phase.OFFER, Phase.TAKE):
            continue
        seen.add(s.phase)
        legal = s.legal_actions(s.phase)
        expected = (choose_offer if s.phase == Phase.OFFER else choose_take)(Ctx(s), legal, random.Random(0))
        got = lean_policy(s, random.Random(0))
        assert got == expected
        assert got in legal
    assert seen == {"offer", "take"}


def test_hard_weighs_the_others_by_table():
    """The hard bot's weight of the others' cards is HARD_OPP_WEIGHT except
    at the tables HARD_OPP_WEIGHTS names (jumbo at four players), where its
    evaluation is exactly that of an evaluator with the table's weight."""
    from bigcity_desktop.bots.hard import HardBot
    from bigcity_desktop.bots.medium import HARD_OPP_WEIGHT, HARD_OPP_WEIGHTS, Evaluator

    assert HARD_OPP_WEIGHTS, "no table has a weight of its own"
    for (edition, players), weight in HARD_OPP_WEIGHTS.items():
        s = action_positions(edition, players, 3, 1)[0]
        bot = HardBot(seed=0)
        assert bot.ev.opp_weight_for(s) == weight == bot.ev_roll.opp_weight_for(s)
        assert bot.ev.evaluate(s, 0) == Evaluator(opp_weight=weight).evaluate(s, 0)
        assert bot.ev.evaluate(s, 0) != Evaluator(opp_weight=HARD_OPP_WEIGHT).evaluate(s, 0)
    heads_up = action_positions("jumbo", 2, 3, 1)[0]
    assert HardBot(seed=0).ev.opp_weight_for(heads_up) == HARD_OPP_WEIGHT
