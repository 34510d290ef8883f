"""Screenshots of the lessons, in English and German, light and dark
(offscreen unless QT_QPA_PLATFORM is set; <lang> is en or de for the light
scheme, en-dark or de-dark for the dark one):

    screenshots/tutorial/<lang>/<tutorial>-<nn>-<step>.png   every step of both tutorials, as it begins
    screenshots/tutorial/<lang>/<tutorial>-end.png           the bubble after the last step
    screenshots/tutorial/<lang>/refused.png                  a wrong move answered by the lesson
    screenshots/tutorial/<lang>/welcome.png                  the question at the first start
    screenshots/tutorial/<lang>/puzzles.png                  Game → Puzzles…
    screenshots/tutorial/<lang>/puzzle.png                   a puzzle in play, and puzzle-solved.png
    screenshots/tutorial/<lang>/save_puzzle.png              the sandbox's Save as puzzle dialog

Each step is reached through the game window as a player would (the step's
first accepted move, or Next). The German catalogue is compiled from
resources/i18n/bigcity_de.ts first (as `make` does). Settings and progress
go to a temporary folder, so the user's files are not touched.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_TMP = tempfile.mkdtemp(prefix="bigcity-shots-learn-")
os.environ["BIGCITY_DATA_DIR"] = _TMP

from PySide6.QtCore import QEventLoop, QSettings, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from bigcity_desktop import i18n  # noqa: E402
from bigcity_desktop.engine import Build  # noqa: E402

HERE = Path(__file__).resolve().parent
OUT_DIR = HERE.parent / "screenshots" / "tutorial"
SIZE = (1280, 800)


def _script(name: str) -> ModuleType:
    """Another script of this folder as a module (scripts/ is not a package)."""
    spec = importlib.util.spec_from_file_location(f"bigcity_script_{name}", HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def spin(ms: int) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def save(widget: QWidget, lang: str, name: str) -> Path:
    folder = OUT_DIR / lang
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    if not widget.grab().save(str(path)):
        raise SystemExit(f"failed to write {path}")
    return path


def shoot_language(app: QApplication, lang: str, scheme: str = "light") -> int:
    from bigcity_desktop.game.shell.mainwindow import GameWindow
    from bigcity_desktop.game.teaching.puzzlelesson import PuzzleLesson

    settings = QSettings(str(Path(_TMP) / f"settings-{lang}-{scheme}.ini"), QSettings.Format.IniFormat)
    settings.setValue("prefs/language", lang)
    settings.setValue("prefs/colourScheme", scheme)
    settings.setValue("prefs/animations", False)  # every shot as the move ends, not halfway through a flash
    window = GameWindow(settings=settings)
    window.apply_scheme(scheme, save=False)
    folder = lang if scheme == "light" else f"{lang}-dark"
    window.scene.animations = False
    window.resize(*SIZE)
    window.show()
    window.set_bot_speed(0, save=False)
    spin(50)
    count = 0

    # the question at the very first start
    window.lessons.offer_first_tutorial()
    spin(30)
    box = window.lessons.tutorial_offer
    assert box is not None
    save(box, folder, "welcome.png")
    box.done(0)  # answered elsewhere below: no New game dialog to close
    box.hide()
    spin(20)
    count += 1

    for tid in ("original", "jumbo"):
        lesson = window.lessons.start_tutorial(tid, fresh=True)
        assert lesson is not None
        session = lesson.session
        spin(60)
        while not session.done:
            step = session.run.step
            lesson.reposition()
            spin(15)
            save(window, folder, f"{tid}-{step.index + 1:02d}-{step.id}.png")
            count += 1
            if tid == "original" and step.id == "business-41-43":
                window.ctrl.session.act(Build("business", tuple([41, 42])))  # a wrong move: the lesson answers it
                spin(15)
                save(window, folder, "refused.png")
                count += 1
            if session.waits_for_next:
                lesson.clicked("next")
            else:
                reason = window.ctrl.session.act(session.offered()[0])
                if reason is not None:
                    raise SystemExit(f"{tid}, step {step.id}: the accepted move was refused: {reason}")
            spin(15)
        spin(30)
        save(window, folder, f"{tid}-end.png")
        count += 1
        lesson.clicked("leave")
        if window.new_dialog is not None:
            window.new_dialog.reject()
        spin(20)

    # the puzzles
    dlg = window.lessons.show_puzzles()
    spin(50)
    save(dlg, folder, "puzzles.png")
    dlg.play_button.click()
    spin(60)
    puzzle_lesson = window.lessons.lesson
    assert isinstance(puzzle_lesson, PuzzleLesson)
    save(window, folder, "puzzle.png")
    for action in puzzle_lesson.puzzle.answer:
        if window.ctrl.session.act(action) is not None:
            raise SystemExit(f"{puzzle_lesson.puzzle.id}: the answer was refused")
    spin(40)
    save(window, folder, "puzzle-solved.png")
    count += 3
    puzzle_lesson.clicked("leave")
    if window.new_dialog is not None:
        window.new_dialog.reject()

    # the sandbox: Save as puzzle
    from bigcity_desktop.sandbox.window import SandboxWindow

    sandbox = SandboxWindow()
    sandbox.show()
    pdlg = sandbox.save_as_puzzle()
    pdlg.set_hand([11, 12, 13])
    pdlg.title_edit.setText("Drei in einer Reihe" if lang == "de" else "Three in a row")
    spin(40)
    save(pdlg, folder, "save_puzzle.png")
    count += 1
    pdlg.reject()
    sandbox.close()
    window.ctrl.session.stop()
    window.close()
    return count


def main() -> int:
    app = QApplication.instance() or QApplication([sys.argv[0]])
    assert isinstance(app, QApplication)
    from bigcity_desktop.app import APP_NAME, ORGANIZATION_NAME

    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION_NAME)
    t0 = time.perf_counter()
    total = 0
    for lang in ("en", "de"):
        if lang == "de":
            _script("i18n").release()
        if i18n.install_translators(lang, app) != lang:
            raise SystemExit(f"the {lang} catalogue could not be loaded")
        for scheme in ("light", "dark"):
            n = shoot_language(app, lang, scheme)
            total += n
            print(f"{OUT_DIR / (lang if scheme == 'light' else lang + '-dark')}: {n} screenshots")
    print(f"{total} screenshots in {time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
