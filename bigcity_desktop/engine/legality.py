"""Whether a move is legal now, and why not: one check per kind of action
for the player to move (:meth:`.state.GameState.check` looks them up in
:data:`CHECKS`, after refusing a finished game and a player out of turn),
and :func:`why_not` for a kind of move as a whole.

Each check answers None (legal) or the reason as a sentence; where the
sentence is the city's (a tile, a building, a streetcar that may not go
there) the state gives it the code of :data:`PLACEMENT_REASON`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from .actions import (
    Action,
    ActionKind,
    Build,
    Draw,
    Exchange,
    Offer,
    Pass,
    PlaceStreetcar,
    PlaceTile,
    StopStreetcars,
    Take,
)
from .cards import stack_of
from .city import City
from .messages import Reason, Refusal, msg, refuse
from .phases import CLOSED_UNTIL_CITY_HALL, DRAW_PHASES, KIND_PHASES, PHASE_TODO, OfferRecord, Phase
from .rules import RefillMode, Rules
from .verdicts import article


class PositionFacts(Protocol):
    """What the checks read of a position (:class:`.state.GameState`, which
    calls them): the rules, the city, the phase and who decides, City Hall,
    the draws, the hands, stacks, offers and the setup's tiles."""

    @property
    def rules(self) -> Rules: ...

    @property
    def city(self) -> City: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def current_player(self) -> int: ...

    @property
    def city_hall_turn(self) -> int | None: ...

    @property
    def city_hall_value(self) -> int: ...

    @property
    def city_hall_open(self) -> bool: ...

    @property
    def draw_cap(self) -> int: ...

    @property
    def drawn_from(self) -> Counter[int]: ...

    @property
    def hands(self) -> Sequence[Sequence[int]]: ...

    @property
    def stacks(self) -> Sequence[Sequence[int]]: ...

    @property
    def offers(self) -> Mapping[int, OfferRecord]: ...

    @property
    def setup_tiles(self) -> Sequence[int]: ...

    def card_playable(self, card: int) -> bool: ...


__all__ = ["CHECKS", "PLACEMENT_REASON", "check_build", "closed_reason", "phase_reason", "why_not"]


def closed_reason(state: PositionFacts, kind: str) -> Refusal:  # an ActionKind or a building type
    """Why `kind` ("neighborhood", "streetcar" or a building type) waits for City Hall."""
    if kind in CLOSED_UNTIL_CITY_HALL:
        return refuse(
            Reason.WAITS_FOR_CITY_HALL, CLOSED_UNTIL_CITY_HALL[kind][0 if state.city_hall_turn is None else 1]
        )
    building = article(state.rules.buildings[kind])
    building = building[0].upper() + building[1:]
    if state.city_hall_turn is None:
        text = msg("{building} can be built only once City Hall is built", building=building)
    else:
        text = msg("{building} can be built from the next turn on (City Hall was built this turn)", building=building)
    return refuse(Reason.WAITS_FOR_CITY_HALL, text)


def phase_reason(state: PositionFacts) -> Refusal:
    return refuse(Reason.WRONG_PHASE, PHASE_TODO.get(state.phase, msg("not now")))


# one check per kind of action, for the player to move (check() has
# already refused a finished game and a player out of turn)
def check_tile(state: PositionFacts, action: PlaceTile) -> str | None:
    if state.phase == Phase.SETUP:
        if action.number not in state.setup_tiles:
            return refuse(
                Reason.NOT_A_SETUP_TILE,
                msg(
                    "at setup only neighborhoods {tiles} may be placed",
                    tiles=", ".join(map(str, state.setup_tiles)),
                ),
            )
        return state.city.check_tile(action.number, action.x, action.y, action.rotation)
    if state.phase != Phase.ACTION:
        return phase_reason(state)
    if not state.city_hall_open:
        return closed_reason(state, ActionKind.NEIGHBORHOOD)
    return state.city.check_tile(action.number, action.x, action.y, action.rotation)


def check_build_action(state: PositionFacts, action: Build) -> str | None:
    if state.phase != Phase.ACTION:
        return phase_reason(state)
    return check_build(state, state.current_player, action)


