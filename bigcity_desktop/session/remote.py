"""RemoteSession: a seat at a table of a network server.

The server holds the game; this session holds only the view it was sent
(``state.view_for(seat)``, rebuilt from JSON by the client core of
:mod:`bigcity_desktop.net.client`), checks a move on it before sending it
(so most mistakes are explained at once, in the player's language), and
turns the client's events into the signals every session has. The client
runs on its own thread (:class:`~bigcity_desktop.net.client.ClientThread`)
and puts its events into an inbox (:class:`~bigcity_desktop.net.inbox.EventInbox`)
that coalesces them (the latest view wins; chat lines wait in a capped
line); one queued signal says something came, and the GUI thread takes what
came one frame at a time (:mod:`.frames`: the take, the models' paint, the
board's following and paint, each in a turn of its own with rests between),
so the window never waits for the network however fast a server sends.

A seat's token is remembered (QSettings, per server and table), so a player
who closes the app comes back to the same seat later; the client reconnects
by itself after a drop and the session says so (``statusChanged``). The last
seat taken is kept as a whole (:class:`KeptSeat`: the server, the table, the
seat and its token; :mod:`.keptseat`) until its game ends or the seat is left, so that the
window offers to rejoin it at start and in Game → Continue.
"""

from __future__ import annotations

import contextlib
import hashlib
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QObject, QSettings, Signal

from bigcity_desktop.engine import Action, GameState
from bigcity_desktop.engine.fairdeal import DealVerdict
from bigcity_desktop.engine.record import LoadedGame, PlayerInfo
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.i18n import QT_TRANSLATE_NOOP, engine_text, translate
from bigcity_desktop.net import client as net
from bigcity_desktop.net.inbox import EventInbox
from bigcity_desktop.net.protocol import TableInfo

from .base import GameSession, SessionKind, SessionTraits
from .frames import Frames
from .keptseat import KeptSeat, forget_kept_seat, keep_seat, kept_seat
from .playerkey import player_key
from .secretfile import get_secret, set_secret_soon

#: how a refusal's code reads in the player's language (else the server's own sentence)
_REFUSALS = {
    "not_your_turn": QT_TRANSLATE_NOOP("RemoteSession", "it is not your turn"),
    "stale": QT_TRANSLATE_NOOP("RemoteSession", "the game moved on before your move arrived: look again and choose"),
    "offline": QT_TRANSLATE_NOOP("RemoteSession", "the connection to the table is closed"),
    "spectator": QT_TRANSLATE_NOOP("RemoteSession", "spectators watch; they do not play"),
    "host": QT_TRANSLATE_NOOP("RemoteSession", "only the host of the table can do that"),
    "full": QT_TRANSLATE_NOOP("RemoteSession", "every seat of this table is taken"),
    "started": QT_TRANSLATE_NOOP("RemoteSession", "the game at this table has begun"),
    "rate": QT_TRANSLATE_NOOP("RemoteSession", "too many messages at once: wait a moment"),
    "clock": QT_TRANSLATE_NOOP(
        "RemoteSession",
        "your time ran out: a bot plays your seat now, and the game counts as a loss for you "
        "(Take my seat back, in the table's dock, gives it back to you)",
    ),
    "bot": QT_TRANSLATE_NOOP("RemoteSession", "a bot plays your seat since your time ran out: take it back first"),
    "paused": QT_TRANSLATE_NOOP("RemoteSession", "the table is paused: nobody moves until a player resumes the game"),
}

SEATS_KEY = "net/seats"  # QSettings group: a hash of (address, table) -> "seat:token"

#: the refusals of a rejoin that mean the seat is gone for good
_SEAT_GONE = {
    "no_table": QT_TRANSLATE_NOOP(
        "RemoteSession", "{table} is no longer at {address}, so your seat there is forgotten."
    ),
    # the token no longer opens the seat: it went to a bot, or the table holds another game now (no guess which)
    "token": QT_TRANSLATE_NOOP("RemoteSession", "{address} no longer keeps your seat at {table}, so it is forgotten."),
    "seat": QT_TRANSLATE_NOOP("RemoteSession", "{address} no longer keeps your seat at {table}, so it is forgotten."),
}


