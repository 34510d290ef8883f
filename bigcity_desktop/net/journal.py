"""A SQLite database written by one thread of its own, in group commits.

The event loop never waits on the disk: it hands a write (a function of the
database connection) to :meth:`Journal.submit` and gets a
:class:`concurrent.futures.Future` back, done once the write is committed.
The writer thread takes every write waiting at that moment, runs them in
one transaction and commits once (a group commit), so a busy server pays
for one commit per batch, not per move.

A write made on the event loop may be awaited there directly
(:meth:`Journal.submit_here`): its asyncio future is done from the writer
thread by ``loop.call_soon_threadsafe``, without the thread-safe future
and its chaining to the loop that ``asyncio.wrap_future`` adds (about
45 µs of CPU less a move).

The database is in WAL mode. With ``durable`` (``--fsync-each-move``) a
commit is flushed to the disk (``synchronous=FULL``) before its futures
are done; otherwise (``synchronous=NORMAL``) a commit is in the operating
system's hands when its futures are done, which a killed process cannot
lose, and :meth:`Journal.checkpoint` flushes it to the disk.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import queue
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .quiet import LogLimiter

log = logging.getLogger("bigcity.server")
#: a failing disk is said once a minute, with a count
say = LogLimiter(log)

#: a write: it runs on the writer thread, inside the batch's transaction
Write = Callable[[sqlite3.Connection], object]


@dataclass
class _Job:
    write: Write | None  # None: a checkpoint (outside any transaction)
    done: concurrent.futures.Future[None] = field(default_factory=concurrent.futures.Future)
    #: a write awaited on an event loop (submit_here): its future there, done through the loop
    here: tuple[asyncio.AbstractEventLoop, asyncio.Future[None]] | None = None

    def settle(self, exc: BaseException | None) -> None:
        """Done (`exc`: how it failed), from the writer thread."""
        if self.here is None:
            _settle(self.done, exc)
            return
        loop, waiter = self.here
        try:
            loop.call_soon_threadsafe(_settle_here, waiter, exc)
        except RuntimeError:  # the loop is closed: nobody waits any more
            pass


def connect(path: Path, durable: bool) -> sqlite3.Connection:
    """A connection in WAL mode, in autocommit (transactions are explicit)."""
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=30.0)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
    return db


class Journal:
    """One database, one writer thread; see the module's text."""

    def __init__(self, path: Path, durable: bool, setup: Write) -> None:
        self.path = path
        self._db = connect(path, durable)
        self._db.execute("BEGIN IMMEDIATE")
        setup(self._db)
        self._db.execute("COMMIT")
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._closed = False
        self.batches = 0  # commits made (a test and the benchmark read it)
        self._thread = threading.Thread(target=self._run, name="bigcity-journal", daemon=True)
        self._thread.start()

    def submit(self, write: Write) -> concurrent.futures.Future[None]:
        """Run `write` in the next batch; the future is done when it is committed."""
        return self._put(_Job(write))

    def submit_here(self, write: Write) -> asyncio.Future[None]:
        """:meth:`submit`, awaited on the running event loop: its future
        there is done when `write` is committed (or failed)."""
        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[None] = loop.create_future()
        if self._closed:
            waiter.set_exception(sqlite3.ProgrammingError("the journal is closed"))
        else:
            self._jobs.put(_Job(write, here=(loop, waiter)))
        return waiter

    def checkpoint(self) -> concurrent.futures.Future[None]:
        """Flush what is committed to the disk (the WAL, then the database)."""
        return self._put(_Job(None))

    def _put(self, job: _Job) -> concurrent.futures.Future[None]:
        if self._closed:
            job.done.set_exception(sqlite3.ProgrammingError("the journal is closed"))
        else:
            self._jobs.put(job)
        return job.done

    def close(self) -> None:
        """Commit what is waiting, flush it to the disk, stop the thread."""
        if self._closed:
            return
        self.checkpoint()
        self._closed = True
        self._jobs.put(None)
        self._thread.join()
        self._db.close()

    # -- the writer thread
    def _run(self) -> None:
        while True:
            first = self._jobs.get()
            batch = [first]
            while True:
                try:
                    batch.append(self._jobs.get_nowait())
                except queue.Empty:
                    break
            stop = None in batch
            jobs = [j for j in batch if j is not None]
            self._commit([j for j in jobs if j.write is not None])
            for j in jobs:
                if j.write is None:
                    self._checkpoint(j)
            if stop:
                return

    def _commit(self, jobs: list[_Job]) -> None:
        if not jobs:
            return
        failed: dict[int, BaseException] = {}
        # a write of a batch of several is a savepoint of its own, so that one that fails alone is undone alone
        alone = len(jobs) == 1
        try:
            self._db.execute("BEGIN IMMEDIATE")
            for i, j in enumerate(jobs):
                assert j.write is not None
                if not alone:
                    self._db.execute("SAVEPOINT one")
                try:
                    j.write(self._db)
                except Exception as exc:  # this write only: the batch's others go on
                    self._db.execute("ROLLBACK" if alone else "ROLLBACK TO one")
                    failed[i] = exc
                    say("write", logging.ERROR, "a save failed: %s", exc)
                if not alone:
                    self._db.execute("RELEASE one")
            if not failed or not alone:
                self._db.execute("COMMIT")
        except Exception as exc:  # the commit itself: nothing of the batch is saved
            say("commit", logging.ERROR, "the saves could not be committed: %s", exc)
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            for j in jobs:
                j.settle(exc)
            return
        self.batches += 1
        for i, j in enumerate(jobs):
            j.settle(failed.get(i))

    def _checkpoint(self, job: _Job) -> None:
        try:
            self._db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except Exception as exc:
            job.settle(exc)
        else:
            job.settle(None)


def _settle(done: concurrent.futures.Future[None], exc: BaseException | None) -> None:
    """A write's future done (`exc`: how it failed); one its waiter cancelled
    (a task stopped while it waited) is left as it is: the writer thread goes on."""
    if done.done():
        return
    try:
        if exc is None:
            done.set_result(None)
        else:
            done.set_exception(exc)
    except concurrent.futures.InvalidStateError:  # cancelled meanwhile
        pass


def _settle_here(waiter: asyncio.Future[None], exc: BaseException | None) -> None:
    """On the loop: a write's future there done, unless its waiter was cancelled."""
    if waiter.done():
        return
    if exc is None:
        waiter.set_result(None)
    else:
        waiter.set_exception(exc)
