"""The last seat taken at a network table (:class:`KeptSeat`), kept until
its game ends or the seat is left, so that the window offers to rejoin it at
start and in Game → Continue: what is not secret in the settings, the seat's
token in the file only its owner reads (:mod:`.secretfile`). A token an older
version left in the settings moves to that file when it is first read.

Apart from :mod:`.remote` (which writes it) so that reading it at start-up
loads no network code. A note written by a newer version of the app may
carry fields this one does not know: it is read all the same, and those
fields are written back as they were (an older app never drops a seat a
newer one kept, nor what the newer one kept with it).
"""

from __future__ import annotations

import json
from dataclasses import MISSING, asdict, dataclass, fields

from PySide6.QtCore import QSettings

from .secretfile import get_secret, set_secret_soon

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
    unknown: str = ""  # the fields of a newer app's note this version does not know, as a JSON object

    def to_json(self) -> str:
        data = asdict(self)
        del data["unknown"]
        return json.dumps({**(json.loads(self.unknown) if self.unknown else {}), **data})


#: the fields a note must have (the others have defaults)
_NEEDED = {f.name for f in fields(KeptSeat) if f.default is MISSING}
_KNOWN = {f.name for f in fields(KeptSeat)} - {"unknown"}


def _note(text: object) -> dict[str, object] | None:
    """The kept seat's note as read from the settings, or None when it is not one."""
    if not isinstance(text, str) or not text:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data if isinstance(data, dict) and (_NEEDED - {"token"}) <= data.keys() else None


def _well_formed(kept: KeptSeat) -> bool:
    texts = all(isinstance(getattr(kept, f), str) for f in ("address", "table", "token", "title"))
    return texts and isinstance(kept.seat, int) and bool(kept.token)


def kept_seat(settings: QSettings | None) -> KeptSeat | None:
    """The seat to offer to rejoin, or None (none kept, or the note is damaged)."""
    data = _note(settings.value(KEPT_KEY)) if settings is not None else None
    if settings is None or data is None:
        return None
    unknown = {k: v for k, v in data.items() if k not in _KNOWN and k != "unknown"}
    known = {k: v for k, v in data.items() if k in _KNOWN}
    older = bool(known.get("token"))  # an older version's note holds its token: it moves to the owner's file
    if not older:
        known["token"] = get_secret(settings.fileName(), KEPT_KEY) or ""
    try:
        kept = KeptSeat(**known, unknown=json.dumps(unknown) if unknown else "")  # type: ignore[arg-type]
    except TypeError:
        return None
    if not _well_formed(kept):
        return None
    if older:
        keep_seat(settings, kept)
    return kept


def keep_seat(settings: QSettings, kept: KeptSeat) -> None:
    """Keep `kept`: its token in the owner's file (written off this thread), the rest in the settings."""
    set_secret_soon(settings.fileName(), KEPT_KEY, kept.token)
    settings.setValue(KEPT_KEY, json.dumps({**json.loads(kept.to_json()), "token": ""}))


def forget_kept_seat(settings: QSettings | None, address: str | None = None, table: str | None = None) -> None:
    """Forget the kept seat (only if it is at `table` of `address`, when given)."""
    kept = kept_seat(settings)
    if settings is None or kept is None:
        if settings is not None:
            settings.remove(KEPT_KEY)  # a damaged note goes too
            set_secret_soon(settings.fileName(), KEPT_KEY, None)
        return
    if (address is None or kept.address == address) and (table is None or kept.table == table):
        settings.remove(KEPT_KEY)
        set_secret_soon(settings.fileName(), KEPT_KEY, None)
