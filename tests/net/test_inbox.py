"""The client's events wait in an inbox that coalesces them: the latest view
wins (deltas merged, a whole view among them makes the merged one whole),
chat lines wait in a capped line and are handed over a few at a time, the
window is woken once per batch, and a closed inbox drops everything."""

from __future__ import annotations

from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.actions import Pass
from bigcity_desktop.net import inbox as I
from bigcity_desktop.net.client import ChatReceived, Refusal, SeatAssigned, TableChanged, ViewUpdate
from bigcity_desktop.net.protocol import SeatInfo, TableInfo

VIEW = GameState.new("original", 2, 1, ["Ann", "Ben"]).view_for(0)


def _view(at: int, full: bool = False, table: str = "t1") -> ViewUpdate:
    return ViewUpdate(table, VIEW, (), None if full else Pass(), None if full else at % 2, full, at)


def _table(moves: int) -> TableChanged:
    seats = (SeatInfo(0, "human", None, "Ann", True), SeatInfo(1, "human", None, "Ben", True))
    return TableChanged(TableInfo("t1", "T", "original", "Big City", "d", "playing", 0, seats, 0, moves, 0), 0)


def _inbox() -> tuple[I.EventInbox, list[int]]:
    wakes: list[int] = []
    return I.EventInbox(lambda: wakes.append(1)), wakes


def test_deltas_merge_into_the_latest_and_the_window_is_woken_once():
    box, wakes = _inbox()
    for at in range(1, 101):
        box.put(_view(at))
    assert len(wakes) == 1
    batch = box.take()
    (merged,) = batch.events
    assert isinstance(merged, ViewUpdate) and merged.at == 100 and not merged.full
    assert merged.by == 0 and merged.action == Pass()  # the last move's: the window applies it as a move
    assert box.merged == 99 and not batch.more
    box.put(_view(101))
    assert len(wakes) == 2  # an empty inbox wakes the window again


def test_a_whole_view_among_deltas_makes_the_merged_one_whole():
    box, _ = _inbox()
    box.put(_view(1))
    box.put(_view(2, full=True))
    box.put(_view(3))
    (merged,) = box.take().events
    assert isinstance(merged, ViewUpdate) and merged.full and merged.action is None and merged.at == 3


def test_views_merge_across_table_changes_but_not_across_a_seat_or_a_refusal():
    box, _ = _inbox()
    box.put(_view(1))
    box.put(_table(1))
    box.put(_view(2))
    box.put(_table(2))
    events = box.take().events
    assert [type(e) for e in events] == [ViewUpdate, TableChanged]  # the latest of each
    assert isinstance(events[0], ViewUpdate) and events[0].at == 2
    assert isinstance(events[1], TableChanged) and events[1].table.moves == 2
    box.put(_view(3))
    box.put(SeatAssigned("t1", 0, "tok", 1))
    box.put(_view(4))
    box.put(Refusal("stale", "Too late.", 2))
    box.put(_view(5))
    box.put(_view(6, table="t2"))  # another table's view never stands for this one's
    kinds = [type(e).__name__ for e in box.take().events]
    assert kinds == ["ViewUpdate", "SeatAssigned", "ViewUpdate", "Refusal", "ViewUpdate", "ViewUpdate"]


def test_chat_lines_wait_capped_and_are_handed_over_a_few_at_a_time():
    box, wakes = _inbox()
    for i in range(I.CHAT_KEPT + 50):
        box.put(ChatReceived("t1", 1, "Ben", f"line {i}", 0.0))
    box.put(_view(1))
    batch = box.take(chat_limit=10)
    assert batch.dropped_chat == 50 and batch.chat[0].text == "line 50" and len(batch.chat) == 10
    assert len(batch.events) == 1 and batch.more
    box.put(ChatReceived("t1", 1, "Ben", "late", 0.0))
    assert len(wakes) == 1  # still more to take: the window takes again by itself
    taken = 10
    while batch.more:
        batch = box.take(chat_limit=10)
        taken += len(batch.chat)
        assert batch.dropped_chat == 0
    assert taken == I.CHAT_KEPT + 1 and batch.chat[-1].text == "late"


def test_a_closed_inbox_drops_what_waits_and_what_comes():
    box, wakes = _inbox()
    box.put(_view(1))
    box.close()
    box.put(_view(2))
    box.put(ChatReceived("t1", 1, "Ben", "hello", 0.0))
    batch = box.take()
    assert batch.events == () and batch.chat == () and len(wakes) == 1


def test_the_client_holds_off_while_the_window_works_on_a_take():
    box, _ = _inbox()
    assert not box.window_busy()
    box.working(True)
    assert box.window_busy()
    box.working(False)
    assert not box.window_busy()
    box.working(True)
    box.close()  # a closed window holds nothing up
    assert not box.window_busy()


def test_a_whole_view_is_taken_alone():
    """A rejoin's seat and table, its whole view and what follows come
    together: the window takes them in three turns of its event loop, so the
    whole view's reading and painting are not added to the others' (issue 45.6)."""
    box, wakes = _inbox()
    seat = SeatAssigned("t1", 0, "tok", 1)
    box.put(seat)
    box.put(_table(1))
    box.put(_view(1, full=True))
    box.put(Refusal("stale", "no", 2))
    first = box.take()
    assert first.events == (seat, _table(1)) and first.more
    second = box.take()
    assert [type(e) for e in second.events] == [ViewUpdate] and second.events[0].full and second.more
    third = box.take()
    assert [type(e) for e in third.events] == [Refusal] and not third.more
    assert len(wakes) == 1  # the taker takes again while `more` says so
