"""A new game's deal: the shuffled stacks, the start player, the starting
hands and scores, the neighborhoods laid before the first turn and who lays
them. :meth:`.state.GameState.new` puts them together, drawing from the
game's seeded generator in this order (so a seed deals the same game)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .actions import PlaceTile
from .city import City
from .rules import Rules, StartScores, TileOrder

__all__ = ["deal_hands", "lay_start_city", "setup_order", "shuffled_stacks", "start_scores", "tile_list"]


def shuffled_stacks(rules: Rules, rng: random.Random) -> list[list[int]]:
    """Each neighborhood's stack of cards, shuffled (index = stack number; index 0 unused; top = last)."""
    stacks: list[list[int]] = [[] for _ in range(max(rules.tiles) + 1)]
    for t in rules.tiles:
        cards = rules.stack_cards(t)
        rng.shuffle(cards)
        stacks[t] = cards
    return stacks


def deal_hands(rules: Rules, stacks: list[list[int]], players: int) -> list[list[int]]:
    """The starting hands, each player's cards from the rules' start stacks in turn."""
    hands: list[list[int]] = [[] for _ in range(players)]
    for p in range(players):
        for st in rules.start_stacks[players]:
            if stacks[st]:
                hands[p].append(stacks[st].pop())
    return hands


def start_scores(rules: Rules, players: int, start_player: int) -> tuple[list[int], list[int]]:
    """The starting scores and arrival order (staggered: later seats start ahead)."""
    scores = [0] * players
    arrival = [0] * players
    if rules.start_scores == StartScores.STAGGERED:
        for i in range(players):
            scores[(start_player + i) % players] = i
            arrival[(start_player + i) % players] = i
    return scores, arrival


def lay_start_city(city: City, start_city: Sequence[PlaceTile | Sequence[int]]) -> None:
    """Lay a sandbox layout's neighborhoods (after tile 1); ValueError when one may not go there."""
    for placed in start_city:
        pl = placed if isinstance(placed, PlaceTile) else PlaceTile(*placed)
        if pl.number == 1:
            continue
        reason = city.check_tile(pl.number, pl.x, pl.y, pl.rotation)
        if reason:
            raise ValueError(reason)
        city.add_tile(pl.number, pl.x, pl.y, pl.rotation)


def setup_order(rules: Rules, players: int, start_player: int, tiles: int) -> list[int]:
    """Who lays each of the setup neighborhoods, in turn."""
    if rules.tile_order == TileOrder.CLOCKWISE_FROM_START:
        return [(start_player + i) % players for i in range(tiles)]
    return [(start_player - 1 - i) % players for i in range(tiles)]


def tile_list(t: PlaceTile | Sequence[int]) -> list[int]:
    """A tile placement as the list [number, x, y, rotation] records keep."""
    if isinstance(t, PlaceTile):
        return [t.number, t.x, t.y, t.rotation]
    return list(t)
