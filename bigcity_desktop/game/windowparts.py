"""What the parts of the game window share: the window's widgets and state
that the placing commands (:mod:`.placing`) and the file commands
(:mod:`.files`) use, declared once for both (the window sets them)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMessageBox, QProgressDialog

from bigcity_desktop.scene import CityScene, CityView
from bigcity_desktop.scene.interaction import BoardInteraction
from bigcity_desktop.ui.preferences import Preferences

from .controller import GameConfig, GameController
from .dialogs import ResultsDialog
from .loading import LoadJob
from .panels import HandPanel, LogPanel, PlayersPanel, SupplyPanel, TilesPanel

if TYPE_CHECKING:
    from .hints import Hints
    from .placing import Placing

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
    hints: Hints  # the window's parts (hints.py, placing.py)
    placing: Placing
    last_config: GameConfig | None
    save_path: Path | None
    loading: LoadJob | None
    progress_dialog: QProgressDialog | None
    replay_loading: Any
    replays: list[Any]
    results_dialog: ResultsDialog | None
    autosave_box: QMessageBox | None
    error_box: QMessageBox
    continue_dialog: Any

    def show_message(self, text: str) -> None:
        raise NotImplementedError

    def show_prompt(self, text: str) -> None:
        raise NotImplementedError

    def show_new_game(self, start_city: list | None = None, edition: str | None = None) -> Any:
        raise NotImplementedError

    def ensure_chart(self) -> Any:
        raise NotImplementedError

    def refresh(self) -> None:
        raise NotImplementedError

    # provided by the mixins (files.py), which come before this class
    def startup(self) -> None:
        raise NotImplementedError
