"""The table server in the app (:class:`ServerThread`, on a thread of its own)
and on the command line (``bigcity-server``, :func:`main`)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import gc
import json
import logging
import math
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from bigcity_desktop import __version__
from bigcity_desktop.engine.collector import tune_collector

from . import preflight
from . import protocol as P
from .config import DEFAULT_BOT_DELAY, ServerConfig, Stats, option_limit
from .discovery import local_addresses
from .server import GameServer
from .store import StoreError

log = logging.getLogger("bigcity.server")

# ---------------------------------------------------------------------------
# in the app: a server on its own thread


class ServerThread:
    """The same server on its own asyncio loop in a background thread, for
    the app's Game → Host network game. ``start()`` returns once it listens."""

    def __init__(self, config: ServerConfig | None = None) -> None:
        self.config = config or ServerConfig(bot_pool="thread")
        self.server: GameServer | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._stopped: asyncio.Event | None = None

    def start(self, timeout: float = 30.0) -> tuple[str, int]:
        """Start listening; the (host, port) it listens on. Raises OSError
        (a port in use, say) when it cannot."""
        self._thread = threading.Thread(target=self._run, name="bigcity-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the network server did not start")
        if self._error is not None:
            raise self._error
        assert self.server is not None and self.server.address is not None
        return self.server.address

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._main())
        finally:
            loop.close()

    async def _main(self) -> None:

        self._stopped = asyncio.Event()
        try:
            self.server = GameServer(self.config)  # StoreError: its data folder is another server's, or not ours
            await self.server.start()
        except BaseException as exc:
            self._error = exc if isinstance(exc, OSError) else OSError(str(exc))
            self._ready.set()
            if self.server is not None:
                await self.server.stop()
            return
        self._ready.set()
        await self._stopped.wait()
        await self.server.stop()

    def stop(self, timeout: float = 15.0) -> None:
        """Stop listening and end the thread (the tables are saved already)."""
        loop, stopped = self._loop, self._stopped
        if loop is not None and stopped is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stopped.set)
        if self._thread is not None:
            self._thread.join(timeout)

    @property
    def port(self) -> int | None:
        return self.server.address[1] if self.server is not None and self.server.address is not None else None

    def addresses(self) -> list[str]:
        """The addresses other machines can reach this server at (host:port),
        loopback last; what the host's window shows."""
        port = self.port
        if port is None:
            return []
        host = self.config.host
        if host not in ("", "0.0.0.0", "::"):
            return [f"{host}:{port}"]
        return [f"{a}:{port}" for a in local_addresses()]


# ---------------------------------------------------------------------------
# the command line


def default_data_dir() -> Path:
    import platformdirs

    return platformdirs.user_data_path("bigcity-desktop") / "server-tables"


class _Parser(argparse.ArgumentParser):
    """Its refusals in one line: the program, the option and what it takes (exit 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _number_of(name: str) -> Callable[[str], float]:
    """The `type=` of the option of ServerConfig's field `name`: its value
    read and held to the field's limit (config.py: the range written once)."""
    lim = option_limit(name)

    def read(text: str) -> float:
        try:
            value: float = int(text) if lim.whole else float(text)
        except ValueError:
            value = math.nan
        if not lim.allows(value):
            raise argparse.ArgumentTypeError(f"must be {lim.words()}, not {text!r}")
        return value

    read.__name__ = lim.option  # argparse names it in its own refusals
    return read


def parse_args(argv: Sequence[str] | None = None) -> ServerConfig:
    """The server's settings from its command line (a refusal exits 2)."""
    return _parse(argv)[0]


