"""The hard bot: information-set Monte Carlo over the main action.

Its evaluation is the medium bot's, weighing what the others' cards may
still score at ``HARD_OPP_WEIGHT``, or at the weight ``HARD_OPP_WEIGHTS``
gives its table (base edition, players); the medium bot weighs them at
``MEDIUM_OPP_WEIGHT``.

1. The evaluation ranks the main actions as the medium bot's ranking does;
   the best ``candidates`` go on.
2. ``samples`` times, the hidden cards (other hands, stack order) are dealt
   at random consistently with the bot's view (:func:`sample_hidden`), the
   same deal for every candidate (common random numbers).
3. In each deal, each candidate is played, then the game is rolled out with a
   cheap greedy policy for every player until the bot's next turn (so every
   opponent answers once; a jumbo redevelopment on the way is offered and
   taken as the medium bot would), and the position is scored with the
   evaluation from the bot's side.
4. The candidate with the best mean (plus a small share of its static
   value, which steadies small samples) is played.

Everything but the main action (setup tiles, the second streetcar, draws,
offers, picks) is decided as the medium bot does, with this evaluation.

The work is a count: ``samples`` deals × ``candidates`` candidates × one
rollout each, sized by :func:`.budget.plan_for` from the rules and the
table so that it stays within :data:`.budget.BUDGET` units even on house
rules at the validator's limits (where the search shrinks, see
:mod:`.budget`). No clock decides anything, so a decision depends only on
the bot's seed and the view, on an idle computer as on a saturated one.
The experiment switches of issue 8 (``symmetric``, ``own_draws``,
``horizon``, ``tuned``, ``policy="medium"``) did not help (docs/BOTS.md)
and were removed; commit e2b5536 still has them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bigcity_desktop.engine import (
    Action,
    ActionKind,
    Build,
    Draw,
    GameState,
    Offer,
    Pass,
    Phase,
    PlaceStreetcar,
    StopStreetcars,
    sample_hidden,
)
from bigcity_desktop.engine.cards import stack_of
from bigcity_desktop.engine.city import Street

from .budget import BUDGET, CANDIDATES, SAMPLES, OverBudget, SearchPlan, plan_for
from .common import Ctx, best_street, choose_take, offer_choice, street_value
from .medium import HARD_OPP_WEIGHT, HARD_OPP_WEIGHTS, Evaluator, MediumBot
from .outlook import is_city_hall


def _lean_build(s: GameState) -> Action:
    """The greedy rollout choice of a main action: best building (4 points or
    more), else City Hall, else any building, else pass."""
    city = s.city
    best: tuple[int, Build] | None = None
    hall: Build | None = None
    open_ = s.city_hall_open
    value = s.city_hall_value
    for a in s.legal_actions(ActionKind.BUILD):
        assert isinstance(a, Build)
        if is_city_hall(a):
            hall = a
            continue
        # legal by the generator: its score without the checks
        sc = city.build_score(a.building, a.properties, city_hall=open_, city_hall_value=value)
        if best is None or sc > best[0]:
            best = (sc, a)
    if best is not None and best[0] >= 4:
        return best[1]
    if hall is not None:
        return hall
    if best is not None:
        return best[1]
    return Pass()


def _lean_draw(s: GameState, rng: random.Random) -> Draw:
    """Draw from a stack of a neighborhood where the hand already has free
    cards (a cheap stand-in for the medium bot's draw), else at random."""
    stacks = s.legal_draw_stacks()
    hand = s.hands[s.current_player]
    city = s.city
    best: tuple[float, int] | None = None
    for st in stacks:
        v = rng.random()
        if st in city.placed_tiles:
            v += 1.0 + sum(1 for c in hand if stack_of(c) == st and city.is_free(c))
        if best is None or v > best[0]:
            best = (v, st)
    assert best is not None, "no stack to draw from"
    return Draw(best[1])


def lean_policy(s: GameState, rng: random.Random) -> Action:
    ph = s.phase
    if ph == Phase.ACTION:
        return _lean_build(s)
    if ph in (Phase.REFILL, Phase.EXCHANGE_DRAW):
        return _lean_draw(s, rng)
    if ph == Phase.STREETCAR:
        return StopStreetcars()
    if ph == Phase.OFFER:
        # as the medium bot offers and takes: a careless offer in every
        # rollout (say, the lowest card) would give away a good card of ours
        # in half the deals and drown the candidates' differences in noise
        return offer_choice(Ctx(s))
    if ph == Phase.TAKE:
        return choose_take(Ctx(s), s.legal_actions(ActionKind.TAKE), rng)
    if ph == Phase.SETUP:
        return next(s.iter_legal(ActionKind.NEIGHBORHOOD))
    return Pass()  # pragma: no cover


def first_move(s: GameState) -> Action:
    """A main action chosen without scoring anything (rules too heavy for
    even one scoring within the budget): the first legal build, else pass."""
    return next(s.iter_legal(ActionKind.BUILD), Pass())


class HardBot(MediumBot):
    name = "hard"

    def __init__(
        self,
        seed: int = 0,
        candidates: int = CANDIDATES,
        samples: int = SAMPLES,
        prior: float = 0.3,
        margin: float = 1.0,
        budget: int = BUDGET,
    ):
        super().__init__(seed, Evaluator(opp_weight=HARD_OPP_WEIGHT, by_table=HARD_OPP_WEIGHTS))
        self.margin = margin
        self.candidates = candidates
        self.samples = samples
        self.prior = prior
        self.budget = budget
        # the evaluation at the end of a rollout: the bot's own, with its best
        # building counted in full (the opponents' answers were; see
        # Evaluator) (scripts/learn_eval.py puts a learned one there)
        self.ev_roll: Evaluator = Evaluator(opp_weight=HARD_OPP_WEIGHT, by_table=HARD_OPP_WEIGHTS, first_in_full=True)
        # the cards taken in the latest redevelopment (not offered straight
        # back: no ping-pong), and the hand before a take under way
        self._received: set[int] = set()
        self._before_take: set[int] | None = None
        self._last_phase: Phase | None = None

    def plan(self, view: GameState) -> SearchPlan:
        """How much this bot searches at the view's table (:mod:`.budget`)."""
        return plan_for(view.rules, view.n, self.candidates, self.samples, self.budget)

    def choose(self, view: GameState) -> Action:
        self._note_takes(view)
        if view.phase == Phase.OFFER:
            return self.offer(view, Ctx(view))
        if view.phase != Phase.ACTION:
            return super().choose(view)
        plan = self.plan(view)
        if plan.mode == "first":
            return first_move(view)
        if plan.mode == "greedy":
            return _lean_build(view)
        ctx = Ctx(view)
        ranked = self.ranked(view, ctx)
        return self.search(view, ctx, ranked, plan)[0][1]

    # ------------------------------------------------------------ redevelopment
    def _note_takes(self, view: GameState) -> None:
        """Remember the cards this bot takes in a redevelopment (its hand
        before a take, then what came in)."""
        hand = set(view.hands[view.current_player])
        if self._before_take is not None:
            self._received |= hand - self._before_take
            self._before_take = None
        if view.phase == Phase.TAKE:
            if self._last_phase != Phase.TAKE:
                self._received = set()  # the first take of a new redevelopment
            self._before_take = hand
        self._last_phase = view.phase

    def offer(self, view: GameState, ctx: Ctx) -> Action:
        """As the medium bot offers (its least valuable card, face up when
        playable and nearly worthless to it), but not a card it took in the
        latest redevelopment while another is worth about as little: two
        bots would hand the same dead card back and forth round after round."""
        hand = list(view.hands[ctx.me])
        vals = sorted((ctx.card_value(c, hand), c) for c in hand)
        worst_v, worst = vals[0]
        if worst in self._received:
            for v, c in vals[1:]:
                if c not in self._received and v <= worst_v + 0.5:
                    worst_v, worst = v, c
                    break
        if worst_v <= 2.0 and view.card_playable(worst):
            return Offer((worst,), True)
        return Offer((worst,), False)

    # ------------------------------------------------------------ main action
    def candidates_of(self, view: GameState, ctx: Ctx) -> list[Action]:
        """The medium bot's candidates, and the first streetcars whose best
        second piece runs past our cards: the medium bot picks first pieces
        by their own sides only, so a line never turned towards our cards
        unless its very next street touched them."""
        out = super().candidates_of(view, ctx)
        if not view.city_hall_open:
            return out
        have = {a.street for a in out if isinstance(a, PlaceStreetcar)}
        extra = [PlaceStreetcar(s) for s in self.reaching_streets(view, ctx, have)]
        return out[:-1] + extra + out[-1:] if extra else out

    def reaching_streets(self, view: GameState, ctx: Ctx, skip: set[Street], k: int = 3) -> list[Street]:
        """Up to `k` legal first streetcars (not in `skip`) whose pair with
        the best second piece is worth most to us by the street value (at
        least 2, a held card on the line)."""
        city = view.city
        first_ever = not city.streetcars
        per = view.rules.streetcar_first_action if first_ever else view.rules.streetcar_per_action
        if per < 2:
            return []
        scored: list[tuple[float, Street]] = []
        for s in city.legal_streets():
            if s in skip:
                continue
            after = city.copy()
            after.place_streetcar(s)
            second = max((street_value(ctx, s2) for s2 in after.legal_streets()), default=0.0)
            v = street_value(ctx, s) + second
            if v >= 2.0:
                scored.append((v, s))
        scored.sort(key=lambda t: (-t[0], t[1]))
        return [s for _v, s in scored[:k]]

    def shortlist(self, view: GameState, ctx: Ctx, cands: list[Action]) -> list[Action]:
        """The main actions the evaluation ranks: all of them, unless the
        plan's budget is short (heavy house rules), and then the best by
        their immediate score, a streetcar counting as the four evaluations
        it costs; a pass is always kept."""
        limit = self.plan(view).shortlist
        if limit is None or len(cands) <= 1:
            return cands
        city = view.city

        def immediate(a: Action) -> int:
            if not isinstance(a, Build) or a.building not in view.rules.buildings:
                return 0
            j = city.judge_build(
                a.building,
                a.properties,
                city_hall=view.city_hall_open,
                city_hall_value=view.city_hall_value,
                explain=False,
                breakdown=False,
                with_score=True,
            )
            return j.score or 0

        order = sorted(range(len(cands)), key=lambda i: (-immediate(cands[i]), i))
        out: list[Action] = []
        spent = 0
        for i in order:
            a = cands[i]
            cost = 4 if isinstance(a, PlaceStreetcar) else 1
            if isinstance(a, Pass) or spent + cost <= limit:
                out.append(a)
                spent += 0 if isinstance(a, Pass) else cost
        if not any(isinstance(a, Pass) for a in out):
            out.append(Pass())
        return out

    def second_streetcar(self, view: GameState, ctx: Ctx, limit: int = 6) -> Action:
        plan = self.plan(view)
        if plan.mode != "search" or plan.streets < 1:
            return self._rollout_streetcar(view, ctx.me)
        return super().second_streetcar(view, ctx, min(limit, plan.streets))

    def search(
        self, view: GameState, ctx: Ctx, ranked: list[tuple[float, Action]], plan: SearchPlan | None = None
    ) -> list[tuple[float, Action]]:
        """Re-score the best candidates by rollouts; best first. The work is
        the plan's deals × candidates, whatever the clock says."""
        plan = plan or self.plan(view)
        if len(ranked) <= 1 or plan.samples < 1 or plan.candidates < 2:
            return ranked
        top = ranked[: plan.candidates]
        # a candidate far behind the best by the static evaluation is not worth rollouts
        top = [t for t in top if t[0] >= top[0][0] - 25.0]
        if len(top) <= 1:
            return ranked
        me = ctx.me
        rng = random.Random(self.rng.getrandbits(64))
        vals: list[list[float]] = [[] for _ in top]
        for _ in range(plan.samples):
            det = sample_hidden(view, rng)
            roll_seed = rng.getrandbits(64)
            for i, (_v, a) in enumerate(top):
                vals[i].append(self.rollout(det, me, a, random.Random(roll_seed)))
        done = len(vals[0])
        scored = []
        for i, (v, a) in enumerate(top):
            scored.append((sum(vals[i]) / done + self.prior * v, i, a))
        # The medium bot's favourite stays unless the rollouts beat it clearly:
        # paired differences (same deals) above their standard error.
        best = scored[0]
        for cand in scored[1:]:
            if cand[0] <= best[0]:
                continue
            diffs = [x - y for x, y in zip(vals[cand[1]], vals[0])]
            mean = sum(diffs) / done
            var = sum((d - mean) ** 2 for d in diffs) / max(done - 1, 1)
            se = (var / done) ** 0.5
            if mean + self.prior * (top[cand[1]][0] - top[0][0]) > max(self.margin * se, 0.5):
                best = cand
        best = self._points_over_nothing(view, top, vals, scored, best, done)
        out = [(best[0], best[2])] + [(v, a) for v, i, a in sorted(scored, key=lambda t: (-t[0], t[1])) if i != best[1]]
        return out + ranked[len(top) :]

    def _points_over_nothing(
        self,
        view: GameState,
        top: list[tuple[float, Action]],
        vals: list[list[float]],
        scored: list[tuple[float, int, Action]],
        best: tuple[float, int, Action],
        done: int,
    ) -> tuple[float, int, Action]:
        """A park or factory (no points now) is kept only when the rollouts
        say it is clearly better than every building that scores: within
        their noise (the paired differences' standard error, at least 0.5),
        the best-valued building with points is played instead."""
        a = best[2]
        if not (isinstance(a, Build) and view.rules.buildings[a.building].with_card):
            return best
        city = view.city
        pick = best
        for cand in sorted(scored, key=lambda t: (-t[0], t[1])):
            b = cand[2]
            if not isinstance(b, Build) or view.rules.buildings[b.building].with_card:
                continue
            points = city.build_score(
                b.building, b.properties, city_hall=view.city_hall_open, city_hall_value=view.city_hall_value
            )
            if points <= 0:
                continue
            diffs = [x - y for x, y in zip(vals[cand[1]], vals[best[1]])]
            mean = sum(diffs) / done
            var = sum((d - mean) ** 2 for d in diffs) / max(done - 1, 1)
            se = (var / done) ** 0.5
            if mean + self.prior * (top[cand[1]][0] - top[best[1]][0]) >= -max(self.margin * se, 0.5):
                pick = cand
                break
        return pick

    def rollout(self, det: GameState, me: int, action: Action, rng: random.Random) -> float:
        s = det.clone()
        s.apply_unchecked(action)
        # finish our own turn (second streetcar, draws) as the medium bot would, cheaply
        start_turn = s.turn_index
        n = s.n
        steps = 0
        while not s.is_over:
            if s.phase == Phase.ACTION and s.turn_index >= start_turn + n:
                break  # our next turn: everybody has answered
            if s.current_player == me and s.phase == Phase.STREETCAR:
                a = self._rollout_streetcar(s, me)
            else:
                a = lean_policy(s, rng)
            s.apply_unchecked(a)
            steps += 1
            if steps > 400:  # pragma: no cover - safety
                break
        return self.ev_roll.evaluate(s, me)

    def _rollout_streetcar(self, s: GameState, me: int) -> Action:
        ctx = Ctx(s, me)
        st, v = best_street(ctx, s.city.legal_streetcars(), random.Random(0))
        return PlaceStreetcar(st) if st is not None and v >= 0.5 else StopStreetcars()

    # ------------------------------------------------------------ analysis
    def score_moves(self, view: GameState, also: Sequence[Action] = ()) -> list[tuple[Action, float]]:
        """Each candidate main action of `view`, and each move of `also`, with
        the value it is expected to reach from the mover's side (the mean of
        the same rollouts ``search`` makes, every move on the same deals,
        blended with the static evaluation as ``search`` does; in points of
        the evaluation); best first. The work is the plan's, as in
        :meth:`choose`, so the answer depends only on the bot's seed and the
        view (post-game analysis). On rules so heavy that the plan ranks
        nothing by the evaluation, :class:`OverBudget`."""
        if view.phase != Phase.ACTION:
            raise ValueError("only a main action (the action phase) can be scored")
        plan = self.plan(view)
        if plan.mode != "search":
            raise OverBudget("these rules make scoring a move cost more than the hard bot's budget allows")
        ctx = Ctx(view)
        me = ctx.me
        ranked = self.ranked(view, ctx)[: max(1, plan.candidates)]
        moves = [a for _v, a in ranked]
        static = [v for v, _a in ranked]
        for a in also:
            if a not in moves:
                moves.append(a)
                static.append(self.value(view, me, a))
        samples = plan.samples if plan.candidates >= 1 else 0
        rng = random.Random(self.rng.getrandbits(64))
        totals = [0.0] * len(moves)
        for _ in range(samples):
            det = sample_hidden(view, rng)
            roll_seed = rng.getrandbits(64)
            for i, a in enumerate(moves):
                totals[i] += self.rollout(det, me, a, random.Random(roll_seed))
        # as `search` weighs them: the rollouts' mean and a share of the
        # static value (kept in points: a weighted mean of the two)
        if samples:
            scored = [
                (a, (t / samples + self.prior * v) / (1.0 + self.prior)) for a, t, v in zip(moves, totals, static)
            ]
        else:
            scored = list(zip(moves, static))
        scored.sort(key=lambda t: -t[1])  # stable: the medium bot's order breaks ties
        return scored
