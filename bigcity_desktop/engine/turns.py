"""What each action does to a game, and how turns and rounds pass: the
draws, the end of a turn, the jumbo redevelopment, the end of the game. One
function per kind of action (``apply_build``, ...), called by
:meth:`.state.GameState.apply` once the action is known to be legal."""

from __future__ import annotations

from collections import Counter
from typing import Any, Protocol

from .actions import (
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
    slot_setter,
)
from .cards import stack_of
from .city import City, article
from .geometry import Cell
from .messages import msg
from .phases import Event, EventKind, OfferRecord, Phase
from .rules import EndRule, RefillMode, Rules, UselessCards


class TurnState(Protocol):
    """The position as the turns change it (:class:`.state.GameState`, which
    applies each action through them): its fields, and the few answers the
    turns ask of it."""

    rules: Rules
    n: int
    names: list[str]
    city: City
    stacks: list[list[int]]
    hands: list[list[int]]
    discard: list[int]
    scores: list[int]
    arrival: list[int]
    arrival_counter: int
    start_player: int
    round: int
    turn_index: int
    turn_player: int
    current_player: int
    phase: Phase
    city_hall_turn: int | None
    city_hall_value: int
    drawn_from: Counter[int]
    draw_cap: int
    draws_left: int
    streetcars_this_action: int
    streetcar_limit: int
    action_kind: ActionKind | None
    passes_in_row: int
    round_passive: bool
    offers: dict[int, OfferRecord]
    offer_queue: list[int]
    pick_queue: list[list[int]]
    events: list[Event]
    score_history: list[tuple[int, tuple[int, ...]]]
    end_reason: str | None
    setup_tiles: list[int]
    setup_order: list[int]

    @property
    def hand_size(self) -> int: ...

    @property
    def city_hall_open(self) -> bool: ...

    def standing(self) -> list[int]: ...

    def winners(self) -> list[int]: ...

    def is_useless(self, card: int) -> bool: ...

    def _draw_stacks(self) -> list[int]: ...


#: the kinds, phases and rules' choices read on every turn, as module
#: globals (an Enum class's attribute costs about five times a global in
#: Python 3.11)
_K_BUILD = ActionKind.BUILD
_K_EXCHANGE = ActionKind.EXCHANGE
_K_NEIGHBORHOOD = ActionKind.NEIGHBORHOOD
_K_PARK_FACTORY = ActionKind.PARK_FACTORY
_K_PASS = ActionKind.PASS
_K_STREETCAR = ActionKind.STREETCAR
_R_CONSECUTIVE_PASSES = EndRule.CONSECUTIVE_PASSES
_R_PASSIVE_ROUND = EndRule.PASSIVE_ROUND
_E_BUILD = EventKind.BUILD
_E_DRAW = EventKind.DRAW
_E_END = EventKind.END
_E_EXCHANGE = EventKind.EXCHANGE
_E_NEIGHBORHOOD = EventKind.NEIGHBORHOOD
_E_OFFER = EventKind.OFFER
_E_PASS = EventKind.PASS
_E_REDEVELOPMENT = EventKind.REDEVELOPMENT
_E_ROUND = EventKind.ROUND
_E_STREETCAR = EventKind.STREETCAR
_E_TAKE = EventKind.TAKE
_E_USELESS = EventKind.USELESS
_P_ACTION = Phase.ACTION
_P_EXCHANGE_DRAW = Phase.EXCHANGE_DRAW
_P_OFFER = Phase.OFFER
_P_OVER = Phase.OVER
_P_REFILL = Phase.REFILL
_P_SETUP = Phase.SETUP
_P_STREETCAR = Phase.STREETCAR
_P_TAKE = Phase.TAKE
_R_FEWEST = RefillMode.FEWEST
_R_TURN_START = UselessCards.TURN_START


# one method per kind of action, for player `p` (the action is legal)
def apply_tile(s: TurnState, p: int, action: PlaceTile) -> None:
    s.city.add_tile(action.number, action.x, action.y, action.rotation)
    event(
        s,
        p,
        _E_NEIGHBORHOOD,
        msg("placed neighborhood {tile} ({name})", tile=action.number, name=s.rules.tile_names[action.number]),
        tile=action.number,
    )
    if s.phase == _P_SETUP:
        s.setup_tiles.remove(action.number)
        i = len(s.rules.start_tiles[s.n]) - len(s.setup_tiles)
        if s.setup_tiles:
            s.current_player = s.setup_order[i]
        else:
            event(s, None, _E_ROUND, msg("Round {round} begins", round=1))
            begin_turn(s, s.start_player)
        return
    after_action(s, _K_NEIGHBORHOOD)


