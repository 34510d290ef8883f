"""Game → Statistics: each human name's record at this computer.

:class:`RecordStore` keeps the data folder's ``statistics.json`` (see
:mod:`bigcity_desktop.session.statistics`): every finished game adds its
humans' entries (:meth:`RecordStore.add_finished`), read afresh and written
atomically each time, so two windows never lose each other's games. A
damaged file is moved aside (never overwritten), the player is told once,
and a new record begins with the next game. :class:`StatisticsDialog` shows
one name's games against each bot level and edition, the best and mean
score, the longest game, City Hall and a chart of the scores over time.
"""

from __future__ import annotations

import html
import time
from pathlib import Path

from PySide6.QtCore import QAbstractTableModel, QLocale, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from bigcity_desktop.game.core.controller import level_label
from bigcity_desktop.game.core.wording import is_you
from bigcity_desktop.i18n import current_language, rules_text, translate
from bigcity_desktop.scene import style as S
from bigcity_desktop.session import autosave as autosave_mod
from bigcity_desktop.session.statistics import (
    FILE_NAME,
    HUMAN,
    GameEntry,
    LevelLine,
    PlayerRecord,
    StatisticsError,
    Summary,
    entries_for,
    read_statistics,
    summary,
    write_statistics,
)

_Index = QModelIndex | QPersistentModelIndex


def edition_label(edition: str, title: str = "") -> str:
    """ "the original edition", "the jumbo edition", or a house-rules title."""
    if edition == "original":
        return translate("Statistics", "the original edition")
    if edition == "jumbo":
        return translate("Statistics", "the jumbo edition")
    return rules_text(title or edition)


def edition_column(edition: str, title: str = "") -> str:
    if edition == "original":
        return translate("Statistics", "Original")
    if edition == "jumbo":
        return translate("Statistics", "Jumbo")
    return rules_text(title or edition)


def opponent_label(level: str) -> str:
    return translate("Statistics", "humans only") if level == HUMAN else level_label(level)


class RecordStore:
    """The data folder's record file, read afresh for every change."""

    def __init__(self, path: Path | None = None):
        self._path = path

    @property
    def path(self) -> Path:
        """The given file, else the data folder's (of the profile played now)."""
        return self._path or autosave_mod.data_dir() / FILE_NAME

    def load(self) -> tuple[PlayerRecord, str | None]:
        """The record, and a sentence for the player when the file was
        damaged (it is then kept beside as ``statistics.damaged-….json``
        and the record starts anew)."""
        try:
            return read_statistics(self.path), None
        except StatisticsError as exc:
            kept = self.path.with_name(f"{self.path.stem}.damaged-{time.strftime('%Y%m%d-%H%M%S')}.json")
            try:
                self.path.replace(kept)
            except OSError as err:
                return PlayerRecord(), translate(
                    "Statistics", "Your statistics file {file} cannot be read ({reason}) nor moved aside ({error})."
                ).format(file=str(self.path), reason=str(exc), error=err.strerror or str(err))
            return PlayerRecord(), translate(
                "Statistics",
                "Your statistics file could not be read ({reason}); it was kept as {file} and a new record begins.",
            ).format(reason=str(exc), file=str(kept))

    def add(self, entries: list[GameEntry]) -> tuple[list[GameEntry], str | None]:
        """Add finished games; the entries that are a name's best score in
        their edition, and a sentence when something went wrong."""
        record, notice = self.load()
        best = [e for e in entries if record.add(e)]
        try:
            write_statistics(self.path, record)
        except OSError as exc:
            notice = translate("Statistics", "The game could not be added to your statistics: {reason}").format(
                reason=exc.strerror or str(exc)
            )
        return best, notice

    def add_finished(self, ctrl) -> tuple[list[str], str | None]:
        """The game `ctrl` just finished goes into the record (when it was
        played here): the results dialog's lines ("Your best score in the
        jumbo edition!") and a sentence for the status bar, or None."""
        if not ctrl.finished_here():
            return [], None
        entries = entries_for(
            ctrl.session.view(),
            ctrl.session.players,
            ctrl.record_seats(),
            ctrl.game_key(),
            network=ctrl.session.traits.leaves,
        )
        if not entries:
            return [], None
        best, notice = self.add(entries)
        return [best_line(e, hot_seat=len(entries) > 1) for e in best], notice


