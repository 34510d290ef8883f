"""One table's game flow, the same for a game in the app and at a server table.

:class:`~.table.TableFlow` runs a table's turns without Qt or a network: it
holds the whole game, checks and applies each move once, knows whose turn it
is and whether a bot plays that seat, gives each bot decision (the seat, its
view, the bot's seed) to the host, which thinks it its own way, and applies
the answer, with the one fallback when a bot fails. ``session.local`` and
``net.server`` both use it, so the same seed and moves give the same record.
"""

from __future__ import annotations

from .table import BotMove, BotTurn, Fallback, Problem, Refused, TableFlow, bot_seed, seat_bot, short_decision

__all__ = [
    "BotMove",
    "BotTurn",
    "Fallback",
    "Problem",
    "Refused",
    "TableFlow",
    "bot_seed",
    "seat_bot",
    "short_decision",
]
