"""The random player: a baseline for tests, self-play and benchmarks."""

from __future__ import annotations

from bigcity_desktop.engine import Action, GameState

from .base import Bot


class RandomBot(Bot):
    """Picks a kind of decision uniformly among those with a legal move, then
    a legal move of that kind uniformly, so games end in a natural number of
    turns (picking among all moves would almost never pass)."""

    name = "random"

    def choose(self, view: GameState) -> Action:
        kinds = view.legal_kinds()
        kind = self.rng.choice(kinds)
        return self.rng.choice(view.legal_actions(kind))