def apply_build(s: TurnState, p: int, action: Build) -> None:
    do_build(s, p, action)


def apply_streetcar(s: TurnState, p: int, action: PlaceStreetcar) -> None:
    first_ever = not s.city.streetcars
    s.city.place_streetcar(action.street)
    s.streetcars_this_action += 1
    a, b = action.street
    event(
        s,
        p,
        _E_STREETCAR,
        msg("placed a streetcar between {a} and {b}", a=_cell_name(s.city, a), b=_cell_name(s.city, b)),
        street=[list(a), list(b)],
    )
    limit = s.rules.streetcar_first_action if first_ever else s.rules.streetcar_per_action
    if s.phase == _P_ACTION:
        s.action_kind = _K_STREETCAR
        s.streetcar_limit = limit
    if s.streetcars_this_action < s.streetcar_limit and s.city.legal_streetcars():
        s.phase = _P_STREETCAR
        return
    after_action(s, _K_STREETCAR)


def apply_stop(s: TurnState, p: int, action: StopStreetcars) -> None:
    after_action(s, _K_STREETCAR)


def apply_exchange(s: TurnState, p: int, action: Exchange) -> None:
    hand = s.hands[p]
    gone = []
    for c in action.cards:
        hand.remove(c)
        if s.is_useless(c):
            s.discard.append(c)
            gone.append(c)
        else:
            s.stacks[stack_of(c)].insert(0, c)
    stacks = ", ".join(str(stack_of(c)) for c in action.cards)
    event(
        s,
        p,
        _E_EXCHANGE,
        msg("returned 1 card (stack {stacks})", stacks=stacks)
        if len(action.cards) == 1
        else msg("returned {n} cards (stacks {stacks})", n=len(action.cards), stacks=stacks),
        count=len(action.cards),
    )
    if gone:
        event(
            s,
            p,
            _E_USELESS,
            _discarded(gone),
            cards=gone,
        )
    s.action_kind = _K_EXCHANGE
    if s.rules.exchange_draws_separately:
        s.phase = _P_EXCHANGE_DRAW
        s.drawn_from = _counter()
        s.draw_cap = s.rules.exchange_per_stack
        s.draws_left = len(action.cards)
        if not s._draw_stacks():
            start_refill(s)
        return
    after_action(s, _K_EXCHANGE)


def apply_pass(s: TurnState, p: int, action: Pass) -> None:
    event(s, p, _E_PASS, _PASSED)
    after_action(s, _K_PASS)


def apply_draw(s: TurnState, p: int, action: Draw) -> None:
    card = s.stacks[action.stack].pop()
    s.hands[p].append(card)
    drawn = s.drawn_from
    drawn[action.stack] = drawn.get(action.stack, 0) + 1
    if s.phase == _P_EXCHANGE_DRAW:
        s.draws_left -= 1
        if s.draws_left <= 0 or not s._draw_stacks():
            event(s, p, _E_DRAW, _drew(s))
            start_refill(s)
        return
    if len(s.hands[p]) >= s.hand_size or not s._draw_stacks():
        event(s, p, _E_DRAW, _drew(s))
        end_turn(s)


def apply_offer(s: TurnState, p: int, action: Offer) -> None:
    for c in action.cards:
        s.hands[p].remove(c)
    s.offers[p] = OfferRecord(list(action.cards), action.face_up, [None] * len(action.cards))
    if action.face_up:
        event(
            s,
            p,
            _E_OFFER,
            msg("offered {cards} face up", cards=", ".join(map(str, action.cards))),
            cards=list(action.cards),
        )
    else:
        stacks = ", ".join(str(stack_of(c)) for c in action.cards)
        event(
            s,
            p,
            _E_OFFER,
            msg("offered 1 card face down (stack {stacks})", stacks=stacks)
            if len(action.cards) == 1
            else msg("offered {n} cards face down (stacks {stacks})", n=len(action.cards), stacks=stacks),
        )
    s.offer_queue.pop(0)
    if s.offer_queue:
        s.current_player = s.offer_queue[0]
    else:
        start_picks(s)


