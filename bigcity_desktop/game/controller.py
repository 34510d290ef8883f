"""GameController: the presentation of a game that the window reads.

It sits on a :class:`~bigcity_desktop.session.GameSession` (a local game by
default; a network table or a tutorial alike) and knows the game only
through it: the seat's view (``session.view()``), the players, ``act`` and
the session's signals. From the view it keeps the Qt models up to date with
rows worded by :mod:`.presenters`, answers the window's questions (where a
building may go, what the hand holds, whose turn it is), draws the only
possible card by itself, and thinks out hints from the player's own view.

Widgets act only through the public methods here (``act`` and the
convenience wrappers ``build``, ``place_tile``, ``place_streetcar``, ...)
and read the game through the queries (``rules``, ``phase``, ``city``,
``turn_text()``, ...); every refusal is the engine's reason sentence, sent
through ``message`` and returned, and changes nothing. Starting, opening
and saving a game belong to the local session (``ctrl.local``).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from bigcity_desktop.bots import BOTS, Bot
from bigcity_desktop.bots.hint import hint
from bigcity_desktop.bots.levels import MENU_ORDER, PLAYER_KINDS
from bigcity_desktop.engine import (
    DRAW_PHASES,
    Action,
    ActionKind,
    Build,
    Draw,
    Event,
    Exchange,
    GameState,
    Offer,
    Pass,
    Phase,
    PlaceStreetcar,
    PlaceTile,
    StopStreetcars,
    Take,
    get_rules,
)
from bigcity_desktop.engine.cards import Card, is_property_card, neighborhood_of
from bigcity_desktop.engine.city import City, Judgement, footprint
from bigcity_desktop.engine.record import LoadedGame, PlayerInfo, RecordError, read_record, write_record
from bigcity_desktop.engine.rules import EDITIONS
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.i18n import translate
from bigcity_desktop.scene import style as S
from bigcity_desktop.session import worker
from bigcity_desktop.session.base import GameSession, SessionKind
from bigcity_desktop.session.local import (
    TAKE_BACKS,
    TAKE_BACKS_ALLOWED,
    GameConfig,
    LocalSession,
    SeatConfig,
    take_back_marks,
)
from bigcity_desktop.session.saves import SaveSlot

from . import presenters
from .botfaces import level_label
from .models import HandModel, LogModel, PlayersModel, ScoreHistoryModel, SupplyModel
from .presenters import sentence

__all__ = [
    "TAKE_BACKS",
    "TAKE_BACKS_ALLOWED",
    "GameConfig",
    "GameController",
    "SeatConfig",
    "take_back_marks",
]

DEFAULT_COLOURS = list(S.PALETTES["standard"])
DEFAULT_NAMES = ["You", "Bea", "Carl", "Dora", "Emil"]
#: a long game's log comes this long after the rest of its window (ms)
LOG_LATER_MS = 30


def default_name(seat: int) -> str:
    """The New game dialog's name for a seat: "You" (in the player's language) for the first."""
    return translate("GameController", "You") if seat == 0 else DEFAULT_NAMES[seat]


# the New game menu: the levels from easiest up, the random player last
BOT_LEVELS = MENU_ORDER


def stack_numbers() -> list[int]:
    """The stacks a bundled edition can have (the draw menu and buttons are
    made once, before any game): the neighborhood numbers of the rules."""
    return sorted({t for e in EDITIONS for t in get_rules(e).tiles})


def available_bots() -> dict[str, type[Bot]]:
    """Every bot level by name (the bots' registry)."""
    return dict(BOTS)


def hint_function() -> Callable[..., tuple[Action, str]] | None:
    """The hint function (a function, so that tests can stand in for it)."""
    return hint


def default_config() -> GameConfig:
    """The New game dialog's first setup: you against two medium bots, original edition."""
    return GameConfig(
        "original",
        [
            SeatConfig(DEFAULT_NAMES[0], SeatKind.HUMAN, DEFAULT_COLOURS[0]),
            SeatConfig(DEFAULT_NAMES[1], "medium", DEFAULT_COLOURS[1]),
            SeatConfig(DEFAULT_NAMES[2], "medium", DEFAULT_COLOURS[2]),
        ],
    )


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
    """The window's presenter of the game a session plays (see the module text)."""

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
    hintReady = Signal(object, object)  # the action, its reason (a Msg: translated where shown)
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
        self._cache: dict = {}
        self._cache_version = -1
        self._log_later = False
        self._log_generation = 0
        self._hint_signals = worker.WorkerSignals(self)
        self._hint_signals.done.connect(self._hint_done)
        self._hint_signals.failed.connect(self._hint_failed)
        self._ended_here = False
        self._game_token = ""
        self.session: GameSession = session or LocalSession(self, autosave=autosave, saves_folder=saves_folder)
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

    @property
    def local(self) -> LocalSession:
        """The local session (starting, opening and saving games); RuntimeError elsewhere."""
        if not isinstance(self.session, LocalSession):
            raise RuntimeError("this game is not played here: it cannot be started, saved or opened from this window")
        return self.session

    @property
    def is_local(self) -> bool:
        return isinstance(self.session, LocalSession)

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
        if not self.has_game:
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
        v = self.view
        if self.auto_draw and v is not None and v.phase in DRAW_PHASES:
            draws = v.legal_actions(ActionKind.DRAW)
            if len(draws) == 1:
                version = self.session.version
                QTimer.singleShot(0, lambda: self._auto_draw(version, draws[0]))

    def _auto_draw(self, version: int, action: Action) -> None:
        if self.session.version == version and self.my_turn():
            self.act(action)

    # ------------------------------------------------------------------ local games
    def new_game(self, config: GameConfig) -> None:
        """A new local game (ValueError when the rules do not allow the setup)."""
        seats = [
            SeatConfig(s.name, s.kind, s.colour or DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)])
            for i, s in enumerate(config.seats)
        ]
        self._play_here()
        self.local.new_game(replace(config, seats=seats))

    def load_game(self, path: str | Path) -> list[str]:
        """Open a saved game; RecordError (with a clear sentence) leaves everything as it was."""
        return self.start_loaded(read_record(path, player_kinds=PLAYER_KINDS))

    def start_loaded(
        self, game: LoadedGame, slot: SaveSlot | None = None, known: tuple[int, list[Action]] | None = None
    ) -> list[str]:
        """Play on from a LoadedGame (read here or by a loading worker; from a
        slot of Game → Continue, which goes on being written; `known`: the
        seat at the screen and its view's history, worked out by the worker)."""
        self._play_here()
        # a game read on a worker is long: its log is filled a moment after the
        # rest of the window, so the two are drawn in two short stops, not one
        self._log_later = known is not None
        try:
            warnings = self.local.start_loaded(self._coloured(game), slot=slot, known=known)
        finally:
            self._log_later = False
        for w in warnings:
            self.message.emit(sentence(w))
        return warnings

    def resume(self, game: LoadedGame, slot: SaveSlot | None = None) -> None:
        self._play_here()
        self.local.start_loaded(self._coloured(game), slot=slot)

    def start_from_state(self, state: GameState, players: list[PlayerInfo]) -> None:
        """Take over a game already under way (a replayed record, a test position)."""
        self._play_here()
        self.local.start_from_state(
            state,
            [
                PlayerInfo(p.name, p.kind, p.colour or DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)])
                for i, p in enumerate(players)
            ],
        )

    def _play_here(self) -> None:
        """A game of this computer's own replaces a network table or a lesson."""
        if not self.is_local:
            self.use_session(LocalSession(self))

    @staticmethod
    def _coloured(game: LoadedGame) -> LoadedGame:
        players = [
            PlayerInfo(p.name, p.kind, p.colour or DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)])
            for i, p in enumerate(game.players)
        ]
        return replace(game, players=players)

    def save_game(self, path: str | Path) -> None:
        if not self.is_local:
            record = self.session.final_record()
            if record is None:
                raise RecordError(translate("GameController", "this game is kept by the table's server, not here"))
            write_record(path, record.state, record.players, record.extra)
            return
        self.local.save_game(path)

    @property
    def autosave_path(self) -> Path:
        return self.local.autosave_path

    # ------------------------------------------------------------------ facts
    @property
    def view(self) -> GameState | None:
        """The game as the screen may see it (the session's view)."""
        return self.session.view()

    @property
    def state(self) -> GameState | None:
        """The whole game where the session holds it (a local game), else the view."""
        return self.session.full_state() or self.session.view()

    @property
    def game(self) -> GameState:
        """The game under way (as :attr:`state`), for code that runs only while there is one."""
        s = self.state
        if s is None:
            raise RuntimeError("no game is running")
        return s

    @property
    def _view(self) -> GameState:
        v = self.session.view()
        if v is None:
            raise RuntimeError("no game is running")
        return v

    @property
    def players(self) -> list[PlayerInfo]:
        return self.session.players

    @property
    def viewer(self) -> int | None:
        """The seat at the screen (None: nobody, the hand is hidden)."""
        return self.session.seat

    @property
    def handoff_pending(self) -> int | None:
        return self.session.handoff_pending

    @property
    def thinking(self) -> int | None:
        return self.session.thinking_seat

    @property
    def bot_delay_ms(self) -> int:
        return self.session.bot_delay_ms

    @bot_delay_ms.setter
    def bot_delay_ms(self, ms: int) -> None:
        self.session.bot_delay_ms = int(ms)

    def set_paused(self, paused: bool) -> None:
        self.session.set_paused(paused)

    def human_seats(self) -> list[int]:
        return self.session.human_seats()

    def is_human(self, seat: int | None) -> bool:
        return self.session.is_human(seat)

    def is_bot(self, seat: int | None) -> bool:
        return self.session.is_bot(seat)

    @property
    def hot_seat(self) -> bool:
        return self.session.hot_seat

    def name(self, seat: int) -> str:
        """The player's name for display (elided: at most 24 characters)."""
        return self.session.name(seat)

    def colour(self, seat: int) -> str:
        return S.player_colour(seat, self.players[seat].colour)

    def colours(self) -> list[str]:
        return [self.colour(i) for i in range(len(self.players))]

    @property
    def has_game(self) -> bool:
        return self.session.has_game

    @property
    def rules(self):
        v = self.view
        return v.rules if v is not None else None

    @property
    def phase(self) -> Phase | None:
        v = self.view
        return v.phase if v is not None else None

    @property
    def city(self) -> City | None:
        v = self.view
        return v.city if v is not None else None

    @property
    def city_hall_open(self) -> bool:
        v = self.view
        return v is not None and v.city_hall_open

    def setup_tiles(self) -> list[int]:
        """The starting neighborhoods still to place (setup only)."""
        v = self.view
        return sorted(v.setup_tiles) if v is not None else []

    def recent_events(self, n: int) -> list[Event]:
        v = self.view
        return v.events[-n:] if v is not None else []

    def check(self, action: Action) -> str | None:
        """The engine's reason against `action` for the player to move, or None."""
        return self._view.check(action)

    def why_not(self, kind: ActionKind, tile: int | None = None) -> str | None:
        """Why no move of `kind` can be made now (the engine's sentence), or None."""
        return self._view.why_not(kind, tile)

    def turn_text(self) -> str:
        """The status line: whose turn, and what to do now."""
        return presenters.turn_text(
            self.view, my_turn=self.my_turn(), handoff=self.handoff_pending, name=self.name, is_bot=self.is_bot
        )

    def status_line(self) -> str:
        """The edition, the round and City Hall's value, for the status bar."""
        return presenters.status_line(self.view)

    def results(self) -> presenters.Results:
        return presenters.results(self._view, self.name)

    # ------------------------------------------------------------------ the player's record
    def finished_here(self) -> bool:
        """The game is over, and its last move was played at this window
        (not a finished game opened, resumed or redone): it goes into the
        players' record (Game → Statistics). Lessons and puzzles never do."""
        v = self.view
        return (
            self._ended_here
            and v is not None
            and v.is_over
            and self.session.kind in (SessionKind.LOCAL, SessionKind.NETWORK)
        )

    def record_seats(self) -> list[int]:
        """The seats whose record the game adds to: every human of a local
        game (hot-seat: each one), only the seat played here at a network table."""
        if self.session.kind == SessionKind.NETWORK:
            seat = self.viewer
            return [seat] if seat is not None and self.is_human(seat) else []
        return self.human_seats()

    def game_key(self) -> str:
        """Which game this is, for the record: a game finished again after a
        take-back (or after being resumed) replaces its entry."""
        slot = getattr(self.session, "slot", None)
        if isinstance(slot, SaveSlot):
            return f"slot-{slot.id}"
        return f"{self.session.kind.value}-{self._game_token}"

    def my_turn(self) -> bool:
        """The player at the screen is the one to move."""
        s = self.view
        seat = self.viewer
        return s is not None and not s.is_over and seat is not None and s.current_player == seat

    def hand(self) -> list[int]:
        v, seat = self.view, self.viewer
        if v is None or seat is None:
            return []
        return sorted(v.hands[seat])

    def stack_counts(self) -> list[int]:
        """Cards left in each stack (index 0 unused)."""
        v = self.view
        return [len(s) for s in v.stacks] if v is not None else []

    def legal_draw_stacks(self) -> list[int]:
        if not self.my_turn() or self._view.phase not in DRAW_PHASES:
            return []
        return [a.stack for a in self._view.legal_actions(ActionKind.DRAW) if isinstance(a, Draw)]

    def legal_kinds(self) -> list[ActionKind]:
        if not self.my_turn():
            return []
        return self._view.legal_kinds()

    def spare_tiles(self) -> list[int]:
        """Tiles not yet in the city (at setup: the ones to place now)."""
        s = self.view
        if s is None:
            return []
        if s.phase == Phase.SETUP:
            return sorted(s.setup_tiles)
        return sorted(set(s.rules.tiles) - s.city.placed_tiles)

    def tile_footprint(self, number: int, rotation: int) -> tuple[int, int]:
        return footprint(self._view.rules, number, rotation)

    def _cached(self) -> dict:
        """The answers worked out for the view as it is now."""
        version = self.session.version
        if version != self._cache_version:
            self._cache = {}
            self._cache_version = version
        return self._cache

    def legal_tile_positions(self, number: int, rotation: int) -> set[tuple[int, int]]:
        """Top-left cells where tile `number` may go with `rotation` now (empty if not your move)."""
        if not self.my_turn():
            return set()
        cache = self._cached()
        key = ("tile", number, rotation % 4)
        if key not in cache:
            cache[key] = {
                (a.x, a.y)
                for a in self._view.legal_actions(ActionKind.NEIGHBORHOOD)
                if isinstance(a, PlaceTile) and a.number == number and a.rotation == rotation % 4
            }
        return cache[key]

    def legal_builds(self, btype: str, size: int | None = None) -> list[tuple[int, ...]]:
        """Property sets where you may build `btype` (of `size` cells) now."""
        if not self.my_turn() or self._view.phase != Phase.ACTION:
            return []
        cache = self._cached()
        key = ("build", btype, size)
        if key not in cache:
            v = self._view
            kind = ActionKind.PARK_FACTORY if v.rules.buildings[btype].with_card else ActionKind.BUILD
            cache[key] = [
                a.properties
                for a in v.legal_actions(kind)
                if isinstance(a, Build) and a.building == btype and (size is None or len(a.properties) == size)
            ]
        return cache[key]

    def legal_streets(self) -> list:
        if not self.my_turn() or self._view.phase not in (Phase.ACTION, Phase.STREETCAR):
            return []
        return [a.street for a in self._view.legal_actions(ActionKind.STREETCAR) if isinstance(a, PlaceStreetcar)]

    def judge(self, btype: str, props) -> Judgement:
        """Legality, score and breakdown of building `btype` on `props` for you now."""
        reason = self.session.turn_reason()
        if reason:
            return Judgement(reason)
        try:
            return self._view.judge(Build(btype, tuple(props)))
        except (ValueError, TypeError, KeyError) as exc:
            return Judgement(str(exc))

    def offered_cards(self) -> list[dict]:
        """The redevelopment offers as the screen may see them."""
        s = self.view
        if s is None or not s.offers:
            return []
        out = []
        for owner, o in sorted(s.offers.items()):
            for slot, card in enumerate(o.cards):
                out.append(
                    {"owner": owner, "slot": slot, "card": card, "face_up": o.face_up, "taken_by": o.taken[slot]}
                )
        return out

    # ------------------------------------------------------------------ acting
    def act(self, action: Action) -> str | None:
        """Play `action` for the human at the screen. Returns None if it was
        played (or sent), else the reason (also sent as ``refused``)."""
        reason = self.session.act(action)
        return None if reason is None else sentence(reason)

    def build(self, btype: str, props) -> str | None:
        try:
            action = Build(btype, tuple(int(p) for p in props))
        except (ValueError, TypeError) as exc:
            return self._refuse(str(exc))
        return self.act(action)

    def place_tile(self, number: int, x: int, y: int, rotation: int = 0) -> str | None:
        return self.act(PlaceTile(int(number), int(x), int(y), int(rotation) % 4))

    def place_streetcar(self, street) -> str | None:
        try:
            (ax, ay), (bx, by) = street
            action = PlaceStreetcar(((int(ax), int(ay)), (int(bx), int(by))))
        except (ValueError, TypeError) as exc:
            return self._refuse(str(exc))
        return self.act(action)

    def stop_streetcars(self) -> str | None:
        return self.act(StopStreetcars())

    def exchange(self, cards) -> str | None:
        return self.act(Exchange(tuple(cards)))

    def pass_turn(self) -> str | None:
        return self.act(Pass())

    def draw(self, stack: int) -> str | None:
        return self.act(Draw(int(stack)))

    def offer(self, cards, face_up: bool) -> str | None:
        return self.act(Offer(tuple(cards), bool(face_up)))

    def take(self, owner: int, slot: int) -> str | None:
        return self.act(Take(int(owner), int(slot)))

    def refuse(self, reason: str) -> str:
        """Tell the player why something cannot be done (status bar); changes nothing."""
        return self._refuse(reason)

    def turn_reason(self) -> str | None:
        """Why the player at the screen may not act now, or None."""
        return self.session.turn_reason()

    def action_reason(self) -> str | None:
        """Why the player at the screen may not take a main action now, or None."""
        reason = self.session.turn_reason()
        if reason is None and self._view.phase != Phase.ACTION:
            reason = presenters.phase_todo(self._view.phase)
        return reason

    def legal_takes(self) -> set[tuple[int, int]]:
        """(owner, slot) of the offered cards you may take now."""
        if not self.my_turn() or self._view.phase != Phase.TAKE:
            return set()
        return {(a.owner, a.slot) for a in self._view.legal_actions(ActionKind.TAKE) if isinstance(a, Take)}

    def _refuse(self, reason: str) -> str:
        text = sentence(reason)
        self.refused.emit(text)
        self.message.emit(text)
        return text

    def reveal_hand(self) -> None:
        """Hot-seat: the player the screen was passed to shows their hand."""
        self.session.reveal_hand()

    # ------------------------------------------------------------------ take-backs
    @property
    def allow_take_backs(self) -> bool:
        return self.session.allow_take_backs

    @property
    def take_backs(self) -> int:
        return self.session.take_backs

    @property
    def with_take_backs(self) -> bool:
        """Moves were taken back in this game (the mark of the record and the results)."""
        return self.session.take_backs > 0

    def undo_reason(self) -> str | None:
        """Why Undo cannot be used now, or None."""
        return self.session.undo_reason()

    def can_undo(self) -> bool:
        return self.session.undo_reason() is None

    def can_redo(self) -> bool:
        return self.session.can_redo()

    def undo(self) -> str | None:
        """Take back everything since your last decision (see LocalSession.undo)."""
        return self.session.undo()

    def redo(self) -> str | None:
        return self.session.redo()

    # ------------------------------------------------------------------ hints
    def request_hint(self) -> bool:
        fn = hint_function()
        if fn is None or not self.my_turn():
            return False
        seat = self.viewer
        assert seat is not None  # my_turn() says someone sits at the screen
        view = self._view.clone()
        worker.start(self.session.version, lambda: fn(view, seat), self._hint_signals)
        return True

    def _hint_done(self, token: int, result) -> None:
        if token != self.session.version:
            # the game moved on while the hint was thought out (an automatic
            # draw, say): think again for the new position rather than drop it
            if self.has_game and self.my_turn():
                self.request_hint()
            else:
                self.message.emit(
                    sentence(translate("GameController", "the hint was dropped: the turn ended before it was ready"))
                )
            return
        try:
            action, text = result
        except (TypeError, ValueError):
            action, text = result, str(result)
        self.hintReady.emit(action, text)

    def _hint_failed(self, token: int, text: str) -> None:
        self.message.emit(
            translate("GameController", "No hint available: {reason}").format(reason=text.splitlines()[0])
        )

    def stop(self) -> None:
        """Stop scheduling bots."""
        self.session.stop()

    def close(self) -> None:
        """The window closes: the session lets go of its game (it stays in Continue)."""
        self.session.close()

    # ------------------------------------------------------------------ models
    def _player_rows(self) -> list[dict]:
        return presenters.player_rows(self._view, self.players, self.colour, kind_label)

    def _supply_rows(self) -> list[dict]:
        s = self._view
        can: set[tuple[str, int]] = set()
        if self.my_turn() and s.phase == Phase.ACTION:
            for kind in (ActionKind.BUILD, ActionKind.PARK_FACTORY):
                for a in s.iter_legal(kind):
                    if isinstance(a, Build):
                        can.add((a.building, len(a.properties)))
        return presenters.supply_rows(s, can)

    def _log_rows(self, events: Iterable[Event]) -> list[tuple]:
        return list(presenters.log_lines(events, self.name, self.colour))

    def _useless(self, cards) -> set[int]:
        return {c for c in cards if self._view.is_useless(c)}

    def _absent(self, cards) -> set[int]:
        city = self._view.city
        return {c for c in cards if is_property_card(c) and not city.is_in_city(c)}

    def _blocked(self, cards) -> set[int]:
        """The park and factory cards that have no place in the city now (no
        City Hall, or no free spot of their shape): they could only be
        offered face down in a redevelopment."""
        view = self._view
        return {c for c in cards if c > 0 and Card(c).is_special and not view.card_playable(c)}

    def _places(self, cards) -> dict[int, tuple[bool, int]]:
        """Where each card's lot lies (the hand's cards show it): in the city
        centre or the outskirts, and how its neighborhood is turned."""
        city = self._view.city
        turns = {t.number: t.rotation for t in city.tiles}
        return {
            c: (c not in city.outskirts, turns.get(neighborhood_of(c), 0))
            for c in cards
            if is_property_card(c) and city.is_in_city(c)
        }

    def _refresh_hand(self, reset: bool = False, replace: bool = False) -> None:
        cards = self.hand()
        useless, absent, places = self._useless(cards), self._absent(cards), self._places(cards)
        blocked = self._blocked(cards)
        if reset:  # a new game
            self.hand_model.reset(self._view.rules, cards, useless, absent, places, blocked)
        elif replace:  # the hand of another player (hot-seat), or hidden
            self.hand_model.replace(cards, useless, absent, places, blocked)
        else:
            self.hand_model.update(cards, useless, absent, places, blocked)

    def _reset_models(self) -> None:
        s = self._view
        self._log_generation += 1
        self.players_model.reset(self._player_rows())
        self._refresh_hand(reset=True)
        self.supply_model.reset(self._supply_rows())
        if self._log_later:
            self.log_model.reset([], total=len(s.events))
            generation = self._log_generation
            QTimer.singleShot(LOG_LATER_MS, self, lambda: self._fill_log(generation))
        else:
            self._fill_log()
        self.history_model.reset([p.name for p in self.players], self.colours(), s.score_history)

    def _fill_log(self, generation: int | None = None) -> None:
        """The log's rows for the newest events (`generation`: the reset the
        fill was asked for; a later reset has filled its own)."""
        if generation is not None and (generation != self._log_generation or not self.has_game):
            return
        s = self._view
        self.log_model.reset(self._log_rows(s.events[-self.log_model.limit :]), total=len(s.events))

    def recolour(self) -> None:
        """The palette changed: the tables, the log and the chart take the new colours."""
        if not self.has_game:
            return
        s = self._view
        self.players_model.update(self._player_rows())
        self.log_model.reset(self._log_rows(s.events[-self.log_model.limit :]), total=len(s.events))
        self.history_model.reset([p.name for p in self.players], self.colours(), s.score_history)
        self.stateChanged.emit()

    def _refresh_models(self) -> None:
        s = self._view
        self.players_model.update(self._player_rows())
        self._refresh_hand()
        self.supply_model.update(self._supply_rows())
        n = self.log_model.events_shown
        if len(s.events) > n:
            self.log_model.extend(self._log_rows(s.events[n:]))
        m = self.history_model.rowCount()
        if len(s.score_history) > m:
            self.history_model.extend(s.score_history[m:])
