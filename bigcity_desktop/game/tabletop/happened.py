"""See what happened (issue 46.5): each player's strip says their last move
(game/tabletop/playerstrips.py, from the presenter's rows), pointing at a strip lights
the lots that move built on, and when the turn comes back to a person after
the others have played, a short "since your turn" line fades in on the
hand's title row, never over the board.

The words are the presenter's (``present.since_turn``,
``presenters.since_turn_line``); this part only shows them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEasingCurve, QModelIndex, QObject, QPropertyAnimation, QSize, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsOpacityEffect, QLabel, QSizePolicy, QWidget

from bigcity_desktop.game.core import wording as presenters
from bigcity_desktop.game.core.models import ColourRole, LastLotsRole

if TYPE_CHECKING:  # pragma: no cover
    from bigcity_desktop.game.core.controller import GameController
    from bigcity_desktop.scene import CityScene

    from .panels import HandPanel
    from .playerstrips import PlayerStrips

#: how long the lots of a pointed-at strip's last move stay lit, and the fade-in of the summary
LIGHT_MS = 1600
FADE_MS = 450
#: the least room for the line on the hand's title row (else it goes to the status bar)
MIN_ROOM = 160


class SinceLine(QLabel):
    """One line that fades in: as wide as the room the row leaves it
    (`room`), elided to it, whole in its tooltip."""

    def __init__(self, room: Callable[[], int], parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("sinceYourTurn")
        self.room = room
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)
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

    def say(self, text: str, animate: bool) -> bool:
        """Show `text` (fading in); False when the row has no room for it."""
        self._full = text
        self.setToolTip(text)
        self.setAccessibleName(text)
        fits = bool(text) and self.room() >= MIN_ROOM
        self.setFixedWidth(self.wanted() if fits else 0)
        self._elide()
        self.setVisible(fits)
        if text and animate:
            self._fade.stop()
            self._fade.setStartValue(0.0)
            self._fade.setEndValue(1.0)
            self._fade.start()
        else:
            self._effect.setOpacity(1.0)
        return fits or not text

    def wanted(self) -> int:
        """Its width: the whole line, or the room the row leaves it."""
        return max(0, min(self.fontMetrics().horizontalAdvance(self._full) + 8, self.room()))

    def sizeHint(self) -> QSize:
        return QSize(self.wanted(), super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:
        return QSize(0, super().minimumSizeHint().height())

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
        hand: HandPanel,
        animations: Callable[[], bool],
        show_message: Callable[[str], None],
        parent: QObject | None = None,
    ):
        super().__init__(parent)
        self.ctrl = ctrl
        self.scene = scene
        self.hand = hand
        self.line = SinceLine(self._room)
        hand.title_row.addWidget(self.line, 0)
        self.animations = animations
        self.show_message = show_message
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

    def _room(self) -> int:
        """What the hand's title row leaves after its caption and the turn's line on one line."""
        row = self.hand.title_row
        used = sum(
            row.itemAt(i).widget().sizeHint().width()  # type: ignore[union-attr]
            for i in range(row.count())
            if row.itemAt(i).widget() not in (None, self.line, self.hand.turn_label)
        )
        label = self.hand.turn_label
        turn = label.fontMetrics().horizontalAdvance(label.text()) + 8
        return self.hand.width() - used - turn - (row.count() + 1) * row.spacing() - 16

    def _your_turn(self, seat: int) -> None:
        v = self.ctrl.session.view()
        text = presenters.since_turn_line(v, seat, self.ctrl.session.name) if v is not None else ""
        if not self.line.say(text, self.animations()):
            self.show_message(text)  # no room beside the turn's line: the status bar says it

    def _applied(self, player: int, _action: object) -> None:
        s = self.ctrl.session
        if s.is_human(player) and player == s.seat:
            self.line.say("", False)  # the player has moved: the summary has been read
