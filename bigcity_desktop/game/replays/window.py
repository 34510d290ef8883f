"""The replay viewer: step through a saved or finished game, and analyse it.

A :class:`ReplayWindow` shows one game at any position, from before the
first action to the last: the board, every player's hand and score (a
replay hides nothing), the log with the current line highlighted, and the
score chart with a cursor. First / previous / next / last, a slider, play at
a chosen speed and a jump to a round move the position; the keyboard does
the same (Left, Right, Home, End, Space, Page Up/Down for rounds).

Its Analysis panel runs the post-game analysis (:mod:`bigcity_desktop.bots.analysis`)
on a worker with a progress bar and Cancel, lists the biggest mistakes (a
click jumps there) and draws the points lost per round on the chart.

Opening a record replays it and builds the :class:`Timeline` on a worker
(:class:`WorkJob`), so a large record never freezes the window.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QColor, QFont, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListView,
    QMainWindow,
    QProgressBar,
    QPushButton,
    QSlider,
    QSpinBox,
    QStyle,
    QTableView,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from bigcity_desktop.bots.levels import PLAYER_KINDS
from bigcity_desktop.engine import Action, Build, GameState, PlaceStreetcar, PlaceTile
from bigcity_desktop.engine.city import tile_cells
from bigcity_desktop.engine.record import PlayerInfo, read_record
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.engine.timeline import Timeline
from bigcity_desktop.game.core import wording as presenters
from bigcity_desktop.game.core.loading import WorkJob
from bigcity_desktop.game.core.models import ALL_ROWS, LOG_LIMIT, LogModel, LogRow, ScoreHistoryModel, card_label
from bigcity_desktop.i18n import engine_text, rules_text
from bigcity_desktop.scene import CityScene, CityView
from bigcity_desktop.scene.text import elide

DEFAULT_COLOURS = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd"]
#: play speeds: label, milliseconds per step
PLAY_SPEEDS = (("0.25 s", 250), ("0.5 s", 500), ("1 s", 1000), ("2 s", 2000))
REPLAY_MARGIN = 1.0  # cells of table a fit shows around the city (the replay places no piece)


# ------------------------------------------------------------------ models
class _ReplayTable(QAbstractTableModel):
    """A table of tuple rows under translated column labels (`labels`)."""

    COLUMNS: tuple[str, ...] = ()
    _rows: list

    def labels(self) -> list[str]:
        return list(self.COLUMNS)

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            labels = self.labels()
            return labels[section] if 0 <= section < len(labels) else None
        return str(section + 1)


class ReplayHandsModel(_ReplayTable):
    """Every player at the replay's position: name, score and the whole hand."""

    COLUMNS = ("Player", "Score", "Hand")

    def labels(self) -> list[str]:
        return [self.tr("Player"), self.tr("Score"), self.tr("Hand")]

    def __init__(self, names: list[str], colours: list[str], parent=None):
        super().__init__(parent)
        self._names = list(names)
        self._colours = list(colours)
        self._rows: list[tuple[int, list[str], bool]] = []  # score, card labels, to move

    def set_state(self, state: GameState) -> None:
        rows = [
            (
                state.scores[i],
                [card_label(state.rules, c) for c in sorted(state.hands[i])],
                not state.is_over and state.current_player == i,
            )
            for i in range(state.n)
        ]
        if len(rows) != len(self._rows):
            self.beginResetModel()
            self._rows = rows
            self.endResetModel()
        else:
            self._rows = rows
            if rows:
                self.dataChanged.emit(self.index(0, 0), self.index(len(rows) - 1, len(self.COLUMNS) - 1))

    def data(self, index, role=Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        score, cards, moving = self._rows[index.row()]
        col = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            if col == 0:
                name = elide(self._names[index.row()])
                return ("\N{BLACK RIGHT-POINTING TRIANGLE} " if moving else "") + name
            if col == 1:
                return str(score)
            if col == 2:
                return ", ".join(cards) if cards else "\N{EM DASH}"
        if role == Qt.ItemDataRole.ForegroundRole and col == 0:
            return QColor(self._colours[index.row() % len(self._colours)])
        if role == Qt.ItemDataRole.FontRole and moving:
            f = QFont()
            f.setBold(True)
            return f
        if role == Qt.ItemDataRole.TextAlignmentRole and col == 1:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class MistakesModel(_ReplayTable):
    """The analysis' biggest mistakes, largest loss first: round, player,
    points lost and the sentence. ``PositionRole`` is the position to show."""

    COLUMNS = ("Round", "Player", "Lost", "Move")
    PositionRole = Qt.ItemDataRole.UserRole + 1

    def labels(self) -> list[str]:
        return [self.tr("Round"), self.tr("Player"), self.tr("Lost"), self.tr("Move")]

    def __init__(self, names: list[str], colours: list[str], parent=None):
        super().__init__(parent)
        self._names = list(names)
        self._colours = list(colours)
        # round, player, points lost (below 0: the move probably cost the win), text, position
        self._rows: list[tuple[int, int, float, str, int]] = []

    def set_rows(self, rows: list[tuple[int, int, float, str, int]]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def data(self, index, role=Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        rnd, player, loss, text, position = self._rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            lost = self.tr("the win") if loss < 0 else f"{loss:.0f}"
            return (str(rnd), elide(self._names[player]), lost, text)[col] if col < 4 else None
        if role == Qt.ItemDataRole.ToolTipRole:
            return text
        if role == Qt.ItemDataRole.ForegroundRole and col == 1:
            return QColor(self._colours[player % len(self._colours)])
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (0, 2):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == self.PositionRole:
            return position
        return None


# ------------------------------------------------------------------ the window
class ReplayWindow(QMainWindow):
    """One game, any position. Build it with a :class:`Timeline` (see
    :func:`open_replay_file` and :func:`replay_of_state`)."""

    positionChanged = Signal(int)
    analysisFinished = Signal()

    def __init__(
        self,
        timeline: Timeline,
        players: list[PlayerInfo],
        take_backs: int = 0,
        source: str = "",
        parent=None,
        log_rows: list[LogRow] | None = None,
    ):
        """`log_rows`: the game log's lines, if worked out already (a long
        game's, by the loading worker: see :func:`replay_log`)."""
        super().__init__(parent)
        self.setObjectName("ReplayWindow")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.timeline = timeline
        self.players = players
        self.take_backs = take_backs
        self.names, self.colours = names_and_colours(players)
        self.position = -1
        self.state: GameState = timeline.start
        self.analysis = None
        self.analysis_job: WorkJob | None = None
        final = timeline.final
        title = self.tr("Replay — %1").replace("%1", rules_text(final.rules.title))
        if source:
            title += f" ({elide(source, 50)})"
        if take_backs:
            title += " " + self.tr("(with take-backs)")
        self.setWindowTitle(title)

        self._docks: dict[str, QDockWidget] = {}
        self.scene = CityScene(final.rules, self)
        self.view = CityView(self.scene)
        self.view.setObjectName("ReplayCityView")
        self.setCentralWidget(self.view)
        # the plan or the city view, as the player last chose (F3 and the corner buttons switch it)
        self.view.install_view_actions(None)

        # players and hands
        self.hands_model = ReplayHandsModel(self.names, self.colours, self)
        self.hands_view = QTableView()
        self.hands_view.setObjectName("replayHands")
        self.hands_view.setModel(self.hands_model)
        self.hands_view.verticalHeader().setVisible(False)
        self.hands_view.setWordWrap(True)
        self.hands_view.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.hands_view.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.hands_view.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.hands_view.horizontalHeader().setStretchLastSection(True)
        self._dock("hands", self.tr("Players and hands"), self.hands_view, Qt.DockWidgetArea.RightDockWidgetArea)

        # the log: every line of the game, the current one selected
        self.log_model = LogModel(self, limit=ALL_ROWS)
        self.log_model.reset(replay_log(final, players) if log_rows is None else log_rows)
        self.log_view: QListView | QTableView
        if self.log_model.rowCount() > LOG_LIMIT:
            # a long game's log: a table of one-line rows of one height (the
            # tooltip has a whole line); a list view would measure every one
            # of a hundred thousand rows before it could show the current one
            table = QTableView()
            table.horizontalHeader().setVisible(False)
            table.horizontalHeader().setStretchLastSection(True)
            table.verticalHeader().setVisible(False)
            table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
            table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 6)
            table.setShowGrid(False)
            table.setWordWrap(False)
            table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
            self.log_view = table
        else:
            self.log_view = QListView()
            self.log_view.setWordWrap(True)
        self.log_view.setObjectName("replayLog")
        self.log_view.setModel(self.log_model)
        self.log_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.log_view.clicked.connect(self._log_clicked)
        self._dock("log", self.tr("Game log"), self.log_view, Qt.DockWidgetArea.RightDockWidgetArea)

        # the chart of the whole game, with a cursor
        self.history_model = ScoreHistoryModel(self)
        self.history_model.reset(self.names, self.colours, final.score_history)
        from bigcity_desktop.game.core.chart import ScoreChart, chart_points

        self.chart = ScoreChart(self.history_model)
        self.chart.setMinimumHeight(160)
        self._chart_xs = chart_points(final.score_history)[0]
        self._dock("chart", self.tr("Score history"), self.chart, Qt.DockWidgetArea.BottomDockWidgetArea)

        self._build_controls()
        self._build_analysis_panel()
        close = QAction(self.tr("Close"), self)
        close.setObjectName("replay_close")
        close.setShortcuts(QKeySequence.StandardKey.Close)
        close.triggered.connect(self.close)
        self.addAction(close)
        # Ctrl+0, as in the game window: the whole city (the view keeps fitting as the city grows)
        fit = QAction(self.tr("Fit the city"), self)
        fit.setObjectName("replay_fit")
        fit.setShortcut(QKeySequence("Ctrl+0"))
        fit.triggered.connect(self.fit_city)
        self.addAction(fit)
        self.fit_action = fit
        self.play_timer = QTimer(self)
        self.play_timer.timeout.connect(self._play_step)
        self.resize(1300, 860)
        right, bottom = Qt.Orientation.Horizontal, Qt.Orientation.Vertical
        self.resizeDocks([self._docks["hands"]], [380], right)
        self.resizeDocks([self._docks["hands"], self._docks["log"]], [170, 420], bottom)
        self.resizeDocks([self._docks["chart"]], [230], bottom)
        self.resizeDocks([self._docks["chart"], self._docks["analysis"]], [520, 780], right)
        self.set_position(0)
        QTimer.singleShot(0, self.fit_city)

    def fit_city(self) -> None:
        """Ctrl+0: the whole city of the position shown, a little table around it."""
        self.view.fit_city(REPLAY_MARGIN)

    # ---------------------------------------------------------------- layout
    def _dock(self, key: str, title: str, widget: QWidget, area) -> QDockWidget:
        d = QDockWidget(title, self)
        d.setObjectName(f"replay_{key}Dock")
        d.setWidget(widget)
        self.addDockWidget(area, d)
        self._docks[key] = d
        return d

    def _name(self, i: int) -> str:
        return elide(self.names[i]) if 0 <= i < len(self.names) else str(i)

    def _build_controls(self) -> None:
        bar = QToolBar(self.tr("Replay"), self)
        bar.setObjectName("replayToolbar")
        bar.setMovable(False)
        self.addToolBar(Qt.ToolBarArea.BottomToolBarArea, bar)
        self.nav: dict[str, QAction] = {}

        def act(key: str, icon, text: str, slot, keys: tuple[str, ...], tip: str) -> QAction:
            a = QAction(text, self)
            if icon is not None:
                a.setIcon(self.style().standardIcon(icon))
            a.setObjectName(f"replay_{key}")
            a.setShortcuts([QKeySequence(k) for k in keys])
            a.setToolTip(tip)
            a.triggered.connect(slot)
            bar.addAction(a)
            self.nav[key] = a
            return a

        sp = QStyle.StandardPixmap
        act(
            "first",
            sp.SP_MediaSkipBackward,
            self.tr("First"),
            self.first,
            ("Home",),
            self.tr("Start of the game (Home)"),
        )
        act(
            "prev",
            sp.SP_MediaSeekBackward,
            self.tr("Previous"),
            self.previous,
            ("Left",),
            self.tr("Previous decision (Left)"),
        )
        act("play", sp.SP_MediaPlay, self.tr("Play"), self.toggle_play, ("Space",), self.tr("Play / pause (Space)"))
        act("next", sp.SP_MediaSeekForward, self.tr("Next"), self.next, ("Right",), self.tr("Next decision (Right)"))
        act("last", sp.SP_MediaSkipForward, self.tr("Last"), self.last, ("End",), self.tr("End of the game (End)"))
        bar.addSeparator()
        act(
            "prev_round",
            None,
            self.tr("↑ Round"),
            self.previous_round,
            ("PgUp",),
            self.tr("Start of this or the previous round (Page Up)"),
        )
        act(
            "next_round",
            None,
            self.tr("Round ↓"),
            self.next_round,
            ("PgDown",),
            self.tr("Start of the next round (Page Down)"),
        )
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setObjectName("replaySlider")
        self.slider.setRange(0, self.timeline.length)
        self.slider.setMinimumWidth(140)  # room for the German position and Go at 1024 px
        self.slider.valueChanged.connect(self.set_position)
        bar.addWidget(self.slider)
        self.pos_label = QLabel()
        self.pos_label.setObjectName("replayPosition")
        self.pos_label.setMinimumWidth(200)
        bar.addWidget(self.pos_label)
        bar.addSeparator()
        bar.addWidget(QLabel(self.tr("Speed:")))
        self.speed = QComboBox()
        self.speed.setObjectName("replaySpeed")
        for label, ms in PLAY_SPEEDS:
            self.speed.addItem(self.tr("%1 a step").replace("%1", label), ms)
        self.speed.setCurrentIndex(1)
        self.speed.currentIndexChanged.connect(self._speed_changed)
        bar.addWidget(self.speed)
        bar.addSeparator()
        bar.addWidget(QLabel(self.tr("Round:")))
        self.round_box = QSpinBox()
        self.round_box.setObjectName("replayRound")
        self.round_box.setRange(1, max(1, self.timeline.last_round()))
        self.round_box.setToolTip(self.tr("Jump to the start of a round (Enter)"))
        self.round_box.editingFinished.connect(lambda: self.jump_to_round(self.round_box.value()))
        bar.addWidget(self.round_box)
        go = QPushButton(self.tr("Go"))
        go.setObjectName("replayRoundGo")
        go.clicked.connect(lambda: self.jump_to_round(self.round_box.value()))
        bar.addWidget(go)

    def _build_analysis_panel(self) -> None:
        box = QWidget()
        box.setObjectName("analysisPanel")
        lay = QVBoxLayout(box)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Analyse:")))
        self.player_checks: list[QCheckBox] = []
        humans = [i for i, p in enumerate(self.players) if p.kind == SeatKind.HUMAN]
        for i, name in enumerate(self.names):
            cb = QCheckBox(elide(name))
            cb.setObjectName(f"analysePlayer{i}")
            cb.setChecked(i in humans if humans else True)
            row.addWidget(cb)
            self.player_checks.append(cb)
        row.addStretch(1)
        self.analyze_button = QPushButton(self.tr("Analyze"))
        self.analyze_button.setObjectName("replayAnalyze")
        self.analyze_button.setToolTip(
            self.tr("The hard bot looks again at each main action of the ticked players, from their own view")
        )
        self.analyze_button.clicked.connect(lambda: self.start_analysis())
        row.addWidget(self.analyze_button)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setObjectName("replayAnalyzeCancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel_analysis)
        row.addWidget(self.cancel_button)
        lay.addLayout(row)
        self.progress = QProgressBar()
        self.progress.setObjectName("analysisProgress")
        self.progress.setVisible(False)
        lay.addWidget(self.progress)
        self.summary = QLabel(self.tr("Analyze to see where points were lost."))
        self.summary.setObjectName("analysisSummary")
        self.summary.setWordWrap(True)
        lay.addWidget(self.summary)
        self.show_all = QCheckBox(self.tr("Every analysed decision, in game order (not only the biggest mistakes)"))
        self.show_all.setObjectName("analysisShowAll")
        self.show_all.toggled.connect(self._fill_mistakes)
        lay.addWidget(self.show_all)
        self.mistakes_model = MistakesModel(self.names, self.colours, self)
        self.mistakes_view = QTableView()
        self.mistakes_view.setObjectName("mistakesView")
        self.mistakes_view.setModel(self.mistakes_model)
        self.mistakes_view.verticalHeader().setVisible(False)
        self.mistakes_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.mistakes_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.mistakes_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        hh = self.mistakes_view.horizontalHeader()
        for c in range(3):
            hh.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        hh.setStretchLastSection(True)
        self.mistakes_view.clicked.connect(self._mistake_clicked)
        self.mistakes_view.activated.connect(self._mistake_clicked)
        lay.addWidget(self.mistakes_view)
        self.analysis_dock = self._dock("analysis", self.tr("Analysis"), box, Qt.DockWidgetArea.BottomDockWidgetArea)

    # ---------------------------------------------------------------- position
    def set_position(self, k: int) -> None:
        k = max(0, min(int(k), self.timeline.length))
        if k == self.position:
            return
        if k == self.position + 1 and self.position >= 0:
            self.state.apply_unchecked(self.timeline.actions[self.position])
        else:
            self.state = self.timeline.state_at(k)
        self.position = k
        s = self.state
        self.scene.set_city(s.city, {i: QColor(c) for i, c in enumerate(self.colours)})
        self.scene.clear_selection()
        if k > 0:
            self._mark(self.timeline.actions[k - 1])
        self.hands_model.set_state(s)
        # the log: the last line written by now
        rows = self.timeline.event_counts[k]
        if rows > 0:
            idx = self.log_model.index(rows - 1, 0)
            self.log_view.setCurrentIndex(idx)
            self.log_view.scrollTo(idx, QAbstractItemView.ScrollHint.PositionAtCenter)
        else:
            self.log_view.clearSelection()
            self.log_view.setCurrentIndex(QModelIndex())
        entries = self.timeline.score_counts[k]
        self.chart.set_cursor(self._chart_xs[entries - 1] if entries > 0 else 0.0)
        self.slider.blockSignals(True)
        self.slider.setValue(k)
        self.slider.blockSignals(False)
        self.round_box.blockSignals(True)
        self.round_box.setValue(s.round)
        self.round_box.blockSignals(False)
        # two lines, so that it fits beside the slider at 1024 pixels in German too
        parts = self.position_parts()
        self.pos_label.setText("\n".join(parts))
        # as wide as its longest line: the tool bar gives a label no more than it asks for
        widest = max((self.pos_label.fontMetrics().horizontalAdvance(t) for t in parts), default=0)
        self.pos_label.setMinimumWidth(max(200, widest + 2))
        self.pos_label.setAccessibleName(self.position_text())
        self.nav["first"].setEnabled(k > 0)
        self.nav["prev"].setEnabled(k > 0)
        self.nav["prev_round"].setEnabled(k > 0)
        self.nav["next"].setEnabled(k < self.timeline.length)
        self.nav["last"].setEnabled(k < self.timeline.length)
        self.nav["next_round"].setEnabled(k < self.timeline.length)
        if k >= self.timeline.length and self.play_timer.isActive():
            self.pause()
        self.positionChanged.emit(k)

    def position_parts(self) -> tuple[str, str]:
        """Where the replay stands ("Decision 3 of 59, round 1") and who is to play."""
        s, k, n = self.state, self.position, self.timeline.length
        where = self.tr("Decision %1 of %2, round %3").replace("%1", str(k)).replace("%2", str(n))
        where = where.replace("%3", str(s.round))
        if s.is_over:
            return where, self.tr("game over")
        name = self._name(s.current_player)
        if presenters.is_you(name):
            return where, self.tr("you to play")
        return where, self.tr("%1 to play").replace("%1", name)

    def position_text(self) -> str:
        return ": ".join(self.position_parts())

    def _mark(self, action) -> None:
        """Outline what the last action touched on the board."""
        if isinstance(action, Build):
            self.scene.select(action.properties)
        elif isinstance(action, PlaceStreetcar):
            self.scene.select(streets=[action.street])
        elif isinstance(action, PlaceTile):
            cells = tile_cells(self.state.rules, action.number, action.x, action.y, action.rotation).values()
            self.scene.select(list(cells))

    def first(self) -> None:
        self.set_position(0)

    def last(self) -> None:
        self.set_position(self.timeline.length)

    def next(self) -> None:
        self.set_position(self.position + 1)

    def previous(self) -> None:
        self.set_position(self.position - 1)

    def jump_to_round(self, rnd: int) -> None:
        self.set_position(self.timeline.first_of_round(int(rnd)))

    def next_round(self) -> None:
        self.jump_to_round(self.timeline.round_of(self.position) + 1)

    def previous_round(self) -> None:
        rnd = self.timeline.round_of(self.position)
        start = self.timeline.first_of_round(rnd)
        self.set_position(start if start < self.position else self.timeline.first_of_round(max(1, rnd - 1)))

    def _log_clicked(self, index) -> None:
        self.set_position(self.timeline.position_of_event(index.row()))

    # ---------------------------------------------------------------- play
    def toggle_play(self) -> None:
        if self.play_timer.isActive():
            self.pause()
        else:
            self.play()

    def play(self) -> None:
        if self.position >= self.timeline.length:
            self.set_position(0)
        self.play_timer.start(int(self.speed.currentData()))
        self.nav["play"].setIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_MediaPause))
        self.nav["play"].setText(self.tr("Pause"))

    def pause(self) -> None:
        self.play_timer.stop()
        self.nav["play"].setIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_MediaPlay))
        self.nav["play"].setText(self.tr("Play"))

    @property
    def playing(self) -> bool:
        return self.play_timer.isActive()

    def _play_step(self) -> None:
        if self.position >= self.timeline.length:
            self.pause()
        else:
            self.next()

    def _speed_changed(self) -> None:
        if self.play_timer.isActive():
            self.play_timer.setInterval(int(self.speed.currentData()))

    # ---------------------------------------------------------------- analysis
    def chosen_players(self) -> list[int]:
        return [i for i, cb in enumerate(self.player_checks) if cb.isChecked()]

    def start_analysis(self, players: list[int] | None = None) -> bool:
        """Analyse the ticked players (or `players`) on a worker. False if
        one runs already or nobody is ticked."""
        if self.analysis_job is not None:
            return False
        if players is not None:
            for i, cb in enumerate(self.player_checks):
                cb.setChecked(i in players)
        chosen = self.chosen_players()
        if not chosen:
            self.summary.setText(self.tr("Tick at least one player to analyse."))
            return False
        from bigcity_desktop.bots.analysis import analyse

        final = self.timeline.final.clone()
        start = self.timeline.start.clone()
        names = list(self.names)
        job = WorkJob(lambda report: analyse(final, chosen, report, names=names, start=start), self)
        self.analysis_job = job
        self.analysis_dock.show()
        self.analysis_dock.raise_()
        self.progress.setRange(0, 0)
        self.progress.setValue(0)
        self.progress.setVisible(True)
        self.analyze_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.summary.setText(self.tr("The hard bot is looking at every main action…"))
        job.progress.connect(self._analysis_progress)
        job.done.connect(self._analysis_done)
        job.failed.connect(self._analysis_failed)
        job.start()
        return True

    def cancel_analysis(self) -> None:
        if self.analysis_job is not None:
            self.analysis_job.cancel()
            self.cancel_button.setEnabled(False)
            self.summary.setText(self.tr("Cancelling…"))

    def _analysis_progress(self, done: int, total: int) -> None:
        if total:
            self.progress.setRange(0, total)
            self.progress.setValue(done)
            self.progress.setFormat(self.tr("decision %1 of %2").replace("%1", str(done)).replace("%2", str(total)))

    def _analysis_ended(self) -> None:
        job, self.analysis_job = self.analysis_job, None
        if job is not None:
            job.deleteLater()
        self.progress.setVisible(False)
        self.analyze_button.setEnabled(True)
        self.cancel_button.setEnabled(False)

    def _analysis_done(self, result) -> None:
        self._analysis_ended()
        self.show_analysis(result)
        self.analysisFinished.emit()

    def _analysis_failed(self, text: str) -> None:
        job = self.analysis_job
        cancelled = job is not None and job.cancelled.is_set()
        self._analysis_ended()
        if cancelled:
            self.summary.setText(self.tr("The analysis was cancelled."))
        else:
            self.summary.setText(self.tr("The analysis failed: %1").replace("%1", presenters.sentence(text)))
        self.analysisFinished.emit()

    def show_analysis(self, result) -> None:
        self.analysis = result
        parts = []
        for p in result.players:
            line = self.tr("%1: about %2 points lost in %3 main actions, %4 mistakes")
            line = line.replace("%1", self._name(p.player)).replace("%2", f"{p.total_loss:.0f}")
            line = line.replace("%3", str(p.decisions)).replace("%4", str(p.mistakes))
            if p.decisive:
                line += self.tr(" (%1 probably cost the win)").replace("%1", str(p.decisive))
            parts.append(line)
        self.summary.setText("; ".join(parts) + ". " + self.tr("Click a mistake to see it on the board."))
        self._fill_mistakes()
        self.chart.set_losses(result.loss_by_round(), self.colours)

    def _fill_mistakes(self, *_args) -> None:
        """The table: the 50 biggest mistakes, or every decision in game order."""
        result = self.analysis
        if result is None:
            return
        decisions = result.decisions if self.show_all.isChecked() else result.worst(50)
        rows = [
            (d.round, d.player, -1.0 if d.decisive else d.loss, engine_text(result.sentence(d)), d.index)
            for d in decisions
        ]
        self.mistakes_model.set_rows(rows)

    def _mistake_clicked(self, index) -> None:
        """Jump to the position before the move, and outline the better move
        on the board (issue 25.10: it was named only in words)."""
        pos = self.mistakes_model.data(index, MistakesModel.PositionRole)
        if pos is not None:
            self.pause()
            self.set_position(int(pos))
            text = str(self.mistakes_model.data(self.mistakes_model.index(index.row(), 3)))
            best = self.better_move(int(pos))
            if best is not None and best != self.timeline.actions[int(pos)]:
                self.scene.clear_selection()
                self._mark(best)
                if self.scene.has_selection():
                    text += " " + self.tr("The better move is outlined on the board.")
            self.statusBar().showMessage(text)

    def better_move(self, position: int) -> Action | None:
        """The analysis' best move at `position` (None where it looked at none)."""
        if self.analysis is None:
            return None
        return next((d.best for d in self.analysis.decisions if d.index == position), None)

    def closeEvent(self, event) -> None:
        self.pause()
        if self.analysis_job is not None:
            self.analysis_job.cancel()
        super().closeEvent(event)


