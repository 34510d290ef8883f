"""Saved tables brought back after the server listens (:class:`Resumer`).

A server listens first, then resumes its saved tables on a thread of its
own: the tables' ids are read (a data folder of the former kind converted
first), then each table's document and moves, its game replayed, one table
at a time, the most recently created first; each table is handed to the
event loop as it is ready. The loop never waits for the disk or a replay:
it answers at once, and lists the tables resumed so far.

At most ``--max-tables`` tables are resumed (:attr:`ServerConfig.max_tables`);
the others stay on disk, said in one log line. A table asked for by its id
(join, rejoin, spectate) before it is resumed is resumed next, and the
request waits for it; one that stays on disk is resumed then if the server
has room for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import threading
import time
from collections import deque
from collections.abc import Callable

from bigcity_desktop.engine.record import LoadedGame
from bigcity_desktop.flow import TableFlow

from .clocks import TableClock
from .snapshots import Mark
from .store import StoredTable, TableStore
from .tables import Seat, Table

log = logging.getLogger("bigcity.server")

#: tables resumed between two freezes of the collector (what is resumed lives
#: as long as the server: the collector need not scan it again and again)
FREEZE_EVERY = 100


def table_from(
    st: StoredTable, game: LoadedGame | None, mark: Mark | None = None, texts: list[str] | None = None
) -> Table:
    """The table a server holds, from what was saved of it (`mark`: where its
    game's logs stand in the store, net/snapshots.py; `texts`: its actions'
    JSON as the store holds them)."""
    now = time.monotonic()
    seats = [
        Seat(s.kind, s.level, s.name, s.token_hash, s.bot_after, None, now if s.name is not None else None, s.player)
        for s in st.seats
    ]
    t = Table(st.id, st.title, st.rules, seats, st.host, st.created, st.bot_seed, public=st.public)
    t.rated, t.min_finished = st.rated, st.min_finished
    if st.invite is not None:  # a table saved before invitations: private, with a fresh secret
        t.invite = st.invite
    t.chat.extend(st.chat)
    if st.clock is not None:  # read when the table was: it reads
        t.clock = TableClock.from_json(st.clock, len(seats))
        t.clock.stopped = st.paused
    t.paused = st.paused  # a paused table comes back paused (net/pausing.py)
    if game is not None:
        t.flow = TableFlow(game.state, t.players())
        t.journaled = len(game.state.history)
        t.snapshot = mark
        if texts is not None and len(texts) == t.journaled:
            t.record.resume(texts)
        salt = game.extra.get("deal_salt")
        t.deal_salt = salt if isinstance(salt, str) else None
    return t


class Resumer:
    """One server's saved tables, resumed on a thread of their own (see the
    module's text). `held` counts the tables the server holds; `arrived`
    takes each resumed table on the event loop; `limit` is the most tables
    the server holds at once."""

    def __init__(
        self, store: TableStore, limit: int, held: Callable[[], int], arrived: Callable[[Table], None]
    ) -> None:
        self.store = store
        self.limit = limit
        self._held = held
        self._arrived_cb = arrived
        self._loop = asyncio.get_running_loop()
        # the loop's side
        self.pending: set[str] = set()  # to be resumed, not yet handed over
        self.on_disk: set[str] = set()  # saved, beyond the limit
        self.known = asyncio.Event()  # the saved tables' ids are read
        self.finished = asyncio.Event()  # every table to resume is handed over
        self._waiting: dict[str, list[asyncio.Future[None]]] = {}
        # the thread's side
        self._lock = threading.Lock()
        self._queue: deque[str] = deque()
        self._urgent: deque[str] = deque()
        self._read: set[str] = set()  # the ids read (none is read twice)
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="bigcity-resume", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """End the thread (after the table it is reading); blocks until it has."""
        self._stop.set()
        self._wake.set()
        if self._thread.is_alive():
            self._thread.join()

    # -- the loop's side
    async def coming(self) -> int:
        """How many saved tables are still to be resumed (once their ids are read)."""
        await self.known.wait()
        return len(self.pending)

    async def bring(self, table_id: str) -> bool:
        """Resume `table_id` now if it is saved and not yet resumed (the
        caller then finds it in the server's tables, or in the store's
        damaged ones); False when it stays on disk, the server being full."""
        await self.known.wait()
        if table_id in self.on_disk:
            if self._held() + len(self.pending) >= self.limit:
                return False
            self.on_disk.discard(table_id)
            self.pending.add(table_id)
        if table_id in self.pending:
            wait = self._loop.create_future()
            self._waiting.setdefault(table_id, []).append(wait)
            with self._lock:
                self._urgent.append(table_id)
            self._wake.set()
            await wait
        return True

    def _listed(self, resumed: list[str], rest: list[str]) -> None:
        self.pending.update(resumed)
        self.on_disk.update(rest)
        self.known.set()
        if rest:
            log.warning(
                "%s saved tables; %s are resumed (--max-tables), the others stay on disk",
                f"{len(resumed) + len(rest):,}",
                f"{len(resumed):,}",
            )
        if not self.pending:
            self.finished.set()

    def _arrive(self, table_id: str, table: Table | None) -> None:
        self.pending.discard(table_id)
        if table is not None:
            self._arrived_cb(table)
        for wait in self._waiting.pop(table_id, []):
            if not wait.done():
                wait.set_result(None)

    def _done(self, count: int, seconds: float) -> None:
        self.finished.set()
        gc.freeze()
        log.info("resumed %s tables from %s in %.1f s", f"{count:,}", self.store.folder, seconds)

    def _tell(self, fn: Callable[..., None], *args: object) -> None:
        with contextlib.suppress(RuntimeError):  # the loop is closed: the server has stopped
            self._loop.call_soon_threadsafe(fn, *args)

    # -- the thread's side
    def _run(self) -> None:
        began = time.perf_counter()
        try:
            ids = self.store.prepare()
        except Exception as exc:  # the server goes on with the tables it makes
            log.error("the saved tables cannot be read: %s", exc)
            ids = []
        resumed, rest = ids[: self.limit], ids[self.limit :]
        self._queue.extend(resumed)
        self._tell(self._listed, resumed, rest)
        db = self.store.reader()
        count = 0
        first_round = True
        try:
            while not self._stop.is_set():
                table_id = self._next()
                if table_id is None:
                    if first_round:
                        first_round = False
                        gc.freeze()
                        self._tell(self._done, count, time.perf_counter() - began)
                    self._wake.wait()
                    self._wake.clear()
                    continue
                loaded = self.store.load(db, table_id)
                table = None if loaded is None else table_from(loaded.table, loaded.game, loaded.mark, loaded.texts)
                if table is not None:
                    count += 1
                    if count % FREEZE_EVERY == 0:
                        gc.freeze()
                self._tell(self._arrive, table_id, table)
        finally:
            db.close()

    def _next(self) -> str | None:
        """The next table to read: one asked for first, else the next in line."""
        with self._lock:
            while self._urgent or self._queue:
                table_id = self._urgent.popleft() if self._urgent else self._queue.popleft()
                if table_id not in self._read:
                    self._read.add(table_id)
                    return table_id
            return None
