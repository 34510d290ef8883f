"""The game window's menus: every command with its shortcut, in one place
(Help → Keyboard lists them from here)."""

from __future__ import annotations

from typing import NamedTuple, Protocol

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMenuBar

from bigcity_desktop.engine import Draw, StopStreetcars
from bigcity_desktop.game.core.controller import GameController, stack_numbers
from bigcity_desktop.game.core.playername import PlayerName
from bigcity_desktop.game.gamefiles.part import FilesPart
from bigcity_desktop.game.hints import hint_function
from bigcity_desktop.game.netplay.part import NetworkPart
from bigcity_desktop.game.replays.part import ReplaysPart
from bigcity_desktop.game.tabletop.gametable import Drawer
from bigcity_desktop.game.tabletop.panels import HandPanel
from bigcity_desktop.game.tabletop.placing import Placing
from bigcity_desktop.game.teaching.part import LessonsPart
from bigcity_desktop.i18n import translate
from bigcity_desktop.scene import CityView
from bigcity_desktop.scene.interaction import BoardInteraction
from bigcity_desktop.ui.preferences import BOT_SPEEDS, speed_label
from bigcity_desktop.ui.windowfit import ScreenFit


class WindowCommands(Protocol):
    """The window's own commands and pieces the menus use (the parts' are in :class:`Parts`)."""

    @property
    def ctrl(self) -> GameController: ...

    @property
    def view(self) -> CityView: ...

    @property
    def board(self) -> BoardInteraction: ...

    @property
    def hand_panel(self) -> HandPanel: ...

    @property
    def settings(self) -> QSettings: ...

    @property
    def speed_group(self) -> QActionGroup: ...

    @property
    def docks(self) -> dict[str, QDockWidget]: ...

    def menuBar(self) -> QMenuBar: ...

    def close(self) -> bool: ...

    def show_new_game(self, start_city: list | None = None, edition: str | None = None) -> object: ...

    def show_statistics(self) -> object: ...

    def open_sandbox(self, layout_path: object = None) -> None: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def pass_turn(self) -> str | None: ...

    def hint_key(self) -> None: ...

    def fit_board(self) -> None: ...

    def set_bot_speed(self, ms: int, save: bool = True) -> None: ...

    def apply_palette(self, name: str, save: bool = True) -> None: ...

    def reset_layout(self) -> None: ...

    def show_preferences(self) -> object: ...

    def show_guide(self) -> object: ...

    def show_rules(self) -> object: ...

    def show_about(self) -> None: ...


class Parts(NamedTuple):
    """The window's parts whose commands are in the menus."""

    files: FilesPart
    replays: ReplaysPart
    network: NetworkPart
    lessons: LessonsPart
    placing: Placing
    drawer: Drawer
    screen_fit: ScreenFit
    player: PlayerName


