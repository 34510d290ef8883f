"""Every bot level, declared once.

A :class:`BotLevel` says all there is to say about a level: its key (the
word a game record, the player's statistics and the network protocol
store), the bot that plays it, the word and the sentence the New game
dialog shows, the names its seats sit down with and the look of its
portrait. Everything else reads :data:`LEVELS`: the registry
(:func:`~bigcity_desktop.bots.registry.make_bot`), the bots' names, the
player kinds a record may name (:data:`PLAYER_KINDS`, handed to the
engine's record reader, which knows people but not the bots), the server's
seat levels, the command line's tournaments, the desktop's menus, tooltips
and faces, and the order of the statistics' lines.

A new level is one more entry here (and the module of its bot).

The label and the description are English; the desktop shows them through
the catalogue (the label in context ``GameController``, the description in
context ``Dialogs``, the names in context ``BotNames``), which
scripts/i18n.py fills from this table. No Qt here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bigcity_desktop.engine.seats import SeatKind

from .base import Bot
from .easy import EasyBot
from .hard import HardBot
from .medium import MediumBot
from .random_bot import RandomBot


class Head(StrEnum):
    """The shape of a portrait's head."""

    ROUND = "round"
    ROUNDED = "rounded"  # a square with rounded corners
    SQUARE = "square"


class Eyes(StrEnum):
    EYES = "eyes"  # two round eyes
    VISOR = "visor"  # a visor across the eyes
    PIPS = "pips"  # a die's face showing five (and no mouth)


class Mouth(StrEnum):
    SMILE = "smile"
    FLAT = "flat"  # a level look: a flat, slightly wavy mouth
    TEETH = "teeth"  # set teeth
    NONE = "none"


@dataclass(frozen=True)
class Face:
    """The look of a level's portrait: a robot's head in the seat's colour
    (game/core/botfaces.py draws it). Each level's face differs from the others'."""

    head: Head
    eyes: Eyes
    mouth: Mouth
    antenna: bool = True
    ears: bool = False  # bolts on either side


@dataclass(frozen=True)
class BotLevel:
    #: the level's word in records, statistics and the network protocol (never changes)
    key: str
    #: the bot that plays it (``bot(seed=...)``)
    bot: type[Bot]
    #: the level's word as the player reads it (English; context "GameController")
    label: str
    #: what playing against it is like: the New game dialog's tooltip (English; context "Dialogs")
    description: str
    #: the names its seats sit down with, in the order they are offered (English; context "BotNames")
    names: tuple[str, ...]
    face: Face
    #: a player for testing rather than an opponent: offered after the others, not at network tables
    for_testing: bool = False


#: every level, the weakest first
LEVELS: tuple[BotLevel, ...] = (
    BotLevel(
        "random",
        RandomBot,
        "random",
        "Any legal move: for testing",
        ("Lucky", "Dice", "Joker", "Coin", "Whim"),
        Face(Head.ROUNDED, Eyes.PIPS, Mouth.NONE, antenna=False),
        for_testing=True,
    ),
    BotLevel(
        "easy",
        EasyBot,
        "easy",
        "Takes the best building in sight",
        ("Pip", "Rosie", "Otto", "Lina", "Tom"),
        Face(Head.ROUND, Eyes.EYES, Mouth.SMILE),
    ),
    BotLevel(
        "medium",
        MediumBot,
        "medium",
        "Plays its own cards well, but often builds what helps your cards too",
        ("Bea", "Carl", "Dora", "Emil", "Frida"),
        Face(Head.ROUNDED, Eyes.EYES, Mouth.FLAT),
    ),
    BotLevel(
        "hard",
        HardBot,
        "hard",
        "Weighs what each move gives the others and tries its best moves ahead; hands you little",
        ("Greta", "Viktor", "Ada", "Magnus", "Irene"),
        Face(Head.SQUARE, Eyes.VISOR, Mouth.TEETH, ears=True),
    ),
)

#: the levels by key
LEVEL_BY_KEY: dict[str, BotLevel] = {lv.key: lv for lv in LEVELS}
#: the keys, the weakest first
LEVEL_KEYS: tuple[str, ...] = tuple(LEVEL_BY_KEY)
#: the order menus offer the levels in: the opponents from the easiest up, the players for testing last
MENU_ORDER: tuple[str, ...] = tuple(lv.key for lv in LEVELS if not lv.for_testing) + tuple(
    lv.key for lv in LEVELS if lv.for_testing
)
#: the levels to play against (the menus of a network table offer these)
OPPONENT_LEVELS: tuple[str, ...] = tuple(lv.key for lv in LEVELS if not lv.for_testing)
#: how a player may be seated in a game record: a person, or a bot of one of the levels
PLAYER_KINDS: tuple[str, ...] = (SeatKind.HUMAN, *LEVEL_KEYS)


def level_of(key: str) -> BotLevel | None:
    """The level with this key (None for a human seat, or a level this version does not know)."""
    return LEVEL_BY_KEY.get(key)
