"""Dialogs: new game, end-of-game results, rules summary, about."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QIntValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QColorDialog,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from bigcity_desktop.engine import get_rules
from bigcity_desktop.engine.jsonio import MAX_NAME, is_ascii_int_text
from bigcity_desktop.engine.names import clean_name
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.game.core.botfaces import NAME_TABLE, emblem_pixmap, is_bot_name, level_tip, pick_names
from bigcity_desktop.game.core.controller import (
    BOT_LEVELS,
    DEFAULT_COLOURS,
    DEFAULT_NAMES,
    GameConfig,
    SeatConfig,
    available_bots,
    default_name,
    level_label,
)
from bigcity_desktop.game.core.keyguard import KeyGuard
from bigcity_desktop.game.core.wording import is_you, results
from bigcity_desktop.i18n import QT_TRANSLATE_NOOP, rules_text, translate
from bigcity_desktop.scene import style as S


def kind_choices() -> list[tuple[str, str]]:
    """(label, kind) of the "Plays as" menu: a human, then the bot levels."""
    return [(translate("Dialogs", "Human"), SeatKind.HUMAN)] + [
        (translate("Dialogs", "Bot — {level}").format(level=level_label(lvl)), lvl) for lvl in BOT_LEVELS
    ]


#: what the "Plays as" menu's human choice means, shown as its tooltip (a bot level's is its description)
_HUMAN_TIP = QT_TRANSLATE_NOOP("Dialogs", "You, or another person at this screen")


def kind_tip(kind: str) -> str:
    """The tooltip of a "Plays as" choice (empty for a level without one)."""
    return translate("Dialogs", _HUMAN_TIP) if kind == SeatKind.HUMAN else level_tip(kind)


class ColourButton(QPushButton):
    colourChanged = Signal(str)

    def __init__(self, colour: str, parent=None):
        super().__init__(parent)
        self.setFixedWidth(44)
        self.setToolTip(translate("Dialogs", "Choose this player's colour"))
        self.set_colour(colour)
        self.clicked.connect(self._choose)

    def set_colour(self, colour: str) -> None:
        self._colour = colour
        self.setStyleSheet(f"background-color: {colour}; border: 1px solid #555; min-height: 18px;")
        self.colourChanged.emit(colour)

    def colour(self) -> str:
        return self._colour

    def _choose(self) -> None:  # pragma: no cover - interactive
        c = QColorDialog.getColor(QColor(self._colour), self, translate("Dialogs", "Player colour"))
        if c.isValid():
            self.try_colour(c.name())

    def try_colour(self, colour: str) -> bool:
        """Take `colour` unless it would look like the streetcar (then say so and keep the old one)."""
        if S.clashes_with_streetcar(colour):
            self.setToolTip(
                translate(
                    "Dialogs", "{colour} is too dark: it would look like the streetcar. Choose a lighter colour."
                ).format(colour=colour)
            )
            QToolTip.showText(self.mapToGlobal(self.rect().bottomLeft()), self.toolTip(), self)
            return False
        self.setToolTip(translate("Dialogs", "Choose this player's colour"))
        self.set_colour(colour)
        return True


class NewGameDialog(QDialog):
    """Edition, 2-5 seats (human or bot), names, colours, seed.

    The defaults (you against two medium bots, original edition) start a game
    with one click on Start."""

    MAX_SEATS = 5

    def __init__(
        self,
        parent=None,
        start_city: list | None = None,
        edition: str = "original",
        previous: GameConfig | None = None,
        own_name: str = "",
    ):
        super().__init__(parent)
        self.setObjectName("NewGameDialog")
        self.own = own_name  # the player's name, the first seat's default (game/core/playername.py)
        self.setWindowTitle(translate("Dialogs", "New game"))
        self.start_city = start_city
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.edition = QComboBox()
        self.edition.setObjectName("edition")
        self.edition.addItem(translate("Dialogs", "Original (1999)"), "original")
        self.edition.addItem(translate("Dialogs", "20th Anniversary Jumbo (2019)"), "jumbo")
        form.addRow(translate("Dialogs", "Edition:"), self.edition)
        self.count = QSpinBox()
        self.count.setObjectName("playerCount")
        self.count.setRange(2, 5)
        form.addRow(translate("Dialogs", "Players:"), self.count)
        self.seed = QLineEdit()
        self.seed.setObjectName("seed")
        self.seed.setPlaceholderText(translate("Dialogs", "random"))
        self.seed.setValidator(QIntValidator(0, 2**31 - 1, self))
        self.seed.setToolTip(translate("Dialogs", "The same seed and the same moves give the same game"))
        form.addRow(translate("Dialogs", "Seed:"), self.seed)
        lay.addLayout(form)

        box = QGroupBox(translate("Dialogs", "Seats (in turn order)"))
        grid = QGridLayout(box)
        grid.addWidget(QLabel(translate("Dialogs", "<b>Name</b>")), 0, 2)
        grid.addWidget(QLabel(translate("Dialogs", "<b>Plays as</b>")), 0, 3)
        grid.addWidget(QLabel(translate("Dialogs", "<b>Colour</b>")), 0, 4)
        self.rows: list[tuple[QLabel, QLineEdit, QComboBox, ColourButton]] = []
        self.faces: list[QLabel] = []  # a bot seat's portrait
        self._typed = [False] * self.MAX_SEATS  # the player typed this seat's name: it stays
        have = available_bots()
        for i in range(self.MAX_SEATS):
            num = QLabel(f"{i + 1}.")
            name = QLineEdit(default_name(i, own=self.own))
            name.setObjectName(f"seatName{i}")
            name.setMaxLength(MAX_NAME)
            kind = QComboBox()
            kind.setObjectName(f"seatKind{i}")
            for label, value in kind_choices():
                if value != SeatKind.HUMAN and value not in have:
                    label = translate("Dialogs", "{level} (random for now)").format(level=label)
                kind.addItem(label, value)
                kind.setItemData(kind.count() - 1, kind_tip(value), Qt.ItemDataRole.ToolTipRole)
            kind.setCurrentIndex(kind.findData(SeatKind.HUMAN if i == 0 else "medium"))
            # the closed menu says what its current choice means, as the open list does
            kind.setToolTip(kind_tip(kind.currentData()))
            kind.currentIndexChanged.connect(lambda _i, k=kind: k.setToolTip(kind_tip(k.currentData())))
            kind.currentIndexChanged.connect(self._seats_changed)
            colour = ColourButton(DEFAULT_COLOURS[i])
            face = QLabel()
            face.setObjectName(f"seatFace{i}")
            face.setFixedSize(24, 24)
            name.textEdited.connect(lambda text, k=i: self._name_typed(k, text))
            colour.colourChanged.connect(lambda _c, k=i: self._show_face(k))
            grid.addWidget(num, i + 1, 0)
            grid.addWidget(face, i + 1, 1)
            grid.addWidget(name, i + 1, 2)
            grid.addWidget(kind, i + 1, 3)
            grid.addWidget(colour, i + 1, 4)
            self.rows.append((num, name, kind, colour))
            self.faces.append(face)
        lay.addWidget(box)
        self.take_backs = QCheckBox(self.tr("Allow take-backs (Undo)"))
        self.take_backs.setObjectName("allowTakeBacks")
        self.take_backs.setToolTip(
            self.tr(
                "Undo (Ctrl+Z) takes back a move. The stacks are fixed by the seed, so a game with "
                "take-backs is marked as such in its file and results. On by default against bots, "
                "off in hot-seat."
            )
        )
        self._take_backs_set = False  # the player ticked or cleared it: seat changes leave it alone
        self.take_backs.clicked.connect(self._take_backs_clicked)
        lay.addWidget(self.take_backs)
        self.note = QLabel()
        self.note.setWordWrap(True)
        lay.addWidget(self.note)
        if start_city is not None:
            self.note.setText(
                translate(
                    "Dialogs",
                    "The game starts from the sandbox city ({n} neighborhoods placed); no setup placement.",
                ).format(n=len(start_city))
            )
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(translate("Dialogs", "Start"))
        buttons.button(QDialogButtonBox.StandardButton.Ok).setObjectName("startButton")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.edition.currentIndexChanged.connect(self._edition_changed)
        self.count.valueChanged.connect(self._count_changed)
        self.count.setValue(3)
        if previous is not None:
            self.set_config(previous)
        else:
            i = self.edition.findData(edition)
            self.edition.setCurrentIndex(max(0, i))
        self._edition_changed()
        self._count_changed()
        if previous is not None and previous.allow_take_backs is not None:
            self.take_backs.setChecked(previous.allow_take_backs)
            self._take_backs_set = True

    def _name_typed(self, seat: int, text: str) -> None:
        self._typed[seat] = bool(text.strip())
        self._name_seats()  # a bot gives way to a name the player took

    def _show_face(self, seat: int) -> None:
        _num, _name, kind, colour = self.rows[seat]
        level = kind.currentData()
        face = self.faces[seat]
        used = seat < self.count.value()
        face.setPixmap(emblem_pixmap(level if used else SeatKind.HUMAN, colour.colour(), 22))
        face.setAccessibleName(
            translate("Dialogs", "Face of the {level} bot").format(level=level_label(level))
            if used and level in NAME_TABLE
            else ""
        )

    def _name_seats(self) -> None:
        """Every seat whose name the player did not type gets one: a bot a
        name of its level that no other seat has, a human the seat's default."""
        n = self.count.value()
        kinds = [kind.currentData() for _num, _name, kind, _c in self.rows[:n]]
        hot = self._humans() >= 2  # several people at the screen: no seat is "You"
        fixed: list[str | None] = []
        for i, (_num, name, kind, _c) in enumerate(self.rows[:n]):
            if self._typed[i]:
                fixed.append(clean_name(name.text()) or default_name(i, hot, self.own))
            else:
                fixed.append(None if kind.currentData() in NAME_TABLE else default_name(i, hot, self.own))
        current = [name.text() for _num, name, _k, _c in self.rows[:n]]
        for i, nm in enumerate(pick_names(kinds, fixed, current, MAX_NAME)):
            if not self._typed[i] and self.rows[i][1].text() != nm:
                self.rows[i][1].setText(nm)
        for i in range(len(self.rows)):
            self._show_face(i)

    def _humans(self) -> int:
        return sum(
            1 for _num, _name, kind, _c in self.rows[: self.count.value()] if kind.currentData() == SeatKind.HUMAN
        )

    def _seats_changed(self, *_args) -> None:
        """The take-back option follows the seats (on against bots, off in
        hot-seat) until the player sets it; the seats' names and faces follow
        their levels."""
        if hasattr(self, "count"):
            self._name_seats()
        if not self._take_backs_set:
            self.take_backs.setChecked(self._humans() < 2)

    def _take_backs_clicked(self) -> None:
        self._take_backs_set = True

    def _edition_changed(self) -> None:
        rules = get_rules(self.edition.currentData())
        self.count.setRange(rules.min_players, rules.max_players)
        self._count_changed()

    def _count_changed(self) -> None:
        n = self.count.value()
        for i, row in enumerate(self.rows):
            for w in (*row, self.faces[i]):  # an unused seat shows no face either
                w.setVisible(i < n)
        if hasattr(self, "take_backs"):
            self._seats_changed()
        self.adjustSize()

    def set_config(self, cfg: GameConfig) -> None:
        self.edition.setCurrentIndex(max(0, self.edition.findData(cfg.edition)))
        self.count.setValue(len(cfg.seats))
        hot = sum(1 for seat in cfg.seats if seat.kind == SeatKind.HUMAN) >= 2  # its first seat's default was "Anna"
        for i, ((_num, name, kind, colour), seat) in enumerate(zip(self.rows, cfg.seats)):
            # a bot's name or a seat's default follows the level; a name the player chose stays
            defaults = (default_name(i), default_name(i, hot), DEFAULT_NAMES[i], default_name(i, own=self.own))
            self._typed[i] = not (is_bot_name(seat.name) or seat.name in defaults)
            name.setText(seat.name)
            kind.setCurrentIndex(max(0, kind.findData(seat.kind)))
            if seat.colour:
                colour.set_colour(seat.colour)
        if cfg.start_city is not None:
            self.start_city = cfg.start_city
        self.seed.setText("")

    def config(self) -> GameConfig:
        n = self.count.value()
        seats = []
        hot = self._humans() >= 2
        for i, (_num, name, kind, colour) in enumerate(self.rows[:n]):
            nm = clean_name(name.text()) or default_name(i, hot, self.own)
            seats.append(SeatConfig(nm, kind.currentData(), colour.colour()))
        # names must tell players apart
        seen: dict[str, int] = {}
        for s in seats:
            if s.name in seen:
                seen[s.name] += 1
                s.name = f"{s.name[: MAX_NAME - 3]} {seen[s.name]}"
            else:
                seen[s.name] = 1
        text = self.seed.text().strip()
        seed = int(text) if is_ascii_int_text(text) and not text.startswith("-") else None
        return GameConfig(self.edition.currentData(), seats, seed, self.start_city, self.take_backs.isChecked())


