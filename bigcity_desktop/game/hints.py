"""The bots' hint in the game window (Play → Hint, H).

The hint is thought out on a worker from the player's own view (never the
whole game), for the position it was asked in: when the game moved on
meanwhile (an automatic draw) it is thought again for the new one. The
hinted move is outlined on the board (or its cards ticked in the hand) and
its reason stays in the status bar, both until a move is made.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QStatusBar

from bigcity_desktop.bots.hint import hint
from bigcity_desktop.engine import Action, Build, Exchange, Offer, PlaceStreetcar, PlaceTile
from bigcity_desktop.engine.city import tile_cells
from bigcity_desktop.game.core.wording import sentence
from bigcity_desktop.i18n import translate
from bigcity_desktop.scene import CityScene
from bigcity_desktop.session import worker

if TYPE_CHECKING:
    from bigcity_desktop.game.core.controller import GameController


def hint_function() -> Callable[..., tuple[Action, str]] | None:
    """The hint function (a function, so that tests can stand in for it)."""
    return hint


class Hints(QObject):
    """The hint: asked, thought out, shown, and dropped when a move is made."""

    hintReady = Signal(object, object)  # the action, its reason (a Msg: translated where shown)

    def __init__(
        self,
        ctrl: GameController,
        scene: CityScene,
        status: QStatusBar,
        say: Callable[[str], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.ctrl = ctrl
        self.scene = scene
        self.status = status
        self.say = say  # a passing sentence in the status bar
        self.text = ""  # the hint's line in the status bar, until a move is made
        self.outline = False  # the board's selection outline shows a hint
        self._signals = worker.WorkerSignals(self)
        self._signals.done.connect(self._done)
        self._signals.failed.connect(self._failed)
        self.hintReady.connect(self.show)
        status.messageChanged.connect(self._status_message_changed)

    # ------------------------------------------------------------ asking
    def request_hint(self) -> None:
        """Play → Hint: think one out (or say why there is none)."""
        if not self.think():
            self.say(
                translate("GameWindow", "A hint is available on your turn.")
                if hint_function()
                else translate("GameWindow", "Hints are not available.")
            )
        else:
            self.say(translate("GameWindow", "Thinking of a hint…"))

    def think(self) -> bool:
        """Start thinking out a hint for the seat at the screen; False when
        there is no hint function or it is not that seat's turn."""
        fn = hint_function()
        session = self.ctrl.session
        seat_view = session.seat_view()
        if fn is None or not seat_view.my_turn() or seat_view.view is None:
            return False
        seat = seat_view.seat
        view = seat_view.view.clone()
        worker.start(session.version, lambda: fn(view, seat), self._signals)
        return True

    def _done(self, token: int, result: object) -> None:
        session = self.ctrl.session
        if token != session.version:
            # the game moved on while the hint was thought out (an automatic
            # draw, say): think again for the new position rather than drop it
            if session.has_game and session.seat_view().my_turn():
                self.think()
            else:
                self.ctrl.message.emit(
                    sentence(translate("GameController", "the hint was dropped: the turn ended before it was ready"))
                )
            return
        try:
            action, text = result  # type: ignore[misc]
        except (TypeError, ValueError):
            action, text = result, str(result)
        self.hintReady.emit(action, text)

    def _failed(self, token: int, text: str) -> None:
        self.ctrl.message.emit(
            translate("GameController", "No hint available: {reason}").format(reason=text.splitlines()[0])
        )

    # ------------------------------------------------------------ showing
    def show(self, action: object, text: object) -> None:
        """Show the hinted move: its outline on the board (or its cards ticked
        in the hand) and its reason in the status bar, both until a move is
        made (see :meth:`drop`)."""
        view = self.ctrl.session.view()
        if view is None:
            return
        rules = view.rules
        self.scene.clear_selection()
        if isinstance(action, Build):
            self.scene.select(action.properties)
        elif isinstance(action, PlaceStreetcar):
            self.scene.select(streets=[action.street])
        elif isinstance(action, PlaceTile):
            self.scene.select(list(tile_cells(rules, action.number, action.x, action.y, action.rotation).values()))
        elif isinstance(action, Exchange | Offer):
            self.ctrl.hand_model.set_checked(action.cards)  # ticked, ready for E or the offer button
        self.outline = isinstance(action, Build | PlaceStreetcar | PlaceTile)
        # sentence() translates the bots' message (a Msg) into the installed language
        reason = text if isinstance(text, str) else (str(text) if text else "")
        self.text = translate("GameWindow", "Hint: {text}").format(text=sentence(reason) if reason else str(action))
        self.status.showMessage(self.text)  # no time-out: it stays until a move is made

    def drop(self) -> None:
        """A move was made (or taken back, or a game began): the hint's outline
        and its reason belong to a position that is gone."""
        if self.outline:
            self.scene.clear_selection()
        self.outline = False
        text = self.text
        self.text = ""
        if text and self.status.currentMessage() == text:
            self.status.clearMessage()

    def _status_message_changed(self, text: str) -> None:
        """A passing message (a click on a lot, a refusal) went: the hint comes back."""
        if not text and self.text:
            self.status.showMessage(self.text)
