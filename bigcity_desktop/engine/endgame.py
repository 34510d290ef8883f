"""When a game ends: the one reading of the end rules that bots, hints and
the app ask before a move, so none of them keeps its own copy."""

from __future__ import annotations

from .actions import Action, ActionKind, Build
from .phases import Phase
from .rules import EndRule
from .state import GameState


def would_end_game(state: GameState, action: Action | ActionKind) -> bool:
    """Would `action`, legal for the player to move, end the game with this
    turn (whatever is drawn after it)? The city fills up (every neighborhood
    laid and every property built on), or the end rule of the rules is met: a
    pass that makes every player's last turn a pass in a row, or a pass or
    exchange that ends a round of nothing but passes and exchanges, or any
    move of the last turn of the rules' last round (``max_rounds``).

    A kind stands for any move of it (``ActionKind.PASS``); a build must be
    the action itself, since only its properties can fill the city."""
    if state.phase != Phase.ACTION:
        return False
    last_of_round = (state.turn_player + 1) % state.n == state.start_player
    if last_of_round and 0 < state.rules.max_rounds <= state.round:
        return True  # the bound on rounds: whatever this turn does
    if isinstance(action, Build):
        city = state.city
        free = len(city.cell_of) - len(city.building_at)
        return len(city.tiles) == len(state.rules.tile_shapes) and free == len(set(action.properties))
    kind = action if isinstance(action, ActionKind) else action.kind
    if kind not in (ActionKind.PASS, ActionKind.EXCHANGE):
        return False
    if state.rules.end_rule == EndRule.CONSECUTIVE_PASSES:
        return kind == ActionKind.PASS and state.passes_in_row + 1 >= state.n
    return state.round_passive and last_of_round
