"""Hints: a legal move and a reason, in every kind of decision."""

import pytest

from bigcity_desktop.bots.hint import hint
from bigcity_desktop.engine import ActionKind, GameState, Phase

from .conftest import small_bot


@pytest.mark.parametrize("edition", ["original", "jumbo"])
def test_hint_is_legal_with_reason(edition):
    state = GameState.new(edition, 3, 9)
    bots = [small_bot("easy", i) for i in range(3)]
    phases = set()
    n = 0
    while not state.is_over and n < 400:
        p = state.current_player
        if state.phase not in phases or n % 25 == 0:
            phases.add(state.phase)
            bot = small_bot("hard", 0)
            for src in (state, state.view_for(p)):
                action, why = hint(src, p, bot=bot)
                assert state.check(action) is None, (action, state.check(action))
                assert isinstance(why, str) and why.strip()
                assert "\n" not in why
        state.apply(bots[p].choose(state.view_for(p)))
        n += 1
    assert "action" in phases and "refill" in phases


def test_hint_build_reason_names_points():
    state = GameState.new("original", 2, 4)
    bots = [small_bot("easy", i) for i in range(2)]
    found = False
    for _ in range(300):
        if state.is_over:
            break
        p = state.current_player
        if state.phase == Phase.ACTION:
            action, why = hint(state, p, bot=small_bot("hard", 0))
            if action.kind == ActionKind.BUILD and action.building in ("residence", "business"):
                assert "point" in why
                found = True
                break
        state.apply(bots[p].choose(state.view_for(p)))
    assert found


def test_hint_refuses_other_players_turn():
    state = GameState.new("original", 2, 4)
    with pytest.raises(ValueError):
        hint(state, (state.current_player + 1) % 2)


@pytest.mark.parametrize(("scores", "says"), [([68, 68], "sharing first place"), ([69, 68], "in the lead")])
def test_pass_hint_tells_a_shared_first_place_from_a_lead(monkeypatch, scores, says):
    """Issue 25.2: at 68–68 a game-ending pass is a shared first place."""
    import importlib

    hint_module = importlib.import_module("bigcity_desktop.bots.hint")
    from bigcity_desktop.engine import Pass

    state = GameState.new("original", 2, 4)
    while state.phase != Phase.ACTION:
        state.apply(small_bot("easy", state.current_player).choose(state.view_for(state.current_player)))
    me = state.current_player
    state.scores[me], state.scores[1 - me] = scores
    monkeypatch.setattr(hint_module, "would_end_game", lambda view, kind: True)
    why = hint_module.reason(state.view_for(me), Pass())
    assert says in why, why
    assert ("lead" in why) == (says == "in the lead")
