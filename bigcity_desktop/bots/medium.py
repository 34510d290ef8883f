"""The medium bot: an evaluation function and a short look-ahead.

Every candidate main action is tried on a copy of the view (the bot's own
cards are known; other hands and the stacks are only counts, which is all
these actions need) and the resulting position is scored by
:func:`evaluate`. A streetcar action is looked at as a pair: each promising
first streetcar with the best second one after it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from bigcity_desktop.engine import (
    Action,
    ActionKind,
    Build,
    Draw,
    Exchange,
    GameState,
    Pass,
    PlaceStreetcar,
    PlaceTile,
    StopStreetcars,
)
from bigcity_desktop.engine.cards import is_special_card, stack_of
from bigcity_desktop.engine.endgame import would_end_game
from bigcity_desktop.engine.phases import Phase

from .base import Bot
from .common import (
    Ctx,
    best_tiles,
    choose_offer,
    choose_take,
    dead_cards,
    park_value,
    setup_choice,
    street_value,
)
from .outlook import Outlook, hall_pressing, is_city_hall, outlook, passive_streak, sensible

WIN_BONUS = 200.0

#: How much each level weighs what the others' cards may still score
#: (``Evaluator.opp_weight``). The evaluation is the same for both levels;
#: what sets them apart is how much they fear handing points to the others
#: (docs/BOTS.md, "The weight of the others", and the scan in
#: docs/tuning/opp-weight-scan.log): the strongest weight heads-up is about
#: 1.7; the medium bot weighs the others at 0.4, so it builds City Hall,
#: streetcars and neighborhoods more readily than it should.
MEDIUM_OPP_WEIGHT = 0.4
HARD_OPP_WEIGHT = 1.7
#: The hard bot's weight at the tables where another one plays better
#: (base edition, players): at four players in jumbo, where the cards change
#: hands every round, denying the others helps less (the four-player scan in
#: docs/tuning/opp-weight-scan.log).
HARD_OPP_WEIGHTS: dict[tuple[str, int], float] = {("jumbo", 4): 1.0}


class Evaluator:
    """Scores positions for one player from what that player knows.

    value = own score + own hand potential + worth of cards still to draw
            - (a blend of the best and the mean opponent: score + the
               potential of their hidden cards, estimated per stack).

    ``first_in_full`` (the hard bot's evaluation at the end of its
    rollouts): the best building of the hand counts in full, not discounted.
    At the end of a rollout every opponent has answered the move, with the
    points of their answers counted whole; the bot's own answer, next turn,
    is as near, so its best building is too. Without this, a move whose
    reward is next turn's building (City Hall now, the business triple
    beside it next turn at double value) lost a fifth of that building to
    the horizon while the opponents' gains from the same move were counted
    whole: City Hall in the second round lost to a 3-point single.
    """

    # The weights, by name, as the tuning script (scripts/tune_eval.py) varies them.
    WEIGHTS = ("pot_weight", "opp_weight", "draw_weight", "extra_weight", "blend", "discount", "decay")

    def __init__(
        self,
        pot_weight: float = 1.0,
        opp_weight: float = 0.8,
        draw_weight: float = 0.6,
        extra_weight: float = 0.5,
        blend: float = 0.5,
        discount: float | None = None,
        decay: float | None = None,
        by_table: Mapping[tuple[str, int], float] | None = None,
        first_in_full: bool = False,
    ):
        self.pot_weight = pot_weight  # own hand potential
        self.opp_weight = opp_weight  # opponents' hidden-card potential
        # opp_weight at particular tables: (base edition, players) -> weight
        self.by_table: dict[tuple[str, int], float] = dict(by_table or {})
        self.draw_weight = draw_weight  # cards still to draw this turn
        self.extra_weight = extra_weight  # park/factory cards and cards of unplaced neighborhoods
        self.blend = blend  # share of the best opponent (the rest: the mean opponent)
        self.discount = discount
        self.decay = decay
        if discount is None or decay is None:
            self.discounts: tuple[float, ...] = (0.8, 0.55, 0.35, 0.25, 0.15, 0.1)
        else:
            self.discounts = tuple(discount * decay**i for i in range(6))
        self.first_in_full = first_in_full
        #: the hand potential's discounts: the first building whole at the end of a rollout
        self.pot_discounts: tuple[float, ...] = (1.0,) + self.discounts[1:] if first_in_full else self.discounts

    @classmethod
    def from_weights(cls, w: dict[str, float]) -> Evaluator:
        """An evaluator with every weight of :attr:`WEIGHTS` given by name."""
        return cls(
            pot_weight=w["pot_weight"],
            opp_weight=w["opp_weight"],
            draw_weight=w["draw_weight"],
            extra_weight=w["extra_weight"],
            blend=w["blend"],
            discount=w["discount"],
            decay=w["decay"],
        )

    def opp_weight_for(self, state: GameState) -> float:
        """The weight of the others' cards at this state's table."""
        return self.by_table.get((state.rules.base_edition, state.n), self.opp_weight)

    def weights(self) -> dict[str, float | None]:
        return {k: getattr(self, k) for k in self.WEIGHTS}

    def stack_single(self, ctx: Ctx, stack: int, unseen: list[int]) -> float:
        """Mean best single-building value of a card of `stack` someone else may hold."""
        if not unseen:
            return 0.0
        tot = 0.0
        for c in unseen:
            if is_special_card(c):
                tot += 1.5
            elif ctx.city.is_free(c):
                tot += ctx.best_at((c,))[0]
            elif c not in ctx.city.cell_of:
                tot += 0.5
        return tot / len(unseen)

    def opponent_potential(
        self, ctx: Ctx, state: GameState, q: int, stack_avgs: dict[int, float], weight: float | None = None
    ) -> float:
        """The likely worth of player `q`'s cards (before the weight)."""
        total = 0.0
        for c in state.hands[q]:
            st = stack_of(c)
            if c > 0:  # a card we know (taken face up)
                total += ctx.best_at((c,))[0] if ctx.city.is_free(c) else 0.0
            else:
                total += stack_avgs.get(st, 0.0)
        # cards held together form doubles and triples worth more than singles
        return 0.55 * total

    def evaluate(self, state: GameState, me: int, ctx: Ctx | None = None, final: bool = False) -> float:
        """How good `state` is for `me`; `final`: score it as a finished game
        (the move that led to it ends the game, see ``would_end_game``)."""
        if final or state.is_over:
            return _final_value(state, me)
        ctx = ctx or Ctx(state, me)
        ctx.me = me
        hand = state.hands[me]
        pot = ctx.potential(hand, self.pot_discounts)
        extra = 0.0
        for c in hand:
            if is_special_card(c) or (c > 0 and c not in ctx.city.cell_of):
                extra += ctx.card_value(c, hand) * self.extra_weight
        draw_val = _draw_value(ctx, state, hand)
        mine = state.scores[me] + self.pot_weight * pot + 0.5 * extra + self.draw_weight * draw_val * 0.5
        return float(mine - self._opponents_value(ctx, state, me, hand))

    def _opponents_value(self, ctx: Ctx, state: GameState, me: int, hand: list[int]) -> float:
        """The others' scores and likely worth of their cards, the best
        opponent's and the mean blended."""
        stack_avgs = {}
        for st in state.rules.tiles:
            stack_avgs[st] = self.stack_single(ctx, st, ctx.unseen(st, hand))
        others = []
        weight = self.opp_weight_for(state)
        for q in range(state.n):
            if q == me:
                continue
            others.append(state.scores[q] + weight * self.opponent_potential(ctx, state, q, stack_avgs, weight))
        return self.blend * max(others) + (1.0 - self.blend) * sum(others) / len(others)