def _parse(argv: Sequence[str] | None) -> tuple[ServerConfig, bool]:
    """The settings, and whether the data folder is the default one (its parents are made)."""
    ap = _Parser(
        prog="bigcity-server",
        description="Big City table server: hosts network games for Big City Desktop (see docs/PROTOCOL.md).",
    )
    ap.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    ap.add_argument("--host", default="0.0.0.0", help="the address to listen on (default: every interface)")

    def number(option: str, name: str, default: float | None, text: str) -> None:
        lim = option_limit(name)
        assert lim.option == option, (option, lim.option)
        ap.add_argument(option, type=_number_of(name), default=default, help=f"{text} ({lim.words()})")

    number("--port", "port", P.DEFAULT_PORT, f"the TCP port (default {P.DEFAULT_PORT}; 0: any free one)")
    ap.add_argument(
        "--data-dir", type=Path, default=None, help="where tables are saved (default: the user's data folder)"
    )
    ap.add_argument("--no-save", action="store_true", help="keep the tables in memory only")
    ap.add_argument("--certfile", type=Path, help="TLS certificate chain (PEM): serve wss://")
    ap.add_argument("--keyfile", type=Path, help="the TLS certificate's private key (PEM)")
    ap.add_argument("--no-mdns", action="store_true", help="do not advertise the tables on the local network")
    policy = ap.add_mutually_exclusive_group()
    policy.add_argument(
        "--public",
        dest="public",
        action="store_true",
        default=False,
        help="a table is listed for everyone unless its creator asks for a private one",
    )
    policy.add_argument(
        "--private-by-default",
        dest="public",
        action="store_false",
        help="a table is private (reached only by its link, with its invitation secret) unless its creator "
        "asks for a public one (the default)",
    )
    ap.add_argument("--name", default="", help="the server's name on the local network (default: the host name)")
    ap.add_argument(
        "--public-name",
        action="append",
        default=[],
        metavar="NAME",
        help="a name (or address) players reach the server by, besides its own addresses and the machine's names; "
        "requests to any other name are refused (again for more than one)",
    )
    number(
        "--match-wait",
        "match_wait",
        60.0,
        "seconds a Play now table waits for people before bots fill its empty seats (default 60; --public servers)",
    )
    ap.add_argument(
        "--ban-list",
        type=Path,
        default=None,
        metavar="FILE",
        help="player keys banned from this server, one a line (# starts a comment); read again when it changes",
    )
    number("--bot-workers", "bot_workers", 1, "worker processes for the bots (default 1)")
    number("--bot-delay", "bot_delay", DEFAULT_BOT_DELAY, f"seconds before each bot move (default {DEFAULT_BOT_DELAY})")
    number("--max-tables", "max_tables", 2000, "tables held at once; more saved ones stay on disk (default 2000)")
    number(
        "--max-connections",
        "max_connections",
        None,
        "connections at once (default: --max-tables × 5 seats + 1,000, at least 11,000; "
        "lowered at start to what the open-file limit holds, and said)",
    )
    number(
        "--max-connections-per-client", "max_connections_per_client", 64, "connections from one address (default 64)"
    )
    number("--max-tables-per-client", "max_tables_per_client", 8, "open tables one address may have (default 8)")
    number(
        "--idle-lobby", "idle_lobby", 600.0, "seconds a table that never started stays with nobody at it (default 600)"
    )
    number(
        "--abandoned-after",
        "abandoned_after",
        3600.0,
        "seconds a started game stays with no player connected before it is ended, its record kept (default 3600; 0: never)",
    )
    number("--rate", "rate", 40.0, "messages a second one connection may send (default 40)")
    number("--ping-interval", "ping_interval", 20.0, "seconds between keepalive pings (default 20; 0: none)")
    number("--ping-timeout", "ping_timeout", 20.0, "seconds to wait for a pong before dropping (default 20; 0: none)")
    ap.add_argument(
        "--fsync-each-move",
        "--fsync",
        action="store_true",
        help="a move is told of once it is flushed to the disk (default: once it is committed, flushed every second)",
    )
    number(
        "--flush-every",
        "flush_every",
        1.0,
        "seconds between flushes of the saved tables to the disk (default 1; 0: leave it to the database)",
    )
    ap.add_argument(
        "--stats",
        action="store_true",
        help="print the server's counters as JSON when it stops, and on SIGUSR1 (then start counting afresh)",
    )
    number(
        "--snapshot-every",
        "snapshot_every",
        500,
        "moves of a game between two snapshots of it in the data folder: a restart replays at most this many (default 500)",
    )
    number("--game-seed", "game_seed", None, "every game starts from this seed (tests, benchmarks)")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args(argv)
    if (a.certfile is None) != (a.keyfile is None):
        ap.error("--certfile and --keyfile go together")
    data_dir = None if a.no_save else (a.data_dir or default_data_dir())
    config = ServerConfig(
        host=a.host,
        port=a.port,
        data_dir=data_dir,
        certfile=a.certfile,
        keyfile=a.keyfile,
        mdns=not a.no_mdns,
        name=a.name,
        public_names=a.public_name,
        public_by_default=a.public,
        match_wait=a.match_wait,
        ban_list=a.ban_list,
        bot_workers=a.bot_workers,
        bot_delay=a.bot_delay,
        max_tables=a.max_tables,
        max_connections=a.max_connections or max(11_000, a.max_tables * 5 + 1_000),
        max_connections_per_client=a.max_connections_per_client,
        max_tables_per_client=a.max_tables_per_client,
        idle_lobby=a.idle_lobby,
        abandoned_after=a.abandoned_after,
        rate=a.rate,
        burst=max(1, int(2 * a.rate)),
        ping_interval=a.ping_interval or None,
        ping_timeout=a.ping_timeout or None,
        print_stats=a.stats,
        fsync_each=a.fsync_each_move,
        flush_every=a.flush_every,
        game_seed=a.game_seed,
        snapshot_every=a.snapshot_every,
    )
    return config, a.data_dir is None


