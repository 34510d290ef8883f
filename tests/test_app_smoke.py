"""Smoke tests for the game window and the entry point."""

import subprocess
import sys

import pytest

from bigcity_desktop import __version__, app
from bigcity_desktop.resources import resource_path, resources_root


def test_main_window_shows_with_title(qtbot, tmp_path, monkeypatch):
    from PySide6.QtCore import QSettings

    monkeypatch.setenv("BIGCITY_DATA_DIR", str(tmp_path))
    window = app.build_main_window(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)

    assert window.windowTitle() == "Big City Desktop"
    assert window.centralWidget() is window.table and window.table.board is window.view
    assert set(window.panes) == {"hand", "supply", "tiles"}  # on the table, always
    assert set(window.docks) == {"log", "chart", "table"}  # in the side drawer, when asked for
    assert not window.drawer.is_open  # shut on a first start
    assert not window.docks["table"].isVisible()  # only in a network game
    window.ctrl.session.stop()


def test_version_flag(capsys):
    with pytest.raises(SystemExit) as excinfo:
        app.main(["--version"])
    assert excinfo.value.code == 0
    assert __version__ in capsys.readouterr().out


def test_sandbox_flag(capsys, qapp, monkeypatch, tmp_path):
    from PySide6.QtWidgets import QApplication

    monkeypatch.setenv("BIGCITY_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(QApplication, "exec", lambda self: 0)
    before = set(QApplication.topLevelWidgets())
    assert app.main(["--sandbox"]) == 0
    new = [w for w in QApplication.topLevelWidgets() if w not in before]
    try:
        assert any(type(w).__name__ == "SandboxWindow" and w.isVisible() for w in new)
    finally:
        for w in new:  # hide, not close: closing would save window settings
            w.hide()
            w.deleteLater()


def test_benchmark_startup_flag_paints_and_quits(tmp_path):
    env = {
        "QT_QPA_PLATFORM": "offscreen",
        "BIGCITY_DATA_DIR": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path),
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
    }
    out = subprocess.run(
        [sys.executable, "-m", "bigcity_desktop", "--benchmark-startup"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    line = [ln for ln in out.stdout.splitlines() if ln.startswith("first-paint ")]
    assert line and float(line[0].split()[1]) > 0


def test_resources_root_exists():
    assert resources_root().is_dir()
    assert resource_path("README.md").is_file()


def test_window_icon_is_drawn_from_the_svg(qapp):
    icon = app.app_icon()
    assert not icon.isNull()
    for size in (16, 32, 256):
        pixmap = icon.pixmap(size, size)
        assert not pixmap.isNull() and pixmap.width() == size


def test_version_is_written_once():
    from importlib.metadata import version

    from bigcity_desktop.engine import GameState
    from bigcity_desktop.engine.record import record_to_json

    assert version("bigcity-desktop") == __version__
    assert record_to_json(GameState.new("original", 2, 1))["program"] == f"bigcity-desktop {__version__}"


def test_a_game_file_given_as_the_only_argument_is_opened():
    args = app.build_parser().parse_args(["saved.bigcity"])
    assert args.game == "saved.bigcity" and args.open is None and args.sandbox is None
    assert app.build_parser().parse_args(["--sandbox", "city.json"]).sandbox == "city.json"


def test_file_open_events_reach_the_window(qapp):
    from PySide6.QtCore import QObject
    from PySide6.QtGui import QFileOpenEvent

    opened: list[str] = []
    event_filter = app._file_open_filter(opened.append)
    assert event_filter.eventFilter(QObject(), QFileOpenEvent("/tmp/x.bigcity"))
    assert opened == ["/tmp/x.bigcity"]


def test_replay_flag_opens_the_replay_viewer(qtbot, qapp, monkeypatch, tmp_path):
    from PySide6.QtWidgets import QApplication

    from bigcity_desktop.cli import play_random_game
    from bigcity_desktop.engine.record import write_record

    monkeypatch.setenv("BIGCITY_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(QApplication, "exec", lambda self: 0)
    path = tmp_path / "g.bigcity"
    write_record(path, play_random_game("original", 3, 2))
    before = set(QApplication.topLevelWidgets())
    assert app.main(["--replay", str(path), "--no-resume"]) == 0
    try:
        qtbot.waitUntil(
            lambda: any(type(w).__name__ == "ReplayWindow" and w.isVisible() for w in QApplication.topLevelWidgets()),
            timeout=10000,
        )
    finally:
        # close and delete the app's own new windows (the game window and the
        # replay viewer) only: the other new top-level widgets are menus that
        # pyqtgraph keeps for its plots, and deleting those behind its back
        # crashed a later test when the plot itself was destroyed
        new = [
            w
            for w in QApplication.topLevelWidgets()
            if w not in before and type(w).__module__.startswith("bigcity_desktop")
        ]
        for w in new:
            w.close()
        for w in new:
            if w.parent() is None:
                w.deleteLater()
