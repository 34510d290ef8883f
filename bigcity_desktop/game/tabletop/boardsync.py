"""The board follows a network table in a turn of its own (issue 45.6).

A server may send moves faster than the window shows them; the session
takes what came at once (merged by its inbox) and paints it as one frame in
stages (session/remote.py: RemoteSession._take): the window's models, the
strips, the Supply and the log follow the view in the take and paint in the
next turn of the event loop; the board would add its own work to that turn,
and after a burst of moves it repaints much of the city. So at a network
table the board takes the city in the frame's board turn
(`GameSession.paint_turn`), after a rest, from the session's view as it
stands then, and paints in the turn after: the board follows at most once
per frame. A paint makes new buildings' pictures for
:data:`PICTURE_BUDGET` at most, the rest in the next turns
(scene/sprites.py). A local game's board follows at once, as it always did.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject

from bigcity_desktop.scene import CityScene
from bigcity_desktop.session.base import GameSession

#: seconds of new buildings' pictures one paint of the board makes at a network table (scene/sprites.py)
PICTURE_BUDGET = 0.008
#: ms a network table's board rests between a paint and the next that makes the pictures it left
#: (every timer of the window has its turn in between, as between the stages of a frame)
PICTURES_REST_MS = 12


class BoardSync(QObject):
    """Shows the session's city on the board: at once, or (a network table) in its frame's board turn."""

    def __init__(
        self, scene: CityScene, session: Callable[[], GameSession], colours: Callable[[], dict], parent=None
    ) -> None:
        super().__init__(parent)
        self._scene = scene
        self._session = session
        self._colours = colours
        # no motion while the session is hurried (the moves come faster than the window shows them)
        scene.hurry = lambda: self._session().hurried

    def follow(self) -> None:
        """The session's view changed: the board follows it (see the module text)."""
        session = self._session()
        # at a network table a paint makes new buildings' pictures for so long, the rest in the next turns
        leaves = session.traits.leaves
        self._scene.picture_budget = PICTURE_BUDGET if leaves else None
        self._scene.pictures_rest = PICTURES_REST_MS if leaves else 0
        session.paint_turn(self.now, lambda: self._scene.pictures_due)

    def now(self) -> None:
        """The board shows the session's city as it stands."""
        v = self._session().view()
        if v is not None:
            self._scene.set_city(v.city, self._colours())
