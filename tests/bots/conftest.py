"""Helpers for the bot tests."""

import pytest

from bigcity_desktop.bots import make_bot
from bigcity_desktop.bots.hard import HardBot
from bigcity_desktop.engine import GameState


def small_bot(name: str, seed: int):
    """A bot as the tests use it: the hard bot with a small search budget."""
    if name == "hard":
        return HardBot(seed=seed, candidates=3, samples=2)
    return make_bot(name, seed)


def play_checked(edition: str, names: list[str], seed: int, max_decisions: int = 20000) -> GameState:
    """Play a whole game, checking every decision is legal before applying it."""
    state = GameState.new(edition, len(names), seed)
    bots = [small_bot(n, seed * 10 + i) for i, n in enumerate(names)]
    for _ in range(max_decisions):
        if state.is_over:
            return state
        p = state.current_player
        view = state.view_for(p)
        action = bots[p].choose(view)
        reason = state.check(action)
        assert reason is None, f"{names[p]} chose illegal {action} in phase {state.phase}: {reason}"
        state.apply(action)
    pytest.fail(f"the game of seed {seed} did not end after {max_decisions} decisions")
