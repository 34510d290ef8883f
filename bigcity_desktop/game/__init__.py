"""The desktop game: main window, Qt models over the engine, controller,
bot worker, dialogs and autosave (issue #4)."""

from .controller import GameController, GameConfig, SeatConfig

__all__ = ["GameController", "GameConfig", "SeatConfig"]
