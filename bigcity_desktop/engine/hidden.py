"""Hidden information across states: dealing a view's unseen cards back
into a full state (for bots that search), and counting every card of a game
(for the conservation checks)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from .state import GameState


def sample_hidden(view: GameState, rng: random.Random) -> GameState:
    """Deal the cards the viewer cannot see into a full state consistent with the view."""
    s = view.clone()
    rules = s.rules
    known = _seen_cards(s)
    pools: dict[int, list[int]] = {}
    for t in rules.tiles:
        pool = [c for c in rules.stack_cards(t) if c not in known]
        rng.shuffle(pool)
        pools[t] = pool

    def fill(cards: list[int]) -> list[int]:
        return [pools[-c].pop() if c < 0 else c for c in cards]

    s.hands = [fill(h) for h in s.hands]
    for o in s.offers.values():
        # a taken card is in its taker's hand, filled there
        o.cards = [c if t is not None else fill([c])[0] for c, t in zip(o.cards, o.taken)]
    s.stacks = [fill(st) for st in s.stacks]
    for t, pool in pools.items():
        if pool:
            raise ValueError(f"the view does not account for {len(pool)} card(s) of stack {t}")
    s.viewer = None
    s.rng = random.Random(rng.getrandbits(64))
    return s


def _seen_cards(s: GameState) -> set[int]:
    """The cards a view shows: in hands, stacks, the discard pile and offers not yet taken."""
    known: set[int] = set()
    for h in s.hands:
        known.update(c for c in h if c >= 0)
    for st in s.stacks:
        known.update(c for c in st if c >= 0)
    known.update(s.discard)
    for o in s.offers.values():
        known.update(c for c, t in zip(o.cards, o.taken) if c >= 0 and t is None)
    return known


def all_cards_accounted(state: GameState) -> Counter[Any]:
    """Every card of the game, counted wherever it is (for conservation checks)."""
    c: Counter[Any] = Counter()
    for h in state.hands:
        c.update(h)
    for st in state.stacks:
        c.update(st)
    c.update(state.discard)
    for o in state.offers.values():
        for i, card in enumerate(o.cards):
            if o.taken[i] is None:
                c[card] += 1
    return c
