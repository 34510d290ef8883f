"""What the network-window tests share: a table server on loopback in this
process, a profile's settings of its own, and a game window at a laptop's
size (1024×700) that uses them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings

from bigcity_desktop.net.hosting import ServerThread
from bigcity_desktop.net.server import ServerConfig


def loopback_server(tmp_path: Path, **config: Any) -> ServerThread:
    """A started table server on 127.0.0.1 (a free port) with its data under
    `tmp_path`/server, bots answering at once; `config` overrides ServerConfig's
    fields. The caller stops it."""
    fields: dict[str, Any] = {
        "host": "127.0.0.1",
        "port": 0,
        "data_dir": tmp_path / "server",
        "bot_pool": "thread",
        "mdns": False,
        "bot_delay": 0,
        "public_by_default": True,
    }
    fields.update(config)
    srv = ServerThread(ServerConfig(**fields))
    srv.start()
    return srv


def serving(tmp_path: Path, **config: Any) -> Iterator[ServerThread]:
    """A fixture's body: :func:`loopback_server`, stopped after the test."""
    srv = loopback_server(tmp_path, **config)
    try:
        yield srv
    finally:
        srv.stop()


def profile_settings(tmp_path: Path, name: str) -> QSettings:
    """A player's own settings file, with table discovery on the network off."""
    s = QSettings(str(tmp_path / f"{name}.ini"), QSettings.Format.IniFormat)
    s.setValue("net/discovery", False)
    return s


def game_window(qtbot: Any, settings: QSettings, *, exposed: bool = True) -> Any:
    """A shown game window of 1024×700 on `settings`."""
    from bigcity_desktop.game.shell.mainwindow import GameWindow

    w = GameWindow(settings=settings)
    qtbot.addWidget(w)
    w.resize(1024, 700)
    w.show()
    if exposed:
        qtbot.waitExposed(w)
    return w
