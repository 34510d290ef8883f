"""The server's side of players: who a connection is, what is shown beside
their name, and what a finished game does to their rating and reputation.

:class:`PlayerDesk` answers ``identify`` (net/identity.py's proof), puts a
proved player into the seat they take (their name on this server, their
badge: rating and reputation), refuses seats of rated tables to players
who have not proved a key and of tables with a minimum reputation to those
below it, counts each player's started games when a game begins and, when
it ends, keeps the game and its results, counts the finished games and
rates a rated game (net/ratings.py). It holds the server's players through
the :class:`~.players.PlayerStore` interface only.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING

from bigcity_desktop.engine.names import clean_name
from bigcity_desktop.engine.rules import EDITIONS, get_rules
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.engine.strangers import SERVER_SUFFIX, STRANGERS_SUFFIX, served_digests

from . import protocol as P
from .identity import verify
from .players import Badge, FinishedGame, PlayerStore, SeatResult, badge_of, bot_badge
from .ratings import Entry, Rating, bot_rating, places, rate
from .tables import RATED_CLOCK, RATED_RULES

if TYPE_CHECKING:
    from .connection import Conn
    from .tables import Seat, Table

log = logging.getLogger("bigcity.server")

#: the edition name of a game of house rules (never rated)
HOUSE = "house"


def edition_of(t: Table) -> str:
    """The edition a table's games are rated and listed in: a bundled
    edition's name (as bundled, or with no more than the server's own house
    rules: the bound on rounds, the strangers' end), or "house" for other
    house rules."""
    e = t.rules.edition.removesuffix(SERVER_SUFFIX).removesuffix(STRANGERS_SUFFIX)
    return e if e in EDITIONS and t.rules.digest in served_digests(get_rules(e)) else HOUSE


class PlayerDesk:
    """One server's players (see the module's text)."""

    def __init__(self, players: PlayerStore) -> None:
        self.players = players
        #: whether a player key is on the operator's ban list (net/conduct.py sets it)
        self.banned: Callable[[str], bool] = lambda _player: False

    # -- identity
    async def identify(self, conn: Conn, m: P.Identify) -> None:
        host = conn.host
        if conn.challenge is None or not verify(m.player, m.signature, host, conn.challenge):
            conn.refuse(
                "identity",
                "That signature does not prove the player key for this connection; your program may be outdated.",
                m.id,
            )
            return
        if self.banned(m.player):
            conn.refuse("banned", "This player key is banned from this server by its operator.", m.id)
            return
        if conn.table is not None and conn.player != m.player:
            conn.refuse("at_table", "You are at a table already: leave it first to change who you are.", m.id)
            return
        known = self.players.player(m.player)
        # no name asked: the one this server knows them by
        player, saved = self.players.register(m.player, clean_name(m.name) or (known.name if known else "Player"))
        await asyncio.wrap_future(saved)
        conn.player = m.player
        ratings = tuple(
            P.RatingInfo(edition, r.shown, r.provisional, r.games) for edition, r in sorted(player.ratings.items())
        )
        rep = player.reputation
        conn.send(
            P.Identified(m.player, player.name, ratings, rep.started, rep.finished_share(), rep.in_time_share(), m.id)
        )

    # -- seats
    def refusal(self, conn: Conn, t: Table) -> str | None:
        """Why `conn` may not take a seat at `t` (a sentence), or None."""
        if not (t.rated or t.min_finished):
            return None
        player = self.players.player(conn.player) if conn.player is not None else None
        if player is None:
            return "This table seats identified players only: your program proves a player key when it connects."
        share = player.reputation.finished_share()
        if t.min_finished and share is not None and share < t.min_finished:
            return (
                f"This table asks for players who finished at least {t.min_finished}% of their games; "
                f"you finished {share}%."
            )
        return None

    @staticmethod
    def start_refusal(t: Table) -> str | None:
        """Why the game of rated table `t` may not begin (a sentence), or None: a
        rated game needs a clock, the bundled rules and identified players."""
        if not t.rated:
            return None
        if t.clock is None:
            return RATED_CLOCK
        if edition_of(t) == HOUSE:
            return RATED_RULES
        if any(s.kind == SeatKind.HUMAN and s.player is None for s in t.seats):
            return "A rated game is played by identified players only: a player here proved no player key."
        return None

    def seat(self, conn: Conn, t: Table, s: Seat, asked: str = "") -> None:
        """`conn`'s player takes seat `s`: their name and badge (a connection
        that has not identified keeps the name it asked for). A name `asked`
        other than theirs becomes their name on this server (with a number
        when another player has it)."""
        player = self.players.player(conn.player) if conn.player is not None else None
        if player is None:
            return
        if asked and asked != player.name:
            player, saved = self.players.register(player.id, asked)
            saved.add_done_callback(_logged(t.id))
        s.player = player.id
        s.name = None
        s.name = t.unique_name(player.name)
        s.badge = badge_of(player, edition_of(t))

    def badges(self, t: Table) -> None:
        """Every seat's badge as it is now (at creation, at a resume, after a game)."""
        edition = edition_of(t)
        for s in t.seats:
            player = self.players.player(s.player) if s.player is not None else None
            if player is not None:
                s.badge = badge_of(player, edition)
            elif s.kind == SeatKind.BOT:
                s.badge = bot_badge(s.level or "easy")
            else:
                s.badge = Badge()

    # -- games
    def began(self, t: Table) -> None:
        """A game began: each player's started games counted (a failure is logged)."""
        ids = [s.player for s in t.seats if s.player is not None]
        if ids:
            self.players.started(ids).add_done_callback(_logged(t.id))

    async def ended(self, t: Table, record: str) -> None:
        """A game ended: its results kept, reputations counted, a rated game rated."""
        st = t.state
        if st is None:
            return
        edition = edition_of(t)
        # whose clock ran out (net/clocks.py) counts last, as one who left, even with the seat taken back
        timed = frozenset(t.clock.timed_out) if t.clock is not None else frozenset()
        gone = [(s.player is not None and s.kind == SeatKind.BOT) or i in timed for i, s in enumerate(t.seats)]
        place = places(st.scores, gone)
        rated = t.rated and edition != HOUSE
        new: dict[str, Rating] = {}
        if rated:
            entries = [self._entry(s, edition, place[i]) for i, s in enumerate(t.seats)]
            after = rate(entries)
            new = {s.player: r for s, r in zip(t.seats, after, strict=True) if s.player is not None}
        seats = tuple(
            SeatResult(
                i,
                s.player,
                s.name or f"Player {i + 1}",
                s.level if s.kind == SeatKind.BOT else None,
                st.scores[i],
                place[i],
                finished=s.kind == SeatKind.HUMAN,
                in_time=s.kind == SeatKind.HUMAN and i not in timed,
                shown=new[s.player].shown if s.player in new else None,
            )
            for i, s in enumerate(t.seats)
        )
        game = FinishedGame(t.id, edition, rated, time.time(), seats)
        try:
            await asyncio.wrap_future(self.players.finish(game, record, new))
        except Exception as exc:  # the game is over all the same; its record is also in finished/
            log.error("table %s: its result cannot be kept: %s", t.id, exc)
        self.badges(t)

    def _entry(self, s: Seat, edition: str, place: int) -> Entry:
        player = self.players.player(s.player) if s.player is not None else None
        if player is not None:
            return Entry(player.rating(edition), place, person=True)
        if s.kind == SeatKind.BOT:
            return Entry(bot_rating(s.level or "easy"), place, person=False)
        return Entry(Rating(), place, person=False)  # a person without a key (not at a rated table)


def _logged(table_id: str) -> Callable[[Future[None]], None]:
    def done(f: Future[None]) -> None:
        exc = f.exception()
        if exc is not None:
            log.error("table %s: a player's figures cannot be kept: %s", table_id, exc)

    return done
