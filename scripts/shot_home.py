"""Screenshots of the box opening and closing like a game (issue 46.8, 46.9),
offscreen on a virtual 1600×1000 screen unless QT_QPA_PLATFORM names another
platform:

    screenshots/home/home_<lang>_<scheme>_<width>.png    the home view (a saved game to continue)
    screenshots/home/end_<lang>_<scheme>_<width>.png     the end view: podium, city, best moves, race
    screenshots/home/offers_<lang>_<scheme>_<width>.png  the jumbo redevelopment's offers as cards

English light at 1600×1000 and German (light and dark) at 1024×700.
Settings, saved games and the autosave go to a temporary folder.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import tempfile
from pathlib import Path
from types import ModuleType

_TMP = tempfile.mkdtemp(prefix="bigcity-shots-home-")
os.environ["BIGCITY_DATA_DIR"] = _TMP
if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":  # a screen as large as the largest shot
    _SCREEN = Path(_TMP) / "screen.json"
    _SCREEN.write_text(
        json.dumps(
            {
                "windowFrameMargins": False,
                "screens": [{"name": "shots", "x": 0, "y": 0, "width": 1600, "height": 1000, "logicalDpi": 96}],
            }
        ),
        encoding="utf-8",
    )
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={_SCREEN}"

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from bigcity_desktop import i18n  # noqa: E402

SIZES = {1024: (1024, 700), 1600: (1600, 1000)}
SHOTS = (("en", "light", 1600), ("de", "light", 1024), ("de", "dark", 1024))


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"bigcity_script_{name}", HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tools = _script("i18n")
shots = _script("shot_game")


def window_for(lang: str, scheme: str, width: int, app):
    from bigcity_desktop.game.mainwindow import GameWindow

    if i18n.install_translators(lang, app) != lang:
        raise SystemExit(f"the {lang} catalogue could not be loaded")
    settings = QSettings(str(Path(_TMP) / f"settings-{lang}-{scheme}-{width}.ini"), QSettings.Format.IniFormat)
    settings.setValue("prefs/language", lang)
    settings.setValue("prefs/colourScheme", scheme)
    settings.setValue("player/name", "Greta")
    window = GameWindow(settings=settings)
    window.apply_scheme(scheme, save=False)
    window.resize(*SIZES[width])
    window.show()
    window.set_bot_speed(0, save=False)
    shots.spin(100)
    return window


def a_saved_game() -> None:
    """An unfinished game in the saved games, for the home view's Continue."""
    from bigcity_desktop.engine import GameState
    from bigcity_desktop.engine.record import PlayerInfo
    from bigcity_desktop.session.saves import Saves, SaveSlot

    state = GameState.new("original", 3, shots.SEED, ["Greta", "Bea", "Carl"])
    rng = shots.random.Random(shots.SEED)
    while state.round < 9 and not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    slot = SaveSlot.new(Saves().folder)
    slot.write(state, [PlayerInfo("Greta"), PlayerInfo("Bea", "easy"), PlayerInfo("Carl", "medium")], {})
    slot.release()


def home(lang: str, scheme: str, width: int, app) -> None:
    window = window_for(lang, scheme, width, app)
    window.home.look()
    shots.wait_until(lambda: window.home.looked and window.home.view.city is not None, 30)
    shots.spin(200)
    shots.save(window, f"home_{lang}_{scheme}_{width}.png")
    window.close()


def end(lang: str, scheme: str, width: int, app) -> None:
    from bigcity_desktop.game.controller import GameConfig, SeatConfig

    window = window_for(lang, scheme, width, app)
    seats = [SeatConfig("Greta", "human"), SeatConfig("Bea", "random"), SeatConfig("Carl", "random")]
    window.start_game(GameConfig("original", seats, shots.SEED))
    ctrl = window.ctrl
    shots.play_until(ctrl, shots.random.Random(shots.SEED), lambda: ctrl.starting.local.game.is_over)
    shots.wait_until(window.end_moment.isVisible, 20)
    window.end_moment.skip()
    shots.wait_until(lambda: window.results_dialog is not None and window.results_dialog.isVisible(), 20)
    window.results_dialog.race.motion.setCurrentTime(window.results_dialog.race.motion.duration())  # drawn whole
    shots.spin(900)  # the keys' grace over
    shots.save(window, f"end_{lang}_{scheme}_{width}.png")
    ctrl.session.stop()
    window.close()


def offers(lang: str, scheme: str, width: int, app) -> None:
    from bigcity_desktop.engine import Phase
    from bigcity_desktop.engine.record import PlayerInfo
    from tests.gui.conftest import find_position  # the tests' way to a position (random moves from a seed)

    window = window_for(lang, scheme, width, app)
    state = find_position(lambda s: s.phase == Phase.TAKE and s.current_player == 0, edition="jumbo", n=3, tries=40)
    window.ctrl.starting.start_from_state(
        state, [PlayerInfo("Greta"), PlayerInfo("Bea", "random"), PlayerInfo("Carl", "random")]
    )
    shots.spin(400)
    window.fit_board()
    shots.spin(200)
    shots.save(window, f"offers_{lang}_{scheme}_{width}.png")
    window.ctrl.session.stop()
    window.close()


def main() -> int:
    app = QApplication.instance() or QApplication([sys.argv[0]])
    from bigcity_desktop.app import APP_NAME, ORGANIZATION_NAME

    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION_NAME)
    tools.release()
    setattr(shots, "OUT_DIR", shots.OUT_DIR / "home")  # noqa: B010  (a module loaded from a path)
    a_saved_game()
    for lang, scheme, width in SHOTS:  # the homes first: the games played below are autosaved as newer ones
        home(lang, scheme, width, app)
    for lang, scheme, width in SHOTS:
        end(lang, scheme, width, app)
        offers(lang, scheme, width, app)
    return 0


if __name__ == "__main__":
    sys.exit(main())
