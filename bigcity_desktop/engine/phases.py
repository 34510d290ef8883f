"""Phases, kinds of move and the log: the vocabulary of a game's flow,
shared by the state (:mod:`.state`), the bots and the app."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .actions import ActionKind
from .messages import msg


class Phase(StrEnum):
    """Where a game stands: whose decision of which kind comes next.

    A ``str``, so it reads and writes as its value (``"action"``)."""

    SETUP = "setup"  # the starting neighborhoods are placed, one per player in turn
    ACTION = "action"  # the player whose turn it is chooses the action of the turn
    STREETCAR = "streetcar"  # a second streetcar of the same action, or stop
    EXCHANGE_DRAW = "exchange_draw"  # draws for an exchange (jumbo), one card at a time
    REFILL = "refill"  # draws back to the hand size, one card at a time
    OFFER = "offer"  # jumbo redevelopment: each player offers one or two cards
    TAKE = "take"  # jumbo redevelopment: the players take the offered cards
    OVER = "over"


PHASES = tuple(Phase)
#: the phases in which the player to move draws cards
DRAW_PHASES = frozenset({Phase.REFILL, Phase.EXCHANGE_DRAW})
MAIN_KINDS: tuple[ActionKind, ...] = (
    ActionKind.BUILD,
    ActionKind.PARK_FACTORY,
    ActionKind.STREETCAR,
    ActionKind.NEIGHBORHOOD,
    ActionKind.EXCHANGE,
    ActionKind.PASS,
)

#: what the player to move has to do in each phase, as the reason a move of
#: another phase is refused (the one table of these sentences)
PHASE_TODO: dict[str, str] = {
    Phase.SETUP: msg("place one of the starting neighborhoods first"),
    Phase.ACTION: msg("choose an action first"),
    Phase.STREETCAR: msg("place a second streetcar or stop"),
    Phase.EXCHANGE_DRAW: msg("draw the cards for the exchange first"),
    Phase.REFILL: msg("draw cards to refill the hand first"),
    Phase.OFFER: msg("offer cards for redevelopment first"),
    Phase.TAKE: msg("take a redevelopment card first"),
}

#: why a kind of move waits for City Hall: (not built yet, built this turn)
CLOSED_UNTIL_CITY_HALL: dict[str, tuple[str, str]] = {
    ActionKind.NEIGHBORHOOD: (
        msg("New neighborhoods can be placed only once City Hall is built"),
        msg("New neighborhoods can be placed from the next turn on (City Hall was built this turn)"),
    ),
    ActionKind.STREETCAR: (
        msg("Streetcars can be placed only once City Hall is built"),
        msg("Streetcars can be placed from the next turn on (City Hall was built this turn)"),
    ),
}

#: the one kind of move of each phase but the action phase
PHASE_KIND: dict[Phase, ActionKind] = {
    Phase.SETUP: ActionKind.NEIGHBORHOOD,
    Phase.REFILL: ActionKind.DRAW,
    Phase.EXCHANGE_DRAW: ActionKind.DRAW,
    Phase.OFFER: ActionKind.OFFER,
    Phase.TAKE: ActionKind.TAKE,
}

#: the phases in which each kind of move (Action.kind) may be made
KIND_PHASES: dict[ActionKind, frozenset[Phase]] = {
    ActionKind.NEIGHBORHOOD: frozenset({Phase.SETUP, Phase.ACTION}),
    ActionKind.BUILD: frozenset({Phase.ACTION}),
    ActionKind.PARK_FACTORY: frozenset({Phase.ACTION}),
    ActionKind.STREETCAR: frozenset({Phase.ACTION, Phase.STREETCAR}),
    ActionKind.STOP: frozenset({Phase.STREETCAR}),
    ActionKind.EXCHANGE: frozenset({Phase.ACTION}),
    ActionKind.PASS: frozenset({Phase.ACTION}),
    ActionKind.DRAW: DRAW_PHASES,
    ActionKind.OFFER: frozenset({Phase.OFFER}),
    ActionKind.TAKE: frozenset({Phase.TAKE}),
}


class EventKind(StrEnum):
    """What an :class:`Event` of the log tells."""

    START = "start"  # who starts
    ROUND = "round"  # a round begins
    NEIGHBORHOOD = "neighborhood"
    BUILD = "build"
    STREETCAR = "streetcar"
    EXCHANGE = "exchange"
    USELESS = "useless"  # useless cards thrown away
    PASS = "pass"
    DRAW = "draw"
    OFFER = "offer"
    TAKE = "take"
    REDEVELOPMENT = "redevelopment"  # the jumbo redevelopment begins
    END = "end"


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the game's story: who did what, as a sentence, with the
    facts a view may want (``extra``: the building, properties, score and
    breakdown of a build, the cards of an offer, ...)."""

    round: int
    turn: int
    player: int | None  # None for the game's own events (round, end)
    kind: EventKind
    text: str
    extra: dict[str, Any] = field(default_factory=dict)


#: a network seat's whole view carries the log's latest events only (older
#: ones are asked for a page at a time): at least RECENT_EVENTS, back to the
#: start of the round before the current one (every player's last move, and
#: what happened since each one's turn), at most RECENT_MOST
RECENT_EVENTS = 200
RECENT_MOST = 2_000


def recent_start(events: Sequence[Event]) -> int:
    """The first of `events` a whole view carries (see :data:`RECENT_EVENTS`)."""
    n = len(events)
    floor = max(0, n - RECENT_MOST)
    rounds = 0
    i = n - 1
    while i >= floor:
        if events[i].kind == EventKind.ROUND:
            rounds += 1
            if rounds == 2:
                break
        i -= 1
    return max(floor, min(n - RECENT_EVENTS, i))


#: and its history's latest actions only (with their actors): a client reads
#: the count of the others (``history_from``), never the actions themselves
RECENT_ACTIONS = 200
#: and its score history's latest turns only: more than any real game has
#: (about 750), so only an endless game's chart starts later
RECENT_SCORES = 2_000


def recent_actions(moves: int) -> int:
    """The first of a history of `moves` actions a whole view carries (see :data:`RECENT_ACTIONS`)."""
    return max(0, moves - RECENT_ACTIONS)


def recent_scores(turns: int) -> int:
    """The first of a score history of `turns` entries a whole view carries (see :data:`RECENT_SCORES`)."""
    return max(0, turns - RECENT_SCORES)


class IllegalAction(ValueError):
    """Raised by :meth:`GameState.apply`; the message is a sentence for the player."""


#: up to this many cards, legal_actions("exchange") lists every subset of the
#: hand (63 for the six-card hand of the editions); beyond it, a polynomial set
EXCHANGE_ALL_SUBSETS_UP_TO = 8


@dataclass(slots=True)
class OfferRecord:
    """One player's offer in the jumbo redevelopment under way: the cards, how
    they lie, and who took each one (None while it is still there)."""

    cards: list[int]
    face_up: bool
    taken: list[int | None]

    def copy(self) -> OfferRecord:
        return OfferRecord(list(self.cards), self.face_up, list(self.taken))
