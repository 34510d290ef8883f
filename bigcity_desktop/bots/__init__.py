"""Bots for Big City. They decide from a player's view only (no Qt here).

from bigcity_desktop.bots import make_bot, hint
bot = make_bot("hard", seed=1)
action = bot.choose(state.view_for(player))
action, why = hint(state, player)
"""

from .base import Bot
from .easy import EasyBot
from .hard import HardBot
from .hint import hint
from .medium import MediumBot
from .random_bot import RandomBot
from .registry import BOT_NAMES, BOTS, make_bot

__all__ = ["Bot", "make_bot", "BOTS", "BOT_NAMES", "RandomBot", "EasyBot", "MediumBot", "HardBot", "hint"]
