"""What can still happen in a city: the knowledge that keeps bot games healthy.

Two questions decide whether a game between bots ends well:

* **Can anyone still score?** Building pieces run out (8 single residences,
  3 triple businesses, one church per neighborhood spot…), so late in a game a
  free property may be one that no piece left in the supply can ever take.
  :class:`Outlook` lists the *live* free properties (some piece still left
  can stand there under today's prerequisites), whether unplaced
  neighborhoods can still come in, and where City Hall may still go. A move
  that cannot lead to points for anybody (an exchange that can only draw
  dead cards or its own cards back, a streetcar beside nothing buildable, a
  neighborhood nothing can be built on) is :func:`pointless`: the bots pass
  instead, so a finished city ends the game.
* **Will City Hall be built?** It can only stand in the city centre, which
  does not grow before City Hall exists (neighborhoods come later). Once the
  centre is built over, streetcars, neighborhoods 5–8 and every special
  building never happen. :func:`kills_city_hall` spots a move that would
  take the last City Hall spots, and :func:`hall_urgent` says when the
  holder of a spot should build City Hall now.

Everything here reads a player's view only: the public city, the player's own
hand and what the player has seen.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bigcity_desktop.engine import (
    Action,
    ActionKind,
    Build,
    Exchange,
    GameState,
    Phase,
    PlaceStreetcar,
    PlaceTile,
    Rules,
)
from bigcity_desktop.engine.cards import is_special_card, stack_of
from bigcity_desktop.engine.city import City, Street
from bigcity_desktop.engine.rules import CITY_HALL as RULES_CITY_HALL
from bigcity_desktop.engine.rules import EndRule

CITY_HALL = RULES_CITY_HALL  # the engine's name for it, defined once in engine/rules.py

# City Hall is urgent once this few centre spots are left for it; builds of
# other kinds leave at least this many spots alone while City Hall is unbuilt.
HALL_RESERVE = 2

# After this many rounds without any score changing, the table is stuck:
# only moves that score or open the city (a building, City Hall, a
# neighborhood) are still made, so the game ends within a round.
STUCK_ROUNDS = 2


@dataclass(frozen=True)
class Outlook:
    """What the city still allows, seen from one view."""

    live: frozenset[int]  # free city properties some piece left can still take
    hall_spots: frozenset[int]  # free properties where City Hall may stand (empty once built)
    hall_built: bool
    tiles_open: bool  # unplaced neighborhoods can still be placed and built on
    placed: frozenset[int]  # neighborhoods in the city
    special_live: frozenset[int]  # park/factory cards whose piece can still go somewhere useful

    @property
    def dead(self) -> bool:
        """Nobody can ever score again (nor build City Hall, nor bring in a neighborhood)."""
        return not self.live and not self.tiles_open and not self.hall_spots

    def card_live(self, card: int) -> bool:
        """Could this card still help anybody build something?"""
        if card < 0:
            return False
        if is_special_card(card):
            return card in self.special_live
        if card in self.live or card in self.hall_spots:
            return True
        return self.tiles_open and stack_of(card) not in self.placed


def outlook(view: GameState) -> Outlook:
    """The outlook of the city in `view` (a state or a player's view)."""
    city = view.city
    rules = view.rules
    hall_built = view.city_hall_built
    free = [p for p in city.cell_of if p not in city.building_at]
    hall_rule = rules.buildings.get(CITY_HALL)
    hall_spots = _hall_spots(city, free) if hall_rule is not None and not hall_built else set()
    hall_possible = hall_built or bool(hall_spots) or hall_rule is None
    live, pieces = _live(city, rules, free, hall_possible)
    unplaced = set(rules.tiles) - city.placed_tiles
    tiles_open = (
        bool(unplaced) and hall_possible and pieces and next(city.legal_tile_placements(unplaced), None) is not None
    )
    special_live: set[int] = set()
    if (live or tiles_open) and hall_possible:
        special_live = {
            card for card, (btype, vname) in rules.special_cards.items() if city.pieces_left(btype, vname) > 0
        }
    return Outlook(
        frozenset(live),
        frozenset(hall_spots),
        hall_built,
        tiles_open,
        frozenset(city.placed_tiles),
        frozenset(special_live),
    )


def _hall_spots(city: City, free: list[int]) -> set[int]:
    """The free properties where City Hall may stand (it is unbuilt)."""
    return {
        p for p in free if city.judge_build(CITY_HALL, (p,), city_hall=False, explain=False, with_score=False).legal
    }


def _live(city: City, rules: Rules, free: list[int], hall_possible: bool) -> tuple[set[int], bool]:
    """The free properties some piece left can still take, and whether any
    piece but City Hall and the parks and factories is left at all."""
    live: set[int] = set()
    pieces = False
    for rule in rules.buildings.values():
        if rule.with_card or rule.type == CITY_HALL:
            continue
        if rule.needs_city_hall and not hall_possible:
            continue
        for v in rule.variants:
            if city.pieces_left(rule.type, v.name) <= 0:
                continue
            pieces = True
            if not free:
                continue
            for props in city.placements_of(v):
                if live.issuperset(props):
                    continue
                if city.quick_legal(rule, props, True):
                    live.update(props)
    return live, pieces


def unseen_cards(view: GameState, stack: int, hand: Iterable[int]) -> list[int]:
    """Cards of a stack the holder of `hand` has not seen anywhere (they may
    be in the stack or in other players' hands)."""
    known = {c for c in hand if c > 0}
    known.update(view.discard)
    for h in view.hands:
        known.update(c for c in h if c > 0)
    for o in view.offers.values():
        known.update(c for c in o.cards if c > 0)
    return [c for c in view.rules.stack_cards(stack) if c not in known]


def exchange_can_help(view: GameState, look: Outlook, cards: Iterable[int]) -> bool:
    """Could exchanging `cards` bring in a card that still helps anybody?

    Returned cards go under their stacks; a stack left with nothing but what
    we return would only give our own cards back. So the exchange helps only
    when some stack that still holds other cards may hold a live card."""
    me = view.current_player
    for st in range(1, len(view.stacks)):
        if not view.stacks[st]:
            continue
        if any(look.card_live(c) for c in unseen_cards(view, st, view.hands[me])):
            return True
    return False


def streetcar_can_help(view: GameState, look: Outlook, street: Street) -> bool:
    """Does a streetcar on `street` (or the second one it allows) touch a
    property that can still be built on?"""
    city = view.city
    if any(city.prop_at.get(c) in look.live for c in street):
        return True
    if view.phase != Phase.ACTION or not city.streetcars:
        return False  # no second piece follows this one
    if view.rules.streetcar_per_action < 2:
        return False
    after = city.copy()
    after.place_streetcar(street)
    return any(any(after.prop_at.get(c) in look.live for c in s) for s in after.legal_streetcars())


def pointless(view: GameState, look: Outlook, action: Action) -> bool:
    """Can `action` not lead to points for anybody (so a pass does as well)?"""
    if isinstance(action, Exchange):
        return not exchange_can_help(view, look, action.cards)
    if isinstance(action, PlaceStreetcar):
        return not streetcar_can_help(view, look, action.street)
    if isinstance(action, PlaceTile):
        return not look.tiles_open
    if isinstance(action, Build):
        rule = view.rules.buildings[action.building]
        if not rule.with_card:
            return False
        # a park or factory: covering or touching a live property changes
        # someone's points; filling the last free properties ends the game
        city = view.city
        props = set(action.properties)
        if props & look.live:
            return False
        if any(q in look.live for p in props for q in city.neighbours(p)):
            return False
        free_after = sum(1 for p in city.cell_of if p not in city.building_at) - len(props)
        return not (free_after == 0 and len(city.tiles) == len(view.rules.tile_shapes))
    return False


def kills_city_hall(look: Outlook, action: Action) -> bool:
    """Would `action` (not City Hall itself) take City Hall's last spots?

    While City Hall is unbuilt, other buildings leave at least
    :data:`HALL_RESERVE` spots for it (or all that are left, if fewer)."""
    if look.hall_built or not look.hall_spots or not isinstance(action, Build):
        return False
    if action.building == CITY_HALL:
        return False
    taken = look.hall_spots.intersection(action.properties)
    if not taken:
        return False
    return len(look.hall_spots) - len(taken) < min(HALL_RESERVE, len(look.hall_spots))


def hall_urgent(look: Outlook) -> bool:
    """City Hall is unbuilt and only its last few spots are left."""
    return not look.hall_built and 0 < len(look.hall_spots) <= HALL_RESERVE


#: the kinds of move that are not a turn's main action
_NOT_MAIN = (ActionKind.DRAW, ActionKind.STOP, ActionKind.OFFER, ActionKind.TAKE)
#: the main actions that do nothing for the city
_PASSIVE = (ActionKind.PASS, ActionKind.EXCHANGE)


def passive_streak(view: GameState) -> int:
    """How many main actions in a row (the latest last) were passes or exchanges."""
    n = 0
    for a in reversed(view.history):
        k = a.kind
        if k in _NOT_MAIN:
            continue
        if k in _PASSIVE:
            n += 1
            continue
        break
    return n


def hall_pressing(view: GameState, look: Outlook) -> bool:
    """City Hall should be built now by whoever can: its last spots are
    going (:func:`hall_urgent`), or the game may end without it: the table
    is stuck, every other player's latest move was a pass or exchange, or
    (where passes in a row end the game) the latest turn was a pass."""
    if look.hall_built or not look.hall_spots:
        return False
    if hall_urgent(look) or stuck(view) or passive_streak(view) >= view.n - 1:
        return True
    return view.rules.end_rule == EndRule.CONSECUTIVE_PASSES and view.passes_in_row >= 1


def last_scoring_round(state: GameState) -> int:
    """The last round in which some player's score changed (0 if none ever did)."""
    last = 0
    prev = state.score_history[0][1]
    for rnd, scores in state.score_history[1:]:
        if scores != prev:
            last = rnd
        prev = scores
    return last


def stuck(view: GameState) -> bool:
    """No score has changed for :data:`STUCK_ROUNDS` rounds (after the first
    points of the game): exchanging and streetcars only keep a finished game
    going."""
    last = last_scoring_round(view)
    return last > 0 and view.round - last >= STUCK_ROUNDS


def opens_or_scores(view: GameState, look: Outlook, action: Action) -> bool:
    """A building on properties (points, or City Hall), or a neighborhood
    that can still be built on."""
    if isinstance(action, Build):
        return not view.rules.buildings[action.building].with_card
    return isinstance(action, PlaceTile) and look.tiles_open


def sensible(view: GameState, look: Outlook, action: Action, is_stuck: bool | None = None) -> bool:
    """A main action worth considering: it can lead to points, does not rob
    the city of City Hall, and (once the table is stuck) scores or opens
    the city now."""
    if pointless(view, look, action) or kills_city_hall(look, action):
        return False
    if is_stuck is None:
        is_stuck = stuck(view)
    return not is_stuck or opens_or_scores(view, look, action)


def is_city_hall(action: Action) -> bool:
    return isinstance(action, Build) and action.building == CITY_HALL


__all__ = [
    "CITY_HALL",
    "HALL_RESERVE",
    "Outlook",
    "outlook",
    "exchange_can_help",
    "streetcar_can_help",
    "pointless",
    "kills_city_hall",
    "hall_urgent",
    "hall_pressing",
    "passive_streak",
    "sensible",
    "stuck",
    "last_scoring_round",
    "opens_or_scores",
    "is_city_hall",
    "unseen_cards",
]