def apply_take(s: TurnState, p: int, action: Take) -> None:
    o = s.offers[action.owner]
    card = o.cards[action.slot]
    o.taken[action.slot] = p
    s.hands[p].append(card)
    if action.owner == p:  # a card of your own offer back: not "Carl took ... from Carl"
        if o.face_up:
            event(s, p, _E_TAKE, msg("took back offered card {card}", card=card))
        else:
            event(s, p, _E_TAKE, msg("took back a face-down offered card of stack {stack}", stack=stack_of(card)))
    elif o.face_up:
        event(s, p, _E_TAKE, msg("took {card} from {name}", card=card, name=s.names[action.owner]))
    else:
        event(
            s,
            p,
            _E_TAKE,
            msg(
                "took a face-down card of stack {stack} from {name}",
                stack=stack_of(card),
                name=s.names[action.owner],
            ),
        )
    s.pick_queue[0][1] -= 1
    if s.pick_queue[0][1] <= 0:
        s.pick_queue.pop(0)
    if s.pick_queue:
        s.current_player = s.pick_queue[0][0]
    else:
        end_round(s)


#: the sentence of a pass, the same every time
_PASSED = msg("passed")
#: the sentence of the draws of a phase by its draws ((stack, count), ...):
#: the same few come back every turn
_DREW: dict[tuple[tuple[int, int], ...], str] = {}


def _drew(s: TurnState) -> str:
    """The sentence of the draws of this phase ("drew 1 from stack 3, ...")."""
    key = tuple(sorted(s.drawn_from.items()))
    hit = _DREW.get(key)
    if hit is None:
        if len(_DREW) > 4096:
            _DREW.clear()
        hit = _DREW[key] = msg("drew {cards}", cards=draw_summary(s))
    return hit


def draw_summary(s: TurnState) -> str:
    parts = [msg("{n} from stack {stack}", n=n, stack=s) for s, n in sorted(s.drawn_from.items()) if n]
    if not parts:
        return msg("nothing")
    out = parts[0]
    for part in parts[1:]:
        out = msg("{a}, {b}", a=out, b=part)
    return out


def do_build(s: TurnState, p: int, action: Build) -> None:
    rules = s.rules
    city = s.city
    # the action is legal (checked, or made by the move generator): scored without checking it again
    variant, score, breakdown = city.score_of_legal(
        action.building, action.properties, city_hall=s.city_hall_open, city_hall_value=s.city_hall_value
    )
    rule = rules.buildings[action.building]
    hand = s.hands[p]
    if rule.with_card:
        card = rules.card_for_piece(rule.type, variant.name)
        assert card is not None
        hand.remove(card)
        s.discard.append(card)
    else:
        for prop in action.properties:
            hand.remove(prop)
            s.discard.append(prop)
    city.place_building(action.building, variant.name, action.properties, owner=p, score=score, breakdown=breakdown)
    add_score(s, p, score)
    if action.building == s.rules.city_hall_type:
        s.city_hall_turn = s.turn_index
    props = ", ".join(map(str, action.properties))
    event(
        s,
        p,
        _E_BUILD,
        msg("built {building} on {props} for 1 point", building=article(rule, variant), props=props)
        if score == 1
        else msg(
            "built {building} on {props} for {score} points",
            building=article(rule, variant),
            props=props,
            score=score,
        ),
        building=action.building,
        properties=list(action.properties),
        score=score,
        breakdown=breakdown,
    )
    after_action(s, _K_PARK_FACTORY if rule.with_card else _K_BUILD)


def add_score(s: TurnState, p: int, points: int) -> None:
    if points:
        s.scores[p] += points
        s.arrival[p] = s.arrival_counter
        s.arrival_counter += 1


def after_action(s: TurnState, kind: ActionKind) -> None:
    s.action_kind = kind
    if s.city.is_full():
        finish(s, msg("Every property of the finished city holds a building"))
        return
    start_refill(s)


def start_refill(s: TurnState) -> None:
    p = s.current_player
    s.phase = _P_REFILL
    s.drawn_from = _counter()
    need = s.hand_size - len(s.hands[p])
    if need <= 0:
        end_turn(s)
        return
    per = s.rules.refill_per_stack
    if s.rules.refill_mode == _R_FEWEST:
        counts = [len(s) for s in s.stacks[1:] if s]
        if not counts:
            end_turn(s)
            return
        cap = per
        while sum(min(c, cap) for c in counts) < need and cap < max(counts):
            cap += 1
        s.draw_cap = cap
    else:
        s.draw_cap = per
    if not s._draw_stacks():
        end_turn(s)


def begin_turn(s: TurnState, p: int) -> None:
    s.turn_index += 1
    s.turn_player = p
    s.current_player = p
    s.phase = _P_ACTION
    s.streetcars_this_action = 0
    s.streetcar_limit = 0
    s.action_kind = None
    if s.rules.useless_cards == _R_TURN_START:
        hand = s.hands[p]
        built = s.city.building_at
        useless = [c for c in hand if c in built and s.is_useless(c)]
        if useless:
            for c in useless:
                hand.remove(c)
                s.discard.append(c)
            event(
                s,
                p,
                _E_USELESS,
                _discarded(useless),
                cards=useless,
            )


