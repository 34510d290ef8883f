"""What a table server can be told (:class:`ServerConfig`) and what it counts (:class:`Stats`)."""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from . import protocol as P

#: how long the table waits before the next bot move (seconds) by default, so
#: that people can follow the bots' moves; 0 for tests and benchmarks
DEFAULT_BOT_DELAY = 0.6


@dataclass(frozen=True)
class Limit:
    """The values a setting of :class:`ServerConfig` may take, written once:
    the config checks itself against it and ``bigcity-server``'s options
    read their values through it (:func:`read_option`)."""

    low: float
    high: float
    whole: bool = False  # a whole number (else any finite number)
    unit: str = ""  # what the number counts, in the sentence ("seconds")
    option: str = ""  # its bigcity-server option, where it has one

    def words(self) -> str:
        """The allowed range in words: "a whole number from 0 to 65535"."""
        kind = "a whole number" if self.whole else "a number"
        unit = f" of {self.unit}" if self.unit else ""
        return f"{kind}{unit} from {_figure(self.low)} to {_figure(self.high)}"

    def allows(self, value: object) -> bool:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return False
        if self.whole and not isinstance(value, int):
            return False
        return math.isfinite(value) and self.low <= value <= self.high


def _figure(x: float) -> str:
    return f"{int(x):,}" if x == int(x) else f"{x:g}"


def limit(low: float, high: float, *, whole: bool = False, unit: str = "", option: str = "") -> dict[str, Limit]:
    """A field's metadata: its :class:`Limit`."""
    return {"limit": Limit(low, high, whole, unit, option)}


def _field(default: Any, low: float, high: float, **kw: Any) -> Any:
    return field(default=default, metadata=limit(low, high, **kw))


class ConfigError(ValueError):
    """A setting out of its range; the message names it and the range."""


@dataclass
class ServerConfig:
    """Everything a server can be told. The limits protect the other
    tables from one hostile or broken client. A number out of its range
    (its field's :class:`Limit`) is refused on making (:class:`ConfigError`)."""

    host: str = "0.0.0.0"
    port: int = _field(P.DEFAULT_PORT, 0, 65535, whole=True, option="--port")
    data_dir: Path | None = None  # None: tables live in memory only
    certfile: Path | None = None
    keyfile: Path | None = None
    mdns: bool = True
    mdns_interfaces: list[str] | None = None  # None: every interface
    name: str = ""  # what the server is called on the network ("" = the host name)
    #: a table whose create message does not say is public (listed) when true, else private (bigcity-server --public)
    public_by_default: bool = False
    #: names the server answers to besides its own addresses and the machine's names (net/origins.py)
    public_names: list[str] = field(default_factory=list)
    #: seconds a quick-match table waits for people before bots fill its empty seats (net/matchmaker.py)
    match_wait: float = _field(60.0, 0, 86_400, unit="seconds", option="--match-wait")
    #: the operator's ban list: player keys, one a line, reloaded when it changes (net/conduct.py)
    ban_list: Path | None = None
    bot_pool: str = "process"  # "process" or "thread"
    bot_workers: int = _field(1, 1, 64, whole=True, option="--bot-workers")
    bot_delay: float = _field(DEFAULT_BOT_DELAY, 0, 60, unit="seconds", option="--bot-delay")
    #: tests: every table's game starts from this seed (None: a fresh random one each)
    game_seed: int | None = _field(None, 0, 2**63 - 1, whole=True, option="--game-seed")
    max_tables: int = _field(2000, 1, 100_000, whole=True, option="--max-tables")
    #: connections at once (above max_tables × 5 seats; bigcity-server raises it with --max-tables)
    max_connections: int = _field(11_000, 1, 1_000_000, whole=True, option="--max-connections")
    #: connections from one address at once
    max_connections_per_client: int = _field(64, 1, 1_000_000, whole=True, option="--max-connections-per-client")
    #: tables one address has open (not finished) at once
    max_tables_per_client: int = _field(8, 1, 100_000, whole=True, option="--max-tables-per-client")
    # a connection's limits
    rate: float = _field(40.0, 0.1, 100_000, unit="messages a second", option="--rate")  # on average
    burst: int = _field(80, 1, 1_000_000, whole=True)  # messages at once
    #: messages over the rate before the connection is dropped
    flood_limit: int = _field(400, 1, 1_000_000, whole=True)
    bad_limit: int = _field(50, 1, 1_000_000, whole=True)  # unreadable messages before the connection is dropped
    send_queue: int = _field(512, 1, 1_000_000, whole=True)  # messages waiting to be sent to one connection
    #: seconds a send may wait for a client that does not read
    write_timeout: float = _field(20.0, 0.01, 3600, unit="seconds")
    #: seconds between keepalive pings (0 or None: none)
    ping_interval: float | None = _field(20.0, 0, 3600, unit="seconds", option="--ping-interval")
    #: seconds to wait for a pong (0 or None: for ever)
    ping_timeout: float | None = _field(20.0, 0, 3600, unit="seconds", option="--ping-timeout")
    open_timeout: float = _field(10.0, 0.01, 3600, unit="seconds")  # for the websocket handshake
    hello_timeout: float = _field(10.0, 0.01, 3600, unit="seconds")  # from the handshake to the hello
    #: a table that never started is removed after this long with nobody at it
    idle_lobby: float = _field(600.0, 0, 10**9, unit="seconds", option="--idle-lobby")
    #: a started game with no player connected for this long is ended, its record kept (0: never)
    abandoned_after: float = _field(3600.0, 0, 10**9, unit="seconds", option="--abandoned-after")
    #: what the tables' clocks read (net/clocks.py); tests hand one they move by hand
    time_source: Callable[[], float] = time.monotonic
    print_stats: bool = False  # bigcity-server --stats: print the counters on stopping
    # a move is committed to the tables' database before anyone is told of
    # it (a killed process loses nothing); commits reach the disk (fsync)
    # within this many seconds (0: when the database does), or before the
    # move is told of with fsync_each
    flush_every: float = _field(1.0, 0, 3600, unit="seconds", option="--flush-every")
    fsync_each: bool = False
    #: a game's moves between two snapshots of it in the database (a restart replays at most this many: net/snapshots.py)
    snapshot_every: int = _field(500, 1, 1_000_000, whole=True, option="--snapshot-every")

    def __post_init__(self) -> None:
        for f in fields(self):
            lim = f.metadata.get("limit")
            value = getattr(self, f.name)
            if lim is not None and value is not None and not lim.allows(value):
                raise ConfigError(f"{f.name} must be {lim.words()}, not {value!r}")


def option_limit(name: str) -> Limit:
    """The limit of a ServerConfig field (by its name)."""
    for f in fields(ServerConfig):
        if f.name == name:
            lim: Limit = f.metadata["limit"]
            return lim
    raise KeyError(name)


#: the last timings the counters keep of each kind (enough for a benchmark's percentiles; a long-running
#: server's memory must not grow with its moves: 100,000 of each were 3 MB, reached after 4,000 games)
TIMINGS_KEPT = 10_000


def _timings() -> deque[float]:
    return deque(maxlen=TIMINGS_KEPT)


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
    save_failures: int = 0  # saves that failed (their moves undone, their requests refused)
    #: seconds from reading an action to queueing its views (the last ones)
    commit_times: deque[float] = field(default_factory=_timings)
    #: seconds the save of the last actions took
    save_times: deque[float] = field(default_factory=_timings)
    #: pauses of the garbage collector (bigcity-server --stats only)
    gc_pauses: deque[float] = field(default_factory=_timings)

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
