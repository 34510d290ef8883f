"""Every bot level by name, and :func:`make_bot` (the levels are declared in bots/levels.py)."""

from __future__ import annotations

from .base import Bot
from .levels import LEVELS

#: name -> bot class, weakest first
BOTS: dict[str, type[Bot]] = {level.key: level.bot for level in LEVELS}
BOT_NAMES: tuple[str, ...] = tuple(BOTS)


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by its level's key (one of BOT_NAMES: bots/levels.py declares them)."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})") from None
    return cls(seed=seed)
