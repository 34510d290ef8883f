"""Bots for Big City. They decide from a player's view only (no Qt here)."""

from .base import Bot, make_bot, BOT_NAMES
from .random_bot import RandomBot

__all__ = ["Bot", "make_bot", "BOT_NAMES", "RandomBot"]
