"""Tables on the local network, found by themselves (mDNS / DNS-SD).

A server advertises itself as a ``_bigcity._tcp.local.`` service
(:class:`Advertiser`, on the server's asyncio loop); its TXT record says the
protocol version, the program, how many tables it holds and how many still
wait for players, and whether it speaks TLS. A :class:`Browser` lists the
servers it hears of and calls back on every change (in a background
thread). Both take ``interfaces``: ``["127.0.0.1"]`` keeps every packet on
the loopback interface (the tests do); None means every interface.
Discovery can be switched off: a server started with ``mdns=False``
(``bigcity-server --no-mdns``) advertises nothing, and an app that starts no
Browser listens to nothing.
"""

from __future__ import annotations

import contextlib
import logging
import socket
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from zeroconf import InterfaceChoice, IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

from .protocol import PROGRAM, PROTOCOL_VERSION, SERVICE_TYPE

log = logging.getLogger("bigcity.discovery")

#: the TXT record is refreshed at most this often (seconds)
REFRESH_EVERY = 2.0


def _interfaces(interfaces: list[str] | None) -> Any:
    return InterfaceChoice.All if interfaces is None else list(interfaces)


def _instance_name(name: str) -> str:
    """A DNS-SD instance name: printable, without dots, at most 63 bytes."""
    clean = "".join(c if c.isprintable() and c != "." else " " for c in name).strip() or "Big City server"
    while len(clean.encode("utf-8")) > 60:
        clean = clean[:-1]
    return clean


@dataclass(frozen=True)
class FoundServer:
    """A server heard of on the local network."""

    name: str  # the service instance name (the server's name)
    host: str  # an address to connect to
    port: int
    addresses: tuple[str, ...]
    protocol: int | None  # the protocol version it speaks (None: not said)
    program: str
    tables: int
    open_tables: int  # tables that wait for players
    tls: bool

    @property
    def address(self) -> str:
        """host:port, as the Join dialog takes it."""
        return f"{self.host}:{self.port}"

    @property
    def compatible(self) -> bool:
        return self.protocol == PROTOCOL_VERSION


class Advertiser:
    """A server's advert on the local network (runs on the server's loop)."""

    def __init__(self, name: str, port: int, *, tls: bool = False, interfaces: list[str] | None = None) -> None:
        self.name = _instance_name(name)
        self.port = port
        self.tls = tls
        self.interfaces = interfaces
        self._azc: AsyncZeroconf | None = None
        self._info: AsyncServiceInfo | None = None
        self._counts = (0, 0)
        self._sent = (0, 0)
        self._last = 0.0

    def _properties(self) -> dict[str, str]:
        tables, open_ = self._counts
        return {
            "protocol": str(PROTOCOL_VERSION),
            "program": PROGRAM,
            "tables": str(tables),
            "open": str(open_),
            "tls": "1" if self.tls else "0",
        }

    def _addresses(self) -> list[bytes]:
        if self.interfaces is not None:
            ips = [a for a in self.interfaces if "." in a]
        else:
            ips = [a for a in local_addresses() if not a.startswith("127.")] or ["127.0.0.1"]
        return [socket.inet_aton(a) for a in ips]

    def _make_info(self, name: str | None = None) -> AsyncServiceInfo:
        host = _instance_name(socket.gethostname()).replace(" ", "-") or "bigcity"
        return AsyncServiceInfo(
            SERVICE_TYPE,
            name or f"{self.name}.{SERVICE_TYPE}",
            port=self.port,
            properties=self._properties(),
            addresses=self._addresses(),
            server=f"{host}.local.",
        )

    async def start(self, tables: int = 0, open_tables: int = 0) -> None:
        self._counts = self._sent = (tables, open_tables)
        self._azc = AsyncZeroconf(interfaces=_interfaces(self.interfaces), ip_version=IPVersion.V4Only)
        self._info = self._make_info()
        await self._azc.async_register_service(self._info, allow_name_change=True)
        self._last = time.monotonic()

    def set_counts(self, tables: int, open_tables: int) -> None:
        self._counts = (tables, open_tables)

    async def refresh(self) -> None:
        """Send the counts again if they changed (at most every REFRESH_EVERY s)."""
        if self._azc is None or self._info is None or self._counts == self._sent:
            return
        if time.monotonic() - self._last < REFRESH_EVERY:
            return
        self._sent = self._counts
        self._last = time.monotonic()
        self._info = self._make_info(self._info.name)  # the name it was registered under
        await self._azc.async_update_service(self._info)

    async def close(self) -> None:
        if self._azc is not None:
            azc, self._azc = self._azc, None
            await azc.async_unregister_all_services()
            await azc.async_close()


