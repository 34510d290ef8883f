"""Engine speed: random games per second, actions per second, legal_actions() time.

Run: ``make bench`` or ``.venv/bin/python benchmarks/engine.py [--games N]``.
Everything runs in this one process, so on one core.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bigcity_desktop.cli import play_random_game  # noqa: E402
from bigcity_desktop.engine import GameState, Phase  # noqa: E402


def games_per_second(edition: str, players: int, games: int, seed: int = 1000) -> tuple[float, float, float]:
    t0 = time.perf_counter()
    actions = 0
    for i in range(games):
        s = play_random_game(edition, players, seed + i)
        actions += len(s.history)
    dt = time.perf_counter() - t0
    return games / dt, actions / dt, actions / games


def mid_game_positions(edition: str, players: int, count: int, seed: int = 2000) -> list[GameState]:
    """Positions where a player chooses an action, City Hall open when possible,
    taken from the middle of random games."""
    out: list[GameState] = []
    i = 0
    while len(out) < count and i < count * 20:
        s = GameState.new(edition, players, seed + i)
        rng = random.Random(seed + i)
        i += 1
        snaps = []
        while not s.is_over:
            if s.phase == Phase.ACTION:
                snaps.append(s.clone())
            kind = rng.choice(s.legal_kinds())
            s.apply(rng.choice(s.legal_actions(kind)))
        opened = [x for x in snaps if x.city_hall_open] or snaps
        if opened:
            out.append(opened[len(opened) // 2])
    return out


def legal_actions_median(positions: list[GameState]) -> tuple[float, float, float]:
    times = []
    sizes = []
    for s in positions:
        s.city._fp_cache = {}  # time the first call in each position, caches cold
        t0 = time.perf_counter()
        acts = s.legal_actions()
        times.append(time.perf_counter() - t0)
        sizes.append(len(acts))
    return statistics.median(times) * 1000, max(times) * 1000, statistics.median(sizes)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--positions", type=int, default=200)
    args = ap.parse_args()
    print(
        f"{'edition':9} {'players':>7} {'games/s':>9} {'actions/s':>10} {'actions/game':>13} {'legal_actions median ms':>24} {'max ms':>7} {'moves':>6}"
    )
    for edition in ("original", "jumbo"):
        for players in (3, 4):
            gps, aps, apg = games_per_second(edition, players, args.games)
            med, mx, size = legal_actions_median(mid_game_positions(edition, players, args.positions))
            print(
                f"{edition:9} {players:>7} {gps:>9.1f} {aps:>10.0f} {apg:>13.1f} {med:>24.3f} {mx:>7.2f} {size:>6.0f}"
            )
    print("targets: >= 50 complete random 4-player games per second; legal_actions() median < 1 ms")


if __name__ == "__main__":
    main()