def check_streetcar(state: PositionFacts, action: PlaceStreetcar) -> str | None:
    if state.phase not in (Phase.ACTION, Phase.STREETCAR):
        return phase_reason(state)
    if state.phase == Phase.ACTION and not state.city_hall_open:
        return closed_reason(state, ActionKind.STREETCAR)
    return state.city.check_streetcar(action.street)


def check_stop(state: PositionFacts, action: StopStreetcars) -> str | None:
    if state.phase == Phase.STREETCAR:
        return None
    return refuse(Reason.NO_STREETCAR_ACTION, msg("there is no streetcar action to end"))


def check_exchange(state: PositionFacts, action: Exchange) -> str | None:
    if state.phase != Phase.ACTION:
        return phase_reason(state)
    if not action.cards:
        return refuse(Reason.NO_CARDS, msg("choose at least one card to exchange"))
    if len(set(action.cards)) != len(action.cards):
        return refuse(Reason.CARD_TWICE, msg("a card is named twice"))
    hand = state.hands[state.current_player]
    for c in action.cards:
        if c not in hand:
            return refuse(Reason.NOT_IN_HAND, msg("you do not hold card {card}", card=c))
    return None


def check_pass(state: PositionFacts, action: Pass) -> str | None:
    return None if state.phase == Phase.ACTION else phase_reason(state)


def check_draw(state: PositionFacts, action: Draw) -> str | None:
    if state.phase not in DRAW_PHASES:
        return phase_reason(state)
    st = action.stack
    if not (0 < st < len(state.stacks)):
        return refuse(Reason.NO_SUCH_STACK, msg("there is no stack {stack}", stack=st))
    if not state.stacks[st]:
        return refuse(Reason.STACK_EMPTY, msg("stack {stack} is empty", stack=st))
    if state.drawn_from[st] >= state.draw_cap:
        if (
            state.phase == Phase.REFILL
            and state.rules.refill_mode == RefillMode.FEWEST
            and state.draw_cap == state.rules.refill_per_stack
        ):
            return refuse(
                Reason.DRAW_LIMIT,
                msg("take at most {n} card from each stack while other stacks have cards", n=state.draw_cap),
            )
        return refuse(Reason.DRAW_LIMIT, msg("at most {n} cards may come from one stack", n=state.draw_cap))
    return None


def check_offer(state: PositionFacts, action: Offer) -> str | None:
    if state.phase != Phase.OFFER:
        return phase_reason(state)
    cards = action.cards
    if not 1 <= len(cards) <= 2:
        return refuse(Reason.OFFER_SIZE, msg("offer one or two cards"))
    if len(set(cards)) != len(cards):
        return refuse(Reason.CARD_TWICE, msg("a card is named twice"))
    for c in cards:
        if c not in state.hands[state.current_player]:
            return refuse(Reason.NOT_IN_HAND, msg("you do not hold card {card}", card=c))
    if action.face_up:
        for c in cards:
            if not state.card_playable(c):
                return refuse(
                    Reason.MUST_OFFER_FACE_DOWN,
                    msg("card {card} cannot be used in the city now, so it must be offered face down", card=c),
                )
    return None


def check_take(state: PositionFacts, action: Take) -> str | None:
    if state.phase != Phase.TAKE:
        return phase_reason(state)
    p = state.current_player
    o = state.offers.get(action.owner)
    if o is None or not 0 <= action.slot < len(o.cards):
        return refuse(Reason.NO_SUCH_OFFER, msg("there is no such offered card"))
    if o.taken[action.slot] is not None:
        return refuse(Reason.ALREADY_TAKEN, msg("that card has already been taken"))
    if action.owner == p and any(q != p and None in oo.taken for q, oo in state.offers.items()):
        return refuse(Reason.OWN_CARD_TOO_EARLY, msg("you may take back your own card only when nothing else is left"))
    return None


