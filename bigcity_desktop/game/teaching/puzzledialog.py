"""Game → Puzzles…: the bundled city puzzles (and any opened from a file),
by edition and difficulty, the solved ones ticked; Play or Show me loads
one into the game window (:class:`~.lessons.PuzzleLesson`)."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from bigcity_desktop import filedirs
from bigcity_desktop.i18n import current_language, rules_text, translate
from bigcity_desktop.learn import Progress, Puzzle, PuzzleError, bundled_puzzles, load_puzzle
from bigcity_desktop.learn.common import LearnError
from bigcity_desktop.learn.puzzle import LeadAfter, WinWithin

from .puzzlelesson import goal_text, stars

PuzzleRole = Qt.ItemDataRole.UserRole + 20

_bundled: list[Puzzle] | None = None


def bundled() -> list[Puzzle]:
    """The bundled puzzles, loaded (and checked) once."""
    global _bundled
    if _bundled is None:
        _bundled = sorted(bundled_puzzles(), key=lambda p: (p.edition != "original", p.edition, p.difficulty, p.source))
    return list(_bundled)


def value_text(puzzle: Puzzle, value: int) -> str:
    """A value the goal measures, as a list shows it: points, or a lead."""
    if isinstance(puzzle.goal, (LeadAfter, WinWithin)):
        return translate("Puzzles", "a lead of {n}").format(n=value)
    return translate("Puzzles", "{n} points").format(n=value)


def edition_label(edition: str) -> str:
    return {
        "original": translate("Puzzles", "Original"),
        "jumbo": translate("Puzzles", "Jumbo"),
    }.get(edition, edition)


class PuzzleListModel(QAbstractTableModel):
    """One row a puzzle: solved, title, edition, difficulty, best (yours / known)."""

    COLUMNS = 5

    def __init__(self, parent: Any = None):
        super().__init__(parent)
        self._puzzles: list[Puzzle] = []
        self._solved: dict[str, int] = {}

    def set_puzzles(self, puzzles: list[Puzzle], solved: dict[str, int]) -> None:
        self.beginResetModel()
        self._puzzles = list(puzzles)
        self._solved = dict(solved)
        self.endResetModel()

    def puzzle(self, row: int) -> Puzzle | None:
        return self._puzzles[row] if 0 <= row < len(self._puzzles) else None

    def puzzles(self) -> list[Puzzle]:
        return list(self._puzzles)

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._puzzles)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else self.COLUMNS

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        if not 0 <= section < self.COLUMNS:
            return None
        return (
            translate("Puzzles", "Solved"),
            translate("Puzzles", "Puzzle"),
            translate("Puzzles", "Edition"),
            translate("Puzzles", "Difficulty"),
            translate("Puzzles", "Best"),
        )[section]

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._puzzles):
            return None
        p = self._puzzles[index.row()]
        col = index.column()
        mine = self._solved.get(p.id)
        if role == PuzzleRole:
            return p.id
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            if col == 0:
                if role == Qt.ItemDataRole.AccessibleTextRole:
                    return translate("Puzzles", "solved") if mine is not None else translate("Puzzles", "not solved")
                return "✓" if mine is not None else ""
            if col == 1:
                return p.title.get(current_language())
            if col == 2:
                return edition_label(p.edition)
            if col == 3:
                if role == Qt.ItemDataRole.AccessibleTextRole:
                    return translate("Puzzles", "{n} of 5").format(n=p.difficulty)
                return stars(p.difficulty)
            if col == 4:
                known = str(p.best)
                return f"{mine} / {known}" if mine is not None else known
        if role == Qt.ItemDataRole.ToolTipRole:
            if col == 4:
                if mine is not None:
                    return translate("Puzzles", "Your best: {mine}; the best known: {best}").format(
                        mine=value_text(p, mine), best=value_text(p, p.best)
                    )
                return translate("Puzzles", "The best known: {best}").format(best=value_text(p, p.best))
            return p.description.get(current_language())
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (0, 3, 4):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None


class PuzzlesDialog(QDialog):
    """The puzzles (see the module text). ``playRequested(puzzle, show)``:
    play it (``show``: and show its answer)."""

    playRequested = Signal(object, bool)

    def __init__(self, progress: Progress, parent: QWidget | None = None, settings: Any = None):
        super().__init__(parent)
        self.setObjectName("PuzzlesDialog")
        self.setWindowTitle(translate("Puzzles", "Puzzles"))
        self.progress = progress
        self.settings = settings
        self.opened: list[Puzzle] = []  # puzzles opened from files in this session
        lay = QVBoxLayout(self)
        intro = QLabel(
            translate(
                "Puzzles",
                "Each puzzle is a position with a goal: reach it with your next moves. The other player "
                "answers the same way every time. Solved puzzles are ticked.",
            )
        )
        intro.setWordWrap(True)
        lay.addWidget(intro)
        row = QHBoxLayout()
        row.addWidget(QLabel(translate("Puzzles", "Edition:")))
        self.edition = QComboBox()
        self.edition.setObjectName("puzzleEdition")
        self.edition.addItem(translate("Puzzles", "All editions"), "")
        self.edition.addItem(edition_label("original"), "original")
        self.edition.addItem(edition_label("jumbo"), "jumbo")
        self.edition.setAccessibleName(translate("Puzzles", "Edition"))
        row.addWidget(self.edition)
        row.addStretch(1)
        self.count = QLabel()
        self.count.setObjectName("puzzleCount")
        row.addWidget(self.count)
        lay.addLayout(row)
        self.model = PuzzleListModel(self)
        self.table = QTableView()
        self.table.setObjectName("PuzzleTable")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)
        self.table.verticalHeader().setVisible(False)
        self.table.setAccessibleName(translate("Puzzles", "Puzzles"))
        h = self.table.horizontalHeader()
        h.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        h.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self.show_details())
        self.table.activated.connect(lambda _ix: self.play())
        self.table.doubleClicked.connect(lambda _ix: self.play())
        lay.addWidget(self.table, 1)
        self.details = QLabel()
        self.details.setObjectName("puzzleDetails")
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setMinimumHeight(90)
        self.details.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        lay.addWidget(self.details)
        buttons = QDialogButtonBox()
        self.play_button = QPushButton(translate("Puzzles", "&Play"))
        self.play_button.setObjectName("playPuzzleButton")
        self.play_button.setDefault(True)
        self.show_button = QPushButton(translate("Puzzles", "&Show me"))
        self.show_button.setObjectName("showPuzzleButton")
        self.show_button.setToolTip(translate("Puzzles", "Play the best-known answer move by move on the board"))
        self.open_button = QPushButton(translate("Puzzles", "&Open puzzle file…"))
        self.open_button.setObjectName("openPuzzleButton")
        buttons.addButton(self.play_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.show_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.open_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.play_button.clicked.connect(self.play)
        self.show_button.clicked.connect(lambda: self.play(show=True))
        self.open_button.clicked.connect(self.open_dialog)
        lay.addWidget(buttons)
        self.edition.currentIndexChanged.connect(self.fill)
        self.resize(640, 520)
        self.fill()
        self.table.setFocus()

    def puzzles(self) -> list[Puzzle]:
        """The puzzles listed for the chosen edition, in order."""
        edition = self.edition.currentData() or ""
        every = bundled() + self.opened
        return [p for p in every if not edition or p.edition == edition]

    def fill(self) -> None:
        keep = self.current()
        self.model.set_puzzles(self.puzzles(), self.progress.solved)
        row = 0
        if keep is not None:
            ids = [p.id for p in self.model.puzzles()]
            row = ids.index(keep.id) if keep.id in ids else 0
        else:  # the first puzzle not solved yet
            for i, p in enumerate(self.model.puzzles()):
                if p.id not in self.progress.solved:
                    row = i
                    break
        if self.model.rowCount():
            self.table.selectRow(row)
            self.table.setCurrentIndex(self.model.index(row, 1))
        solved = sum(1 for p in self.model.puzzles() if p.id in self.progress.solved)
        self.count.setText(
            translate("Puzzles", "{solved} of {n} solved").format(solved=solved, n=self.model.rowCount())
        )
        self.show_details()

    def current(self) -> Puzzle | None:
        ix = self.table.currentIndex() if hasattr(self, "table") else QModelIndex()
        return self.model.puzzle(ix.row()) if ix.isValid() else None

    def following(self, puzzle: Puzzle) -> Puzzle | None:
        """The puzzle after `puzzle` in the list (for Next puzzle)."""
        ids = [p.id for p in self.model.puzzles()]
        if puzzle.id in ids and ids.index(puzzle.id) + 1 < len(ids):
            return self.model.puzzles()[ids.index(puzzle.id) + 1]
        return None

    def show_details(self) -> None:
        p = self.current()
        self.play_button.setEnabled(p is not None)
        self.show_button.setEnabled(p is not None)
        if p is None:
            self.details.setText("")
            return
        lang = current_language()
        mine = self.progress.solved.get(p.id)
        best = translate("Puzzles", "The best known: {best}.").format(best=value_text(p, p.best))
        if mine is not None:
            best += " " + translate("Puzzles", "Yours: {mine}.").format(mine=value_text(p, mine))
        self.details.setText(
            f"<b>{html.escape(p.title.get(lang))}</b> &nbsp; {stars(p.difficulty)} &nbsp; "
            f"<span style='color:#666'>{html.escape(rules_text(p.rules.title))}</span>"
            f"<p>{html.escape(p.description.get(lang))}</p>"
            f"<p><b>{html.escape(goal_text(p))}</b> {html.escape(best)}</p>"
        )

    def play(self, show: bool = False) -> None:
        p = self.current()
        if p is None:
            return
        self.accept()
        self.playRequested.emit(p, bool(show))

    def open_dialog(self) -> None:  # pragma: no cover - interactive
        start = str(filedirs.start_dir("puzzles", self.settings))
        path, _ = QFileDialog.getOpenFileName(
            self,
            translate("Puzzles", "Open puzzle"),
            start,
            translate("Puzzles", "Big City puzzles (*.json);;All files (*)"),
        )
        if path:
            filedirs.remember("puzzles", path, self.settings)
            self.open_file(Path(path))

    def open_file(self, path: Path) -> Puzzle | None:
        """Add a puzzle file to the list and choose it; a message box when it is no puzzle."""
        try:
            puzzle = load_puzzle(path)
        except (PuzzleError, LearnError, OSError) as exc:
            box = QMessageBox(
                QMessageBox.Icon.Warning,
                translate("Puzzles", "Cannot open the puzzle"),
                translate("Puzzles", "{file} is not a puzzle this program can play: {reason}").format(
                    file=path.name, reason=exc
                ),
                QMessageBox.StandardButton.Ok,
                self,
            )
            box.setObjectName("puzzleErrorBox")
            self.error_box = box
            box.open()
            return None
        known = {p.id: p for p in bundled()}
        if puzzle.id in known:  # a bundled puzzle's own file: that row
            puzzle = known[puzzle.id]
        else:
            self.opened = [p for p in self.opened if p.id != puzzle.id] + [puzzle]
        if self.edition.currentData() not in ("", puzzle.edition):
            self.edition.setCurrentIndex(0)
        self.fill()
        ids = [p.id for p in self.model.puzzles()]
        row = len(ids) - 1 - ids[::-1].index(puzzle.id)
        self.table.selectRow(row)
        self.table.setCurrentIndex(self.model.index(row, 1))
        return puzzle
