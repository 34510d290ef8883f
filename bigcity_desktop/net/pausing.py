"""A friendly table paused by agreement of all (issue 48, item 3).

A player seated at an unrated table whose game is in play asks for a pause
(``pause``, ``on: true``); each other player connected to the table agrees
by sending the same. When every seat with a connection (the people at the
table; bots and spectators have no say, and a player who is away cannot
hold it up) has asked or agreed, the table is paused: its clocks stop
(net/clocks.py), its bots wait, and every ``act`` is refused (code
``paused``) with a sentence. Any one player resumes it (``pause``,
``on: false``), which also withdraws asks that not everyone has agreed to:
stopping everyone's game needs everyone's consent, while playing on is what
a table does without a word, so nobody can keep a table paused against the
will of another. A player who leaves or drops has no say any more: once
a second the housekeeping pauses a table whose connected players have all
agreed. The pause is saved with the table (its document's
``paused``) and outlives a restart: the table comes back paused, its clocks
standing.

A rated table is never paused: its clocks are part of the result, and a
pause among strangers would be a way to stop a clock that is running out
(or to think on one's move off the clock).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Protocol

from . import protocol as P
from .tables import Table

if TYPE_CHECKING:
    from .connection import Conn

log = logging.getLogger("bigcity.server")

#: an act refused while the table is paused
PAUSED = "The table is paused: nobody moves until a player resumes the game."
#: a pause asked at a rated table
RATED = (
    "A rated game cannot be paused: its clocks are part of the result, and a pause would stop "
    "a clock that is running out."
)


class PauseServer(Protocol):
    """What pausing calls of its server (:class:`.server.GameServer`)."""

    async def _save_table(self, t: Table) -> None: ...

    def _update(self, t: Table) -> None: ...

    def _maybe_bot(self, t: Table) -> None: ...


def deciders(t: Table) -> set[int]:
    """The seats whose agreement a pause needs: those with a connection."""
    return {i for i, s in enumerate(t.seats) if s.conn is not None}


class Pauses:
    """One server's pauses (see the module's text): the ``pause`` request."""

    def __init__(self, server: PauseServer) -> None:
        self.server = server

    async def pause(self, conn: Conn, m: P.Pause) -> None:
        t, i = conn.table, conn.seat
        if t is None or i is None:
            conn.refuse("pause", "Only a player seated at a table asks for a pause or resumes the game.", m.id)
            return
        if t.rated:
            conn.refuse("rated", RATED, m.id)
            return
        if t.status != "playing":
            conn.refuse("pause", "Only a game in play is paused or resumed.", m.id)
            return
        if m.on:
            if t.paused:
                conn.refuse("pause", "The table is paused already.", m.id)
                return
            t.pause_asked.add(i)
            if deciders(t) <= t.pause_asked:
                t.set_paused(True)
                log.info("table %s: paused by agreement of seats %s", t.id, sorted(deciders(t)))
        else:
            if not t.paused and not t.pause_asked:
                conn.refuse("pause", "The table is not paused, and nobody asked for a pause.", m.id)
                return
            if t.paused:
                log.info("table %s: resumed by seat %d", t.id, i)
                t.set_paused(False)
            t.pause_asked.clear()
        await self._told(t)

    async def settle(self, t: Table) -> None:
        """An ask every connected player has now agreed to, since one who had
        not left the table (the housekeeping looks once a second): the table pauses."""
        people = deciders(t)
        if t.paused or not t.pause_asked or not people or not people <= t.pause_asked or t.status != "playing":
            return
        t.set_paused(True)
        log.info("table %s: paused by agreement of seats %s (the others left)", t.id, sorted(people))
        await self._told(t)

    async def _told(self, t: Table) -> None:
        """The table saved, its members told, its bots going on unless it is paused."""
        await self.server._save_table(t)
        self.server._update(t)
        if not t.paused:
            self.server._maybe_bot(t)
