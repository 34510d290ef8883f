"""The home view (issue 46.9): a box that opens like a game. The first screen,
and the screen whenever the window holds no game, lies over the table: the
model city of a finished game behind it (the city view,
``present/ending.py: showcase_city``), and the ways in: Continue with the
last unfinished game's picture, New game, Tutorial, Puzzles, Play online
and Sandbox. Never an empty table with empty panels.

:class:`HomeView` is the widget; :class:`HomePart` shows it while the window
has no game, reads the unfinished games beside the window (the start-up's
:class:`ResumeScan`, which also takes over the old single autosave) and
wires the buttons to the window's own commands (its menu actions). After a
game, the end view's Home and Game → Home (:meth:`HomePart.go_home`) put the
finished game away and bring the home view back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, QRectF, QSettings, Qt, QTimer, Signal, SignalInstance
from PySide6.QtGui import QAction, QColor, QImage, QLinearGradient, QPainter, QPaintEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QMenu, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from bigcity_desktop.engine.city import City
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.game.core.controller import DEFAULT_COLOURS, GameConfig, GameController, SeatConfig, default_name
from bigcity_desktop.game.core.playername import saved_name
from bigcity_desktop.game.gamefiles.resuming import ResumeScan
from bigcity_desktop.i18n import translate
from bigcity_desktop.scene import style as S
from bigcity_desktop.session import autosave as autosave_mod
from bigcity_desktop.session.saves import SaveSummary

from .backdrop import Backdrop
from .prewarm import Prewarm, table_steps

# how long after the first paint the city is made (ms): it waits until
# start-up's own work is done; its picture is then made in a worker thread
# (backdrop.py), never on the GUI thread
CITY_AFTER_MS = 1500
# the column of buttons: its width
COLUMN_WIDTH = 300


def first_game(settings: QSettings, edition: str = "original") -> GameConfig:
    """The first game the welcome promises: the player against the easy bot."""
    return GameConfig(
        edition,
        [
            SeatConfig(default_name(0, own=saved_name(settings)), SeatKind.HUMAN, DEFAULT_COLOURS[0]),
            SeatConfig("Bea", "easy", DEFAULT_COLOURS[1]),
        ],
    )


@dataclass(frozen=True)
class HomeCommands:
    """What the home view's buttons do: the window's own commands."""

    # after a game: the window lets go of it (a network table's seat is left) and its board is cleared
    leave_game: Callable[[], object]
    # New game: a player who has never set up a game is offered what the
    # welcome promised, a game against the easy bot (:func:`first_game`)
    new_game: Callable[[], object]
    continue_game: Callable[[SaveSummary], object]
    all_games: QAction  # Game → Continue…
    tutorial: QAction  # Help → Tutorial…
    puzzles: QAction  # Game → Puzzles…
    online: QAction  # Game → Join network game…
    sandbox: QAction  # Game → New sandbox


class HomeView(QWidget):
    """The home screen over the table: the city behind, the buttons at the
    left. ``set_last(summary, picture)`` shows the Continue card."""

    continueRequested = Signal()
    allGamesRequested = Signal()
    newGameRequested = Signal()
    tutorialRequested = Signal()
    puzzlesRequested = Signal()
    onlineRequested = Signal()
    sandboxRequested = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("HomeView")
        self.setAutoFillBackground(False)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, False)
        # it paints every pixel (the table's colour first): the table's board,
        # Supply and hand under it are not painted too (issue 45.6: 60-80 ms a resize)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self.city: City | None = None
        # makes the city behind the buttons, after the first paint (the
        # city view's models are not loaded for the first window)
        self.city_maker: Callable[[], City] | None = None
        # the city drawn, kept across returns to Home, made again off the GUI
        # thread once a new size has settled (issue 45.6)
        self.drawn = Backdrop(self)
        self.drawn.changed.connect(self.update)
        self._city_timer = QTimer(self)
        self._city_timer.setSingleShot(True)
        self._city_timer.setInterval(CITY_AFTER_MS)
        self._city_timer.timeout.connect(self._make_city)

        col = QFrame(self)
        col.setObjectName("homeColumn")
        col.setFixedWidth(COLUMN_WIDTH)
        col.setStyleSheet(
            "#homeColumn { background: rgba(20, 24, 30, 200); border-radius: 12px; }"
            "#homeColumn QLabel { color: #f4f1ea; background: transparent; }"
            "#homeColumn QPushButton { min-height: 30px; font-size: 11pt; padding: 3px 10px; text-align: left; }"
            "#homeColumn QPushButton#homeContinue { font-weight: bold; }"
        )
        lay = QVBoxLayout(col)
        lay.setContentsMargins(18, 16, 18, 16)
        lay.setSpacing(7)
        title = QLabel("Big City")
        title.setObjectName("homeTitle")
        font = title.font()
        font.setPointSizeF(font.pointSizeF() * 2.4)
        font.setBold(True)
        title.setFont(font)
        lay.addWidget(title)
        tagline = QLabel(translate("Home", "Build a city lot by lot, for the best score."))
        tagline.setWordWrap(True)
        lay.addWidget(tagline)
        lay.addSpacing(6)

        # the last unfinished game: its picture, who and where, Continue
        self.last_card = QFrame()
        self.last_card.setObjectName("homeLast")
        card = QHBoxLayout(self.last_card)
        card.setContentsMargins(0, 0, 0, 0)
        self.picture = QLabel()
        self.picture.setObjectName("homeLastPicture")
        self.picture.setFixedSize(96, 96)
        card.addWidget(self.picture)
        self.last_text = QLabel()
        self.last_text.setObjectName("homeLastText")
        self.last_text.setWordWrap(True)
        self.last_text.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        card.addWidget(self.last_text, 1)
        lay.addWidget(self.last_card)
        self.continue_button = self._button(lay, "homeContinue", translate("Home", "Continue"), self.continueRequested)
        self.all_button = self._button(
            lay, "homeAllGames", translate("Home", "All unfinished games…"), self.allGamesRequested
        )
        self.all_button.setFlat(True)
        self.new_button = self._button(lay, "homeNewGame", translate("Home", "New game"), self.newGameRequested)
        self.tutorial_button = self._button(lay, "homeTutorial", translate("Home", "Tutorial"), self.tutorialRequested)
        self.puzzles_button = self._button(lay, "homePuzzles", translate("Home", "Puzzles"), self.puzzlesRequested)
        self.online_button = self._button(lay, "homeOnline", translate("Home", "Play online"), self.onlineRequested)
        self.sandbox_button = self._button(lay, "homeSandbox", translate("Home", "Sandbox"), self.sandboxRequested)
        lay.addStretch(1)
        self.column = col
        self.column_layout = lay
        self.set_last(None, None, more=False)

    def _button(self, lay: QVBoxLayout, name: str, text: str, signal: SignalInstance) -> QPushButton:
        b = QPushButton(text)
        b.setObjectName(name)
        b.setAutoDefault(True)
        b.clicked.connect(signal)
        lay.addWidget(b)
        return b

    def buttons(self) -> list[QPushButton]:
        """The buttons in their order on the screen (Continue's only when shown)."""
        every = [
            self.continue_button,
            self.all_button,
            self.new_button,
            self.tutorial_button,
            self.puzzles_button,
            self.online_button,
            self.sandbox_button,
        ]
        return [b for b in every if not b.isHidden()]

    def set_last(self, text: str | None, picture, more: bool) -> None:
        """The Continue card: `text` and `picture` of the last unfinished game
        (None: there is none); `more`: other games or a network seat wait too."""
        self.last_card.setVisible(text is not None)
        self.continue_button.setVisible(text is not None)
        self.all_button.setVisible(more)
        if text is not None:
            self.last_text.setText(text)
            if picture is not None:
                self.picture.setPixmap(picture)
        first = self.continue_button if text is not None else self.new_button
        first.setDefault(True)
        self.place()  # the column grows or shrinks with the card

    def set_city(self, city: City | None) -> None:
        self.city = city
        self.drawn.clear()
        self.update()

    def place(self) -> None:
        """Over the whole table (the parent), the column at the left."""
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
        m = 16
        self.column_layout.activate()
        h = min(self.height() - 2 * m, max(self.column.sizeHint().height(), 0))
        self.column.setGeometry(m, m, COLUMN_WIDTH, max(0, h))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.place()

    def backdrop(self) -> QImage | None:
        """The city in the city view as last made (maybe for another size: drawn
        scaled); the picture for the view's size is asked for, made in a worker."""
        if self.city is None or self.width() < 16 or self.height() < 16:
            return None
        # the city to the right of the column, as large as fits
        room = max(16, self.width() - COLUMN_WIDTH - 40)
        self.drawn.want(self.city, room, self.height(), self.devicePixelRatioF())
        return self.drawn.picture()

    def _make_city(self) -> None:
        # not while a game covers the home view (its first turns, issue 45.6): at its next paint
        if self.city is None and self.city_maker is not None and self.isVisible():
            self.set_city(self.city_maker())

    def hideEvent(self, event) -> None:
        super().hideEvent(event)
        self._city_timer.stop()  # started again by the next paint

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.city is None and self.city_maker is not None:
            if not self._city_timer.isActive():
                self._city_timer.start()  # the table first, the city once start-up is done
        p = QPainter(self)
        p.fillRect(self.rect(), S.TABLE)
        img = self.backdrop()
        if img is not None:  # in the middle of the room right of the column
            dpr = img.devicePixelRatio()
            w, h = img.width() / dpr, img.height() / dpr
            left = COLUMN_WIDTH + 40
            # made for another size (a resize not yet settled): scaled to fit meanwhile
            fit = min((self.width() - left) / max(1.0, w), self.height() / max(1.0, h))
            if abs(fit - 1) > 0.01:
                w, h = w * fit, h * fit
                p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            p.drawImage(QRectF(left + (self.width() - left - w) / 2, (self.height() - h) / 2, w, h), img)
        shade = QLinearGradient(0, 0, COLUMN_WIDTH + 80, 0)
        shade.setColorAt(0, QColor(0, 0, 0, 70))
        shade.setColorAt(1, QColor(0, 0, 0, 0))
        p.fillRect(QRectF(0, 0, COLUMN_WIDTH + 80, self.height()), shade)
        p.end()


class HomePart(QObject):
    """Shows the home view while the window has no game; reads the
    unfinished games for its Continue card (beside the window)."""

    def __init__(
        self,
        ctrl: GameController,
        table: QWidget,
        commands: HomeCommands,
        saves,
        kept_seat: Callable[[], object],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.ctrl = ctrl
        self.commands = commands
        self._saves = saves
        self._kept_seat = kept_seat
        self.view = HomeView(table)
        self.view.hide()
        # the first game's one-time work, done ahead once the home view has painted (prewarm.py)
        self.prewarm = Prewarm(self.view, lambda: table_steps(table, self.view), self)
        self.last: SaveSummary | None = None
        self.scan: ResumeScan | None = None
        self.looked = False  # the unfinished games were read once (at start-up)
        table.installEventFilter(self)
        v = self.view
        v.continueRequested.connect(self.continue_last)
        v.allGamesRequested.connect(commands.all_games.trigger)
        v.newGameRequested.connect(commands.new_game)
        v.tutorialRequested.connect(commands.tutorial.trigger)
        v.puzzlesRequested.connect(commands.puzzles.trigger)
        v.onlineRequested.connect(commands.online.trigger)
        v.sandboxRequested.connect(commands.sandbox.trigger)
        ctrl.gameStarted.connect(self.sync)
        # Game → Home, after a game (the end view has its own Home button)
        self.action = QAction(translate("Home", "Hom&e"), self)
        self.action.setObjectName("action_home")
        self.action.setStatusTip(translate("Home", "Put the finished game away and go back to the home screen"))
        self.action.triggered.connect(self.go_home)
        self.action.setEnabled(False)

    def add_to_menu(self, before: QAction) -> QAction:
        """Game → Home in the menus that hold `before`, above it; the action."""
        for menu in before.associatedObjects():
            if isinstance(menu, QMenu):
                menu.insertAction(before, self.action)
        return self.action

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and self.view.isVisible():
            self.view.place()
        return False

    @property
    def shown(self) -> bool:
        return self.view.isVisible()

    def go_home(self) -> None:
        """After a game (the end view's Home, Game → Home): the window lets
        go of the finished game and the home view comes over the table, its
        Continue card read anew (the finished game has left it)."""
        self.commands.leave_game()
        self.sync()
        self.look()

    def sync(self) -> None:
        """Shown exactly while the window holds no game; Home offered while
        it holds a finished one."""
        view = self.ctrl.session.view()
        self.action.setEnabled(view is not None and view.is_over)
        want = not self.ctrl.session.has_game
        if want and not self.view.isVisible():
            if self.view.city is None and self.view.city_maker is None:
                from bigcity_desktop.present.ending import showcase_city

                self.view.city_maker = showcase_city
            self.view.place()
            self.view.show()
            self.view.raise_()
            buttons = self.view.buttons()
            if buttons:
                buttons[0].setFocus()
        elif not want and self.view.isVisible():
            self.view.hide()

    def look(self) -> None:
        """Read the unfinished games beside the window (at start-up: the old
        single autosave becomes a saved game first) for the Continue card."""
        if self.scan is not None:
            return
        found: list[SaveSummary] = []
        scan = ResumeScan(self._saves(), autosave_mod.autosave_path(), self)
        self.scan = scan

        def batch(summaries: tuple[SaveSummary, ...], _read: int, _total: int) -> None:
            found.extend(summaries)

        def finished() -> None:
            self.scan = None
            self.looked = True
            self.show_last(found)
            scan.deleteLater()

        scan.found.connect(batch)
        scan.finished.connect(finished)
        scan.start()

    def show_last(self, found: list[SaveSummary]) -> None:
        """The Continue card for the newest game that can be played on."""
        playable = [s for s in found if not s.busy and s.damaged is None]
        self.last = playable[0] if playable else None
        more = len(playable) > 1 or self._kept_seat() is not None or len(found) > len(playable)
        if self.last is None:
            self.view.set_last(None, None, more)
            return
        from bigcity_desktop.game.gamefiles.continue_dialog import describe, thumbnail

        pic = thumbnail(self.last, 96, self.view.devicePixelRatioF())
        self.view.set_last(describe(self.last), pic, more)
        if self.view.isVisible():
            self.view.continue_button.setFocus()

    def continue_last(self) -> None:
        if self.last is not None:
            self.commands.continue_game(self.last)
