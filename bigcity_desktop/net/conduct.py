"""Conduct on a server: players' reports to its operator, and the operator's ban list.

A ``report`` names a seat at the reporter's own table and says what
happened; the server writes it as a log line (logger ``bigcity.server.conduct``)
and appends it as one JSON line to ``reports.jsonl`` in its data folder
(0600), the file the operator reads. Each line holds the time, the reporter
(address, player key and seat), the table, the reported seat's name and
player key, and the words, capped.

The ban list (``bigcity-server --ban-list FILE``) holds player keys, one a
line (blank lines and ``#`` comments ignored). It is read again whenever its
modification time or size changes (looked at on each ``identify`` and once a
second by the housekeeping); a key on it is refused at ``identify`` with a
sentence, and a player on it who is connected when it is added is sent away
(net/leaving.py: their seat goes to a bot as a leaver's, the connection is
closed with code 4403). A list that cannot be read keeps the keys read
last, and says so in the log once a change.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import time
import weakref
from pathlib import Path
from typing import TYPE_CHECKING

from bigcity_desktop.engine.names import clean_name

from . import protocol as P
from .tables import clean_text

if TYPE_CHECKING:
    from .config import ServerConfig
    from .connection import Conn
    from .playerdesk import PlayerDesk

log = logging.getLogger("bigcity.server.conduct")

#: the operator's file of reports, in the server's data folder
REPORTS = "reports.jsonl"
#: the reports one connection may make (a flood of them is not read by anyone)
REPORTS_PER_CONNECTION = 20


class Conduct:
    """One server's reports and ban list (see the module's text)."""

    def __init__(self, config: ServerConfig, desk: PlayerDesk) -> None:
        self.reports = Path(config.data_dir) / REPORTS if config.data_dir is not None else None
        self.ban_list = config.ban_list
        self._keys: frozenset[str] = frozenset()
        self._seen: tuple[float, int] | None = None  # the list's (mtime, size) when read
        self._swept: tuple[float, int] | None = None  # the list's (mtime, size) when connections were last looked at
        self._made: weakref.WeakKeyDictionary[Conn, int] = weakref.WeakKeyDictionary()  # reports made
        desk.banned = self.banned

    # -- the ban list
    def banned(self, player: str) -> bool:
        """Whether `player` is on the ban list (read again if it changed)."""
        if self.ban_list is None:
            return False
        self._read()
        return player in self._keys

    def changed(self) -> frozenset[str]:
        """The banned keys when the list changed since the last call (net/leaving.py sends the
        connected ones away), else none."""
        if self.ban_list is None:
            return frozenset()
        self._read()
        if self._seen == self._swept:
            return frozenset()
        self._swept = self._seen
        return self._keys

    def _read(self) -> None:
        """The list read again if its modification time or size changed."""
        assert self.ban_list is not None
        try:
            st = os.stat(self.ban_list)
            mark = (st.st_mtime, st.st_size)
            if mark != self._seen:
                self._keys = read_ban_list(self.ban_list.read_text(encoding="utf-8"))
                self._seen = mark
                log.info("ban list %s read: %d player keys", self.ban_list, len(self._keys))
        except (OSError, UnicodeDecodeError) as exc:
            if self._seen != (-1.0, -1):
                log.error("the ban list %s cannot be read (%s): the keys read last stay banned", self.ban_list, exc)
                self._seen = (-1.0, -1)

    # -- reports
    async def report(self, conn: Conn, m: P.Report) -> None:
        t = conn.table
        if t is None or conn.seat is None:
            conn.refuse("no_table", "A player is reported from their table, by one of its players.", m.id)
            return
        if m.seat >= len(t.seats) or m.seat == conn.seat or t.seats[m.seat].name is None:
            conn.refuse("seat", f"{t.seat_words(m.seat, capital=True)} is not another player at your table.", m.id)
            return
        words = clean_text(m.reason, 1000)
        if not words:
            conn.refuse("report", "Say what happened: an empty report is not sent.", m.id)
            return
        made = self._made.get(conn, 0)
        if made >= REPORTS_PER_CONNECTION:
            conn.refuse("limit", "You have sent as many reports as one connection may.", m.id)
            return
        self._made[conn] = made + 1
        s, me = t.seats[m.seat], t.seats[conn.seat]
        entry = {
            "time": round(time.time(), 3),
            "table": t.id,
            "reporter": {"address": conn.address, "player": conn.player, "seat": conn.seat, "name": me.name},
            "reported": {"seat": m.seat, "player": s.player, "name": clean_name(s.name or "")},
            "reason": words,
        }
        line = json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
        log.warning("report: %s", line)
        if self.reports is not None:
            try:
                await asyncio.get_running_loop().run_in_executor(None, _append, self.reports, line)
            except OSError as exc:
                log.error("the report cannot be written to %s: %s", self.reports, exc)


def read_ban_list(text: str) -> frozenset[str]:
    """The player keys of a ban list's text: one a line, ``#`` to the line's end a comment."""
    keys = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return frozenset(k for k in keys if k)


def _append(path: Path, line: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    with os.fdopen(fd, "a", encoding="utf-8") as f:
        f.write(line + "\n")
