"""Bot levels and variants against each other on paired deals.

    python3 scripts/weight_scan.py EDITION FIRST_SEED COUNT WORKERS SPEC SPEC [SPEC ...]

Each seed is played once per rotation of the seats, so every entry plays
every deal from every seat. A SPEC is a level name (``easy``, ``medium``,
``hard``) with optional ``key=value`` settings after a colon:

- an evaluation weight (``opp_weight``, ``pot_weight``, ``draw_weight``,
  ``extra_weight``, ``blend``) sets the medium or hard bot's evaluation
  (the hard bot's rollouts too);
- any other key is a keyword argument of the bot's class
  (``hard:samples=20,candidates=8``).

Prints, per entry: the win rate (ties split) with its 95% Wilson interval,
the mean margin (own score minus the best other), and the mean and maximum
seconds per decision (draws included). Games are played by the tournament's
``play_game``. This produced docs/tuning/opp-weight-scan.log.
"""

from __future__ import annotations

import multiprocessing as mp
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bigcity_desktop.bots.base import Bot
from bigcity_desktop.bots.hard import HardBot
from bigcity_desktop.bots.medium import MediumBot
from bigcity_desktop.bots.registry import BOTS
from bigcity_desktop.bots.tournament import GameResult, play_game, wilson

Job = tuple[str, int, tuple[str, ...], int]  # edition, seed, specs, rotation


def _number(text: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        return float(text)


def make(spec: str, seed: int) -> Bot:
    """The bot a SPEC names (see the module's text)."""
    level, _, rest = spec.partition(":")
    weights: dict[str, float] = {}
    plain = ("pot_weight", "opp_weight", "draw_weight", "extra_weight", "blend")
    kwargs: dict[str, int | float] = {}
    for part in filter(None, rest.split(",")):
        key, _, value = part.partition("=")
        if key in plain:
            weights[key] = float(value)
        else:
            kwargs[key] = _number(value)
    bot = BOTS[level](seed, **kwargs)
    if weights:
        if not isinstance(bot, MediumBot):
            raise SystemExit(f"{level} has no evaluation to weigh")
        evaluators = [bot.ev, bot.ev_roll] if isinstance(bot, HardBot) else [bot.ev]
        for ev in evaluators:
            for name, weight in weights.items():
                setattr(ev, name, weight)
            if "opp_weight" in weights:
                ev.by_table = {}  # the weight given holds at every table
    return bot


def play(job: Job) -> GameResult:
    edition, seed, specs, rot = job
    return play_game(edition, list(specs), seed, rot, bot_seed=seed, make=make)


def main() -> None:
    if len(sys.argv) < 7:
        raise SystemExit(__doc__)
    edition, first, count, workers = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    specs = tuple(sys.argv[5:])
    jobs: list[Job] = [(edition, s, specs, r) for s in range(first, first + count) for r in range(len(specs))]
    t0 = time.time()
    with mp.get_context("spawn").Pool(workers) as pool:
        results = pool.map(play, jobs, chunksize=1)
    games = len(results)
    for e, spec in enumerate(specs):
        wins = sum(1.0 / len(r.winners) for r in results if e in r.winners)
        lo, hi = wilson(wins, games)
        margin = sum(r.scores[e] - max(x for i, x in enumerate(r.scores) if i != e) for r in results) / games
        spent = sum(r.seconds[e] for r in results) / max(1, sum(r.decisions[e] for r in results))
        slowest = max(r.max_seconds[e] for r in results)
        print(
            f"{edition} {spec:40s} win {100 * wins / games:5.1f}% ({100 * lo:.0f}-{100 * hi:.0f}) "
            f"margin {margin:+6.1f} s/decision {spent:.3f} max {slowest:.2f}"
        )
    print(f"games {games} wall {time.time() - t0:.0f}s", flush=True)


if __name__ == "__main__":
    main()
