"""The table presented once for every face of it (Qt-free).

A seat's view of a game (``state.view_for(seat)``) becomes the values its
screen shows: the players' rows, the supply with its counts and what the
seat can build, the neighborhoods to come, the board's geometry. The app's
Qt models (game/) and the browser page (web/, through the view message's
``presented``) render these values; neither works them out again.
"""

from .board import Board, BoardLot, LaidTile, board_of
from .presented import Presented, present, presented_json
from .preview import ScorePreview, ScoreStep, score_preview
from .rows import (
    LastMove,
    PlayerRow,
    SupplyRow,
    TileToCome,
    player_kind,
    player_rows,
    since_turn,
    supply_rows,
    tiles_to_come,
)

__all__ = [
    "Board",
    "BoardLot",
    "LaidTile",
    "LastMove",
    "PlayerRow",
    "Presented",
    "ScorePreview",
    "ScoreStep",
    "SupplyRow",
    "TileToCome",
    "board_of",
    "player_kind",
    "player_rows",
    "present",
    "presented_json",
    "score_preview",
    "since_turn",
    "supply_rows",
    "tiles_to_come",
]