def _final_value(state: GameState, me: int) -> float:
    """A finished game's value for `me`: the score, the win bonus and the margin."""
    best_other: int = max(s for q, s in enumerate(state.scores) if q != me)
    own: int = state.scores[me]
    margin = own - best_other
    return own + (WIN_BONUS if margin > 0 else WIN_BONUS / 2 if margin == 0 else -WIN_BONUS) + margin


def _draw_value(ctx: Ctx, state: GameState, hand: list[int]) -> float:
    """The value of the cards still to be drawn this turn (after a build
    or an exchange): the best stacks, two cards from each."""
    missing = max(0, state.hand_size - len(hand)) if state.phase in (Phase.REFILL, Phase.EXCHANGE_DRAW) else 0
    if state.phase == Phase.EXCHANGE_DRAW:
        missing = state.draws_left + max(0, state.hand_size - len(hand) - state.draws_left)
    draw_val = 0.0
    if missing:
        vals = sorted((ctx.stack_value(s, hand) for s in range(1, len(state.stacks)) if state.stacks[s]), reverse=True)
        k = missing
        for v in vals:
            take = min(2, k)
            draw_val += v * take
            k -= take
            if k <= 0:
                break
    return draw_val


def _after(view: GameState, action: Action) -> GameState:
    s = view.clone()
    s.apply_unchecked(action)
    return s


