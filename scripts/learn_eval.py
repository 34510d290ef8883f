"""An experiment of issue 8: an evaluation learned from self-play outcomes.

    python3 scripts/learn_eval.py generate --edition original --games 900 --out data.jsonl
    python3 scripts/learn_eval.py fit data-original.jsonl data-jumbo.jsonl --out weights.json
    python3 scripts/learn_eval.py match --weights weights.json --edition original --seeds 50

`generate` plays medium-bot games (2, 3 and 4 players in turn) and, at half
of the main-action positions, writes each player's features (the medium
evaluation's terms, from the full state, as the hard bot's rollouts see it)
with that player's final margin (own score minus the best other, clipped to
±60). `fit` fits the margin by ridge regression per edition and prints the
held-out R² beside that of the plain sum the medium bot uses. `match` plays
paired deals (as scripts/paired_match.py) of a hard bot whose rollouts end
in the learned value against medium. The outcome is in docs/BOTS.md: the
fit explains a little more of the margin and plays worse.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import random
from pathlib import Path
from typing import Any

import numpy as np

from bigcity_desktop.bots.common import Ctx
from bigcity_desktop.bots.hard import HardBot
from bigcity_desktop.bots.medium import WIN_BONUS, Evaluator, MediumBot
from bigcity_desktop.engine import GameState, Phase

NAMES = (
    "lead_best",
    "lead_mean",
    "pot",
    "extra",
    "opp_pot_max",
    "opp_pot_mean",
    "pot_early",
    "opp_pot_early",
    "lead_late",
    "hall",
    "bias",
)
BASE = Evaluator()


def features(state: GameState, me: int) -> list[float]:
    ctx = Ctx(state, me)
    hand = state.hands[me]
    pot = ctx.potential(hand, BASE.discounts)
    extra = sum(ctx.card_value(c, hand) for c in hand if c > 0 and (c % 10 == 0 or c not in ctx.city.cell_of))
    stack_avgs = {st: BASE.stack_single(ctx, st, ctx.unseen(st, hand)) for st in state.rules.tiles}
    opp_s = [state.scores[q] for q in range(state.n) if q != me]
    opp_p = [BASE.opponent_potential(ctx, state, q, stack_avgs) for q in range(state.n) if q != me]
    late = len(state.city.building_at) / len(state.rules.all_properties)
    lead = state.scores[me] - max(opp_s)
    return [
        lead,
        state.scores[me] - sum(opp_s) / len(opp_s),
        pot,
        extra,
        max(opp_p),
        sum(opp_p) / len(opp_p),
        pot * (1 - late),
        max(opp_p) * (1 - late),
        lead * late,
        1.0 if state.city_hall_built else 0.0,
        1.0,
    ]


class LearnedEvaluator(Evaluator):
    """The fitted margin of a position; a finished game: its margin ± the win bonus."""

    def __init__(self, weights: dict[str, dict[str, float]]):
        super().__init__()
        self.w = weights

    def evaluate(self, state: GameState, me: int, ctx: Ctx | None = None, final: bool = False) -> float:
        if final or state.is_over:
            margin = state.scores[me] - max(s for q, s in enumerate(state.scores) if q != me)
            return margin + (WIN_BONUS if margin > 0 else 0.0 if margin == 0 else -WIN_BONUS)
        w = self.w[state.rules.edition]
        return sum(w[k] * v for k, v in zip(NAMES, features(state, me)))


def _generate_one(job: tuple[str, int, int]) -> list[tuple[list[float], int]]:
    edition, n, seed = job
    state = GameState.new(edition, n, seed)
    bots = [MediumBot(seed * 7 + i) for i in range(n)]
    rng = random.Random(seed)
    rows: list[tuple[int, list[float]]] = []
    while not state.is_over:
        if state.phase == Phase.ACTION and rng.random() < 0.5:
            rows += [(q, features(state, q)) for q in range(n)]
        state.apply(bots[state.current_player].choose(state.view_for(state.current_player)))
    out = []
    for q, f in rows:
        margin = state.scores[q] - max(s for i, s in enumerate(state.scores) if i != q)
        out.append((f, max(-60, min(60, margin))))
    return out


def _match_one(job: tuple[str, int, int, str]) -> tuple[int, float]:
    edition, seed, hseat, weights = job
    state = GameState.new(edition, 2, seed)
    hard = HardBot(seed * 31 + 1)
    hard.ev_roll = LearnedEvaluator(json.loads(Path(weights).read_text()))
    bots = [hard, MediumBot(seed * 31 + 2)] if hseat == 0 else [MediumBot(seed * 31 + 2), hard]
    while not state.is_over:
        state.apply(bots[state.current_player].choose(state.view_for(state.current_player)))
    winners = state.winners()
    return seed, (1.0 / len(winners) if hseat in winners else 0.0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--edition", default="original")
    g.add_argument("--games", type=int, default=900)
    g.add_argument("--seed", type=int, default=1000)
    g.add_argument("--workers", type=int, default=1)
    g.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("data", nargs="+")
    f.add_argument("--out", required=True)
    m = sub.add_parser("match")
    m.add_argument("--weights", required=True)
    m.add_argument("--edition", default="original")
    m.add_argument("--first", type=int, default=900)
    m.add_argument("--seeds", type=int, default=50)
    m.add_argument("--workers", type=int, default=1)
    a = ap.parse_args()
    ctx = mp.get_context("spawn")
    if a.cmd == "generate":
        jobs = [(a.edition, 2 + i % 3, a.seed + i) for i in range(a.games)]
        with ctx.Pool(a.workers) as pool, open(a.out, "w") as fh:
            for rows in pool.imap_unordered(_generate_one, jobs):
                fh.writelines(json.dumps([a.edition, *r]) + "\n" for r in rows)
    elif a.cmd == "fit":
        by: dict[str, list[Any]] = {}
        for path in a.data:
            for line in Path(path).read_text().splitlines():
                edition, feats, margin = json.loads(line)
                by.setdefault(edition, []).append((feats, margin))
        out = {}
        for edition, rows in by.items():
            x = np.array([r[0] for r in rows])
            y = np.array([r[1] for r in rows], dtype=float)
            cut = int(len(y) * 0.8)
            ridge = np.eye(x.shape[1])
            w = np.linalg.solve(x[:cut].T @ x[:cut] + ridge, x[:cut].T @ y[:cut])
            rest = y[cut:]
            r2 = 1 - ((rest - x[cut:] @ w) ** 2).sum() / ((rest - rest.mean()) ** 2).sum()
            plain = x[cut:, 0] + x[cut:, 2] - x[cut:, 4]  # lead + own potential - the best opponent's
            slope, offset = np.polyfit(plain, rest, 1)
            r2_plain = 1 - ((rest - (slope * plain + offset)) ** 2).sum() / ((rest - rest.mean()) ** 2).sum()
            print(f"{edition}: {len(y)} positions, held-out R2 {r2:.3f} (the plain sum: {r2_plain:.3f})")
            w = np.linalg.solve(x.T @ x + ridge, x.T @ y)
            out[edition] = {k: round(float(v), 4) for k, v in zip(NAMES, w)}
        Path(a.out).write_text(json.dumps(out, indent=1))
    else:
        mjobs = [(a.edition, s, h, a.weights) for s in range(a.first, a.first + a.seeds) for h in (0, 1)]
        with ctx.Pool(a.workers) as pool:
            res = pool.map(_match_one, mjobs)
        print(json.dumps({"games": len(res), "hard_winrate": round(sum(r[1] for r in res) / len(res), 3)}))


if __name__ == "__main__":
    main()
