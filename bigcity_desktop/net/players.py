"""A server's players, their ratings and reputation, and its finished games.

:class:`PlayerStore` is what the server asks of a store of players; the
server holds it through that interface only, so that another database can
implement it (a public server on PostgreSQL). :class:`SqlPlayers` is the
embedded one: four tables in the server's own SQLite database
(``tables.sqlite3``, :mod:`.store`), written by the same writer thread in the
same group commits (:mod:`.journal`), or, for a server that keeps nothing
on disk, in a database in memory. Its SQL is kept portable: plain types
(TEXT, INTEGER, DOUBLE PRECISION), no ``WITHOUT ROWID`` or ``AUTOINCREMENT``,
upserts as ``INSERT … ON CONFLICT … DO UPDATE`` (SQLite 3.24, PostgreSQL 9.5).

What is known of a player is small and read often (at every ``identify``,
every seat shown in a lobby), so the players and their ratings are read
once when the server starts and kept in memory; every change is written
through. Games and their records are read from the database when a page
asks for them: small queries by key.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from typing import Protocol

from .ratings import Rating, bot_rating

#: the tables (and their columns, for dbcheck.OUR_LAYOUT) of the players' store
LAYOUT: dict[str, tuple[str, ...]] = {
    "players": ("id", "name", "folded", "joined", "started", "finished", "in_time"),
    "ratings": ("player", "edition", "mu", "sigma", "games"),
    "games": ("id", "edition", "rated", "ended", "record"),
    "results": ("game", "seat", "player", "name", "level", "score", "place", "finished", "in_time", "shown"),
}

SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY,          -- the player's public key (net/identity.py)
    name TEXT NOT NULL,           -- the display name, unique on this server
    folded TEXT NOT NULL UNIQUE,  -- the name case-folded (what is unique)
    joined DOUBLE PRECISION NOT NULL,
    started INTEGER NOT NULL,     -- games begun in a seat of theirs
    finished INTEGER NOT NULL,    -- of those, ended with the player in the seat
    in_time INTEGER NOT NULL      -- of those, without their clock running out
);
CREATE TABLE IF NOT EXISTS ratings (
    player TEXT NOT NULL,
    edition TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (player, edition)
);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,          -- the table's id
    edition TEXT NOT NULL,        -- a bundled edition, or "house" for house rules
    rated INTEGER NOT NULL,
    ended DOUBLE PRECISION NOT NULL,
    record TEXT NOT NULL          -- the whole record (bigcity-game), every hand shown
);
CREATE TABLE IF NOT EXISTS results (
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    player TEXT,                  -- NULL: a bot's seat, or a player without a key
    name TEXT NOT NULL,
    level TEXT,                   -- a bot's level
    score INTEGER NOT NULL,
    place INTEGER NOT NULL,
    finished INTEGER NOT NULL,
    in_time INTEGER NOT NULL,
    shown INTEGER,                -- the player's rating after a rated game, as shown
    PRIMARY KEY (game, seat)
);
CREATE INDEX IF NOT EXISTS results_of_player ON results (player);
"""

#: a write, run on the store's writer thread
Write = Callable[[sqlite3.Connection], object]


def create(db: sqlite3.Connection) -> None:
    """The players' tables, where they are not yet."""
    for statement in SCHEMA.split(";"):
        if statement.strip():
            db.execute(statement)


@dataclass(frozen=True)
class Reputation:
    """Of the games begun in a player's seat: how many the player finished
    (still in the seat at the end), and finished without their clock running out."""

    started: int = 0
    finished: int = 0
    in_time: int = 0

    def finished_share(self) -> int | None:
        """Per cent of started games finished; None before the first."""
        return round(100 * self.finished / self.started) if self.started else None

    def in_time_share(self) -> int | None:
        """Per cent of started games finished within the clock."""
        return round(100 * self.in_time / self.started) if self.started else None