#: chat lines a take hands to the window at most (more wait for the next take)
CHAT_PER_TAKE = 25


class _Bridge(QObject):
    """Lives on the GUI thread: the client thread says something came, the GUI thread takes it."""

    arrived = Signal()


def _waker(bridge: _Bridge) -> Callable[[], None]:
    """The inbox's wake (called on the client thread). It holds the bridge
    itself, so that a connection a closed dialog dropped wakes nothing
    instead of a deleted object."""

    def wake() -> None:
        with contextlib.suppress(RuntimeError):  # the bridge's Qt side is gone with the app
            bridge.arrived.emit()

    return wake


def deal_words(deal: DealVerdict) -> str:
    """The check of a finished game's deal (engine/fairdeal.py) in the player's words."""
    if deal.verified:
        return translate(
            "RemoteSession",
            "Fair deal verified: the server committed to the game's seed before it began, and that seed gives "
            "every card you were dealt and drew.",
        )
    why = engine_text(deal.problem) if deal.problem is not None else ""
    return translate("RemoteSession", "Warning: the deal could not be verified: {reason}.").format(reason=why)


class RemoteSession(GameSession):
    """A seat (or a spectator's place) at a network table."""

    kind = SessionKind.NETWORK
    traits = SessionTraits(leaves=True)

    tableChanged = Signal(object)  # the table (a TableInfo): seats, names, who is here, status
    lobbyUpdated = Signal(object)  # tuple[TableInfo, ...]: the server's tables
    chatReceived = Signal(object, int)  # tuple[net.client.ChatReceived, ...], lines dropped unread before them
    gameEnded = Signal()  # the whole record is here (final_record)
    leftTable = Signal(str)  # no longer at the table: why
    rejoinFailed = Signal(str)  # a kept seat cannot be sat in again: one sentence (the seat is forgotten)

    def __init__(
        self,
        address: str,
        name: str,
        parent: QObject | None = None,
        settings: QSettings | None = None,
        client_factory: Callable[..., Any] = net.ClientThread,
        **client_options: Any,
    ) -> None:
        super().__init__(parent)
        self.address = net.parse_address(address)  # AddressError with a sentence
        self.player_name = name
        self.settings = settings
        self.table: TableInfo | None = None
        self.state = net.ConnectionState.CONNECTING
        self._view: GameState | None = None
        self._seat: int | None = None
        self._at = 0
        self._version = 0
        self._record: LoadedGame | None = None
        self._started = False
        self._over_told = False
        self._token: str | None = None
        self._rejoining: KeptSeat | None = None
        self._rejoin_on_connect = False
        self.hosted_port = 0  # the table's server is this app's own (Game → Host), on this port
        # the table a link invited this player to, and its invitation secret (a private table's way in)
        self.invited: tuple[str, str] | None = None
        self.invite = ""  # the invitation secret of the table this player sits at (for the link that brings others)
        self._bridge = _Bridge()
        self._inbox = EventInbox(_waker(self._bridge))
        self._merged = 0  # the inbox's merges counted at the last take
        # the window takes what came one frame at a time (session/frames.py)
        self._frames = Frames(self._take, self._inbox.working, self)
        self._bridge.arrived.connect(self._frames.wake)
        if settings is not None and client_factory is net.ClientThread:  # who this player is (session/playerkey.py)
            client_options.setdefault("player_key", player_key(settings.fileName()))
            client_options.setdefault("player_name", name)
        self.client = client_factory(self.address, self._inbox.put, hold=self._inbox.window_busy, **client_options)
        self.client.start()

    # ------------------------------------------------------------ the table
    def list_tables(self) -> int:
        """The server's public tables, and the one a link invited this player to."""
        table, invite = self.invited or (None, None)
        return int(self.client.list_tables(table, invite) if table is not None else self.client.list_tables())

    def create_table(
        self,
        seats: Sequence[str],
        *,
        edition: str | None = "original",
        rules: str | None = None,
        title: str = "",
        public: bool | None = None,
        clock: str | None = None,
    ) -> int:
        """Open a table; this player takes its first seat (the host's).
        `public`: listed for everyone, or reached only by its link (None: as the server says).
        `clock`: a time control (net/clocks.py), None for none."""
        return int(
            self.client.create(
                self.player_name,
                list(seats),
                edition=edition,
                rules=rules,
                title=title or None,
                public=public,
                clock=clock,
            )
        )

    def play_now(self, players: int, edition: str = "original", rated: bool = False, clock: str | None = None) -> int:
        """Quick match on a --public server: a seat at a table of `players`
        with people of similar rating who chose the same `clock` (a time
        control of net/clocks.py; None: none) (bots fill it after the server's wait)."""
        return int(self.client.play_now(self.player_name, players, edition, rated, clock))

    def _invite_to(self, table: str) -> str | None:
        return self.invited[1] if self.invited is not None and self.invited[0] == table else None

    def join(self, table: str, seat: int | None = None) -> int:
        """Sit at a table: back in one's own seat when a token is remembered."""
        remembered = self._remembered(table)
        if remembered is not None:
            return int(self.client.rejoin(table, remembered[0], remembered[1]))
        invite = self._invite_to(table)
        if invite is None:
            return int(self.client.join(table, self.player_name, seat))
        return int(self.client.join(table, self.player_name, seat, invite))

    def rejoin(self, kept: KeptSeat) -> int:
        """Sit in a kept seat again (the app was closed mid-game); if the
        server or the seat is gone, ``rejoinFailed`` says so and the seat is
        forgotten."""
        self._rejoining = kept
        self._token = kept.token
        self.hosted_port = kept.hosted_port
        if self.state == net.ConnectionState.CLOSED:  # the server could not be reached at all
            self._unreachable(kept)
            return 0
        if self.state != net.ConnectionState.CONNECTED:
            # asked for once connected: a client that knows its seat before the
            # server's welcome asks for it again by itself, and the second ask was refused
            self._rejoin_on_connect = True
            return 0
        return self._send_rejoin(kept)

    def _send_rejoin(self, kept: KeptSeat) -> int:
        self._rejoin_on_connect = False
        try:
            return int(self.client.rejoin(kept.table, kept.seat, kept.token))
        except RuntimeError:  # the client closed a moment ago: its last event (closed) is on its way
            return 0

    def spectate(self, table: str) -> int:
        invite = self._invite_to(table)
        return int(self.client.spectate(table) if invite is None else self.client.spectate(table, invite))

    def start_game(self) -> int:
        return int(self.client.start_game())

    def chat(self, text: str) -> int:
        return int(self.client.chat(text))

    def take_seat(self) -> int:
        """Your seat back from the bot that took it when your time ran out."""
        return int(self.client.take_seat())

    def report(self, seat: int, reason: str) -> int:
        """Tell the server's operator about the player in `seat` at this table."""
        return int(self.client.report(seat, reason))

    def hand_to_bot(self, seat: int, level: str = "easy", after: float = 0.0) -> int:
        return int(self.client.hand_to_bot(seat, level, after))

    def publish(self, public: bool) -> int:
        """Host only: the table listed on the network (True) or reached by its link only (False)."""
        return int(self.client.publish(public))

    def leave(self) -> int:
        """Leave the table for good (the seat's token is forgotten)."""
        if self.table is not None:
            self._forget(self.table.id)
            forget_kept_seat(self.settings, self.address, self.table.id)
        return int(self.client.leave())

    @property
    def is_host(self) -> bool:
        return self.table is not None and self._seat is not None and self.table.host == self._seat

    def kept(self) -> KeptSeat | None:
        """This table's seat as kept for a rejoin (None: none kept, or another table's)."""
        k = kept_seat(self.settings)
        t = self.table
        return k if k is not None and t is not None and (k.address, k.table) == (self.address, t.id) else None

    def waiting_for(self) -> str | None:
        t = self.table
        if self._view is not None:
            return None
        if t is None:
            if self.state == net.ConnectionState.CLOSED:
                return None
            return translate("RemoteSession", "Joining the table…")
        if t.status == "playing":  # joined or watching: the whole view is on its way
            return translate("RemoteSession", "The game at the table is on its way…")
        if t.status != "lobby":
            return None
        free = sum(1 for s in t.seats if s.kind == SeatKind.HUMAN and s.name is None)
        if free == 1:
            return translate("RemoteSession", "<b>Waiting for players…</b> 1 seat is free.")
        if free:
            return translate("RemoteSession", "<b>Waiting for players…</b> {n} seats are free.").format(n=free)
        if self.is_host:
            return translate("RemoteSession", "<b>Every seat is taken</b>: Start the game in the Network table.")
        host = t.seats[t.host].name if 0 <= t.host < len(t.seats) else None
        return translate("RemoteSession", "<b>Waiting for {name}</b> to start the game…").format(
            name=host or translate("RemoteSession", "the host")
        )

    # ------------------------------------------------------------ the game
    def view(self) -> GameState | None:
        return self._view

    @property
    def seat(self) -> int | None:
        return self._seat

    @property
    def players(self) -> list[PlayerInfo]:
        if self.table is None:
            return []
        return [
            PlayerInfo(
                s.name or translate("RemoteSession", "(free seat)"),
                SeatKind.HUMAN if s.kind == SeatKind.HUMAN else (s.level or "easy"),
            )
            for s in self.table.seats
        ]

    @property
    def version(self) -> int:
        return self._version

    def act(self, action: Action) -> str | None:
        reason = self.turn_reason()
        v = self._view
        if reason is None and v is not None:
            reason = v.check(action, v.current_player)
        if reason is None and self.state != net.ConnectionState.CONNECTED:
            reason = translate(
                "RemoteSession", "the table cannot be reached now: play the move again when the link is back"
            )
        if reason is not None:
            self.refused.emit(reason)
            return reason
        self.client.act(action, at=self._at)
        return None

    def final_record(self) -> LoadedGame | None:
        return self._record

    def undo_reason(self) -> str | None:
        return translate("RemoteSession", "take-backs are off in network games")

    def stop(self) -> None:
        """Nothing runs here: the server's bots play on the server."""

    def close(self) -> None:
        """The window closes or plays something else: the connection closes,
        the seat stays ours (its token is remembered) until we leave. What
        came and was not taken yet is dropped."""
        self._inbox.close()
        self._frames.close()
        self.client.stop_soon()

    @property
    def hurried(self) -> bool:
        """The server sends faster than the window takes (session/frames.py):
        the window shows the moves without motion."""
        return self._frames.hurried

    def paint_turn(self, paint: Callable[[], None], busy: Callable[[], bool] = lambda: False) -> None:
        """`paint` in the board's turn of the frame under way (session/frames.py), or at once."""
        self._frames.paint_turn(paint, busy)

    # ------------------------------------------------------------ events
    def _take(self) -> bool:
        """Take what came (coalesced by the inbox: the latest view wins) and
        act on it: a frame's first stage (session/frames.py). Whether views
        were merged or more waits (the server sends faster than the window takes)."""
        batch = self._inbox.take(CHAT_PER_TAKE)
        merged, self._merged = self._inbox.merged - self._merged, self._inbox.merged
        for ev in batch.events:
            self._on_event(ev)
        if batch.chat or batch.dropped_chat:
            self.chatReceived.emit(batch.chat, batch.dropped_chat)
        return merged > 0 or batch.more

    def _on_event(self, ev: object) -> None:
        react = _REACTIONS.get(type(ev))
        if react is not None:
            react(self, ev)

    def _table_changed(self, ev: net.TableChanged) -> None:
        self.table = ev.table
        self._seat = ev.you
        self._keep()
        self.tableChanged.emit(ev.table)
        if self._view is not None:
            self._version += 1
            self.seatChanged.emit()

    def _seat_assigned(self, ev: net.SeatAssigned) -> None:
        self._seat = ev.seat
        self._token = ev.token
        self.invite = ev.invite
        self._rejoining = None
        self._remember(ev.table, ev.seat, ev.token)
        self._keep()
        self.seatChanged.emit()

    def _connection_changed(self, ev: net.ConnectionChanged) -> None:
        self.state = ev.state
        self.statusChanged.emit(self._status(ev))
        kept = self._rejoining
        if kept is not None and ev.state == net.ConnectionState.CLOSED:
            self._unreachable(kept)
        elif kept is not None and ev.state == net.ConnectionState.CONNECTED and self._rejoin_on_connect:
            self._send_rejoin(kept)

    def _unreachable(self, kept: KeptSeat) -> None:
        self._rejoin_failed(
            translate(
                "RemoteSession", "{table} at {address} cannot be reached, so your seat there is forgotten."
            ).format(table=kept.title, address=kept.address.removeprefix("ws://"))
        )

    def _chat_received(self, ev: net.ChatReceived) -> None:
        self.chatReceived.emit((ev,), 0)

    def _lobby_update(self, ev: net.LobbyUpdate) -> None:
        self.lobbyUpdated.emit(ev.tables)

    def _refusal(self, ev: net.Refusal) -> None:
        words = _REFUSALS.get(ev.code)
        self.refused.emit(translate("RemoteSession", words) if words else ev.reason)
        if ev.code == "token" and self.table is not None:
            self._forget(self.table.id)
        kept = self._rejoining
        gone = _SEAT_GONE.get(ev.code)
        if kept is not None and gone is not None:
            self._forget(kept.table)
            self._rejoin_failed(
                translate("RemoteSession", gone).format(table=kept.title, address=kept.address.removeprefix("ws://"))
            )

    def _rejoin_failed(self, text: str) -> None:
        kept, self._rejoining = self._rejoining, None
        if kept is not None:
            forget_kept_seat(self.settings, kept.address, kept.table)
        self.rejoinFailed.emit(text)

    def _game_ended(self, ev: net.GameEnded) -> None:
        self._record = ev.game
        forget_kept_seat(self.settings, self.address, ev.table)  # nothing to come back to
        self.gameEnded.emit()
        if ev.error:
            self.message.emit(
                translate("RemoteSession", "The game's record did not arrive whole: {reason}").format(reason=ev.error)
            )
        if ev.deal is not None:
            self.message.emit(deal_words(ev.deal))

    def _left_table(self, ev: net.LeftTable) -> None:
        self.leftTable.emit(ev.reason)

    def _view_update(self, ev: net.ViewUpdate) -> None:
        first = self._view is None or not self._started
        old, self._view = self._view, ev.view
        self._at = ev.at
        self._version += 1
        if first:
            self._started = True
            self.started.emit()
            self.seatChanged.emit()
        elif ev.full and old is not None and _continues(old, ev.view):
            # a whole view of the same game some moves on (a resync, views merged while the window
            # was busy): the window adds what is new instead of reading everything afresh
            self.applied.emit(ev.view.actors[-1], ev.view.history[-1])
        elif ev.full:
            self.replaced.emit()  # another game, or a take-back: read everything afresh
        elif ev.action is not None:
            self.applied.emit(ev.by if ev.by is not None else -1, ev.action)
        v = ev.view
        if v.is_over:
            forget_kept_seat(self.settings, self.address, ev.table)
            if not self._over_told:
                self._over_told = True
                self.over.emit()
            return
        if self._seat is not None and v.current_player == self._seat:
            self.yourTurn.emit(self._seat)
        elif self.is_bot(v.current_player):
            self.thinking.emit(v.current_player)

    def earlier_events(self) -> bool:
        return self.client.earlier_events() is not None

    def _status(self, ev: net.ConnectionChanged) -> str:
        s = ev.state
        if s == net.ConnectionState.CONNECTED:
            return ""
        if s == net.ConnectionState.CONNECTING:
            return translate("RemoteSession", "connecting to {address}…").format(address=self.address)
        if s == net.ConnectionState.RECONNECTING:
            return translate("RemoteSession", "reconnecting… (the table waits; attempt {n})").format(n=ev.attempt)
        return translate("RemoteSession", "disconnected from the table: {reason}").format(
            reason=engine_text(ev.reason) if ev.reason else translate("RemoteSession", "the connection closed")
        )

    # ------------------------------------------------------------ the seat's token
    def _key(self, table: str) -> str:
        tag = hashlib.sha256(f"{self.address}\0{table}".encode()).hexdigest()[:24]
        return f"{SEATS_KEY}/{tag}"

    def _remember(self, table: str, seat: int, token: str) -> None:
        """The seat in the settings, its token in the owner's file (session/secretfile.py,
        written on its writer thread: the disk's sync never holds the window)."""
        if self.settings is not None:
            set_secret_soon(self.settings.fileName(), self._key(table), token)
            self.settings.setValue(self._key(table), str(seat))

    def _remembered(self, table: str) -> tuple[int, str] | None:
        if self.settings is None:
            return None
        key = self._key(table)
        v = self.settings.value(key)
        if isinstance(v, str) and ":" in v:  # an older version's "seat:token": the token moves to the file
            seat, old = v.split(":", 1)
            if seat.isdigit() and old:
                self._remember(table, int(seat), old)
            v = seat
        token = get_secret(self.settings.fileName(), key)
        if not isinstance(v, (str, int)) or not str(v).isdigit() or not token:
            return None
        return int(v), token

    def _forget(self, table: str) -> None:
        if self.settings is not None:
            self.settings.remove(self._key(table))
            set_secret_soon(self.settings.fileName(), self._key(table), None)

    def _keep(self) -> None:
        """The seat taken is kept (for a rejoin after the app was closed)
        while its game goes on."""
        t, seat, token = self.table, self._seat, self._token
        if self.settings is None or t is None or seat is None or token is None or t.status == "over":
            return
        kept = KeptSeat(
            self.address,
            t.id,
            seat,
            token,
            self.player_name,
            t.title,
            t.rules_title,
            len(t.seats),
            self.hosted_port,
            time.time(),
        )
        old = kept_seat(self.settings)
        if old is not None and (old.address, old.table, old.seat, old.token) == (kept.address, kept.table, seat, token):
            kept = replace(kept, unknown=old.unknown)  # what a newer app kept with the seat stays
        if old is None or replace(old, when=kept.when) != kept or kept.when - old.when > 60:
            keep_seat(self.settings, kept)


