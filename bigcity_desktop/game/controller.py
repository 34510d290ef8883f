"""GameController: the game session. It owns the GameState, applies
humans' and bots' actions, runs bots in a worker, autosaves, and keeps the
Qt models up to date with rows worded by :mod:`.presenters`.

Widgets act only through the public methods here (``act`` and the
convenience wrappers ``build``, ``place_tile``, ``place_streetcar``, ...)
and read the game through its read-only queries (``rules``, ``phase``,
``city``, ``turn_text()``, ...); every refusal is the engine's reason
sentence, sent through ``message`` and returned, and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from bigcity_desktop.bots import BOT_NAMES, BOTS, Bot
from bigcity_desktop.bots import make_bot as _make_bot
from bigcity_desktop.bots.hint import hint
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
    stack_of,
)
from bigcity_desktop.engine.cards import is_property_card
from bigcity_desktop.engine.city import City, Judgement, footprint
from bigcity_desktop.engine.jsonio import is_int
from bigcity_desktop.engine.record import PlayerInfo, RecordError, read_record, write_record
from bigcity_desktop.engine.rules import EDITIONS
from bigcity_desktop.engine.timeline import decision_points, rebuild
from bigcity_desktop.i18n import QT_TRANSLATE_NOOP, engine_text, translate
from bigcity_desktop.scene import style as S
from bigcity_desktop.scene.text import elide
from bigcity_desktop.ui.preferences import BOT_SPEEDS

from . import autosave as autosave_mod
from . import botworker, presenters
from .models import HandModel, LogModel, PlayersModel, ScoreHistoryModel, SupplyModel
from .presenters import sentence

DEFAULT_COLOURS = list(S.PALETTES["standard"])
DEFAULT_NAMES = ["You", "Bea", "Carl", "Dora", "Emil"]


def default_name(seat: int) -> str:
    """The New game dialog's name for a seat: "You" (in the player's language) for the first."""
    return translate("GameController", "You") if seat == 0 else DEFAULT_NAMES[seat]


# the New game menu: the levels from easiest up, the random player last
BOT_LEVELS = tuple(n for n in BOT_NAMES if n != "random") + tuple(n for n in BOT_NAMES if n == "random")
_LEVEL_WORDS = (
    QT_TRANSLATE_NOOP("GameController", "easy"),
    QT_TRANSLATE_NOOP("GameController", "medium"),
    QT_TRANSLATE_NOOP("GameController", "hard"),
    QT_TRANSLATE_NOOP("GameController", "random"),
)


def level_label(kind: str) -> str:
    """A bot level ("medium") as the player reads it."""
    return translate("GameController", kind)


SHORT_PHASES = DRAW_PHASES | {Phase.STREETCAR}


def stack_numbers() -> list[int]:
    """The stacks a bundled edition can have (the draw menu and buttons are
    made once, before any game): the neighborhood numbers of the rules."""
    return sorted({t for e in EDITIONS for t in get_rules(e).tiles})


def available_bots() -> dict[str, type[Bot]]:
    """Every bot level by name (the bots' registry)."""
    return dict(BOTS)


def make_bot(kind: str, seed: int) -> Bot:
    """A bot of the asked level (ValueError for a level that does not exist)."""
    return _make_bot(kind, seed)


def hint_function() -> Callable[..., tuple[Action, str]] | None:
    """The hint function (a function, so that tests can stand in for it)."""
    return hint


@dataclass
class SeatConfig:
    name: str
    kind: str = "human"  # "human" or a bot level
    colour: str = ""


@dataclass
class GameConfig:
    edition: str = "original"
    seats: list[SeatConfig] = field(default_factory=list)
    seed: int | None = None
    start_city: list | None = None
    #: None: on against bots, off in hot-seat (two or more humans)
    allow_take_backs: bool | None = None

    @classmethod
    def default(cls) -> GameConfig:
        return cls(
            "original",
            [
                SeatConfig(DEFAULT_NAMES[0], "human", DEFAULT_COLOURS[0]),
                SeatConfig(DEFAULT_NAMES[1], "medium", DEFAULT_COLOURS[1]),
                SeatConfig(DEFAULT_NAMES[2], "medium", DEFAULT_COLOURS[2]),
            ],
        )


#: the record's `extra` entries of the take-back mark
TAKE_BACKS = "take_backs"  # how many times moves were taken back (absent: never)
TAKE_BACKS_ALLOWED = "allow_take_backs"  # the game's "Allow take-backs" option


def take_back_marks(extra: dict, players: list[PlayerInfo]) -> tuple[int, bool, list[str]]:
    """The take-back count and option a record's `extra` holds, and warnings
    for damaged entries (a damaged count marks the game, to be safe)."""
    warnings = []
    count = extra.get(TAKE_BACKS, 0)
    if not (is_int(count) and count >= 0):
        warnings.append("the file's take-back count is damaged; the game is marked as played with take-backs")
        count = 1
    humans = sum(1 for p in players if p.kind == "human")
    allow = extra.get(TAKE_BACKS_ALLOWED, humans < 2)
    if not isinstance(allow, bool):
        warnings.append("the file's take-back option is damaged; the default for these seats is used")
        allow = humans < 2
    return count, allow, warnings


def kind_label(kind: str) -> str:
    if kind == "human":
        return translate("GameController", "Human")
    label = translate("GameController", "Bot ({level})").format(level=level_label(kind))
    if kind not in available_bots():
        label += "*"
    return label


class GameController(QObject):
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
    hintReady = Signal(object, str)
    autosaveFailed = Signal(str)  # once, when autosaving starts failing (the reason)
    autosaveRecovered = Signal()  # autosaving works again
    takenBack = Signal()  # undo or redo replaced the position

    def __init__(self, parent=None, autosave: bool = True, autosave_path: Path | None = None):
        super().__init__(parent)
        self.state: GameState | None = None  # None until a game starts
        self.players: list[PlayerInfo] = []
        self.bots: dict[int, Bot] = {}
        self.viewer: int | None = None
        self.handoff_pending: int | None = None
        self.bot_delay_ms = BOT_SPEEDS["Normal"]
        self.auto_draw = True
        self.paused = False
        self.autosave_enabled = autosave
        self._autosave_path = autosave_path
        self.last_autosave_error: str | None = None
        self.thinking: int | None = None
        self.players_model = PlayersModel(self)
        self.hand_model = HandModel(self)
        self.supply_model = SupplyModel(self)
        self.log_model = LogModel(self)
        self.history_model = ScoreHistoryModel(self)
        self._token = 0
        self._pending: tuple | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._on_timer)
        self._signals = botworker.WorkerSignals(self)
        self._signals.done.connect(self._bot_done)
        self._signals.failed.connect(self._bot_failed)
        self._hint_signals = botworker.WorkerSignals(self)
        self._hint_signals.done.connect(self._hint_done)
        self._hint_signals.failed.connect(self._hint_failed)
        self._cache: dict = {}
        self.allow_take_backs = True
        self.take_backs = 0  # moves taken back in this game (more than 0: "with take-backs")
        self._future: list[Action] = []  # the history before the first undo of a chain (for redo)
        self._redo_stops: list[int] = []  # the positions undo came from, last on top
        self._undo_player: int | None = None  # hot-seat: whose moves the chain takes back

    # ------------------------------------------------------------------ set-up
    @property
    def autosave_path(self) -> Path:
        return self._autosave_path or autosave_mod.autosave_path()

    def new_game(self, config: GameConfig) -> None:
        seed = config.seed if config.seed is not None else random.randrange(1, 2**31)
        names = [s.name for s in config.seats]
        state = GameState.new(get_rules(config.edition), len(config.seats), seed, names, start_city=config.start_city)
        players = [
            PlayerInfo(s.name, s.kind, s.colour or DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)])
            for i, s in enumerate(config.seats)
        ]
        humans = sum(1 for s in config.seats if s.kind == "human")
        allow = config.allow_take_backs
        self._start(state, players, take_backs=0, allow=humans < 2 if allow is None else bool(allow))

    def load_game(self, path: str | Path) -> list[str]:
        """Load a saved game; RecordError (with a clear sentence) leaves everything as it was."""
        return self.start_loaded(read_record(path))

    def start_loaded(self, game) -> list[str]:
        """Play on from a LoadedGame (read here or by a loading worker)."""
        players = [
            PlayerInfo(p.name, p.kind, p.colour or DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)])
            for i, p in enumerate(game.players)
        ]
        count, allow, warnings = take_back_marks(game.extra, players)
        self._start(game.state, players, take_backs=count, allow=allow)
        for w in [*game.warnings, *warnings]:
            self.message.emit(sentence(w))
        return [*game.warnings, *warnings]

    def resume(self, game) -> None:
        players = [
            PlayerInfo(p.name, p.kind, p.colour or DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)])
            for i, p in enumerate(game.players)
        ]
        count, allow, _warnings = take_back_marks(game.extra, players)
        self._start(game.state, players, take_backs=count, allow=allow)

    def start_from_state(self, state: GameState, players: list[PlayerInfo]) -> None:
        """Take over a game already under way (a replayed record, a test position)."""
        if state.viewer is not None:
            raise ValueError("a player's view cannot be played on; give the full game state")
        if len(players) != state.n:
            raise ValueError("one PlayerInfo per player")
        self._start(
            state,
            [
                PlayerInfo(p.name, p.kind, p.colour or DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)])
                for i, p in enumerate(players)
            ],
        )

    def save_game(self, path: str | Path) -> None:
        if self.state is None:
            raise RecordError(translate("GameController", "there is no game to save"))
        write_record(path, self.state, self.players, self.record_extra())

    def record_extra(self, autosave: bool = False) -> dict:
        """What a saved file says besides the game: the app, and the take-back mark."""
        extra: dict = {"app": "bigcity-desktop", TAKE_BACKS_ALLOWED: self.allow_take_backs}
        if self.take_backs:
            extra[TAKE_BACKS] = self.take_backs
        if autosave:
            extra["autosave"] = True
        return extra

    def _start(
        self, state: GameState, players: list[PlayerInfo], take_backs: int = 0, allow: bool | None = None
    ) -> None:
        self._token += 1
        self._timer.stop()
        self._pending = None
        self.thinking = None
        self.state = state
        self.players = players
        self.bots = {
            i: make_bot(p.kind, (state.seed or 0) * 31 + i) for i, p in enumerate(players) if p.kind != "human"
        }
        humans = self.human_seats()
        self.viewer = humans[0] if len(humans) == 1 else None
        self.handoff_pending = None
        self._cache = {}
        self.take_backs = take_backs
        self.allow_take_backs = len(humans) < 2 if allow is None else allow
        self._clear_redo()
        self._reset_models()
        self.gameStarted.emit()
        self.viewerChanged.emit()
        self.stateChanged.emit()
        self._autosave()
        self._schedule()

    # ------------------------------------------------------------------ facts
    def human_seats(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if p.kind == "human"]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < len(self.players) and self.players[seat].kind == "human"

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < len(self.players) and self.players[seat].kind != "human"

    @property
    def hot_seat(self) -> bool:
        return len(self.human_seats()) >= 2

    def name(self, seat: int) -> str:
        """The player's name for display (elided: at most 24 characters)."""
        return elide(self.players[seat].name)

    def colour(self, seat: int) -> str:
        return S.player_colour(seat, self.players[seat].colour)

    def colours(self) -> list[str]:
        return [self.colour(i) for i in range(len(self.players))]

    @property
    def rules(self):
        return self.game.rules if self.state else None

    @property
    def phase(self) -> str | None:
        return self.game.phase if self.state else None

    @property
    def game(self) -> GameState:
        """The game under way, for code that runs only while there is one."""
        if self.state is None:
            raise RuntimeError("no game is running")
        return self.state

    # read-only queries for the views (which never touch the state itself)
    @property
    def has_game(self) -> bool:
        return self.state is not None

    @property
    def city(self) -> City | None:
        return self.state.city if self.state is not None else None

    @property
    def city_hall_open(self) -> bool:
        return self.state is not None and self.state.city_hall_open

    def setup_tiles(self) -> list[int]:
        """The starting neighborhoods still to place (setup only)."""
        return sorted(self.state.setup_tiles) if self.state is not None else []

    def recent_events(self, n: int) -> list[Event]:
        return self.state.events[-n:] if self.state is not None else []

    def check(self, action: Action) -> str | None:
        """The engine's reason against `action` for the player to move, or None."""
        return self.game.check(action)

    def why_not(self, kind: ActionKind, tile: int | None = None) -> str | None:
        """Why no move of `kind` can be made now (the engine's sentence), or None."""
        return self.game.why_not(kind, tile)

    def turn_text(self) -> str:
        """The status line: whose turn, and what to do now."""
        return presenters.turn_text(
            self.state, my_turn=self.my_turn(), handoff=self.handoff_pending, name=self.name, is_bot=self.is_bot
        )

    def status_line(self) -> str:
        """The edition, the round and City Hall's value, for the status bar."""
        return presenters.status_line(self.state)

    def results(self) -> presenters.Results:
        return presenters.results(self.game, self.name)

    def my_turn(self) -> bool:
        """The player at the screen is the one to move."""
        s = self.state
        return s is not None and not s.is_over and self.viewer is not None and s.current_player == self.viewer

    def hand(self) -> list[int]:
        if self.state is None or self.viewer is None:
            return []
        return sorted(self.game.hands[self.viewer])

    def stack_counts(self) -> list[int]:
        """Cards left in stacks 1..8 (index 0 unused)."""
        if self.state is None:
            return []
        return [len(s) for s in self.game.stacks]

    def legal_draw_stacks(self) -> list[int]:
        if not self.my_turn() or self.game.phase not in DRAW_PHASES:
            return []
        return [a.stack for a in self.game.legal_actions(ActionKind.DRAW) if isinstance(a, Draw)]

    def legal_kinds(self) -> list[ActionKind]:
        if not self.my_turn():
            return []
        return self.game.legal_kinds()

    def spare_tiles(self) -> list[int]:
        """Tiles not yet in the city (at setup: the ones to place now)."""
        s = self.state
        if s is None:
            return []
        if s.phase == Phase.SETUP:
            return sorted(s.setup_tiles)
        return sorted(set(s.rules.tiles) - s.city.placed_tiles)

    def tile_footprint(self, number: int, rotation: int) -> tuple[int, int]:
        return footprint(self.game.rules, number, rotation)

    def legal_tile_positions(self, number: int, rotation: int) -> set[tuple[int, int]]:
        """Top-left cells where tile `number` may go with `rotation` now (empty if not your move)."""
        if not self.my_turn():
            return set()
        key = ("tile", len(self.game.history), number, rotation % 4)
        if key not in self._cache:
            out = set()
            for a in self.game.legal_actions(ActionKind.NEIGHBORHOOD):
                if isinstance(a, PlaceTile) and a.number == number and a.rotation == rotation % 4:
                    out.add((a.x, a.y))
            self._cache[key] = out
        return self._cache[key]

    def legal_builds(self, btype: str, size: int | None = None) -> list[tuple[int, ...]]:
        """Property sets where you may build `btype` (of `size` cells) now."""
        if not self.my_turn() or self.game.phase != Phase.ACTION:
            return []
        key = ("build", len(self.game.history), btype, size)
        if key not in self._cache:
            kind = ActionKind.PARK_FACTORY if self.game.rules.buildings[btype].with_card else ActionKind.BUILD
            self._cache[key] = [
                a.properties
                for a in self.game.legal_actions(kind)
                if isinstance(a, Build) and a.building == btype and (size is None or len(a.properties) == size)
            ]
        return self._cache[key]

    def legal_streets(self) -> list:
        if not self.my_turn() or self.game.phase not in (Phase.ACTION, Phase.STREETCAR):
            return []
        return [a.street for a in self.game.legal_actions(ActionKind.STREETCAR) if isinstance(a, PlaceStreetcar)]

    def judge(self, btype: str, props) -> Judgement:
        """Legality, score and breakdown of building `btype` on `props` for you now."""
        reason = self._turn_reason()
        if reason:
            return Judgement(reason)
        try:
            return self.game.judge(Build(btype, tuple(props)))
        except (ValueError, TypeError, KeyError) as exc:
            return Judgement(str(exc))

    def offered_cards(self) -> list[dict]:
        """The redevelopment offers as you may see them."""
        s = self.state
        if s is None or not s.offers:
            return []
        view = s.view_for(self.viewer) if self.viewer is not None else None
        offers = view.offers if view is not None else s.offers
        out = []
        for owner, o in sorted(offers.items()):
            for slot, card in enumerate(o.cards):
                if view is None and not o.face_up:
                    card = -stack_of(card)  # nobody at the screen: only what everyone may see
                out.append(
                    {
                        "owner": owner,
                        "slot": slot,
                        "card": card,
                        "face_up": o.face_up,
                        "taken_by": o.taken[slot],
                    }
                )
        return out

    # ------------------------------------------------------------------ acting
    def _turn_reason(self, seat: int | None = None) -> str | None:
        s = self.state
        if s is None:
            return translate("GameController", "no game is running: start one with Game → New")
        if s.is_over:
            return translate("GameController", "the game is over")
        seat = self.viewer if seat is None else seat
        cur = s.current_player  # the game is not over
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

    def act(self, action: Action, seat: int | None = None) -> str | None:
        """Play `action` for the human at the screen (or `seat`). Returns None
        if it was played, else the reason (also sent as ``refused``)."""
        reason = self._turn_reason(seat)
        if reason is None:
            reason = self.game.check(action, self.game.current_player)
        if reason is not None:
            text = sentence(reason)
            self.refused.emit(text)
            self.message.emit(text)
            return text
        p = self.game.current_player
        self.game.apply(action)
        self._clear_redo()
        self._applied(p, action)
        return None

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
        return self._turn_reason()

    def action_reason(self) -> str | None:
        """Why the player at the screen may not take a main action now, or None."""
        reason = self._turn_reason()
        if reason is None and self.game.phase != Phase.ACTION:
            reason = presenters.phase_todo(self.game.phase)
        return reason

    def legal_takes(self) -> set[tuple[int, int]]:
        """(owner, slot) of the offered cards you may take now."""
        if not self.my_turn() or self.game.phase != Phase.TAKE:
            return set()
        return {(a.owner, a.slot) for a in self.game.legal_actions(ActionKind.TAKE) if isinstance(a, Take)}

    def _refuse(self, reason: str) -> str:
        text = sentence(reason)
        self.refused.emit(text)
        self.message.emit(text)
        return text

    def reveal_hand(self) -> None:
        """Hot-seat: the player the screen was passed to shows their hand."""
        if self.handoff_pending is None:
            return
        self.viewer = self.handoff_pending
        self.handoff_pending = None
        self._refresh_hand(replace=True)
        self.supply_model.update(self._supply_rows())
        self.viewerChanged.emit()
        self.stateChanged.emit()
        self._schedule()

    # ------------------------------------------------------------------ take-backs
    @property
    def with_take_backs(self) -> bool:
        """Moves were taken back in this game (the mark of the record and the results)."""
        return self.take_backs > 0

    def _clear_redo(self) -> None:
        self._future = []
        self._redo_stops = []
        self._undo_player = None

    def _undo_target(self) -> tuple[int | None, str | None]:
        """The history length undo would go back to, or the reason it cannot."""
        s = self.state
        if s is None:
            return None, self.tr("there is no game to take a move back in")
        if not self.allow_take_backs:
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
        """Why Undo cannot be used now, or None."""
        return self._undo_target()[1]

    def can_undo(self) -> bool:
        return self._undo_target()[1] is None

    def can_redo(self) -> bool:
        return self.state is not None and bool(self._redo_stops)

    def undo(self) -> str | None:
        """Take back everything since the last decision of a human (the
        bots' replies included) and let that player choose again. Returns
        None if done, else the reason (also sent as ``refused``)."""
        target, reason = self._undo_target()
        if reason is not None or target is None:
            return self._refuse(reason or self.tr("there is nothing to take back"))
        s = self.game
        if not self._redo_stops:
            self._future = list(s.history)
        self._redo_stops.append(len(s.history))
        if self.hot_seat:
            self._undo_player = s.actors[target]
        self.take_backs += 1
        self._replace_state(rebuild(s, target))
        text = self.tr("Move taken back: %1 chooses again. The game is marked \u201cwith take-backs\u201d.")
        self.message.emit(text.replace("%1", self.name(self.game.current_player)))
        return None

    def redo(self) -> str | None:
        """Play again what the last undo took back."""
        if self.state is None or not self._redo_stops:
            return self._refuse(self.tr("there is nothing to redo"))
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
        """Go on from `state` (a position of this game): bots in thought are dropped."""
        self._token += 1
        self._timer.stop()
        self._pending = None
        self.thinking = None
        self.state = state
        self._cache = {}
        if self.hot_seat:
            self.viewer = None
            self.handoff_pending = None
        self._reset_models()
        self.takenBack.emit()
        self.viewerChanged.emit()
        self.stateChanged.emit()
        self._autosave()
        self._schedule()

    # ------------------------------------------------------------------ hints
    def request_hint(self) -> bool:
        fn = hint_function()
        if fn is None or not self.my_turn():
            return False
        seat = self.viewer
        assert seat is not None  # my_turn() says someone sits at the screen
        view = self.game.view_for(seat)
        botworker.start(self._token, lambda: fn(view, seat), self._hint_signals)
        return True

    def _hint_done(self, token: int, result) -> None:
        if token != self._token:
            # the game moved on while the hint was thought out (an automatic
            # draw, say): think again for the new position rather than drop it
            if self.state is not None and self.my_turn():
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
        self.hintReady.emit(action, str(text))

    def _hint_failed(self, token: int, text: str) -> None:
        self.message.emit(
            translate("GameController", "No hint available: {reason}").format(reason=text.splitlines()[0])
        )

    # ------------------------------------------------------------------ flow
    def _applied(self, player: int, action: Action) -> None:
        self._token += 1
        self._refresh_models()
        self.actionApplied.emit(player, action)
        self.stateChanged.emit()
        self._autosave()
        self._schedule()

    def _schedule(self) -> None:
        s = self.state
        self._timer.stop()
        self._pending = None
        if s is None:
            return
        if s.is_over:
            self.gameOver.emit()
            return
        p = s.current_player
        if self.is_bot(p):
            if self.hot_seat and self.viewer is not None:
                self._hide_hand()
            if self.paused:
                return
            delay = self.bot_delay_ms
            if s.phase in SHORT_PHASES:
                delay = min(delay, 120)
            self._pending = ("bot", self._token)
            self.botThinking.emit(p)
            self._timer.start(delay)
            return
        # a human to move
        if self.hot_seat and self.viewer != p:
            if self.viewer is not None:
                self._hide_hand()
            if self.handoff_pending != p:
                self.handoff_pending = p
                self.handoffRequested.emit(p)
            return
        self.humanTurn.emit(p)
        if self.auto_draw and s.phase in DRAW_PHASES:
            draws = s.legal_actions(ActionKind.DRAW)
            if len(draws) == 1:
                self._pending = ("draw", self._token, draws[0])
                self._timer.start(0)

    def _hide_hand(self) -> None:
        self.viewer = None
        self._refresh_hand(replace=True)
        self.supply_model.update(self._supply_rows())
        self.viewerChanged.emit()

    def _on_timer(self) -> None:
        pending, self._pending = self._pending, None
        if pending is None or pending[1] != self._token or self.state is None:
            return
        if pending[0] == "draw":
            self.act(pending[2])
            return
        if self.paused:
            return
        if self.game.is_over:
            return
        p = self.game.current_player
        bot = self.bots.get(p)
        if bot is None:
            return
        view = self.game.view_for(p)
        self.thinking = p
        botworker.start(self._token, lambda: bot.choose(view), self._signals)

    def set_paused(self, paused: bool) -> None:
        self.paused = paused
        if not paused:
            self._schedule()

    def _bot_done(self, token: int, action) -> None:
        if token != self._token or self.state is None:
            return
        self.thinking = None
        s = self.game
        p = s.current_player
        reason = s.check(action) if isinstance(action, Action) else f"not an action: {action!r}"
        if reason is not None:
            self.message.emit(
                translate(
                    "GameController", "{name}'s bot chose an illegal move ({reason}); it plays a random move instead."
                ).format(name=self.name(p), reason=engine_text(reason))
            )
            action = random.Random(len(s.history)).choice(s.legal_actions())
        s.apply(action)
        self._clear_redo()
        self._applied(p, action)

    def _bot_failed(self, token: int, text: str) -> None:
        if token != self._token or self.state is None:
            return
        self.thinking = None
        s = self.game
        p = s.current_player
        self.message.emit(
            translate("GameController", "{name}'s bot failed ({reason}); it plays a random move instead.").format(
                name=self.name(p), reason=text.splitlines()[0]
            )
        )
        action = random.Random(len(s.history)).choice(s.legal_actions())
        s.apply(action)
        self._clear_redo()
        self._applied(p, action)

    def stop(self) -> None:
        """Stop scheduling bots (window closing)."""
        self._token += 1
        self._timer.stop()
        self._pending = None

    # ------------------------------------------------------------------ autosave
    def _autosave(self) -> None:
        if not self.autosave_enabled or self.state is None:
            return
        try:
            write_record(self.autosave_path, self.state, self.players, self.record_extra(autosave=True))
        except (OSError, ValueError) as exc:
            # the game goes on; the player is told once per run of failures
            reason = getattr(exc, "strerror", None) or str(exc)
            if self.last_autosave_error is None:
                self.last_autosave_error = reason
                self.autosaveFailed.emit(reason)
            self.last_autosave_error = reason
            return
        if self.last_autosave_error is not None:
            self.last_autosave_error = None
            self.autosaveRecovered.emit()

    # ------------------------------------------------------------------ models
    def _player_rows(self) -> list[dict]:
        return presenters.player_rows(self.game, self.players, self.colour, kind_label)

    def _supply_rows(self) -> list[dict]:
        s = self.game
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
        return {c for c in cards if self.game.is_useless(c)}

    def _absent(self, cards) -> set[int]:
        city = self.game.city
        return {c for c in cards if is_property_card(c) and not city.is_in_city(c)}

    def _refresh_hand(self, reset: bool = False, replace: bool = False) -> None:
        cards = self.hand()
        useless, absent = self._useless(cards), self._absent(cards)
        if reset:  # a new game
            self.hand_model.reset(self.game.rules, cards, useless, absent)
        elif replace:  # the hand of another player (hot-seat), or hidden
            self.hand_model.replace(cards, useless, absent)
        else:
            self.hand_model.update(cards, useless, absent)

    def _reset_models(self) -> None:
        s = self.game
        self.players_model.reset(self._player_rows())
        self._refresh_hand(reset=True)
        self.supply_model.reset(self._supply_rows())
        self.log_model.reset(self._log_rows(s.events))
        self.history_model.reset([p.name for p in self.players], self.colours(), s.score_history)

    def recolour(self) -> None:
        """The palette changed: the tables, the log and the chart take the new colours."""
        if self.state is None:
            return
        s = self.game
        self.players_model.update(self._player_rows())
        self.log_model.reset(self._log_rows(s.events))
        self.history_model.reset([p.name for p in self.players], self.colours(), s.score_history)
        self.stateChanged.emit()

    def _refresh_models(self) -> None:
        s = self.game
        self.players_model.update(self._player_rows())
        self._refresh_hand()
        self.supply_model.update(self._supply_rows())
        n = self.log_model.rowCount()
        if len(s.events) > n:
            self.log_model.extend(self._log_rows(s.events[n:]))
        m = self.history_model.rowCount()
        if len(s.score_history) > m:
            self.history_model.extend(s.score_history[m:])