def candidate_actions(
    view: GameState, ctx: Ctx, rng: random.Random, k_tiles: int = 4, k_parks: int = 4, k_streets: int = 4
) -> list[Action]:
    """The main actions worth a closer look (all builds; the best few
    tiles, parks/factories, streetcars; a few exchanges; pass)."""
    out: list[Action] = list(view.iter_legal(ActionKind.BUILD))
    parks = [a for a in view.iter_legal(ActionKind.PARK_FACTORY) if isinstance(a, Build)]
    if parks:
        parks.sort(key=lambda a: (-park_value(ctx, a), a.building, a.properties))
        out += parks[:k_parks]
    if view.city_hall_open:
        tiles = [a for a in view.iter_legal(ActionKind.NEIGHBORHOOD) if isinstance(a, PlaceTile)]
        if tiles:
            out += [p for _, p in best_tiles(ctx, tiles, rng, k_tiles)]
        streets = view.city.legal_streetcars()
        if streets:
            streets.sort(key=lambda s: -street_value(ctx, s))
            out += [PlaceStreetcar(s) for s in streets[:k_streets]]
    hand = list(view.hands[ctx.me])
    if hand:
        ex = set()
        dead = dead_cards(ctx, 1.0)
        if dead:
            ex.add(tuple(dead))
        vals = sorted((ctx.card_value(c, hand), c) for c in hand)
        ex.add((vals[0][1],))
        if len(vals) >= 2:
            ex.add((vals[0][1], vals[1][1]))
        if len(vals) >= 3:
            ex.add((vals[0][1], vals[1][1], vals[2][1]))
        out += [Exchange(e) for e in sorted(ex)]
    out.append(Pass())
    return out


