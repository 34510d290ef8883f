"""Name -> bot class. Difficulty levels register themselves here."""

from .random_bot import RandomBot

BOTS = {"random": RandomBot}
