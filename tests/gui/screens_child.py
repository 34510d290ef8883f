"""Run by tests/gui/test_screens.py in a child process, on one virtual
screen (the offscreen platform's ``configfile``, ``QT_SCALE_FACTOR`` for the
display scaling): open the game window, the sandbox and the dialogs, play to
a few positions (a building turn of each edition, the jumbo redevelopment at
its fullest, offering and taking, built directly, and the end view of each
edition) and write what was measured as JSON.

    python tests/gui/screens_child.py OUT.json [SCREENSHOT_PREFIX [LANGUAGE [SCHEME]]]

SCHEME is "light" (the default) or "dark": Preferences' Light or dark, set
in the settings before the window opens, as a player's choice is.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

DATA = tempfile.mkdtemp(prefix="bigcity-screens-")
os.environ["BIGCITY_DATA_DIR"] = DATA

from PySide6.QtCore import QEventLoop, QRect, QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication, QPushButton, QWidget  # noqa: E402

APP = QApplication([])
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import bigcity_desktop.game  # noqa: E402,F401
from bigcity_desktop.engine import Phase  # noqa: E402
from bigcity_desktop.game.shell.mainwindow import GameWindow  # noqa: E402
from bigcity_desktop.scene import style as S  # noqa: E402
from bigcity_desktop.scene.scheme import SCHEME_KEY  # noqa: E402
from tests.gui.conftest import find_position, game_over, players, redevelopment  # noqa: E402
from tests.gui.cuttext import cut_texts  # noqa: E402

#: the panels of the drawer, each measured open by itself
PANELS = ("log", "chart", "table")


def settle(rounds: int = 30, until: Callable[[], bool] | None = None, seconds: float = 5.0) -> None:
    """Let the events run: `rounds` passes, then (with `until`) until it holds
    or `seconds` have passed (the layouts, the fits and the focus come by
    queued events and timers)."""
    for _ in range(rounds):
        APP.processEvents()
    deadline = time.monotonic() + seconds
    while until is not None and not until() and time.monotonic() < deadline:
        APP.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)


def inside(w: QWidget) -> dict:
    area = w.screen().availableGeometry()
    frame = w.frameGeometry()
    rect = [frame.x(), frame.y(), frame.width(), frame.height()]
    return {"frame": rect, "area": [area.width(), area.height()], "inside": area.contains(frame)}


def hand_cards_shown(window: GameWindow) -> dict:
    """Every card of the hand inside the hand's viewport, and the viewport on the window."""
    view = window.hand_panel.hand_view
    model = view.model()
    vp = view.viewport().rect()
    cards = [view.visualRect(model.index(r, 0)) for r in range(model.rowCount())]
    cut = [r for r, rect in enumerate(cards) if not vp.contains(rect)]
    top_left = view.viewport().mapTo(window, vp.topLeft())
    on_window = QRect(top_left, vp.size())
    return {
        "cards": len(cards),
        "cut": cut,
        "visible": view.isVisible(),
        "on_window": window.rect().contains(on_window),
    }


def _on_window(window: GameWindow, w: QWidget) -> bool:
    return window.rect().contains(QRect(w.mapTo(window, w.rect().topLeft()), w.size()))


def scrolled(window: GameWindow) -> list[str]:
    """What scrolls or is cut on the table: a scroll bar shown by the
    Supply's tray, the neighborhoods or the offered cards; a piece, a
    neighborhood or an offered card out of its view; a pane off the window."""
    found = []
    tray = window.supply_panel
    tiles = window.tiles_panel.list
    offers = window.hand_panel.offers_list
    views = {
        "supply": (tray, [tray.visualRect(tray.model().index(r, 0)) for r in range(tray.model().rowCount())]),
        "tiles": (tiles, [tiles.visualItemRect(tiles.item(i)) for i in range(tiles.count())]),
        "offers": (offers, [offers.visualItemRect(offers.item(i)) for i in range(offers.count())]),
    }
    for key, (view, rects) in views.items():
        if not view.isVisible():
            continue
        bars = (view.verticalScrollBar(), view.horizontalScrollBar())
        if any(b.isVisible() and b.maximum() > 0 for b in bars):
            found.append(f"{key} scrolls")
        area = view.viewport().rect()
        out = [i for i, r in enumerate(rects) if not area.contains(r)]
        if out:
            found.append(f"{key}: {len(out)} of {len(rects)} out of sight")
        if not _on_window(window, view.viewport()):
            found.append(f"{key} off the window")
    for key, pane in window.panes.items():
        if pane.isVisible() and not _on_window(window, pane):
            found.append(f"pane {key} off the window")
    return found


def measure(window: GameWindow, name: str, shots: str) -> dict:
    settle(until=lambda: inside(window)["inside"] and not hand_cards_shown(window)["cut"] and not scrolled(window))
    found = {
        "window": inside(window),
        "share": round(window.table.board_share(), 3),
        "hand": hand_cards_shown(window),
        "drawer": window.drawer.is_open,
        "scrolled": scrolled(window),
        "compact": bool(window.table.compact),
    }
    if shots:
        window.grab().save(f"{shots}-{name}.png")
    return found


def play(window: GameWindow, state, kinds) -> None:
    window.ctrl.starting.start_from_state(state, players(kinds))
    window.ctrl.session.stop()
    settle()


