"""What the pointer or the board cursor is on, and what the board is doing:
small values the board's signals carry instead of tagged tuples."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bigcity_desktop.engine.geometry import Street


class Mode(StrEnum):
    """The piece in hand. ``NONE`` is empty text, so ``if mode:`` asks whether
    a piece is being placed."""

    NONE = ""
    BUILDING = "building"
    TILE = "tile"
    STREETCAR = "streetcar"


@dataclass(frozen=True, slots=True)
class PropertyTarget:
    """A lot of the city (its property number)."""

    prop: int


@dataclass(frozen=True, slots=True)
class StreetTarget:
    """A street between two cells (the board cursor stands on it)."""

    street: Street


@dataclass(frozen=True, slots=True)
class StreetcarTarget:
    """A streetcar already on the board (the pointer is on it)."""

    street: Street


Target = PropertyTarget | StreetTarget | StreetcarTarget
