"""Muting a player's chat in the app, for this viewer only (the server is
not told): a player is muted by their player id where they have one, else
by the name they sit under, and the list is kept in the app's settings
(``net/muted``) once the window gives it its settings."""

from __future__ import annotations

from typing import Any

from bigcity_desktop.net.protocol import TableInfo

#: the settings key of the muted players (one a line)
MUTED_KEY = "net/muted"
#: the most kept (the oldest go first)
MOST = 1000


class ChatMute:
    """The players whose chat this app does not show."""

    def __init__(self, settings: Any = None) -> None:
        self.settings: Any = None
        self.muted: list[str] = []
        if settings is not None:
            self.use(settings)

    def use(self, settings: Any) -> None:
        """Keep the list in `settings` (the muted read from there, added to any muted meanwhile)."""
        self.settings = settings
        kept = str(settings.value(MUTED_KEY, "") or "").splitlines()
        self.muted = [k for k in kept if k] + [k for k in self.muted if k not in kept]

    @staticmethod
    def key(table: TableInfo | None, seat: int | None, name: str) -> str | None:
        """Who sits in `seat` (or said a line from it), as the list knows them; None for a spectator."""
        if seat is None:
            return None
        info = next((s for s in table.seats if s.seat == seat), None) if table is not None else None
        return f"p:{info.player}" if info is not None and info.player else f"n:{name}"

    def is_muted(self, key: str | None) -> bool:
        return key is not None and key in self.muted

    def toggle(self, key: str) -> bool:
        """Mute `key`, or show it again; whether it is muted now."""
        if key in self.muted:
            self.muted.remove(key)
        else:
            self.muted = [*self.muted, key][-MOST:]
        if self.settings is not None:
            self.settings.setValue(MUTED_KEY, "\n".join(self.muted))
        return key in self.muted
