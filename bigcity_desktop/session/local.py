"""LocalSession: a game played by the engine in this process.

It holds the whole :class:`~bigcity_desktop.engine.GameState` in a
:class:`~bigcity_desktop.flow.TableFlow` (the turns' rules, the same as a
server table's), applies the moves of the people at this screen and of the
bots (thought through a :class:`~.scheduler.BotScheduler`), hands the screen from player to player
in hot-seat games, takes moves back where the game allows it, and autosaves
after every move. The window sees only :meth:`LocalSession.view`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from bigcity_desktop.bots.levels import PLAYER_KINDS
from bigcity_desktop.engine import Action, GameState, get_rules
from bigcity_desktop.engine.jsonio import is_int
from bigcity_desktop.engine.record import LoadedGame, PlayerInfo, RecordError, read_record, write_record
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.engine.state import SPECTATOR
from bigcity_desktop.engine.timeline import decision_points, rebuild
from bigcity_desktop.flow import BotMove, BotTurn, Fallback, TableFlow
from bigcity_desktop.i18n import engine_text, translate

from .base import GameSession, SessionKind, SessionTraits
from .saves import SaveSlot, SlotWriter
from .scheduler import BotScheduler

#: the record's `extra` entries of the take-back mark
TAKE_BACKS = "take_backs"  # how many times moves were taken back (absent: never)
TAKE_BACKS_ALLOWED = "allow_take_backs"  # the game's "Allow take-backs" option
#: from this many moves on, a game's autosave is written on a thread of its own
BACKGROUND_AUTOSAVE_FROM = 5000


class _WriterSignals(QObject):
    written = Signal(object)  # None, or why the write failed


@dataclass
class SeatConfig:
    name: str
    kind: str = SeatKind.HUMAN  # SeatKind.HUMAN or a bot level's key
    colour: str = ""


@dataclass
class GameConfig:
    """A new game as the New game dialog sets it up."""

    edition: str = "original"
    seats: list[SeatConfig] = field(default_factory=list)
    seed: int | None = None
    start_city: list[Any] | None = None
    #: None: on against bots, off in hot-seat (two or more humans)
    allow_take_backs: bool | None = None


def take_back_marks(extra: dict[str, Any], players: list[PlayerInfo]) -> tuple[int, bool, list[str]]:
    """The take-back count and option a record's `extra` holds, and warnings
    for damaged entries (a damaged count marks the game, to be safe)."""
    warnings = []
    count = extra.get(TAKE_BACKS, 0)
    if not (is_int(count) and count >= 0):
        warnings.append("the file's take-back count is damaged; the game is marked as played with take-backs")
        count = 1
    humans = sum(1 for p in players if p.kind == SeatKind.HUMAN)
    allow = extra.get(TAKE_BACKS_ALLOWED, humans < 2)
    if not isinstance(allow, bool):
        warnings.append("the file's take-back option is damaged; the default for these seats is used")
        allow = humans < 2
    return count, allow, warnings


class LocalSession(GameSession):
    """The engine here: see the module text."""

    kind = SessionKind.LOCAL
    traits = SessionTraits(holds_full_state=True, starts_games=True, saves=True, takes_back=True, pauses=True)

    def __init__(self, parent: QObject | None = None, autosave: bool = True, saves_folder: Path | None = None):
        super().__init__(parent)
        self._flow: TableFlow | None = None  # the whole game and its turns; None until one starts
        self._players: list[PlayerInfo] = []  # the flow's players
        self._seat: int | None = None
        self._handoff: int | None = None
        self._version = 0
        self._view_cache: tuple[int, GameState] | None = None
        # the last view's redacted history: the next view redacts only the moves after it
        self._known_seat: int | None = None
        self._known_history: list[Action] = []
        self.scheduler = BotScheduler(self)
        self.scheduler.thinking.connect(self.thinking)
        self.scheduler.chosen.connect(self._bot_chose)
        self.scheduler.failed.connect(self._bot_failed)
        self.autosave_enabled = autosave
        self.saves_folder = saves_folder  # None: the data folder's games/
        self.slot: SaveSlot | None = None  # this game's own autosave
        self.last_autosave_error: str | None = None
        self._unsaved = False  # the game changed since its last autosave (that one failed)
        self._writer_signals = _WriterSignals(self)
        self._writer_signals.written.connect(self._autosave_result)
        self._writer = SlotWriter(self._writer_signals.written.emit)
        self._allow_take_backs = True
        self._take_backs = 0
        self._future: list[Action] = []  # the history before the first undo of a chain (for redo)
        self._redo_stops: list[int] = []  # the positions undo came from, last on top
        self._undo_player: int | None = None  # hot-seat: whose moves the chain takes back

    # ------------------------------------------------------------ starting
    def new_game(self, config: GameConfig) -> None:
        """A new game from the New game dialog's setup (ValueError when the
        rules do not allow it)."""
        seed = config.seed if config.seed is not None else random.randrange(1, 2**31)
        names = [s.name for s in config.seats]
        state = GameState.new(get_rules(config.edition), len(config.seats), seed, names, start_city=config.start_city)
        players = [PlayerInfo(s.name, s.kind, s.colour or None) for s in config.seats]
        humans = sum(1 for s in config.seats if s.kind == SeatKind.HUMAN)
        allow = config.allow_take_backs
        self._start(state, players, take_backs=0, allow=humans < 2 if allow is None else bool(allow))

    def load_game(self, path: str | Path) -> list[str]:
        """Play on from a saved game; RecordError (with a sentence) leaves everything as it was."""
        return self.start_loaded(read_record(path, player_kinds=PLAYER_KINDS))

    def start_loaded(
        self, game: LoadedGame, slot: SaveSlot | None = None, known: tuple[int, list[Action]] | None = None
    ) -> list[str]:
        """Play on from a LoadedGame (read here or by a loading worker; from a
        slot of Game → Continue, `slot`, which it goes on writing; `known`: a
        seat and the history of its view, worked out beforehand); the warnings."""
        count, allow, warnings = take_back_marks(game.extra, game.players)
        self._start(game.state, list(game.players), take_backs=count, allow=allow, slot=slot, known=known)
        return [*game.warnings, *warnings]

    def start_from_state(self, state: GameState, players: list[PlayerInfo]) -> None:
        """Take over a game under way (a replayed record, a test position)."""
        if state.viewer is not None:
            raise ValueError("a player's view cannot be played on; give the full game state")
        if len(players) != state.n:
            raise ValueError("one PlayerInfo per player")
        self._start(state, list(players))

    def _start(
        self,
        state: GameState,
        players: list[PlayerInfo],
        take_backs: int = 0,
        allow: bool | None = None,
        slot: SaveSlot | None = None,
        known: tuple[int, list[Action]] | None = None,
    ) -> None:
        self.scheduler.cancel()
        # the game before stays in its own slot (Game → Continue); this one gets its own
        self.release_slot()
        self.slot = slot
        self.last_autosave_error = None
        self._flow = TableFlow(state, players, generation=take_backs)
        self._players = self._flow.players
        self.scheduler.deal()
        humans = self.human_seats()
        self._seat = humans[0] if len(humans) == 1 else None
        self._handoff = None
        self._take_backs = take_backs
        self._allow_take_backs = len(humans) < 2 if allow is None else allow
        self._clear_redo()
        self._changed(rewound=True)
        if known is not None:
            self._known_seat, self._known_history = known
        self.started.emit()
        self.seatChanged.emit()
        if known is None:
            self._autosave()
        # a long game read on a worker is on disk already (its file, or its own
        # slot): it is autosaved from its first move on, not written again now,
        # while the window is being drawn
        self._schedule()

    # ------------------------------------------------------------ the game
    def view(self) -> GameState | None:
        s = self.state
        if s is None:
            return None
        cached = self._view_cache
        if cached is not None and cached[0] == self._version:
            return cached[1]
        seat = self._seat if self._seat is not None else SPECTATOR
        known = self._known_history if self._known_seat == seat else None
        view = s.view_for(seat, known)
        self._view_cache = (self._version, view)
        self._known_seat, self._known_history = seat, view.history
        return view

    def full_state(self) -> GameState | None:
        return self.state

    @property
    def state(self) -> GameState | None:
        """The whole game; None until one starts."""
        return self._flow.state if self._flow is not None else None

    @property
    def flow(self) -> TableFlow | None:
        """The game's turns (None until one starts)."""
        return self._flow

    @property
    def game(self) -> GameState:
        """The game under way, for code that runs only while there is one."""
        if self.state is None:
            raise RuntimeError("no game is running")
        return self.state

    @property
    def seat(self) -> int | None:
        return self._seat

    @property
    def players(self) -> list[PlayerInfo]:
        return self._players

    @property
    def version(self) -> int:
        return self._version

    @property
    def hot_seat(self) -> bool:
        return len(self.human_seats()) >= 2

    @property
    def handoff_pending(self) -> int | None:
        return self._handoff

    @property
    def thinking_seat(self) -> int | None:
        return self.scheduler.busy

    def saved_game_id(self) -> str | None:
        return self.slot.id if self.slot is not None else None

    def final_record(self) -> LoadedGame | None:
        flow = self._flow
        if flow is None or (not flow.is_over and self.human_seats()):
            return None
        return flow.record(self.record_extra())

    def _changed(self, rewound: bool = False) -> None:
        """The view may have changed; `rewound`: the game went back (a take-back, another game)."""
        self._version += 1
        self._view_cache = None
        if rewound:
            self._known_seat, self._known_history = None, []

    # ------------------------------------------------------------ acting
    def act(self, action: Action) -> str | None:
        reason = self.turn_reason()
        flow = self._flow
        if reason is None and flow is not None:
            p = flow.current
            refused = flow.play(p, action)
            if refused is None:
                self._clear_redo()
                self._applied(p, action)
                return None
            reason = refused.reason or self.turn_reason(p)
        text = reason or ""
        self.refused.emit(text)
        return text

    def reveal_hand(self) -> None:
        if self._handoff is None:
            return
        self._seat = self._handoff
        self._handoff = None
        self._changed()
        self.seatChanged.emit()
        self._schedule()

    # ------------------------------------------------------------ take-backs
    @property
    def allow_take_backs(self) -> bool:
        return self._allow_take_backs

    @allow_take_backs.setter
    def allow_take_backs(self, on: bool) -> None:
        """The game's "Allow take-backs" option (set by the New game dialog, or a test)."""
        self._allow_take_backs = bool(on)

    @property
    def take_backs(self) -> int:
        return self._take_backs

    def _clear_redo(self) -> None:
        self._future = []
        self._redo_stops = []
        self._undo_player = None

    def _undo_target(self) -> tuple[int | None, str | None]:
        """The history length undo would go back to, or the reason it cannot."""
        s = self.state
        if s is None:
            return None, self.tr("there is no game to take a move back in")
        if not self._allow_take_backs:
            return None, self.tr("take-backs are off in this game (New game → Allow take-backs)")
        humans = self.human_seats()
        if not humans:
            return None, self.tr("only bots play in this game: there is no move of yours to take back")
        points = [i for i in decision_points(s, frozenset(humans)) if i < len(s.history)]
        if not points:
            return None, self.tr("there is no move of yours to take back yet")
        target = points[-1]
        if self.hot_seat:
            mover = s.actors[target]
            if self._undo_player is not None and mover != self._undo_player:
                text = self.tr("in hot-seat only %1's last move could be taken back, before another player acts")
                return None, text.replace("%1", self.name(self._undo_player))
        return target, None

    def undo_reason(self) -> str | None:
        return self._undo_target()[1]

    def undo(self) -> str | None:
        """Take back everything since the last decision of a human (the bots'
        replies included) and let that player choose again. None if done,
        else the reason (also sent as ``refused``)."""
        target, reason = self._undo_target()
        if reason is not None or target is None:
            text = reason or self.tr("there is nothing to take back")
            self.refused.emit(text)
            return text
        s = self.game
        if not self._redo_stops:
            self._future = list(s.history)
        self._redo_stops.append(len(s.history))
        if self.hot_seat:
            self._undo_player = s.actors[target]
        self._take_backs += 1
        self._replace_state(rebuild(s, target))
        who = self.name(self.game.current_player)
        if who in ("You", translate("GameController", "You")):  # the first seat's default: "You choose"
            text = self.tr("Move taken back: you choose again. The game is marked \u201cwith take-backs\u201d.")
        else:
            text = self.tr("Move taken back: %1 chooses again. The game is marked \u201cwith take-backs\u201d.")
        self.message.emit(text.replace("%1", who))
        return None

    def can_redo(self) -> bool:
        return self.state is not None and bool(self._redo_stops)

    def redo(self) -> str | None:
        """Play again what the last undo took back."""
        if self.state is None or not self._redo_stops:
            text = self.tr("there is nothing to redo")
            self.refused.emit(text)
            return text
        stop = self._redo_stops.pop()
        s = self.game.clone()
        for a in self._future[len(s.history) : stop]:
            s.apply(a)
        future, stops = self._future, self._redo_stops
        if not stops:
            self._undo_player = None
        undo_player = self._undo_player
        self._replace_state(s)
        self._future, self._redo_stops, self._undo_player = future, stops, undo_player
        self.message.emit(self.tr("Move played again."))
        return None

    def _replace_state(self, state: GameState) -> None:
        """Go on from `state` (a position of this game): the bots in thought
        are dropped and fresh ones are dealt."""
        self.scheduler.cancel(renew=True)
        flow = self._flow
        assert flow is not None
        flow.state = state
        flow.generation = self._take_backs  # a take-back deals the next bots
        if self.hot_seat:
            self._seat = None
            self._handoff = None
        self._changed(rewound=True)
        self.replaced.emit()
        self.seatChanged.emit()
        self._autosave()
        self._schedule()

    # ------------------------------------------------------------ the flow
    def _applied(self, player: int, action: Action) -> None:
        self.scheduler.cancel()
        self._changed()
        self.applied.emit(player, action)
        self._autosave()
        self._schedule()

    def _schedule(self) -> None:
        flow = self._flow
        if flow is None:
            return
        if flow.is_over:
            self._handoff = None  # nobody is waited for once the game is over
            self.over.emit()
            return
        turn = flow.bot_turn()
        if turn is not None:
            if self.hot_seat and self._seat is not None:
                self._hide_hand()
            self.scheduler.schedule(turn)
            return
        # a person to move
        to = flow.pass_to(self._seat)
        if to is not None:
            if self._seat is not None:
                self._hide_hand()
            if self._handoff != to:
                self._handoff = to
                self.handoffRequested.emit(to)
            return
        self.yourTurn.emit(flow.current)

    def _hide_hand(self) -> None:
        self._seat = None
        self._changed()
        self.seatChanged.emit()

    def _bot_chose(self, token: int, turn: BotTurn, action: object) -> None:
        if self._flow is not None:
            self._bot_played(self._flow.bot_chose(turn, action))

    def _bot_failed(self, token: int, turn: BotTurn, text: str) -> None:
        if self._flow is not None:
            self._bot_played(self._flow.bot_failed(turn, text))

    def _bot_played(self, move: BotMove | None) -> None:
        if move is None:  # the game moved on
            return
        name = self.name(move.seat)
        if move.fallback == Fallback.ILLEGAL:
            self.message.emit(
                translate(
                    "GameController", "{name}'s bot chose an illegal move ({reason}); it plays a random move instead."
                ).format(name=name, reason=engine_text(move.reason))
            )
        elif move.fallback == Fallback.FAILED:
            self.message.emit(
                translate("GameController", "{name}'s bot failed ({reason}); it plays a random move instead.").format(
                    name=name, reason=move.reason
                )
            )
        self._clear_redo()
        self._applied(move.seat, move.action)

    @property
    def bot_delay_ms(self) -> int:
        return self.scheduler.delay_ms

    @bot_delay_ms.setter
    def bot_delay_ms(self, ms: int) -> None:
        self.scheduler.delay_ms = int(ms)

    @property
    def paused(self) -> bool:
        return self.scheduler.paused

    def set_paused(self, paused: bool) -> None:
        self.scheduler.paused = paused
        if not paused:
            self._schedule()

    def stop(self) -> None:
        self.scheduler.cancel()

    def close(self) -> None:
        self.scheduler.cancel()
        self.release_slot()

    # ------------------------------------------------------------ files
    @property
    def autosave_path(self) -> Path:
        """Where this game is autosaved (its slot of the saved games)."""
        if self.slot is None:
            self.slot = SaveSlot.new(self.saves_folder)
        return self.slot.path

    def release_slot(self) -> None:
        """This window stops writing its game's slot (the game stays in
        Continue, as it stands: when its last autosave failed, it is written once more)."""
        s = self.state
        if self._unsaved and s is not None and not (s.is_over and self.slot is None):
            self._autosave()  # (a finished game whose results were seen has left Continue: not written back)
        self._writer.flush()
        if self.slot is not None:
            self.slot.release()
        self.slot = None
        self._unsaved = False

    def results_seen(self) -> None:
        """The player has seen a finished game's results: its autosave goes."""
        if self.state is not None and self.state.is_over and self.slot is not None:
            self.slot.delete()
            self.slot = None

    def save_game(self, path: str | Path) -> None:
        if self.state is None:
            raise RecordError(translate("GameController", "there is no game to save"))
        write_record(path, self.state, self._players, self.record_extra())

    def record_extra(self, autosave: bool = False) -> dict[str, Any]:
        """What a saved file says besides the game: the app, and the take-back mark."""
        extra: dict[str, Any] = {"app": "bigcity-desktop", TAKE_BACKS_ALLOWED: self._allow_take_backs}
        if self._take_backs:
            extra[TAKE_BACKS] = self._take_backs
        if autosave:
            extra["autosave"] = True
        return extra

    def autosave_now(self) -> None:
        """Write the autosave (after every move; by hand in tests)."""
        self._autosave()

    def _autosave(self) -> None:
        if not self.autosave_enabled or self.state is None:
            return
        if self.slot is None:
            self.slot = SaveSlot.new(self.saves_folder)
        self._unsaved = True
        if len(self.state.history) >= BACKGROUND_AUTOSAVE_FROM and self.slot.acquire():
            # a long game: its record is written beside the window, the newest one only (close() waits for it)
            self._writer.submit(self.slot, self.state.clone(), self._players, self.record_extra(autosave=True))
            self._unsaved = False
            return
        try:
            self.slot.write(self.state, self._players, self.record_extra(autosave=True))
        except (OSError, ValueError, RuntimeError) as exc:
            self._autosave_result(getattr(exc, "strerror", None) or str(exc))
            return
        self._unsaved = False
        self._autosave_result(None)

    def _autosave_result(self, reason: object) -> None:
        """After a write: the player is told once when autosaving starts failing, and when it works again."""
        if isinstance(reason, str) and reason:
            if self.last_autosave_error is None:
                self.last_autosave_error = reason
                self.autosaveFailed.emit(reason)
            self.last_autosave_error = reason
            return
        if self.last_autosave_error is not None:
            self.last_autosave_error = None
            self.autosaveRecovered.emit()
