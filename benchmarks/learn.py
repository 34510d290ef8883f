"""Tutorials and puzzles: how long loading (with its play-through check)
and solving take.

Run: ``make bench`` or ``.venv/bin/python benchmarks/learn.py``. Prints, for
each bundled tutorial, its steps and the time to load and check it, the
time a player takes estimated from its content (learn/timing.py) beside
the minutes it announces, and for
each bundled puzzle the positions the solver looked at, the seconds it took
and whether its best is the file's. Everything runs in this one process.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bigcity_desktop.engine.datafiles import resource_path
from bigcity_desktop.learn import load_puzzle, load_tutorial, solve
from bigcity_desktop.learn.timing import READING_WPM, estimate


def main() -> int:
    for name in ("original", "jumbo"):
        t0 = time.perf_counter()
        t = load_tutorial(name)
        print(
            f"tutorial {name:<9} {len(t.steps):>3} steps  loaded and played through in {time.perf_counter() - t0:.3f} s"
        )
        for lang in ("en", "de"):
            e = estimate(t, lang)
            print(
                f"  {lang}: {e.words} words at {READING_WPM} a minute {e.reading:.0f} s, {e.moves} moves, "
                f"{e.nexts} Nexts, {e.replies} replies: about {e.minutes:.1f} min (announced: {t.minutes})"
            )
    total = 0.0
    worst = 0.0
    for path in sorted(resource_path("puzzles").glob("*.json")):
        p = load_puzzle(path)
        sol = solve(p)
        total += sol.seconds
        worst = max(worst, sol.seconds)
        ok = "ok" if sol.exhaustive and sol.value == p.best else "DIFFERS"
        print(
            f"puzzle {p.id:<12} difficulty {p.difficulty}  best {sol.value!s:>3}  "
            f"{sol.nodes:>6} positions  {sol.seconds:6.2f} s  {ok}"
        )
    print(f"all puzzles solved in {total:.1f} s (slowest {worst:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