def build_menus(self: WindowCommands, parts: Parts, actions: dict[str, QAction]) -> None:
    """The menu bar, its actions kept by name in `actions`."""
    mb = self.menuBar()
    files, replays, network, lessons, placing, drawer, screen_fit, player = parts

    def act(menu, key, text, slot, shortcut=None, tip=None):
        a = QAction(text, mb)
        a.setObjectName(f"action_{key}")
        if shortcut:
            a.setShortcut(QKeySequence(shortcut))
        if tip:
            a.setStatusTip(tip)
        a.triggered.connect(slot)
        menu.addAction(a)
        actions[key] = a
        return a

    game = mb.addMenu(translate("GameWindow", "&Game"))
    act(game, "new", translate("GameWindow", "&New game…"), self.show_new_game, "Ctrl+N")
    act(
        game,
        "continue",
        translate("GameWindow", "&Continue…"),
        lambda: files.show_continue(),  # not the action's `checked` as the summaries read already
        "Ctrl+Shift+N",
        translate("GameWindow", "Play on a game you have not finished (every one is kept)"),
    )
    act(
        game,
        "statistics",
        translate("GameWindow", "S&tatistics…"),
        self.show_statistics,
        None,
        translate("GameWindow", "Your record: games played and won, best scores, a chart of your scores"),
    )
    act(game, "open", translate("GameWindow", "&Open game…"), files.open_game_dialog, "Ctrl+O")
    act(game, "save", translate("GameWindow", "&Save game"), files.save_game, "Ctrl+S")
    act(game, "save_as", translate("GameWindow", "Save game &as…"), files.save_game_as, "Ctrl+Shift+S")
    game.addSeparator()
    act(
        game,
        "host_network",
        translate("GameWindow", "&Host network game…"),
        network.host_network_game,
        None,
        translate("GameWindow", "Open a table on this computer that friends join over the network"),
    )
    act(
        game,
        "join_network",
        translate("GameWindow", "&Join network game…"),
        network.join_network_game,
        "Ctrl+J",
        translate("GameWindow", "Sit at a table of another computer or of a server"),
    )
    act(game, "leave_table", translate("GameWindow", "&Leave the table"), network.leave_table, None)
    game.addSeparator()
    act(
        game,
        "open_replay",
        translate("GameWindow", "Open &replay…"),
        replays.open_replay_dialog,
        "Ctrl+Shift+O",
        translate("GameWindow", "Watch a saved game again, move by move"),
    )
    act(game, "watch_replay", translate("GameWindow", "&Watch this game's replay"), replays.watch_replay, None)
    game.addSeparator()
    act(
        game,
        "puzzles",
        translate("GameWindow", "P&uzzles…"),
        lessons.show_puzzles,
        None,
        translate("GameWindow", "City puzzles: positions with a goal to reach"),
    )
    act(
        game,
        "sandbox",
        translate("GameWindow", "New &sandbox"),
        self.open_sandbox,
        "Ctrl+B",
        translate("GameWindow", "Open the city sandbox"),
    )
    game.addSeparator()
    act(game, "quit", translate("GameWindow", "&Quit"), self.close, "Ctrl+Q")
    actions["quit"].setMenuRole(QAction.MenuRole.QuitRole)

    play = mb.addMenu(translate("GameWindow", "&Play"))
    play.aboutToShow.connect(lambda: actions["hint"].setVisible(hint_function() is not None))
    act(
        play,
        "undo",
        translate("GameWindow", "&Undo (take back)"),
        self.undo,
        "Ctrl+Z",
        translate("GameWindow", "Take back your last move"),
    )
    act(
        play,
        "redo",
        translate("GameWindow", "&Redo"),
        self.redo,
        "Ctrl+Shift+Z",
        translate("GameWindow", "Play again what Undo took back"),
    )
    play.addSeparator()
    act(play, "streetcar", translate("GameWindow", "&Streetcar"), placing.start_streetcar, "S")
    act(play, "stop", translate("GameWindow", "&Done (end streetcars)"), lambda: placing.act(StopStreetcars()), "D")
    act(play, "exchange", translate("GameWindow", "&Exchange ticked cards"), self.hand_panel.exchange_checked, "E")
    act(play, "pass", translate("GameWindow", "&Pass"), self.pass_turn, "P")
    hint = act(play, "hint", translate("GameWindow", "&Hint"), self.hint_key, "H")
    hint.setVisible(hint_function() is not None)
    play.addSeparator()
    act(
        play,
        "choose_building",
        translate("GameWindow", "Choose a &building…"),
        placing.focus_supply,
        "B",
        translate("GameWindow", "Go to the Supply, at the first piece you can build; Enter picks it up"),
    )
    act(
        play,
        "place_tile",
        translate("GameWindow", "Place a &neighborhood"),
        placing.place_tile_key,
        "T",
        translate("GameWindow", "Pick up a neighborhood (the one chosen in the Neighborhoods panel, else the first)"),
    )
    act(play, "rotate", translate("GameWindow", "&Rotate piece"), lambda: self.board.rotate_ghost(1), "R")
    act(
        play,
        "next_spot",
        translate("GameWindow", "Ne&xt legal spot"),
        lambda: placing.cycle_spot(1),
        "N",
        translate("GameWindow", "Move the piece to the next lit legal spot"),
    )
    act(
        play,
        "prev_spot",
        translate("GameWindow", "Previous legal spot"),
        lambda: placing.cycle_spot(-1),
        "Shift+N",
    )
    act(play, "cancel", translate("GameWindow", "&Cancel placing"), placing.cancel_mode, "Esc")
    draw = play.addMenu(translate("GameWindow", "&Draw from stack"))
    for st in stack_numbers():
        act(
            draw,
            f"draw{st}",
            translate("GameWindow", "Stack {n}").format(n=st),
            lambda _=False, s=st: placing.act(Draw(s)),
            str(st),
        )

    view = mb.addMenu(translate("GameWindow", "&View"))
    act(view, "zoom_in", translate("GameWindow", "Zoom &in"), self.view.zoom_in, "Ctrl++")
    act(view, "zoom_out", translate("GameWindow", "Zoom &out"), self.view.zoom_out, "Ctrl+-")
    act(view, "fit", translate("GameWindow", "&Fit city"), self.fit_board, "Ctrl+0")
    self.view.install_view_actions(view, self.settings)
    speed = view.addMenu(translate("GameWindow", "&Bot speed"))
    for name, ms in BOT_SPEEDS.items():
        label = speed_label(name)
        a = QAction(
            translate("GameWindow", "{speed} ({seconds} s)").format(speed=label, seconds=f"{ms / 1000:g}")
            if ms
            else label,
            mb,
            checkable=True,
        )
        a.setObjectName(f"speed_{name}")
        a.setData(ms)
        a.triggered.connect(lambda _=False, v=ms: self.set_bot_speed(v))
        self.speed_group.addAction(a)
        speed.addAction(a)
    pal = act(
        view,
        "colourblind",
        translate("GameWindow", "&Colour-blind palette"),
        lambda checked=False: self.apply_palette("colourblind" if checked else "standard"),
        None,
        translate(
            "GameWindow",
            "Player colours told apart with any colour vision; each player's marker shape is on their buildings",
        ),
    )
    pal.setCheckable(True)
    view.addSeparator()
    view.addAction(drawer.action)  # the panel sheet (F9)
    actions["drawer"] = drawer.action
    view.addAction(screen_fit.action)  # F11
    actions["full_screen"] = screen_fit.action
    for _key, d in self.docks.items():
        view.addAction(d.toggleViewAction())
    view.addSeparator()
    act(
        view,
        "next_pane",
        translate("GameWindow", "Next &pane"),
        lambda: placing.cycle_pane(1),
        "F6",
        translate("GameWindow", "Move the keyboard focus to the next panel (board, Supply, hand, neighborhoods, log)"),
    )
    act(view, "prev_pane", translate("GameWindow", "Previous pane"), lambda: placing.cycle_pane(-1), "Shift+F6")
    act(view, "reset_layout", translate("GameWindow", "&Reset layout"), self.reset_layout)

    tools = mb.addMenu(translate("GameWindow", "&Tools"))
    prefs = act(tools, "preferences", translate("GameWindow", "&Preferences…"), self.show_preferences, "Ctrl+,")
    act(
        tools,
        "player_name",
        translate("GameWindow", "Your &name…"),
        lambda: player.ask(),
        None,
        translate("GameWindow", "The name the other players see, and the first seat's in a new game"),
    )
    prefs.setMenuRole(QAction.MenuRole.PreferencesRole)

    hlp = mb.addMenu(translate("GameWindow", "&Help"))
    act(
        hlp,
        "tutorial",
        translate("GameWindow", "&Tutorial…"),
        lessons.show_tutorials,
        None,
        translate("GameWindow", "Learn the game by playing, step by step, with a coach"),
    )
    act(hlp, "lesson_next", translate("GameWindow", "Lesson: &next step"), lessons.lesson_next, "Alt+N")
    act(hlp, "lesson_back", translate("GameWindow", "Lesson: step &back"), lessons.lesson_back, "Alt+B")
    act(hlp, "lesson_leave", translate("GameWindow", "&Leave the lesson"), lessons.lesson_leave, "Alt+L")
    hlp.addSeparator()
    act(hlp, "guide", translate("GameWindow", "How to &play"), self.show_guide)
    act(hlp, "rules", translate("GameWindow", "&Rules of this edition"), self.show_rules, "F1")
    act(
        hlp,
        "keyboard",
        translate("GameWindow", "&Keyboard"),
        placing.show_keyboard_help,
        "Ctrl+F1",
        translate("GameWindow", "Every key of the game: play a whole game without a mouse"),
    )
    act(hlp, "about", translate("GameWindow", "&About Big City Desktop"), self.show_about)
