"""One app, one writer: a second launch hands its file to the running app.

The first ``bigcity`` of a user (and profile) listens on a local socket
(``QLocalServer``, named after the user and the profile); a later one, say
from a second double-click on a ``.bigcity`` file, connects, sends what it
was asked to open as one line of JSON, and quits; the running app opens it
and comes to the front. A socket left by a crashed app is removed and taken
over. ``bigcity --profile NAME`` is another app on purpose: its own name,
its own data folder and settings (a second player on one machine).

No other user can reach it, nor pose as it:

- On Linux and macOS the socket is a file in a folder only the user can
  enter: ``$XDG_RUNTIME_DIR`` when it is set, a real folder, owned by the
  user and of mode 0700; else ``<data folder>/run``, made 0700 by the app
  and checked (owner, mode, no link) before every use; else (a data folder
  whose path is too long for a socket) ``<temp>/bigcity-<uid>``, made and
  checked the same way. A folder that fails the check is never used: the
  launch then runs on its own, and says so on stderr.
- On Linux each end checks the other's user id (``SO_PEERCRED``) before
  anything is read or sent: a later launch never hands ``{"open": path}`` to
  a socket another user bound (it is ignored: this launch becomes the first
  app), and the running app drops a connection of another user unread.
- ``QLocalServer.UserAccessOption`` restricts the socket (on Windows the
  named pipe's access list) to the user. On Windows the pipe's name is
  global and Qt offers no way to learn who serves it, so there the access
  list is all the protection; on macOS there is no peer check, the private
  folder is.
"""

from __future__ import annotations

import getpass
import hashlib
import json
import os
import re
import socket
import stat
import struct
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
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


#: the longest path a Unix socket may have (sun_path is 108 bytes on Linux, 104 on macOS)
MAX_SOCKET_PATH = 100


def own_uid() -> int | None:
    """This process's user id (None where users have none: Windows)."""
    return os.geteuid() if hasattr(os, "geteuid") else None


def private_folder(folder: Path, make: bool) -> bool:
    """Whether `folder` is a folder only this user can enter: a real folder
    (not a link), owned by this user, of mode 0700. When `make`, it is made
    (0700) if missing, and its mode tightened if it is the user's own."""
    uid = own_uid()
    if uid is None:
        return True
    if make:
        try:
            folder.parent.mkdir(parents=True, exist_ok=True)
            folder.mkdir(mode=0o700, exist_ok=True)
        except OSError:
            return False
    try:
        st = os.lstat(folder)
        if make and stat.S_ISDIR(st.st_mode) and st.st_uid == uid and st.st_mode & 0o077:
            os.chmod(folder, 0o700)
            st = os.lstat(folder)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == uid and not st.st_mode & 0o077


def instance_address(key: str, data: Path) -> tuple[str | None, tuple[Path, ...]]:
    """Where this user's app (of profile and data folder `key`) listens, and
    the folders refused on the way (not the user's alone); ``(None, refused)``
    when no folder only the user can enter is to be had (then the app runs
    on its own)."""
    name = instance_name(key)
    if sys.platform == "win32":
        return name, ()  # a named pipe: UserAccessOption gives it the user's access list
    short = "bigcity-" + name.rsplit("-", 1)[-1]
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    candidates: list[tuple[Path, bool]] = []
    if runtime and os.path.isabs(runtime):
        candidates.append((Path(runtime), False))  # the system's: used only when it is private
    candidates.append((data / "run", True))
    candidates.append((Path(tempfile.gettempdir()) / f"bigcity-{own_uid()}", True))
    refused: list[Path] = []
    for folder, make in candidates:
        path = folder / short
        if len(os.fsencode(str(path))) > MAX_SOCKET_PATH:
            continue
        if private_folder(folder, make):
            return str(path), tuple(refused)
        refused.append(folder)
    return None, tuple(refused)


def peer_uid(sock: QLocalSocket) -> int | None:
    """The user id of the process at the other end of `sock` (Linux:
    SO_PEERCRED); None where the system does not say."""
    fd = int(sock.socketDescriptor())
    if fd < 0 or not hasattr(socket, "SO_PEERCRED"):
        return None
    try:
        with socket.fromfd(fd, socket.AF_UNIX, socket.SOCK_STREAM) as s:  # a duplicate: Qt keeps its own
            raw = s.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    except OSError:
        return None
    _pid, uid, _gid = struct.unpack("3i", raw)
    return int(uid)


def is_own(sock: QLocalSocket) -> bool:
    """Whether the other end of `sock` runs as this user (where the system
    can tell; elsewhere the private folder or the pipe's access list is the check)."""
    peer = peer_uid(sock)
    return peer is None or peer == own_uid()


def hand_over(name: str, request: dict[str, Any], timeout_ms: int = 1500) -> bool:
    """Send `request` to a running app; True when one took it. Nothing is
    sent to a socket another user serves (False: this launch goes on as
    the first app)."""
    sock = QLocalSocket()
    sock.connectToServer(name)
    if not sock.waitForConnected(timeout_ms):
        return False
    if not is_own(sock):
        sock.abort()
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

    def __init__(self, name: str | None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name  # None: no private folder for it, this app takes no files from later launches
        self.server = QLocalServer(self)
        self.server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self.server.newConnection.connect(self._connection)
        self._buffers: dict[QLocalSocket, bytes] = {}

    def listen(self) -> bool:
        """Start listening (a stale socket of a crashed app, or one another
        user bound in the user's folder, is removed first)."""
        if self.name is None:
            return False
        if self.server.listen(self.name):
            return True
        QLocalServer.removeServer(self.name)
        return bool(self.server.listen(self.name))

    def close(self) -> None:
        self.server.close()

    def _connection(self) -> None:
        while self.server.hasPendingConnections():
            sock = self.server.nextPendingConnection()
            if not is_own(sock):  # another user: dropped unread
                sock.abort()
                sock.deleteLater()
                continue
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
