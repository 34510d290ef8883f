"""GameController: the Qt models of the game a session plays.

It sits on a :class:`~bigcity_desktop.session.GameSession` (a local game by
default; a network table or a tutorial alike) and has one job: it owns the
window's Qt models (players, hand, supply, log, score history), fills them
from the session's view with rows worded by :mod:`.presenters`, and
re-emits the session's signals for the window (``stateChanged``,
``actionApplied``, ``refused``, ...). Alongside, it draws the only possible
card by itself, and notes what the models see go by that the player's record
needs (whether the game ended at this window, which game it was).

It passes nothing through: everything else is asked where it is answered.
The game and its players of the session (``ctrl.session.view()``, the whole
game where the session holds it ``ctrl.session.full_state()``,
``ctrl.session.name(seat)``, ``ctrl.session.undo()``), the board's questions
of the session's seat view (``ctrl.session.seat_view().my_turn()``, a
Qt-free :class:`~bigcity_desktop.engine.seat.SeatView`), moves of
``ctrl.session.act(...)`` (the window's :class:`~.placing.Placing` words the
refusal); starting, opening and saving games of
:class:`~.starting.GameStarter` (``ctrl.starting``); the status line and the
results of :mod:`.presenters`; hints of :mod:`.hints`.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from bigcity_desktop.bots import BOTS, Bot
from bigcity_desktop.bots.levels import MENU_ORDER
from bigcity_desktop.engine import (
    DRAW_PHASES,
    Action,
    ActionKind,
    Event,
    GameState,
    get_rules,
)
from bigcity_desktop.engine.cards import Card, is_property_card, neighborhood_of
from bigcity_desktop.engine.rules import EDITIONS
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.i18n import translate
from bigcity_desktop.scene import style as S
from bigcity_desktop.session.base import GameSession
from bigcity_desktop.session.local import (
    TAKE_BACKS,
    TAKE_BACKS_ALLOWED,
    GameConfig,
    LocalSession,
    SeatConfig,
    take_back_marks,
)

from . import wording as presenters
from .botfaces import level_label
from .models import HandModel, LogModel, PlayersModel, ScoreHistoryModel, SupplyModel
from .pacing import pace
from .starting import DEFAULT_COLOURS, GameStarter
from .wording import sentence

__all__ = [
    "DEFAULT_COLOURS",
    "TAKE_BACKS",
    "TAKE_BACKS_ALLOWED",
    "GameConfig",
    "GameController",
    "SeatConfig",
    "take_back_marks",
]

DEFAULT_NAMES = ["You", "Bea", "Carl", "Dora", "Emil"]
#: the first seat's name when two or more people share the screen: no seat
#: is "you" then (German "Sie" read "Geben Sie den Bildschirm an den Spieler
#: „Sie“ zurück"); A as Bea, Carl, Dora and Emil go on B, C, D, E
HOT_SEAT_FIRST_NAME = "Anna"
#: more new log lines than this at once are shown by filling the log anew (a tree view
#: measures every row inserted, but only the rows in sight after a reset)
LOG_BURST = 20
#: the log's rows put before its first when it is scrolled to its top
LOG_PAGE_ROWS = 200


def default_name(seat: int, hot_seat: bool = False, own: str = "") -> str:
    """The New game dialog's name for a seat: for the first the player's own
    name `own` (game/core/playername.py; issue 46.6), without one "You" (in the
    player's language), or "Anna" where several people play at the screen."""
    if seat != 0:
        return DEFAULT_NAMES[seat]
    if own:
        return own
    return HOT_SEAT_FIRST_NAME if hot_seat else translate("GameController", "You")


# the New game menu: the levels from easiest up, the random player last
BOT_LEVELS = MENU_ORDER


def _event_count(view: GameState) -> int:
    """The game's events so far (a network seat's view holds the recent ones only)."""
    return view.events_from + len(view.events)


def stack_numbers() -> list[int]:
    """The stacks a bundled edition can have (the draw menu and buttons are
    made once, before any game): the neighborhood numbers of the rules."""
    return sorted({t for e in EDITIONS for t in get_rules(e).tiles})


def available_bots() -> dict[str, type[Bot]]:
    """Every bot level by name (the bots' registry)."""
    return dict(BOTS)


def kind_label(kind: str) -> str:
    if kind == SeatKind.HUMAN:
        return translate("GameController", "Human")
    if kind == "scripted":  # a seat a tutorial or a puzzle plays (session/scripted.py)
        return translate("GameController", "Lesson")
    label = translate("GameController", "Bot ({level})").format(level=level_label(kind))
    if kind not in available_bots():
        label += "*"
    return label


class GameController(QObject):
    """The window's Qt models of the game a session plays (see the module text)."""

    gameStarted = Signal()
    stateChanged = Signal()
    actionApplied = Signal(int, object)  # player, action
    refused = Signal(str)  # reason sentence
    message = Signal(str)  # status text
    botThinking = Signal(int)
    humanTurn = Signal(int)
    handoffRequested = Signal(int)  # hot-seat: pass the screen to this player
    viewerChanged = Signal()
    gameOver = Signal()
    autosaveFailed = Signal(str)  # once, when autosaving starts failing (the reason)
    autosaveRecovered = Signal()  # autosaving works again
    takenBack = Signal()  # undo or redo replaced the position
    sessionChanged = Signal()  # another session (a network table, a tutorial) now plays

    def __init__(
        self,
        parent: QObject | None = None,
        autosave: bool = True,
        saves_folder: Path | None = None,
        session: GameSession | None = None,
    ):
        super().__init__(parent)
        self.auto_draw = True
        self.players_model = PlayersModel(self)
        self.hand_model = HandModel(self)
        self.supply_model = SupplyModel(self)
        self.log_model = LogModel(self)
        self.history_model = ScoreHistoryModel(self)
        # a long game's log is filled a moment after the rest of the window
        # (set by the starter while a game read on a worker is taken over)
        self.log_later = False
        self._log_generation = 0
        self._ended_here = False
        self._game_token = ""
        self.session: GameSession = session or LocalSession(self, autosave=autosave, saves_folder=saves_folder)
        self.starting = GameStarter(self, self)  # new games, opened files, saving
        self._connect(self.session)

    # ------------------------------------------------------------------ the session
    def _connect(self, s: GameSession) -> None:
        s.started.connect(self._started)
        s.applied.connect(self._applied)
        s.replaced.connect(self._replaced)
        s.over.connect(self.gameOver)
        s.refused.connect(self._refused)
        s.message.connect(self.message)
        s.thinking.connect(self.botThinking)
        s.yourTurn.connect(self._your_turn)
        s.seatChanged.connect(self._seat_changed)
        s.handoffRequested.connect(self.handoffRequested)
        s.autosaveFailed.connect(self.autosaveFailed)
        s.autosaveRecovered.connect(self.autosaveRecovered)
        s.logExtended.connect(self.more_log)

    def use_session(self, session: GameSession) -> None:
        """Play another session from now on (a network table, a tutorial):
        the window, its models and its board follow it."""
        old = self.session
        if old is session:
            return
        old.close()
        for sig in (
            old.started,
            old.applied,
            old.replaced,
            old.over,
            old.refused,
            old.message,
            old.thinking,
            old.yourTurn,
            old.seatChanged,
            old.handoffRequested,
            old.autosaveFailed,
            old.autosaveRecovered,
        ):
            try:
                sig.disconnect()
            except (RuntimeError, TypeError):
                pass
        self.session = session
        self._connect(session)
        self.sessionChanged.emit()
        if session.has_game:
            self._started()

    def _started(self) -> None:
        self._ended_here = False
        self._game_token = secrets.token_hex(6)
        self._reset_models()
        self.gameStarted.emit()
        self.viewerChanged.emit()
        self.stateChanged.emit()

    def _applied(self, player: int, action: Action) -> None:
        self._ended_here = True  # a game that ends now ends by a move played at this window
        self._refresh_models()
        self.actionApplied.emit(player, action)
        self.stateChanged.emit()

    def _replaced(self) -> None:
        self._ended_here = False
        self._reset_models()
        self.takenBack.emit()
        self.stateChanged.emit()

    def _seat_changed(self) -> None:
        if not self.session.has_game:
            return
        self._refresh_hand(replace=True)
        self.supply_model.update(self._supply_rows())
        self.viewerChanged.emit()
        self.stateChanged.emit()

    def _refused(self, reason: object) -> None:
        text = sentence(str(reason) if not isinstance(reason, str) else reason)
        self.refused.emit(text)
        self.message.emit(text)

    def _your_turn(self, seat: int) -> None:
        self.humanTurn.emit(seat)
        v = self.session.view()
        if self.auto_draw and v is not None and v.phase in DRAW_PHASES:
            draws = v.legal_actions(ActionKind.DRAW)
            if len(draws) == 1:
                version = self.session.version
                QTimer.singleShot(0, lambda: self._auto_draw(version, draws[0]))

    def _auto_draw(self, version: int, action: Action) -> None:
        session = self.session
        if session.version == version and session.seat_view().my_turn():
            session.act(action)

    # ------------------------------------------------------------------ facts
    def _view(self) -> GameState:
        v = self.session.view()
        if v is None:
            raise RuntimeError("no game is running")
        return v

    def colour(self, seat: int) -> str:
        return S.player_colour(seat, self.session.players[seat].colour)

    def colours(self) -> list[str]:
        return [self.colour(i) for i in range(len(self.session.players))]

    def refuse(self, reason: str) -> str:
        """Tell the player why something cannot be done (status bar); changes nothing."""
        text = sentence(reason)
        self.refused.emit(text)
        self.message.emit(text)
        return text

    # ------------------------------------------------------------------ the player's record
    def finished_here(self) -> bool:
        """The game is over, and its last move was played at this window
        (not a finished game opened, resumed or redone): it goes into the
        players' record (Game → Statistics). Lessons and puzzles never do."""
        v = self.session.view()
        return self._ended_here and v is not None and v.is_over and not self.session.traits.scripted

    def record_seats(self) -> list[int]:
        """The seats whose record the game adds to: every human of a local
        game (hot-seat: each one), only the seat played here at a network table."""
        session = self.session
        if session.traits.leaves:
            seat = session.seat
            return [seat] if seat is not None and session.is_human(seat) else []
        return session.human_seats()

    def game_key(self) -> str:
        """Which game this is, for the record: a game finished again after a
        take-back (or after being resumed) replaces its entry."""
        saved = self.session.saved_game_id()
        if saved is not None:
            return f"slot-{saved}"
        return f"{self.session.kind.value}-{self._game_token}"

    # ------------------------------------------------------------------ models
    def _player_rows(self) -> list[dict]:
        return presenters.player_rows(self._view(), self.session.players, self.colour, kind_label)

    def _supply_rows(self) -> list[dict]:
        return presenters.supply_rows(self._view(), self.session.seat_view().buildable())

    def _log_rows(self, events: Iterable[Event]) -> list[tuple]:
        return list(presenters.log_lines(events, self.session.name, self.colour))

    def _hand_marks(self, cards: list[int]) -> tuple[set[int], set[int], dict[int, tuple[bool, int]], set[int]]:
        """What the hand shows of each card: useless ones; the lots not in the
        city yet; where each lot lies (the city centre or the outskirts, and
        how its neighborhood is turned); the park and factory cards with no
        place in the city now (no City Hall, or no free spot of their shape:
        they could only be offered face down in a redevelopment)."""
        view = self._view()
        city = view.city
        useless = {c for c in cards if view.is_useless(c)}
        absent = {c for c in cards if is_property_card(c) and not city.is_in_city(c)}
        turns = {t.number: t.rotation for t in city.tiles}
        places = {
            c: (c not in city.outskirts, turns.get(neighborhood_of(c), 0))
            for c in cards
            if is_property_card(c) and city.is_in_city(c)
        }
        blocked = {c for c in cards if c > 0 and Card(c).is_special and not view.card_playable(c)}
        return useless, absent, places, blocked

    def _refresh_hand(self, reset: bool = False, replace: bool = False) -> None:
        cards = self.session.seat_view().hand()
        useless, absent, places, blocked = self._hand_marks(cards)
        if reset:  # a new game
            self.hand_model.reset(self._view().rules, cards, useless, absent, places, blocked)
        elif replace:  # the hand of another player (hot-seat), or hidden
            self.hand_model.replace(cards, useless, absent, places, blocked)
        else:
            self.hand_model.update(cards, useless, absent, places, blocked)

    def _reset_models(self) -> None:
        s = self._view()
        self._log_generation += 1
        self.players_model.reset(self._player_rows())
        self._refresh_hand(reset=True)
        self.supply_model.reset(self._supply_rows())
        # a long game read on a worker, or a network table's whole view (a rejoin: issue 45.6):
        # the log is filled in a turn of its own, after the window's first look at the game is painted
        if self.log_later or self.session.traits.leaves:
            self.log_model.reset([], total=_event_count(s))
            generation = self._log_generation
            pace(self, ("log", id(self)), lambda: self._fill_log(generation))
        else:
            self._fill_log()
        self.history_model.reset([p.name for p in self.session.players], self.colours(), s.score_history)

    def _fill_log(self, generation: int | None = None) -> None:
        """The log's rows for the newest events (`generation`: the reset the
        fill was asked for; a later reset has filled its own)."""
        if generation is not None and (generation != self._log_generation or not self.session.has_game):
            return
        s = self._view()
        self.log_model.reset(self._log_rows(s.events[-self.log_model.limit :]), total=_event_count(s))

    def more_log(self) -> None:
        """The log was scrolled to its top: the events before its first row
        put before it, from the view; or asked for when the view does not
        hold them (a network seat's holds the recent ones: logExtended, which
        calls this again, says when they came)."""
        if not self.session.has_game:
            return
        s, before = self._view(), self.log_model.dropped
        if before <= 0 or before > _event_count(s):
            return
        if before <= s.events_from:
            self.session.earlier_events()
            return
        first = max(s.events_from, before - LOG_PAGE_ROWS)
        self.log_model.prepend(self._log_rows(s.events[first - s.events_from : before - s.events_from]))

    def recolour(self) -> None:
        """The palette changed: the tables, the log and the chart take the new colours."""
        if not self.session.has_game:
            return
        s = self._view()
        self.players_model.update(self._player_rows())
        self.log_model.reset(self._log_rows(s.events[-self.log_model.limit :]), total=_event_count(s))
        self.history_model.reset([p.name for p in self.session.players], self.colours(), s.score_history)
        self.stateChanged.emit()

    def _refresh_models(self) -> None:
        s = self._view()
        self.players_model.update(self._player_rows())
        self._refresh_hand()
        self.supply_model.update(self._supply_rows())
        # the log counts the game's events from its first; a network seat's view holds the recent ones only
        n, total, base = self.log_model.events_shown, _event_count(s), s.events_from
        if total > n + LOG_BURST or n < base:  # many at once (moves merged while the window was busy): anew
            # with the rows already worded kept: only the new events are worded
            first = max(base, total - self.log_model.limit)
            start = max(first, n) if first >= self.log_model.dropped else first
            kept = self.log_model.rows_since(first) if start > first else []
            rows = kept + self._log_rows(s.events[start - base :])
            self.log_model.reset(rows, total=total)
        elif total > n:
            self.log_model.extend(self._log_rows(s.events[n - base :]))
        m = self.history_model.rowCount()
        if len(s.score_history) > m:
            self.history_model.extend(s.score_history[m:])
