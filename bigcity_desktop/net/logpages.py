"""The log's older events, a page at a time (``log``).

A whole view carries the log's recent events only (engine/viewjson.py,
``recent``; ``events_from`` says how many come before them): a long game's
whole log would make every join and rejoin slow. A member of a table (a seat
or a spectator) asks for the events before a number and is answered with
the last :data:`~.protocol.LOG_PAGE` of them, written as a view writes its
events. The log is public: every seat and spectator is sent the same events
in its views, so a page hides nothing a view would not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bigcity_desktop.engine.viewjson import events_to_json

from . import protocol as P

if TYPE_CHECKING:
    from .connection import Conn


async def on_log(_server: object, conn: Conn, m: P.AskLog) -> None:
    """The server's handler of ``log`` (``GameServer.on_log``)."""
    t = conn.table
    st = t.state if t is not None and t.id == m.table else None
    if st is None:
        conn.refuse("no_game", "There is no log to send: you are not at that table, or its game has not begun.", m.id)
        return
    before = min(m.before, len(st.events))
    first = max(0, before - P.LOG_PAGE)
    conn.send(P.LogPage(m.table, first, tuple(events_to_json(st, first, before)), m.id))


__all__ = ["on_log"]