class MediumBot(Bot):
    """Picks the main action whose resulting position evaluates best."""

    name = "medium"

    def __init__(self, seed: int = 0, evaluator: Evaluator | None = None):
        super().__init__(seed)
        self.ev = evaluator or Evaluator(opp_weight=MEDIUM_OPP_WEIGHT)

    # ------------------------------------------------------------ decisions
    def choose(self, view: GameState) -> Action:
        ctx = Ctx(view)
        ph = view.phase
        if ph == Phase.SETUP:
            return setup_choice(ctx, view, self.rng)
        if ph == Phase.STREETCAR:
            return self.second_streetcar(view, ctx)
        if ph in (Phase.REFILL, Phase.EXCHANGE_DRAW):
            return Draw(self.best_draw(view, ctx))
        if ph == Phase.OFFER:
            return choose_offer(ctx, view.legal_actions(ActionKind.OFFER), self.rng)
        if ph == Phase.TAKE:
            return choose_take(ctx, view.legal_actions(ActionKind.TAKE), self.rng)
        return self.ranked(view, ctx)[0][1]

    def ranked(
        self, view: GameState, ctx: Ctx, limit: int | None = None, look: Outlook | None = None
    ) -> list[tuple[float, Action]]:
        """Candidate main actions with their values, best first.

        Moves that cannot lead to points for anybody, or that would take City
        Hall's last spots, are left out (a pass is always kept). When City
        Hall is pressing (its last spots, or a game that may end without
        it) and we can build it, it is the only candidate."""
        me = ctx.me
        look = look or outlook(view)
        cands = [a for a in self.candidates_of(view, ctx) if isinstance(a, Pass) or sensible(view, look, a)]
        if hall_pressing(view, look):
            halls = [a for a in cands if is_city_hall(a)]
            if halls:
                cands = halls
        cands = self.shortlist(view, ctx, cands)
        scored = []
        stall = passive_streak(view) >= 2 * view.n
        for a in cands:
            if stall and isinstance(a, Exchange):
                continue  # everybody idles: exchanging again would only stall the game
            scored.append((self.value(view, me, a), a))
        scored.sort(key=lambda t: (-t[0], str(t[1])))
        return scored[:limit] if limit else scored

    def candidates_of(self, view: GameState, ctx: Ctx) -> list[Action]:
        """The main actions :meth:`ranked` looks at (:func:`candidate_actions`)."""
        return candidate_actions(view, ctx, self.rng)

    def shortlist(self, view: GameState, ctx: Ctx, cands: list[Action]) -> list[Action]:
        """The candidates :meth:`ranked` evaluates: all of them (the hard bot
        cuts them on house rules too heavy for its budget)."""
        return cands

    def value(self, view: GameState, me: int, a: Action) -> float:
        after = _after(view, a)
        if isinstance(a, PlaceStreetcar) and after.phase == Phase.STREETCAR:
            best = self.ev.evaluate(after, me)
            actx = Ctx(after, me)
            streets = after.city.legal_streetcars()
            streets.sort(key=lambda s: -street_value(actx, s))
            for s in streets[:3]:
                best = max(best, self.ev.evaluate(_after(after, PlaceStreetcar(s)), me))
            return best
        if isinstance(a, (Pass, Exchange)) and would_end_game(view, a):
            return self.ev.evaluate(view, me, final=True)  # a pass or an exchange scores nothing
        return self.ev.evaluate(after, me)

    def second_streetcar(self, view: GameState, ctx: Ctx, limit: int = 6) -> Action:
        me = ctx.me
        best: tuple[float, Action] = (self.ev.evaluate(_after(view, StopStreetcars()), me), StopStreetcars())
        look = outlook(view)
        streets = [s for s in view.city.legal_streetcars() if sensible(view, look, PlaceStreetcar(s))]
        streets.sort(key=lambda s: -street_value(ctx, s))
        for s in streets[:limit]:
            a = PlaceStreetcar(s)
            v = self.ev.evaluate(_after(view, a), me)
            if v > best[0] + 1e-9:
                best = (v, a)
        return best[1]

    def best_draw(self, view: GameState, ctx: Ctx) -> int:
        """The stack whose card raises the hand's potential most, on average
        over the cards of that stack we have not seen."""
        hand = list(view.hands[ctx.me])
        base = ctx.potential(hand)
        best: tuple[tuple[float, int], int] | None = None
        for st in view.legal_draw_stacks():
            cards = ctx.unseen(st, hand)
            if not cards:
                v = 0.0
            else:
                tot = 0.0
                for c in cards:
                    if is_special_card(c) or c not in ctx.city.cell_of:
                        tot += ctx.card_value(c, hand) * 0.5
                    elif c in ctx.city.building_at:
                        tot += 0.0
                    else:
                        tot += ctx.potential(hand + [c]) - base
                v = tot / len(cards)
            key = (v, -st)
            if best is None or key > best[0]:
                best = (key, st)
        assert best is not None, "no stack to draw from"
        return best[1]
