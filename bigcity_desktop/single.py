"""One app, one writer: a second launch hands its file to the running app.

The first ``bigcity`` of a user (and profile) listens on a local socket
(``QLocalServer``, named after the user and the profile); a later one, say
from a second double-click on a ``.bigcity`` file, connects, sends what it
was asked to open as one line of JSON, and quits; the running app opens it
and comes to the front. A socket left by a crashed app is removed and taken
over. ``bigcity --profile NAME`` is another app on purpose: its own name,
its own data folder and settings (a second player on one machine).
"""

from __future__ import annotations

import getpass
import hashlib
import json
import re
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

#: what a profile may be called (it names a folder and a socket)
PROFILE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$")
#: the longest message one launch hands to another
MAX_MESSAGE = 16 * 1024


def instance_name(profile: str = "") -> str:
    """The local socket's name for this user and profile."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = "user"
    tag = hashlib.sha256(f"{user}\0{profile}".encode()).hexdigest()[:16]
    return f"bigcity-desktop-{tag}"


def hand_over(name: str, request: dict[str, Any], timeout_ms: int = 1500) -> bool:
    """Send `request` to a running app; True when one took it."""
    sock = QLocalSocket()
    sock.connectToServer(name)
    if not sock.waitForConnected(timeout_ms):
        return False
    sock.write(json.dumps(request).encode("utf-8") + b"\n")
    ok = sock.waitForBytesWritten(timeout_ms)
    if ok:
        sock.waitForReadyRead(timeout_ms)  # the running app's "ok"
    sock.disconnectFromServer()
    return bool(ok)


class InstanceServer(QObject):
    """Listens for later launches; ``requested(dict)`` for each one."""

    requested = Signal(object)

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.server = QLocalServer(self)
        self.server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self.server.newConnection.connect(self._connection)
        self._buffers: dict[QLocalSocket, bytes] = {}

    def listen(self) -> bool:
        """Start listening (a stale socket of a crashed app is removed first)."""
        if self.server.listen(self.name):
            return True
        QLocalServer.removeServer(self.name)
        return bool(self.server.listen(self.name))

    def close(self) -> None:
        self.server.close()

    def _connection(self) -> None:
        while self.server.hasPendingConnections():
            sock = self.server.nextPendingConnection()
            self._buffers[sock] = b""
            sock.readyRead.connect(lambda s=sock: self._read(s))
            sock.disconnected.connect(lambda s=sock: self._gone(s))

    def _read(self, sock: QLocalSocket) -> None:
        data = self._buffers.get(sock, b"") + bytes(sock.readAll().data())
        if len(data) > MAX_MESSAGE:
            sock.abort()
            self._buffers.pop(sock, None)
            return
        self._buffers[sock] = data
        if b"\n" not in data:
            return
        line = data.split(b"\n", 1)[0]
        self._buffers[sock] = b""
        try:
            request = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            request = None
        if isinstance(request, dict):
            sock.write(b"ok\n")
            sock.flush()
            self.requested.emit(request)

    def _gone(self, sock: QLocalSocket) -> None:
        self._buffers.pop(sock, None)
        sock.deleteLater()


def request_of(args: Any) -> dict[str, Any]:
    """What a launch asks for, as the running app reads it (paths only, never code)."""
    out: dict[str, Any] = {}
    for key in ("open", "replay", "sandbox"):
        v = getattr(args, key, None)
        if isinstance(v, str) and len(v) < 4096:
            out[key] = v
    return out


def handle(request: dict[str, Any], window: Any, open_path: Callable[[str, str], None]) -> None:
    """Bring the window to the front and open what the other launch asked for."""
    window.show()
    window.raise_()
    window.activateWindow()
    for key in ("replay", "open", "sandbox"):
        v = request.get(key)
        if isinstance(v, str):
            open_path(key, v)
            return
