"""What a server does when a clock runs out, and when its player takes the
seat back (net/clocks.py keeps the times). Apart from :mod:`.server` so that
the server's module holds its requests; it reaches the server only through
:class:`ClockServer`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from bigcity_desktop.engine.record import PlayerInfo
from bigcity_desktop.engine.seats import SeatKind

from . import protocol as P
from .tables import Table

if TYPE_CHECKING:
    from .connection import Conn


class ClockServer(Protocol):
    """What the clocks' seat changes call of their server."""

    async def _save_table(self, t: Table) -> None: ...

    async def _save_game(self, t: Table) -> None: ...

    def _update(self, t: Table) -> None: ...

    def _maybe_bot(self, t: Table) -> None: ...


class ClockSeats:
    """A seat to a bot when its clock runs out (:meth:`out`), and back to
    its player when they ask (:meth:`take_back`)."""

    def __init__(self, server: ClockServer) -> None:
        self.server = server

    async def out(self, t: Table, i: int) -> None:
        """`i`'s clock ran out: a bot of the table's level plays on at once,
        the player is told (a `refused` of code `clock`), the seat is kept
        theirs to take back (its token stays valid)."""
        if t.clock is None or t.flow is None:
            return
        s = t.seats[i]
        level = t.table_level()
        s.kind, s.level = SeatKind.BOT, level
        t.flow.hand_to_bot(i, level)
        t.clock.ran_out(i, t.now())
        if s.conn is not None:
            s.conn.refuse(
                "clock",
                f"Your time ran out: a bot ({level}) plays your seat now, and the game counts as a loss for you. "
                "You may take your seat back while the game lasts.",
                None,
            )
        self.server._update(t)
        self.server._maybe_bot(t)
        await self.server._save_table(t)
        await self.server._save_game(t)

    async def take_back(self, conn: Conn, m: P.TakeSeat) -> None:
        t, i = conn.table, conn.seat
        if t is None or i is None or t.clock is None or t.flow is None or t.flow.is_over:
            conn.refuse("take_seat", "Only a player at a game with a clock takes a seat back.", m.id)
            return
        s = t.seats[i]
        if i not in t.clock.timed_out or s.kind != SeatKind.BOT:
            conn.refuse("take_seat", "Your seat is yours already: a seat is taken back after its clock ran out.", m.id)
            return
        s.kind, s.level = SeatKind.HUMAN, None
        old = t.flow.players[i]
        t.flow.players[i] = PlayerInfo(old.name, SeatKind.HUMAN, old.colour)  # the bot's pending move is dropped
        t.clock.taken_back(i, t.now())
        self.server._update(t)
        await self.server._save_table(t)
        await self.server._save_game(t)
