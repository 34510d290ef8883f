"""What the parts of the game window ask of the window itself.

The window is a shell of parts (files, replays, the network table, the
lessons, each a ``QObject`` of its own); a part is handed the controller,
the board and this small interface in its constructor, and never the whole
window. The window implements it (see :mod:`.mainwindow`)."""

from __future__ import annotations

from typing import Protocol

from .controller import GameConfig


class WindowServices(Protocol):
    """The few things a part asks of the window it is in."""

    def show_message(self, text: str) -> None:
        """A sentence in the status bar (for a few seconds)."""
        ...

    def show_new_game(self, start_city: list | None = None, edition: str | None = None) -> object:
        """The New game dialog (window-modal, non-blocking)."""
        ...

    def propose_game(self, config: GameConfig) -> object:
        """The New game dialog, filled in with this setup."""
        ...

    def ensure_chart(self) -> object:
        """The score chart, made on first use."""
        ...

    def bot_delay_ms(self) -> int:
        """The bot speed the player chose (a lesson's bots play at it)."""
        ...

    def refresh(self) -> None:
        """The window follows the game again (its actions, titles, panels)."""
        ...
