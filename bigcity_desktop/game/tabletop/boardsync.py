"""The board follows a network table one turn of the event loop after the
rest of the window (issue 45.6).

A server may send moves faster than the window shows them; the session
takes what came at once (merged by its inbox) and the window's models, the
strips, the Supply and the log follow it in one turn of the event loop. The
board would add its own work to that turn, and after a burst of moves it
repaints much of the city: together they kept the window from answering
for longer than either. So at a network table the board takes the city a
turn later, in a turn of its own (its paint follows in the next), from the
session's view as it stands then: moves that came meanwhile are shown
together, the board follows at most once per take. A local game's board
follows at once, as it always did.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

from bigcity_desktop.scene import CityScene
from bigcity_desktop.session.base import GameSession


class BoardSync(QObject):
    """Shows the session's city on the board: at once, or (a network table) one turn later."""

    def __init__(
        self, scene: CityScene, session: Callable[[], GameSession], colours: Callable[[], dict], parent=None
    ) -> None:
        super().__init__(parent)
        self._scene = scene
        self._session = session
        self._colours = colours
        self._later = QTimer(self)
        self._later.setSingleShot(True)
        self._later.setInterval(0)
        self._later.timeout.connect(self.now)

    def follow(self) -> None:
        """The session's view changed: the board follows it (see the module text)."""
        if self._session().traits.leaves:
            if not self._later.isActive():
                self._later.start()
            return
        self.now()

    def now(self) -> None:
        """The board shows the session's city as it stands."""
        self._later.stop()
        v = self._session().view()
        if v is not None:
            self._scene.set_city(v.city, self._colours())