def end_turn(s: TurnState) -> None:
    p = s.turn_player
    kind = s.action_kind
    s.score_history.append((s.round, tuple(s.scores)))
    if s.rules.end_rule == _R_CONSECUTIVE_PASSES:
        s.passes_in_row = s.passes_in_row + 1 if kind == _K_PASS else 0
        if s.passes_in_row >= s.n:
            finish(s, msg("{n} turns in a row were passes", n=s.n))
            return
    else:
        if kind not in (_K_PASS, _K_EXCHANGE):
            s.round_passive = False
    nxt = (p + 1) % s.n
    if nxt != s.start_player:
        begin_turn(s, nxt)
        return
    # the round is over
    if s.rules.end_rule == _R_PASSIVE_ROUND and s.round_passive:
        finish(s, msg("Every action of the round was a pass or an exchange"))
        return
    if s.rules.max_rounds and s.round >= s.rules.max_rounds:
        finish(s, msg("the last of {rounds} rounds was played", rounds=s.rules.max_rounds))
        return
    if s.rules.redevelopment:
        start_redevelopment(s)
        return
    end_round(s)


def start_redevelopment(s: TurnState) -> None:
    s.offers = {}
    s.offer_queue = [q for q in s.standing() if s.hands[q]]
    if not s.offer_queue:
        end_round(s)
        return
    event(s, None, _E_REDEVELOPMENT, msg("Redevelopment: every player offers one or two cards"))
    s.phase = _P_OFFER
    s.current_player = s.offer_queue[0]


def start_picks(s: TurnState) -> None:
    order = list(reversed(s.standing()))
    up = [q for q in order if q in s.offers and s.offers[q].face_up]
    down = [q for q in order if q in s.offers and not s.offers[q].face_up]
    s.pick_queue = [[q, len(s.offers[q].cards)] for q in up + down]
    s.phase = _P_TAKE
    s.current_player = s.pick_queue[0][0]


def end_round(s: TurnState) -> None:
    s.offers = {}
    s.pick_queue = []
    if s.city_hall_turn is None and s.rules.city_hall_step:
        s.city_hall_value = min(s.rules.city_hall_max, s.city_hall_value + s.rules.city_hall_step)
    if s.rules.redevelopment:
        s.start_player = (s.start_player + 1) % s.n
    s.round += 1
    s.round_passive = True
    event(s, None, _E_ROUND, msg("Round {round} begins", round=s.round))
    begin_turn(s, s.start_player)


def finish(s: TurnState, why: str) -> None:
    s.phase = _P_OVER
    s.end_reason = why
    if s.score_history[-1][1] != tuple(s.scores):
        s.score_history.append((s.round, tuple(s.scores)))
    ws = s.winners()
    if len(ws) == 1:
        event(s, None, _E_END, msg("The game ends: {why}. Winner: {name}", why=why, name=s.names[ws[0]]))
    else:
        names = msg("{names} and {last}", names=", ".join(s.names[w] for w in ws[:-1]), last=s.names[ws[-1]])
        event(s, None, _E_END, msg("The game ends: {why}. Winners: {names}", why=why, names=names))


def event(s: TurnState, player: int | None, kind: EventKind, text: str, **extra: Any) -> None:
    # (what Event(s.round, s.turn_index, player, kind, text, extra) makes, without its __init__)
    e = _new(Event)
    _set_round(e, s.round)
    _set_turn(e, s.turn_index)
    _set_player(e, player)
    _set_kind(e, kind)
    _set_text(e, text)
    _set_extra(e, extra)
    s.events.append(e)


# an Event's slots, set past its frozen __setattr__
_set_round = slot_setter(Event, "round")
_set_turn = slot_setter(Event, "turn")
_set_player = slot_setter(Event, "player")
_set_kind = slot_setter(Event, "kind")
_set_text = slot_setter(Event, "text")
_set_extra = slot_setter(Event, "extra")


_new = object.__new__


def _counter() -> Counter[int]:
    """An empty Counter (what ``Counter()`` makes, without its ``__init__``, in Python)."""
    return dict.__new__(Counter)


def _cell_name(city: City, cell: Cell) -> str:
    p = city.prop_at.get(cell)
    return str(p) if p is not None else msg("the edge")


def _discarded(cards: list[int]) -> str:
    """The event of useless cards thrown away."""
    if len(cards) == 1:
        return msg("discarded useless card {cards}", cards=cards[0])
    return msg("discarded useless cards {cards}", cards=", ".join(map(str, cards)))
