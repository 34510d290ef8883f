"""Every bot level by name, and :func:`make_bot`: the one place that lists them."""

from __future__ import annotations

from .base import Bot
from .easy import EasyBot
from .hard import HardBot
from .medium import MediumBot
from .random_bot import RandomBot

#: name -> bot class, weakest first
BOTS: dict[str, type[Bot]] = {cls.name: cls for cls in (RandomBot, EasyBot, MediumBot, HardBot)}
BOT_NAMES: tuple[str, ...] = tuple(BOTS)


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by level name (random, easy, medium or hard)."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})") from None
    return cls(seed=seed)