def why_not(state: PositionFacts, kind: ActionKind, tile: int | None = None) -> Refusal | None:
    """Why the player to move can make no move of `kind` (an action kind
    as in :data:`KIND_PHASES`: "neighborhood", "streetcar", ...) now, as a
    sentence; None when the phase and the turn allow that kind (a move of
    it may still find no room: ask :meth:`legal_actions` for those).

    This is the question a view asks before offering a tool, without
    making up an action to :meth:`check`. With `tile`, a neighborhood
    question is about that one: not a starting one at setup, already in
    the city, or no such neighborhood."""
    ph = state.phase
    if ph == Phase.OVER:
        return refuse(Reason.GAME_OVER, msg("the game is over"))
    allowed = KIND_PHASES.get(kind)
    if allowed is None:
        return refuse(Reason.NO_SUCH_KIND, msg("there is no kind of move called {kind}", kind=repr(kind)))
    if ph not in allowed:
        if kind == ActionKind.STOP:
            return refuse(Reason.NO_STREETCAR_ACTION, msg("there is no streetcar action to end"))
        return phase_reason(state)
    if ph == Phase.ACTION and not state.city_hall_open:
        if kind in (ActionKind.NEIGHBORHOOD, ActionKind.STREETCAR):
            return closed_reason(state, kind)
    if kind == ActionKind.NEIGHBORHOOD and tile is not None:
        if ph == Phase.SETUP and tile not in state.setup_tiles:
            return refuse(
                Reason.NOT_A_SETUP_TILE,
                msg(
                    "at setup only neighborhoods {tiles} may be placed",
                    tiles=", ".join(map(str, state.setup_tiles)),
                ),
            )
        if tile not in state.rules.tile_shapes:
            return refuse(Reason.TILE_PLACEMENT, msg("there is no neighborhood {tile}", tile=tile))
        if tile in state.city.placed_tiles:
            return refuse(Reason.TILE_PLACEMENT, msg("neighborhood {tile} is already in the city", tile=tile))
    return None


def check_build(state: PositionFacts, p: int, action: Build) -> str | None:
    rules = state.rules
    rule = rules.buildings.get(action.building)
    if rule is None:
        return refuse(
            Reason.NO_SUCH_BUILDING, msg("there is no building called {building}", building=repr(action.building))
        )
    hand = state.hands[p]
    open_ = state.city_hall_open
    if rule.with_card:
        variants = rule.variants_of_size(len(action.properties))
        if not variants:
            return state.city.judge_build(action.building, action.properties, city_hall=open_).reason
        card = rules.card_for_piece(rule.type, variants[0].name)
        if card is None:
            return refuse(Reason.NO_SUCH_BUILDING, msg("no card gives {building}", building=article(rule, variants[0])))
        if card not in hand:
            return refuse(
                Reason.NEEDS_CARD,
                msg(
                    "you need the card of {building} (stack {stack}) for that",
                    building=article(rule, variants[0]),
                    stack=stack_of(card),
                ),
            )
    elif not any(prop in state.city.building_at for prop in action.properties):
        # (a built lot is the reason whatever the cards: the city's judgement below says so)
        for prop in action.properties:
            if prop not in hand:
                return refuse(Reason.NEEDS_CARD, msg("you do not hold the card for property {prop}", prop=prop))
    return state.city.judge_build(
        action.building,
        action.properties,
        city_hall=open_,
        city_hall_value=state.city_hall_value,
        city_hall_reason=closed_reason(state, rule.type) if rule.needs_city_hall else None,
        with_score=False,
    ).reason


#: the check of each kind of action
CHECKS: dict[type[Action], Callable[[PositionFacts, Any], str | None]] = {
    PlaceTile: check_tile,
    Build: check_build_action,
    PlaceStreetcar: check_streetcar,
    StopStreetcars: check_stop,
    Exchange: check_exchange,
    Pass: check_pass,
    Draw: check_draw,
    Offer: check_offer,
    Take: check_take,
}
#: the code of a refusal the city gives (where it is not one of the turn's own)
PLACEMENT_REASON: dict[type[Action], Reason] = {
    PlaceTile: Reason.TILE_PLACEMENT,
    Build: Reason.BUILD_PLACEMENT,
    PlaceStreetcar: Reason.STREETCAR_PLACEMENT,
}
