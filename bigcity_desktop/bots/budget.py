"""The hard bot's work per decision: a count, never a clock.

The hard bot's search (:mod:`.hard`) costs deals × candidates × rollouts,
and every rollout and every evaluation scores would-be buildings. How much
one scoring costs depends on the rules: the bundled editions give each
building a handful of prerequisites and modifiers, but a house-rules file
may give one building 1,400 ``add`` modifiers and seat 8 players with hands
of 12 (the validator's limits, ``engine/rules.py``). So the work is counted
in **units**: one unit is one test of a building's rules (a prerequisite,
a modifier or multiplier, or one of their conditions) while one would-be
building is scored, plus a fixed share for the bookkeeping around it.

:func:`plan_for` estimates, from the rules and the number of players only,
the units of each step of the search (an evaluation, an opponent's turn in
a rollout, a rollout, the static ranking) as an upper bound over positions,
and sizes the search so that its total stays within :data:`BUDGET` units:

- at every table of the bundled editions the full search fits (8
  candidates × 28 deals, every main action ranked), so the plan changes
  nothing there;
- on heavier rules the deals go first, then the candidates, then the main
  actions that are ranked by the evaluation at all (the rest are
  shortlisted by their immediate score); where even one evaluation is over
  the budget, the bot plays its rollouts' greedy policy; where even that
  is, it plays the first legal build in a fixed order, or passes.

The plan depends on nothing but the rules and the table, so a decision
depends on nothing but the bot's seed and the view: the same on an idle
and on a saturated computer. ``benchmarks/bots.py --rules FILE`` measures
the seconds a budget is worth (docs/BOTS.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bigcity_desktop.engine.rules import BuildingRule, Rules

from .common import card_building_types

#: the fixed share of one would-be building's scoring (contexts, lookups,
#: the loop around it), in units
SCORING_OVERHEAD = 6
#: units of a rollout's bookkeeping besides its scorings (the clone, the
#: deal's draws and streetcar stops), per player at the table
ROLLOUT_OVERHEAD = 3000
#: main actions besides the builds that the medium ranking looks at: 4
#: parks or factories, 4 neighborhoods, 4 streetcars (each tried with 3
#: second streetcars: 4 evaluations), up to 4 exchanges and a pass
OTHER_CANDIDATES = 4 + 4 + 4 * 4 + 4 + 1
#: the share of the budget a cut-down plan (heavy rules) may spend: the
#: estimates are generous on the bundled rules (a full search there measures
#: at a third of its estimate or less) and close on heavy ones (the
#: evaluation's scorings are most of the work), so a heavy rules' decision
#: spends about what the bundled editions' heaviest one does
HEAVY_SHARE = 0.5
#: the hard bot's default search
CANDIDATES = 8
SAMPLES = 28
#: second streetcars the medium bot weighs (after stopping)
STREETS = 6
#: the work of one decision, in units: the bundled editions' heaviest table
#: (the original edition at 5 players) with the default search, rounded up
#: (tests/bots/test_budget.py checks that every bundled table fits); a
#: cut-down plan spends at most HEAVY_SHARE of it
BUDGET = 12_000_000


class OverBudget(ValueError):
    """Even one evaluation of a position costs more than the budget (house
    rules at the validator's limits): nothing can be scored within it."""


def building_weight(rule: BuildingRule) -> int:
    """Units of scoring one would-be building of this type."""
    w = SCORING_OVERHEAD + len(rule.requires)
    w += sum(1 + len(m.when) for m in rule.add)
    w += sum(1 + len(m.when) for m in rule.multiply)
    return w


@dataclass(frozen=True)
class Costs:
    """Upper estimates, in units, of the search's steps at one table."""

    spot: dict[int, int]  # size -> scoring one spot of that many properties with every type a hand can build
    evaluation: int  # one call of the evaluation
    turn: int  # one player's main action in a rollout (the greedy policy)
    rollout: int  # one rollout: everybody answers once, then the evaluation
    candidates: int  # main actions the medium ranking looks at (at most)


def costs(rules: Rules, players: int) -> Costs:
    types = card_building_types(rules)
    spot = {size: sum(building_weight(rules.buildings[t]) for t in ts) for size, ts in types.items()}
    hand = rules.hand_size[players]
    props = len(rules.all_properties)
    s1, s2, s3 = spot.get(1, 0), spot.get(2, 0), spot.get(3, 0)
    bigger = sum(w for size, w in spot.items() if size > 3)
    # a hand's buildings: every card alone, each card with up to two
    # neighbours, up to two lines of three, and larger shapes as many
    groups = hand * s1 + 2 * hand * s2 + 2 * hand * s3 + 2 * hand * bigger
    # the evaluation values every free property alone (the others' unseen
    # cards) and, with cards still to draw, each unseen card with its
    # neighbours in the hand (up to four pairs); then the own hand's and
    # the others' known cards' groups
    evaluation = props * (s1 + 4 * s2) + groups + players * hand * SCORING_OVERHEAD
    # the greedy policy generates the mover's builds and scores each one
    turn = 2 * groups + hand * SCORING_OVERHEAD
    rollout = evaluation + players * (turn + ROLLOUT_OVERHEAD)
    builds = hand + 2 * hand + 2 * hand + (2 * hand if bigger else 0)
    return Costs(spot, evaluation, turn, rollout, builds + OTHER_CANDIDATES)


#: how a plan decides a main action: "search" (the evaluation ranks, the
#: rollouts re-score), "greedy" (the rollouts' policy: the best immediate
#: building) or "first" (no scoring at all: the first legal build, or pass)
Mode = Literal["search", "greedy", "first"]


@dataclass(frozen=True)
class SearchPlan:
    """How much the hard bot searches at one table (see the module's text)."""

    candidates: int  # candidates rolled out
    samples: int  # deals (0: no rollouts, the evaluation's ranking decides)
    shortlist: int | None  # main actions ranked by the evaluation (None: all of them)
    streets: int  # second streetcars weighed by the evaluation
    mode: Mode
    units: int  # the plan's estimated work per main action

    @property
    def full(self) -> bool:
        return self.mode == "search" and self.shortlist is None


def plan_for(
    rules: Rules, players: int, candidates: int = CANDIDATES, samples: int = SAMPLES, budget: int = BUDGET
) -> SearchPlan:
    """The largest search within `budget` units at this table (deals are
    cut first, then candidates, then the ranked main actions)."""
    key = (rules.digest, players, candidates, samples, budget)
    hit = _PLANS.get(key)
    if hit is not None:
        return hit
    c = costs(rules, players)
    streets = STREETS
    static = c.candidates * c.evaluation
    full = static + candidates * samples * c.rollout
    heavy = int(budget * HEAVY_SHARE)
    if full <= budget:
        plan = SearchPlan(candidates, samples, None, streets, "search", full)
    elif c.evaluation * 2 <= heavy:
        # rank a shortlist (half the budget, a pass besides), roll out the
        # best of it on as many deals as the rest allows (at least 2 deals
        # of 2 candidates); if no rollouts fit, the whole budget ranks
        evals = heavy // c.evaluation
        shortlist = min(c.candidates, max(1, evals // 2 - 1))
        rest = heavy - (shortlist + 1) * c.evaluation
        k, deals = min(candidates, shortlist), 0
        while k >= 2:
            deals = min(samples, rest // (k * c.rollout))
            if deals >= 2:
                break
            k -= 1
        if k < 2 or deals < 2:
            k, deals = 0, 0
            shortlist = min(c.candidates, evals - 1)
        streets = min(STREETS, evals - 1)
        units = (shortlist + 1) * c.evaluation + k * deals * c.rollout
        plan = SearchPlan(k, deals, None if shortlist >= c.candidates else shortlist, streets, "search", units)
    elif c.turn <= heavy:
        plan = SearchPlan(0, 0, 0, 0, "greedy", c.turn)
    else:
        plan = SearchPlan(0, 0, 0, 0, "first", 0)
    _PLANS[key] = plan
    return plan


_PLANS: dict[tuple[str, int, int, int, int], SearchPlan] = {}
