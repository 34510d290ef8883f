"""Screenshot of the game window in German (offscreen unless QT_QPA_PLATFORM is set):

    screenshots/game_de.png   a game in progress, placing a building, at 1400×900

The German catalogue is compiled from resources/i18n/bigcity_de.ts (as
`make` does) and installed as at start-up with the language set to German.
The game is the seeded one of shot_game.py; settings and the autosave go to
a temporary folder.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_TMP = tempfile.mkdtemp(prefix="bigcity-shots-de-")
os.environ["BIGCITY_DATA_DIR"] = _TMP

HERE = Path(__file__).resolve().parent

import importlib.util  # noqa: E402
from types import ModuleType  # noqa: E402

from PySide6.QtCore import QPointF, QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from bigcity_desktop import i18n  # noqa: E402

SEED = 12


def _script(name: str) -> ModuleType:
    """Another script of this folder as a module (scripts/ is not a package)."""
    spec = importlib.util.spec_from_file_location(f"bigcity_script_{name}", HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tools = _script("i18n")
shots = _script("shot_game")


def main() -> int:
    app = QApplication.instance() or QApplication([sys.argv[0]])
    from bigcity_desktop.app import APP_NAME, ORGANIZATION_NAME
    from bigcity_desktop.game.shell.mainwindow import GameWindow
    from bigcity_desktop.scene import CELL

    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION_NAME)
    tools.release()
    if i18n.install_translators("de", app) != "de":
        raise SystemExit("the German catalogue could not be loaded")
    settings = QSettings(str(Path(_TMP) / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("prefs/language", "de")
    window = GameWindow(settings=settings)
    window.resize(1400, 900)
    window.show()
    shots.spin(50)
    window.set_bot_speed(0, save=False)
    dlg = window.show_new_game()
    dlg.seed.setText(str(SEED))
    dlg.accept()
    ctrl = window.ctrl

    shots.reach_midgame(window)
    shots.spin(100)
    window.view.fit_city(1.2)
    for btype, size in (("business", 2), ("residence", 2), ("business", 3), ("residence", 3)):
        spots = ctrl.session.seat_view().legal_builds(btype, size)
        if spots:
            window.placing.start_building(btype, size)
            cells = [ctrl.starting.local.game.city.cell_of[p] for p in spots[0]]
            found = False
            for _ in range(4):  # turn the ghost and move it until it covers the spot
                for cell in cells:
                    window.scene.interaction.hover(QPointF((cell[0] + 0.5) * CELL, (cell[1] + 0.5) * CELL))
                    j = window.scene.interaction.last_judgement
                    if j is not None and j.legal:
                        found = True
                        break
                if found:
                    break
                window.scene.interaction.rotate_ghost(1)
            break
    shots.spin(200)
    shots.save(window, "game_de.png")
    window.scene.interaction.cancel_mode()
    ctrl.session.stop()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