# ------------------------------------------------------------------ opening
def names_and_colours(players: list[PlayerInfo]) -> tuple[list[str], list[str]]:
    """The players' names and colours (a default colour for one without)."""
    return [p.name for p in players], [
        p.colour or DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)] for i, p in enumerate(players)
    ]


def replay_log(final: GameState, players: list[PlayerInfo]) -> list[LogRow]:
    """Every line of a game's log, as the replay window shows it; thread-safe
    (the loading worker makes a long game's)."""
    names, colours = names_and_colours(players)

    def name(i: int) -> str:
        return elide(names[i]) if 0 <= i < len(names) else str(i)

    return presenters.log_lines(final.events, name, lambda i: colours[i % len(colours)])


def replay_of_state(state: GameState, players: list[PlayerInfo], take_backs: int = 0, parent=None) -> ReplayWindow:
    """A replay of a game in memory (the finished game of the main window)."""
    return ReplayWindow(Timeline.build(state.clone()), players, take_backs, "", parent)


def load_replay_job(path: Path, parent=None) -> WorkJob:
    """A job that reads a record and builds its timeline; its result is
    (LoadedGame, Timeline, the log's rows)."""

    def work(report: Callable[[int, int], bool]):
        def half(offset: int):
            return lambda done, total: report(offset + done, 2 * total)

        game = read_record(path, progress=half(0), player_kinds=PLAYER_KINDS)
        timeline = Timeline.build(game.state, progress=lambda d, t: report(t + d, 2 * t))
        return game, timeline, replay_log(timeline.final, game.players)

    return WorkJob(work, parent)
