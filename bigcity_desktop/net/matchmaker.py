"""Quick match ("Play now") on a ``--public`` server: strangers seated
together at public tables of the size they asked for, people of similar
rating together, and the seats still empty after a wait filled with bots
of a level near the table's rating.

A ``play_now`` message names an edition, a table size (2–5), whether
the table is rated and its clock (a time control of net/clocks.py, or none:
a rated table needs one). The matchmaker looks among its waiting tables
(ones it opened, not yet started) for one of that edition, size, kind and
clock with a free seat whose people's mean rating is within :data:`WINDOW` of the
sender's, the nearest first, and seats the sender there as a ``join``
would; else it opens a new public table with the sender as its host, as a
``create`` would (the same limits and refusals). A table whose seats the
people fill starts at once; one still waiting after the server's
``match_wait`` seconds has its empty seats given to bots (the level whose
fixed anchor, net/ratings.py, is nearest the people's mean rating) and
starts. The waiting tables live in memory: after a restart a quick-match
table that had not started is an ordinary public table whose host starts it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from bigcity_desktop.bots.names import free_bot_name
from bigcity_desktop.bots.registry import BOT_NAMES
from bigcity_desktop.engine.rules import EDITIONS, get_rules
from bigcity_desktop.engine.seats import SeatKind

from . import protocol as P
from .ratings import BOT_ANCHORS, START_MU, shown

if TYPE_CHECKING:
    from .config import ServerConfig
    from .connection import Conn
    from .playerdesk import PlayerDesk
    from .tables import Table

log = logging.getLogger("bigcity.server.match")

#: the farthest a table's mean rating may be from a player's (in OpenSkill mu; 5 = 200 shown points)
WINDOW = 5.0


@dataclass
class Waiting:
    """A quick-match table waiting for people."""

    table: str
    edition: str
    players: int
    rated: bool
    clock: str | None  # the time control (net/clocks.py), None for none
    due: float  # the matchmaker's clock when bots fill its empty seats
    timer: asyncio.Task[None] | None = field(default=None, repr=False)


def bot_level_near(mu: float) -> str:
    """The bot level whose fixed rating is nearest `mu` (of the levels the server has)."""
    levels = [lv for lv in BOT_ANCHORS if lv in BOT_NAMES and lv != "random"] or list(BOT_NAMES)
    return min(levels, key=lambda lv: abs(BOT_ANCHORS.get(lv, START_MU) - mu))


class MatchServer(Protocol):
    """What quick match asks of its server (:class:`.server.GameServer`): its
    tables, players and limits, and the table requests a player could send."""

    config: ServerConfig
    desk: PlayerDesk
    tables: dict[str, Table]

    def _spawn(self, coro: Any) -> asyncio.Task[Any]: ...

    async def begin(self, t: Table) -> None: ...

    async def on_create(self, conn: Conn, m: P.CreateTable) -> None: ...

    async def on_join(self, conn: Conn, m: P.Join) -> None: ...


class Matchmaker:
    """One server's quick-match tables (see the module's text). `clock` is
    the time the wait is counted on (tests give their own)."""

    def __init__(self, server: MatchServer, clock: Callable[[], float] = time.monotonic) -> None:
        self.server = server
        self.clock = clock
        self.waiting: dict[str, Waiting] = {}
        self._lock = asyncio.Lock()  # one play_now at a time: two never open two tables for one

    # -- the sender's side
    async def play_now(self, conn: Conn, m: P.PlayNow) -> None:
        srv = self.server
        if not srv.config.public_by_default:
            conn.refuse("not_public", "This server seats strangers only when it is started with --public.", m.id)
            return
        if m.edition not in EDITIONS:
            conn.refuse("rules", f"There is no edition {m.edition!r} (original, jumbo).", m.id)
            return
        rules = get_rules(m.edition)
        if not rules.min_players <= m.players <= rules.max_players:
            conn.refuse(
                "seats",
                f"{rules.title} is for {rules.min_players} to {rules.max_players} players, not {m.players}.",
                m.id,
            )
            return
        async with self._lock:
            mu = self._mu(conn.player, m.edition)
            w = self._nearest(m, mu)
            if w is not None:
                await srv.on_join(conn, P.Join(w.table, m.name, id=m.id))
                t = srv.tables.get(w.table)
                if t is not None and conn.table is t and not self._free(t):
                    await self._begin(w)
                return
            title = f"Play now: {m.players} players, {m.edition}" + (f", {m.clock}" if m.clock else "")
            seats = tuple(P.SeatSpec(SeatKind.HUMAN) for _ in range(m.players))
            ask = P.CreateTable(
                m.name, seats, m.edition, title=title, id=m.id, public=True, rated=m.rated, clock=m.clock
            )
            await srv.on_create(conn, ask)
            t = conn.table
            if t is None or t.status != "lobby":  # refused (the sender was told why)
                return
            w = Waiting(t.id, m.edition, m.players, m.rated, m.clock, self.clock() + srv.config.match_wait)
            self.waiting[t.id] = w
            w.timer = srv._spawn(self._wait(w))
            log.info("table %s: quick match for %d (%s) opened", t.id, m.players, m.edition)

    def _mu(self, player: str | None, edition: str) -> float:
        p = self.server.desk.players.player(player) if player is not None else None
        return p.rating(edition).mu if p is not None else START_MU

    def _table_mu(self, t: Table, edition: str) -> float:
        people = [s for s in t.seats if s.kind == SeatKind.HUMAN and s.name is not None]
        if not people:
            return START_MU
        return sum(self._mu(s.player, edition) for s in people) / len(people)

    @staticmethod
    def _free(t: Table) -> list[int]:
        return [i for i, s in enumerate(t.seats) if s.name is None]

    def _nearest(self, m: P.PlayNow, mu: float) -> Waiting | None:
        best: tuple[float, Waiting] | None = None
        for w in list(self.waiting.values()):
            t = self.server.tables.get(w.table)
            if t is None or t.status != "lobby":
                self._forget(w)
                continue
            if (w.edition, w.players, w.rated, w.clock) != (m.edition, m.players, m.rated, m.clock):
                continue
            if not self._free(t):
                continue
            gap = abs(self._table_mu(t, m.edition) - mu)
            if gap <= WINDOW and (best is None or gap < best[0]):
                best = (gap, w)
        return best[1] if best is not None else None

    # -- the wait
    async def _wait(self, w: Waiting) -> None:
        await asyncio.sleep(max(0.0, w.due - self.clock()))
        w.timer = None
        await self.fill_due()

    async def fill_due(self) -> None:
        """Every waiting table whose wait is over: its empty seats to bots, then its game begins."""
        now = self.clock()
        for w in [w for w in self.waiting.values() if w.due <= now]:
            async with self._lock:
                if self.waiting.get(w.table) is w:
                    await self._fill(w)

    async def _fill(self, w: Waiting) -> None:
        srv = self.server
        t = srv.tables.get(w.table)
        if t is None or t.status != "lobby" or not any(s.name is not None for s in t.seats):
            self._forget(w)
            return
        level = bot_level_near(self._table_mu(t, w.edition))
        taken = [s.name for s in t.seats if s.name is not None]
        for i in self._free(t):
            s = t.seats[i]
            s.kind, s.level = SeatKind.BOT, level
            s.name = free_bot_name(level, taken)
            taken.append(s.name)
        srv.desk.badges(t)
        log.info(
            "table %s: quick match filled with %s bots (the table's rating %d)",
            t.id,
            level,
            shown(self._table_mu(t, w.edition)),
        )
        await self._begin(w)

    async def _begin(self, w: Waiting) -> None:
        self._forget(w)
        t = self.server.tables.get(w.table)
        if t is not None and t.status == "lobby":
            await self.server.begin(t)

    def _forget(self, w: Waiting) -> None:
        self.waiting.pop(w.table, None)
        if w.timer is not None and w.timer is not asyncio.current_task():
            w.timer.cancel()
        w.timer = None
