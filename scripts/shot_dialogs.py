"""Screenshots of every dialog of the game window, in both languages and both
colour schemes (offscreen unless QT_QPA_PLATFORM is set):

    screenshots/dialogs/<lang>_<scheme>_<name>.png

<name> is new_game, preferences, rules, guide, tutorials, puzzles, continue,
host, join, results (a seeded game played to its end) and statistics (after that
game). <lang> is en or de, <scheme> light or dark. Settings, saves and the
statistics go to a temporary folder, so the user's files are not touched.
``--lang``/``--scheme`` take one of each.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import sys
import tempfile
from pathlib import Path
from types import ModuleType

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_TMP = tempfile.mkdtemp(prefix="bigcity-shots-dialogs-")
os.environ["BIGCITY_DATA_DIR"] = _TMP

HERE = Path(__file__).resolve().parent

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication, QDialog, QWidget  # noqa: E402

from bigcity_desktop import i18n  # noqa: E402


def _script(name: str) -> ModuleType:
    """Another script of this folder as a module (scripts/ is not a package)."""
    spec = importlib.util.spec_from_file_location(f"bigcity_script_{name}", HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tools = _script("i18n")
shots = _script("shot_game")
OUT = shots.OUT_DIR / "dialogs"


def _grab(widget: QWidget, lang: str, scheme: str, name: str) -> None:
    shots.spin(150)
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{lang}_{scheme}_{name}.png"
    if not widget.grab().save(str(path)):
        raise SystemExit(f"failed to write {path}")
    print(path)


def _shoot(widget: QWidget, lang: str, scheme: str, name: str) -> None:
    """Grab a dialog the window just opened, then close it unanswered."""
    _grab(widget, lang, scheme, name)
    if isinstance(widget, QDialog):
        widget.reject()
    else:
        widget.close()
    shots.spin(20)


def shoot_window(lang: str, scheme: str) -> None:
    from bigcity_desktop.game.shell.mainwindow import GameWindow

    settings = QSettings(str(Path(_TMP) / f"settings-{lang}-{scheme}.ini"), QSettings.Format.IniFormat)
    settings.setValue("prefs/language", lang)
    settings.setValue("prefs/colourScheme", scheme)
    settings.setValue("net/discovery", False)  # the join dialog looks at no network
    window = GameWindow(settings=settings)
    window.apply_scheme(scheme, save=False)
    window.resize(1280, 860)
    window.show()
    shots.spin(50)
    window.set_bot_speed(0, save=False)

    dlg = window.show_new_game()
    dlg.seed.setText(str(shots.SEED))
    _grab(dlg, lang, scheme, "new_game")
    dlg.accept()
    shots.spin(50)
    # a few moves in, so that Continue has a game to offer once another starts
    rng = random.Random(shots.SEED)
    shots.play_until(window.ctrl, rng, lambda: window.ctrl.starting.local.game.round >= 3)
    _shoot(window.show_preferences(), lang, scheme, "preferences")
    _shoot(window.show_rules(), lang, scheme, "rules")
    _shoot(window.show_guide(), lang, scheme, "guide")
    _shoot(window.lessons.show_tutorials(), lang, scheme, "tutorials")
    _shoot(window.lessons.show_puzzles(), lang, scheme, "puzzles")
    _shoot(window.files.show_continue(), lang, scheme, "continue")
    _shoot(window.network.host_network_game(), lang, scheme, "host")
    _shoot(window.network.join_network_game(), lang, scheme, "join")

    shots.play_until(window.ctrl, rng, lambda: window.ctrl.starting.local.game.is_over)
    shots.wait_until(lambda: window.results_dialog is not None and window.results_dialog.isVisible(), 30)
    assert window.results_dialog is not None
    _grab(window.results_dialog, lang, scheme, "results")
    window.results_dialog.accept()
    _shoot(window.show_statistics(), lang, scheme, "statistics")
    window.ctrl.session.stop()
    window.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lang", choices=("en", "de"), action="append")
    ap.add_argument("--scheme", choices=("light", "dark"), action="append")
    args = ap.parse_args()
    app = QApplication.instance() or QApplication([sys.argv[0]])
    from bigcity_desktop.app import APP_NAME, ORGANIZATION_NAME

    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION_NAME)
    tools.release()
    for lang in args.lang or ("en", "de"):
        if i18n.install_translators(lang, app) != lang:
            raise SystemExit(f"the {lang} catalogue could not be loaded")
        for scheme in args.scheme or ("light", "dark"):
            shoot_window(lang, scheme)
    return 0


if __name__ == "__main__":
    sys.exit(main())
