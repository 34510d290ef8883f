"""The events of a client core on their way to a window: queued off the GUI
thread and coalesced, so that however fast a server sends, the window has
only a little to do each time it looks.

The client's thread :meth:`~EventInbox.put`\\ s each event; the first one
put into an empty inbox calls `wake` (the window's queued signal), once,
and the window :meth:`~EventInbox.take`\\ s what has come, when it is ready:

- views: the latest wins. A view put while an earlier one of the same table
  waits (with only table or lobby changes after it) replaces it: deltas
  merge into one (its `action` the last move's, its `events` all of them),
  and a whole view among them makes the merged one whole (``full``);
- the table's and the lobby's state: the latest wins likewise;
- chat lines wait in a line of their own, at most :data:`CHAT_KEPT` (older
  ones are dropped and counted), and are taken :data:`CHAT_PER_TAKE` at a time;
- every other event (a seat, a refusal, the connection, the end) in order;
- a whole view is taken alone (what came before it in one take, what came
  after it in the next): the window reads it afresh and paints it anew, and
  a rejoin's seat, table and whole view that came together would otherwise
  hold the window in one long turn of its event loop.

While the window works on what it took (and paints it), it says so
(:meth:`~EventInbox.working`), and the client's thread holds off reading
(:meth:`~EventInbox.window_busy`): a thread busy reading would take the
interpreter (the GIL) each time the window's thread lets it go for a Qt
call, and a paint of a few hundred such calls would last many times longer.

Qt-free: :class:`~bigcity_desktop.session.remote.RemoteSession` is its window side.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace

from .client import ChatReceived, ClientEvent, LobbyUpdate, TableChanged, ViewUpdate

#: chat lines waiting at most (a flood's older lines are dropped)
CHAT_KEPT = 200
#: chat lines handed over per take
CHAT_PER_TAKE = 40


@dataclass(frozen=True)
class Batch:
    """What one take hands over: the events in order, the chat lines, how
    many chat lines were dropped unread since the last take, and whether
    more chat lines wait (take again soon)."""

    events: tuple[ClientEvent, ...]
    chat: tuple[ChatReceived, ...]
    dropped_chat: int
    more: bool


def merge_views(old: ViewUpdate, new: ViewUpdate) -> ViewUpdate:
    """`new` standing for both: its view, both's new events, whole if either was."""
    full = old.full or new.full
    return replace(
        new,
        events=old.events + new.events,
        full=full,
        action=None if full else new.action,
        by=None if full else new.by,
    )


#: events a later one of the same kind replaces while it waits (the view, the table, the lobby)
_LATEST_WINS = (ViewUpdate, TableChanged, LobbyUpdate)


def _same(a: ClientEvent, b: ClientEvent) -> bool:
    if isinstance(a, ViewUpdate) and isinstance(b, ViewUpdate):
        return a.table == b.table
    if isinstance(a, TableChanged) and isinstance(b, TableChanged):
        return a.table.id == b.table.id
    return type(a) is type(b)


def _take_upto(events: list[ClientEvent]) -> int:
    """How many of `events` one take hands over: up to a whole view, which
    is taken alone (see the module docstring)."""
    for i, e in enumerate(events):
        if isinstance(e, ViewUpdate) and e.full:
            return i or 1
    return len(events)


class EventInbox:
    """See the module docstring. Any thread may put; one thread takes."""

    def __init__(self, wake: Callable[[], None]) -> None:
        self._wake = wake
        self._lock = threading.Lock()
        self._events: list[ClientEvent] = []
        self._chat: deque[ChatReceived] = deque()
        self._dropped = 0
        self._armed = False  # `wake` was called and no take has emptied the inbox since
        self._closed = False
        self._working = False
        self.merged = 0  # events that replaced a waiting one (for the benchmark and the tests)

    def put(self, event: ClientEvent) -> None:
        with self._lock:
            if self._closed:
                return
            if isinstance(event, ChatReceived):
                self._chat.append(event)
                if len(self._chat) > CHAT_KEPT:
                    self._chat.popleft()
                    self._dropped += 1
            else:
                if isinstance(event, _LATEST_WINS):
                    event = self._coalesce(event)
                self._events.append(event)
            wake = not self._armed
            self._armed = True
        if wake:
            self._wake()

    def _coalesce(self, event: ClientEvent) -> ClientEvent:
        """`event`, standing also for a waiting one of its kind it replaces
        (looked for back to the last event of another kind that must keep its place)."""
        for i in range(len(self._events) - 1, -1, -1):
            e = self._events[i]
            if _same(e, event):
                del self._events[i]
                self.merged += 1
                if isinstance(e, ViewUpdate) and isinstance(event, ViewUpdate):
                    return merge_views(e, event)
                return event
            if not isinstance(e, _LATEST_WINS):
                break
        return event

    def take(self, chat_limit: int = CHAT_PER_TAKE) -> Batch:
        with self._lock:
            cut = _take_upto(self._events)
            events, self._events = tuple(self._events[:cut]), self._events[cut:]
            chat = tuple(self._chat.popleft() for _ in range(min(chat_limit, len(self._chat))))
            dropped, self._dropped = self._dropped, 0
            more = bool(self._chat) or bool(self._events)
            self._armed = more  # the taker takes again while more wait; else the next put wakes it
        return Batch(events, chat, dropped, more)

    def working(self, busy: bool) -> None:
        """The taker works on what it took (True), or is done (False)."""
        self._working = busy

    def window_busy(self) -> bool:
        """The taker is at work (the client's thread holds off reading meanwhile)."""
        return self._working and not self._closed

    def close(self) -> None:
        """Drop whatever waits; events put from now on go nowhere."""
        with self._lock:
            self._closed = True
            self._events.clear()
            self._chat.clear()
