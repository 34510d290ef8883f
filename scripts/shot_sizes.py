"""Screenshots of the game window at the sizes the README promises, in both
languages and both colour schemes (offscreen unless QT_QPA_PLATFORM is set):

    screenshots/sizes/game_<lang>_<scheme>_<width>.png   a game in progress
    screenshots/sizes/city_<lang>_<scheme>_<width>.png   the same in the city view
    screenshots/sizes/replay_<lang>_<scheme>_<width>.png the replay viewer on that game
    screenshots/sizes/sandbox_<lang>_<scheme>_<width>.png the city sandbox on its city
    screenshots/sizes/motion_<lang>_<scheme>_1600.png   a building sliding in, drawn cards flying in (halfway)
    screenshots/sizes/end_<lang>_<scheme>_<width>.png    the end-of-game moment, its scores counting up

<lang> is en or de, <scheme> light or dark, <width> 1024 (1024×700) or 1600
(1600×1000). The game is the seeded one of shot_game.py; settings and the
autosave go to a temporary folder. ``--lang``/``--scheme`` take one of each.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import tempfile
from pathlib import Path
from types import ModuleType

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_TMP = tempfile.mkdtemp(prefix="bigcity-shots-sizes-")
os.environ["BIGCITY_DATA_DIR"] = _TMP

HERE = Path(__file__).resolve().parent

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from bigcity_desktop import i18n  # noqa: E402

SIZES = {1024: (1024, 700), 1600: (1600, 1000)}


def _script(name: str) -> ModuleType:
    """Another script of this folder as a module (scripts/ is not a package)."""
    spec = importlib.util.spec_from_file_location(f"bigcity_script_{name}", HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tools = _script("i18n")
shots = _script("shot_game")


def _halfway(*motions, at: float = 0.45) -> None:
    """Hold the running animations (scene/motion.py) at a point of their way."""
    for m in motions:
        for a in m.animations:
            a.pause()
            a.setCurrentTime(int(a.duration() * at))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lang", choices=("en", "de"), action="append")
    ap.add_argument("--scheme", choices=("light", "dark"), action="append")
    args = ap.parse_args()
    app = QApplication.instance() or QApplication([sys.argv[0]])
    from bigcity_desktop.app import APP_NAME, ORGANIZATION_NAME
    from bigcity_desktop.game.shell.mainwindow import GameWindow

    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION_NAME)
    tools.release()
    setattr(shots, "OUT_DIR", shots.OUT_DIR / "sizes")  # noqa: B010  (a module loaded from a path)
    for lang in args.lang or ("en", "de"):
        if i18n.install_translators(lang, app) != lang:
            raise SystemExit(f"the {lang} catalogue could not be loaded")
        for scheme in args.scheme or ("light", "dark"):
            settings = QSettings(str(Path(_TMP) / f"settings-{lang}-{scheme}.ini"), QSettings.Format.IniFormat)
            settings.setValue("prefs/language", lang)
            settings.setValue("prefs/colourScheme", scheme)
            window = GameWindow(settings=settings)
            if hasattr(window, "apply_scheme"):
                window.apply_scheme(scheme, save=False)
            window.resize(*SIZES[1600])
            window.show()
            shots.spin(50)
            window.set_bot_speed(0, save=False)
            dlg = window.show_new_game()
            dlg.seed.setText(str(shots.SEED))
            dlg.accept()
            shots.reach_midgame(window)
            for width, size in SIZES.items():
                window.resize(*size)
                shots.spin(300)
                window.fit_board()
                shots.spin(100)
                shots.save(window, f"game_{lang}_{scheme}_{width}.png")
                window.view.set_view("city")
                window.fit_board()
                shots.spin(300)
                shots.save(window, f"city_{lang}_{scheme}_{width}.png")
                window.view.set_view("plan")
            # motion, halfway: your building slides in, the cards drawn after it fly into the hand
            ctrl = window.ctrl
            rng = shots.random.Random(shots.SEED)
            window.set_bot_speed(1500, save=False)  # the next bot waits: its move would end the motion
            shots.human_move(ctrl, rng)  # the midgame's build
            shots.play_until(ctrl, rng, lambda c=ctrl: c.starting.local.game.phase not in shots.DRAW_PHASES)
            hand = window.hand_panel.hand_view
            _halfway(window.scene.motion, hand.motion)
            shots.spin(50)
            shots.save(window, f"motion_{lang}_{scheme}_1600.png")
            window.scene.motion.finish()
            hand.motion.finish()
            window.set_bot_speed(0, save=False)
            from bigcity_desktop.game.replays.window import replay_of_state
            from bigcity_desktop.sandbox.window import SandboxWindow

            replay = replay_of_state(window.ctrl.starting.local.game, window.ctrl.session.players)
            sandbox = SandboxWindow()
            for other, name in ((replay, "replay"), (sandbox, "sandbox")):
                other.show()
                for width, size in SIZES.items():
                    other.resize(*size)
                    shots.spin(300)
                    if other is sandbox:
                        sandbox.fit_city()
                    else:
                        replay.fit_city()
                    shots.spin(150)
                    shots.save(other, f"{name}_{lang}_{scheme}_{width}.png")
                other.close()
            # the end of the game: the city whole, the winner named, the scores counting up
            shots.play_until(ctrl, rng, lambda c=ctrl: c.starting.local.game.is_over)
            shots.wait_until(window.end_moment.isVisible, 20)
            _halfway(window.end_moment.motion, at=0.6)
            for width, size in SIZES.items():
                window.resize(*size)
                shots.spin(300)
                shots.save(window, f"end_{lang}_{scheme}_{width}.png")
            window.end_moment.skip()
            window.ctrl.session.stop()
            window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
