"""The answers behind a server's public pages of players and finished games:
``/players`` (a ranking per edition), ``/p/<player>`` (a player's ratings,
reputation and games) and ``/g/<game>`` (a finished game replayed, position
by position, as a spectator saw it, with its record to download).

The figures come from the server's :class:`~.players.PlayerStore`; a
replayed position is the finished game's record read back once into a
:class:`~bigcity_desktop.engine.timeline.Timeline` (a few kept, off the event
loop) and sent as the ordinary whole ``view`` of a spectator
(:mod:`.viewcast`), so the page draws it as it draws a table.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import TYPE_CHECKING

from bigcity_desktop.bots.levels import PLAYER_KINDS
from bigcity_desktop.engine.record import LoadedGame, RecordError, load_record
from bigcity_desktop.engine.timeline import Timeline

from . import protocol as P
from .players import FinishedGame, PlayerStore
from .viewcast import ViewCast

if TYPE_CHECKING:
    from .connection import Conn

#: finished games kept read back, for the replays under way
TIMELINES_KEPT = 8
#: the most players a ranking lists, and games a profile
RANKED = 500
PROFILE_GAMES = 100


def summary(game: FinishedGame) -> P.GameSummary:
    return P.GameSummary(
        game.id,
        game.edition,
        game.rated,
        game.ended,
        tuple(
            P.SeatResultInfo(s.seat, s.name, s.player, s.level, s.score, s.place, s.finished, s.shown)
            for s in game.seats
        ),
    )


class GamePages:
    """One server's pages of players and finished games."""

    def __init__(self, players: PlayerStore) -> None:
        self.players = players
        self._timelines: OrderedDict[str, tuple[Timeline, LoadedGame]] = OrderedDict()

    async def ranking(self, conn: Conn, m: P.AskRanking) -> None:
        rows = self.players.ranking(m.edition, RANKED)
        conn.send(
            P.Ranking(
                m.edition,
                tuple(
                    P.RankedPlayer(p.id, p.name, r.shown, r.provisional, r.games, p.reputation.finished_share())
                    for p, r in rows
                ),
                m.id,
            )
        )

    async def profile(self, conn: Conn, m: P.AskProfile) -> None:
        player = self.players.player(m.player)
        if player is None:
            conn.refuse("no_player", "No player with that key has played on this server.", m.id)
            return
        games = await asyncio.get_running_loop().run_in_executor(None, self.players.games_of, m.player, PROFILE_GAMES)
        rep = player.reputation
        conn.send(
            P.Profile(
                player.id,
                player.name,
                tuple(P.RatingInfo(e, r.shown, r.provisional, r.games) for e, r in sorted(player.ratings.items())),
                rep.started,
                rep.finished_share(),
                rep.in_time_share(),
                tuple(summary(g) for g in games),
                m.id,
            )
        )

    async def replay(self, conn: Conn, m: P.AskReplay) -> None:
        loop = asyncio.get_running_loop()
        found = await loop.run_in_executor(None, self.players.game, m.game)
        if found is None:
            conn.refuse("no_game", f"There is no finished game {m.game} on this server.", m.id)
            return
        game, record = found
        kept = self._timelines.pop(m.game, None)
        if kept is None:
            try:
                kept = await loop.run_in_executor(None, _read_back, record)
            except RecordError as exc:
                conn.refuse("damaged", f"The record of game {m.game} cannot be read: {exc}", m.id)
                return
        self._timelines[m.game] = kept
        while len(self._timelines) > TIMELINES_KEPT:
            self._timelines.popitem(last=False)
        timeline, loaded = kept
        at = 0 if m.at is None else min(m.at, timeline.length)
        rounds = tuple(timeline.first_of_round(r) for r in range(1, timeline.last_round() + 1))
        first = m.at is None
        conn.send(P.Replay(summary(game), at, timeline.length, rounds, record if first else None, m.id))
        state = timeline.state_at(at)
        conn.send(ViewCast(m.game, state, players=loaded.players).text(None, None))


def _read_back(record: str) -> tuple[Timeline, LoadedGame]:
    loaded = load_record(record, player_kinds=PLAYER_KINDS)
    return Timeline.build(loaded.state), loaded
