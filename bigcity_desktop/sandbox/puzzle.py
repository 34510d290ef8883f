"""File → Save as puzzle…: the sandbox's city as a city puzzle.

The dialog asks for the goal (its type and numbers), the player's cards
(chosen from the free lots of the city and the special cards), how the other
player answers, a title and a description. The solver
(:func:`bigcity_desktop.learn.puzzle_from_city`) runs on a worker thread to
find the best answer; a goal no line of play reaches is said plainly and
nothing is written. The file is a ``bigcity-puzzle`` that Game → Puzzles…
→ Open puzzle file… plays.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from bigcity_desktop import filedirs
from bigcity_desktop.engine.city import City
from bigcity_desktop.engine.record import to_text, write_atomic
from bigcity_desktop.i18n import exc_text, rules_text, translate
from bigcity_desktop.learn import BuildWithin, LeadAfter, LocalText, ScoreInTurns, ScoreThisTurn, WinWithin
from bigcity_desktop.learn.common import LearnError
from bigcity_desktop.learn.puzzle import MAX_TURNS, Goal, Others, puzzle_from_city
from bigcity_desktop.session import worker

GOALS = ("score_this_turn", "score_in_turns", "build", "lead_after", "win_within")
#: puzzles from a sandbox are for two players
PLAYERS = 2


def goal_label(kind: str) -> str:
    return {
        "score_this_turn": translate("SavePuzzle", "Score points this turn"),
        "score_in_turns": translate("SavePuzzle", "Score points within some turns"),
        "build": translate("SavePuzzle", "Build a building within some turns"),
        "lead_after": translate("SavePuzzle", "Lead after some turns"),
        "win_within": translate("SavePuzzle", "End the game in the lead"),
    }[kind]


class _WholeCardToggles(QStyledItemDelegate):
    """A click anywhere on a card ticks or unticks it, not only on its box."""

    def editorEvent(self, event: QEvent, model: Any, option: QStyleOptionViewItem, index: Any) -> bool:
        checkable = bool(index.flags() & Qt.ItemFlag.ItemIsUserCheckable)
        if checkable and isinstance(event, QMouseEvent) and event.button() == Qt.MouseButton.LeftButton:
            if event.type() == QEvent.Type.MouseButtonRelease and option.rect.contains(event.position().toPoint()):
                ticked = index.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked.value
                new = Qt.CheckState.Unchecked if ticked else Qt.CheckState.Checked
                return bool(model.setData(index, new.value, Qt.ItemDataRole.CheckStateRole))
            return event.type() == QEvent.Type.MouseButtonDblClick  # a double click is two clicks
        return super().editorEvent(event, model, option, index)


class CardList(QListWidget):
    """The cards to choose from, as tick boxes in a grid of equal cells
    (issue 33.6: the list reflowed between clicks, its cards of different
    widths laid out again at a width it had before, so the next click
    ticked another card). The grid follows the list's width at once, and
    the scroll bar is always there, so nothing moves while the player clicks."""

    def __init__(self, cards: list[tuple[int, str]], parent: QWidget | None = None):
        super().__init__(parent)
        self.setItemDelegate(_WholeCardToggles(self))
        self.setFlow(QListWidget.Flow.LeftToRight)
        self.setWrapping(True)
        self.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.setMovement(QListWidget.Movement.Static)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.setMinimumHeight(90)
        self.setMaximumHeight(160)
        for card, text in cards:
            it = QListWidgetItem(text)
            it.setData(Qt.ItemDataRole.UserRole, card)
            it.setFlags(it.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            it.setCheckState(Qt.CheckState.Unchecked)
            self.addItem(it)
        self.fit_grid()

    def fit_grid(self) -> None:
        """Cells as wide as the widest card (its box and text) and a gap."""
        sizes = [self.sizeHintForIndex(self.model().index(i, 0)) for i in range(self.count())]
        width = max((s.width() for s in sizes), default=40)
        height = max((s.height() for s in sizes), default=self.fontMetrics().height())
        self.setGridSize(QSize(width + 12, height + 8))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.fit_grid()


class SavePuzzleDialog(QDialog):
    """The dialog (see the module text). ``saved(path, best)`` once the file is written."""

    saved = Signal(str, int)

    def __init__(self, city: City, parent: QWidget | None = None, settings: Any = None):
        super().__init__(parent)
        self.setObjectName("SavePuzzleDialog")
        self.setWindowTitle(translate("SavePuzzle", "Save as puzzle"))
        self.city = city.copy()  # the worker solves this copy, whatever the sandbox does meanwhile
        self.rules = city.rules
        self.settings = settings
        self.path: Path | None = None
        self.doc: dict[str, Any] | None = None
        self._token = 0
        self._signals = worker.WorkerSignals(self)
        self._signals.done.connect(self._solved)
        self._signals.failed.connect(self._failed)
        lay = QVBoxLayout(self)
        intro = QLabel(
            translate(
                "SavePuzzle",
                "Turn this city into a puzzle: you are to move with the cards chosen here, the other player "
                "holds none and answers the same way every time, and every other card is out of the game.",
            )
        )
        intro.setWordWrap(True)
        lay.addWidget(intro)
        form = QFormLayout()
        self.goal = QComboBox()
        self.goal.setObjectName("puzzleGoal")
        for kind in GOALS:
            self.goal.addItem(goal_label(kind), kind)
        form.addRow(translate("SavePuzzle", "&Goal:"), self.goal)
        self.points = QSpinBox()
        self.points.setObjectName("puzzlePoints")
        self.points.setRange(0, 500)
        self.points.setValue(10)
        self.points_label = QLabel(translate("SavePuzzle", "At least (&points):"))
        self.points_label.setBuddy(self.points)
        form.addRow(self.points_label, self.points)
        self.turns = QSpinBox()
        self.turns.setObjectName("puzzleTurns")
        self.turns.setRange(1, MAX_TURNS)
        self.turns.setValue(2)
        self.turns_label = QLabel(translate("SavePuzzle", "Within (&turns):"))
        self.turns_label.setBuddy(self.turns)
        form.addRow(self.turns_label, self.turns)
        self.building = QComboBox()
        self.building.setObjectName("puzzleBuilding")
        for btype, rule in self.rules.buildings.items():
            self.building.addItem(rules_text(rule.label), btype)
        self.building_label = QLabel(translate("SavePuzzle", "&Building:"))
        self.building_label.setBuddy(self.building)
        form.addRow(self.building_label, self.building)
        self.lead = QSpinBox()
        self.lead.setObjectName("puzzleLead")
        self.lead.setRange(1, 200)
        self.lead_label = QLabel(translate("SavePuzzle", "Lead by at &least:"))
        self.lead_label.setBuddy(self.lead)
        form.addRow(self.lead_label, self.lead)
        self.others = QComboBox()
        self.others.setObjectName("puzzleOthers")
        self.others.addItem(translate("SavePuzzle", "passes"), "pass")
        self.others.addItem(translate("SavePuzzle", "builds the best-scoring building it can"), "greedy")
        form.addRow(translate("SavePuzzle", "The other player:"), self.others)
        self.difficulty = QSpinBox()
        self.difficulty.setObjectName("puzzleDifficulty")
        self.difficulty.setRange(1, 5)
        self.difficulty.setValue(3)
        form.addRow(translate("SavePuzzle", "&Difficulty (1–5):"), self.difficulty)
        self.title_edit = QLineEdit()
        self.title_edit.setObjectName("puzzleTitle")
        self.title_edit.setMaxLength(80)
        form.addRow(translate("SavePuzzle", "T&itle:"), self.title_edit)
        self.description = QPlainTextEdit()
        self.description.setObjectName("puzzleDescription")
        self.description.setTabChangesFocus(True)
        self.description.setFixedHeight(64)
        form.addRow(translate("SavePuzzle", "D&escription:"), self.description)
        lay.addLayout(form)
        self.hand_size = self.rules.hand_size.get(PLAYERS, 5)
        self.cards_label = QLabel()
        lay.addWidget(self.cards_label)
        self.cards = CardList(self.card_choices())
        self.cards.setObjectName("puzzleCards")
        self.cards.setAccessibleName(translate("SavePuzzle", "Your cards"))
        self.cards.itemChanged.connect(lambda _it: self._changed())
        lay.addWidget(self.cards, 1)
        self.status = QLabel()
        self.status.setObjectName("puzzleStatus")
        self.status.setWordWrap(True)
        lay.addWidget(self.status)
        box = QDialogButtonBox()
        self.save_button = QPushButton(translate("SavePuzzle", "&Save puzzle…"))
        self.save_button.setObjectName("savePuzzleButton")
        self.save_button.setDefault(True)
        box.addButton(self.save_button, QDialogButtonBox.ButtonRole.AcceptRole)
        box.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.save_button.clicked.connect(self.save_dialog)
        box.rejected.connect(self.reject)
        lay.addWidget(box)
        self.goal.currentIndexChanged.connect(lambda _i: self._changed())
        self.title_edit.textChanged.connect(lambda _t: self._changed())
        self._bad = False  # the status shows a problem
        self.resize(520, 560)
        self._update()

    # ------------------------------------------------------------ the choices
    def card_choices(self) -> list[tuple[int, str]]:
        """Every card the player may hold: the free lots of the city, and the special cards."""
        out = [(p, str(p)) for p in sorted(self.city.free_properties())]
        for card, (btype, vname) in sorted(self.rules.special_cards.items()):
            rule = self.rules.buildings[btype]
            label = rules_text(f"{rule.variant(vname).label.capitalize()} {rule.label.lower()}")
            out.append((card, translate("SavePuzzle", "{card} ({piece})").format(card=card, piece=label)))
        return out

    def hand(self) -> list[int]:
        out = []
        for i in range(self.cards.count()):
            it = self.cards.item(i)
            if it.checkState() == Qt.CheckState.Checked:
                out.append(int(it.data(Qt.ItemDataRole.UserRole)))
        return out

    def set_hand(self, cards: list[int]) -> None:
        for i in range(self.cards.count()):
            it = self.cards.item(i)
            on = it.data(Qt.ItemDataRole.UserRole) in cards
            it.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def kind(self) -> str:
        return str(self.goal.currentData())

    def goal_value(self) -> Goal:
        k = self.kind()
        if k == "score_this_turn":
            return ScoreThisTurn(max(1, self.points.value()))
        if k == "score_in_turns":
            return ScoreInTurns(self.turns.value(), max(1, self.points.value()))
        if k == "build":
            return BuildWithin(str(self.building.currentData()), self.turns.value(), self.points.value())
        if k == "lead_after":
            return LeadAfter(self.turns.value(), self.lead.value())
        return WinWithin(self.turns.value())

    def _update(self) -> None:
        k = self.kind()
        for widget, label, on in (
            (self.points, self.points_label, k in ("score_this_turn", "score_in_turns", "build")),
            (self.turns, self.turns_label, k != "score_this_turn"),
            (self.building, self.building_label, k == "build"),
            (self.lead, self.lead_label, k == "lead_after"),
        ):
            widget.setVisible(on)
            label.setVisible(on)
        self.points.setMinimum(0 if k == "build" else 1)
        n = len(self.hand())
        self.cards_label.setText(
            translate("SavePuzzle", "Your &cards: {n} chosen (at most {most})").format(n=n, most=self.hand_size)
        )
        self.cards_label.setBuddy(self.cards)

    def problem(self) -> str | None:
        """What keeps the puzzle from being saved, or None."""
        n = len(self.hand())
        if n == 0:
            return translate("SavePuzzle", "Choose at least one card for your hand.")
        if n > self.hand_size:
            return translate("SavePuzzle", "A hand holds at most {most} cards; {n} are chosen.").format(
                most=self.hand_size, n=n
            )
        if not self.title_edit.text().strip():
            return translate("SavePuzzle", "Give the puzzle a title.")
        if self.rules.edition not in ("original", "jumbo"):
            return translate("SavePuzzle", "A puzzle is for one of the editions, not for house rules.")
        return None

    def _changed(self) -> None:
        """A choice changed: the problem said about the earlier choices is gone."""
        if self._bad:
            self._say("")
        self._update()

    def _say(self, text: str, bad: bool = False) -> None:
        self._bad = bad
        self.status.setStyleSheet("color: #9b1c12;" if bad else "")
        self.status.setText(text)

    # ------------------------------------------------------------ saving
    def save_dialog(self) -> None:
        problem = self.problem()
        if problem:
            self._say(problem, bad=True)
            return
        name = re.sub(r"[^a-z0-9]+", "-", self.title_edit.text().lower()).strip("-") or "puzzle"
        path, _ = QFileDialog.getSaveFileName(
            self,
            translate("SavePuzzle", "Save puzzle"),
            filedirs.start_path("puzzles", f"{name}.json", self.settings),
            translate("SavePuzzle", "Big City puzzles (*.json)"),
        )
        if not path:
            return
        filedirs.remember("puzzles", path, self.settings)
        if not Path(path).suffix:
            path += ".json"
        self.save_to(Path(path))

    def save_to(self, path: Path) -> bool:
        """Solve the puzzle on a worker and write it to `path` (``saved`` says when); False if it cannot start."""
        problem = self.problem()
        if problem:
            self._say(problem, bad=True)
            return False
        self.path = path
        title = self.title_edit.text().strip()
        text = self.description.toPlainText().strip() or title
        slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:30] or "puzzle"
        puzzle_id = f"{self.rules.edition}-custom-{slug}-{int(time.time())}"
        city, hand, goal = self.city, self.hand(), self.goal_value()
        others = Others(str(self.others.currentData()))
        difficulty = self.difficulty.value()

        def make() -> tuple[bool, Any]:
            try:
                return True, puzzle_from_city(
                    city,
                    hand,
                    goal,
                    puzzle_id=puzzle_id,
                    title=LocalText(title[:80], title[:80]),
                    description=LocalText(text[:700], text[:700]),
                    difficulty=difficulty,
                    others=others,
                    names=["You", "Robin"],
                )
            except LearnError as exc:  # the goal cannot be reached, or the position is not legal
                return False, exc

        self._token += 1
        self.save_button.setEnabled(False)
        self._say(translate("SavePuzzle", "Looking for the best answer…"))
        worker.start(self._token, make, self._signals)
        return True

    def _solved(self, token: int, result: object) -> None:
        if token != self._token or self.path is None or not isinstance(result, tuple):
            return
        self.save_button.setEnabled(True)
        ok, doc = result
        if not ok:
            self._cannot(exc_text(doc) if isinstance(doc, Exception) else str(doc))
            return
        try:
            write_atomic(self.path, to_text(doc))
        except OSError as exc:
            self._say(
                translate("SavePuzzle", "Cannot save {file}: {reason}").format(
                    file=self.path.name, reason=exc.strerror or exc
                ),
                bad=True,
            )
            return
        self.doc = doc
        best = int(doc["best"])
        self._say(translate("SavePuzzle", "Saved. The best answer reaches {best}.").format(best=best))
        self.saved.emit(str(self.path), best)
        self.accept()

    def _cannot(self, reason: str) -> None:
        if reason.startswith("no line of play reaches this goal"):
            reason = translate(
                "SavePuzzle", "no line of play reaches this goal; ask for less, allow more turns or choose other cards"
            )
        self._say(translate("SavePuzzle", "This puzzle cannot be saved: {reason}").format(reason=reason), bad=True)

    def _failed(self, token: int, text: str) -> None:
        if token != self._token:
            return
        self.save_button.setEnabled(True)
        self._cannot(text.splitlines()[0])