@dataclass
class Player:
    id: str
    name: str
    joined: float
    reputation: Reputation = field(default_factory=Reputation)
    ratings: dict[str, Rating] = field(default_factory=dict)

    def rating(self, edition: str) -> Rating:
        return self.ratings.get(edition, Rating())


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished game."""

    seat: int
    player: str | None  # the player's id; None for a bot or a player without a key
    name: str
    level: str | None  # a bot's level
    score: int
    place: int
    finished: bool  # the player was in the seat at the end
    in_time: bool  # and their clock never ran out
    shown: int | None = None  # the rating after a rated game, as shown


@dataclass(frozen=True)
class FinishedGame:
    id: str
    edition: str
    rated: bool
    ended: float
    seats: tuple[SeatResult, ...]


class PlayerStore(Protocol):
    """What the server asks of a store of players (see the module's text).
    Writes come back as futures, done once they are kept."""

    def player(self, player_id: str) -> Player | None: ...

    def register(self, player_id: str, name: str) -> tuple[Player, Future[None]]:
        """The player of `player_id`, named `name` (or, when another player
        has that name, the first free of "name 2", "name 3"…)."""
        ...

    def started(self, player_ids: Iterable[str]) -> Future[None]: ...

    def finish(self, game: FinishedGame, record: str, ratings: dict[str, Rating]) -> Future[None]:
        """A game ended: its record and results kept, each player's
        reputation counted, and the rated players' new `ratings` (by id) kept."""
        ...

    def ranking(self, edition: str, limit: int) -> list[tuple[Player, Rating]]: ...

    def games_of(self, player_id: str, limit: int) -> list[FinishedGame]:
        """The player's last games, the newest first."""
        ...

    def game(self, game_id: str) -> tuple[FinishedGame, str] | None:
        """A finished game and its record."""
        ...


class SqlPlayers:
    """The embedded :class:`PlayerStore`: SQLite, through `write` (the
    store's writer thread) and `read` (a connection of its own); without
    them, a database in memory."""

    def __init__(self, write: Callable[[Write], Future[None]] | None = None, read: sqlite3.Connection | None = None):
        if read is None:
            read = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            create(read)
        self._read = read
        self._write = write or self._write_here
        self._lock = threading.Lock()
        self.players: dict[str, Player] = {}
        self._names: dict[str, str] = {}  # folded name -> player id
        self._load()

    def _write_here(self, write: Write) -> Future[None]:
        done: Future[None] = Future()
        with self._lock:
            write(self._read)
        done.set_result(None)
        return done

    def _load(self) -> None:
        rows = self._read.execute("SELECT id, name, joined, started, finished, in_time FROM players").fetchall()
        for pid, name, joined, started, finished, in_time in rows:
            self.players[pid] = Player(pid, name, joined, Reputation(started, finished, in_time))
            self._names[name.casefold()] = pid
        for pid, edition, mu, sigma, games in self._read.execute(
            "SELECT player, edition, mu, sigma, games FROM ratings"
        ):
            if pid in self.players:
                self.players[pid].ratings[edition] = Rating(mu, sigma, games)

    # -- players
    def player(self, player_id: str) -> Player | None:
        return self.players.get(player_id)

    def register(self, player_id: str, name: str) -> tuple[Player, Future[None]]:
        known = self.players.get(player_id)
        if known is not None and known.name == name:
            done: Future[None] = Future()
            done.set_result(None)
            return known, done
        free = self._free_name(name, player_id)
        if known is None:
            known = self.players[player_id] = Player(player_id, free, time.time())
        else:
            self._names.pop(known.name.casefold(), None)
            known.name = free
        self._names[free.casefold()] = player_id
        joined = known.joined

        def write(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO players (id, name, folded, joined, started, finished, in_time) VALUES (?, ?, ?, ?, 0, 0, 0)"
                " ON CONFLICT (id) DO UPDATE SET name = excluded.name, folded = excluded.folded",
                (player_id, free, free.casefold(), joined),
            )

        return known, self._write(write)

    def _free_name(self, name: str, player_id: str) -> str:
        def free(n: str) -> bool:
            return self._names.get(n.casefold(), player_id) == player_id

        if free(name):
            return name
        n = 2
        while not free(f"{name} {n}"):
            n += 1
        return f"{name} {n}"

    # -- games
    def started(self, player_ids: Iterable[str]) -> Future[None]:
        ids = [p for p in player_ids if p in self.players]
        for p in ids:
            r = self.players[p].reputation
            self.players[p].reputation = replace(r, started=r.started + 1)

        def write(db: sqlite3.Connection) -> None:
            db.executemany("UPDATE players SET started = started + 1 WHERE id = ?", [(p,) for p in ids])

        return self._write(write)

    def finish(self, game: FinishedGame, record: str, ratings: dict[str, Rating]) -> Future[None]:
        for s in game.seats:
            p = self.players.get(s.player or "")
            if p is not None:
                r = p.reputation
                p.reputation = replace(r, finished=r.finished + s.finished, in_time=r.in_time + s.in_time)
        for pid, rating in ratings.items():
            if pid in self.players:
                self.players[pid].ratings[game.edition] = rating

        def write(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO games (id, edition, rated, ended, record) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (id) DO NOTHING",
                (game.id, game.edition, int(game.rated), game.ended, record),
            )
            db.executemany(
                "INSERT INTO results (game, seat, player, name, level, score, place, finished, in_time, shown)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game, seat) DO NOTHING",
                [
                    (
                        game.id,
                        s.seat,
                        s.player,
                        s.name,
                        s.level,
                        s.score,
                        s.place,
                        int(s.finished),
                        int(s.in_time),
                        s.shown,
                    )
                    for s in game.seats
                ],
            )
            db.executemany(
                "UPDATE players SET finished = finished + ?, in_time = in_time + ? WHERE id = ?",
                [(int(s.finished), int(s.in_time), s.player) for s in game.seats if s.player is not None],
            )
            db.executemany(
                "INSERT INTO ratings (player, edition, mu, sigma, games) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (player, edition) DO UPDATE"
                " SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games",
                [(pid, game.edition, r.mu, r.sigma, r.games) for pid, r in ratings.items()],
            )

        return self._write(write)

    # -- reading
    def ranking(self, edition: str, limit: int) -> list[tuple[Player, Rating]]:
        rated = [(p, p.ratings[edition]) for p in self.players.values() if edition in p.ratings]
        rated.sort(key=lambda pr: (-pr[1].mu, pr[1].sigma, pr[0].name.casefold()))
        return rated[:limit]

    def _results(self, game_id: str) -> tuple[SeatResult, ...]:
        rows = self._read.execute(
            "SELECT seat, player, name, level, score, place, finished, in_time, shown FROM results"
            " WHERE game = ? ORDER BY seat",
            (game_id,),
        ).fetchall()
        return tuple(SeatResult(r[0], r[1], r[2], r[3], r[4], r[5], bool(r[6]), bool(r[7]), r[8]) for r in rows)

    def games_of(self, player_id: str, limit: int) -> list[FinishedGame]:
        with self._lock:
            rows = self._read.execute(
                "SELECT g.id, g.edition, g.rated, g.ended FROM games g JOIN results r ON r.game = g.id"
                " WHERE r.player = ? ORDER BY g.ended DESC LIMIT ?",
                (player_id, limit),
            ).fetchall()
            return [FinishedGame(i, e, bool(rated), ended, self._results(i)) for i, e, rated, ended in rows]

    def game(self, game_id: str) -> tuple[FinishedGame, str] | None:
        with self._lock:
            row = self._read.execute(
                "SELECT edition, rated, ended, record FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if row is None:
                return None
            return FinishedGame(game_id, row[0], bool(row[1]), row[2], self._results(game_id)), row[3]

    def close(self) -> None:
        self._read.close()


@dataclass(frozen=True)
class Badge:
    """What is shown beside a name at a table: the rating in the table's
    edition and the reputation (None where there is nothing to show)."""

    rating: int | None = None
    provisional: bool = False
    finished: int | None = None
    in_time: int | None = None


def badge_of(player: Player, edition: str) -> Badge:
    rating = player.rating(edition)
    rep = player.reputation
    return Badge(rating.shown, rating.provisional, rep.finished_share(), rep.in_time_share())


def bot_badge(level: str) -> Badge:
    """A bot's: its level's fixed rating (net/ratings.py), no reputation."""
    rating = bot_rating(level)
    return Badge(rating.shown, False)
