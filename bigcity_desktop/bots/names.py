"""The names each bot level sits down with, in English (no Qt: the network
server names its bot seats from here, the desktop's New game dialog offers
them in the player's language, through the catalogue's ``BotNames``
context, which scripts/i18n.py fills from this table). Each level declares
its names (bots/levels.py)."""

from __future__ import annotations

from collections.abc import Collection

from .levels import LEVEL_BY_KEY, MENU_ORDER

#: the names of each bot level, in the order they are offered
BOT_NAME_TABLE: dict[str, tuple[str, ...]] = {key: LEVEL_BY_KEY[key].names for key in MENU_ORDER}


def free_bot_name(level: str, taken: Collection[str], names: tuple[str, ...] | None = None) -> str:
    """The first of `level`'s names (or of `names`) that no name in `taken`
    is (compared without case); a level out of names numbers its first one
    ("Greta 2")."""
    used = {n.casefold() for n in taken}
    offered = BOT_NAME_TABLE.get(level, ()) if names is None else names
    for name in offered:
        if name.casefold() not in used:
            return name
    base = offered[0] if offered else "Bot"
    k = 2
    while f"{base} {k}".casefold() in used:
        k += 1
    return f"{base} {k}"
