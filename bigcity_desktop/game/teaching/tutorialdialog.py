"""The tutorials' dialog (Help → Tutorial) and the making of a tutorial's or
a puzzle's lesson: the learning code :class:`.learning.LessonsPart` loads
when a lesson is first asked for (not at start-up)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from bigcity_desktop.i18n import current_language, translate
from bigcity_desktop.learn import Progress, Puzzle, PuzzleRun, Tutorial, TutorialError, TutorialRun, load_tutorial
from bigcity_desktop.session.scripted import PuzzleSession, TutorialSession

from .puzzlelesson import PuzzleLesson
from .tutoriallesson import TutorialLesson

if TYPE_CHECKING:
    from collections.abc import Callable

    from bigcity_desktop.game.tabletop.stage import Stage

    from .lesson import LessonHost
    from .progress import ProgressStore

#: the bundled tutorials, in the order they are offered
TUTORIALS = ("original", "jumbo")
_tutorials: dict[str, Tutorial] = {}


def tutorial(tid: str) -> Tutorial:
    """A bundled tutorial, loaded (and checked) once; TutorialError if it cannot be used."""
    if tid not in _tutorials:
        _tutorials[tid] = load_tutorial(tid)
    return _tutorials[tid]


class TutorialDialog(QDialog):
    """Help → Tutorial: the tutorials, how far you got in each; Start, Resume, Start again."""

    def __init__(self, progress: Progress, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("TutorialDialog")
        self.setWindowTitle(translate("Learning", "Tutorial"))
        self.progress = progress
        self.choice: tuple[str, bool] | None = None  # (tutorial id, from the start)
        lay = QVBoxLayout(self)
        intro = QLabel(
            translate(
                "Learning",
                "Learn Big City by playing: a coach shows every step, and only the move being taught "
                "can be made. You can leave at any time and go on later where you left off.",
            )
        )
        intro.setWordWrap(True)
        lay.addWidget(intro)
        self.list = QListWidget()
        self.list.setObjectName("TutorialList")
        self.list.setAccessibleName(translate("Learning", "Tutorials"))
        lay.addWidget(self.list, 1)
        self.summary = QLabel()
        self.summary.setObjectName("tutorialSummary")
        self.summary.setWordWrap(True)
        self.summary.setMinimumHeight(60)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        lay.addWidget(self.summary)
        box = QDialogButtonBox()
        self.start_button = QPushButton()
        self.start_button.setObjectName("startTutorialButton")
        self.start_button.setDefault(True)
        self.again_button = QPushButton(translate("Learning", "Start &again"))
        self.again_button.setObjectName("restartTutorialButton")
        box.addButton(self.start_button, QDialogButtonBox.ButtonRole.AcceptRole)
        box.addButton(self.again_button, QDialogButtonBox.ButtonRole.ActionRole)
        box.addButton(QDialogButtonBox.StandardButton.Cancel)
        box.rejected.connect(self.reject)
        self.start_button.clicked.connect(lambda: self._choose(False))
        self.again_button.clicked.connect(lambda: self._choose(True))
        lay.addWidget(box)
        lang = current_language()
        self.errors: dict[str, str] = {}
        for tid in TUTORIALS:
            try:
                t = tutorial(tid)
            except TutorialError as exc:
                self.errors[tid] = str(exc)
                it = QListWidgetItem(translate("Learning", "{name} (cannot be used)").format(name=tid))
            else:
                it = QListWidgetItem(
                    translate("Learning", "{title} — about {minutes} minutes").format(
                        title=t.title.get(lang), minutes=t.minutes
                    )
                    + "   "
                    + self.status(t)
                )
            it.setData(Qt.ItemDataRole.UserRole, tid)
            self.list.addItem(it)
        self.list.currentRowChanged.connect(lambda _row: self._chosen())
        self.list.itemActivated.connect(lambda _it: self._choose(False))
        self.list.setCurrentRow(self._first_row())
        self.resize(520, 340)
        self.list.setFocus()

    def status(self, t: Tutorial) -> str:
        saved = self.progress.tutorial_progress(t.id)
        if saved is not None and isinstance(saved.get("step"), int):
            return translate("Learning", "(at step {n} of {count})").format(n=saved["step"] + 1, count=len(t.steps))
        if t.id in self.progress.finished:
            return translate("Learning", "(finished ✓)")
        return ""

    def _first_row(self) -> int:
        """The tutorial under way, else the first not finished."""
        for i, tid in enumerate(TUTORIALS):
            if self.progress.tutorial_progress(tid) is not None:
                return i
        for i, tid in enumerate(TUTORIALS):
            if tid not in self.progress.finished:
                return i
        return 0

    def current_id(self) -> str | None:
        it = self.list.currentItem()
        return it.data(Qt.ItemDataRole.UserRole) if it is not None else None

    def _chosen(self) -> None:
        tid = self.current_id()
        lang = current_language()
        if tid is None:
            return
        if tid in self.errors:
            self.summary.setText(self.errors[tid])
            self.start_button.setEnabled(False)
            self.again_button.setEnabled(False)
            return
        t = tutorial(tid)
        self.summary.setText(t.summary.get(lang))
        going = self.progress.tutorial_progress(tid) is not None
        self.start_button.setEnabled(True)
        self.start_button.setText(translate("Learning", "&Resume") if going else translate("Learning", "&Start"))
        self.again_button.setVisible(going or tid in self.progress.finished)

    def _choose(self, from_start: bool) -> None:
        tid = self.current_id()
        if tid is None or tid in self.errors:
            return
        self.choice = (tid, from_start)
        self.accept()


def tutorial_lesson(
    stage: Stage, host: LessonHost, store_of: Callable[[], ProgressStore], tid: str, fresh: bool
) -> TutorialLesson | None:
    """A tutorial's lesson on `stage`, from where it was left (or from the
    start); None (said in a box) when the tutorial cannot be used."""
    try:
        t = tutorial(tid)
    except TutorialError as exc:
        QMessageBox.warning(stage.window, translate("Learning", "Tutorial"), str(exc))
        return None
    store = store_of()
    saved = None if fresh else store.progress.tutorial_progress(tid)
    run = TutorialRun(t)
    if saved is not None:
        try:
            run = TutorialRun.restore(t, saved)
        except TutorialError:
            host.show_message(
                translate(
                    "Learning", "The saved place in the tutorial no longer fits it: it starts from the beginning."
                )
            )
    return TutorialLesson(stage, host, TutorialSession(run, stage.ctrl), store)


def puzzle_lesson(
    stage: Stage, host: LessonHost, store: ProgressStore, puzzle: Puzzle, following: Puzzle | None
) -> PuzzleLesson:
    """A puzzle's lesson on `stage`."""
    return PuzzleLesson(stage, host, PuzzleSession(PuzzleRun(puzzle), stage.ctrl), store, following)
