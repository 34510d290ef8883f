"""A bot's decision depends on its player's view only, never on hidden cards."""

import random

import pytest

from bigcity_desktop.engine import GameState, sample_hidden

from .conftest import small_bot


def positions(edition: str, players: int, seed: int, every: int = 7, limit: int = 24):
    """Positions of a game between easy bots, in every kind of phase."""
    state = GameState.new(edition, players, seed)
    bots = [small_bot("easy", i) for i in range(players)]
    out: list[GameState] = []
    seen_phases = set()
    n = 0
    while not state.is_over and len(out) < limit:
        if n % every == 0 or state.phase not in seen_phases:
            out.append(state.clone())
            seen_phases.add(state.phase)
        p = state.current_player
        state.apply(bots[p].choose(state.view_for(p)))
        n += 1
    return out


@pytest.mark.parametrize("bot", ["random", "easy", "medium", "hard"])
@pytest.mark.parametrize("edition,players", [("original", 3), ("jumbo", 3)])
def test_decision_ignores_hidden_cards(bot, edition, players):
    limit = 8 if bot == "hard" else 24
    checked = 0
    for k, state in enumerate(positions(edition, players, seed=21, limit=limit)):
        p = state.current_player
        view = state.view_for(p)
        full1 = sample_hidden(view, random.Random(1000 + k))
        full2 = sample_hidden(view, random.Random(2000 + k))
        if full1.hands == full2.hands and full1.stacks == full2.stacks:
            continue  # nothing hidden differs; try another position
        a1 = small_bot(bot, 77).choose(full1.view_for(p))
        a2 = small_bot(bot, 77).choose(full2.view_for(p))
        a0 = small_bot(bot, 77).choose(view)
        assert a1 == a2 == a0, f"{bot} decided differently on the same view ({state.phase})"
        checked += 1
    assert checked >= 3


def test_offer_and_take_phases_are_covered():
    phases = {s.phase for s in positions("jumbo", 3, seed=21, every=3, limit=200)}
    assert {"setup", "action", "refill", "offer", "take"} <= phases
