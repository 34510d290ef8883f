"""GameSession: the one interface between the game window and a game.

The window's presenter (:class:`~bigcity_desktop.game.core.controller.GameController`),
its models, its board and its panels know a game only through a session:
what the seat at the screen may see (:meth:`GameSession.view`, a player's
view of the engine's state), the board's questions for that seat answered
(:meth:`GameSession.seat_view`, a Qt-free
:class:`~bigcity_desktop.engine.seat.SeatView`), the players, acting
(:meth:`GameSession.act`, which checks a move once), and the signals below. Three kinds play it:

* :class:`~.local.LocalSession`: the engine in this process, with bots,
  hot-seat hand-offs, take-backs and the autosave;
* a network table (the server holds the game; the session holds the view it
  was sent and sends moves);
* a scripted tutorial (set positions and scripted replies).

A session never hands out more than the screen may know: in a network game
there is no full state on the client at all, and a local session's view of
a hot-seat game with nobody at the screen hides every hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from PySide6.QtCore import QObject, Signal

from bigcity_desktop.engine import Action, GameState
from bigcity_desktop.engine.record import LoadedGame, PlayerInfo
from bigcity_desktop.engine.seat import SeatView
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.i18n import elide, translate


class SessionKind(StrEnum):
    LOCAL = "local"  # the engine here: bots, hot-seat, take-backs, autosave
    NETWORK = "network"  # a table on a server
    TUTORIAL = "tutorial"  # a guided lesson


@dataclass(frozen=True, slots=True)
class SessionTraits:
    """What a kind of session can do, declared once by the class (as
    OpenSpiel's ``GameType`` declares a game's traits). The window reads
    these and never asks which kind of session it has."""

    holds_full_state: bool = False  # every hand and stack lives in this process
    starts_games: bool = False  # new games, opened files and set-up positions are played in it
    saves: bool = False  # the game can be written to a file here and is autosaved (a slot in Continue)
    takes_back: bool = False  # undo and redo may be offered
    leaves: bool = False  # a table kept elsewhere: one leaves it, the game goes on without this window
    hands_seat_to_bot: bool = False  # a human seat can be given to a bot mid-game
    pauses: bool = False  # the bots can be paused
    scripted: bool = False  # a lesson: its moves and replies are scripted


class GameSession(QObject):
    """The game as a window sees it. Subclasses implement the queries and
    :meth:`act`, and emit the signals; the defaults say "not offered"."""

    started = Signal()  # a game is in place (new, opened, joined): read everything afresh
    applied = Signal(int, object)  # (player, Action): a move was played
    replaced = Signal()  # the position was replaced (a take-back, a redo, a resync)
    over = Signal()  # the game has ended
    refused = Signal(object)  # a move was refused: the engine's sentence (a Msg, worded at the edge)
    message = Signal(str)  # a sentence for the status bar, in the player's language
    thinking = Signal(int)  # a bot's seat began to think
    yourTurn = Signal(int)  # the seat at the screen is to decide
    seatChanged = Signal()  # the seat at the screen changed (a hot-seat hand-off)
    handoffRequested = Signal(int)  # hot-seat: the screen should pass to this seat
    autosaveFailed = Signal(str)  # once, when autosaving starts failing (the reason)
    autosaveRecovered = Signal()  # autosaving works again
    statusChanged = Signal(str)  # the link to the game (a network session): "" when all is well
    logExtended = Signal()  # older events of the log came: the view holds them (earlier_events)

    kind: SessionKind = SessionKind.LOCAL
    traits: SessionTraits = SessionTraits()
    _seat_view: SeatView | None = None  # the last one handed out (its answers are cached)

    # ------------------------------------------------------------ the game
    @property
    def has_game(self) -> bool:
        return self.view() is not None

    def view(self) -> GameState | None:
        """The game as the screen may see it: the seat's view, or a view with
        every hand hidden when nobody (or a spectator) sits at the screen."""
        raise NotImplementedError

    @property
    def seat(self) -> int | None:
        """The seat at the screen (None: nobody, or the hand is hidden)."""
        raise NotImplementedError

    @property
    def players(self) -> list[PlayerInfo]:
        raise NotImplementedError

    @property
    def version(self) -> int:
        """A number that changes whenever the view may have changed (to cache by)."""
        raise NotImplementedError

    def name(self, seat: int) -> str:
        """A player's name for display (elided: at most 24 characters)."""
        return elide(self.players[seat].name)

    def is_bot(self, seat: int | None) -> bool:
        players = self.players
        return seat is not None and 0 <= seat < len(players) and players[seat].kind != SeatKind.HUMAN

    def is_human(self, seat: int | None) -> bool:
        players = self.players
        return seat is not None and 0 <= seat < len(players) and players[seat].kind == SeatKind.HUMAN

    def human_seats(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if p.kind == SeatKind.HUMAN]

    def waiting_for(self) -> str | None:
        """Before a game is in place, while one is coming (a network table
        whose seats are being taken): what the screen waits for, in a
        sentence for the hand's title. None: no game is coming."""
        return None

    @property
    def hot_seat(self) -> bool:
        """Two or more people share this screen."""
        return False

    @property
    def handoff_pending(self) -> int | None:
        """Hot-seat: the seat the screen waits for (its hand is hidden until then)."""
        return None

    @property
    def thinking_seat(self) -> int | None:
        """The bot thinking now, if any."""
        return None

    def turn_reason(self, seat: int | None = None) -> str | None:
        """Why the seat at the screen (or `seat`) may not act now, or None."""
        s = self.view()
        if s is None:
            return translate("GameController", "no game is running: start one with Game → New")
        if s.is_over:
            return translate("GameController", "the game is over")
        seat = self.seat if seat is None else seat
        cur = s.current_player
        if seat is None:
            if self.handoff_pending is not None:
                return translate("GameController", "the screen is waiting for {name}: show the hand first").format(
                    name=self.name(self.handoff_pending)
                )
            return translate("GameController", "it is {name}'s turn").format(name=self.name(cur))
        if seat != cur:
            if len(self.human_seats()) == 1:
                return translate("GameController", "it is {name}'s turn, not yours").format(name=self.name(cur))
            return translate("GameController", "it is {name}'s turn, not {other}'s").format(
                name=self.name(cur), other=self.name(seat)
            )
        if not self.is_human(seat):
            return translate("GameController", "{name} is a bot").format(name=self.name(seat))
        return None

    def seat_view(self) -> SeatView:
        """The board's questions (legal spots, the judgement of a spot, why
        not) for the seat at the screen, answered from the view as it is now:
        the same object, with its answers kept, until the view, the seat or
        the turn changes."""
        view, seat, version = self.view(), self.seat, self.version
        reason = self.turn_reason()
        sv = self._seat_view
        if sv is None or sv.view is not view or sv.version != version or sv.seat != seat or sv.turn_reason != reason:
            sv = self._seat_view = SeatView(view, seat, version, reason)
        return sv

    def act(self, action: Action) -> str | None:
        """Play `action` for the seat at the screen: None when it was played
        (or sent), else the reason it was refused (also sent as ``refused``)."""
        raise NotImplementedError

    def earlier_events(self) -> bool:
        """Ask for the log's events before the first the view holds (a
        network seat's view holds the recent ones only): True when they were
        asked for (``logExtended`` says when they came); False when the view
        holds the whole log."""
        return False

    def reveal_hand(self) -> None:
        """Hot-seat: the player the screen was passed to shows their hand."""

    def saved_game_id(self) -> str | None:
        """The id of the saved game (Game → Continue's slot) this session
        writes, if it writes one."""
        return None

    def final_record(self) -> LoadedGame | None:
        """The whole game with every hand, once the screen may see it (a
        finished game, or a game of bots only): for the replay viewer and the
        analysis. None while it is secret."""
        return None

    def full_state(self) -> GameState | None:
        """The whole game, where this session holds it (a local game): the
        position a saved file or a take-back is made from. None elsewhere."""
        return None

    # ------------------------------------------------------------ take-backs
    @property
    def allow_take_backs(self) -> bool:
        return False

    @property
    def take_backs(self) -> int:
        """How many times moves were taken back in this game."""
        return 0

    def undo_reason(self) -> str | None:
        """Why Undo cannot be used now, or None."""
        return translate("GameSession", "take-backs are off in this game")

    def undo(self) -> str | None:
        reason = self.undo_reason() or translate("GameSession", "there is nothing to take back")
        self.refused.emit(reason)
        return reason

    def can_redo(self) -> bool:
        return False

    def redo(self) -> str | None:
        reason = translate("GameSession", "there is nothing to redo")
        self.refused.emit(reason)
        return reason

    # ------------------------------------------------------------ running
    @property
    def bot_delay_ms(self) -> int:
        return 0

    @bot_delay_ms.setter
    def bot_delay_ms(self, ms: int) -> None:
        """How long a bot's move is shown before the next (where bots run here)."""

    def set_paused(self, paused: bool) -> None:
        """Stop (or let go on) the bots that play here."""

    @property
    def hurried(self) -> bool:
        """Moves come faster than the window could show them moving (a
        network seat whose server sends faster than the window takes): the
        window shows them without motion."""
        return False

    def paint_turn(self, paint: Callable[[], None], busy: Callable[[], bool] = lambda: False) -> None:
        """Run `paint` (the board following the view) when this session's
        pace allows: at once here; a network seat runs it in the board's turn
        of the frame it paints, and ends the frame once `busy` is false
        (session/remote.py: RemoteSession._take)."""
        paint()

    def stop(self) -> None:
        """Schedule nothing more (bots stop; the game stays as it is)."""

    def close(self) -> None:
        """The window closes or plays another session: let go of the game
        (its autosave stays in Game → Continue; a network seat is left)."""
        self.stop()
