"""Starting, opening and saving games: what Game → New, Open, Continue and
Save do with a window's controller.

A game of this computer's own is played by a local session; a network
table or a lesson is replaced by one first (:meth:`GameStarter.play_here`).
The controller's models follow whichever session plays (they listen to its
signals); nothing here touches them.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Protocol, cast

from PySide6.QtCore import QObject, SignalInstance

from bigcity_desktop.bots.levels import PLAYER_KINDS
from bigcity_desktop.engine import Action, GameState
from bigcity_desktop.engine.record import LoadedGame, PlayerInfo, RecordError, read_record, write_record
from bigcity_desktop.i18n import translate
from bigcity_desktop.scene import style as S
from bigcity_desktop.session.base import GameSession
from bigcity_desktop.session.local import GameConfig, LocalSession, SeatConfig
from bigcity_desktop.session.saves import Saves, SaveSlot

from .wording import sentence


class Presenter(Protocol):
    """What starting a game needs of the window's presenter
    (:class:`~.controller.GameController` is one): the session it shows,
    a way to show another, and its status line."""

    session: GameSession
    log_later: bool

    @property
    def message(self) -> SignalInstance: ...

    def use_session(self, session: GameSession) -> None: ...


DEFAULT_COLOURS = list(S.PALETTES["standard"])


def _colour(i: int, colour: str | None) -> str:
    return colour or DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)]


class GameStarter:
    """Starts, opens and saves the games a controller shows."""

    def __init__(self, ctrl: Presenter, owner: QObject) -> None:
        self.ctrl = ctrl
        self.owner = owner  # the parent of the local sessions made here

    @property
    def is_local(self) -> bool:
        """The game is played here (new games, opened files and set-up positions are)."""
        return self.ctrl.session.traits.starts_games

    @property
    def local(self) -> LocalSession:
        """The local session (starting, opening and saving games); RuntimeError elsewhere."""
        if not self.is_local:
            raise RuntimeError("this game is not played here: it cannot be started, saved or opened from this window")
        return cast(LocalSession, self.ctrl.session)

    def play_here(self) -> None:
        """A game of this computer's own replaces a network table or a lesson."""
        if not self.is_local:
            self.ctrl.use_session(LocalSession(self.owner))

    def new_game(self, config: GameConfig) -> None:
        """A new local game (ValueError when the rules do not allow the setup)."""
        seats = [SeatConfig(s.name, s.kind, _colour(i, s.colour)) for i, s in enumerate(config.seats)]
        self.play_here()
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
        self.play_here()
        # a game read on a worker is long: its log is filled a moment after the
        # rest of the window, so the two are drawn in two short stops, not one
        self.ctrl.log_later = known is not None
        try:
            warnings = self.local.start_loaded(self._coloured(game), slot=slot, known=known)
        finally:
            self.ctrl.log_later = False
        for w in warnings:
            self.ctrl.message.emit(sentence(w))
        return warnings

    def resume(self, game: LoadedGame, slot: SaveSlot | None = None) -> None:
        self.play_here()
        self.local.start_loaded(self._coloured(game), slot=slot)

    def start_from_state(self, state: GameState, players: list[PlayerInfo]) -> None:
        """Take over a game already under way (a replayed record, a test position)."""
        self.play_here()
        self.local.start_from_state(
            state, [PlayerInfo(p.name, p.kind, _colour(i, p.colour)) for i, p in enumerate(players)]
        )

    @staticmethod
    def _coloured(game: LoadedGame) -> LoadedGame:
        players = [PlayerInfo(p.name, p.kind, _colour(i, p.colour)) for i, p in enumerate(game.players)]
        return replace(game, players=players)

    def save_game(self, path: str | Path) -> None:
        session = self.ctrl.session
        if not session.traits.saves:
            record = session.final_record()
            if record is None:
                raise RecordError(translate("GameController", "this game is kept by the table's server, not here"))
            write_record(path, record.state, record.players, record.extra)
            return
        self.local.save_game(path)

    @property
    def autosave_path(self) -> Path:
        return self.local.autosave_path

    def here(self) -> LocalSession | None:
        """The window's own local game (the session that saves), else None
        (a network table, a lesson)."""
        s = self.ctrl.session
        return cast(LocalSession, s) if s.traits.saves else None

    def go_back(self, previous: LocalSession | None) -> LocalSession:
        """The window plays its own game again (`previous`; else a new, empty one)."""
        session = previous if previous is not None else LocalSession(self.owner)
        self.ctrl.use_session(session)
        return session

    def results_seen(self) -> None:
        """The finished game's results have been seen: it leaves Game → Continue."""
        here = self.here()
        if here is not None:
            here.results_seen()

    def saves(self) -> Saves:
        """The saved games (the folder this window's games are autosaved in)."""
        here = self.here()
        return Saves(here.saves_folder) if here is not None else Saves()

    def current_slot(self) -> Path | None:
        """The file of the saved game this window plays (left out of Continue)."""
        here = self.here()
        return here.slot.path if here is not None and here.slot is not None else None
