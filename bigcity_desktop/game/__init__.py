"""The desktop game: main window, Qt models over the engine, controller,
bot worker, dialogs and autosave (issue #4)."""

from bigcity_desktop import qtcompat

qtcompat.apply()  # PySide6 6.12 on Python 3.11: see qtcompat.py

from bigcity_desktop.game.core.controller import GameConfig, GameController, SeatConfig  # noqa: E402

__all__ = ["GameController", "GameConfig", "SeatConfig"]