def _found(info: ServiceInfo) -> FoundServer | None:
    props = {
        (k.decode("utf-8", "replace") if isinstance(k, bytes) else str(k)): (
            v.decode("utf-8", "replace") if isinstance(v, bytes) else ""
        )
        for k, v in (info.properties or {}).items()
    }
    addresses = tuple(info.parsed_addresses(IPVersion.V4Only))
    if not addresses or not info.port:
        return None

    def num(key: str) -> int:
        v = props.get(key, "")
        return int(v) if v.isdigit() and len(v) < 10 else 0

    name = info.name[: -len(SERVICE_TYPE) - 1] if info.name.endswith("." + SERVICE_TYPE) else info.name
    proto = props.get("protocol", "")
    return FoundServer(
        name=name[:80],
        host=addresses[0],
        port=int(info.port),
        addresses=addresses,
        protocol=int(proto) if proto.isdigit() and len(proto) < 10 else None,
        program=props.get("program", "")[:80],
        tables=num("tables"),
        open_tables=num("open"),
        tls=props.get("tls") == "1",
    )


class Browser:
    """Lists the servers on the local network. `on_change(servers)` is
    called with the whole list after every change, in a background thread
    (the app marshals it to the GUI thread)."""

    def __init__(self, on_change: Callable[[list[FoundServer]], None], *, interfaces: list[str] | None = None) -> None:
        self.on_change = on_change
        self.interfaces = interfaces
        self._zc: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None
        self._servers: dict[str, FoundServer] = {}
        self._lock = threading.Lock()
        self._resolver = ThreadPoolExecutor(2, thread_name_prefix="bigcity-mdns")

    def start(self) -> None:
        self._zc = Zeroconf(interfaces=_interfaces(self.interfaces), ip_version=IPVersion.V4Only)
        self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._on_state])

    def servers(self) -> list[FoundServer]:
        with self._lock:
            return sorted(self._servers.values(), key=lambda s: (s.name.lower(), s.address))

    def _on_state(self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                gone = self._servers.pop(name, None)
            if gone is not None:
                self._notify()
            return
        self._resolver.submit(self._resolve, zeroconf, service_type, name)

    def _resolve(self, zeroconf: Zeroconf, service_type: str, name: str) -> None:
        try:
            info = zeroconf.get_service_info(service_type, name, timeout=3000)
            found = _found(info) if info is not None else None
        except Exception as exc:  # a malformed advert is someone else's problem
            log.info("cannot read the advert %s: %s", name, exc)
            return
        if found is None:
            return
        with self._lock:
            changed = self._servers.get(name) != found
            self._servers[name] = found
        if changed:
            self._notify()

    def _notify(self) -> None:
        try:
            self.on_change(self.servers())
        except Exception:  # pragma: no cover - the callback's own bug
            log.exception("the server list callback failed")

    def stop(self) -> None:
        if self._browser is not None:
            self._browser.cancel()
            self._browser = None
        self._resolver.shutdown(wait=False, cancel_futures=True)
        if self._zc is not None:
            self._zc.close()
            self._zc = None


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses, loopback last (from ifaddr, which
    zeroconf brings along; else what the host name resolves to)."""
    found: set[str] = set()
    try:
        import ifaddr

        for adapter in ifaddr.get_adapters():
            found.update(ip.ip for ip in adapter.ips if isinstance(ip.ip, str))
    except Exception:  # pragma: no cover - no ifaddr, or it cannot list the interfaces
        with contextlib.suppress(OSError):
            found = {str(ai[4][0]) for ai in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)}
    outside = sorted(a for a in found if not a.startswith("127."))
    return outside + ["127.0.0.1"]


async def advertise(
    name: str, port: int, tls: bool, interfaces: list[str] | None, counts: tuple[int, int]
) -> Advertiser | None:
    """A server's advert started with its (public, open) table counts, or
    None, said in the log, when it cannot be (the tables work without it)."""
    try:
        advert = Advertiser(name, port, tls=tls, interfaces=interfaces)
        await advert.start(*counts)
    except Exception as exc:
        log.warning("tables are not advertised on the local network: %s", exc)
        return None
    return advert
