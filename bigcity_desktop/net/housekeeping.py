"""A table server's housekeeping, once a second: seats handed to bots whose
players stayed away too long, lobbies nobody came back to removed, games
nobody plays ended (their record kept), finished tables let go, the store
flushed, the network advert refreshed. Apart from :mod:`.server` so that the
server's module holds its requests; it reaches the server only through
:class:`Housekept`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import time
from typing import Any, Protocol

from bigcity_desktop.engine.seats import SeatKind

from . import protocol as P
from .clockseats import ClockSeats
from .config import ServerConfig
from .leaving import Leaving
from .pausing import Pauses
from .quiet import LogLimiter
from .store import TableStore
from .tables import Table

log = logging.getLogger("bigcity.server")

#: what a save that fails raises (the database's errors, the disk's)
SAVE_ERRORS = (sqlite3.Error, OSError)


class Housekept(Protocol):
    """What the housekeeping reads and calls of its server."""

    tables: dict[str, Table]
    config: ServerConfig
    store: TableStore | None
    say: LogLimiter
    clocks: ClockSeats
    leaving: Leaving
    pauses: Pauses
    _advertiser: Any

    def remove(self, t: Table) -> None: ...

    async def retire(self, t: Table) -> None: ...

    def drop_if_done(self, t: Table) -> None: ...

    async def to_bot(self, t: Table, i: int) -> None: ...


class Housekeeping:
    """The server's once-a-second round (:meth:`run`, a task of its loop)."""

    def __init__(self, server: Housekept) -> None:
        self.server = server
        self.flushed = 0.0

    async def run(self) -> None:
        """Once a second: hand seats to bots whose players stayed away too
        long, drop lobby tables nobody came back to, refresh the advert."""
        while True:
            await asyncio.sleep(1.0)
            now = time.monotonic()
            for t in list(self.server.tables.values()):
                await self.sweep_table(t, now)
            try:  # players the operator banned since the last look (net/leaving.py)
                await self.server.leaving.sweep_bans()
            except SAVE_ERRORS as exc:  # a seat that cannot go to a bot: looked at again with the next change
                self.server.say("save", logging.ERROR, "a banned player's seat cannot be saved: %s", exc)
            every = self.server.config.flush_every
            if self.server.store is not None and every > 0 and now - self.flushed >= every:
                self.flushed = now
                try:
                    await asyncio.wrap_future(self.server.store.flush())
                except sqlite3.Error as exc:
                    log.error("the tables cannot be flushed to the disk: %s", exc)
            if self.server._advertiser is not None:
                with contextlib.suppress(Exception):
                    await self.server._advertiser.refresh()

    async def sweep_table(self, t: Table, now: float) -> None:
        if t.state is None:
            if not t.members() and now - t.empty_since > self.server.config.idle_lobby:
                log.info("table %s: removed after standing empty", t.id)
                self.server.remove(t)
            return
        if t.state.is_over:
            if not t.retired:
                await self.server.retire(t)  # resumed finished, or its record's write failed: (again) now
            self.server.drop_if_done(t)
            return
        after = self.server.config.abandoned_after
        if after > 0 and not any(s.conn is not None for s in t.seats) and now - t.empty_since > after:
            await self.abandon(t)
            return
        await self.clock_and_pause(t)
        await self.away_to_bots(t, now)

    async def clock_and_pause(self, t: Table) -> None:
        """A game in play: an ask to pause that the players still here all agreed to, and a clock past zero."""
        if t.pause_asked:  # net/pausing.py
            try:
                await self.server.pauses.settle(t)
            except SAVE_ERRORS as exc:  # paused in memory; saved with the next change
                self.server.say("save", logging.ERROR, "table %s: its pause cannot be saved: %s", t.id, exc)
        out = t.clock.expired(t.now(), t.people()) if t.clock is not None else None
        if out is not None:  # past zero: a bot at once (net/clocks.py)
            try:
                await self.server.clocks.out(t, out)
            except SAVE_ERRORS as exc:  # the bot plays on; the save is tried with the next move
                self.server.say("save", logging.ERROR, "table %s: a timed-out seat cannot be saved: %s", t.id, exc)

    async def away_to_bots(self, t: Table, now: float) -> None:
        """The seats whose players stayed away longer than the host's wait, to bots."""
        for i, s in enumerate(t.seats):
            if (
                s.kind == SeatKind.HUMAN
                and s.conn is None
                and s.bot_after is not None
                and s.away_since is not None
                and now - s.away_since >= s.bot_after
            ):
                try:
                    await self.server.to_bot(t, i)
                except SAVE_ERRORS as exc:  # tried again next second
                    self.server.say("save", logging.ERROR, "table %s: a seat cannot go to a bot: %s", t.id, exc)

    async def abandon(self, t: Table) -> None:
        """A started game nobody has played for ``abandoned_after`` seconds
        ends: its record (as it stands, marked abandoned) goes to finished/,
        its watchers are told, and the table leaves the server."""
        if self.server.store is not None and t.state is not None:
            extra = {"table": t.id, "abandoned": True}
            try:
                async with t.lock:  # no bot's move half-saved meanwhile
                    record = t.record.text(t.state, t.players(), extra)
                    await asyncio.wrap_future(self.server.store.retire(t.stored(), record))
            except SAVE_ERRORS as exc:
                self.server.say("save", logging.ERROR, "table %s: its abandoned game cannot be written: %s", t.id, exc)
                return
        self.server.say(
            "abandoned",
            logging.INFO,
            "table %s: ended, nobody played it for %g s",
            t.id,
            self.server.config.abandoned_after,
        )
        if t.bot_task is not None:
            t.bot_task.cancel()
        for c in list(t.spectators):
            c.table, c.seat = None, None
            c.send(P.Left(t.id, "The game was ended: nobody had played it for a long time. Its record is kept."))
        t.spectators.clear()
        t.retired = True
        self.server.drop_if_done(t)
