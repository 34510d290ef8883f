"""A server's tables as it holds them: their seats, their game (a
:class:`~bigcity_desktop.flow.TableFlow`), who is at them, and what is saved of them."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bigcity_desktop.bots.registry import BOT_NAMES
from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.fairdeal import commitment
from bigcity_desktop.engine.record import PlayerInfo
from bigcity_desktop.engine.rules import EDITIONS, Rules, RulesError, get_rules, parse_rules, rules_of_document
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.engine.timeline import fresh_start, rebuild
from bigcity_desktop.flow import Problem, Refused, TableFlow

from . import protocol as P
from .clocks import PROFILES, TableClock
from .players import Badge
from .snapshots import Mark
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
    player: str | None = None  # the player's id, when they identified (net/identity.py)
    badge: Badge = field(default_factory=Badge)  # their rating and reputation as shown (net/playerdesk.py)


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
    snapshot: Mark | None = field(default_factory=Mark)  # where its logs stand in the store (None: no snapshots)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    empty_since: float = field(default_factory=time.monotonic)
    creator: str = ""  # the address that created it (its open tables count against it)
    retired: bool = False  # its finished game's record is written (it leaves memory once nobody is at it)
    #: listed for everyone; else listed to nobody, entered (joined, watched) only with `invite`
    public: bool = False
    invite: str = field(default_factory=new_invite)
    #: the salt of the commitment to the game's seed (engine/fairdeal.py), made when it begins
    deal_salt: str | None = None
    #: the time control (net/clocks.py; None: off) and what its clocks read
    clock: TableClock | None = None
    now: Callable[[], float] = time.monotonic
    #: paused by agreement of all (net/pausing.py): clocks stopped, no moves, bots wait; saved with the table
    paused: bool = False
    pause_asked: set[int] = field(default_factory=set)  # the seats that asked or agreed to pause, until it does

    def set_paused(self, paused: bool) -> None:
        """The table pauses (its clocks stop) or plays on (the clock of the seat to move runs from now)."""
        self.paused = paused
        self.pause_asked.clear()
        if self.clock is not None:
            (self.clock.stop if paused else self.clock.go)(self.now())

    def clock_turn(self) -> bool:
        """The clocks after a move: the seat to move's runs (True when the turn passed to another seat)."""
        st = self.state
        if self.clock is None or st is None:
            return False
        before = self.clock.running
        self.clock.turn(None if st.is_over else st.current_player, self.now())
        return self.clock.running != before

    def people(self) -> list[int]:
        """The seats people play now (not bots)."""
        return [i for i, s in enumerate(self.seats) if s.kind == SeatKind.HUMAN]

    def table_level(self) -> str:
        """The level of the bot that takes a seat whose clock ran out: the table's bots' (the first), or medium."""
        return next((s.level for s in self.seats if s.kind == SeatKind.BOT and s.level in BOT_NAMES), "medium")

    def game_extra(self) -> dict[str, Any]:
        """The `extra` of the game's record: its table, and the deal's salt
        (the head is the server's own until the end; the record at the end reveals it)."""
        out: dict[str, Any] = {"table": self.id}
        if self.deal_salt:
            out["deal_salt"] = self.deal_salt
        if self.clock is not None and self.clock.timed_out:
            out["timed_out"] = list(self.clock.timed_out)  # for ratings: these players finished last
        return out

    def game_over(self, st: GameState) -> P.GameOver:
        """The finished game's record, with the seed and salt its commitment was made of."""
        return P.GameOver(
            self.id, self.record.text(st, self.players(), self.game_extra()), str(st.seed), self.deal_salt
        )

    def deal_commitment(self) -> str | None:
        st = self.state
        if st is None or st.seed is None or self.deal_salt is None:
            return None
        return commitment(st.seed, self.deal_salt)

    rated: bool = False  # the result changes the players' ratings (net/playerdesk.py)
    min_finished: int | None = None  # the least share (per cent) of finished games a player needs to join

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

    async def back_to_saved(self, restore: Restore | None = None) -> None:
        """The game back to the moves the store holds (a save failed: what
        nobody was told of is undone, in memory as on disk), off the event
        loop, with the table's lock held: rebuilt by `restore` (the store's
        latest snapshot and the moves after it) when it can, else replayed
        from the seed."""
        flow = self.flow
        if flow is None or len(flow.state.history) == self.journaled:
            return
        loop = asyncio.get_running_loop()
        texts = self.record.actions(flow.state)[: self.journaled]
        flow.state = await loop.run_in_executor(None, _saved_state, flow.state, texts, restore)
        self.record.cut(self.journaled)

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
                s.player,
                s.badge.rating,
                s.badge.provisional,
                s.badge.finished,
                s.badge.in_time,
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
            self.deal_commitment(),
            self.rated,
            self.min_finished,
            self.clock.profile if self.clock is not None else None,
            self.clock.left_at(self.now()) if self.clock is not None else None,
            tuple(self.clock.timed_out) if self.clock is not None else (),
            self.paused,
            tuple(sorted(self.pause_asked)),
        )

    def stored(self) -> StoredTable:
        return StoredTable(
            self.id,
            self.title,
            self.rules,
            [StoredSeat(s.kind, s.level, s.name, s.token_hash, s.bot_after, s.player) for s in self.seats],
            self.host,
            self.created,
            self.bot_seed,
            list(self.chat),
            self.public,
            self.invite,
            self.rated,
            self.min_finished,
            self.clock.to_json(self.now()) if self.clock is not None else None,
            self.paused,
        )


