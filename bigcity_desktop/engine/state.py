"""The game state: players, cards, turns, rounds, and the legal moves.

``GameState`` follows an OpenSpiel-like shape: ``current_player``,
``legal_actions()``, ``check(action)`` (a reason, or None when legal),
``apply(action)``, ``clone()``, ``view_for(player)`` and
:func:`sample_hidden`. All randomness comes from the seeded generator held in
the state and is used only to shuffle and pick the start player at setup, so
the same seed and actions give the same game, bit for bit.

Card conventions: property card ``NK`` is the card of property ``NK``; the
park/factory card of stack ``N`` is ``N0``. In a player's view, a card that
player may not see is shown as ``-N`` (a card of stack ``N``).

The checks of each kind of action live in :mod:`.legality`, the deal of a
new game in :mod:`.dealing`, the turn flow in :mod:`.turns` and the moves a
hand allows in :mod:`.movegen`.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from itertools import compress
from typing import Any

from . import dealing, legality, movegen, turns
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
from .cards import is_property_card, stack_of
from .city import City, Judgement
from .legality import CHECKS, PLACEMENT_REASON
from .messages import Reason, Refusal, msg, refuse
from .phases import (
    DRAW_PHASES,
    PHASE_KIND,
    Event,
    EventKind,
    IllegalAction,
    OfferRecord,
    Phase,
)
from .rules import Rules, get_rules

#: the viewer of a view that shows only what is public (a spectator, a screen nobody sits at)
SPECTATOR = -1


@dataclass(eq=False, repr=False, kw_only=True)
class GameState:
    """A whole game of Big City. Build one with :meth:`new` (or
    :func:`.position.load_position`); every field below is part of the position."""

    rules: Rules
    n: int  # number of players
    names: list[str]
    seed: int | None  # None in a player's view
    rng: random.Random | None  # None in a player's view
    viewer: int | None = None  # the player whose view this is (SPECTATOR: nobody's), None for the full state
    city: City
    stacks: list[list[int]]  # index = stack number; index 0 is unused; top = last
    hands: list[list[int]]
    discard: list[int] = field(default_factory=list)
    scores: list[int]
    # the order in which score markers arrived at their square (ties: later is ahead)
    arrival: list[int]
    arrival_counter: int
    first_player: int  # start player of the first round
    start_player: int  # start player of the round under way
    round: int = 1
    turn_index: int = 0  # turns begun so far in the game
    turn_player: int  # whose turn it is
    current_player: int  # who decides now (another player in the redevelopment)
    phase: Phase = Phase.ACTION
    city_hall_turn: int | None = None  # turn_index of the turn City Hall was built
    city_hall_value: int
    # the draws of this draw phase
    drawn_from: Counter[int] = field(default_factory=Counter)
    draw_cap: int = 0
    draws_left: int = 0
    # the streetcar action under way
    streetcars_this_action: int = 0
    streetcar_limit: int = 0
    action_kind: ActionKind | None = None  # the kind of main action of this turn
    passes_in_row: int = 0
    round_passive: bool = True
    # the jumbo redevelopment under way
    offers: dict[int, OfferRecord] = field(default_factory=dict)
    offer_queue: list[int] = field(default_factory=list)
    pick_queue: list[list[int]] = field(default_factory=list)  # [player, cards still to take]
    history: list[Action] = field(default_factory=list)
    actors: list[int] = field(default_factory=list)  # who played each action of history
    events: list[Event] = field(default_factory=list)
    score_history: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    # the log's first events this view does not hold (``events`` holds the
    # rest): 0 but for a network seat's view, sent the recent ones only
    # (engine/viewjson.py: recent_events); the game's own state holds them all
    events_from: int = 0
    # likewise the history's first actions (and their actors) this view does
    # not hold: a network seat's whole view carries the recent ones only
    # (:func:`.phases.recent_actions`); :attr:`moves` counts them all
    history_from: int = 0
    # and the score history's first entries (:func:`.phases.recent_scores`)
    scores_from: int = 0
    end_reason: str | None = None
    # the setup tile placements still to come, and who places them
    setup_tiles: list[int] = field(default_factory=list)
    setup_order: list[int] = field(default_factory=list)
    start_city: list[list[int]] | None = None  # tiles a game from a sandbox layout began with
    # True while the story (history, actors, events, score_history) is shared
    # with a clone: the next action copies it first (copy-on-write)
    _story_shared: bool = field(default=False, compare=False, repr=False)
    # the main actions of the latest position whose whole list was asked for
    # (a search asks for them all, then their kinds, then one kind's)
    _main_memo: _MainMemo | None = field(default=None, compare=False, repr=False)
    # the stacks to draw from at the latest decision asked about: (the history
    # list and its length, the draw counts and cap it was worked out for, the stacks)
    _draw_memo: tuple[list[Action], int, Counter[int], int, tuple[int, ...]] | None = field(
        default=None, compare=False, repr=False
    )

    # ------------------------------------------------------------ set-up
    @classmethod
    def new(
        cls,
        rules: Rules | str = "original",
        players: int = 3,
        seed: int = 0,
        names: list[str] | None = None,
        start_city: Sequence[PlaceTile | Sequence[int]] | None = None,
    ) -> GameState:
        """A new game. `start_city` (tile placements after tile 1) replaces the
        setup tile-placement phase, for games started from a sandbox layout."""
        if isinstance(rules, str):
            rules = get_rules(rules)
        if not rules.min_players <= players <= rules.max_players:
            raise ValueError(f"{rules.title} is for {rules.min_players} to {rules.max_players} players, not {players}")
        rng = random.Random(seed)
        names = list(names) if names else [f"Player {i + 1}" for i in range(players)]
        if len(names) != players:
            raise ValueError("one name per player")
        city = City.starting(rules)
        stacks = dealing.shuffled_stacks(rules, rng)
        start_player = rng.randrange(players)
        hands = dealing.deal_hands(rules, stacks, players)
        scores, arrival = dealing.start_scores(rules, players, start_player)
        # the setup tile placements
        tiles = list(rules.start_tiles[players])
        if start_city is not None:
            dealing.lay_start_city(city, start_city)
            tiles = []
        setup_order = dealing.setup_order(rules, players, start_player, len(tiles))
        s = cls(
            rules=rules,
            n=players,
            names=names,
            seed=seed,
            rng=rng,
            city=city,
            stacks=stacks,
            hands=hands,
            scores=scores,
            arrival=arrival,
            arrival_counter=players,
            first_player=start_player,
            start_player=start_player,
            turn_player=start_player,
            current_player=start_player,
            city_hall_value=rules.city_hall_start,
            score_history=[(0, tuple(scores))],
            setup_tiles=tiles,
            setup_order=setup_order,
            start_city=[dealing.tile_list(t) for t in start_city] if start_city is not None else None,
        )
        turns.event(
            s,
            None,
            EventKind.START,
            msg("{name} is the start player", name=s.names[s.start_player]),
            start_player=s.start_player,
            # what the log explains with it: who lays the setup neighborhoods, in
            # which order, and the starting scores (jumbo: later seats start ahead)
            setup_order=list(s.setup_order),
            start_scores=list(s.scores),
        )
        if tiles:
            s.phase = Phase.SETUP
            s.current_player = s.setup_order[0]
        else:
            turns.begin_turn(s, s.start_player)
        return s

    # ------------------------------------------------------------ copying
    def clone(self) -> GameState:
        """An independent copy: every field is copied by its entry in
        :data:`_COPY` (a field without one is deep-copied, so a new field is
        never shared by mistake). What the engine never changes in place is
        shared: the city's containers (a change replaces them), the
        generator (used only while a game is set up), and the story
        (history, actors, events, score history), which the next action of
        either state copies first; so a clone costs the same at any point of
        a game."""
        return self._clone_but(())

    def _clone_but(self, left_out: tuple[str, ...]) -> GameState:
        """A clone whose fields named in `left_out` are None, to be set by the caller."""
        s = _new_state(GameState)
        src = self.__dict__
        d = dict(src)
        for name, copier in _COPIERS:
            d[name] = copier(src[name])
        for name in left_out:
            d[name] = None
        s.__dict__ = d
        d["_story_shared"] = src["_story_shared"] = True
        return s

    def _own_story(self) -> None:
        """Copy the story shared with a clone before changing it."""
        self.history = list(self.history)
        self.actors = list(self.actors)
        self.events = list(self.events)
        self.score_history = list(self.score_history)
        self._story_shared = False

    def __eq__(self, other: object) -> bool:
        """The same game: every field equal (the generator by its state)."""
        if not isinstance(other, GameState):
            return NotImplemented
        for name in _FIELD_NAMES:
            a, b = getattr(self, name), getattr(other, name)
            if name == "rng":
                if (a is None) != (b is None) or (a is not None and a.getstate() != b.getstate()):
                    return False
            elif name == "rules":
                if a.digest != b.digest:
                    return False
            elif a != b:
                return False
        return True

    __hash__ = None  # type: ignore[assignment]  # a game changes: it is no dictionary key (see position_key)

    def position_key(self) -> tuple[Any, ...]:
        """A hashable key of the position, not of the way to it: two states
        with the same key have the same legal moves and futures (the history,
        the log and the turn count are left out)."""
        city = self.city
        return (
            self.rules.digest,
            self.viewer,
            tuple(sorted(city.tiles)),
            tuple(sorted((b.type, b.variant, b.properties, b.owner) for b in city.buildings)),
            tuple(sorted(city.streetcars)),
            tuple(tuple(st) for st in self.stacks),
            tuple(tuple(sorted(h)) for h in self.hands),
            tuple(sorted(self.discard)),
            tuple(self.scores),
            tuple(sorted(range(self.n), key=lambda p: self.arrival[p])),
            self.phase,
            self.current_player,
            self.turn_player,
            self.start_player,
            self.round,
            self.city_hall_built,
            self.city_hall_open,
            self.city_hall_value,
            tuple(sorted(self.drawn_from.items())),
            self.draw_cap,
            self.draws_left,
            self.streetcars_this_action,
            self.streetcar_limit,
            self.action_kind,
            self.passes_in_row,
            self.round_passive,
            tuple((p, tuple(o.cards), o.face_up, tuple(o.taken)) for p, o in sorted(self.offers.items())),
            tuple(self.offer_queue),
            tuple(tuple(x) for x in self.pick_queue),
            tuple(self.setup_tiles),
            tuple(self.setup_order),
        )

    # ------------------------------------------------------------ facts
    @property
    def moves(self) -> int:
        """The actions played so far: those of `history` and the earlier ones a view does not hold."""
        return self.history_from + len(self.history)

    @property
    def is_over(self) -> bool:
        return self.phase == _P_OVER

    @property
    def hand_size(self) -> int:
        return self.rules.hand_size[self.n]

    @property
    def city_hall_built(self) -> bool:
        return self.city_hall_turn is not None

    @property
    def city_hall_open(self) -> bool:
        """City Hall was built on an earlier turn: everything is open."""
        return self.city_hall_turn is not None and self.turn_index > self.city_hall_turn

    def standing(self) -> list[int]:
        """Players from first to last place (ties: the marker that arrived last is ahead)."""
        return sorted(range(self.n), key=lambda p: (-self.scores[p], -self.arrival[p]))

    def winners(self) -> list[int]:
        best = max(self.scores)
        return [p for p in range(self.n) if self.scores[p] == best]

    def ranking(self) -> list[tuple[int, int, int]]:
        """(place, player, score), best first; equal scores share a place."""
        order = sorted(range(self.n), key=lambda p: -self.scores[p])
        out: list[tuple[int, int, int]] = []
        for i, p in enumerate(order):
            place = out[-1][0] if out and out[-1][2] == self.scores[p] else i + 1
            out.append((place, p, self.scores[p]))
        return out

    def points_by_type(self, player: int) -> dict[str, int]:
        out: dict[str, int] = {}
        for b in self.city.buildings:
            if b.owner == player:
                out[b.type] = out.get(b.type, 0) + b.score
        return out

    def is_useless(self, card: int) -> bool:
        """A property card whose property now holds a building (park/factory)."""
        return is_property_card(card) and card in self.city.building_at

    def card_playable(self, card: int) -> bool:
        """Could this card be used in the city right now (for redevelopment offers)?"""
        if card < 0:
            return False
        piece = self.rules.special_cards.get(card)
        if piece is not None:
            if not self.city_hall_built:
                return False
            # a legal spot for its piece, City Hall standing (the move generator's, cached)
            return bool(movegen.park_spots(self.city, self.rules, *piece))
        return self.city.is_free(card)

    # ------------------------------------------------------------ legality
    def check(self, action: Action, player: int | None = None) -> Refusal | None:
        """None if `action` is legal for the player to move, else the reason:
        a sentence (a :class:`.messages.Refusal`, a ``str``) with its code
        (``refusal.code``, a :class:`.messages.Reason`)."""
        if self.phase == Phase.OVER:
            return refuse(Reason.GAME_OVER, msg("the game is over"))
        if player is not None and player != self.current_player:
            return refuse(
                Reason.NOT_YOUR_TURN,
                msg(
                    "it is {name}'s turn, not {other}'s", name=self.names[self.current_player], other=self.names[player]
                ),
            )
        checker = CHECKS.get(type(action))
        if checker is None:
            return refuse(Reason.UNKNOWN_ACTION, msg("unknown action {action}", action=repr(action)))
        reason = checker(self, action)
        return None if reason is None else Refusal.of(PLACEMENT_REASON.get(type(action), Reason.WRONG_PHASE), reason)

    def is_legal(self, action: Action, player: int | None = None) -> tuple[bool, Refusal | None]:
        reason = self.check(action, player)
        return reason is None, reason

    def why_not(self, kind: ActionKind, tile: int | None = None) -> Refusal | None:
        """Why the player to move can make no move of `kind` (an action kind
        as in :data:`KIND_PHASES`: "neighborhood", "streetcar", ...) now, as a
        sentence; None when the phase and the turn allow that kind (see
        :func:`.legality.why_not`)."""
        return legality.why_not(self, kind, tile)

    def judge(self, action: Build) -> Judgement:
        """Legality and score (with breakdown) of a build for the player to move."""
        reason = self.check(action)
        if reason:
            return Judgement(reason)
        return self.city.judge_build(
            action.building, action.properties, city_hall=self.city_hall_open, city_hall_value=self.city_hall_value
        )

    # ------------------------------------------------------------ move generation
    def legal_actions(self, kind: ActionKind | None = None) -> list[Action]:
        """Every legal action for the player to move (of one kind, if given):
        ``list(iter_legal(kind))``, from the move generator's caches directly
        unless a subclass offers its own moves by overriding ``iter_legal``
        (a lesson's view)."""
        if type(self).iter_legal is not GameState.iter_legal:
            return list(self.iter_legal(kind))
        ph = self.phase
        if ph == _P_ACTION:
            return self._main_actions(kind)
        if ph in DRAW_PHASES:
            return movegen.draws(self._draw_stacks()) if kind in (None, _K_DRAW) else []
        if ph == _P_STREETCAR:
            out: list[Action] = list(movegen.streetcars(self.city)) if kind in (None, _K_STREETCAR) else []
            if kind in (None, _K_STOP):
                out.append(_STOP)
            return out
        if ph == _P_SETUP:
            return list(movegen.tiles(self.city, self.setup_tiles)) if kind in (None, _K_NEIGHBORHOOD) else []
        return list(self.iter_legal(kind))

    def _main_actions(self, kind: ActionKind | None) -> list[Action]:
        """The main actions, from the move generator's cached answers (by
        the city's stamp and the hand); the whole list is kept by kind for
        the questions after it about the same position."""
        city = self.city
        rules = self.rules
        hand = self.hands[self.current_player]
        open_ = self.city_hall_open
        if kind is None:
            found: tuple[Action, ...] = movegen.builds(city, rules, hand, open_)
            out: list[Action] = list(found)
            kinds = [_K_BUILD] if found else []
            by_kind: dict[ActionKind, tuple[Action, ...]] = {_K_BUILD: found, _K_PASS: _PASSES}
            if open_:
                for k, found in (
                    (_K_PARK_FACTORY, movegen.parks(city, rules, hand)),
                    (_K_STREETCAR, movegen.streetcars(city)),
                    (_K_NEIGHBORHOOD, movegen.new_tiles(city)),
                ):
                    by_kind[k] = found
                    if found:
                        out += found
                        kinds.append(k)
            found = by_kind[_K_EXCHANGE] = movegen.exchanges(hand)
            if found:
                out += found
                kinds.append(_K_EXCHANGE)
            out.append(_PASS)
            kinds.append(_K_PASS)
            self._main_memo = (city.stamp, list(hand), open_, by_kind, kinds)
            return out
        m = self._main_memo
        if m is not None and m[0] == city.stamp and m[1] == hand and m[2] == open_:
            return list(m[3].get(kind, ()))
        if kind == _K_BUILD:
            return list(movegen.builds(city, rules, hand, open_))
        if kind == _K_EXCHANGE:
            return list(movegen.exchanges(hand))
        if kind == _K_PASS:
            return [_PASS]
        if not open_:
            return []
        if kind == _K_PARK_FACTORY:
            return list(movegen.parks(city, rules, hand))
        if kind == _K_STREETCAR:
            return list(movegen.streetcars(city))
        if kind == _K_NEIGHBORHOOD:
            return list(movegen.new_tiles(city))
        return []

    def iter_legal(self, kind: ActionKind | None = None) -> Iterator[Action]:
        ph = self.phase
        if ph == _P_OVER:
            return
        if ph == _P_SETUP:
            if kind in (None, _K_NEIGHBORHOOD):
                yield from movegen.tiles(self.city, self.setup_tiles)
            return
        if ph == _P_ACTION:
            yield from self._main_actions(kind)
            return
        if ph == _P_STREETCAR:
            if kind in (None, _K_STREETCAR):
                yield from movegen.streetcars(self.city)
            if kind in (None, _K_STOP):
                yield _STOP
            return
        if ph in DRAW_PHASES:
            if kind in (None, _K_DRAW):
                yield from movegen.draws(self._draw_stacks())
            return
        if ph == _P_OFFER:
            if kind in (None, _K_OFFER):
                yield from movegen.offers(self.hands[self.current_player], self.card_playable)
            return
        if ph == _P_TAKE:
            if kind in (None, _K_TAKE):
                yield from movegen.takes(self.offers, self.current_player)
            return

    def legal_kinds(self) -> list[ActionKind]:
        """The kinds of decision that have at least one legal move now."""
        ph = self.phase
        if ph != _P_ACTION:
            if ph == _P_OVER:
                return []
            if ph == _P_STREETCAR:
                return [_K_STREETCAR, _K_STOP] if self.city.legal_streets() else [_K_STOP]
            k = PHASE_KIND[ph]
            if ph in DRAW_PHASES:
                return [k] if self._draw_stacks() else []
            # a kind is listed only when it has a legal move, as in the action phase
            return [k] if next(self.iter_legal(k), None) is not None else []
        city = self.city
        rules = self.rules
        hand = self.hands[self.current_player]
        open_ = self.city_hall_open
        m = self._main_memo
        if m is not None and m[0] == city.stamp and m[1] == hand and m[2] == open_:
            return list(m[4])
        out: list[ActionKind] = []
        if movegen.builds(city, rules, hand, open_):
            out.append(_K_BUILD)
        if open_:
            if movegen.parks(city, rules, hand):
                out.append(_K_PARK_FACTORY)
            if city.legal_streets():
                out.append(_K_STREETCAR)
            if movegen.new_tiles(city):
                out.append(_K_NEIGHBORHOOD)
        if hand:
            out.append(_K_EXCHANGE)
        out.append(_K_PASS)
        return out

    def _draw_stacks(self) -> list[int]:
        """The stacks the player to move may draw from (asked several times a
        decision: kept until the next action or a new phase's counts)."""
        m = self._draw_memo
        history = self.history
        n = len(history)
        if m is not None and m[0] is history and m[1] == n and m[2] is self.drawn_from and m[3] == self.draw_cap:
            return list(m[4])
        out = self._find_draw_stacks()
        self._draw_memo = (history, n, self.drawn_from, self.draw_cap, tuple(out))
        return out

    def _find_draw_stacks(self) -> list[int]:
        cap = self.draw_cap
        if cap <= 0:
            return []
        stacks = self.stacks
        full = compress(range(len(stacks)), stacks)  # the stacks with cards (index 0 holds none)
        drawn = self.drawn_from
        if not drawn:  # (the first draw of a phase)
            return list(full)
        get = drawn.get
        return [i for i in full if get(i, 0) < cap]

    # ------------------------------------------------------------ applying
    def apply(self, action: Action, player: int | None = None) -> None:
        """Play `action` for the player to move; IllegalAction if it is not legal."""
        reason = self.check(action, player)
        if reason is not None:
            raise IllegalAction(reason)
        self._apply(action)

    def apply_unchecked(self, action: Action) -> None:
        """Play an action known to be legal (taken from :meth:`legal_actions`
        of this very state) without checking it again: for search in bots."""
        self._apply(action)

    def legal_draw_stacks(self) -> list[int]:
        """The stacks the player to move may draw from now (draw phases)."""
        if self.phase not in DRAW_PHASES:
            return []
        return self._draw_stacks()

    def _apply(self, action: Action) -> None:
        p = self.current_player
        if self._story_shared:
            self._own_story()
        self.history.append(action)
        self.actors.append(p)
        applier = _APPLIES.get(type(action))
        if applier is None:  # pragma: no cover - check() refuses it first
            raise IllegalAction(msg("unknown action {action}", action=repr(action)))
        applier(self, p, action)

    # ------------------------------------------------------------ hidden information
    def view_for(self, player: int, known_history: Sequence[Action] | None = None) -> GameState:
        """What `player` may know: the same state with every card they may not
        see replaced by ``-stack``; no seed, no generator, a redacted history.
        ``view_for(SPECTATOR)`` is what everybody may know (every hand hidden).

        `known_history`: the history of an earlier view of this very game for
        the same player (so a prefix of what this one would be); only the
        actions after it are redacted (a window viewing a long game after
        every move)."""
        v = self._clone_but(("history",))  # the history is redacted below
        v.viewer = player
        v.seed = None
        v.rng = None
        v.stacks = [[-i] * len(s) for i, s in enumerate(self.stacks)]
        # cards taken face up in the redevelopment under way are public
        public = {c for o in self.offers.values() if o.face_up for c, t in zip(o.cards, o.taken) if t is not None}
        v.hands = [
            list(h) if q == player else sorted(c if c in public else -stack_of(c) for c in h)
            for q, h in enumerate(self.hands)
        ]
        for q, o in v.offers.items():
            if q != player and not o.face_up:
                taken = o.taken
                o.cards = [c if taken[i] == player else -stack_of(c) for i, c in enumerate(o.cards)]
        v.history = _redact_history(self, player, known_history)
        return v


#: the kinds and phases the move lists read, as module globals (an Enum
#: class's attribute costs about five times a global in Python 3.11)
_K_BUILD = ActionKind.BUILD
_K_DRAW = ActionKind.DRAW
_K_EXCHANGE = ActionKind.EXCHANGE
_K_NEIGHBORHOOD = ActionKind.NEIGHBORHOOD
_K_OFFER = ActionKind.OFFER
_K_PARK_FACTORY = ActionKind.PARK_FACTORY
_K_PASS = ActionKind.PASS
_K_STOP = ActionKind.STOP
_K_STREETCAR = ActionKind.STREETCAR
_K_TAKE = ActionKind.TAKE
_P_ACTION = Phase.ACTION
_P_OFFER = Phase.OFFER
_P_OVER = Phase.OVER
_P_SETUP = Phase.SETUP
_P_STREETCAR = Phase.STREETCAR
_P_TAKE = Phase.TAKE

_PASS = Pass()
_PASSES: tuple[Action, ...] = (_PASS,)
#: the main actions of one position by kind, and its kinds with a legal
#: move, keyed by its content: (the city's stamp, a copy of the hand, City
#: Hall open, the moves by kind, the kinds); a clone that shares it reads
#: it only where that content is its own too
_MainMemo = tuple[int, list[int], bool, dict[ActionKind, tuple[Action, ...]], list[ActionKind]]
_STOP = StopStreetcars()

_APPLIES: dict[type[Action], Callable[[GameState, int, Any], None]] = {
    PlaceTile: turns.apply_tile,
    Build: turns.apply_build,
    PlaceStreetcar: turns.apply_streetcar,
    StopStreetcars: turns.apply_stop,
    Exchange: turns.apply_exchange,
    Pass: turns.apply_pass,
    Draw: turns.apply_draw,
    Offer: turns.apply_offer,
    Take: turns.apply_take,
}


def _redact_history(state: GameState, viewer: int, known: Sequence[Action] | None = None) -> list[Action]:
    """The action list as `viewer` saw it: other players' exchanged cards and
    face-down offers show only their stacks (`known`: its first part, already redacted)."""
    start = len(known) if known is not None and len(known) <= len(state.history) else 0
    out: list[Action] = list(known) if known is not None and start else []
    out.extend(action_as_seen(a, who, viewer) for a, who in zip(state.history[start:], state.actors[start:]))
    return out


def hidden_hands(state: GameState) -> list[list[int]]:
    """Every hand as the other players see it: by its cards' stacks, but the
    cards taken face up in the redevelopment under way."""
    public = _public_cards(state)
    return [sorted(c if c in public else -stack_of(c) for c in h) for h in state.hands]


def _public_cards(state: GameState) -> set[int]:
    """The cards taken face up in the redevelopment under way."""
    return {c for o in state.offers.values() if o.face_up for c, t in zip(o.cards, o.taken) if t is not None}


def action_as_seen(a: Action, actor: int, viewer: int) -> Action:
    """Action `a` of seat `actor` as seat `viewer` (or SPECTATOR) sees it:
    another's exchange and face-down offer by their stacks only."""
    if actor == viewer:
        return a
    if isinstance(a, Exchange):
        return Exchange(tuple(-stack_of(c) for c in a.cards))
    if isinstance(a, Offer) and not a.face_up:
        return Offer(tuple(-stack_of(c) for c in a.cards), False)
    return a


# ---------------------------------------------------------------- copying
def _same(v: Any) -> Any:
    return v  # immutable (numbers, text, enums, the rules, frozen actions and events)


def _list(v: list[Any]) -> list[Any]:
    return list(v)


def _lists(v: list[list[Any]] | None) -> list[list[Any]] | None:
    return None if v is None else [list(x) for x in v]


def _shared(v: Any) -> Any:
    """Shared with the clone, and never changed in place: the generator (it
    deals only while a game is set up, GameState.new and load_position;
    nothing draws from it afterwards) and the story (history, actors,
    events, score history: copied by the next action, see _own_story)."""
    return v


def _city(v: City) -> City:
    return v.copy()


def _counter(v: Counter[int]) -> Counter[int]:
    return Counter(v) if v else Counter()


def _offers(v: dict[int, OfferRecord]) -> dict[int, OfferRecord]:
    return {p: o.copy() for p, o in v.items()}


#: how clone() copies each field of GameState
_COPY: dict[str, Callable[[Any], Any]] = {
    "rules": _same,
    "n": _same,
    "names": _list,
    "seed": _same,
    "rng": _shared,
    "viewer": _same,
    "city": _city,
    "stacks": _lists,
    "hands": _lists,
    "discard": _list,
    "scores": _list,
    "arrival": _list,
    "arrival_counter": _same,
    "first_player": _same,
    "start_player": _same,
    "round": _same,
    "turn_index": _same,
    "turn_player": _same,
    "current_player": _same,
    "phase": _same,
    "city_hall_turn": _same,
    "city_hall_value": _same,
    "drawn_from": _counter,
    "draw_cap": _same,
    "draws_left": _same,
    "streetcars_this_action": _same,
    "streetcar_limit": _same,
    "action_kind": _same,
    "passes_in_row": _same,
    "round_passive": _same,
    "offers": _offers,
    "offer_queue": _list,
    "pick_queue": _lists,
    "history": _shared,
    "actors": _shared,
    "events": _shared,
    "score_history": _shared,
    "events_from": _same,
    "history_from": _same,
    "scores_from": _same,
    "end_reason": _same,
    "setup_tiles": _list,
    "setup_order": _list,
    "start_city": _lists,
    "_story_shared": _same,  # set by clone() itself
    "_main_memo": _same,  # keyed by the content it answers for, never changed
    "_draw_memo": _same,  # keyed by the draw counts object, which a clone copies
}
_FIELD_NAMES: tuple[str, ...] = tuple(f.name for f in fields(GameState) if f.compare)
#: the fields clone() has to copy (the others it shares: _same)
_COPIERS: tuple[tuple[str, Callable[[Any], Any]], ...] = tuple(
    (f.name, _COPY.get(f.name, copy.deepcopy)) for f in fields(GameState) if _COPY.get(f.name) not in (_same, _shared)
)
_new_state = object.__new__
