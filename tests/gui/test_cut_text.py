"""Issue 33.6, "Done when": every window and dialog at 1024×700 and
1600×1000, in English and German, light and dark, shows no label or button
whose text is cut (tests/gui/cuttext.py), and every dialog fits on a
1024×700 screen.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox, QPushButton, QVBoxLayout, QWidget

from bigcity_desktop import i18n
from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.record import PlayerInfo
from bigcity_desktop.scene import scheme

from .conftest import advance, players
from .cuttext import cut_texts

ROOT = Path(__file__).resolve().parents[2]
SMALL, LARGE = (1024, 700), (1600, 1000)


def _tools():
    spec = importlib.util.spec_from_file_location("i18n_tools", ROOT / "scripts" / "i18n.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def german_catalogue(tmp_path_factory):
    (qm,) = _tools().release(tmp_path_factory.mktemp("qm"))
    return qm


@pytest.fixture
def speak(qapp, german_catalogue, monkeypatch):
    """speak("de") installs German, speak("en") English; English again afterwards."""
    monkeypatch.setattr(i18n, "catalogue_path", lambda lang: german_catalogue)

    def install(lang: str) -> None:
        assert i18n.install_translators(lang, qapp) == lang

    yield install
    i18n.install_translators("en", qapp)


@pytest.fixture
def colours(qapp):
    before = QApplication.palette()
    yield lambda name: scheme.apply_scheme(name)
    scheme.apply_scheme("light")
    qapp.setPalette(before)


# ---------------------------------------------------------------- the checker itself
def test_the_checker_finds_a_cut_label_and_a_cut_button(qtbot):
    root = QWidget()
    qtbot.addWidget(root)
    lay = QVBoxLayout(root)
    label = QLabel("A label far too long for the room it has")
    label.setObjectName("tight")
    button = QPushButton("A button far too long for its room")
    button.setObjectName("narrow")
    whole = QLabel("Fits")
    for w in (label, button, whole):
        lay.addWidget(w)
    root.show()
    qtbot.waitExposed(root)
    label.setFixedWidth(60)
    button.setFixedWidth(60)
    qtbot.waitUntil(lambda: label.width() == 60 and button.width() == 60)
    found = cut_texts(root)
    assert len(found) == 2, found
    assert found[0].startswith("QLabel(tight) 'A label far too long")
    assert "has 60" in found[0]
    assert found[1].startswith("QPushButton(narrow) 'A button far too long")
    label.setFixedWidth(label.sizeHint().width())
    button.setFixedWidth(button.sizeHint().width())
    qtbot.waitUntil(lambda: cut_texts(root) == [])


def test_the_checker_finds_text_shortened_in_code_and_a_wrapped_label_too_low(qtbot):
    root = QWidget()
    qtbot.addWidget(root)
    lay = QVBoxLayout(root)
    short = QLabel("Residence, Resid…")
    short.setToolTip("Residence, Residence, Residence")
    wrapped = QLabel("many words " * 30)
    wrapped.setObjectName("wrapped")
    wrapped.setWordWrap(True)
    lay.addWidget(short)
    lay.addWidget(wrapped)
    root.show()
    qtbot.waitExposed(root)
    wrapped.setFixedSize(120, 20)
    qtbot.waitUntil(lambda: wrapped.height() == 20)
    found = cut_texts(root)
    assert any("shortened with …" in f for f in found), found
    assert any(f.startswith("QLabel(wrapped)") and "needs height" in f for f in found), found


def test_the_checker_finds_a_shortened_list_item_and_items_behind_a_tool_bar_s_arrows(qtbot):
    from PySide6.QtCore import QSize
    from PySide6.QtWidgets import QListWidget, QMainWindow, QToolBar

    win = QMainWindow()
    qtbot.addWidget(win)
    items = QListWidget()
    items.setObjectName("cards")
    items.addItems(["11", "60 (L-shaped factory)"])
    items.setGridSize(QSize(60, 20))  # the cells clip what is wider
    items.setFlow(QListWidget.Flow.LeftToRight)
    win.setCentralWidget(items)
    bar = QToolBar()
    for i in range(12):
        bar.addAction(f"Action number {i}")
    win.addToolBar(bar)
    win.resize(400, 300)
    win.show()
    qtbot.waitExposed(win)
    found = cut_texts(win)
    assert any(f.startswith("QListWidget(cards) item 1 '60 (L-shaped factory)'") for f in found), found
    assert not any("item 0" in f for f in found), found
    assert any(f.startswith("QToolBar(-): 9 of its items") and "Action number 11" in f for f in found), found


def test_the_checker_finds_a_cut_table_cell_and_a_multi_line_item_with_a_set_size(qtbot):
    from PySide6.QtCore import QSize
    from PySide6.QtWidgets import QListWidget, QListWidgetItem, QTableWidget, QTableWidgetItem

    root = QWidget()
    qtbot.addWidget(root)
    lay = QVBoxLayout(root)
    table = QTableWidget(1, 2)
    table.setObjectName("players")
    table.setWordWrap(False)
    table.setItem(0, 0, QTableWidgetItem("Bot (medium)"))
    table.setItem(0, 1, QTableWidgetItem("1"))
    table.setColumnWidth(0, 40)
    games = QListWidget()
    games.setObjectName("games")
    item = QListWidgetItem("Ann, Bea\nBig City: 20th Anniversary Jumbo Edition (2019), round 1, scores 1 : 2")
    item.setSizeHint(QSize(120, 60))  # a size of its own says nothing of its text's
    games.addItem(item)
    lay.addWidget(table)
    lay.addWidget(games)
    root.resize(300, 300)
    root.show()
    qtbot.waitExposed(root)
    found = cut_texts(root)
    assert any(f.startswith("QTableWidget(players) cell 0,0 'Bot (medium)'") for f in found), found
    assert not any("cell 0,1" in f for f in found), found
    assert any(f.startswith("QListWidget(games) item 0") for f in found), found


# ---------------------------------------------------------------- what is opened
def _finished_controller(seats: int = 4):
    from bigcity_desktop.game.core.controller import GameController

    state = advance(GameState.new("original", seats, 5), lambda st: st.is_over, seed=5)
    ctrl = GameController(autosave=False)
    names = ["Annemarie", "Bot (mittel) Bea", "Bot (schwer) Carl", "Dora", "Emil"][:seats]
    ctrl.starting.start_from_state(state, players(["human"] + ["hard"] * (seats - 1), names))
    return ctrl


def _new_game(seats: int, edition: str) -> Callable[[QWidget], QWidget]:
    def make(_holder: QWidget) -> QWidget:
        from bigcity_desktop.game.dialogs import NewGameDialog

        d = NewGameDialog(edition=edition)
        d.edition.setCurrentIndex(d.edition.findData(edition))
        d.count.setValue(seats)
        return d

    return make


def _results(holder: QWidget) -> QWidget:
    from bigcity_desktop.game.dialogs import ResultsDialog

    ctrl = _finished_controller()
    holder.ctrl = ctrl  # type: ignore[attr-defined]  # kept alive with the dialog
    return ResultsDialog(ctrl, record_lines=["Your best score in the original edition!"])


def _rules(_holder: QWidget) -> QWidget:
    from bigcity_desktop.engine import get_rules
    from bigcity_desktop.game.dialogs import RulesDialog

    return RulesDialog(get_rules("jumbo"))


def _continue(_holder: QWidget) -> QWidget:
    import time

    from bigcity_desktop.game.gamefiles.continue_dialog import ContinueDialog
    from bigcity_desktop.session.keptseat import KeptSeat
    from bigcity_desktop.session.saves import Saves, SaveSlot, saves_dir

    folder = saves_dir()
    over = advance(GameState.new("original", 5, 4), lambda st: st.is_over, seed=4)
    for s in (GameState.new("original", 2, 1), GameState.new("jumbo", 4, 2), over):
        slot = SaveSlot.new(folder)
        names = ["Annemarie", "Bea", "Carl", "Dora", "Emil"][: s.n]
        slot.write(s, [PlayerInfo(names[0])] + [PlayerInfo(x, "medium") for x in names[1:]], {})
        slot.release()
    kept = KeptSeat(
        "ws://spieleabend.example:47474",
        "t1",
        2,
        "secret",
        "Annemarie",
        "Annemaries Tisch",
        "Big City: 20th Anniversary Jumbo Edition (2019)",
        4,
        when=time.time() - 7200,
    )
    return ContinueDialog(Saves(folder), kept=kept)


def _statistics(_holder: QWidget) -> QWidget:
    from bigcity_desktop.game.statistics import RecordStore, StatisticsDialog
    from bigcity_desktop.session.statistics import FILE_NAME

    from .test_statistics_window import entry

    store = RecordStore(Path(_holder.property("data")) / FILE_NAME)
    store.add([entry(name="Ann", score=30, levels=("hard", "medium", "easy"))])
    store.add([entry(name="Ann", edition="jumbo", score=44, levels=("medium",))])
    return StatisticsDialog(store, name="Ann")


def _preferences(_holder: QWidget) -> QWidget:
    from bigcity_desktop.ui.preferences import PreferencesDialog

    return PreferencesDialog(QSettings())


def _keyboard(_holder: QWidget) -> QWidget:
    from bigcity_desktop.ui.keyboard import KeyboardDialog

    actions = {"new": QAction("&New game…", _holder), "undo": QAction("&Take back", _holder)}
    actions["new"].setShortcut("Ctrl+N")
    actions["undo"].setShortcut("Ctrl+Z")
    return KeyboardDialog(actions)


def _guide(_holder: QWidget) -> QWidget:
    from bigcity_desktop.help.guide import GuideDialog

    return GuideDialog()


def _puzzles(_holder: QWidget) -> QWidget:
    from bigcity_desktop.game.teaching.puzzledialog import PuzzlesDialog
    from bigcity_desktop.learn.progress import Progress

    return PuzzlesDialog(Progress(), settings=QSettings())


def _tutorials(_holder: QWidget) -> QWidget:
    from bigcity_desktop.game.teaching.tutorialdialog import TutorialDialog
    from bigcity_desktop.learn.progress import Progress

    return TutorialDialog(Progress())


def _host(_holder: QWidget) -> QWidget:
    from bigcity_desktop.game.netplay.widgets import HostDialog

    s = QSettings()
    s.setValue("net/discovery", False)
    return HostDialog(s, "Annemarie")


def _join(_holder: QWidget) -> QWidget:
    from bigcity_desktop.game.netplay.widgets import JoinDialog

    s = QSettings()
    s.setValue("net/discovery", False)
    return JoinDialog(s, "Annemarie")


def _replay(_holder: QWidget) -> QWidget:
    from bigcity_desktop.game.replays.window import replay_of_state

    state = advance(GameState.new("original", 4, 3), lambda st: len(st.history) > 60, seed=3)
    return replay_of_state(state, players(["human", "medium", "hard", "easy"], ["Annemarie", "Bea", "Carl", "Dora"]))


def _sandbox(_holder: QWidget) -> QWidget:
    from bigcity_desktop.sandbox.window import SandboxWindow

    return SandboxWindow()


def _save_puzzle(holder: QWidget) -> QWidget:
    from bigcity_desktop.sandbox.puzzle import SavePuzzleDialog
    from bigcity_desktop.sandbox.window import SandboxWindow

    sandbox = SandboxWindow()
    holder.sandbox = sandbox  # type: ignore[attr-defined]
    return SavePuzzleDialog(sandbox.model.city, settings=QSettings())


def _about(_holder: QWidget) -> QWidget:
    from bigcity_desktop.game.dialogs import about_text

    box = QMessageBox(QMessageBox.Icon.Information, "About Big City Desktop", about_text())
    return box


def _game_window(edition: str, seats: int, drawer: bool) -> Callable[[QWidget], QWidget]:
    """The game table: a game of `seats` in its third round (long names, bots of
    every level), its side drawer open or shut."""

    def make(holder: QWidget) -> QWidget:
        from bigcity_desktop.engine import Phase
        from bigcity_desktop.game.shell.mainwindow import GameWindow

        data = Path(str(holder.property("data")))
        settings = QSettings(str(data / f"game-{edition}-{seats}.ini"), QSettings.Format.IniFormat)
        w = GameWindow(settings=settings)
        state = advance(GameState.new(edition, seats, 4), lambda st: st.round >= 3 and st.phase == Phase.ACTION, seed=4)
        kinds = ["human", "easy", "medium", "hard", "random"][:seats]
        names = ["Annemarie", "Bea", "Carl", "Dora", "Emil"][:seats]
        w.ctrl.starting.start_from_state(state, players(kinds, names))
        w.ctrl.session.stop()
        if drawer:
            w.drawer.open(["log", "chart"])
        return w

    return make


#: every window and dialog: name -> (maker, is it a main window shown at the screen's size)
OPENED: dict[str, tuple[Callable[[QWidget], QWidget], bool]] = {
    "new-2-jumbo": (_new_game(2, "jumbo"), False),
    "new-5-original": (_new_game(5, "original"), False),
    "new-4-jumbo": (_new_game(4, "jumbo"), False),
    "results": (_results, False),
    "rules": (_rules, False),
    "continue": (_continue, False),
    "statistics": (_statistics, False),
    "preferences": (_preferences, False),
    "keyboard": (_keyboard, False),
    "guide": (_guide, False),
    "puzzles": (_puzzles, False),
    "tutorials": (_tutorials, False),
    "host": (_host, False),
    "join": (_join, False),
    "game-4-jumbo": (_game_window("jumbo", 4, False), True),
    "game-5-original-drawer": (_game_window("original", 5, True), True),
    "replay": (_replay, True),
    "sandbox": (_sandbox, True),
    "save-puzzle": (_save_puzzle, False),
    "about": (_about, False),
}


def look(qtbot, name: str, screen: tuple[int, int], data: Path) -> tuple[QWidget, list[str]]:
    """Open `name` as on a screen of `screen`: a main window at the screen's
    size, a dialog at its own (which must fit on the screen); what is cut."""
    make, main = OPENED[name]
    holder = QWidget()
    holder.setProperty("data", str(data))
    qtbot.addWidget(holder)
    w = make(holder)
    holder.opened = w  # type: ignore[attr-defined]
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    if main:
        w.resize(*screen)
    else:
        size = w.size()
        if size.width() > SMALL[0] or size.height() > SMALL[1]:
            return w, [f"{name} is {size.width()}×{size.height()}, more than a 1024×700 screen"]
        w.resize(min(size.width(), screen[0]), min(size.height(), screen[1]))
    QApplication.processEvents()
    found = cut_texts(w)
    return w, found


def _close(w: QWidget) -> None:
    stop = getattr(getattr(w, "ctrl", None), "session", None)
    if stop is not None:
        stop.stop()
    w.close()


#: every screen, language and scheme
MATRIX = [(screen, lang, colour) for screen in (SMALL, LARGE) for lang in ("de", "en") for colour in ("light", "dark")]


@pytest.mark.parametrize(
    "screen,lang,colour", MATRIX, ids=lambda v: "x".join(map(str, v)) if isinstance(v, tuple) else v
)
def test_nothing_is_cut(qtbot, speak, colours, screen, lang, colour, tmp_path, monkeypatch):
    from PySide6.QtCore import QRect

    from bigcity_desktop.ui import windowfit

    # the screen the windows are sized for (the offscreen one is 800×800): windows are kept inside it
    monkeypatch.setattr(windowfit, "available_area", lambda _w=None: QRect(0, 0, *screen))
    speak(lang)
    colours(colour)
    problems = {}
    for name in OPENED:
        w, found = look(qtbot, name, screen, tmp_path)
        if found:
            problems[name] = found
        _close(w)
    assert problems == {}


# ---------------------------------------------------------------- the sandbox on a small screen
@pytest.fixture
def small_screen(monkeypatch):
    """The screen's free area is 1024×700 (the offscreen screen is 800×800)."""
    from PySide6.QtCore import QRect

    from bigcity_desktop.sandbox import window as sandbox_window
    from bigcity_desktop.ui import windowfit

    area = QRect(0, 0, *SMALL)
    monkeypatch.setattr(windowfit, "available_area", lambda _w=None: area)
    monkeypatch.setattr(sandbox_window, "available_area", lambda _w=None: area, raising=False)
    return area


def test_the_sandbox_opens_within_a_small_screen_with_its_palette_in_view(qtbot, speak, small_screen):
    """It opened at 1280×820 on a 1024×700 screen, its palette off-screen."""
    from bigcity_desktop.sandbox.window import open_sandbox

    speak("de")
    w = open_sandbox()
    qtbot.addWidget(w)
    qtbot.waitExposed(w)
    assert w.width() <= SMALL[0] and w.height() <= SMALL[1], w.size()
    palette = w.docks.palette_dock
    right = palette.mapTo(w, palette.rect().bottomRight())
    assert palette.isVisible() and right.x() < w.width() and right.y() < w.height()
    assert w.docks.heat_combo.isVisible()
    assert cut_texts(w) == []
