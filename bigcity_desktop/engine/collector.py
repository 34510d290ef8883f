"""Python's cycle collector, set for the way the engine allocates.

A game, a search or a random playout makes many small container objects
that live for a turn or a few (actions, events, the new dictionaries of a
city changed copy-on-write, the answers of the move generator's caches).
Python's collector starts a young-generation collection after every 700
such objects more than were freed; the engine reaches that every few
actions, and each collection walks every young object that is still
alive and what it refers to, and the older generations after every tenth.
None of it finds anything to free: the engine's data has no reference
cycles, so reference counting frees it all. With the young threshold at
100,000 a random playout spends about a quarter of the collector's time
(a young collection then takes some 20 ms, no longer than the default's
full collections of the same run), and runs about a tenth faster against
python-chess measured interleaved in one process (python-chess, which
makes few such objects, not at all); see docs/ENGINE.md "Speed".

Every program that runs the engine for long (the app, ``bigcity-cli``,
``bigcity-server`` and their worker processes) calls
:func:`tune_collector` once at start. The engine itself never changes a
process-wide setting on import: a program embedding it decides.
"""

from __future__ import annotations

import gc

#: young objects (allocations less deallocations) between two collections;
#: Python's default is 700
YOUNG_THRESHOLD = 100_000


def tune_collector() -> None:
    """Raise the collector's young threshold to YOUNG_THRESHOLD (never lower
    it; the older generations' thresholds stay as they are)."""
    young, middle, old = gc.get_threshold()
    if 0 < young < YOUNG_THRESHOLD:  # 0: a program turned automatic collection off
        gc.set_threshold(YOUNG_THRESHOLD, middle, old)
