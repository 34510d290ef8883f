"""Cards: how a card's number says what it is.

The state keeps cards as plain whole numbers (fast to copy, and as records
and positions write them); this module is the one place that reads them:

* property card ``NK`` is the card of property ``NK``, the K-th lot of
  neighborhood ``N``; it lies in stack ``N``;
* the special card of stack ``N`` (a park or factory) is ``N0``;
* in a player's view a card that player may not see is ``-N``: some card of
  stack ``N``.

``Card(57).stack == 5``; the functions below do the same without making a
:class:`Card`, for the engine's inner loops.
"""

from __future__ import annotations

#: a property number is neighborhood * LOTS_BASE + lot (lot 1..9); a special card has lot 0
LOTS_BASE = 10


def property_number(neighborhood: int, lot: int) -> int:
    """The number of the `lot`-th property (from 1) of a neighborhood."""
    return neighborhood * LOTS_BASE + lot


def stack_of(card: int) -> int:
    """The stack a card (or an unseen card, -N) belongs to."""
    return -card if card < 0 else card // LOTS_BASE


def neighborhood_of(prop: int) -> int:
    """The neighborhood a property lies in."""
    return prop // LOTS_BASE


def is_property_card(card: int) -> bool:
    """A card naming a property (not a special card, not an unseen one)."""
    return card > 0 and card % LOTS_BASE != 0


def is_special_card(card: int) -> bool:
    """A park or factory card (``N0``)."""
    return card > 0 and card % LOTS_BASE == 0


class Card(int):
    """A card number that answers what it is (``Card(40).is_special``)."""

    __slots__ = ()

    @property
    def stack(self) -> int:
        return stack_of(self)

    @property
    def is_hidden(self) -> bool:
        """An unseen card of a player's view (only its stack is known)."""
        return self < 0

    @property
    def is_special(self) -> bool:
        return is_special_card(self)

    @property
    def is_property(self) -> bool:
        return is_property_card(self)

    @property
    def neighborhood(self) -> int | None:
        """The neighborhood of a property card's lot (None for other cards)."""
        return neighborhood_of(self) if is_property_card(self) else None

    @property
    def lot(self) -> int | None:
        """Which lot of its neighborhood a property card names (1 for the first)."""
        return self % LOTS_BASE if is_property_card(self) else None