class ResultsDialog(QDialog):
    """End of game: ranking (ties share a place), points by building type,
    the score-history chart, and a button for a new game.

    Close is the default button, and keys are ignored for a moment after the
    results open (issue 33.5: Enter pressed to build at the last moment
    started a new game and the results were gone)."""

    newGameRequested = Signal()
    replayRequested = Signal()
    analysisRequested = Signal()

    def __init__(self, controller, parent=None, record_lines=None):
        super().__init__(parent)
        self.setObjectName("ResultsDialog")
        self.setWindowTitle(translate("Dialogs", "Game over"))
        session = controller.session
        view = session.view()
        if view is None:
            raise RuntimeError("no game is running")
        res = results(view, session.name)
        lay = QVBoxLayout(self)
        mark = ""
        if session.take_backs > 0:
            mark = translate("Dialogs", "<p><i>Played with take-backs ({count} taken back).</i></p>").format(
                count=session.take_backs
            )
        head = QLabel(
            translate("Dialogs", "<h2>{title}</h2><p>The game ended: {reason}.</p>").format(
                title=res.title, reason=res.reason
            )
            + mark
        )
        head.setObjectName("resultsHeadline")
        head.setWordWrap(True)
        lay.addWidget(head)
        # the player's record (Game → Statistics): "Your best score in the jumbo edition!"
        self.record_note = QLabel("<br>".join(f"<b>{html.escape(t)}</b>" for t in record_lines or []))
        self.record_note.setObjectName("recordNote")
        self.record_note.setWordWrap(True)
        self.record_note.setVisible(bool(record_lines))
        lay.addWidget(self.record_note)

        table = QTableWidget(len(res.rows), 3 + len(res.types))
        table.setObjectName("rankingTable")
        table.setHorizontalHeaderLabels(
            [
                translate("Dialogs", "Place"),
                translate("Dialogs", "Player"),
                translate("Dialogs", "Score"),
                *res.type_labels,
            ]
        )
        table.verticalHeader().setVisible(False)
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for r, (place, p, score, pts) in enumerate(res.rows):
            items = [QTableWidgetItem(f"{place}."), QTableWidgetItem(session.name(p)), QTableWidgetItem(str(score))]
            items[1].setForeground(QColor(controller.colour(p)))
            items += [QTableWidgetItem(str(x)) for x in pts]
            for c, it in enumerate(items):
                if c != 1:
                    it.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                table.setItem(r, c, it)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        table.setMinimumHeight(40 + 30 * len(res.rows))
        self.table = table
        lay.addWidget(table)

        self.chart = self.make_chart(controller)
        lay.addWidget(self.chart)

        buttons = QDialogButtonBox()
        self.new_button = buttons.addButton(translate("Dialogs", "New game"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.new_button.setObjectName("newGameButton")
        self.replay_button = buttons.addButton(self.tr("Watch the replay"), QDialogButtonBox.ButtonRole.ActionRole)
        self.replay_button.setObjectName("replayButton")
        self.replay_button.clicked.connect(self._replay)
        self.analyze_button = buttons.addButton(self.tr("Analyze"), QDialogButtonBox.ButtonRole.ActionRole)
        self.analyze_button.setObjectName("analyzeButton")
        self.analyze_button.setToolTip(self.tr("The hard bot looks at every move of the humans for points lost"))
        self.analyze_button.clicked.connect(self._analyze)
        close = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        close.setObjectName("closeButton")
        self.close_button = close
        for b in (self.new_button, self.replay_button, self.analyze_button):
            b.setAutoDefault(False)
        close.setDefault(True)
        self.new_button.clicked.connect(self._new)
        close.clicked.connect(self.reject)
        lay.addWidget(buttons)
        self.resize(720, 560)
        self.keys = KeyGuard(self)

    def make_chart(self, controller) -> QWidget:
        """The scores' chart under the table (the end view draws its own race)."""
        from bigcity_desktop.game.core.chart import ScoreChart

        chart = ScoreChart(controller.history_model, self)
        chart.setMinimumHeight(220)
        return chart

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.close_button.setFocus()
        self.keys.hold(self)  # a key meant for the last move does not act here

    def ranking_rows(self) -> list[tuple[str, str, str]]:
        return [tuple(self.table.item(r, c).text() for c in range(3)) for r in range(self.table.rowCount())]

    def _new(self) -> None:
        self.accept()
        self.newGameRequested.emit()

    def _replay(self) -> None:
        # the results stay open behind the replay: closing the replay comes back
        # to them (issue 25.10: Analyze closed them with no way back)
        self.replayRequested.emit()

    def _analyze(self) -> None:
        self.analysisRequested.emit()


class RulesDialog(QDialog):
    def __init__(self, rules, parent=None):
        super().__init__(parent)
        from bigcity_desktop.help.rules_summary import rules_html

        self.setObjectName("RulesDialog")
        self.setWindowTitle(translate("Dialogs", "Rules — {edition}").format(edition=rules_text(rules.title)))
        lay = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setHtml(rules_html(rules))
        lay.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        # house rules start from a copy of this edition's file (issue 25.12)
        self.rules = rules
        self.copy_button = buttons.addButton(
            translate("Dialogs", "Save a copy to change…"), QDialogButtonBox.ButtonRole.ActionRole
        )
        self.copy_button.setObjectName("copyRulesButton")
        self.copy_button.setToolTip(
            translate("Dialogs", "A copy of this rules file to edit as house rules (open it in the sandbox)")
        )
        self.copy_button.clicked.connect(self.save_copy)
        lay.addWidget(buttons)
        self.resize(860, 640)

    def save_copy(self, path: str | None = None) -> bool:
        """Write a copy of the rules file, as the start of house rules. True when written."""
        from pathlib import Path

        from PySide6.QtWidgets import QFileDialog, QMessageBox

        from bigcity_desktop import filedirs

        if not path:
            default = str(filedirs.start_dir("rules") / f"house-{self.rules.edition}.toml")
            path, _ = QFileDialog.getSaveFileName(
                self,
                translate("Dialogs", "Save a copy of the rules"),
                default,
                translate("Dialogs", "Rules files (*.toml)"),
            )
            if not path:
                return False
        try:
            text = Path(self.rules.source).read_text(encoding="utf-8")
            Path(path).write_text(text, encoding="utf-8")
        except OSError as exc:
            QMessageBox.warning(
                self,
                translate("Dialogs", "The copy was not saved"),
                translate("Dialogs", "The rules could not be copied to {file}: {reason}.").format(
                    file=path, reason=exc.strerror or exc
                ),
            )
            return False
        filedirs.remember("rules", path)
        return True


class HandoffOverlay(QWidget):
    """Hot-seat: covers the window until the next player takes the screen."""

    revealed = Signal()

    def __init__(self, parent):
        super().__init__(parent)
        self.setObjectName("HandoffOverlay")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(
            "#HandoffOverlay { background-color: rgba(30, 30, 40, 225); }QLabel { color: white; font-size: 22px; }"
        )
        lay = QVBoxLayout(self)
        lay.addStretch(1)
        self.label = QLabel()
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(self.label)
        row = QHBoxLayout()
        row.addStretch(1)
        self.button = QPushButton()
        self.button.setObjectName("revealButton")
        self.button.setMinimumHeight(36)
        self.button.clicked.connect(self.revealed.emit)
        row.addWidget(self.button)
        row.addStretch(1)
        lay.addLayout(row)
        lay.addStretch(1)
        self.hide()
        parent.installEventFilter(self)

    def show_for(self, name: str) -> None:
        if is_you(name):  # the first seat's default name: "Ich bin Sie" does not read
            self.label.setText(translate("Dialogs", "Pass the screen back to the player called “You”"))
            self.button.setText(translate("Dialogs", "It is me: show my hand"))
        else:
            self.label.setText(translate("Dialogs", "Pass the screen to {name}").format(name=name))
            self.button.setText(translate("Dialogs", "I am {name}: show my hand").format(name=name))
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
        self.raise_()
        self.show()
        self.button.setFocus()

    def eventFilter(self, obj, event):
        from PySide6.QtCore import QEvent

        parent = self.parentWidget()
        if parent is not None and obj is parent and event.type() == QEvent.Type.Resize and self.isVisible():
            self.setGeometry(parent.rect())
        return False


def about_text() -> str:
    from bigcity_desktop import __version__

    return f"<h3>Big City Desktop {__version__}</h3>" + translate(
        "Dialogs",
        "<p>A desktop version of the board game <i>Big City</i> by Franz-Benno Delonge "
        "(first edition 1999; 20th Anniversary Jumbo Edition 2019), for 2 to 5 players "
        "at one screen and against computer players.</p>"
        "<p>Rules values marked <i>our reading</i> in Help → Rules are this program's own "
        "choices where the rule book says nothing; the page says why for each.</p>"
        "<p>Built with Python, Qt (PySide6) and pyqtgraph.</p>"
        "<p>Licence: MIT. The installed game also carries Qt and PySide6 (LGPL 3) and other "
        "libraries under their own licences, listed in THIRD-PARTY-NOTICES.txt next to the program.</p>",
    )
