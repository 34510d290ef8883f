"""See what happened (issue 46.5): each player's strip says their last move
(game/playerstrips.py, from the presenter's rows), pointing at a strip lights
the lots that move built on, and when the turn comes back to a person after
the others have played, a short "since your turn" line fades in on the
hand's title row, never over the board.

The words are the presenter's (``present.since_turn``,
``presenters.since_turn_line``); this part only shows them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEasingCurve, QModelIndex, QObject, QPropertyAnimation, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsOpacityEffect, QLabel, QSizePolicy, QWidget

from . import presenters
from .models import ColourRole, LastLotsRole

if TYPE_CHECKING:  # pragma: no cover
    from bigcity_desktop.scene import CityScene

    from .controller import GameController
    from .playerstrips import PlayerStrips

#: how long the lots of a pointed-at strip's last move stay lit, and the fade-in of the summary
LIGHT_MS = 1600
FADE_MS = 450


class SinceLine(QLabel):
    """One line that fades in: elided to its width, whole in its tooltip."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("sinceYourTurn")
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self._full = ""
        self._effect = QGraphicsOpacityEffect(self)
        self._effect.setOpacity(1.0)
        self.setGraphicsEffect(self._effect)
        self._fade = QPropertyAnimation(self._effect, b"opacity", self)
        self._fade.setDuration(FADE_MS)
        self._fade.setEasingCurve(QEasingCurve.Type.OutCubic)
        self.hide()

    @property
    def full_text(self) -> str:
        return self._full

    def say(self, text: str, animate: bool) -> None:
        self._full = text
        self.setToolTip(text)
        self.setAccessibleName(text)
        self._elide()
        self.setVisible(bool(text))
        if text and animate:
            self._fade.stop()
            self._fade.setStartValue(0.0)
            self._fade.setEndValue(1.0)
            self._fade.start()
        else:
            self._effect.setOpacity(1.0)

    def _elide(self) -> None:
        width = max(0, self.width() - 4)
        self.setText(self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, width))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._elide()


class WhatHappened(QObject):
    """The strips' pointed-at lots and the "since your turn" line."""

    def __init__(
        self,
        ctrl: GameController,
        strips: PlayerStrips,
        scene: CityScene,
        line: SinceLine,
        animations: Callable[[], bool],
        parent: QObject | None = None,
    ):
        super().__init__(parent)
        self.ctrl = ctrl
        self.scene = scene
        self.line = line
        self.animations = animations
        self._pointed_row: int | None = None
        strips.entered.connect(self._pointed)
        strips.viewportEntered.connect(self._left)
        ctrl.humanTurn.connect(self._your_turn)
        ctrl.actionApplied.connect(self._applied)
        ctrl.gameStarted.connect(lambda: self.line.say("", False))

    def _pointed(self, index: QModelIndex) -> None:
        """A strip pointed at: the lots its player's last move built on light up."""
        if index.row() == self._pointed_row:
            return
        self._pointed_row = index.row()
        lots = index.data(LastLotsRole) or []
        if lots:
            self.scene.flash_props(lots, QColor(str(index.data(ColourRole) or "#888888")), LIGHT_MS)

    def _left(self) -> None:
        self._pointed_row = None

    def _your_turn(self, seat: int) -> None:
        v = self.ctrl.session.view()
        text = presenters.since_turn_line(v, seat, self.ctrl.session.name) if v is not None else ""
        self.line.say(text, self.animations())

    def _applied(self, player: int, _action: object) -> None:
        s = self.ctrl.session
        if s.is_human(player) and player == s.seat:
            self.line.say("", False)  # the player has moved: the summary has been read
