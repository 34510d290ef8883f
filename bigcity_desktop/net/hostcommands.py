"""What only a table's host may do once it is made: hand a seat to a bot
(at once, or after its player has been away a while) and make the table
public or private. A change is saved before it counts: when the save fails,
the table is as it was and the host is refused with a sentence (the server's
receive loop answers ``cannot_save``)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Protocol

from bigcity_desktop.bots.registry import BOT_NAMES
from bigcity_desktop.engine.seats import SeatKind

from . import protocol as P
from .housekeeping import SAVE_ERRORS

if TYPE_CHECKING:
    from .connection import Conn
    from .tables import Table


class HostServer(Protocol):
    """What the host's commands ask of their server (:class:`.server.GameServer`)."""

    async def _save_table(self, t: Table) -> None: ...

    async def to_bot(self, t: Table, i: int) -> None: ...

    def _update(self, t: Table) -> None: ...

    def _advertise_count(self) -> None: ...


class HostCommands:
    """The host's commands of one server's tables."""

    def __init__(self, server: HostServer) -> None:
        self.server = server

    async def hand_to_bot(self, conn: Conn, m: P.HandToBot) -> None:
        t = conn.table
        if t is None or conn.seat is None or conn.seat != t.host:
            conn.refuse("host", "Only the host of a table can hand a seat to a bot.", m.id)
            return
        if m.seat >= len(t.seats) or t.seats[m.seat].kind != SeatKind.HUMAN or m.seat == t.host:
            conn.refuse("seat", f"{t.seat_words(m.seat, capital=True)} is not another player's seat.", m.id)
            return
        if m.level not in BOT_NAMES:
            conn.refuse("level", f"There is no bot level {m.level!r} ({', '.join(BOT_NAMES)}).", m.id)
            return
        if t.state is None:
            conn.refuse("not_started", "Seats are handed to bots once the game has begun.", m.id)
            return
        s = t.seats[m.seat]
        if m.after <= 0 and s.conn is not None:
            conn.refuse("here", f"{s.name} is here: only a missing player's seat goes to a bot.", m.id)
            return
        before = (s.bot_after, s.level)
        s.bot_after = m.after
        s.level = m.level
        try:
            await self.server._save_table(t)
        except SAVE_ERRORS:
            s.bot_after, s.level = before
            raise
        if s.conn is None and (s.away_since is None or time.monotonic() - s.away_since >= m.after):
            await self.server.to_bot(t, m.seat)
        else:
            self.server._update(t)

    async def publish(self, conn: Conn, m: P.Publish) -> None:
        t = conn.table
        if t is None or conn.seat is None or conn.seat != t.host:
            conn.refuse("host", "Only the host of a table can make it public or private.", m.id)
            return
        before, t.public = t.public, m.public
        try:
            await self.server._save_table(t)
        except SAVE_ERRORS:
            t.public = before
            raise
        self.server._update(t)
        self.server._advertise_count()
