"""The last seat taken at a network table (:class:`KeptSeat`), kept until
its game ends or the seat is left, so that the window offers to rejoin it at
start and in Game → Continue: what is not secret in the settings, the seat's
token in the file only its owner reads (:mod:`.secretfile`). A token an older
version left in the settings moves to that file when it is first read.

Apart from :mod:`.remote` (which writes it) so that reading it at start-up
loads no network code.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from PySide6.QtCore import QSettings

from .secretfile import get_secret, set_secret

KEPT_KEY = "net/keptSeat"  # the last seat taken, as JSON (KeptSeat but its token), until its game ends or it is left


@dataclass(frozen=True, slots=True)
class KeptSeat:
    """The seat this computer sat in last at a network table: what it takes
    to sit there again after the app was closed."""

    address: str  # the server (ws://host:port)
    table: str  # the table's id
    seat: int
    token: str  # the seat's secret: the server gives the seat back for it
    name: str  # the player's name at the table
    title: str  # the table's title ("Hosty's table")
    rules_title: str
    players: int
    hosted_port: int = 0  # this app hosted the table: its server runs again on this port first
    when: float = 0.0  # when the seat was last seen (time.time())


def kept_seat(settings: QSettings | None) -> KeptSeat | None:
    """The seat to offer to rejoin, or None (none kept, or the note is damaged)."""
    if settings is None:
        return None
    text = settings.value(KEPT_KEY)
    if not isinstance(text, str) or not text:
        return None
    try:
        data = json.loads(text)
        if isinstance(data, dict) and data.get("token"):  # an older version's note: its token moves
            keep_seat(settings, KeptSeat(**data))
        elif isinstance(data, dict):
            data["token"] = get_secret(settings.fileName(), KEPT_KEY) or ""
        kept = KeptSeat(**data) if isinstance(data, dict) else None
    except (ValueError, TypeError):
        return None
    if kept is None or not all(isinstance(getattr(kept, f), str) for f in ("address", "table", "token", "title")):
        return None
    return kept if isinstance(kept.seat, int) and kept.token else None


def keep_seat(settings: QSettings, kept: KeptSeat) -> None:
    """Keep `kept`: its token in the owner's file, the rest in the settings."""
    set_secret(settings.fileName(), KEPT_KEY, kept.token)
    settings.setValue(KEPT_KEY, json.dumps({**asdict(kept), "token": ""}))


def forget_kept_seat(settings: QSettings | None, address: str | None = None, table: str | None = None) -> None:
    """Forget the kept seat (only if it is at `table` of `address`, when given)."""
    kept = kept_seat(settings)
    if settings is None or kept is None:
        if settings is not None:
            settings.remove(KEPT_KEY)  # a damaged note goes too
            set_secret(settings.fileName(), KEPT_KEY, None)
        return
    if (address is None or kept.address == address) and (table is None or kept.table == table):
        settings.remove(KEPT_KEY)
        set_secret(settings.fileName(), KEPT_KEY, None)