def best_line(entry: GameEntry, hot_seat: bool = False) -> str:
    edition = edition_label(entry.edition, entry.title)
    if hot_seat and not is_you(entry.name):
        return translate("Statistics", "{name}'s best score in {edition}!").format(name=entry.name, edition=edition)
    return translate("Statistics", "Your best score in {edition}!").format(edition=edition)


# ---------------------------------------------------------------- the dialog


class LevelTableModel(QAbstractTableModel):
    """Games and wins against each bot level in each edition."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._lines: list[LevelLine] = []

    def set_lines(self, lines: list[LevelLine]) -> None:
        self.beginResetModel()
        self._lines = list(lines)
        self.endResetModel()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._lines)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else 4

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole or not 0 <= section < 4:
            return None
        return (
            translate("Statistics", "Edition"),
            translate("Statistics", "Against"),
            translate("Statistics", "Played"),
            translate("Statistics", "Won"),
        )[section]

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._lines):
            return None
        line = self._lines[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return edition_column(line.edition, line.title)
            if col == 1:
                return opponent_label(line.level)
            return str(line.played if col == 2 else line.won)
        if role == Qt.ItemDataRole.TextAlignmentRole and col >= 2:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def lines(self) -> list[LevelLine]:
        return list(self._lines)


class StatisticsDialog(QDialog):
    """Game → Statistics: a name's record (the name of the last game first)."""

    def __init__(self, store: RecordStore | None = None, parent=None, name: str | None = None):
        super().__init__(parent)
        self.setObjectName("StatisticsDialog")
        self.setWindowTitle(translate("Statistics", "Statistics"))
        self.store = store or RecordStore()
        self.record, notice = self.store.load()
        lay = QVBoxLayout(self)
        self.notice = QLabel(notice or "")
        self.notice.setObjectName("statisticsNotice")
        self.notice.setWordWrap(True)
        self.notice.setVisible(bool(notice))
        lay.addWidget(self.notice)
        top = QHBoxLayout()
        who = QLabel(translate("Statistics", "&Player:"))
        self.names = QComboBox()
        self.names.setObjectName("statisticsName")
        who.setBuddy(self.names)
        for n in self.record.names():
            self.names.addItem(n, n)
        top.addWidget(who)
        top.addWidget(self.names, 1)
        lay.addLayout(top)
        self.empty = QLabel(
            translate("Statistics", "No finished games yet. Every game you finish here is added to your record.")
        )
        self.empty.setObjectName("statisticsEmpty")
        self.empty.setWordWrap(True)
        lay.addWidget(self.empty)

        self.body = QWidget()
        body = QHBoxLayout(self.body)
        body.setContentsMargins(0, 0, 0, 0)
        left = QVBoxLayout()
        form = QFormLayout()
        self.figures: dict[str, QLabel] = {}
        for key, label in (
            ("played", translate("Statistics", "Games played:")),
            ("won", translate("Statistics", "Games won:")),
            ("best", translate("Statistics", "Best score:")),
            ("mean", translate("Statistics", "Mean score:")),
            ("longest", translate("Statistics", "Longest game:")),
            ("city_halls", translate("Statistics", "City Hall built:")),
        ):
            value = QLabel()
            value.setObjectName(f"statistics_{key}")
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            form.addRow(label, value)
            self.figures[key] = value
        left.addLayout(form)
        self.model = LevelTableModel(self)
        self.table = QTableView()
        self.table.setObjectName("statisticsTable")
        self.table.setModel(self.model)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.setAccessibleName(translate("Statistics", "Games against each bot level"))
        left.addWidget(self.table, 1)
        body.addLayout(left, 2)

        import pyqtgraph as pg

        self.plot = pg.PlotWidget(background=S.scheme().chart)
        self.plot.setObjectName("statisticsPlot")
        self.plot.setAccessibleName(translate("Statistics", "Scores over time"))
        self.plot.showGrid(x=True, y=True, alpha=0.25)
        self.plot.setLabel("bottom", translate("Statistics", "game"))
        self.plot.setLabel("left", translate("Statistics", "score"))
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        self.plot.setMinimumWidth(260)
        self.legend = QLabel()
        self.legend.setObjectName("statisticsLegend")
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        right = QVBoxLayout()
        right.addWidget(QLabel(translate("Statistics", "<b>Scores over time</b>")))
        right.addWidget(self.legend)
        right.addWidget(self.plot, 1)
        body.addLayout(right, 3)
        lay.addWidget(self.body, 1)
        self.curves: list = []
        self._axes_in_scheme()

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.names.currentIndexChanged.connect(self._show)
        if name is not None and self.names.findData(name) >= 0:
            self.names.setCurrentIndex(self.names.findData(name))
        self._show()
        self.resize(860, 480)

    def _axes_in_scheme(self) -> None:
        from bigcity_desktop.game.core.chart import plot_in_scheme

        plot_in_scheme(self.plot)

    def restyle(self) -> None:
        """The colour scheme changed (scene/style.py): the chart's ground and axes follow."""
        self._axes_in_scheme()

    def _show(self, *_args) -> None:
        name = self.names.currentData()
        has = isinstance(name, str)
        self.empty.setVisible(not has)
        self.body.setVisible(has)
        self.names.setEnabled(has)
        if not has:
            return
        self.show_summary(summary(self.record, name))

    def show_summary(self, s: Summary) -> None:
        self.summary = s
        f = self.figures
        f["played"].setText(str(s.played))
        f["won"].setText(
            translate("Statistics", "{won} ({share} %)").format(
                won=s.won, share=round(100 * s.won / s.played) if s.played else 0
            )
        )
        f["best"].setText("\u2013" if s.best is None else str(s.best))
        f["mean"].setText("\u2013" if s.mean is None else QLocale(current_language()).toString(s.mean, "f", 1))
        f["longest"].setText(
            translate("Statistics", "1 round")
            if s.longest == 1
            else translate("Statistics", "{n} rounds").format(n=s.longest)
        )
        f["city_halls"].setText(
            translate("Statistics", "in {n} of {played} games").format(n=s.city_halls, played=s.played)
        )
        self.model.set_lines(s.lines)
        self._chart(s)

    def _chart(self, s: Summary) -> None:
        import pyqtgraph as pg

        for c in self.curves:
            self.plot.removeItem(c)
        self.curves = []
        editions: dict[str, list[tuple[int, int]]] = {}
        for i, (_when, edition, score) in enumerate(s.scores):
            editions.setdefault(edition, []).append((i + 1, score))
        colours = list(S.PALETTES["standard"])
        symbols = ["o", "t", "s", "d", "star"]
        entries = []
        titles = {line.edition: line.title for line in s.lines}
        for k, (edition, points) in enumerate(sorted(editions.items(), key=lambda e: (e[0] != "original", e[0]))):
            colour = colours[k % len(colours)]
            curve = self.plot.plot(
                [x for x, _ in points],
                [y for _, y in points],
                pen=pg.mkPen(colour, width=2),
                symbol=symbols[k % len(symbols)],
                symbolBrush=colour,
                symbolSize=7,
            )
            self.curves.append(curve)
            entries.append(
                f'<span style="color:{colour}; font-weight:bold">\u25cf</span>&nbsp;'
                f"{html.escape(edition_column(edition, titles.get(edition, '')))}"
            )
        self.legend.setText("&nbsp;&nbsp;&nbsp;".join(entries))
        count = max(2, len(s.scores))
        self.plot.setXRange(0.5, count + 0.5, padding=0)
        # games are counted: whole numbers only, about eight of them along the axis
        step = max(1, -(-count // 8))
        self.plot.getAxis("bottom").setTicks([[(n, str(n)) for n in range(1, count + 1, step)], []])
        top = max((sc for _w, _e, sc in s.scores), default=0)
        self.plot.setYRange(0, max(10, top), padding=0.05)

    def series(self) -> list[tuple[list[float], list[float]]]:
        """The chart's lines (for tests)."""
        from bigcity_desktop.game.core.chart import curve_series

        return curve_series(self.curves)
