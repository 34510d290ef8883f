"""The game window: the shared city scene in the middle, docks around it,
menus and shortcuts for everything."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QColor, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QFrame,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressDialog,
    QScrollArea,
    QWidget,
)

from bigcity_desktop import filedirs
from bigcity_desktop.engine import ActionKind, Build, Exchange, Pass, Phase, PlaceStreetcar, PlaceTile, get_rules
from bigcity_desktop.engine.cards import neighborhood_of
from bigcity_desktop.engine.city import tile_cells
from bigcity_desktop.engine.record import RecordError
from bigcity_desktop.i18n import current_language, effective_language, elide, exc_text, rules_text, translate
from bigcity_desktop.scene import CityScene, CityView
from bigcity_desktop.scene import style as S
from bigcity_desktop.scene.describe import cycle_spot, describe_target
from bigcity_desktop.scene.targets import Mode
from bigcity_desktop.session import autosave as autosave_mod
from bigcity_desktop.session import worker
from bigcity_desktop.ui.keyboard import FOCUS_STYLE, KeyboardDialog, focus_next_pane
from bigcity_desktop.ui.preferences import BOT_SPEEDS, Preferences, PreferencesDialog, speed_label

from . import presenters
from .controller import (
    GameConfig,
    GameController,
    hint_function,
    sentence,
    stack_numbers,
)
from .dialogs import HandoffOverlay, NewGameDialog, ResultsDialog, RulesDialog, about_text
from .loading import SYNC_LIMIT_BYTES, LoadJob
from .models import BuildingRole
from .panels import HandPanel, LogPanel, PlayersPanel, SupplyPanel, TilesPanel
from .scenedrag import BoardDrag

WINDOW_TITLE = "Big City Desktop"


def file_filter() -> str:
    return translate("GameWindow", "Big City games (*.bigcity);;All files (*)")


SETTINGS_VERSION = 1


class GameWindow(QMainWindow):
    """The game: the board in the middle, docks around it, menus and keys."""

    sandboxRequested = Signal(object)  # a layout path, or None for an empty sandbox

    def __init__(self, controller: GameController | None = None, settings: QSettings | None = None):
        super().__init__()
        self.setObjectName("MainWindow")
        self.setWindowTitle(WINDOW_TITLE)
        self.ctrl = controller or GameController(self)
        if self.ctrl.parent() is None:
            self.ctrl.setParent(self)
        self.settings = settings if settings is not None else QSettings()
        self.prefs = Preferences.load(self.settings)
        self.preferences_dialog: PreferencesDialog | None = None
        self.confirm_box: QMessageBox | None = None
        self.last_config: GameConfig | None = None
        self.save_path: Path | None = None
        self.new_dialog: NewGameDialog | None = None
        self.results_dialog: ResultsDialog | None = None
        self.rules_dialog: RulesDialog | None = None
        self.replays: list = []  # open replay windows
        self.replay_loading: Any = None  # the job opening a replay file (a WorkJob)
        self._shown_over = False

        self.scene = CityScene(get_rules("original"), self)
        self.board = self.scene.interaction  # the piece in hand, the board cursor, the board's requests
        self.view = CityView(self.scene)
        self.view.setObjectName("CityView")
        self.setCentralWidget(self.view)
        self.board.set_drop_handlers(self.ctrl.judge, self.ctrl.legal_tile_positions, self.check_tile)

        self.players_panel = PlayersPanel(self.ctrl)
        self.hand_panel = HandPanel(self.ctrl)
        self.supply_panel = SupplyPanel(self.ctrl)
        self.tiles_panel = TilesPanel(self.ctrl)
        self.log_panel = LogPanel(self.ctrl)
        self.docks: dict[str, QDockWidget] = {}
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        right = Qt.DockWidgetArea.RightDockWidgetArea
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        self._dock("players", translate("GameWindow", "Players and scores"), self.players_panel, left)
        self._dock("supply", translate("GameWindow", "Supply"), self.supply_panel, left)
        # the hand panel scrolls as a whole rather than make a small window
        # (1024x700) taller than the screen; with room to spare it never does
        hand_scroll = QScrollArea()
        hand_scroll.setObjectName("handScroll")
        hand_scroll.setWidgetResizable(True)
        hand_scroll.setFrameShape(QFrame.Shape.NoFrame)
        hand_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        hand_scroll.setWidget(self.hand_panel)
        self._dock("hand", translate("GameWindow", "Your hand"), hand_scroll, right)
        self._dock("tiles", translate("GameWindow", "Neighborhoods"), self.tiles_panel, right)
        self._dock("log", translate("GameWindow", "Game log"), self.log_panel, bottom)
        self.chart = None
        self._dock("chart", translate("GameWindow", "Score history"), QLabel("…"), bottom)
        self.resizeDocks([self.docks["players"], self.docks["hand"]], [330, 330], Qt.Orientation.Horizontal)
        self.resizeDocks([self.docks["log"]], [190], Qt.Orientation.Vertical)
        self.resizeDocks([self.docks["players"], self.docks["supply"]], [170, 600], Qt.Orientation.Vertical)
        self.resizeDocks([self.docks["hand"], self.docks["tiles"]], [560, 200], Qt.Orientation.Vertical)
        self.resizeDocks([self.docks["log"], self.docks["chart"]], [560, 700], Qt.Orientation.Horizontal)

        self.overlay = HandoffOverlay(self)
        self.overlay.revealed.connect(self._reveal)
        self.turn_status = QLabel()
        self.turn_status.setObjectName("turnStatus")
        self.statusBar().addPermanentWidget(self.turn_status)
        # stays in the status bar while autosaving fails (a message would be
        # replaced by the next one within a moment)
        self.autosave_warning = QLabel()
        self.autosave_warning.setObjectName("autosaveWarning")
        self.autosave_warning.setStyleSheet(
            "QLabel { background: #b3261e; color: white; font-weight: bold; padding: 1px 8px; border-radius: 3px; }"
        )
        self.autosave_warning.setVisible(False)
        self.statusBar().addPermanentWidget(self.autosave_warning)
        self.autosave_box: QMessageBox | None = None
        self.loading: LoadJob | None = None
        self.progress_dialog: QProgressDialog | None = None

        self._prompt = ""
        self._keyboard_setup()
        self._build_menus()
        self._connect()
        self._restore_settings()
        self.refresh()

    # ------------------------------------------------------------------ layout
    def _dock(self, key: str, title: str, widget, area) -> QDockWidget:
        d = QDockWidget(title, self)
        d.setObjectName(f"{key}Dock")
        d.setWidget(widget)
        d.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
        )
        self.addDockWidget(area, d)
        self.docks[key] = d
        return d

    def _keyboard_setup(self) -> None:
        """Accessible names, a visible focus and a Tab order through the docks."""
        self.view.setAccessibleName(translate("GameWindow", "City board"))
        self.view.setAccessibleDescription(
            translate(
                "GameWindow",
                "The arrow keys move the board cursor; Enter places the piece in hand or tells what is there.",
            )
        )
        # the focused panel is outlined (Qt's own focus frame is faint in item views)
        self.setStyleSheet(FOCUS_STYLE)
        hp = self.hand_panel
        chain = [self.view, self.supply_panel, hp.hand_view]
        chain += [hp.buttons[k] for k in ("streetcar", "stop", "exchange", "pass", "offer_up", "offer_down")]
        chain += list(hp.stack_buttons.values())
        chain += [hp.offers_list, hp.take_button, self.tiles_panel.list, self.log_panel]
        for a, b in zip(chain, chain[1:]):
            QWidget.setTabOrder(a, b)
        self.log_panel.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def ensure_chart(self):
        """pyqtgraph is imported on first use, after the window is drawn."""
        if self.chart is None:
            from .chart import ScoreChart

            self.chart = ScoreChart(self.ctrl.history_model)
            self.docks["chart"].setWidget(self.chart)
        return self.chart

    def _build_menus(self) -> None:
        mb = self.menuBar()
        # the named menu actions (shadows QWidget.actions(), which this window does not use)
        self.actions: dict[str, QAction] = {}  # type: ignore[assignment]

        def act(menu, key, text, slot, shortcut=None, tip=None):
            a = QAction(text, self)
            a.setObjectName(f"action_{key}")
            if shortcut:
                a.setShortcut(QKeySequence(shortcut))
            if tip:
                a.setStatusTip(tip)
            a.triggered.connect(slot)
            menu.addAction(a)
            self.actions[key] = a
            return a

        game = mb.addMenu(translate("GameWindow", "&Game"))
        act(game, "new", translate("GameWindow", "&New game…"), self.show_new_game, "Ctrl+N")
        act(game, "open", translate("GameWindow", "&Open game…"), self.open_game_dialog, "Ctrl+O")
        act(game, "save", translate("GameWindow", "&Save game"), self.save_game, "Ctrl+S")
        act(game, "save_as", translate("GameWindow", "Save game &as…"), self.save_game_as, "Ctrl+Shift+S")
        game.addSeparator()
        act(
            game,
            "open_replay",
            translate("GameWindow", "Open &replay…"),
            self.open_replay_dialog,
            "Ctrl+Shift+O",
            translate("GameWindow", "Watch a saved game again, move by move"),
        )
        act(game, "watch_replay", translate("GameWindow", "&Watch this game's replay"), self.watch_replay, None)
        game.addSeparator()
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
        self.actions["quit"].setMenuRole(QAction.MenuRole.QuitRole)

        play = mb.addMenu(translate("GameWindow", "&Play"))
        play.aboutToShow.connect(lambda: self.actions["hint"].setVisible(hint_function() is not None))
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
        act(play, "streetcar", translate("GameWindow", "&Streetcar"), self.start_streetcar, "S")
        act(play, "stop", translate("GameWindow", "&Done (end streetcars)"), self.ctrl.stop_streetcars, "D")
        act(play, "exchange", translate("GameWindow", "&Exchange ticked cards"), self.hand_panel.exchange_checked, "E")
        act(play, "pass", translate("GameWindow", "&Pass"), self.pass_turn, "P")
        hint = act(play, "hint", translate("GameWindow", "&Hint"), self.request_hint, "H")
        hint.setVisible(hint_function() is not None)
        play.addSeparator()
        act(
            play,
            "choose_building",
            translate("GameWindow", "Choose a &building…"),
            self.focus_supply,
            "B",
            translate("GameWindow", "Go to the Supply, at the first piece you can build; Enter picks it up"),
        )
        act(
            play,
            "place_tile",
            translate("GameWindow", "Place a &neighborhood"),
            self.place_tile_key,
            "T",
            translate(
                "GameWindow", "Pick up a neighborhood (the one chosen in the Neighborhoods panel, else the first)"
            ),
        )
        act(play, "rotate", translate("GameWindow", "&Rotate piece"), lambda: self.board.rotate_ghost(1), "R")
        act(
            play,
            "next_spot",
            translate("GameWindow", "Ne&xt legal spot"),
            lambda: self.cycle_spot(1),
            "N",
            translate("GameWindow", "Move the piece to the next lit legal spot"),
        )
        act(play, "prev_spot", translate("GameWindow", "Previous legal spot"), lambda: self.cycle_spot(-1), "Shift+N")
        act(play, "cancel", translate("GameWindow", "&Cancel placing"), self.cancel_mode, "Esc")
        draw = play.addMenu(translate("GameWindow", "&Draw from stack"))
        for st in stack_numbers():
            act(
                draw,
                f"draw{st}",
                translate("GameWindow", "Stack {n}").format(n=st),
                lambda _=False, s=st: self.ctrl.draw(s),
                str(st),
            )

        view = mb.addMenu(translate("GameWindow", "&View"))
        act(view, "zoom_in", translate("GameWindow", "Zoom &in"), self.view.zoom_in, "Ctrl++")
        act(view, "zoom_out", translate("GameWindow", "Zoom &out"), self.view.zoom_out, "Ctrl+-")
        act(view, "fit", translate("GameWindow", "&Fit city"), self.fit_board, "Ctrl+0")
        self.view.install_view_actions(view, self.settings)
        speed = view.addMenu(translate("GameWindow", "&Bot speed"))
        self.speed_group = QActionGroup(self)
        for name, ms in BOT_SPEEDS.items():
            label = speed_label(name)
            a = QAction(
                translate("GameWindow", "{speed} ({seconds} s)").format(speed=label, seconds=f"{ms / 1000:g}")
                if ms
                else label,
                self,
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
        for _key, d in self.docks.items():
            view.addAction(d.toggleViewAction())
        view.addSeparator()
        act(
            view,
            "next_pane",
            translate("GameWindow", "Next &pane"),
            lambda: self.cycle_pane(1),
            "F6",
            translate(
                "GameWindow", "Move the keyboard focus to the next panel (board, Supply, hand, neighborhoods, log)"
            ),
        )
        act(view, "prev_pane", translate("GameWindow", "Previous pane"), lambda: self.cycle_pane(-1), "Shift+F6")
        act(view, "reset_layout", translate("GameWindow", "&Reset layout"), self.reset_layout)

        tools = mb.addMenu(translate("GameWindow", "&Tools"))
        prefs = act(tools, "preferences", translate("GameWindow", "&Preferences…"), self.show_preferences, "Ctrl+,")
        prefs.setMenuRole(QAction.MenuRole.PreferencesRole)

        hlp = mb.addMenu(translate("GameWindow", "&Help"))
        act(hlp, "guide", translate("GameWindow", "How to &play"), self.show_guide)
        act(hlp, "rules", translate("GameWindow", "&Rules of this edition"), self.show_rules, "F1")
        act(
            hlp,
            "keyboard",
            translate("GameWindow", "&Keyboard"),
            self.show_keyboard_help,
            "Ctrl+F1",
            translate("GameWindow", "Every key of the game: play a whole game without a mouse"),
        )
        act(hlp, "about", translate("GameWindow", "&About Big City Desktop"), self.show_about)

    def _connect(self) -> None:
        c = self.ctrl
        sc = self.scene
        sc.interaction.buildRequested.connect(lambda btype, props: c.build(btype, props))
        sc.interaction.tileRequested.connect(lambda n, x, y, r: c.place_tile(n, x, y, r))
        sc.interaction.streetcarRequested.connect(c.place_streetcar)
        sc.interaction.message.connect(self.show_message)
        sc.interaction.propertyClicked.connect(self._property_clicked)
        sc.interaction.cursorMoved.connect(self._cursor_moved)
        sc.interaction.modeChanged.connect(self._mode_changed)
        c.viewerChanged.connect(self.refresh)
        c.message.connect(self.show_message)
        c.stateChanged.connect(self.refresh)
        c.gameStarted.connect(self._game_started)
        c.actionApplied.connect(self._action_applied)
        c.handoffRequested.connect(self._handoff)
        c.gameOver.connect(self._game_over)
        c.hintReady.connect(self._hint_ready)
        c.humanTurn.connect(self._human_turn)
        c.autosaveFailed.connect(self._autosave_failed)
        c.autosaveRecovered.connect(self._autosave_recovered)
        c.takenBack.connect(self._taken_back)
        self.supply_panel.buildingChosen.connect(self.start_building)
        self.supply_panel.board_drag = BoardDrag(self.view, self._drag_building, self._building_picture)
        self.tiles_panel.list.board_drag = BoardDrag(self.view, self._drag_tile, self._tile_picture)
        self.tiles_panel.tileChosen.connect(self.start_tile)
        self.hand_panel.buttons["streetcar"].clicked.connect(self.start_streetcar)
        # the Pass button goes through pass_turn (which asks first when the preference says so)
        self.hand_panel.buttons["pass"].clicked.disconnect(self.ctrl.pass_turn)
        self.hand_panel.buttons["pass"].clicked.connect(self.pass_turn)
        self.hand_panel.hand_view.activated.connect(self._card_double_clicked)

    # ------------------------------------------------------------------ settings
    def _restore_settings(self) -> None:
        s = self.settings
        geo = s.value("window/geometry")
        if isinstance(geo, QByteArray) and not geo.isEmpty():
            self.restoreGeometry(geo)
        else:
            self.resize(1400, 900)
        state = s.value("window/state")
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state, SETTINGS_VERSION)
        self.prefs = Preferences.load(s)
        self.set_bot_speed(self.prefs.bot_delay_ms, save=False)
        self.apply_palette(self.prefs.palette, save=False)

    def apply_palette(self, name: str, save: bool = True) -> None:
        """Switch the player palette ("standard" or "colourblind") at once,
        everywhere; remembered as the ``prefs/palette`` setting."""
        name = S.set_palette(name)
        self.prefs.palette = name
        self.actions["colourblind"].setChecked(name == "colourblind")
        if save:
            self.settings.setValue("prefs/palette", name)
        self.ctrl.recolour()
        self.refresh()

    def save_settings(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState(SETTINGS_VERSION))
        self.settings.setValue("game/botDelayMs", self.ctrl.bot_delay_ms)
        self.settings.sync()

    def reset_layout(self) -> None:
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        right = Qt.DockWidgetArea.RightDockWidgetArea
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        for key, area in (
            ("players", left),
            ("supply", left),
            ("hand", right),
            ("tiles", right),
            ("log", bottom),
            ("chart", bottom),
        ):
            d = self.docks[key]
            d.setFloating(False)
            self.addDockWidget(area, d)
            d.show()

    def set_bot_speed(self, ms: int, save: bool = True) -> None:
        self.ctrl.bot_delay_ms = int(ms)
        self.prefs.bot_delay_ms = int(ms)
        for a in self.speed_group.actions():
            a.setChecked(a.data() == int(ms))
        if save:
            self.settings.setValue("game/botDelayMs", int(ms))

    def showEvent(self, event) -> None:  # noqa: N802
        super().showEvent(event)
        QTimer.singleShot(0, self._fit_docks)  # a window shown small at once

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit_docks()

    def _fit_docks(self) -> None:
        """On a small window the docks give way to the board: a side dock is
        at most about a quarter of the width, the bottom row a fifth of the
        height (docks are only ever narrowed here, never widened)."""
        side = max(220, min(330, int(self.width() * 0.235)))
        wide = [self.docks[k] for k in ("players", "supply", "hand", "tiles") if not self.docks[k].isFloating()]
        wide = [d for d in wide if d.isVisible() and d.width() > side + 8]
        if wide:
            self.resizeDocks(wide, [side] * len(wide), Qt.Orientation.Horizontal)
        self._fit_hand_dock()
        bottom = max(120, min(190, int(self.height() * 0.21)))
        low = [self.docks[k] for k in ("log", "chart") if not self.docks[k].isFloating()]
        low = [d for d in low if d.isVisible() and d.height() > bottom + 8]
        if low:
            self.resizeDocks(low, [bottom] * len(low), Qt.Orientation.Vertical)

    def _fit_hand_dock(self) -> None:
        """The hand (with its buttons and stacks) gets its room before the
        spare neighborhoods do, so that it does not scroll on a small window."""
        hand, tiles = self.docks["hand"], self.docks["tiles"]
        if hand.isFloating() or tiles.isFloating() or not (hand.isVisible() and tiles.isVisible()):
            return
        need = self.hand_panel.minimumSizeHint().height() + 44  # and the title bar
        both = hand.height() + tiles.height()
        if hand.height() < need and both - need >= 90:
            self.resizeDocks([hand, tiles], [need, both - need], Qt.Orientation.Vertical)

    def _fit_players_dock(self) -> None:
        """The players' table shows every player without a scroll bar."""
        d = self.docks["players"]
        if not d.isFloating():
            need = self.players_panel.rows_height()
            self.players_panel.setMinimumHeight(need)
            self.resizeDocks([d], [need + 4], Qt.Orientation.Vertical)

    def closeEvent(self, event) -> None:
        for w in self.replays:
            w.close()
        self.save_settings()
        self.ctrl.stop()
        worker.pool().waitForDone(3000)  # a thinking bot finishes; its answer is dropped
        super().closeEvent(event)

    # ------------------------------------------------------------------ refresh
    def owner_colours(self) -> dict[int, QColor]:
        return {i: QColor(c) for i, c in enumerate(self.ctrl.colours())}

    def refresh(self) -> None:
        c = self.ctrl
        if c.city is not None:
            self.scene.set_city(c.city, self.owner_colours())
        self.hand_panel.refresh()
        self.tiles_panel.refresh()
        QTimer.singleShot(0, self._fit_hand_dock)  # the offer buttons or the offers may have appeared
        # the play keys stay live during a game: a key pressed at the wrong
        # moment says why it cannot act instead of doing nothing
        for key in ("streetcar", "stop", "exchange", "pass", "hint", "choose_building", "place_tile"):
            self.actions[key].setEnabled(c.has_game)
        # enabled in every game: where take-backs are off, Undo says so
        self.actions["undo"].setEnabled(c.has_game)
        self.actions["redo"].setEnabled(c.can_redo())
        self.actions["watch_replay"].setEnabled(self._replay_reason() is None)
        self.actions["save"].setEnabled(c.has_game)
        self.actions["save_as"].setEnabled(c.has_game)
        self.turn_status.setText(c.status_line())
        who = c.viewer
        if not c.has_game or not c.hot_seat:
            self.docks["hand"].setWindowTitle(translate("GameWindow", "Your hand"))
        elif c.handoff_pending is not None:
            self.docks["hand"].setWindowTitle(
                translate("GameWindow", "Hand hidden until {name} takes the screen").format(
                    name=c.name(c.handoff_pending)
                )
            )
        elif who is None:
            self.docks["hand"].setWindowTitle(translate("GameWindow", "Hand hidden"))
        else:
            self.docks["hand"].setWindowTitle(translate("GameWindow", "{name}'s hand").format(name=c.name(who)))
        title = f"{WINDOW_TITLE} — {rules_text(c.rules.title)}" if c.rules is not None else WINDOW_TITLE
        if c.has_game and c.with_take_backs:
            title += " " + translate("GameWindow", "(with take-backs)")
        self.setWindowTitle(title)

    def _autosave_failed(self, reason: str) -> None:
        where = self.ctrl.autosave_path.parent
        self.autosave_warning.setText(
            translate("GameWindow", "Autosave is failing — save the game yourself (Ctrl+Shift+S)")
        )
        self.autosave_warning.setToolTip(
            translate("GameWindow", "The game cannot be autosaved in {folder}: {reason}").format(
                folder=where, reason=reason
            )
        )
        self.autosave_warning.setVisible(True)
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            translate("GameWindow", "Autosave failed"),
            translate(
                "GameWindow",
                "The game cannot be autosaved: {reason}\n\nFolder: {folder}\n\n"
                "The game goes on. Until autosaving works again, save it yourself with Game → "
                "Save as; the red note in the status bar stays while autosaving fails.",
            ).format(reason=sentence(reason), folder=where),
            QMessageBox.StandardButton.Ok,
            self,
        )
        box.setObjectName("autosaveFailedBox")
        self.autosave_box = box
        box.open()

    def _autosave_recovered(self) -> None:
        self.autosave_warning.setVisible(False)
        self.show_message(translate("GameWindow", "Autosaving works again."))

    def show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    def show_prompt(self, text: str) -> None:
        """What to do with the piece in hand: stays until the piece is placed or put back."""
        self._prompt = text
        self.statusBar().showMessage(text)

    def _clear_prompt(self) -> None:
        if self._prompt and self.statusBar().currentMessage() == self._prompt:
            self.statusBar().clearMessage()
        self._prompt = ""

    def _mode_changed(self, mode: Mode) -> None:
        if not mode:
            self._clear_prompt()

    # ------------------------------------------------------------------ keyboard
    def focus_supply(self) -> None:
        """B: the Supply gets the focus, at the first piece you can build."""
        reason = self.ctrl.action_reason()
        if reason:
            self.show_message(sentence(reason))
        panel = self.supply_panel
        self.docks["supply"].show()
        self.docks["supply"].raise_()
        rows = self.ctrl.supply_model.buildable_rows()
        row = rows[0] if rows else max(0, panel.currentIndex().row())
        panel.setCurrentIndex(self.ctrl.supply_model.index(row, 0))
        panel.setFocus(Qt.FocusReason.ShortcutFocusReason)
        if not reason:
            self.show_message(
                translate(
                    "GameWindow",
                    "Supply: the arrow keys choose a piece (✓: you can build it now), Enter picks it up.",
                )
            )

    def place_tile_key(self) -> bool:
        """T: pick up the neighborhood chosen in the panel, else the first spare one."""
        item = self.tiles_panel.list.currentItem()
        number = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        tiles = self.ctrl.spare_tiles()
        if number not in tiles:
            if not tiles:
                self.show_message(translate("GameWindow", "Every neighborhood is in the city."))
                return False
            number = tiles[0]
        return self.start_tile(int(number))

    def cycle_spot(self, step: int) -> None:
        """N / Shift+N: the piece in hand to the next (previous) lit legal spot."""
        text = cycle_spot(
            self.board,
            step,
            translate(
                "GameWindow",
                "N moves a piece you are placing to the next legal spot: pick one up first (B, T or S).",
            ),
        )
        if text:
            self.show_message(text)

    def panes(self) -> list:
        """The panels F6 visits, in order (the hidden ones are skipped)."""
        out = [self.view, self.supply_panel, self.hand_panel.hand_view, self.tiles_panel.list, self.log_panel]
        return [w for w in out if w.isVisible() and w.isEnabled()]

    def cycle_pane(self, step: int) -> None:

        focus_next_pane(self.panes(), step)

    def show_keyboard_help(self):

        self.keyboard_dialog = KeyboardDialog(self.actions, self)
        self.keyboard_dialog.show()
        return self.keyboard_dialog

    def _cursor_moved(self, target) -> None:
        text = self.describe_target(target)
        self.view.setAccessibleDescription(text)
        from PySide6.QtGui import QAccessible, QAccessibleEvent

        if QAccessible.isActive():
            QAccessible.updateAccessibility(QAccessibleEvent(self.view, QAccessible.Event.DescriptionChanged))
        if self.board.mode != Mode.BUILDING:  # the bubble says it while building
            self.show_message(text)

    def describe_target(self, target) -> str:
        """A sentence about the board cursor's lot or street (the board's accessible description)."""
        c = self.ctrl
        return describe_target(target, c.city, c.rules, self.board, c.name, held=c.hand())

    # ------------------------------------------------------------------ game flow
    def show_new_game(self, start_city: list | None = None, edition: str | None = None) -> NewGameDialog:
        """Open the new-game dialog (window-modal, non-blocking); Start begins the game."""
        if isinstance(start_city, bool):  # QAction.triggered(bool)
            start_city = None
        prev = self.last_config
        if start_city is not None and prev is not None:
            prev = GameConfig(edition or prev.edition, prev.seats, None, start_city)
        dlg = NewGameDialog(self, start_city=start_city, edition=edition or "original", previous=prev)
        if start_city is not None and edition:
            dlg.edition.setCurrentIndex(max(0, dlg.edition.findData(edition)))
        self.new_dialog = dlg
        dlg.accepted.connect(lambda d=dlg: self.start_game(d.config()))
        dlg.open()
        return dlg

    def start_game(self, config: GameConfig) -> None:
        self.last_config = config
        self.save_path = None
        try:
            self.ctrl.new_game(config)
        except ValueError as exc:
            QMessageBox.warning(self, translate("GameWindow", "Cannot start the game"), sentence(exc_text(exc)))

    def _game_started(self) -> None:
        self._shown_over = False
        self.board.cancel_mode()
        self.scene.clear_selection()
        c = self.ctrl
        assert c.rules is not None and c.city is not None  # a game has started
        self.scene.set_rules(c.rules)
        self.scene.set_city(c.city, self.owner_colours())
        self.overlay.hide()
        if self.results_dialog is not None:
            self.results_dialog.close()
        QTimer.singleShot(0, self._fit_after_start)
        QTimer.singleShot(0, self._fit_players_dock)

    def _fit_after_start(self) -> None:
        self.ensure_chart()
        self.fit_board()

    def fit_margin(self) -> float:
        """Cells of table shown around the city: room for the biggest spare
        neighborhood while one can still come, else a thin border."""
        c = self.ctrl
        if c.rules is None:
            return 0.6
        tiles = c.spare_tiles()
        if not tiles:
            return 0.6
        return max(max(c.rules.tile_shapes[n]) for n in tiles) + 0.3

    def fit_board(self) -> None:
        """Ctrl+0: the whole city, with room around it for the next neighborhood."""
        self.view.fit_city(self.fit_margin())

    def _human_turn(self, seat: int) -> None:
        phase = self.ctrl.phase
        if phase == Phase.STREETCAR:
            self.start_streetcar()
        elif phase == Phase.SETUP and self.board.mode == Mode.NONE:
            # pick up the first starting tile at once; another one is a click away
            tiles = self.ctrl.setup_tiles()
            self.start_tile(min(tiles))
            others = ", ".join(map(str, tiles))
            # short enough for the status bar of a 1024-pixel window
            self.show_prompt(
                translate(
                    "GameWindow",
                    "Setup: neighborhood {tile} waits on a legal spot; Enter or a click places it, N moves it, R turns it (or take one of {tiles}).",
                ).format(tiles=others, tile=min(tiles))
            )

    def _action_applied(self, player: int, action) -> None:
        c = self.ctrl
        if self.board.mode and not (c.my_turn() and c.phase in (Phase.SETUP, Phase.ACTION, Phase.STREETCAR)):
            self.board.cancel_mode()
        if c.is_bot(player) and self.prefs.animations:
            colour = QColor(c.colour(player))
            duration = max(700, min(2500, 2 * c.bot_delay_ms)) if c.bot_delay_ms else 500
            if isinstance(action, Build):
                self.scene.flash_props(action.properties, colour, duration)
            elif isinstance(action, PlaceStreetcar):
                self.scene.flash_street(action.street, colour, duration)
            elif isinstance(action, PlaceTile):
                assert c.rules is not None
                cells = tile_cells(c.rules, action.number, action.x, action.y, action.rotation).values()
                self.scene.flash_props(list(cells), colour, duration)
        ev = [e for e in c.recent_events(3) if e.player == player and e.kind != "draw"]
        if ev and c.is_bot(player):
            self.show_message(presenters.event_line(ev[-1], c.name))
        if isinstance(action, PlaceTile) and self.board.mode == Mode.NONE:
            self.fit_board()

    def undo(self) -> None:
        if self.ctrl.undo() is None:
            self.board.cancel_mode()

    def redo(self) -> None:
        if self.ctrl.redo() is None:
            self.board.cancel_mode()

    def _taken_back(self) -> None:
        """Undo or redo replaced the position: the board and dialogs follow."""
        self._shown_over = False
        self.board.cancel_mode()
        self.scene.clear_selection()
        self.overlay.hide()
        if self.results_dialog is not None:
            self.results_dialog.close()
            self.results_dialog = None
        self.refresh()

    def _handoff(self, seat: int) -> None:
        self.board.cancel_mode()
        self.refresh()  # the hand's title names who the screen waits for
        self.overlay.show_for(self.ctrl.name(seat))

    def _reveal(self) -> None:
        self.overlay.hide()
        self.ctrl.reveal_hand()

    def _game_over(self) -> None:
        if self._shown_over:
            return
        self._shown_over = True
        self.board.cancel_mode()
        self.overlay.hide()
        self.refresh()
        dlg = ResultsDialog(self.ctrl, self)
        dlg.newGameRequested.connect(self.show_new_game)
        dlg.replayRequested.connect(self.watch_replay)
        dlg.analysisRequested.connect(self.analyze_game)
        self.results_dialog = dlg
        dlg.open()

    # ------------------------------------------------------------------ placing
    def start_building(self, btype: str, size: int) -> bool:
        c = self.ctrl
        reason = c.action_reason()
        if reason:
            self.show_message(sentence(reason))
            return False
        spots = c.legal_builds(btype, size)
        self.board.begin_building(btype, size, lambda props, b=btype: c.judge(b, props), spots)
        cells = sorted({p for props in spots for p in props})
        self.scene.highlight_cells(cells)
        if spots:
            self.board.next_spot(1)  # the ghost waits on the first lit spot: Enter builds there
        assert c.rules is not None  # a game is running: action_reason() said so
        rule = c.rules.buildings[btype]
        if spots:
            self.show_prompt(
                (
                    translate(
                        "GameWindow", "{building}: 1 legal spot lit green. Enter builds there, R turns, Esc cancels."
                    )
                    if len(spots) == 1
                    else translate(
                        "GameWindow",
                        "{building}: {n} legal spots lit green. Enter builds, N next spot, R turns, Esc cancels.",
                    )
                ).format(building=rules_text(rule.label), n=len(spots))
            )
        else:
            j = None
            if rule.with_card:
                card = c.rules.card_for_piece(btype, rule.variants_of_size(size)[0].name)
                if card not in c.hand():
                    j = translate("GameWindow", "You need card {card} to place this piece.").format(card=card)
            self.show_message(
                j
                or translate(
                    "GameWindow", "No legal spot for {building} with your cards now; hover the board to see why."
                ).format(building=rules_text(rule.label.lower()))
            )
        self.view.setFocus()
        return True

    def start_tile(self, number: int) -> bool:
        c = self.ctrl
        reason = c.turn_reason()
        if reason is None and not any(c.legal_tile_positions(number, r) for r in range(4)):
            # closed (before City Hall), the wrong phase, or no room: the engine says why
            reason = c.why_not(ActionKind.NEIGHBORHOOD, tile=number) or translate(
                "GameWindow", "neighborhood {tile} fits nowhere now"
            ).format(tile=number)
        if reason:
            self.show_message(sentence(reason))
            return False
        self.board.begin_tile(number, lambda r, n=number: c.legal_tile_positions(n, r), 0, self.check_tile)
        self.board.next_spot(1)
        self.show_prompt(
            translate(
                "GameWindow",
                "Neighborhood {n}: legal spots outlined. Enter places it, N next spot, R turns, Esc cancels.",
            ).format(n=number)
        )
        self.view.setFocus()
        return True

    # pieces dragged from the panels onto the board (scenedrag.BoardDrag)
    def _drag_building(self, index) -> bool:
        info = index.data(BuildingRole)
        return bool(info) and self.start_building(info[0], info[1])

    def _building_picture(self, index):
        btype, size = index.data(BuildingRole)
        rules = self.ctrl.rules
        cells = ((0, 0),)
        if rules is not None and btype in rules.buildings:
            variants = rules.buildings[btype].variants_of_size(size)
            if variants:
                cells = tuple(rules.shapes[variants[0].shape])
        return S.building_shape_pixmap(btype, 56, cells, dpr=max(2.0, self.devicePixelRatioF()))

    def _drag_tile(self, index) -> bool:
        number = index.data(Qt.ItemDataRole.UserRole)
        return number is not None and self.start_tile(int(number))

    def _tile_picture(self, index):
        rules = self.ctrl.rules
        assert rules is not None  # a tile is dragged during a game
        return S.tile_pixmap(rules, int(index.data(Qt.ItemDataRole.UserRole)), 0, size=72, dpr=2.0)

    def check_tile(self, number: int, x: int, y: int, rotation: int) -> str | None:
        c = self.ctrl
        reason = c.turn_reason()
        if reason:
            return reason
        return c.check(PlaceTile(number, x, y, rotation % 4))

    def start_streetcar(self) -> bool:
        c = self.ctrl
        reason = c.turn_reason()
        if reason is None and c.phase not in (Phase.ACTION, Phase.STREETCAR):
            reason = translate("GameWindow", "finish drawing first")
        if reason is None:
            streets = c.legal_streets()
            if not streets:
                reason = c.why_not(ActionKind.STREETCAR) or translate(
                    "GameWindow", "no street can take a streetcar now"
                )
        if reason:
            self.show_message(sentence(reason))
            return False
        self.board.begin_streetcar(streets)
        self.board.next_spot(1)
        self.view.setFocus()
        if c.phase == Phase.STREETCAR:
            self.show_prompt(
                translate(
                    "GameWindow", "Place a second streetcar on a lit street (click, or N and Enter), or press Done (D)."
                )
            )
        else:
            self.show_prompt(
                translate(
                    "GameWindow",
                    "Click a lit street (or press N and Enter) to place a streetcar; Esc cancels.",
                )
            )
        return True

    def cancel_mode(self) -> None:
        if self.board.mode:
            self.board.cancel_mode()
            self.show_message(translate("GameWindow", "Cancelled."))

    def _card_double_clicked(self, index) -> None:
        from .models import CardRole

        card = self.ctrl.hand_model.data(index, CardRole)
        rules, city = self.ctrl.rules, self.ctrl.city
        if card is None or rules is None or city is None:
            return
        piece = rules.special_cards.get(card)
        if piece is not None:
            btype, vname = piece
            size = rules.buildings[btype].variant(vname).size
            self.start_building(btype, size)
        elif city.is_in_city(card):
            self.scene.select([card])
            self.show_message(translate("GameWindow", "Property {card} is outlined on the board.").format(card=card))
        else:
            self.show_message(
                translate(
                    "GameWindow", "Property {card} is not in the city yet (neighborhood {tile} has not been placed)."
                ).format(card=card, tile=neighborhood_of(card))
            )

    def _property_clicked(self, prop: int) -> None:
        rules, city = self.ctrl.rules, self.ctrl.city
        if rules is None or city is None:
            return
        b = city.building_at.get(prop)
        if b is None:
            mine = prop in self.ctrl.hand()
            if mine:
                text = translate("GameWindow", "Property {prop} is free — you hold its card.")
            else:
                text = translate("GameWindow", "Property {prop} is free.")
            self.show_message(text.format(prop=prop))
        else:
            bld = city.buildings[b]
            label = rules_text(rules.buildings[bld.type].label)
            if bld.owner is None:
                text = translate("GameWindow", "Property {prop}: {building} of nobody, scored {score}.")
                self.show_message(text.format(prop=prop, building=label, score=bld.score))
            else:
                text = translate("GameWindow", "Property {prop}: {building} of {player}, scored {score}.")
                self.show_message(
                    text.format(prop=prop, building=label, player=self.ctrl.name(bld.owner), score=bld.score)
                )

    # ------------------------------------------------------------------ hints
    def request_hint(self) -> None:
        if not self.ctrl.request_hint():
            self.show_message(
                translate("GameWindow", "A hint is available on your turn.")
                if hint_function()
                else translate("GameWindow", "Hints are not available.")
            )
        else:
            self.show_message(translate("GameWindow", "Thinking of a hint…"))

    def _hint_ready(self, action, text: str) -> None:
        rules = self.ctrl.rules
        if rules is None:
            return
        if isinstance(action, Build):
            self.scene.select(action.properties)
        elif isinstance(action, PlaceStreetcar):
            self.scene.select(streets=[action.street])
        elif isinstance(action, PlaceTile):
            self.scene.select(list(tile_cells(rules, action.number, action.x, action.y, action.rotation).values()))
        elif isinstance(action, Exchange):
            self.ctrl.hand_model.set_checked(action.cards)  # ticked, ready for E
        self.show_message(translate("GameWindow", "Hint: {text}").format(text=sentence(text) if text else str(action)))

    # ------------------------------------------------------------------ files
    def save_game(self) -> bool:
        if self.save_path is None:
            return self.save_game_as()
        return self.save_to(self.save_path)

    def save_game_as(self) -> bool:  # pragma: no cover - interactive
        if not self.ctrl.has_game:
            return False
        suggested = (
            str(self.save_path) if self.save_path else filedirs.start_path("games", "game.bigcity", self.settings)
        )
        path, _ = QFileDialog.getSaveFileName(self, translate("GameWindow", "Save game"), suggested, file_filter())
        if not path:
            return False
        filedirs.remember("games", path, self.settings)
        if not path.endswith(".bigcity"):
            path += ".bigcity"
        return self.save_to(Path(path))

    def save_to(self, path: Path) -> bool:
        try:
            self.ctrl.save_game(path)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, translate("GameWindow", "Cannot save the game"), sentence(exc_text(exc)))
            return False
        self.save_path = Path(path)
        self.show_message(translate("GameWindow", "Saved to {path}.").format(path=path))
        return True

    def open_game_dialog(self) -> None:  # pragma: no cover - interactive
        path, _ = QFileDialog.getOpenFileName(
            self, translate("GameWindow", "Open game"), str(filedirs.start_dir("games", self.settings)), file_filter()
        )
        if path:
            filedirs.remember("games", path, self.settings)
            self.open_game(Path(path))

    def open_game(self, path: Path, quiet: bool = False, background: bool | None = None) -> bool:
        """Load a game; a broken or foreign file gives a message box and changes nothing.

        A big record (or `background=True`) is read and replayed on a worker
        thread with a progress dialog; then True means "started", and the game
        replaces the current one only when the worker has succeeded."""
        path = Path(path)
        if self.loading is not None:
            self.show_message(translate("GameWindow", "A game is being opened already."))
            return False
        if background is None:
            try:
                background = path.stat().st_size > SYNC_LIMIT_BYTES
            except OSError:
                background = False
        if background:
            self._open_in_background(path, quiet)
            return True
        try:
            self.ctrl.load_game(path)
        except RecordError as exc:
            self._open_failed(path, exc_text(exc), quiet)
            return False
        self._opened(path)
        return True

    def _opened(self, path: Path) -> None:
        self.save_path = Path(path)
        self.show_message(translate("GameWindow", "Opened {file}.").format(file=elide(path.name, 60)))

    def _open_failed(self, path: Path, reason: str, quiet: bool) -> None:
        if quiet:
            return
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            translate("GameWindow", "Cannot open the game"),
            translate("GameWindow", "{file} cannot be opened: {reason}\n\nNothing was changed.").format(
                file=elide(Path(path).name, 60), reason=sentence(reason)
            ),
            QMessageBox.StandardButton.Ok,
            self,
        )
        box.setObjectName("openErrorBox")
        self.error_box = box
        box.open()

    def _open_in_background(self, path: Path, quiet: bool) -> None:
        job = LoadJob(path, self)
        dlg = QProgressDialog(
            translate("GameWindow", "Opening {file}…").format(file=elide(path.name, 60)),
            translate("GameWindow", "Cancel"),
            0,
            100,
            self,
        )
        dlg.setObjectName("openProgress")
        dlg.setWindowTitle(translate("GameWindow", "Opening a game"))
        # not modal: a modal progress dialog spins the event loop inside
        # setValue, and the worker's last report could then end the job
        # beneath it; the current game stays until the new one is ready
        dlg.setWindowModality(Qt.WindowModality.NonModal)
        dlg.setMinimumDuration(0)
        dlg.setAutoClose(False)
        dlg.setAutoReset(False)
        dlg.setValue(0)
        self.loading = job
        self.progress_dialog = dlg

        def progress(done: int, total: int) -> None:
            if self.loading is not job:  # a late report after the end
                return
            if total:
                dlg.setMaximum(total)
                dlg.setValue(done)
                dlg.setLabelText(
                    translate("GameWindow", "Opening {file}: action {done} of {total}").format(
                        file=elide(path.name, 60), done=done, total=total
                    )
                )

        def finish() -> None:
            self.loading = None
            for sig in (job.progress, job.done, job.failed):
                try:
                    sig.disconnect()
                except (RuntimeError, TypeError):
                    pass
            dlg.canceled.disconnect()
            dlg.hide()
            dlg.deleteLater()
            job.deleteLater()

        def done(game) -> None:
            finish()
            self.ctrl.start_loaded(game)
            self._opened(path)

        def failed(text: str) -> None:
            finish()
            if not job.cancelled.is_set():
                self._open_failed(path, text, quiet)
            else:
                self.show_message(translate("GameWindow", "Opening the game was cancelled; nothing was changed."))

        job.progress.connect(progress)
        job.done.connect(done)
        job.failed.connect(failed)
        dlg.canceled.connect(job.cancel)
        dlg.show()
        job.start()

    def offer_resume(self) -> bool:
        """At start: offer the autosaved game if it is unfinished. True if resumed.

        An autosave this version cannot use (newer, or unreadable) is moved
        aside first and the player is told where it is."""
        found = autosave_mod.check(self.ctrl.autosave_path)
        if found.notice:
            if found.kept_as is None:
                # it could not be moved: autosave beside it rather than over it
                self.ctrl.local.use_autosave_path(self.ctrl.autosave_path.with_name("autosave-this-version.bigcity"))
            box = QMessageBox(
                QMessageBox.Icon.Information,
                translate("GameWindow", "Autosaved game kept"),
                found.notice,
                QMessageBox.StandardButton.Ok,
                self,
            )
            box.setObjectName("autosaveKeptBox")
            self.autosave_box = box
            box.open()
        game = found.game
        if game is None:
            return False
        names = ", ".join(p.name for p in game.players)
        ans = QMessageBox.question(
            self,
            translate("GameWindow", "Resume game?"),
            translate(
                "GameWindow",
                "An unfinished {edition} game ({players}, round {round}) was saved automatically.\n\nResume it?",
            ).format(edition=rules_text(game.state.rules.title), players=names, round=game.state.round),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        if ans == QMessageBox.StandardButton.Yes:
            self.ctrl.resume(game)
            return True
        return False

    def startup(self) -> None:  # pragma: no cover - interactive
        """After the first paint: resume the autosave, or ask for a new game."""
        self.ensure_chart()
        if not self.offer_resume():
            self.show_new_game()

    # ------------------------------------------------------------------ replays
    def watch_replay(self, *_args):
        """The replay viewer on the game of this window (from its start to now)."""
        from .replay import replay_of_state

        c = self.ctrl
        reason = self._replay_reason()
        if reason is not None:
            self.show_message(reason)
            return None
        win = replay_of_state(c.game, c.players, c.take_backs)
        self._show_replay(win)
        return win

    def _replay_reason(self) -> str | None:
        """Why this game cannot be replayed now: a replay shows every hand,
        so a game with humans is replayed once it is over."""
        c = self.ctrl
        if c.state is None:
            return self.tr("There is no game to replay.")
        if not c.game.is_over and c.human_seats():
            return self.tr("The replay shows every hand: it can be watched when the game is over.")
        return None

    def analyze_game(self, *_args):
        """The replay viewer on this game, analysing the humans (everybody in a bots-only game)."""
        win = self.watch_replay()
        if win is not None:
            win.start_analysis()
        return win

    def _show_replay(self, win) -> None:
        self.replays = [w for w in self.replays if w.isVisible()]
        self.replays.append(win)
        win.show()
        win.raise_()
        win.activateWindow()

    def open_replay_dialog(self) -> None:  # pragma: no cover - interactive
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open replay"), str(Path.home()), file_filter())
        if path:
            self.open_replay(Path(path))

    def open_replay(self, path: Path, quiet: bool = False) -> bool:
        """Open a saved game in the replay viewer. The record is read and its
        positions prepared on a worker with a progress dialog; a broken file
        gives a message box. True if the opening started."""
        from .replay import ReplayWindow, load_replay_job

        path = Path(path)
        if self.replay_loading is not None:
            self.show_message(self.tr("A replay is being opened already."))
            return False
        job = load_replay_job(path, self)
        dlg = QProgressDialog(
            self.tr("Opening %1…").replace("%1", elide(path.name, 60)),
            self.tr("Cancel"),
            0,
            100,
            self,
        )
        dlg.setObjectName("replayProgress")
        dlg.setWindowTitle(self.tr("Opening a replay"))
        dlg.setWindowModality(Qt.WindowModality.NonModal)
        dlg.setMinimumDuration(400)
        dlg.setAutoClose(False)
        dlg.setAutoReset(False)
        self.replay_loading = job

        def progress(done: int, total: int) -> None:
            if self.replay_loading is job and total:
                dlg.setMaximum(total)
                dlg.setValue(done)

        def finish() -> None:
            self.replay_loading = None
            dlg.canceled.disconnect()
            dlg.hide()
            dlg.deleteLater()
            job.deleteLater()

        def done(result) -> None:
            finish()
            game, timeline = result
            count = game.extra.get("take_backs", 0) if isinstance(game.extra, dict) else 0
            count = count if isinstance(count, int) and not isinstance(count, bool) and count >= 0 else 1
            win = ReplayWindow(timeline, game.players, count, path.name)
            self._show_replay(win)
            for w in game.warnings:
                win.statusBar().showMessage(sentence(w), 10000)

        def failed(text: str) -> None:
            finish()
            if job.cancelled.is_set():
                self.show_message(self.tr("Opening the replay was cancelled."))
            else:
                self._open_failed(path, text, quiet)

        job.progress.connect(progress)
        job.done.connect(done)
        job.failed.connect(failed)
        dlg.canceled.connect(job.cancel)
        job.start()
        return True

    # ------------------------------------------------------------------ preferences
    def show_preferences(self) -> PreferencesDialog:
        """Tools → Preferences (window-modal, non-blocking); OK applies them here at once."""
        dlg = PreferencesDialog(self.settings, self)
        dlg.applied.connect(self.apply_preferences)
        self.preferences_dialog = dlg
        dlg.open()
        return dlg

    def apply_preferences(self, prefs: Preferences) -> None:
        """Take over saved preferences (from this window's dialog or a sandbox's)."""
        self.prefs = prefs
        self.set_bot_speed(prefs.bot_delay_ms, save=False)
        self.apply_palette(prefs.palette, save=False)
        if effective_language(prefs.language) != current_language():
            self.show_message(
                translate("GameWindow", "The new language is used when Big City Desktop is started again.")
            )

    def pass_turn(self) -> str | None:
        """Pass (P, the Pass button); with "confirm before passing" on, ask first."""
        if not self.prefs.confirm_pass:
            return self.ctrl.pass_turn()
        reason = self.ctrl.turn_reason()
        if reason is None and ActionKind.PASS not in self.ctrl.legal_kinds():
            reason = self.ctrl.check(Pass())
        if reason:
            return self.ctrl.refuse(reason)
        box = QMessageBox(
            QMessageBox.Icon.Question,
            translate("GameWindow", "Pass this turn?"),
            translate("GameWindow", "Pass this turn? You build nothing and draw no cards."),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            self,
        )
        box.setObjectName("confirmPassBox")
        box.button(QMessageBox.StandardButton.Yes).setText(translate("GameWindow", "Pass"))
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        box.accepted.connect(self.ctrl.pass_turn)
        self.confirm_box = box
        box.open()
        return None

    # ------------------------------------------------------------------ help and sandbox
    def show_rules(self) -> RulesDialog:
        rules = self.ctrl.rules or get_rules(self.last_config.edition if self.last_config else "original")
        self.rules_dialog = RulesDialog(rules, self)
        self.rules_dialog.show()
        return self.rules_dialog

    def show_guide(self):
        """Help → How to play: docs/GAME.md in the app's language."""
        from bigcity_desktop.help.guide import GuideDialog

        self.guide_dialog = GuideDialog(self)
        self.guide_dialog.show()
        return self.guide_dialog

    def show_about(self) -> None:  # pragma: no cover - interactive
        QMessageBox.about(self, translate("GameWindow", "About Big City Desktop"), about_text())

    def open_sandbox(self, layout_path=None) -> None:
        """Game → New sandbox: asks the app for a sandbox window (app.py opens
        and wires it, so that the game and the sandbox never import each other)."""
        self.sandboxRequested.emit(layout_path if isinstance(layout_path, (str, Path)) else None)

    def play_layout(self, tiles, edition: str) -> None:
        """A sandbox asks for a game on its arrangement of neighborhoods."""
        self.show()
        self.raise_()
        self.activateWindow()
        self.show_new_game(start_city=[list(t) for t in tiles], edition=str(edition) or "original")