def _watch_gc(stats: Stats) -> None:
    began = [0.0]

    def on_gc(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            stats.gc_pauses.append(time.perf_counter() - began[0])

    gc.callbacks.append(on_gc)


#: signals that stop a program by default and must not stop the server (SIGTERM and SIGINT stop it)
_HARMLESS_SIGNALS = {
    "SIGHUP": "the server has nothing to reload",
    "SIGUSR1": "the counters are printed with --stats only",
}


async def run(config: ServerConfig) -> None:

    server = GameServer(config)
    if config.print_stats:
        _watch_gc(server.stats)
    host, port = await server.start()
    print(
        f"bigcity-server {__version__} listening on {server.url} (data: {config.data_dir or 'memory only'})", flush=True
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    if config.print_stats and hasattr(signal, "SIGUSR1"):
        loop.add_signal_handler(signal.SIGUSR1, lambda: print(json.dumps(server.stats.window()), flush=True))
    for name, why in _HARMLESS_SIGNALS.items():  # said in the log, never fatal
        harmless = getattr(signal, name, None)
        if harmless is not None and not (name == "SIGUSR1" and config.print_stats):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(
                    harmless, functools.partial(log.warning, "%s: %s; the server goes on", name, why)
                )
    await stop.wait()
    await server.stop()
    if config.print_stats:
        print(json.dumps(server.stats.summary()), flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    config, default_dir = _parse(argv)
    for name in _HARMLESS_SIGNALS:  # until run() handles them: a signal while starting up is no end either
        sig = getattr(signal, name, None)
        if sig is not None and threading.current_thread() is threading.main_thread():
            signal.signal(sig, signal.SIG_IGN)
    try:
        preflight.check(config.data_dir, config.certfile, config.keyfile, make_parents=default_dir)
    except preflight.SetupError as exc:
        print(f"bigcity-server: {exc}", file=sys.stderr)
        return 2
    tune_collector()
    logging.basicConfig(
        level=logging.INFO if "-v" in (argv or sys.argv) or "--verbose" in (argv or sys.argv) else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    try:
        asyncio.run(run(config))
    except OSError as exc:
        print(f"bigcity-server: cannot listen on {config.host}:{config.port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except StoreError as exc:  # pragma: no cover
        print(f"bigcity-server: {exc}", file=sys.stderr)
        return 2
    return 0
