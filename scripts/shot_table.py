"""Screenshots of the game table (offscreen unless QT_QPA_PLATFORM is set),
and the board's share of the window at each size:

    screenshots/table/table_en_light_1600.png  a game in progress, a piece carried over its lots
    screenshots/table/table_de_dark_1024.png   the same in German, dark, 1024×700
    screenshots/table/won_en_light_1600.png    the end of a game you won: the celebration
    screenshots/table/puzzle_solved_en_light_1600.png   a puzzle just solved

A seeded game: you (played by a simple greedy policy) against two random
bots. Settings and the autosave go to a temporary folder.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from pathlib import Path
from types import ModuleType

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_TMP = tempfile.mkdtemp(prefix="bigcity-shots-table-")
os.environ["BIGCITY_DATA_DIR"] = _TMP

HERE = Path(__file__).resolve().parent

from PySide6.QtCore import QPointF, QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from bigcity_desktop import i18n  # noqa: E402

SIZES = {1024: (1024, 700), 1600: (1600, 1000)}


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"bigcity_script_{name}", HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tools = _script("i18n")
shots = _script("shot_game")


def carry_a_piece(window) -> None:
    """Pick up the best building the player can build and hold it over its lots."""
    from bigcity_desktop.scene import CELL

    ctrl = window.ctrl
    sv = ctrl.session.seat_view()
    rules = ctrl.session.view().rules
    builds = [(t, p) for t in rules.buildings for p in sv.legal_builds(t)]
    if not builds:
        return
    btype, props = max(builds, key=lambda b: (len(b[1]), sv.judge(*b).score or 0))
    window.placing.start_building(btype, len(props))
    board = window.scene.interaction
    cells = [ctrl.session.full_state().city.cell_of[p] for p in props]
    for _turn in range(8):
        for cell in cells:
            board.hover(QPointF((cell[0] + 0.5) * CELL, (cell[1] + 0.5) * CELL))
            j = board.last_judgement
            if j is not None and j.legal:
                return
        board.rotate_ghost(1)
        if _turn == 3:
            board.mirror_ghost()


def window_for(lang: str, scheme: str, app):
    from bigcity_desktop.game.shell.mainwindow import GameWindow

    if i18n.install_translators(lang, app) != lang:
        raise SystemExit(f"the {lang} catalogue could not be loaded")
    settings = QSettings(str(Path(_TMP) / f"settings-{lang}-{scheme}.ini"), QSettings.Format.IniFormat)
    settings.setValue("prefs/language", lang)
    settings.setValue("prefs/colourScheme", scheme)
    window = GameWindow(settings=settings)
    window.apply_scheme(scheme, save=False)
    window.resize(*SIZES[1600])
    window.show()
    shots.spin(50)
    window.set_bot_speed(0, save=False)
    return window


def start(window, bots: str = "random") -> None:
    from bigcity_desktop.game.core.controller import GameConfig, SeatConfig

    seats = [SeatConfig("You", "human"), SeatConfig("Bea", bots), SeatConfig("Carl", bots)]
    window.start_game(GameConfig("original", seats, shots.SEED))


def board_share(window, width: int) -> None:
    print(f"board share at {width}: {window.table.board_share():.1%} of the window")


def main() -> int:
    app = QApplication.instance() or QApplication([sys.argv[0]])
    from bigcity_desktop.app import APP_NAME, ORGANIZATION_NAME

    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION_NAME)
    tools.release()
    setattr(shots, "OUT_DIR", shots.OUT_DIR / "table")  # noqa: B010  (a module loaded from a path)

    # a game in progress, English light at 1600×1000 and German dark at 1024×700
    for lang, scheme, width in (("en", "light", 1600), ("de", "dark", 1024)):
        window = window_for(lang, scheme, app)
        start(window, "medium")
        shots.reach_midgame(window)
        window.resize(*SIZES[width])
        shots.spin(300)
        window.fit_board()
        carry_a_piece(window)
        shots.spin(200)
        board_share(window, width)
        shots.save(window, f"table_{lang}_{scheme}_{width}.png")
        window.board.cancel_mode()
        window.ctrl.session.stop()
        window.close()

    # a game you won: the celebration over the board, then the end moment
    window = window_for("en", "light", app)
    start(window)
    rng = shots.random.Random(shots.SEED)
    ctrl = window.ctrl
    shots.play_until(ctrl, rng, lambda: ctrl.starting.local.game.is_over)
    shots.wait_until(window.end_moment.isVisible, 20)
    print("the won game ended", ctrl.starting.local.game.scores)
    shots.spin(700)
    shots.save(window, "won_en_light_1600.png")
    window.end_moment.skip()
    window.ctrl.session.stop()
    window.close()

    # a puzzle just solved
    from bigcity_desktop.game.teaching.puzzlelesson import PuzzleLesson

    window = window_for("en", "light", app)
    dlg = window.lessons.show_puzzles()
    shots.spin(100)
    dlg.play_button.click()
    shots.spin(200)
    lesson = window.lessons.lesson
    assert isinstance(lesson, PuzzleLesson)
    for action in lesson.puzzle.answer:
        if window.ctrl.session.act(action) is not None:
            raise SystemExit(f"{lesson.puzzle.id}: the answer was refused")
    shots.spin(700)
    shots.save(window, "puzzle_solved_en_light_1600.png")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
