"""Who plays a seat: a person or a bot.

A game record names each player's kind: :attr:`SeatKind.HUMAN` or the key
of a bot level ("easy"); a network table's seat is :attr:`SeatKind.HUMAN`
or :attr:`SeatKind.BOT` (with the bot's level beside it). The engine knows
people only: which bot levels there are is the bots' to say
(bigcity_desktop/bots/levels.py), and the record reader is handed them.
The members are ``str`` (a ``StrEnum``), so files and messages hold the
same words as ever.
"""

from __future__ import annotations

from enum import StrEnum


class SeatKind(StrEnum):
    HUMAN = "human"
    BOT = "bot"
