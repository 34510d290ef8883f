"""The end of a game as a moment (issue 25.3): before the results table, the
final city is shown whole with a banner over the board that names the
winner (a shared first place as such: the title of the engine's result)
and counts every seat's score up from 0.

The results table opens by itself when the count is done, or at once on
a click, a key or the "Show the results" button. Keys are ignored for a
moment first (:class:`~bigcity_desktop.game.core.keyguard.KeyGuard`): Enter pressed to build at the last
moment does not skip the banner. The game is over and
recorded before the moment starts: it only shows what is already so. With
the animations preference off the window skips the moment (the results
open at once over the fitted city).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEasingCurve, QEvent, QObject, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QPainter, QPen
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from bigcity_desktop.game.core.keyguard import KeyGuard
from bigcity_desktop.i18n import translate
from bigcity_desktop.scene import motion as M
from bigcity_desktop.scene import style as S

# how long the counted scores stay on show before the results open (ms)
HOLD_MS = 900


@dataclass(frozen=True)
class MomentRow:
    """One seat in the banner: its place, name, colour and final score."""

    place: int
    name: str
    colour: str
    score: int


class EndMoment(QWidget):
    """Covers the board (a child of the view) with a faint veil and a
    banner; ``done`` when the results should open (counted, or skipped)."""

    done = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("EndMoment")
        self.setAccessibleName(translate("EndMoment", "The end of the game"))
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.motion = M.Motion(self)
        self._hold = QTimer(self)
        self._hold.setSingleShot(True)
        self._hold.timeout.connect(self.skip)
        self._rows: list[MomentRow] = []
        self._finished = True
        self.keys = KeyGuard(self)

        self.banner = QFrame(self)
        self.banner.setObjectName("endBanner")
        lay = QVBoxLayout(self.banner)
        lay.setContentsMargins(24, 10, 24, 10)
        lay.setSpacing(4)
        self.title = QLabel()
        self.title.setObjectName("endTitle")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setWordWrap(True)
        f = QFont(self.title.font())
        f.setPixelSize(26)
        f.setBold(True)
        self.title.setFont(f)
        lay.addWidget(self.title)
        self.reason = QLabel()
        self.reason.setObjectName("endReason")
        self.reason.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.reason.setWordWrap(True)
        lay.addWidget(self.reason)
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(14)
        self.grid.setVerticalSpacing(1)
        lay.addLayout(self.grid)
        row = QHBoxLayout()
        row.addStretch(1)
        self.skip_button = QPushButton(translate("EndMoment", "Show the results"))
        self.skip_button.setObjectName("skipButton")
        self.skip_button.setToolTip(
            translate(
                "EndMoment",
                "The results open by themselves once the scores are counted; a click or a key opens them now",
            )
        )
        self.skip_button.clicked.connect(self.skip)
        row.addWidget(self.skip_button)
        row.addStretch(1)
        lay.addLayout(row)
        self.score_labels: list[QLabel] = []
        self.hide()
        parent.installEventFilter(self)

    # -- showing
    def play(self, title: str, reason: str, rows: list[MomentRow], animate: bool = True) -> None:
        """Name the winner and count the scores up (at once without `animate`)."""
        self.motion.finish()
        self._hold.stop()
        self._finished = False
        self._rows = list(rows)
        self.title.setText(title)
        self.reason.setText(reason)
        self.reason.setVisible(bool(reason))
        while self.grid.count():
            item = self.grid.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:
                w.deleteLater()
        self.score_labels = []
        big = QFont(self.font())
        big.setPixelSize(17)
        for i, r in enumerate(self._rows):
            place = QLabel(f"{r.place}.")
            name = QLabel(r.name)
            score = QLabel("0" if animate else str(r.score))
            score.setObjectName(f"endScore{i}")
            score.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            font = QFont(big)
            font.setBold(r.place == 1)
            for c, w in enumerate((place, name, score)):
                w.setFont(font)
                self.grid.addWidget(w, i, c)
            name.setStyleSheet(f"color: {QColor(r.colour).name()};")
            self.score_labels.append(score)
        self.restyle()
        self._place()
        self.raise_()
        self.show()
        self.setFocus()
        self.keys.hold(self)
        if animate:
            self.motion.start(M.COUNT_MS, self._count, self._counted, QEasingCurve.Type.OutCubic, M.COUNT_MS)
        else:
            self._counted()

    def restyle(self) -> None:
        """The board's panel colours (light or dark, scene/style.py)."""
        ink = S.PANEL_TEXT.name()
        self.banner.setStyleSheet(f"#endBanner QLabel {{ color: {ink}; }}")
        self.update()

    def _count(self, t: float) -> None:
        for lab, r in zip(self.score_labels, self._rows):
            lab.setText(str(round(r.score * t)))

    def _counted(self) -> None:
        self._count(1.0)
        if not self._finished:
            self._hold.start(HOLD_MS)

    @property
    def counting(self) -> bool:
        return self.motion.running

    def shown_scores(self) -> list[str]:
        return [lab.text() for lab in self.score_labels]

    def skip(self) -> None:
        """Now: the scores at their end, the moment gone, ``done``."""
        if self._finished:
            return
        self.cancel()
        self.done.emit()

    def cancel(self) -> None:
        """Gone without opening the results (a new game, a move taken back)."""
        was_shown = self.isVisible()
        self._finished = True
        self.motion.finish()
        self._hold.stop()
        self.hide()
        view = self.parentWidget()
        if was_shown and hasattr(view, "top_room"):  # the board has its top back
            view.top_room = 0  # type: ignore[union-attr]
            view.refit()  # type: ignore[union-attr]

    @property
    def active(self) -> bool:
        return not self._finished

    # -- geometry and events
    def _place(self) -> None:
        parent = self.parentWidget()
        if parent is None:
            return
        self.setGeometry(parent.rect())
        self.banner.adjustSize()
        hint = self.banner.sizeHint()
        w = min(max(hint.width(), 360), max(200, self.width() - 24))
        h = min(hint.height(), max(120, self.height() - 24))
        self.banner.setGeometry((self.width() - w) // 2, 10, w, h)
        if hasattr(parent, "top_room"):  # the city is fitted under the banner, whole
            parent.top_room = 10 + h + 6  # type: ignore[attr-defined]

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if obj is self.parentWidget() and event.type() == QEvent.Type.Resize and self.isVisible():
            self._place()
        return False

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        veil = QColor(S.TABLE)
        veil.setAlpha(70)
        p.fillRect(self.rect(), veil)
        r = QRectF(self.banner.geometry()).adjusted(0.5, 0.5, -0.5, -0.5)
        p.setPen(QPen(S.PANEL_EDGE, 1.5))
        p.setBrush(S.panel_colour(238))
        p.drawRoundedRect(r, 12, 12)
        p.end()

    def mousePressEvent(self, event) -> None:
        event.accept()
        self.skip()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.isAutoRepeat():  # a key held down since the move before skips nothing
            event.accept()
            return None
        if event.key() in (Qt.Key.Key_Shift, Qt.Key.Key_Control, Qt.Key.Key_Alt, Qt.Key.Key_Meta):
            return super().keyPressEvent(event)
        event.accept()
        self.skip()


__all__ = ["HOLD_MS", "EndMoment", "MomentRow"]
