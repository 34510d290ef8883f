"""Which names a table server answers to, and which web pages may open its websocket.

A website a player visits must not reach a table server behind the
player's firewall. Two doors are shut here (see docs/PROTOCOL.md, "Who may
connect"):

- **The Host header.** Every request, plain HTTP or websocket, names the
  host it was sent to. The server answers only the names it was started
  for (:class:`HostNames`): its IP addresses (the one it listens on, or
  every address of the machine when it listens on all of them), the
  loopback names (``localhost``, ``127.0.0.1``, ``::1``), the machine's own
  names (its host name, its fully qualified name, ``<name>.local``) and the
  names given with ``--public-name``. A DNS-rebinding page (a name of the
  attacker's, pointed at this machine after the page loaded) sends its own
  name, and finds nothing.
- **The Origin header.** A browser names the page that opens a websocket;
  a native client (the app, the example client) sends none. An Origin is
  let through only when it is the server's own: its host one of the names
  above and its host and port those the websocket is addressed to (the
  page was served by this server, at that address). A page of any other
  site, or of another port of this machine, is refused.

A refusal is an HTTP 403 whose body says why in one sentence.
"""

from __future__ import annotations

import ipaddress
import re
import socket
import time
from collections.abc import Callable, Iterable
from urllib.parse import urlsplit

#: the loopback names every server answers to
LOOPBACK = ("localhost", "127.0.0.1", "::1")
#: the addresses a server listening on them listens on every interface
WILDCARDS = ("", "0.0.0.0", "::")
_NAME = re.compile(r"[a-z0-9_.-]{1,253}")
#: seconds between two fresh lists of the machine's addresses (an address
#: the server has not seen asks for one, at most this often)
REFRESH = 10.0


def split_host(value: str) -> tuple[str, int | None] | None:
    """A Host header's name (lower case, no trailing dot, an IPv6 address
    without its brackets) and port (None: none given); None if it is none."""
    value = value.strip()
    if not value:
        return None
    try:
        parts = urlsplit("//" + value)
        port = parts.port
    except ValueError:
        return None
    name = (parts.hostname or "").rstrip(".")
    if (
        not (_NAME.fullmatch(name) or is_ip(name))
        or parts.username is not None
        or parts.path
        or parts.query
        or parts.fragment
    ):
        return None
    return name, port


def is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def machine_names() -> set[str]:
    """This machine's own names: its host name, its fully qualified name, <name>.local."""
    names: set[str] = set()
    for get in (socket.gethostname, socket.getfqdn):
        try:
            name = get().lower().rstrip(".")
        except OSError:  # pragma: no cover
            continue
        if name:
            names.add(name)
            names.add(name.split(".")[0] + ".local")
    return names


def machine_addresses() -> set[str]:
    """Every IP address of this machine's interfaces (IPv4 and IPv6, as text)."""
    found: set[str] = set(LOOPBACK[1:])
    try:
        import ifaddr

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                found.add(ip.ip if isinstance(ip.ip, str) else ip.ip[0].partition("%")[0])
    except Exception:  # pragma: no cover - no ifaddr, or it cannot list the interfaces
        try:
            found.update(str(ai[4][0]) for ai in socket.getaddrinfo(socket.gethostname(), None))
        except OSError:
            pass
    return {str(ipaddress.ip_address(a)) for a in found if is_ip(a)}


class HostNames:
    """The names one server answers to (see the module's text)."""

    def __init__(
        self,
        listen: str,
        public_names: Iterable[str] = (),
        addresses: Callable[[], set[str]] = machine_addresses,
    ) -> None:
        self.listen = listen
        self.public = {n.strip().lower().rstrip(".") for n in public_names if n.strip()}
        self.names = set(LOOPBACK) | self.public
        # the machine's own names are looked up at the first name not known yet,
        # on the server's loop: socket.getfqdn may wait on a slow resolver
        self._machine: set[str] | None = None
        self._addresses = addresses
        self._known: set[str] = set()
        self._looked = -REFRESH
        if listen not in WILDCARDS and is_ip(listen):
            self.names.add(str(ipaddress.ip_address(listen)))
        elif listen not in WILDCARDS:
            self.names.add(listen.lower().rstrip("."))

    def allows(self, name: str) -> bool:
        """Whether `name` (from a Host header, as :func:`split_host` gives it) is one of this server's."""
        if name in self.names:
            return True
        if not is_ip(name):
            if self._machine is None:
                self._machine = machine_names()
            return name in self._machine
        if ipaddress.ip_address(name).is_loopback:
            return True  # this machine, whatever it listens on
        if self.listen not in WILDCARDS:
            return False
        address = str(ipaddress.ip_address(name))
        if address not in self._known and time.monotonic() - self._looked >= REFRESH:
            self._looked = time.monotonic()
            self._known = self._addresses()
        return address in self._known

    def host_refusal(self, host: str) -> str | None:
        """Why a request with this Host header is not answered, or None when it is."""
        split = split_host(host)
        if split is None:
            return "This request has no valid Host header."
        if not self.allows(split[0]):
            return (
                f"This table server does not answer to the name {split[0]!r}. "
                "Use one of its own addresses, or start it with --public-name for the name you reach it by."
            )
        return None

    def origin_refusal(self, origin: str | None, host: str) -> str | None:
        """Why a websocket opened from the page `origin` (None: no page,
        a native client) to the Host `host` is refused, or None when it is not."""
        if origin is None:
            return None
        parts = urlsplit(origin.strip())
        try:
            port = parts.port
        except ValueError:
            port = -1
        name = (parts.hostname or "").rstrip(".")
        default = {"http": 80, "https": 443}.get(parts.scheme)
        own = split_host(host)
        if (
            default is not None
            and port != -1
            and name
            and self.allows(name)
            and own is not None
            and own[0] == name
            and (own[1] or default) == (port or default)
        ):
            return None
        return (
            "A web page of another site may not open this table server's websocket; open the page this server serves."
        )


__all__ = ["HostNames", "machine_addresses", "machine_names", "split_host"]
