"""What a table server keeps of its finished tables once they leave memory.

Their ids, the last :data:`FINISHED_KEPT` (a rejoin is told that the game is
over, not that there is no such table), and nothing else: the engine's shared
caches of answers about cities (``engine/buildrules.py``: :func:`forget_cities`)
would hold a finished game's positions until they filled (4,096 cities each,
tens of megabytes), and so would the legal moves' texts (``net/legal.py``:
:func:`forget_legal`), so they are emptied after every :data:`FORGET_AFTER`
finished tables, or as many as there are tables in memory if that is more (an
emptying costs each table in play one answer worked out afresh: at most one a
finished game).
"""

from __future__ import annotations

from bigcity_desktop.engine.buildrules import forget_cities

from .legal import forget_legal

#: the finished tables remembered once they leave memory (a rejoin is told the game is over)
FINISHED_KEPT = 10_000
#: finished tables between two emptyings of the engine's caches (at least; or the tables in memory)
FORGET_AFTER = 64


class Finished:
    """The ids of the last finished tables that left memory (``id in finished``)."""

    def __init__(self) -> None:
        self._ids: dict[str, None] = {}
        self._since_forgot = 0

    def __contains__(self, table_id: object) -> bool:
        return table_id in self._ids

    def __len__(self) -> int:
        return len(self._ids)

    def add(self, table_id: str, tables: int) -> None:
        """A finished table left memory; `tables` are still there."""
        self._ids[table_id] = None
        while len(self._ids) > FINISHED_KEPT:
            del self._ids[next(iter(self._ids))]
        self._since_forgot += 1
        if self._since_forgot >= max(FORGET_AFTER, tables):
            self._since_forgot = 0
            forget_cities()
            forget_legal()
