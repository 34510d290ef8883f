"""Screenshots of the game window (offscreen unless QT_QPA_PLATFORM is set):

    screenshots/new_game.png      the new-game dialog with its defaults
    screenshots/main_midgame.png  a game in progress, placing a building
    screenshots/game_city.png     the same moment in the city view
    screenshots/game_1024.png     the same at 1024x700 (the board refits the window)
    screenshots/results.png       the end-of-game results

A seeded game: you (played by a simple policy) against two bots. Settings and
the autosave go to a temporary folder, so the user's files are not touched.
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

from PySide6.QtCore import QEventLoop, QPointF, QSettings, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from bigcity_desktop.engine import (  # noqa: E402
    DRAW_PHASES,
    Build,
    Draw,
    Exchange,
    Offer,
    Pass,
    Phase,
    PlaceStreetcar,
    PlaceTile,
    StopStreetcars,
    Take,
)
from bigcity_desktop.scene import CELL  # noqa: E402

OUT_DIR = Path(__file__).resolve().parent.parent / "screenshots"
SEED = 12


def spin(ms: int) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def wait_until(cond, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise TimeoutError("the game did not get there in time")
        spin(5)


def human_move(ctrl, rng: random.Random) -> None:
    """Play the human seat: build the best-scoring building, else streetcar/pass."""
    s = ctrl.starting.local.game
    ph = s.phase
    if ph == "setup":
        n = ctrl.session.seat_view().spare_tiles()[0]
        for r in range(4):
            spots = sorted(ctrl.session.seat_view().legal_tile_positions(n, r))
            if spots:
                x, y = spots[len(spots) // 2]
                ctrl.session.act(PlaceTile(n, x, y, r))
                return
    elif ph == "action":
        builds = [(t, p) for t in s.rules.buildings for p in ctrl.session.seat_view().legal_builds(t)]
        halls = [b for b in builds if b[0] == "city_hall"]
        if halls:
            ctrl.session.act(Build(*halls[0]))
        elif builds:
            best = max(builds, key=lambda b: (ctrl.session.seat_view().judge(*b).score or 0, len(b[1])))
            ctrl.session.act(Build(*best))
        elif ctrl.session.seat_view().legal_streets() and rng.random() < 0.6:
            ctrl.session.act(PlaceStreetcar(rng.choice(ctrl.session.seat_view().legal_streets())))
        elif ctrl.session.seat_view().hand() and rng.random() < 0.5:
            ctrl.session.act(Exchange(tuple(ctrl.session.seat_view().hand()[:2])))
        else:
            ctrl.session.act(Pass())
    elif ph == "streetcar":
        streets = ctrl.session.seat_view().legal_streets()
        ctrl.session.act(PlaceStreetcar(streets[0])) if streets else ctrl.session.act(StopStreetcars())
    elif ph in DRAW_PHASES:
        ctrl.session.act(Draw(rng.choice(ctrl.session.seat_view().legal_draw_stacks())))
    elif ph == "offer":
        ctrl.session.act(Offer(tuple(ctrl.session.seat_view().hand()[:1]), False))
    elif ph == "take":
        o = [x for x in ctrl.session.seat_view().offered_cards() if x.taken_by is None]
        ctrl.session.act(Take(o[0].owner, o[0].slot))


def play_until(ctrl, rng, cond) -> None:
    while not cond():
        wait_until(lambda: ctrl.session.seat_view().my_turn() or ctrl.starting.local.game.is_over or cond())
        if cond() or ctrl.starting.local.game.is_over:
            return
        human_move(ctrl, rng)
        spin(1)


def reach_midgame(window) -> int:
    """Play the window's game (human moves at random, bots as they are) to a
    lively middle: City Hall standing and a double or triple building for you
    to place; the first seed from SEED on whose game gets there. Its seed."""
    ctrl = window.ctrl

    def midgame() -> bool:
        s = ctrl.starting.local.game
        if not (ctrl.session.seat_view().my_turn() and s.phase == Phase.ACTION and s.round >= 5 and s.city_hall_open):
            return False
        return any(ctrl.session.seat_view().legal_builds(t, n) for t in ("business", "residence") for n in (2, 3))

    seed = SEED
    play_until(ctrl, random.Random(seed), midgame)
    while not midgame() and seed < SEED + 40:
        seed += 1
        cfg = window.last_config
        assert cfg is not None
        cfg.seed = seed
        window.start_game(cfg)
        play_until(ctrl, random.Random(seed), midgame)
    print(f"seed {seed}: round {ctrl.starting.local.game.round}")
    return seed


def save(widget, name: str) -> Path:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    path = OUT_DIR / name
    if not widget.grab().save(str(path)):
        raise SystemExit(f"failed to write {path}")
    print(path)
    return path


def main() -> int:
    app = QApplication.instance() or QApplication([sys.argv[0]])
    from bigcity_desktop.app import APP_NAME, ORGANIZATION_NAME
    from bigcity_desktop.game.shell.mainwindow import GameWindow

    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION_NAME)
    settings = QSettings(str(Path(_TMP) / "settings.ini"), QSettings.Format.IniFormat)
    window = GameWindow(settings=settings)
    window.resize(1440, 920)
    window.show()
    spin(50)

    dlg = window.show_new_game()
    dlg.seed.setText(str(SEED))
    spin(50)
    save(dlg, "new_game.png")

    window.set_bot_speed(0, save=False)
    dlg.accept()
    ctrl = window.ctrl

    seed = reach_midgame(window)
    spin(100)
    window.view.fit_city(1.2)
    # show the building ghost with its score bubble over a legal spot
    shown = False
    for btype in ("business", "residence", "bank", "cinema", "post_office", "shopping_center"):
        for size in (3, 2, 1):
            spots = ctrl.session.seat_view().legal_builds(btype, size)
            if spots and not shown:
                window.placing.start_building(btype, size)
                cells = [ctrl.starting.local.game.city.cell_of[p] for p in spots[0]]
                shape = window.scene.interaction.ghost_shape()
                # find the ghost orientation that covers these cells
                for _ in range(8):
                    shape = window.scene.interaction.ghost_shape()
                    if sorted((x - min(c[0] for c in shape), y - min(c[1] for c in shape)) for x, y in shape) == sorted(
                        (x - min(c[0] for c in cells), y - min(c[1] for c in cells)) for x, y in cells
                    ):
                        break
                    window.scene.interaction.rotate_ghost(1)
                    if _ == 3:
                        window.scene.interaction.mirror_ghost()
                for cell in cells:
                    window.scene.interaction.hover(QPointF((cell[0] + 0.5) * CELL, (cell[1] + 0.5) * CELL))
                    j = window.scene.interaction.last_judgement
                    if j is not None and j.legal:
                        break
                shown = True
    spin(200)
    save(window, "main_midgame.png")
    # the same moment in the city view (the ghost stays where it was)
    window.view.set_view("city")
    window.view.fit_city(0.1)
    tool = window.scene.interaction.tool
    if tool is not None:
        tool.refresh()  # the bubble beside the ghost at this zoom
    spin(200)
    save(window, "game_city.png")
    window.view.set_view("plan")
    # the same moment on a small screen: the board refits itself to the window
    window.resize(1024, 700)
    spin(300)
    window.scene.update_bubble()
    spin(100)
    save(window, "game_1024.png")
    window.scene.interaction.cancel_mode()
    window.resize(1440, 920)

    play_until(ctrl, random.Random(seed), lambda: ctrl.starting.local.game.is_over)
    wait_until(lambda: window.results_dialog is not None and window.results_dialog.isVisible(), 10)
    spin(200)
    save(window.results_dialog, "results.png")
    ctrl.session.stop()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
