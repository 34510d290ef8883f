"""The game window's lessons: Help → Tutorial (and the question at the
first start), Game → Puzzles…, and the keys of a lesson (Alt+N, Alt+B,
Alt+L). The lessons themselves are in :mod:`.lessons` (the tutorial's in
:mod:`.tutoriallesson`, the puzzle's in :mod:`.puzzlelesson`); they, the
tutorials' dialog and :mod:`bigcity_desktop.learn` are loaded (through
:mod:`.tutorials`) when a lesson is first asked for, not before the window
shows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtWidgets import (
    QDialog,
    QMessageBox,
)

from bigcity_desktop.engine import Action, Build, PlaceStreetcar, PlaceTile
from bigcity_desktop.engine.city import tile_cells
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.game.core.controller import DEFAULT_COLOURS, GameConfig, GameController, SeatConfig, default_name
from bigcity_desktop.game.core.playername import saved_name
from bigcity_desktop.game.core.services import WindowServices
from bigcity_desktop.game.core.starting import GameStarter
from bigcity_desktop.game.tabletop.stage import Stage
from bigcity_desktop.i18n import translate

if TYPE_CHECKING:
    from bigcity_desktop.learn import Puzzle

    from .lesson import Lesson
    from .progress import ProgressStore
    from .puzzlelesson import PuzzleLesson
    from .tutorialdialog import TutorialDialog
    from .tutoriallesson import TutorialLesson

# QSettings key: the tutorial was offered at a first start (asked once)
OFFERED_KEY = "learn/tutorialOffered"


def first_tutorial_minutes() -> int:
    """The minutes the first tutorial announces (its file's, issue 46.10);
    the lessons' code is loaded here, after the first window is painted."""
    from bigcity_desktop.learn import load_tutorial

    return load_tutorial("original", verify=False).minutes


class LessonsPart(QObject):
    """The game window's lessons (see the module text): it starts them, and
    is the host they ask for the window's commands (:class:`.lessons.LessonHost`)."""

    declined = Signal()  # the first start's tutorial was not taken: the start-up goes on

    def __init__(self, stage: Stage, games: GameStarter, services: WindowServices, settings: QSettings) -> None:
        super().__init__(stage.window)
        self.setObjectName("lessons")
        self.stage = stage
        self.ctrl: GameController = stage.ctrl
        self.window = stage.window  # the dialogs' parent
        self.games = games
        self.services = services
        self.settings = settings
        self.lesson: Lesson | None = None  # a tutorial or a puzzle under way
        self._learn_store: ProgressStore | None = None
        self.learn_box: QMessageBox | None = None
        self.tutorial_dialog: TutorialDialog | None = None
        self.puzzles_dialog: QDialog | None = None
        self.tutorial_offer: QMessageBox | None = None

    # ------------------------------------------------------------ what a lesson asks for
    def show_message(self, text: str) -> None:
        self.services.show_message(text)

    def ensure_chart(self) -> object:
        return self.services.ensure_chart()

    def bot_delay_ms(self) -> int:
        return self.services.bot_delay_ms()

    def lesson_ended(self, lesson: Lesson, go_back: bool) -> None:
        """A lesson has let go of the window; with `go_back` the window plays
        its own game again (or, with none, offers a new one)."""
        if go_back:
            previous = self.games.go_back(lesson.previous)
            if previous.has_game:
                previous.set_paused(previous.paused)
            else:
                self.clear_board()
                self.services.show_new_game()
        if self.lesson is lesson:
            self.lesson = None
        self.services.refresh()

    def play_easy_bot(self, lesson: Lesson, edition: str) -> None:
        """After the tutorial: the New game dialog with you against one easy bot."""
        if lesson.previous is not None:
            self.games.go_back(lesson.previous)
            if not lesson.previous.has_game:
                self.clear_board()
        self.services.propose_game(
            GameConfig(
                edition,
                [
                    SeatConfig(default_name(0, own=saved_name(self.settings)), SeatKind.HUMAN, DEFAULT_COLOURS[0]),
                    SeatConfig("Bea", "easy", DEFAULT_COLOURS[1]),
                ],
            )
        )

    # ------------------------------------------------------------ progress
    def progress_store(self) -> ProgressStore:
        """The learning progress, read on first use (a damaged file is kept aside and said)."""
        store = self._learn_store
        if store is None:
            from .progress import ProgressStore  # the learning code, loaded when first asked for

            store = ProgressStore()
            self._learn_store = store
            if store.notice:
                box = QMessageBox(
                    QMessageBox.Icon.Warning,
                    translate("Learning", "Learning progress"),
                    store.notice,
                    QMessageBox.StandardButton.Ok,
                    self.window,
                )
                box.setObjectName("progressNoticeBox")
                self.learn_box = box
                box.open()
        return store

    # ------------------------------------------------------------ the tutorial
    def show_tutorials(self) -> TutorialDialog:
        """Help → Tutorial…: choose one and start or resume it."""
        from .tutorialdialog import TutorialDialog

        dlg = TutorialDialog(self.progress_store().progress, self.window)
        dlg.accepted.connect(lambda d=dlg: d.choice and self.start_tutorial(d.choice[0], fresh=d.choice[1]))
        self.tutorial_dialog = dlg
        dlg.open()
        return dlg

    def start_tutorial(self, tid: str = "original", fresh: bool = False) -> TutorialLesson | None:
        """Play a tutorial in this window, from where it was left (or from the start)."""
        from .tutorialdialog import tutorial_lesson  # the tutorials' code, loaded when one is first played

        lesson = tutorial_lesson(self.stage, self, self.progress_store, tid, fresh)
        if lesson is not None:
            self._begin_lesson(lesson)
        return lesson

    def _begin_lesson(self, lesson: Lesson) -> None:
        previous = self.games.here()
        old = self.lesson
        if old is not None:
            previous = old.previous
            lesson.placed_at = old.bubble.geometry()  # the next puzzle's bubble where the last one's was
            old.end(go_back=False)
        self.lesson = lesson
        lesson.previous = previous
        lesson.start()
        self.services.refresh()

    # ------------------------------------------------------------ puzzles
    def show_puzzles(self):
        """Game → Puzzles…: the list; Play loads the chosen one here."""
        from .puzzledialog import PuzzlesDialog

        dlg = PuzzlesDialog(self.progress_store().progress, self.window, self.settings)
        dlg.playRequested.connect(lambda p, show, d=dlg: self.play_puzzle(p, d.following(p), show))
        self.puzzles_dialog = dlg
        dlg.open()
        return dlg

    def play_puzzle(self, puzzle: Puzzle, following: Puzzle | None = None, show: bool = False) -> PuzzleLesson:
        from .tutorialdialog import puzzle_lesson  # the puzzles' code, loaded when one is first played

        lesson = puzzle_lesson(self.stage, self, self.progress_store(), puzzle, following)
        lesson.nextPuzzle.connect(self._next_puzzle)
        self._begin_lesson(lesson)
        if show:
            lesson.session.show_answer()
        return lesson

    def _next_puzzle(self, puzzle: Puzzle) -> None:
        from .puzzledialog import PuzzlesDialog

        dlg = self.puzzles_dialog
        following = dlg.following(puzzle) if isinstance(dlg, PuzzlesDialog) else None
        self.play_puzzle(puzzle, following)

    # ------------------------------------------------------------ keys
    def lesson_next(self) -> None:
        """Alt+N: the lesson's Next (the next step, the next puzzle)."""
        if self.lesson is None:
            self.show_message(translate("Learning", "No lesson is under way: Help → Tutorial, or Game → Puzzles."))
            return
        self.lesson.next_key()

    def lesson_back(self) -> None:
        """Alt+B: a step back in the tutorial; a puzzle starts again."""
        if self.lesson is None:
            self.show_message(translate("Learning", "No lesson is under way: Help → Tutorial, or Game → Puzzles."))
            return
        self.lesson.back_key()

    def lesson_leave(self) -> None:
        """Alt+L: leave the lesson (its progress is kept)."""
        if self.lesson is None:
            self.show_message(translate("Learning", "No lesson is under way: Help → Tutorial, or Game → Puzzles."))
            return
        self.lesson.leave()

    def show_hint_on_board(self, action: Action) -> None:
        """Outline where a hinted move goes."""
        view = self.ctrl.session.view()
        scene = self.stage.scene
        if view is None:
            return
        rules = view.rules
        if isinstance(action, Build):
            scene.select(action.properties)
        elif isinstance(action, PlaceStreetcar):
            scene.select(streets=[action.street])
        elif isinstance(action, PlaceTile):
            scene.select(list(tile_cells(rules, action.number, action.x, action.y, action.rotation).values()))

    # ------------------------------------------------------------ the first start
    def offer_first_tutorial(self) -> bool:
        """Ask once whether to take the tutorial (remembered in the settings);
        True when the question was asked (its answer goes on from there)."""
        asked = self.settings.value(OFFERED_KEY, False)
        if asked in (True, "true", "1", 1):
            return False
        self.settings.setValue(OFFERED_KEY, True)
        self.settings.sync()
        box = QMessageBox(
            QMessageBox.Icon.Question,
            translate("Learning", "Welcome to Big City"),
            translate(
                "Learning",
                "New to Big City? A guided first game teaches you the whole game in about {minutes} minutes; "
                "then you can play against the easy bot.\n\nThe tutorial stays in the Help menu.",
            ).format(minutes=first_tutorial_minutes()),
            QMessageBox.StandardButton.NoButton,
            self.window,
        )
        box.setObjectName("tutorialOfferBox")
        start = box.addButton(translate("Learning", "Start the tutorial"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(translate("Learning", "Not now"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(start)

        def answered(_result: int) -> None:
            if box.clickedButton() is start:
                self.services.ensure_chart()
                self.start_tutorial("original")
            else:
                self.declined.emit()

        box.finished.connect(answered)
        self.tutorial_offer = box
        box.open()
        return True

    def clear_board(self) -> None:
        """No game in the window: an empty board and empty panels (after a lesson)."""
        c = self.ctrl
        self.stage.board.cancel_mode()
        self.stage.scene.clear_selection()
        self.stage.scene.set_city(None)
        c.players_model.reset([])
        if c.hand_model.rules is not None:
            c.hand_model.reset(c.hand_model.rules, [], set())
        c.supply_model.reset([])
        c.log_model.reset([])
        c.history_model.reset([], [], [])
        self.services.refresh()
