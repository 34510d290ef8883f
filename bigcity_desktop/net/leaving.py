"""Leaving a table: the ``leave`` request, and a player sent away because
the operator banned their key while they were connected (issue 48, item 8).

A leave before the game begins frees the seat (a leaving host hands the
host's role to the next player, or the table closes); after it begins the
seat waits for its player as after a drop, or with ``bot`` goes to a bot of
that level at once. A banned player is handled as a leave with a bot: once
a second (the server's housekeeping) the ban list is looked at, and when it
changed every connection whose proved key is on it leaves its table (a seat
in play goes to a bot of the table's level, as a leaver's with ``bot``; a
seat in the lobby is freed), is sent ``left`` with the reason, and is closed
with code :data:`~.protocol.CLOSE_BANNED` and a reason, which a client takes
as final (no reconnecting). For ratings such a player finished last, as
anyone who left.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Protocol

from bigcity_desktop.bots.registry import BOT_NAMES
from bigcity_desktop.engine.seats import SeatKind

from . import protocol as P
from .tables import Table

if TYPE_CHECKING:
    from .conduct import Conduct
    from .connection import Conn
    from .playerdesk import PlayerDesk

log = logging.getLogger("bigcity.server.conduct")

#: what a banned player's connection is closed with, and told in their `left`
BANNED = "banned by this server's operator"


class LeaveServer(Protocol):
    """What leaving calls of its server (:class:`.server.GameServer`)."""

    tables: dict[str, Table]
    conns: set[Conn]
    desk: PlayerDesk
    conduct: Conduct

    async def _save_table(self, t: Table) -> None: ...

    def _update(self, t: Table) -> None: ...

    def _detach(self, conn: Conn, tell: bool = True) -> None: ...

    async def to_bot(self, t: Table, i: int) -> None: ...

    def remove(self, t: Table) -> None: ...


class Leaving:
    """One server's leaves (see the module's text)."""

    def __init__(self, server: LeaveServer) -> None:
        self.server = server

    async def leave(self, conn: Conn, m: P.Leave, said: str = "You left the table.") -> None:
        srv = self.server
        t = conn.table
        if t is None:
            conn.refuse("no_table", "You are at no table.", m.id)
            return
        seat = conn.seat
        if m.bot is not None and m.bot not in BOT_NAMES:
            conn.refuse("level", f"There is no bot level {m.bot!r} ({', '.join(BOT_NAMES)}).", m.id)
            return
        srv._detach(conn, tell=False)  # the others hear of it once, below, with the seat freed
        conn.send(P.Left(t.id, said))
        if seat is not None and m.bot is not None and t.flow is not None and t.status == "playing":
            t.seats[seat].level = m.bot  # the leaver's seat to a bot at once
            await srv.to_bot(t, seat)
            return
        if seat is not None and t.status == "lobby":
            s = t.seats[seat]
            s.name = s.token_hash = s.player = None
            s.away_since = None
            srv.desk.badges(t)  # a free seat shows no rating
            if seat == t.host:
                others = [i for i, x in enumerate(t.seats) if x.kind == SeatKind.HUMAN and x.name is not None]
                if not others:
                    srv.remove(t)
                    return
                t.host = others[0]
            await srv._save_table(t)
        if t.id in srv.tables:
            srv._update(t)

    async def sweep_bans(self) -> None:
        """When the ban list changed: every connected player on it sent away (see the module's text)."""
        keys = self.server.conduct.changed()
        if not keys:
            return
        for conn in [c for c in self.server.conns if c.player is not None and c.player in keys]:
            log.warning("player %s is on the ban list: %s is sent away", conn.player, conn.peer)
            t = conn.table
            if t is not None:
                bot = t.table_level() if t.status == "playing" else None
                await self.leave(conn, P.Leave(bot=bot), f"You were {BANNED}.")
            conn.player = None
            conn.close_after(P.CLOSE_BANNED, BANNED)
            conn.closed = True
