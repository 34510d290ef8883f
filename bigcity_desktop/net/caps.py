"""How much one server, and one client of it, may hold.

- :func:`open_files`: the process's open-file limit raised at start to what
  ``--max-connections`` needs (a socket each, and a reserve for the
  database, the bots and the listening sockets), or, where the hard limit
  is lower, the connections lowered to what it holds, said in one sentence.
  Past the limit a server stopped accepting and asyncio logged a traceback
  for every refused accept.
- :class:`Clients`: each client address's connections
  (``--max-connections-per-client``; its open tables,
  ``--max-tables-per-client``, are counted on the tables), so that one
  client cannot take a server's every seat or table.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

#: files a server keeps open besides its connections: the database and its
#: log, the listening sockets, the bots' workers, the event loop's own
RESERVED_FILES = 64


@dataclass(frozen=True)
class FileLimit:
    """The open-file limit at start: what it is, the connections it holds,
    and the sentence said when they had to be lowered (else "")."""

    files: int
    connections: int
    note: str = ""


def open_files(connections: int, resource_module: Any = None) -> FileLimit:
    """Raise the soft open-file limit to hold `connections` (up to the hard
    limit); the connections the limit then holds. `resource_module` is the
    :mod:`resource` module (None: imported; absent on Windows, where
    nothing is changed)."""
    res = resource_module
    if res is None:
        try:
            import resource

            res = resource
        except ImportError:  # Windows: no such limit to raise
            return FileLimit(0, connections)
    soft, hard = res.getrlimit(res.RLIMIT_NOFILE)
    need = connections + RESERVED_FILES
    infinite = res.RLIM_INFINITY
    if soft != infinite and soft < need:
        target = need if hard == infinite else min(need, hard)
        try:
            res.setrlimit(res.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    if soft == infinite or soft >= need:
        return FileLimit(soft, connections)
    held = max(1, soft - RESERVED_FILES)
    note = (
        f"the open-file limit is {soft:,} (its hard limit {hard:,}): this server holds {held:,} connections, "
        f"not --max-connections {connections:,} (raise the limit, e.g. `ulimit -n {need}`, to hold them all)"
    )
    return FileLimit(soft, held, note)


class Clients:
    """The connections of each client address."""

    def __init__(self) -> None:
        self.connections: Counter[str] = Counter()

    def connect(self, address: str) -> None:
        self.connections[address] += 1

    def disconnect(self, address: str) -> None:
        self.connections[address] -= 1
        if self.connections[address] <= 0:
            del self.connections[address]
