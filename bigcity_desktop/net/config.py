"""What a table server can be told (:class:`ServerConfig`) and what it counts (:class:`Stats`)."""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import protocol as P

#: how long the table waits before the next bot move (seconds) by default, so
#: that people can follow the bots' moves; 0 for tests and benchmarks
DEFAULT_BOT_DELAY = 0.6


@dataclass
class ServerConfig:
    """Everything a server can be told. The limits protect the other
    tables from one hostile or broken client."""

    host: str = "0.0.0.0"
    port: int = P.DEFAULT_PORT
    data_dir: Path | None = None  # None: tables live in memory only
    certfile: Path | None = None
    keyfile: Path | None = None
    mdns: bool = True
    mdns_interfaces: list[str] | None = None  # None: every interface
    name: str = ""  # what the server is called on the network ("" = the host name)
    bot_pool: str = "process"  # "process" or "thread"
    bot_workers: int = 1
    bot_delay: float = DEFAULT_BOT_DELAY
    #: tests: every table's game starts from this seed (None: a fresh random one each)
    game_seed: int | None = None
    max_tables: int = 2000
    max_connections: int = 5000
    # a connection's limits
    rate: float = 40.0  # messages a second, on average
    burst: int = 80  # messages at once
    flood_limit: int = 400  # messages over the rate before the connection is dropped
    bad_limit: int = 50  # unreadable messages before the connection is dropped
    send_queue: int = 512  # messages waiting to be sent to one connection
    write_timeout: float = 20.0  # seconds a send may wait for a client that does not read
    ping_interval: float | None = 20.0
    ping_timeout: float | None = 20.0
    open_timeout: float = 10.0  # seconds for the websocket handshake
    hello_timeout: float = 10.0  # seconds from the handshake to the hello
    idle_lobby: float = 6 * 3600.0  # a table that never started is removed after this long with nobody at it
    keep_over: float = 3600.0  # a finished table leaves the server after this long with nobody at it (its files stay)
    print_stats: bool = False  # bigcity-server --stats: print the counters on stopping
    # a move is committed to the tables' database before anyone is told of
    # it (a killed process loses nothing); commits reach the disk (fsync)
    # within this many seconds, or before the move is told of with fsync_each
    flush_every: float = 1.0
    fsync_each: bool = False


@dataclass
class Stats:
    """What the server counts (tests and the benchmark read it)."""

    connections: int = 0
    opened: int = 0
    dropped_slow: int = 0
    dropped_flood: int = 0
    dropped_bad: int = 0
    refused: int = 0
    actions: int = 0
    bot_moves: int = 0
    saves: int = 0
    #: seconds from reading an action to queueing its views (the last ones)
    commit_times: deque[float] = field(default_factory=lambda: deque(maxlen=100_000))
    #: seconds the save of the last actions took
    save_times: deque[float] = field(default_factory=lambda: deque(maxlen=100_000))
    #: pauses of the garbage collector (bigcity-server --stats only)
    gc_pauses: deque[float] = field(default_factory=lambda: deque(maxlen=100_000))

    def window(self) -> dict[str, Any]:
        """The summary, with the process's CPU seconds (``cpu_s``); then the
        timings start afresh (the benchmark reads one window per phase)."""
        out = self.summary()
        out["cpu_s"] = round(time.process_time(), 4)
        for xs in (self.commit_times, self.save_times, self.gc_pauses):
            xs.clear()
        return out

    def summary(self) -> dict[str, Any]:
        def pct(xs: deque[float], q: float) -> float | None:
            s = sorted(xs)
            return round(s[min(len(s) - 1, int(q * len(s)))] * 1000, 2) if s else None

        out: dict[str, Any] = {k: v for k, v in self.__dict__.items() if isinstance(v, int)}
        for name, xs in (("commit", self.commit_times), ("save", self.save_times)):
            out[f"{name}_p50_ms"] = pct(xs, 0.5)
            out[f"{name}_p99_ms"] = pct(xs, 0.99)
        out["gc_max_ms"] = round(max(self.gc_pauses, default=0.0) * 1000, 1)
        out["gc_total_ms"] = round(sum(self.gc_pauses) * 1000, 1)
        return out
