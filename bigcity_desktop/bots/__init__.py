"""Bots for Big City. They decide from a player's view only (no Qt here).

    from bigcity_desktop.bots import make_bot, hint
    bot = make_bot("hard", seed=1)
    action = bot.choose(state.view_for(player))
    action, why = hint(state, player)
"""

from .base import Bot, make_bot, BOT_NAMES
from .random_bot import RandomBot
from .easy import EasyBot
from .medium import MediumBot
from .hard import HardBot
from .hint import hint

__all__ = ["Bot", "make_bot", "BOT_NAMES", "RandomBot", "EasyBot", "MediumBot", "HardBot", "hint"]
