"""Shared test set-up.

Qt must be told to render offscreen before anything imports it, so this runs
at conftest import time, before pytest-qt creates the QApplication.
"""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("BIGCITY_SOUND", "off")  # no test makes a sound (bigcity_desktop/ui/sound.py)


from pathlib import Path

import pytest

_TESTS = Path(__file__).resolve().parent

#: folders whose every test opens Qt widgets or scenes
_GUI_FOLDERS = ("gui", "sandbox", "scene")

#: whole bot games in tests/bots (seconds each); marked here until those
#: tests carry @pytest.mark.slow themselves (tests/bots is being rewritten)
_SLOW_BOT_TESTS = (
    "test_bot_plays_whole_games",
    "test_hard_bot_plays_whole_games",
    "test_bot_games_build_city_hall_and_end_soon_after_the_last_points",
    "test_games_are_reproducible",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark `gui` every test that needs Qt widgets (its folder, or the qtbot
    fixture), and `slow` the whole bot games; `make test-fast` leaves both out."""
    for item in items:
        rel = item.path.resolve().relative_to(_TESTS)
        if rel.parts[0] in _GUI_FOLDERS or "qtbot" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.gui)
        if rel.parts[0] == "bots" and getattr(item, "originalname", item.name) in _SLOW_BOT_TESTS:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _earlier_windows_gone(request: pytest.FixtureRequest) -> None:
    """Before a Qt test, the windows earlier tests closed are destroyed now
    (pytest-qt only schedules it), so their destruction never runs beside a
    worker thread this test starts (a file loading, a bot thinking)."""
    if request.node.get_closest_marker("gui") is None:
        return
    import gc

    from PySide6.QtCore import QCoreApplication, QEvent

    if QCoreApplication.instance() is not None:
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()


@pytest.fixture(autouse=True, scope="session")
def _private_settings(tmp_path_factory: pytest.TempPathFactory) -> None:
    """QSettings() in the tests reads and writes a fresh folder, never the
    user's: a remembered city view (view/projection) or preference must not
    change what the tests see."""
    from PySide6.QtCore import QSettings

    folder = str(tmp_path_factory.mktemp("settings"))
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, folder)
        QSettings.setPath(fmt, QSettings.Scope.SystemScope, folder)


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test writes into the player's own data folder (games, the sandbox's
    kept layouts, crash reports): each gets a fresh one unless it sets its own."""
    monkeypatch.setenv("BIGCITY_DATA_DIR", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(autouse=True)
def _sandbox_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sandbox's Save / Discard / Cancel and restore questions are modal:
    in tests they are answered Discard and Not now, unless a test answers them
    itself (tests/sandbox/test_unsaved.py)."""
    from bigcity_desktop.sandbox import prompts

    monkeypatch.setattr(prompts, "ask_unsaved", lambda *a: prompts.Choice.DISCARD)
    monkeypatch.setattr(prompts, "ask_restore", lambda *a: prompts.Choice.CANCEL)
