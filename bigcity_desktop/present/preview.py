"""A building's score as the seat to move would book it, step by step: its
base, each modifier that counts, the multiplier and why (the app's score
bubble, and the browser page's, through the view message's legal moves).

The score is the engine's one scoring (``City.score_of_legal``: the
building is one the move generator made, so nothing is checked again);
here it becomes frozen values a screen words, in a language of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bigcity_desktop.engine import GameState


@dataclass(frozen=True, slots=True)
class ScoreStep:
    """A modifier that counted: `points` in all, `because` of its tags (joined
    by "+", or a kind of building counted next to it `count` times)."""

    points: int
    because: str
    count: int | None = None


@dataclass(frozen=True, slots=True)
class ScorePreview:
    """What a building would score and how: ``(base + sum of add) × multiplier``."""

    points: int
    base: int
    add: tuple[ScoreStep, ...]
    multiplier: int
    because: tuple[str, ...]

    @property
    def plain(self) -> bool:
        """Its base alone (nothing to explain beyond the points)."""
        return not self.add and self.multiplier == 1


def score_preview(state: GameState, building: str, properties: Sequence[int]) -> ScorePreview:
    """The preview of a legal building of the seat to move in `state` (its view or the whole state)."""
    _, points, parts = state.city.score_of_legal(
        building, properties, city_hall=state.city_hall_open, city_hall_value=state.city_hall_value
    )
    add = tuple(
        ScoreStep(int(a["points"]), str(a["because"]), int(a["count"]) if "count" in a else None) for a in parts["add"]
    )
    return ScorePreview(points, int(parts["base"]), add, int(parts["multiplier"]), tuple(parts["multiplier_because"]))


__all__ = ["ScorePreview", "ScoreStep", "score_preview"]
