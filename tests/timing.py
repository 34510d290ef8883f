"""Time budgets for tests that say "this must stay fast", measured against a
calibration loop on this machine, now, instead of against a fixed number of
seconds: a shared or slow machine slows the loop and the work alike, so the
budget holds where a wall-clock limit would fail (or, on a fast machine, pass
something ten times too slow).

Both the work and the loop are timed in this process's CPU time
(``time.process_time``), so other programs on the machine do not count.
A budget is a number of calibration units: the work's CPU time divided by
the loop's. The loop is plain Python (arithmetic, a dict, a list, calls), as
the engine's inner loops are; one unit is a few milliseconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

#: iterations of the calibration loop
_ROUNDS = 20_000


def _calibration_loop() -> int:
    seen: dict[int, int] = {}
    out: list[int] = []
    x = 1
    for i in range(_ROUNDS):
        x = (x * 31 + i) % 1_000_003
        seen[x & 1023] = seen.get(x & 1023, 0) + 1
        if x & 7 == 0:
            out.append(len(seen))
    return x + len(out)


def unit() -> float:
    """CPU seconds of one run of the calibration loop (the fastest of five)."""
    best = float("inf")
    for _ in range(5):
        t0 = time.process_time()
        _calibration_loop()
        best = min(best, time.process_time() - t0)
    return max(best, 1e-6)


def cpu_seconds(work: Callable[[], T]) -> tuple[T, float]:
    """Run `work` once: its result and the CPU seconds it took (to divide
    by :func:`unit`, timed once around many such runs)."""
    t0 = time.process_time()
    result = work()
    return result, time.process_time() - t0


def units_of(work: Callable[[], T]) -> tuple[T, float]:
    """Run `work` once: its result and its CPU time in calibration units
    (the loop timed just before and just after, the slower of the two)."""
    before = unit()
    result, spent = cpu_seconds(work)
    return result, spent / max(before, unit())
