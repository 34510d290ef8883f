"""The bot interface shared by every difficulty."""

from __future__ import annotations

import random

from bigcity_desktop.engine import Action, GameState


class Bot:
    """A player that decides from its view of the game.

    ``choose(view)`` gets what the bot's player may know (``state.view_for``)
    and returns one legal action. A bot's decisions are reproducible: the
    same seed and the same views give the same choices.
    """

    name = "bot"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, view: GameState) -> Action:  # pragma: no cover - abstract
        raise NotImplementedError

    def explain(self, view: GameState, action: Action) -> str:
        """A one-line reason for a move (used by hints)."""
        return str(action)
