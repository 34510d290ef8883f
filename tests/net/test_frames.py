"""A network seat's window takes what came one frame at a time
(session/frames.py, issue 45.6): the take, the models' paint, the board's
turn after a rest, the board's paint (until its pictures are all painted),
and the next take only after another rest; views merged make the session
hurried (no motion). Every wait here is for an event (qtbot.waitUntil)."""

from __future__ import annotations

import time

from PySide6.QtCore import QObject, QTimer

from bigcity_desktop.session import frames as F


class Window(QObject):
    """A window's side of the frames: what happened, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.said: list[str] = []
        self.merged = False  # what the next take says (views merged or more waiting)
        self.pictures_left = 0  # the board's paints still to come after its turn
        self.times: dict[str, float] = {}  # when each last happened
        self.frames = F.Frames(self.take, self.working, self)

    def take(self) -> bool:
        self.said.append("take")
        self.times["take"] = time.monotonic()
        self.frames.paint_turn(self.board, self.busy)  # the board follows: in the frame's board turn
        self.frames.paint_turn(self.board, self.busy)  # (the latest given wins: once a frame)
        QTimer.singleShot(0, lambda: self.said.append("models painted"))  # as Qt's posted paint, one turn on
        return self.merged

    def board(self) -> None:
        self.said.append("board")

    def busy(self) -> bool:
        self.pictures_left -= 1
        return self.pictures_left >= 0

    def working(self, busy: bool) -> None:
        self.said.append("working" if busy else "done")
        self.times["working" if busy else "done"] = time.monotonic()


def test_a_frame_has_its_stages_in_order_with_rests_between(qtbot):
    w = Window()
    w.pictures_left = 2  # the board's paint leaves pictures to two later paints
    w.frames.wake()
    w.frames.wake()  # (one take for both)
    qtbot.waitUntil(lambda: "done" in w.said, timeout=10000)
    assert w.said == ["working", "take", "models painted", "board", "done"]
    w.said.clear()
    w.frames.wake()  # the next take waits a rest after the frame
    qtbot.waitUntil(lambda: "take" in w.said, timeout=10000)
    assert w.times["take"] - w.times["done"] >= F.FRAME_REST_MS / 1000 * 0.8  # (a coarse timer may fire 5 % early)
    qtbot.waitUntil(lambda: "done" in w.said, timeout=10000)


def test_something_that_came_during_a_frame_is_taken_after_it(qtbot):
    w = Window()
    w.frames.wake()
    qtbot.waitUntil(lambda: "take" in w.said, timeout=10000)
    w.frames.wake()  # came while the frame is painted
    qtbot.waitUntil(lambda: w.said.count("done") == 2, timeout=10000)
    assert w.said == ["working", "take", "models painted", "board", "done"] * 2


def test_outside_a_frame_the_board_follows_at_once_and_a_closed_one_takes_nothing(qtbot):
    w = Window()
    w.frames.paint_turn(w.board, w.busy)
    assert w.said == ["board"]
    w.frames.close()
    w.frames.wake()
    QTimer.singleShot(50, lambda: w.said.append("later"))
    qtbot.waitUntil(lambda: "later" in w.said, timeout=10000)
    assert w.said == ["board", "later"]


def test_views_merged_make_the_session_hurried_for_a_while(qtbot, monkeypatch):
    w = Window()
    assert not w.frames.hurried
    w.merged = True
    w.frames.wake()
    qtbot.waitUntil(lambda: "done" in w.said, timeout=10000)
    assert w.frames.hurried
    w.merged = False
    # (the session woke itself again, as more was waiting: that take found nothing merged)
    qtbot.waitUntil(lambda: w.said.count("done") == 2, timeout=10000)
    monkeypatch.setattr(F, "HURRIED_FOR", 0.0)
    assert not w.frames.hurried