#: a game rebuilt from the store's latest snapshot of it: (its position before the first move, the
#: saved moves' texts) -> the state after them, or None when it has no usable snapshot
Restore = Callable[[GameState, list[str]], "GameState | None"]


def _saved_state(state: GameState, texts: list[str], restore: Restore | None) -> GameState:
    """`state` back to its first ``len(texts)`` moves (`texts`: their JSON, as saved)."""
    if restore is not None:
        back = restore(fresh_start(state), texts)
        if back is not None:
            return back
    return rebuild(state, len(texts))


def rules_to_create(m: P.CreateTable) -> Rules:
    """The rules a create message names (RequestRefused when it cannot be played)."""
    if (m.edition is None) == (m.rules is None):
        raise P.RequestRefused("rules", "Name an edition (original or jumbo) or send a house-rules file, not both.")
    try:
        if m.edition is not None:
            if m.edition not in EDITIONS:
                raise RulesError(f"there is no edition {m.edition!r} (original, jumbo)")
            return get_rules(m.edition)
        assert m.rules is not None
        parsed = parse_rules(m.rules, source="the house rules")
        # as a record embeds them and every reader reads them back
        return rules_of_document({"edition": parsed.edition, "rules": parsed.data}, RulesError)
    except RulesError as exc:
        raise P.RequestRefused("rules", f"These rules cannot be played: {exc}") from None


def clock_to_create(m: P.CreateTable, seats: int) -> TableClock | None:
    """The time control a create message asks for (RequestRefused for one
    there is not, and for a rated table without one or of house rules)."""
    if m.rated and m.rules is not None:
        raise P.RequestRefused("rated", RATED_RULES)
    if m.rated and m.clock is None:
        raise P.RequestRefused("rated", RATED_CLOCK)
    if m.clock is None:
        return None
    if m.clock not in PROFILES:
        raise P.RequestRefused("clock", f"There is no time control {m.clock!r} ({', '.join(PROFILES)}).")
    return TableClock.new(m.clock, seats)


#: why a rated table needs a clock, and the bundled rules (a create or start refused with code `rated`)
RATED_CLOCK = (
    f"A rated table needs a clock ({' or '.join(PROFILES)}): without one, a player who stops moving "
    "holds the table up for ever."
)
RATED_RULES = (
    "A rated table plays the bundled rules (original or jumbo): a rating compares players at one game, "
    "so house rules are played unrated."
)


def seats_to_create(m: P.CreateTable, rules: Rules) -> tuple[list[Seat], int]:
    """The seats a create message asks for, and the host's (RequestRefused when they cannot be)."""
    n = len(m.seats)
    if not rules.min_players <= n <= rules.max_players:
        raise P.RequestRefused(
            "seats", f"{rules.title} is for {rules.min_players} to {rules.max_players} players, not {n}."
        )
    seats = []
    for i, spec in enumerate(m.seats):
        if spec.kind == SeatKind.HUMAN:
            seats.append(Seat(SeatKind.HUMAN))
        elif spec.kind == SeatKind.BOT and spec.level in BOT_NAMES:
            seats.append(Seat(SeatKind.BOT, spec.level))
        else:
            raise P.RequestRefused("seats", f"Seat {i + 1} must be human or a bot of level {', '.join(BOT_NAMES)}.")
    host = next((i for i, s in enumerate(seats) if s.kind == SeatKind.HUMAN), None)
    if host is None:
        raise P.RequestRefused("seats", "At least one seat must be a human's: yours.")
    return seats, host


def cannot_save(exc: BaseException) -> str:
    """A failed save in the words players are told."""
    why = getattr(exc, "strerror", None) or str(exc) or exc.__class__.__name__
    return f"The server cannot save just now ({why[:160]})"


def no_table_sentence(table_id: str) -> str:
    """The refusal of a table that is not here, or is private and the request lacks its invitation."""
    return f"There is no table {table_id} on this server that you were invited to (check the link)."


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def clean_text(text: str, limit: int) -> str:
    """A chat line as it is shown: printable, single spaces, capped."""
    text = " ".join("".join(c if c.isprintable() else " " for c in text).split())
    return text[:limit].strip()


def refusal_text(flow: TableFlow, refused: Refused) -> str:
    if refused.problem == Problem.OVER:
        return "The game is over."
    if refused.problem == Problem.NOT_YOUR_TURN:
        return f"It is {flow.state.names[flow.current]}'s turn, not yours."
    if refused.problem == Problem.STALE:
        return "The game has moved on since the view this move was made on; it was not played."
    return str(refused.reason)
