"""A server's tables as it holds them: their seats, their game (a
:class:`~bigcity_desktop.flow.TableFlow`), who is at them, and what is saved of them."""

from __future__ import annotations

import asyncio
import hmac
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.record import PlayerInfo
from bigcity_desktop.engine.rules import Rules
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.flow import TableFlow

from . import protocol as P
from .store import CHAT_KEPT, RecordText, StoredChat, StoredSeat, StoredTable

if TYPE_CHECKING:
    from .connection import Conn

#: the random bytes of a table's invitation secret (128 bits; the link and QR code carry it)
INVITE_BYTES = 16


def new_invite() -> str:
    """A fresh invitation secret: 16 random bytes, URL-safe (22 characters)."""
    return secrets.token_urlsafe(INVITE_BYTES)


@dataclass(eq=False)
class Seat:
    kind: SeatKind
    level: str | None = None
    name: str | None = None
    token_hash: str | None = None
    bot_after: float | None = None
    conn: Conn | None = None
    away_since: float | None = None  # time.monotonic() of the drop


@dataclass(eq=False)
class Table:
    id: str
    title: str
    rules: Rules
    seats: list[Seat]
    host: int
    created: float
    bot_seed: int
    chat: deque[StoredChat] = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))
    flow: TableFlow | None = None  # the game, once it has begun
    spectators: set[Conn] = field(default_factory=set)
    record: RecordText = field(default_factory=RecordText)
    journaled: int = 0  # the game's actions handed to the store
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    empty_since: float = field(default_factory=time.monotonic)
    #: listed for everyone; else listed to nobody, entered (joined, watched) only with `invite`
    public: bool = False
    invite: str = field(default_factory=new_invite)

    def admits(self, invite: str | None) -> bool:
        """Whether a request carrying `invite` may join or watch the table:
        a public table admits anyone, a private one its invitation secret only."""
        if self.public:
            return True
        return invite is not None and hmac.compare_digest(invite.encode(), self.invite.encode())

    @property
    def state(self) -> GameState | None:
        """The whole game; None before it begins."""
        return self.flow.state if self.flow is not None else None

    @property
    def status(self) -> str:
        if self.state is None:
            return "lobby"
        return "over" if self.state.is_over else "playing"

    def seat_words(self, i: int, capital: bool = False) -> str:
        """A seat in a sentence, counted as the protocol's fields count (from
        0), with its player's name where it has one: "seat 1 (Bob)"."""
        name = self.seats[i].name if 0 <= i < len(self.seats) else None
        words = f"seat {i} ({name})" if name else f"seat {i}"
        return words[0].upper() + words[1:] if capital else words

    def unique_name(self, name: str) -> str:
        """`name`, or "name (2)", "name (3)"… where another seat has it
        already (names compared without case; bots' names count too)."""
        taken = {s.name.casefold() for s in self.seats if s.name}
        if name.casefold() not in taken:
            return name
        n = 2
        while f"{name} ({n})".casefold() in taken:
            n += 1
        return f"{name} ({n})"

    def members(self) -> list[Conn]:
        return [s.conn for s in self.seats if s.conn is not None] + list(self.spectators)

    def players(self) -> list[PlayerInfo]:
        return [
            PlayerInfo(s.name or f"Player {i + 1}", (s.level or "easy") if s.kind == SeatKind.BOT else SeatKind.HUMAN)
            for i, s in enumerate(self.seats)
        ]

    def info(self) -> P.TableInfo:
        now = time.monotonic()
        seats = tuple(
            P.SeatInfo(
                i,
                s.kind,
                s.level,
                s.name,
                s.kind == SeatKind.BOT or s.conn is not None,
                None
                if s.away_since is None or s.name is None or s.kind == SeatKind.BOT
                else round(now - s.away_since, 1),
                s.bot_after,
            )
            for i, s in enumerate(self.seats)
        )
        st = self.state
        return P.TableInfo(
            self.id,
            self.title,
            self.rules.edition,
            self.rules.title,
            self.rules.digest,
            self.status,
            self.host,
            seats,
            len(self.spectators),
            len(st.history) if st is not None else 0,
            st.current_player if st is not None else None,
            self.public,
        )

    def stored(self) -> StoredTable:
        return StoredTable(
            self.id,
            self.title,
            self.rules,
            [StoredSeat(s.kind, s.level, s.name, s.token_hash, s.bot_after) for s in self.seats],
            self.host,
            self.created,
            self.bot_seed,
            list(self.chat),
            self.public,
            self.invite,
        )
