"""What a lesson plays on (:class:`Stage`): the window's board and panels.

Apart from :mod:`.lessons` so that the window names it at start-up without
loading the lessons' code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow, QWidget

    from bigcity_desktop.game.core.controller import GameController
    from bigcity_desktop.scene import CityScene, CityView
    from bigcity_desktop.scene.interaction import BoardInteraction

    from .panels import HandPanel, LogPanel, TilesPanel
    from .playerstrips import PlayerStrips
    from .tray import SupplyTray


@dataclass(frozen=True)
class Stage:
    """What a lesson points at, lights and gives the focus to: the window
    (the bubble's parent, whose coordinates it works in), the game, the
    board and the panels."""

    window: QMainWindow
    ctrl: GameController
    scene: CityScene
    view: CityView
    board: BoardInteraction
    docks: dict[str, QWidget]  # the table's panes and the drawer's docks, by key
    hand_panel: HandPanel
    supply_panel: SupplyTray
    tiles_panel: TilesPanel
    log_panel: LogPanel
    players_panel: PlayerStrips
