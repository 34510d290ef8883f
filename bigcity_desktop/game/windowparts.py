"""What the placing commands (:mod:`.placing`, still mixed into the game
window) use of the window: its widgets and state, declared once (the
window sets them). The window's other parts (files, replays, the network
table, the lessons) are objects of their own, handed what they need."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow

from bigcity_desktop.scene import CityScene, CityView
from bigcity_desktop.scene.interaction import BoardInteraction
from bigcity_desktop.ui.preferences import Preferences

from .controller import GameController
from .panels import HandPanel, LogPanel, PlayersPanel, SupplyPanel, TilesPanel

if TYPE_CHECKING:
    _Window = QMainWindow
else:  # at run time the parts are plain classes: the window has one Qt base (shiboken wants no diamond)
    _Window = object


class WindowParts(_Window):
    """The game window's shared parts (see the module text)."""

    ctrl: GameController
    scene: CityScene
    board: BoardInteraction
    view: CityView
    prefs: Preferences
    settings: QSettings
    docks: dict[str, QDockWidget]
    actions: dict[str, QAction]  # type: ignore[assignment]  # the named menu actions
    players_panel: PlayersPanel
    hand_panel: HandPanel
    supply_panel: SupplyPanel
    tiles_panel: TilesPanel
    log_panel: LogPanel
    hint_text: str  # the hint's line in the status bar, until a move is made
    hint_outline: bool  # the board's selection outline shows a hint

    def show_message(self, text: str) -> None:
        raise NotImplementedError

    def show_prompt(self, text: str) -> None:
        raise NotImplementedError

    def refresh(self) -> None:
        raise NotImplementedError
