"""Smoke tests for the placeholder main window and the entry point."""

import pytest

from bigcity_desktop import __version__, app
from bigcity_desktop.resources import resource_path, resources_root


def test_main_window_shows_with_title(qtbot):
    window = app.build_main_window()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)

    assert window.windowTitle() == "Big City Desktop"
    assert window.centralWidget().text() == app.PLACEHOLDER_TEXT


def test_version_flag(capsys):
    with pytest.raises(SystemExit) as excinfo:
        app.main(["--version"])
    assert excinfo.value.code == 0
    assert __version__ in capsys.readouterr().out


def test_sandbox_not_yet_available(capsys):
    assert app.main(["--sandbox", "grid"]) == 1
    assert "not yet available" in capsys.readouterr().err


def test_resources_root_exists():
    assert resources_root().is_dir()
    assert resource_path("README.md").is_file()
