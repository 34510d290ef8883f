"""The rules of Big City, pure Python (no Qt).

Public API::

    from bigcity_desktop.engine import GameState, get_rules, Build, Pass, ...
    state = GameState.new("jumbo", players=3, seed=7)   # or load_position(data)
    state.legal_actions(); state.check(action); state.apply(action)
    view = state.view_for(player); full = sample_hidden(view, rng)
"""

from .actions import (
    Action,
    ActionFormatError,
    ActionKind,
    Build,
    Draw,
    Exchange,
    Offer,
    Pass,
    PlaceStreetcar,
    PlaceTile,
    StopStreetcars,
    Take,
    action_from_json,
    kind_of,
    parse_action,
)
from .cards import Card, stack_of
from .city import Building, City, Judgement, TilePlacement, make_street, street_vertices, tile_cells
from .endgame import would_end_game
from .hidden import all_cards_accounted, sample_hidden
from .phases import (
    DRAW_PHASES,
    KIND_PHASES,
    MAIN_KINDS,
    PHASE_TODO,
    Event,
    EventKind,
    IllegalAction,
    OfferRecord,
    Phase,
)
from .position import PositionError, load_position, position_to_json
from .rules import Rules, RulesError, get_rules, load_rules, parse_rules
from .state import GameState

__all__ = [
    "Action",
    "Card",
    "ActionFormatError",
    "ActionKind",
    "Build",
    "Draw",
    "Exchange",
    "Offer",
    "Pass",
    "PlaceStreetcar",
    "PlaceTile",
    "StopStreetcars",
    "Take",
    "action_from_json",
    "kind_of",
    "parse_action",
    "Building",
    "City",
    "Judgement",
    "TilePlacement",
    "make_street",
    "street_vertices",
    "tile_cells",
    "PositionError",
    "load_position",
    "position_to_json",
    "Rules",
    "RulesError",
    "get_rules",
    "load_rules",
    "parse_rules",
    "DRAW_PHASES",
    "KIND_PHASES",
    "MAIN_KINDS",
    "PHASE_TODO",
    "Event",
    "EventKind",
    "OfferRecord",
    "Phase",
    "GameState",
    "IllegalAction",
    "all_cards_accounted",
    "sample_hidden",
    "would_end_game",
    "stack_of",
]
