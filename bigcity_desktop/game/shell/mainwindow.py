"""The game window: the game table (game/tabletop/gametable.py: the board in the middle,
the players, the Supply, the neighborhoods and the hand around it, a side
drawer of the log and the chart), menus and shortcuts for everything."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QColor, QGuiApplication
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMainWindow,
    QMessageBox,
    QWidget,
)

from bigcity_desktop.engine import ActionKind, Build, Pass, Phase, PlaceStreetcar, PlaceTile, get_rules
from bigcity_desktop.engine.city import tile_cells
from bigcity_desktop.engine.names import clean_name
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.game.core import wording as presenters
from bigcity_desktop.game.core.chart import PlottingLoader
from bigcity_desktop.game.core.controller import GameConfig, GameController, SeatConfig, sentence
from bigcity_desktop.game.core.playername import PlayerName
from bigcity_desktop.game.dialogs import HandoffOverlay, NewGameDialog, ResultsDialog, RulesDialog, about_text
from bigcity_desktop.game.endmoment import EndMoment, MomentRow
from bigcity_desktop.game.gamefiles.part import FilesPart
from bigcity_desktop.game.hints import Hints
from bigcity_desktop.game.moments import Moments
from bigcity_desktop.game.netplay.part import NetworkPart
from bigcity_desktop.game.probe import WindowProbe
from bigcity_desktop.game.replays.part import ReplaysPart
from bigcity_desktop.game.sound import GameSound
from bigcity_desktop.game.statistics import RecordStore, StatisticsDialog
from bigcity_desktop.game.tabletop.boardsync import BoardSync
from bigcity_desktop.game.tabletop.gametable import Drawer, GameTable, TablePane
from bigcity_desktop.game.tabletop.happened import WhatHappened
from bigcity_desktop.game.tabletop.panels import HandPanel, LogPanel, TilesPanel, board_key
from bigcity_desktop.game.tabletop.placing import Placing
from bigcity_desktop.game.tabletop.playerstrips import PlayerStrips
from bigcity_desktop.game.tabletop.sheet import PanelSheet
from bigcity_desktop.game.tabletop.stage import Stage
from bigcity_desktop.game.tabletop.tableview import first_start_table
from bigcity_desktop.game.tabletop.tray import SupplyTray
from bigcity_desktop.game.teaching.coach import CoachBubble
from bigcity_desktop.game.teaching.part import LessonsPart
from bigcity_desktop.i18n import current_language, effective_language, exc_text, rules_text, translate
from bigcity_desktop.scene import CityScene, CityView, scheme
from bigcity_desktop.scene import style as S
from bigcity_desktop.scene.targets import Mode
from bigcity_desktop.session import worker
from bigcity_desktop.session.playerkey import ProfileKey
from bigcity_desktop.session.secretfile import wait_for_secrets
from bigcity_desktop.ui.keyboard import FOCUS_STYLE
from bigcity_desktop.ui.preferences import Preferences, PreferencesDialog
from bigcity_desktop.ui.statusbar import ElidingStatusBar
from bigcity_desktop.ui.windowfit import ScreenFit, restore_geometry

from .endview import EndView, rematch_config
from .home import HomeCommands, HomePart, first_game
from .menus import Parts, build_menus

WINDOW_TITLE = "Big City Desktop"


SETTINGS_VERSION = (
    3  # 2: the game table (game/tabletop/gametable.py); 3: the panels on a sheet over it (game/tabletop/sheet.py)
)
# from this width and below this height the stacks lie in one row (a lower hand row, a
# taller board); else in two (on a tall window the hand's cards grow instead)
WIDE_TABLE = 1100
TALL_TABLE = 900
SETUP_KEY = "newGame/"  # the last setup of the New game dialog (saved_setup)


class GameWindow(QMainWindow):
    """The game: the table (the board in the middle, the pieces around it, a
    side drawer), menus and keys; the
    files, the replays, the network table, the lessons, placing and hints are
    parts of it (each a QObject handed what it needs), made and laid out here."""

    sandboxRequested = Signal(object)  # a layout path, or None for an empty sandbox

    def __init__(self, controller: GameController | None = None, settings: QSettings | None = None):
        super().__init__()
        self.setObjectName("MainWindow")
        self.setWindowTitle(WINDOW_TITLE)
        self.setStatusBar(ElidingStatusBar(self))  # a long message ends in "…" before the edition label
        self.ctrl = controller or GameController(self)
        if self.ctrl.parent() is None:
            self.ctrl.setParent(self)
        self.settings = settings if settings is not None else QSettings()
        self.prefs = Preferences.load(self.settings)
        self.preferences_dialog: PreferencesDialog | None = None
        self.sound = GameSound(self.ctrl, self.settings, self)  # the moves, turns and ends heard (game/sound.py)
        self.confirm_box: QMessageBox | None = None
        self.last_config: GameConfig | None = None
        self.new_dialog: NewGameDialog | None = None
        self.results_dialog: ResultsDialog | None = None
        self.record_store = RecordStore()
        self.statistics_dialog: StatisticsDialog | None = None
        self.rules_dialog: RulesDialog | None = None
        self._shown_over = False

        self.scene = CityScene(get_rules("original"), self)
        self.board = self.scene.interaction  # the piece in hand, the board cursor, the board's requests
        self.view = CityView(self.scene)
        self.view.setObjectName("CityView")
        # a table, not a document: the board is panned by dragging and the keys, without scroll bars
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scene.slide_pieces = True  # new pieces slide into place (scene/motion.py, prefs/animations)
        self.board_sync = BoardSync(self.scene, lambda: self.ctrl.session, self.owner_colours, self)  # issue 45.6
        # the end of a game: the city whole, the winner named, the scores counted up
        self.end_moment = EndMoment(self.view)
        self.end_moment.done.connect(self._open_results)
        self._results_lines: list[str] = []

        self.players_panel = PlayerStrips(self.ctrl)
        self.hand_panel = HandPanel(self.ctrl)
        self.hand_panel.hand_view.hurry = lambda: self.ctrl.session.hurried  # no flights while hurried (45.6)
        self.hand_panel.hand_view.settings = self.settings  # drawn cards fly in unless prefs/animations is off
        self.hand_panel.offer_flights.strips = self.players_panel  # a card taken flies to its taker's strip
        self.supply_panel = SupplyTray(self.ctrl)
        self.tiles_panel = TilesPanel(self.ctrl)
        self.log_panel = LogPanel(self.ctrl)
        # the table (game/tabletop/gametable.py): the board in the middle, the players across the
        # top, the Supply and the neighborhoods at the left, the hand along the bottom
        self.panes: dict[str, TablePane] = {
            "supply": TablePane("supply", translate("GameWindow", "Supply"), self.supply_panel),
            "tiles": TablePane("tiles", translate("GameWindow", "Neighborhoods"), self.tiles_panel),
            "hand": TablePane("hand", translate("GameWindow", "Your hand"), self.hand_panel),
        }
        self.hand_panel.take_caption(self.panes["hand"].caption)
        # the side drawer (F9): the log, the score chart, a network game's table
        self.drawer = Drawer(self, self.settings)
        self.view.city_action.setObjectName("cityViewSwitch")  # the City view, a button on the table (F3)
        self.docks = self.drawer.docks
        self.table = GameTable(
            self.players_panel,
            self.view,
            [self.panes["supply"], self.panes["tiles"]],
            self.panes["hand"],
            [self.view.city_action, self.drawer.action],
        )
        self.setCentralWidget(self.table)
        # the panels open on a sheet over the table's left side, never beside the board (game/tabletop/sheet.py)
        sheet = PanelSheet(self.table, self.view, self.table.left, self.panes["tiles"])
        self.drawer.lay_over(sheet)
        self.table.covers.append(sheet)
        self.drawer.add("log", translate("GameWindow", "Game log"), self.log_panel)
        # the parts: each is handed what it needs (the game, the board, the window's services)
        self.games = self.ctrl.starting  # starting, opening and saving games: the one place
        self.files = FilesPart(self.ctrl, self.games, self, self, self.settings)
        self.replays = ReplaysPart(self.ctrl, self, self)
        self.network = NetworkPart(self.ctrl, self.games, self, self, self.settings)
        # a network game's table: seats, the link, the chat (hidden in a local game)
        self.drawer.add_dock("table", self.network.dock)
        self.files.rejoinRequested.connect(self.network.rejoin)  # Continue offers the seat kept at a table
        self.docks["table"].hide()
        self.chart = None
        self.plotting = PlottingLoader(self)  # the chart's library, loaded on a worker
        self.plotting.ready.connect(self.ensure_chart)
        self.probe = WindowProbe.from_environment(self, self)  # off unless BIGCITY_PROBE names a file (game/probe.py)
        self.drawer.add("chart", translate("GameWindow", "Score history"), QLabel("…"))
        self.drawer.toggled.connect(lambda on: self.ensure_chart() if on else None)

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
        stage = Stage(  # what a lesson points at, lights and focuses
            window=self,
            ctrl=self.ctrl,
            scene=self.scene,
            view=self.view,
            board=self.board,
            docks={**self.panes, "players": self.players_panel, **self.docks},
            hand_panel=self.hand_panel,
            supply_panel=self.supply_panel,
            tiles_panel=self.tiles_panel,
            log_panel=self.log_panel,
            players_panel=self.players_panel,
        )
        self.lessons = LessonsPart(stage, self.games, self, self.settings)

        self._prompt = ""
        # the window's parts: the hint, and placing pieces on the board
        self.hints = Hints(self.ctrl, self.scene, self.statusBar(), self.show_message, self)
        self.moments = Moments(self.ctrl, self.scene, self.animations_enabled, self)  # +N, wins (game/moments.py)
        self.placing = Placing(
            self.ctrl,
            self.scene,
            self.view,
            self.supply_panel,
            self.hand_panel,
            self.tiles_panel,
            self.log_panel,
            self.panes["supply"],
            self.show_message,
            self.show_prompt,
            lambda: self.actions,
            self,
        )
        # what the others did: the strips' last moves lit on the board, "since your turn" (game/tabletop/happened.py)
        self.happened = WhatHappened(
            self.ctrl, self.players_panel, self.scene, self.hand_panel, self.animations_enabled, self.show_message, self
        )
        self.player = PlayerName(self.settings, self)  # the player's own name, asked at the first start
        self.screen_fit = ScreenFit(self)  # inside the screen, its dialogs too; F11 (ui/windowfit.py)
        self._keyboard_setup()
        self._show_board_key()
        self._build_menus()

        def leave_game() -> None:  # after a game: let go of it, clear the table; a new session, the bots' speed
            self.network.leave_table() if self.ctrl.session.traits.leaves else self.games.go_back(None)
            self.lessons.clear_board()
            self.set_bot_speed(self.prefs.bot_delay_ms, save=False)

        # the home view over the table while the window holds no game (game/shell/home.py, issue 46.9)
        self.home = HomePart(
            self.ctrl,
            self.table,
            HomeCommands(
                leave_game,
                lambda: (
                    self.show_new_game()
                    if self.last_config or self.saved_setup()
                    else self.propose_game(first_game(self.settings))
                ),
                self.files.continue_game,
                *(self.actions[k] for k in ("continue", "tutorial", "puzzles", "join_network", "sandbox")),
            ),
            self.files.saves,
            self.files.kept_seat,
            self,
        )
        self.lessons.declined.connect(self.home.look)
        # the chart's library before the first game (prewarm.py), unless the start-up's reading of the saved games runs
        self.home.prewarm.then(lambda: None if (s := self.files.resume_scan) and not s.done else self.plotting.load())
        self.actions["home"] = self.home.add_to_menu(self.actions["statistics"])  # Game → Home, after a game
        self._connect()
        self._restore_settings()
        self.refresh()

    # ------------------------------------------------------------------ layout
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
            from bigcity_desktop.game.core.chart import ScoreChart

            self.chart = ScoreChart(self.ctrl.history_model)
            self.docks["chart"].setWidget(self.chart)
        return self.chart

    def _build_menus(self) -> None:
        # the named menu actions (shadows QWidget.actions(), which this window does not use)
        self.actions: dict[str, QAction] = {}  # type: ignore[assignment]
        self.speed_group = QActionGroup(self)
        build_menus(
            self,
            Parts(
                self.files,
                self.replays,
                self.network,
                self.lessons,
                self.placing,
                self.drawer,
                self.screen_fit,
                self.player,
            ),
            self.actions,
        )

    def _connect(self) -> None:
        c = self.ctrl
        sc = self.scene
        sc.interaction.message.connect(self.show_message)
        sc.interaction.modeChanged.connect(self._mode_changed)
        c.viewerChanged.connect(self.refresh)
        c.message.connect(self.show_message)
        c.stateChanged.connect(self.refresh)
        c.gameStarted.connect(self._game_started)
        c.actionApplied.connect(self._action_applied)
        c.handoffRequested.connect(self._handoff)
        c.gameOver.connect(self._game_over)
        c.humanTurn.connect(self._human_turn)
        c.autosaveFailed.connect(self._autosave_failed)
        c.autosaveRecovered.connect(self._autosave_recovered)
        c.takenBack.connect(self._taken_back)
        # the Pass button goes through pass_turn (which asks first when the preference says so)
        self.hand_panel.buttons["pass"].clicked.disconnect()
        self.hand_panel.buttons["pass"].clicked.connect(self.pass_turn)

    # ------------------------------------------------------------------ settings
    def _restore_settings(self) -> None:
        s = self.settings
        restore_geometry(self, s.value("window/geometry"), QSize(1400, 900))  # never beyond this screen
        state = s.value("window/state")
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state, SETTINGS_VERSION)
        self.drawer.restore()  # shut on a first run; as it was left after that
        self.prefs = Preferences.load(s)
        self.set_bot_speed(self.prefs.bot_delay_ms, save=False)
        self.apply_palette(self.prefs.palette, save=False)
        self.apply_scheme(self.prefs.scheme, save=False)
        hints = QGuiApplication.styleHints()
        if hints is not None:  # the system turns light or dark: "As the system" follows
            hints.colorSchemeChanged.connect(lambda _s: self.apply_scheme(self.prefs.scheme, save=False))

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

    def _show_board_key(self) -> None:
        """The key to the board's colours, in the board's bottom-left corner (issue 25.9)."""
        self.view.set_key(
            board_key(),
            translate(
                "GameWindow",
                "Lots touching the open table are outskirts; the others (and lots around an enclosed "
                "empty cell) are city centre.",
            ),
        )

    def apply_scheme(self, choice: str, save: bool = True) -> str:
        """Light or dark ("system", "light", "dark"; issue 25): the windows'
        palette and the colours of every board, chart and coach's bubble
        (scene/style.py), at once; remembered as ``prefs/colourScheme``. The
        scheme shown ("light" or "dark")."""
        shown = scheme.apply_scheme(choice)
        self.prefs.scheme = choice if choice in scheme.CHOICES else "system"
        if save:
            self.settings.setValue(scheme.SCHEME_KEY, self.prefs.scheme)
        scheme.restyle_views()
        self.tiles_panel.refresh()  # the neighborhoods' thumbnails
        self._show_board_key()
        # the charts' module loads pyqtgraph: only when a chart was made is there one to restyle
        chart = sys.modules.get("bigcity_desktop.game.core.chart")
        kinds: tuple[type, ...] = (CoachBubble, StatisticsDialog) + ((chart.ScoreChart,) if chart is not None else ())
        for w in QApplication.allWidgets():
            if isinstance(w, kinds):
                w.restyle()  # type: ignore[attr-defined]
        return shown

    def save_settings(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState(SETTINGS_VERSION))
        self.drawer.save()
        self.settings.setValue("game/botDelayMs", self.ctrl.session.bot_delay_ms)
        self.settings.sync()

    def reset_layout(self) -> None:
        """View → Reset layout: the log and the chart shown on the panel sheet."""
        self.drawer.open(["log", "chart"])

    def set_bot_speed(self, ms: int, save: bool = True) -> None:
        self.ctrl.session.bot_delay_ms = int(ms)
        self.prefs.bot_delay_ms = int(ms)
        for a in self.speed_group.actions():
            a.setChecked(a.data() == int(ms))
        if save:
            self.settings.setValue("game/botDelayMs", int(ms))

    def showEvent(self, event) -> None:
        super().showEvent(event)
        QTimer.singleShot(0, self._fit_drawer)  # a window shown small at once

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_drawer()

    def _fit_drawer(self) -> None:
        self.drawer.fit()  # on a small window the drawer gives way to the board (table.py)
        # a wide window of little height: the stacks in one row, the board taller; else the cards larger
        self.hand_panel.lay_stacks(self.width() >= WIDE_TABLE and self.height() < TALL_TABLE)

    def closeEvent(self, event) -> None:
        if self.lessons.lesson is not None:
            self.lessons.lesson.window_closing()  # resumed from here next time
        self.replays.close_all()
        self.save_settings()
        self.ctrl.session.close()  # the game stays in Game → Continue (a network seat stays ours)
        self.network.stop_hosting()
        worker.pool().waitForDone(3000)  # a thinking bot finishes; its answer is dropped
        wait_for_secrets(1.0)  # a seat's token filed a moment ago is written (the app's exit waits for the rest)
        super().closeEvent(event)

    # ------------------------------------------------------------------ refresh
    def owner_colours(self) -> dict[int, QColor]:
        return {i: QColor(c) for i, c in enumerate(self.ctrl.colours())}

    def refresh(self) -> None:
        c = self.ctrl
        v = c.session.view()
        self.board_sync.follow()
        self.table.refresh_hand(self.hand_panel.redeveloping(), self.hand_panel.refresh)  # (issue 46.2)
        self.tiles_panel.refresh()
        # the play keys stay live during a game: a key pressed at the wrong
        # moment says why it cannot act instead of doing nothing
        for key in ("streetcar", "stop", "exchange", "pass", "hint", "choose_building", "place_tile"):
            self.actions[key].setEnabled(c.session.has_game)
        # enabled in every game: where take-backs are off, Undo says so
        self.actions["undo"].setEnabled(c.session.has_game)
        self.actions["redo"].setEnabled(c.session.can_redo())
        lesson = self.lessons.lesson
        self.actions["watch_replay"].setEnabled(lesson is None and self.replays.replay_reason() is None)
        # a lesson is saved as your progress (learn-progress.json), not as a game; a network
        # game can be saved once its whole record has come at its end
        self.actions["save"].setEnabled(c.session.has_game and lesson is None)
        self.actions["save_as"].setEnabled(c.session.has_game and lesson is None)
        self.actions["leave_table"].setEnabled(c.session.traits.leaves and lesson is None)
        for key in ("lesson_next", "lesson_back", "lesson_leave"):
            self.actions[key].setEnabled(lesson is not None)
        self.turn_status.setText(presenters.status_line(v))
        who = c.session.seat
        if not c.session.has_game or not c.session.hot_seat:
            self.panes["hand"].setWindowTitle(translate("GameWindow", "Your hand"))
        elif c.session.handoff_pending is not None and not (v is not None and v.is_over):
            # short: a dock's title is cut with "…" where it does not fit
            pending = c.session.name(c.session.handoff_pending)
            self.panes["hand"].setWindowTitle(
                translate("GameWindow", "Hand hidden — for you")
                if presenters.is_you(pending)
                else translate("GameWindow", "Hand hidden — for {name}").format(name=pending)
            )
        elif who is None:
            self.panes["hand"].setWindowTitle(translate("GameWindow", "Hand hidden"))
        elif presenters.is_you(c.session.name(who)):
            self.panes["hand"].setWindowTitle(translate("GameWindow", "Your hand"))
        else:
            self.panes["hand"].setWindowTitle(translate("GameWindow", "{name}'s hand").format(name=c.session.name(who)))
        title = f"{WINDOW_TITLE} — {rules_text(v.rules.title)}" if v is not None else WINDOW_TITLE
        if c.session.has_game and c.session.take_backs > 0:
            title += " " + translate("GameWindow", "(with take-backs)")
        if lesson is not None:
            title += " — " + lesson.title()
        self.setWindowTitle(title)
        self.home.sync()

    def _autosave_failed(self, reason: str) -> None:
        where = self.games.autosave_path.parent
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

    # ------------------------------------------------------------------ game flow
    def show_new_game(self, start_city: list | None = None, edition: str | None = None) -> NewGameDialog:
        """Open the new-game dialog (window-modal, non-blocking); Start begins the game."""
        if isinstance(start_city, bool):  # QAction.triggered(bool)
            start_city = None
        prev = self.last_config or self.saved_setup()
        if start_city is not None and prev is not None:
            prev = GameConfig(edition or prev.edition, prev.seats, None, start_city)
        own = self.player.given()
        dlg = NewGameDialog(self, start_city=start_city, edition=edition or "original", previous=prev, own_name=own)
        if start_city is not None and edition:
            dlg.edition.setCurrentIndex(max(0, dlg.edition.findData(edition)))
        self.new_dialog = dlg
        dlg.accepted.connect(lambda d=dlg: self.start_game(d.config()))
        dlg.open()
        return dlg

    def propose_game(self, config: GameConfig) -> NewGameDialog:
        """The New game dialog, filled in with this setup (after the tutorial: you against the easy bot)."""
        self.last_config = config
        return self.show_new_game()

    def bot_delay_ms(self) -> int:
        """The bot speed the player chose (View → Bot speed, Preferences)."""
        return self.prefs.bot_delay_ms

    def saved_setup(self) -> GameConfig | None:
        """The setup of the last game started from the New game dialog, as the
        settings keep it between runs (issue 25.11: the dialog forgot the
        edition and the bot levels); None when there is none (or it is damaged)."""
        s = self.settings
        edition = str(s.value(SETUP_KEY + "edition", "") or "")
        if edition not in ("original", "jumbo"):
            return None
        try:
            count = int(str(s.value(SETUP_KEY + "count", 0)))
        except (TypeError, ValueError):
            return None
        if not 2 <= count <= 5:
            return None
        seats = []
        for i in range(count):
            name = clean_name(str(s.value(f"{SETUP_KEY}seat{i}/name", "") or ""))
            kind = str(s.value(f"{SETUP_KEY}seat{i}/kind", SeatKind.HUMAN) or SeatKind.HUMAN)
            colour = str(s.value(f"{SETUP_KEY}seat{i}/colour", "") or "")
            if not name:
                return None
            if i == 0 and presenters.is_you(name):
                name = self.player.given() or name  # a setup kept from before the player gave a name (issue 46.6)
            seats.append(SeatConfig(name, kind, colour if QColor.isValidColorName(colour) else ""))
        take_backs = s.value(SETUP_KEY + "takeBacks")
        allow = None if take_backs is None else str(take_backs).lower() in ("true", "1")
        return GameConfig(edition, seats, None, None, allow)

    def _save_setup(self, config: GameConfig) -> None:
        s = self.settings
        s.setValue(SETUP_KEY + "edition", config.edition)
        s.setValue(SETUP_KEY + "count", len(config.seats))
        for i, seat in enumerate(config.seats):
            s.setValue(f"{SETUP_KEY}seat{i}/name", seat.name)
            s.setValue(f"{SETUP_KEY}seat{i}/kind", seat.kind)
            s.setValue(f"{SETUP_KEY}seat{i}/colour", seat.colour)
        if config.allow_take_backs is not None:
            s.setValue(SETUP_KEY + "takeBacks", bool(config.allow_take_backs))

    def start_game(self, config: GameConfig) -> None:
        self.last_config = config
        if config.start_city is None:
            self._save_setup(config)
        self.files.save_path = None
        try:
            self.games.new_game(config)
        except ValueError as exc:
            QMessageBox.warning(self, translate("GameWindow", "Cannot start the game"), sentence(exc_text(exc)))

    def _game_started(self) -> None:
        self._shown_over = False
        self.hints.drop()
        self.board.cancel_mode()
        self.scene.clear_selection()
        c = self.ctrl
        v = c.session.view()
        assert v is not None  # a game has started
        self.scene.set_rules(v.rules)
        self.scene.set_city(v.city, self.owner_colours())
        if v.phase == Phase.SETUP:  # the neighborhoods to lay: their panel in front of the network table's tab
            self.panes["tiles"].raise_()
        self.overlay.hide()
        self.end_moment.cancel()
        if self.results_dialog is not None:
            self.results_dialog.close()
        QTimer.singleShot(0, self._fit_after_start)

    def _fit_after_start(self) -> None:
        if self.plotting.done:
            self.ensure_chart()
        else:
            self.plotting.load()  # the chart comes when its library is in
        self.fit_board()

    def fit_margin(self) -> float:
        """Cells of table shown around the city: while the neighborhoods are
        laid at the start, room for the biggest; later a border of a little
        more than a cell while one can still come (a big city stays large
        enough to read its lots), else a thin one."""
        room = 1.5 if self.lessons.lesson is not None else 0.0  # and for the coach's bubble beside the city
        v = self.ctrl.session.view()
        tiles = self.ctrl.session.seat_view().spare_tiles() if v is not None else []
        if v is None or not tiles:
            return 0.6 + room
        biggest = max(max(v.rules.tile_shapes[n]) for n in tiles) + 0.3
        return (biggest if v.phase == Phase.SETUP else min(biggest, 1.3)) + room

    def fit_board(self) -> None:
        """Ctrl+0: the whole city, with room around it for the next neighborhood."""
        self.view.fit_city(self.fit_margin())

    def _human_turn(self, seat: int) -> None:
        v = self.ctrl.session.view()
        phase = v.phase if v is not None else None
        if phase == Phase.STREETCAR:
            self.placing.start_streetcar()
        elif phase == Phase.SETUP and self.board.mode == Mode.NONE:
            # pick up the first starting tile at once; another one is a click away
            tiles = self.ctrl.session.seat_view().setup_tiles()
            self.panes["tiles"].raise_()  # the prompt points at the Neighborhoods panel
            self.placing.start_tile(min(tiles))
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
        v = c.session.view()
        self.hints.drop()
        if self.board.mode and not c.session.seat_view().in_phase(Phase.SETUP, Phase.ACTION, Phase.STREETCAR):
            self.board.cancel_mode()
        if c.session.is_bot(player) and self.animations_enabled():
            colour = QColor(c.colour(player))
            delay = c.session.bot_delay_ms
            duration = max(700, min(2500, 2 * delay)) if delay else 500
            if isinstance(action, Build):
                self.scene.flash_props(action.properties, colour, duration)
            elif isinstance(action, PlaceStreetcar):
                self.scene.flash_street(action.street, colour, duration)
            elif isinstance(action, PlaceTile):
                assert v is not None
                cells = tile_cells(v.rules, action.number, action.x, action.y, action.rotation).values()
                self.scene.flash_props(list(cells), colour, duration)
        ev = [e for e in (v.events[-3:] if v is not None else []) if e.player == player and e.kind != "draw"]
        if ev and c.session.is_bot(player):
            self.show_message(presenters.event_line(ev[-1], c.session.name))
        if isinstance(action, PlaceTile) and self.board.mode == Mode.NONE:
            self.fit_board()

    def undo(self) -> None:
        if self.ctrl.session.undo() is None:
            self.board.cancel_mode()

    def redo(self) -> None:
        if self.ctrl.session.redo() is None:
            self.board.cancel_mode()

    def _taken_back(self) -> None:
        """Undo or redo replaced the position: the board and dialogs follow."""
        self._shown_over = False
        self.hints.drop()
        self.board.cancel_mode()
        self.scene.clear_selection()
        self.overlay.hide()
        self.end_moment.cancel()
        if self.results_dialog is not None:
            self.results_dialog.close()
            self.results_dialog = None
        self.refresh()

    def _handoff(self, seat: int) -> None:
        v = self.ctrl.session.view()
        if v is not None and v.is_over:  # the screen waits for nobody once the game is over
            return
        self.board.cancel_mode()
        self.refresh()  # the hand's title names who the screen waits for
        self.overlay.show_for(self.ctrl.session.name(seat))

    def _reveal(self) -> None:
        self.overlay.hide()
        self.ctrl.session.reveal_hand()

    def _game_over(self) -> None:
        if self._shown_over:
            return
        self._shown_over = True
        self.board.cancel_mode()
        self.overlay.hide()
        self.refresh()
        lines, notice = self.record_store.add_finished(self.ctrl)
        if notice:  # a damaged statistics file was kept aside, or the record could not be written
            self.show_message(notice)
            lines = [*lines, notice]
        self._results_lines = lines
        # the moment: the final city whole, the winner named, the scores
        # counted up; then the results (at once with the animations off)
        if not self.animations_enabled():
            self.view.fit_city(0.6)
            self._open_results()
            return
        c = self.ctrl
        v = c.session.view()
        assert v is not None  # the game is over
        res = presenters.results(v, c.session.name)
        rows = [
            MomentRow(place, c.session.name(p), QColor(c.colour(p)).name(), score) for place, p, score, _pts in res.rows
        ]
        reason = translate("EndMoment", "The game ended: {reason}.").format(reason=res.reason) if res.reason else ""
        self.end_moment.play(res.title, reason, rows)  # keeps the board's top for its banner
        self.view.fit_city(0.6)  # the city whole, under the banner

    def startup(self) -> None:
        """After the first paint: at the very first start the player's name is
        asked and the tutorial offered (once each); then the unfinished games,
        or a new game."""
        if not self.player.given():  # a new profile plays on the model city (issue 46.7)
            first_start_table(self.view, self.settings)
        if not self.player.ask_once(self._offer_games):
            self._offer_games()

    def _offer_games(self) -> None:
        if not self.lessons.offer_first_tutorial():
            self.home.look()
        scan = self.files.resume_scan
        if scan is not None and not scan.done:
            scan.finished.connect(self.plotting.load)  # not beside the reading: see PlottingLoader
        else:
            self.plotting.load()

    def hint_key(self) -> None:
        """H: in a lesson the lesson's hint, else the bots' hint."""
        if self.lessons.lesson is not None:
            self.lessons.lesson.hint()
        else:
            self.hints.request_hint()

    def animations_enabled(self) -> bool:
        """Whether motion plays in this window (the one decision: scene/motion.py, prefs/animations)."""
        return self.scene.animations_enabled()

    def _open_results(self) -> None:
        """The results table, after the end-of-game moment (or without one)."""
        s = self.ctrl.session.full_state() or self.ctrl.session.view()
        if not self._shown_over or s is None or not s.is_over:
            return  # a new game or a take-back came first
        # the end view, laid over the table (game/shell/endview.py, issue 46.8)
        dlg = EndView(
            self.ctrl,
            self.table,
            record_lines=self._results_lines,
            animate=self.animations_enabled(),
            rematch=self.ctrl.session.traits.starts_games,
        )
        dlg.rematchRequested.connect(self.rematch)
        dlg.homeRequested.connect(self.home.go_home)
        if self.ctrl.session.traits.saves:
            # the results have been seen: the finished game leaves Game → Continue
            dlg.finished.connect(lambda _r: self.games.results_seen())
        dlg.newGameRequested.connect(self.show_new_game)
        dlg.replayRequested.connect(self.replays.watch_replay)
        dlg.analysisRequested.connect(self.replays.analyze_game)
        self.results_dialog = dlg
        dlg.open()

    def rematch(self) -> None:
        """The end view's Rematch: the same seats again, a new seed."""
        s = self.ctrl.session
        state = s.full_state() or s.view()
        if state is not None:
            allow = self.last_config.allow_take_backs if self.last_config is not None else None
            self.start_game(rematch_config(state, s.players, allow))

    def show_statistics(self) -> StatisticsDialog:
        """Game → Statistics (window-modal, non-blocking): the record of the
        name at the screen (else of the last name that finished a game)."""
        s = self.ctrl.session
        seat = s.seat if s.has_game else None
        name = s.players[seat].name if seat is not None and s.is_human(seat) else None
        dlg = StatisticsDialog(self.record_store, self, name=name)
        self.statistics_dialog = dlg
        dlg.open()
        return dlg

    # ------------------------------------------------------------------ preferences
    def show_preferences(self) -> PreferencesDialog:
        """Tools → Preferences (window-modal, non-blocking); OK applies them here at once."""
        dlg = PreferencesDialog(self.settings, self, ProfileKey(self.settings.fileName()))
        dlg.applied.connect(self.apply_preferences)
        self.preferences_dialog = dlg
        dlg.open()
        return dlg

    def apply_preferences(self, prefs: Preferences) -> None:
        """Take over saved preferences (from this window's dialog or a sandbox's)."""
        self.prefs = prefs
        self.set_bot_speed(prefs.bot_delay_ms, save=False)
        self.apply_palette(prefs.palette, save=False)
        self.apply_scheme(prefs.scheme, save=False)
        if effective_language(prefs.language) != current_language():
            self.show_message(
                translate("GameWindow", "The new language is used when Big City Desktop is started again.")
            )

    def pass_turn(self) -> str | None:
        """Pass (P, the Pass button); with "confirm before passing" on, ask first
        (a pass that ends the game asks its own question instead: Placing.act)."""
        if not self.prefs.confirm_pass or self.placing.pass_ends_game():
            return self.placing.act(Pass())
        reason = self.ctrl.session.turn_reason()
        sv = self.ctrl.session.seat_view()
        if reason is None and ActionKind.PASS not in sv.legal_kinds():
            reason = sv.check(Pass())
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
        box.accepted.connect(lambda: self.placing.act(Pass()))
        self.confirm_box = box
        box.open()
        return None

    # ------------------------------------------------------------------ help and sandbox
    def show_rules(self) -> RulesDialog:
        v = self.ctrl.session.view()
        rules = v.rules if v is not None else get_rules(self.last_config.edition if self.last_config else "original")
        self.rules_dialog = RulesDialog(rules, self)
        self.rules_dialog.show()
        return self.rules_dialog

    def show_guide(self):
        """Help → How to play: the player's guide, its pictures drawn by the board."""
        from bigcity_desktop.game.guideart import open_guide

        self.guide_dialog = open_guide(self)
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
