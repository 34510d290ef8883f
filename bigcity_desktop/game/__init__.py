"""The desktop game: main window, Qt models over the engine, controller,
bot worker, dialogs and autosave (issue #4)."""

from . import qtfix

qtfix.apply()  # PySide6 6.12.0's Signal.emit() drops a reference to True on every call

from .controller import GameConfig, GameController, SeatConfig  # noqa: E402

__all__ = ["GameController", "GameConfig", "SeatConfig"]
