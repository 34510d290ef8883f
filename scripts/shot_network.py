"""Screenshots of network play (offscreen unless QT_QPA_PLATFORM is set):

    screenshots/network_host.png   the Host network game dialog
    screenshots/network_join.png   the Join dialog, a server's tables listed
    screenshots/network_table.png  the host's window mid-game: the table dock with seats and chat
    screenshots/network_friend.png the friend's window at the same moment (their own hand only)
    screenshots/network_table_dark.png, network_friend_dark.png  the same two in the dark scheme
    screenshots/network_table_small.png the host's window at 1024×700
    screenshots/network_qr.png     the QR code of the table's browser link

and each again in German with ``_de`` before ``.png``.

A table server runs in this process on a free loopback port; two windows
sit at it with two bots. Settings and data go to a temporary folder.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_TMP = tempfile.mkdtemp(prefix="bigcity-shots-")
os.environ["BIGCITY_DATA_DIR"] = _TMP

from PySide6.QtCore import QEventLoop, QSettings, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from bigcity_desktop.engine import GameState  # noqa: E402

OUT_DIR = Path(__file__).resolve().parent.parent / "screenshots"


def spin(ms: int) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def wait_until(cond, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise TimeoutError("the table did not get there in time")
        spin(10)


def seen(window) -> GameState:
    """The game as a window's seat sees it (a table's client holds no more)."""
    view = window.ctrl.session.view()
    if view is None:
        raise RuntimeError("no game is running")
    return view


SUFFIX = [""]  # "" for English, "_de" for German


def save(widget, name: str) -> None:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    stem, dot, ext = name.rpartition(".")
    path = OUT_DIR / f"{stem}{SUFFIX[0]}{dot}{ext}"
    if not widget.grab().save(str(path)):
        raise SystemExit(f"failed to write {path}")
    print(path)


def shoot(lang: str) -> None:
    from bigcity_desktop.game.netplay.widgets import HostDialog, JoinDialog
    from bigcity_desktop.game.shell.mainwindow import GameWindow
    from bigcity_desktop.net.hosting import ServerThread
    from bigcity_desktop.net.server import ServerConfig
    from bigcity_desktop.session.remote import RemoteSession

    server = ServerThread(
        ServerConfig(host="127.0.0.1", port=0, data_dir=Path(_TMP) / "server", bot_pool="thread", mdns=False)
    )
    server.start()
    port = server.port
    windows = []
    try:
        s_ann = QSettings(str(Path(_TMP) / "ann.ini"), QSettings.Format.IniFormat)
        s_ben = QSettings(str(Path(_TMP) / "ben.ini"), QSettings.Format.IniFormat)
        s_ann.setValue("net/discovery", False)
        s_ben.setValue("net/discovery", False)
        host = HostDialog(s_ann, "Ann")
        host.count.setValue(4)
        host.seat_boxes[1].setCurrentIndex(2)
        host.seat_boxes[2].setCurrentIndex(3)
        host.show()
        spin(50)
        save(host, "network_host.png")
        host.close()
        w1 = GameWindow(settings=s_ann)
        w1.resize(1400, 900)
        w1.show()
        w1.set_bot_speed(0, save=False)
        windows.append(w1)
        s1 = RemoteSession(f"127.0.0.1:{port}", "Ann", settings=s_ann)
        w1.network.play_network(s1)
        s1.create_table(["human", "human", "medium", "hard"], edition="original", title="Ann's table", public=True)
        wait_until(lambda: s1.table is not None)
        w1.network.table_dock.set_addresses(["table-host.local:47474", f"127.0.0.1:{port}"])
        join = JoinDialog(s_ben, "Ben")
        join.address.setText(f"127.0.0.1:{port}")
        join.show()
        join.connect_to()
        wait_until(lambda: join.tables.count() > 0)
        join.tables.setCurrentRow(0)
        spin(50)
        save(join, "network_join.png")
        join.done(0)
        w2 = GameWindow(settings=s_ben)
        w2.resize(1400, 900)
        w2.show()
        windows.append(w2)
        s2 = RemoteSession(f"127.0.0.1:{port}", "Ben", settings=s_ben)
        w2.network.play_network(s2)
        assert s1.table is not None
        s2.join(s1.table.id)
        wait_until(lambda: s2.seat == 1 and w1.network.table_dock.start_button.isEnabled())
        chat = {"en": ("Hello Ben, ready?", "Ready! Good luck"), "de": ("Hallo Ben, bereit?", "Bereit! Viel Glück")}[
            lang
        ]
        for text, who in zip(chat, (s1, s2)):
            who.chat(text)
        wait_until(lambda: w1.network.table_dock.chat_log.count() == 2)
        s1.start_game()
        wait_until(lambda: w1.ctrl.session.has_game and w2.ctrl.session.has_game)
        rng = random.Random(5)
        while seen(w1).round < 6 and not seen(w1).is_over:
            for w in (w1, w2):
                if w.ctrl.session.seat_view().my_turn():
                    v = seen(w)
                    builds = v.legal_actions(v.legal_kinds()[0])
                    w.ctrl.session.act(rng.choice(builds))
                    break
            spin(20)
        wait_until(lambda: w1.ctrl.session.seat_view().my_turn() or w2.ctrl.session.seat_view().my_turn())
        spin(300)
        w1.fit_board()
        w2.fit_board()
        spin(100)
        save(w1, "network_table.png")
        save(w2, "network_friend.png")
        w1.apply_scheme("dark", save=False)  # the scheme is the app's: both windows follow
        spin(200)
        save(w1, "network_table_dark.png")
        save(w2, "network_friend_dark.png")
        w1.apply_scheme("light", save=False)
        w1.resize(1024, 700)  # the smallest window the game is made for
        spin(300)
        w1.fit_board()
        spin(100)
        save(w1, "network_table_small.png")
        qr = w1.network.table_dock.browser_link.show_qr()
        assert qr is not None
        spin(100)
        save(qr, "network_qr.png")
        qr.reject()
    finally:
        for w in windows:
            w.ctrl.session.close()
            w.close()
        server.stop()


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    import importlib.util

    from bigcity_desktop import i18n

    spec = importlib.util.spec_from_file_location("bigcity_script_i18n", Path(__file__).resolve().parent / "i18n.py")
    assert spec is not None and spec.loader is not None
    tools = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tools)
    tools.release()
    for lang in ("en", "de"):
        if i18n.install_translators(lang, app) != lang:
            raise SystemExit(f"the {lang} catalogue could not be loaded")
        SUFFIX[0] = "" if lang == "en" else f"_{lang}"
        shoot(lang)
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
