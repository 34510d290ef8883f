"""The end of a game inside the table (issue 46.8), after the end moment's
banner: the places on a podium, the finished city as the model city
turning slowly, each player's best move of the game, the score race drawn
growing round by round, and Rematch (the same seats, a new seed), New game,
Replay, Analyze and Home (back to the home view, ``shell/home.py``); the points by building type under them, the whole width.

What it shows is worked out Qt-free (``present/ending.py``); this module
only draws it. :class:`EndView` is the results (``dialogs.ResultsDialog``:
the same headline, record note, table and buttons) laid over the table as
a part of it, not as a window of its own."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, QTimer, QVariantAnimation, Signal
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from bigcity_desktop.engine.city import City
from bigcity_desktop.engine.state import GameState
from bigcity_desktop.game.core.controller import GameConfig, SeatConfig
from bigcity_desktop.game.core.wording import event_line
from bigcity_desktop.game.dialogs import ResultsDialog
from bigcity_desktop.i18n import translate
from bigcity_desktop.present.ending import Ending, Place, ScoreRace, ending
from bigcity_desktop.scene import style as S
from bigcity_desktop.scene.render import city_view_image

# how long the race takes to draw (ms)
RACE_MS = 2400
# how long the city stands before the camera turns a quarter (ms)
TURN_MS = 5000


def rematch_config(state: GameState, players, allow_take_backs: bool | None) -> GameConfig:
    """The same seats (names, kinds, colours) in the same edition, a new seed."""
    seats = [SeatConfig(p.name, p.kind, p.colour or "") for p in players]
    return GameConfig(state.rules.edition, seats, None, None, allow_take_backs)


class Podium(QWidget):
    """The first three places as steps (the winner's the highest, in the
    middle); shared places stand on the same height."""

    HEIGHTS = {1: 1.0, 2: 0.7, 3: 0.5}

    def __init__(self, places: tuple[Place, ...], name: Callable[[int], str], colour: Callable[[int], str]) -> None:
        super().__init__()
        self.setObjectName("endPodium")
        self.places = places
        self.names = {pl.player: name(pl.player) for pl in places}
        self.colours = {pl.player: QColor(colour(pl.player)) for pl in places}
        self.setMinimumHeight(110)
        self.setMaximumHeight(170)
        self.setAccessibleName(
            "; ".join(
                translate("EndView", "{place}. {name}, {score} points").format(
                    place=pl.place, name=self.names[pl.player], score=pl.score
                )
                for pl in places
            )
        )

    def paintEvent(self, event) -> None:
        top = [pl for pl in self.places if pl.place <= 3][:3]
        if not top:
            return
        order = [top[1], top[0], top[2]] if len(top) == 3 else ([top[1], top[0]] if len(top) == 2 else top)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w = self.width() / len(order)
        label_h = 2.4 * self.fontMetrics().height()
        room = self.height() - label_h - 2
        ink = self.palette().windowText().color()
        for i, pl in enumerate(order):
            h = room * self.HEIGHTS.get(pl.place, 0.4)
            step = QRectF(i * w + 4, self.height() - h, w - 8, h)
            colour = self.colours[pl.player]
            p.setPen(QPen(colour.darker(140), 1.5))
            p.setBrush(colour)
            p.drawRoundedRect(step, 4, 4)
            f = QFont(self.font())
            f.setBold(True)
            f.setPointSizeF(f.pointSizeF() * 1.6)
            p.setFont(f)
            p.setPen(QColor("white") if colour.lightness() < 150 else QColor("black"))
            p.drawText(step, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, str(pl.place))
            p.setFont(self.font())
            p.setPen(ink)
            name = self.fontMetrics().elidedText(self.names[pl.player], Qt.TextElideMode.ElideRight, int(w - 4))
            label = QRectF(i * w, self.height() - h - label_h, w, label_h)
            points = translate("EndView", "{score} points").format(score=pl.score)
            p.drawText(label, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, f"{name}\n{points}")
        p.end()


class RaceChart(QWidget):
    """The scores after each round, the lines drawn growing from the first
    round to the last (``progress`` from 0 to 1; at once without motion)."""

    def __init__(self, race: ScoreRace, colours: list[QColor], animate: bool) -> None:
        super().__init__()
        self.setObjectName("endRace")
        self.race = race
        self.colours = colours
        self.setMinimumHeight(110)
        self.setAccessibleName(translate("EndView", "The score race, round by round"))
        self.progress = 1.0
        self.motion = QVariantAnimation(self)
        self.motion.setStartValue(0.0)
        self.motion.setEndValue(1.0)
        self.motion.setDuration(RACE_MS)
        self.motion.valueChanged.connect(self._step)
        if animate and len(race.scores) > 1:
            self.progress = 0.0

    def start(self) -> None:
        if self.progress < 1.0:
            self.motion.start()

    def _step(self, value: object) -> None:
        self.progress = float(value) if isinstance(value, float) else 1.0
        self.update()

    def paintEvent(self, event) -> None:
        steps = self.race.scores
        if len(steps) < 2:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        fm = self.fontMetrics()
        left, bottom = fm.horizontalAdvance("000") + 6, fm.height() + 4
        area = QRectF(left, 4, self.width() - left - 8, self.height() - bottom - 8)
        top = max(1, self.race.top)
        ink = self.palette().windowText().color()
        p.setPen(QPen(ink, 1))
        p.drawLine(area.bottomLeft(), area.bottomRight())
        p.drawText(QRectF(0, area.top() - 2, left - 4, fm.height()), Qt.AlignmentFlag.AlignRight, str(top))
        p.drawText(QRectF(0, area.bottom() - fm.height(), left - 4, fm.height()), Qt.AlignmentFlag.AlignRight, "0")
        rounds = translate("EndView", "round {n}").format(n=self.race.rounds[-1])
        p.drawText(
            QRectF(area.left(), area.bottom() + 2, area.width(), fm.height()), Qt.AlignmentFlag.AlignRight, rounds
        )
        last = len(steps) - 1
        reach = self.progress * last  # how far along the rounds the lines have grown
        for player in range(len(steps[0])):
            path = QPainterPath()
            for i in range(last + 1):
                if i > reach + 1:
                    break
                score = float(steps[i][player])
                if i > reach:  # the step being drawn: part of the way
                    prev = steps[i - 1][player]
                    t = reach - (i - 1)
                    score = prev + (score - prev) * t
                    x = area.left() + area.width() * (i - 1 + t) / last
                else:
                    x = area.left() + area.width() * i / last
                pt = QPointF(x, area.bottom() - area.height() * score / top)
                path.moveTo(pt) if i == 0 else path.lineTo(pt)
            p.setPen(QPen(self.colours[player], 2.5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)
        p.end()


class CityPicture(QWidget):
    """The finished city as the model city, turning a quarter every few
    seconds while motion is on."""

    def __init__(self, city: City, colours: dict[int, QColor], turning: bool) -> None:
        super().__init__()
        self.setObjectName("endCity")
        self.city = city
        self.colours = colours
        self.rotation = 0
        # the city drawn at each quarter turn for one size: about 0.4 s each, drawn once
        self._images: dict[tuple[int, int, int], QImage] = {}
        self.setMinimumSize(200, 160)
        self.setAccessibleName(translate("EndView", "The finished city"))
        self.timer = QTimer(self)
        self.timer.setInterval(TURN_MS)
        self.timer.timeout.connect(self.turn)
        if turning:
            self.timer.start()

    def turn(self) -> None:
        self.rotation = (self.rotation + 1) % 4
        self.update()

    def paintEvent(self, event) -> None:
        key = (self.width(), self.height(), self.rotation)
        img = self._images.get(key)
        if img is None:
            img = city_view_image(
                self.city, self.width(), self.height(), self.colours, self.rotation, self.devicePixelRatioF()
            )
            self._images = {k: v for k, v in self._images.items() if k[:2] == key[:2]}
            self._images[key] = img
        p = QPainter(self)
        p.fillRect(self.rect(), S.TABLE)
        if not img.isNull():
            dpr = img.devicePixelRatio()
            w, h = img.width() / dpr, img.height() / dpr
            p.drawImage(QRectF((self.width() - w) / 2, (self.height() - h) / 2, w, h), img)
        p.end()


class EndView(ResultsDialog):
    """The results laid over the table: the podium, the best moves and the
    race at the left, the city turning at the right, the points by type
    under both, the buttons below. ``rematchRequested`` asks for the same seats again."""

    rematchRequested = Signal()
    homeRequested = Signal()  # back to the home view (HomePart.go_home)

    def __init__(self, controller, parent: QWidget, record_lines=None, animate: bool = True, rematch: bool = True):
        super().__init__(controller, parent, record_lines=record_lines)
        self.setWindowFlags(Qt.WindowType.Widget)  # a part of the table, not a window
        self.setObjectName("EndView")
        self.setAutoFillBackground(True)
        session = controller.session
        state: GameState | None = session.full_state()
        if state is None:  # a network seat's view holds the log's recent events only: its record, all of them
            record = session.final_record()
            state = record.state if record is not None else session.view()
        assert state is not None  # ResultsDialog needs a game
        self.ending: Ending = ending(state)
        n = state.n
        colours = [QColor(controller.colour(p)) for p in range(n)]
        self.podium = Podium(self.ending.podium, session.name, controller.colour)
        self.best_label = QLabel(self._best_lines(session.name))
        self.best_label.setObjectName("endBestMoves")
        self.best_label.setWordWrap(True)
        self.best_label.setTextFormat(Qt.TextFormat.RichText)
        self.race = RaceChart(self.ending.race, colours, animate)
        self.city = CityPicture(state.city, dict(enumerate(colours)), animate)
        buttons = self.findChild(QDialogButtonBox)
        assert buttons is not None
        self.rematch_button = buttons.addButton(translate("EndView", "Rematch"), QDialogButtonBox.ButtonRole.ActionRole)
        self.rematch_button.setObjectName("rematchButton")
        self.rematch_button.setToolTip(translate("EndView", "The same players again, with new stacks"))
        self.rematch_button.setAutoDefault(False)
        self.rematch_button.setVisible(rematch)
        self.rematch_button.clicked.connect(self._rematch)
        # Home: the finished table put away, the home view's ways into the next game
        self.home_button = buttons.addButton(translate("EndView", "Home"), QDialogButtonBox.ButtonRole.ActionRole)
        self.home_button.setObjectName("homeButton")
        self.home_button.setToolTip(
            translate("EndView", "Back to the home screen: continue a game, a new one, a lesson")
        )
        self.home_button.setAutoDefault(False)
        self.home_button.clicked.connect(self._home)
        self.replay_button.setText(translate("EndView", "Replay"))
        self._arrange(buttons)
        parent.installEventFilter(self)  # over the whole table as it is resized

    def make_chart(self, controller) -> QWidget:
        return QWidget()  # no chart's library: the race is drawn here (RaceChart)

    def eventFilter(self, watched, event) -> bool:
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self.place()
        return super().eventFilter(watched, event)

    def _best_lines(self, name: Callable[[int], str]) -> str:
        head = translate("EndView", "Best moves")
        lines = [f"<b>{head}</b>"]
        for best in self.ending.best:
            if best is None:
                continue
            lines.append(
                translate("EndView", "{move} (round {round})").format(
                    move=event_line(best.event, name).rstrip("."), round=best.round
                )
            )
        return "<br>".join(lines) if len(lines) > 1 else ""

    def _arrange(self, buttons: QDialogButtonBox) -> None:
        """The results' widgets in the end view's places."""
        lay = self.layout()
        assert isinstance(lay, QVBoxLayout)
        head = self.findChild(QLabel, "resultsHeadline")
        assert head is not None
        while lay.count():
            lay.takeAt(0)
        self.chart.hide()  # the race is drawn here instead
        lay.setContentsMargins(14, 10, 14, 10)
        top = QHBoxLayout()
        top.addWidget(head, 1)
        lay.addLayout(top)
        lay.addWidget(self.record_note)
        grid = QGridLayout()
        grid.setHorizontalSpacing(14)
        left = QVBoxLayout()
        left.addWidget(self.podium, 3)
        left.addWidget(self.best_label)
        left.addWidget(self.race, 2)
        # the points by type under both: the table's whole width, every column in sight, no scroll bar
        t = self.table
        t.resizeRowsToContents()
        t.setSizeAdjustPolicy(QAbstractScrollArea.SizeAdjustPolicy.AdjustToContents)  # as wide as its columns
        t.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        t.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        rows = t.verticalHeader().length() + t.horizontalHeader().sizeHint().height()
        t.setFixedHeight(rows + 2 * t.frameWidth() + 2)
        grid.addLayout(left, 0, 0)
        grid.addWidget(self.city, 0, 1)
        grid.addWidget(t, 1, 0, 1, 2, Qt.AlignmentFlag.AlignLeft)
        grid.setColumnStretch(0, 2)
        grid.setColumnStretch(1, 3)
        grid.setRowStretch(0, 1)
        lay.addLayout(grid, 1)
        lay.addWidget(buttons)

    def open(self) -> None:
        """Shown over the whole table (its parent), in front."""
        self.place()
        self.show()
        self.raise_()
        self.race.start()

    def place(self) -> None:
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())

    def _rematch(self) -> None:
        self.accept()
        self.rematchRequested.emit()

    def _home(self) -> None:
        self.accept()
        self.homeRequested.emit()
