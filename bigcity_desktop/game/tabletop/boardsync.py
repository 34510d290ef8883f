"""The board follows a network table one turn of the event loop after the
rest of the window (issue 45.6).

A server may send moves faster than the window shows them; the session
takes what came at once (merged by its inbox) and the window's models, the
strips, the Supply and the log follow it in one turn of the event loop. The
board would add its own work to that turn, and after a burst of moves it
repaints much of the city: together they kept the window from answering
for longer than either. So at a network table the board takes the city
:data:`FOLLOW_TURNS` turns later, when the models have painted, and paints
in a turn of its own, from the session's view as it stands then: moves that
came meanwhile are shown together, the board follows at most once per take.
A paint makes new buildings' pictures for :data:`PICTURE_BUDGET` at most,
the rest in the next turns (scene/sprites.py). A local game's board follows
at once, as it always did.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

from bigcity_desktop.scene import CityScene
from bigcity_desktop.session.base import GameSession

#: seconds of new buildings' pictures one paint of the board makes at a network table (scene/sprites.py)
PICTURE_BUDGET = 0.012
#: turns of the event loop (zero timers) the board waits at a network table: the session's take
#: runs from the posted events of one turn and the window's models paint in the next (posted
#: again), so the board takes the city in that one's timers and paints in the turn after
FOLLOW_TURNS = 2


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
        self._later.timeout.connect(self._turn)
        self._turns = 0  # turns of the event loop still to wait

    def follow(self) -> None:
        """The session's view changed: the board follows it (see the module text)."""
        leaves = self._session().traits.leaves
        # at a network table a paint makes new buildings' pictures for so long, the rest in the next turns
        self._scene.picture_budget = PICTURE_BUDGET if leaves else None
        if leaves:
            if not self._later.isActive():
                self._turns = FOLLOW_TURNS
                self._later.start()
            return
        self.now()

    def _turn(self) -> None:
        self._turns -= 1
        if self._turns > 0:
            self._later.start()
        else:
            self.now()

    def now(self) -> None:
        """The board shows the session's city as it stands."""
        self._later.stop()
        v = self._session().view()
        if v is not None:
            self._scene.set_city(v.city, self._colours())
