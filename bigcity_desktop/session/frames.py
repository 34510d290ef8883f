"""The pace at which a network seat's window takes what the server sent
(issue 45.6): one frame per take, in stages, with the window's own timers
between them.

However fast a server sends, the client core merges its views in the inbox
(net/inbox.py: the latest view wins) while the window paints the last take,
so the window shows one view per frame and skips whatever came between.
:class:`Frames` runs a take (the session's, given as `take`) and paints it
in stages, each in a turn of the event loop of its own:

1. the take (from a posted event): the window's models follow the view;
2. the models paint (Qt's paint events, posted by the take);
3. after a rest of :data:`FRAME_REST_MS`, the board follows the view as it
   stands then (:meth:`Frames.paint_turn`; game/tabletop/boardsync.py);
4. the board paints (its new buildings' pictures over some turns, each
   after a rest); after another rest the next take may come.

A take comes at most every :data:`TAKE_EVERY_MS` and never sooner than the
last take's own work lasted. The rests are timers, not zero turns: a turn
of posted events (a take, a paint) runs before any timer that fell due
while the one before it ran, so only a rest lets every timer of the window
(a click's, an animation's) run between two stages. While a frame is under
way the client holds off reading (`working`, net/inbox.py). A session whose
takes find views merged is :attr:`~Frames.hurried` for :data:`HURRIED_FOR`:
the window shows its moves without motion.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, QTimer

#: the GUI thread takes what came from the network at most this often (and
#: never sooner after a take than that take's own work lasted)
TAKE_EVERY_MS = 30
#: the window rests this long (ms) between the stages of a frame: after the models'
#: paint before the board follows, and after the board's paint before the next take
FRAME_REST_MS = 12
#: seconds a session stays hurried after a take that found views merged
HURRIED_FOR = 1.0
#: times a frame looks at most whether the board's paint is done (its pictures), every half rest
BOARD_TURNS = 20


class Frames(QObject):
    """See the module text. `take` takes what came and acts on it, and says
    whether it found views merged or more waiting (hurried); `working` tells
    the client whether the window is at work on a frame."""

    def __init__(self, take: Callable[[], bool], working: Callable[[bool], None], parent: QObject) -> None:
        super().__init__(parent)
        self._take_what_came = take
        self._working = working
        self._taker = QTimer(self)
        self._taker.setSingleShot(True)
        # the take runs from the posted events of the next turn, not among the timers: what it
        # changes is painted in the turn after (Qt posts the paint), and the timers between (a
        # click's, the board's) have their turn first
        self._taker.timeout.connect(self._take, Qt.ConnectionType.QueuedConnection)
        self._rest = QTimer(self)
        self._rest.setSingleShot(True)
        self._rest.setInterval(FRAME_REST_MS)
        self._rest.timeout.connect(self._board_turn)
        self._next_take = 0.0  # time.monotonic() before which the next take waits
        self._framing = False  # a take is on its way, or its frame is being painted
        self._woken = False  # something came meanwhile
        self._closed = False
        # the board's following for the frame's board turn, and whether its paint still has work to come
        self._board: tuple[Callable[[], None], Callable[[], bool]] | None = None
        self._board_due = False  # the frame's board turn is still to come
        self._board_looks = 0
        self._hurried_at = -HURRIED_FOR  # time.monotonic() of the last take that found views merged

    @property
    def hurried(self) -> bool:
        """A take less than :data:`HURRIED_FOR` ago found views merged or more waiting."""
        return time.monotonic() - self._hurried_at < HURRIED_FOR

    def wake(self) -> None:
        """Something came: taken at once, or once the frame under way is painted."""
        if self._framing:
            self._woken = True
        else:
            self._framing = True  # a take is on its way
            self._taker.start(max(0, round((self._next_take - time.monotonic()) * 1000)))

    def paint_turn(self, paint: Callable[[], None], busy: Callable[[], bool]) -> None:
        """`paint` in the board's turn of the frame under way (the latest
        given wins), or at once outside a frame; the frame ends once `busy`
        is false (the board's paint left nothing to later turns)."""
        if self._board_due and not self._closed:
            self._board = (paint, busy)
        else:
            paint()

    def close(self) -> None:
        """No take any more."""
        self._taker.stop()
        self._rest.stop()
        self._closed = self._framing = True
        self._board = None

    def _take(self) -> None:
        """Stage 1."""
        start = time.monotonic()
        self._working(True)
        self._woken = False
        self._board_due = True
        QTimer.singleShot(0, self, self._models_painted)  # (zero timers run after the paint events posted before them)
        if self._take_what_came():
            self._hurried_at = start
            self._woken = True
        now = time.monotonic()
        self._next_take = now + max(TAKE_EVERY_MS / 1000, now - start)

    def _models_painted(self) -> None:
        """Stage 2 is over: the board follows after a rest (none to follow: the frame ends)."""
        if self._closed:
            return
        if self._board is None:
            self._board_due = False
            self._frame_done()
        else:
            self._rest.start()

    def _board_turn(self) -> None:
        """Stage 3: the board follows the view; it paints in the next turn (stage 4)."""
        board, self._board_due = self._board, False
        if self._closed or board is None:
            return
        board[0]()
        self._board_looks = 0
        QTimer.singleShot(0, self, self._board_painted)

    def _board_painted(self) -> None:
        """Stage 4: once the board has painted all (its new buildings' pictures may
        take some turns: scene/sprites.py), the frame ends."""
        board = self._board
        self._board_looks += 1
        if board is not None and board[1]() and self._board_looks < BOARD_TURNS and not self._closed:
            QTimer.singleShot(FRAME_REST_MS // 2, self, self._board_painted)  # (its next paint waits a rest)
            return
        self._board = None
        self._frame_done()

    def _frame_done(self) -> None:
        """The frame is painted: the client reads again, the next take waits for the rest."""
        if self._closed:
            return
        self._next_take = max(self._next_take, time.monotonic() + FRAME_REST_MS / 1000)
        self._working(False)
        self._framing = False
        if self._woken:
            self._woken = False
            self.wake()