def _continues(old: GameState, new: GameState) -> bool:
    """`new` is `old`'s game, some moves on: the same seats and viewer, and
    its logs go on from old's (the last entry old has of each is in new at
    its place; the events counted from the game's first, as a view may hold
    the recent ones only, and the actions likewise)."""
    h, e = old.moves, old.events_from + len(old.events)
    if (old.n, old.viewer, old.names) != (new.n, new.viewer, new.names):
        return False
    if not (h < new.moves and e <= new.events_from + len(new.events)):
        return False
    if len(old.score_history) > len(new.score_history) or (e and e - 1 < new.events_from):
        return False  # (the new view's events begin after old's last: nothing to compare it with)
    if h and h - 1 < new.history_from:
        return False  # (likewise its actions)
    if old.scores_from != new.scores_from:
        return False  # (the score chart holds the score history from the old view's first: read it afresh)
    last = old.events[-1:] == new.events[e - 1 - new.events_from : e - new.events_from] if e else True
    h0, h1 = h - 1 - old.history_from, h - 1 - new.history_from
    return (old.history[h0 : h0 + 1] == new.history[h1 : h1 + 1] if h else True) and last


def _earlier_events(session: RemoteSession, ev: net.EarlierEvents) -> None:
    """Older events of the log came: the view (the client's latest) holds them."""
    if session._view is not None:
        session._view = ev.view
        session.logExtended.emit()


#: what the session does with each event of its client (any other is not for it)
_REACTIONS: dict[type, Callable[[RemoteSession, Any], None]] = {
    net.ViewUpdate: RemoteSession._view_update,
    net.EarlierEvents: _earlier_events,
    net.TableChanged: RemoteSession._table_changed,
    net.SeatAssigned: RemoteSession._seat_assigned,
    net.ConnectionChanged: RemoteSession._connection_changed,
    net.ChatReceived: RemoteSession._chat_received,
    net.LobbyUpdate: RemoteSession._lobby_update,
    net.Refusal: RemoteSession._refusal,
    net.GameEnded: RemoteSession._game_ended,
    net.LeftTable: RemoteSession._left_table,
}