def end_view(window: GameWindow, edition: str, name: str, shots: str) -> dict:
    """A finished game of four: its end view over the table, measured: inside
    the window, every part of it in sight (its buttons, the ranking table's
    rows and columns without a scroll bar), no text cut."""
    window.scene.animations = False  # the end view at once, its race drawn
    window.results_dialog = None
    play(window, game_over(edition), ["human"] + ["random"] * 3)
    window.ctrl.session.over.emit()  # (a finished game taken over: its end comes as a played one's does)
    settle(until=lambda: window.results_dialog is not None and window.results_dialog.isVisible())
    end = window.results_dialog
    assert end is not None
    settle()
    parts = [end.podium, end.race, end.city, end.table, *end.findChildren(QPushButton)]
    shown = [w for w in parts if w.isVisibleTo(end)]
    table = end.table
    found = {
        "window": inside(window),
        "inside": _on_window(window, end),
        "parts_out": [
            w.objectName() for w in shown if not end.rect().contains(QRect(w.mapTo(end, w.rect().topLeft()), w.size()))
        ],
        "table_scrolls": table.verticalScrollBar().isVisible()
        or table.horizontalScrollBar().isVisible()
        or table.horizontalHeader().length() > table.viewport().width()
        or table.verticalHeader().length() > table.viewport().height(),
        "cut": cut_texts(end),
        "buttons": sorted(b.objectName() for b in end.findChildren(QPushButton) if b.isVisibleTo(end)),
    }
    if shots:
        window.grab().save(f"{shots}-{name}.png")
    end.close()
    window.scene.animations = None
    return found


def dialogs(window: GameWindow) -> dict:
    """Every dialog of the game window, opened, measured and closed."""
    found = {}
    openers: dict[str, Callable[[], QWidget]] = {
        "new_game": window.show_new_game,
        "rules": window.show_rules,
        "statistics": window.show_statistics,
        "preferences": window.show_preferences,
        "guide": window.show_guide,
        "tutorials": window.lessons.show_tutorials,
        "puzzles": window.lessons.show_puzzles,
        "keyboard": window.placing.show_keyboard_help,
    }
    for key, opener in openers.items():
        dlg = opener()
        settle(until=partial(lambda d: bool(inside(d)["inside"]), dlg))
        found[key] = inside(dlg)
        dlg.close()
        settle(3)
    return found


def main() -> None:
    out = Path(sys.argv[1])
    shots = sys.argv[2] if len(sys.argv) > 2 else ""
    if len(sys.argv) > 3 and sys.argv[3] != "en":
        from bigcity_desktop import i18n

        assert i18n.install_translators(sys.argv[3], APP) == sys.argv[3]
    settings = QSettings(str(Path(DATA) / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue(SCHEME_KEY, sys.argv[4] if len(sys.argv) > 4 else "light")
    settings.sync()
    window = GameWindow(settings=settings)
    window.set_bot_speed(0, save=False)
    window.show()
    settle(until=lambda: inside(window)["inside"])
    result: dict = {"opened": inside(window), "scheme": S.scheme().name}
    play(window, find_position(lambda s: s.round >= 3 and s.phase == Phase.ACTION, n=4), ["human"] + ["random"] * 3)
    result["action"] = measure(window, "action", shots)
    # the same game on the model city, a new player's table (issue 46.7)
    window.view.set_view("city")
    window.fit_board()
    result["city"] = measure(window, "city", shots)
    result["city"]["projection"] = window.scene.projection.kind.value
    window.view.set_view("plan")
    window.fit_board()
    four = ["human"] + ["random"] * 3
    # a building turn of the jumbo edition
    play(window, find_position(lambda s: s.round >= 3 and s.phase == Phase.ACTION, edition="jumbo", n=4), four)
    result["jumbo"] = measure(window, "jumbo", shots)
    # the redevelopment at its fullest: four players, two cards each (built directly: tests/gui/conftest.py)
    play(window, redevelopment(taking=False), four)
    result["offer"] = measure(window, "offer", shots)
    result["offer"]["offers"] = window.hand_panel.offers_list.count()
    play(window, redevelopment(taking=True), four)
    result["take"] = measure(window, "take", shots)
    result["take"]["offers"] = window.hand_panel.offers_list.count()
    window.drawer.open(["log", "chart"])
    result["drawer"] = measure(window, "drawer", shots)
    window.drawer.shut()
    # each panel open by itself, on the panel sheet over the table (issue 46.2)
    result["panels"] = {}
    for key in PANELS:
        window.drawer.open([key])
        settle(until=lambda: window.table.board_share() < result["take"]["share"])
        result["panels"][key] = measure(window, f"panel-{key}", shots)
        window.drawer.shut()
        settle(until=lambda: not window.drawer.is_open)
    # the end view of each edition, inside the table
    result["end"] = {}
    for edition in ("original", "jumbo"):
        result["end"][edition] = end_view(window, edition, f"end-{edition}", shots)
    result["dialogs"] = dialogs(window)
    # a geometry remembered on a bigger screen, restored on this one
    window.showNormal()
    window.resize(3000, 2000)
    window.move(2500, 1500)
    window.close()
    settle()
    again = GameWindow(settings=QSettings(str(Path(DATA) / "settings.ini"), QSettings.Format.IniFormat))
    again.show()
    settle(until=lambda: inside(again)["inside"])
    result["restored"] = inside(again)
    again.close()
    from bigcity_desktop.sandbox.window import open_sandbox

    sandbox = open_sandbox()
    settle(until=lambda: inside(sandbox)["inside"])
    result["sandbox"] = inside(sandbox)
    if shots:
        sandbox.grab().save(f"{shots}-sandbox.png")
    out.write_text(json.dumps(result, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
