"""The home view's city never stops the window (issue 45.6): its picture
(the model city in the city view, 180-200 ms of CPU to make) is kept across
returns to Home, drawn scaled while a resize goes on and made anew, once the
size has settled, in a worker thread (``game/shell/backdrop.py``).

The event loop is probed with a 10 ms QTimer (the Probe of
tests/gui/test_network_flood.py) while a network session ends and the window
goes back to Home, and while the window is resized step by step, until the
new picture has come (an event, not a time). The GUI thread's own CPU time
between two ticks is held to the issue's 100 ms; the wall clock's longest
gap too, with the load-tolerant retry of tests/gui/test_responsiveness.py
(a shared machine's scheduler may stretch one gap: a run passes if any of
three does)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QColor

from bigcity_desktop.game.shell.home import COLUMN_WIDTH
from bigcity_desktop.scene import style as S

from .test_network_flood import LIMIT, Probe, _in_game, serve  # noqa: F401  (serve: the fixture)

pytestmark = pytest.mark.slow


def _home_drawn(qtbot, window) -> None:
    """The home view over the table, its city picture made for its size."""
    view = window.home.view
    qtbot.waitUntil(lambda: window.home.shown and view.city is not None, timeout=60000)
    view.repaint()  # asks for the picture of this size
    qtbot.waitUntil(lambda: view.drawn.current, timeout=60000)


def _resize_steps(qtbot, window, steps: int) -> None:
    """The window dragged larger and back, a step per event-loop turn."""
    w0, h0 = window.width(), window.height()
    sizes = [(w0 + 12 * i, h0 + 8 * i) for i in range(1, steps + 1)]
    sizes += list(reversed(sizes))[1:] + [(w0 + 40, h0 + 30)]
    for w, h in sizes:
        window.resize(w, h)
        _one_turn(qtbot)


def _one_turn(qtbot) -> None:
    """The event loop has gone round once (the resize painted)."""
    done: list[bool] = []
    QTimer.singleShot(0, lambda: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=10000)


def _within(probe: Probe) -> bool:
    return probe.ticks >= 5 and probe.worst < LIMIT


def test_going_back_home_and_resizing_never_stop_the_event_loop(qtbot, window, serve):  # noqa: F811
    view = window.home.view
    _home_drawn(qtbot, window)
    runs = []
    for _attempt in range(3):
        # a network session ends: the window goes back to Home (its dock hides, the table grows)
        size = view.size()
        server = serve("views", rate=3)
        session = _in_game(qtbot, window, server)
        assert not window.home.shown
        made = view.drawn.made_count
        back = Probe()
        session.close()
        window.network._back_home()
        _home_drawn(qtbot, window)
        qtbot.waitUntil(lambda probe=back: probe.ticks >= 10, timeout=20000)  # a few turns with Home up
        back.stop()
        remade = view.drawn.made_count - made
        if view.size() == size:
            assert remade == 0, "the picture was made again for the same city and size"
        # the window is resized: the old picture scaled at once, the new one once the size settles
        made = view.drawn.made_count
        resized = Probe()
        _resize_steps(qtbot, window, 8)
        _home_drawn(qtbot, window)
        resized.stop()
        made_in_resize = view.drawn.made_count - made
        runs.append(
            (
                f"back home: {back.worst * 1000:.0f} ms (cpu {back.worst_cpu * 1000:.0f}) over {back.ticks} ticks, "
                f"{remade} made",
                f"resize: {resized.worst * 1000:.0f} ms (cpu {resized.worst_cpu * 1000:.0f}) over {resized.ticks} "
                f"ticks, {made_in_resize} made",
            )
        )
        print(runs[-1])
        # the GUI thread's own work between two ticks: the 100 ms, strictly, every run
        assert back.worst_cpu < LIMIT and resized.worst_cpu < LIMIT, runs
        assert made_in_resize <= 3, runs  # not one picture per step of the resize
        if _within(back) and _within(resized):
            return
    raise AssertionError(f"the event loop stopped 100 ms or more in every run: {runs}")


def test_the_home_view_shows_the_city_after_a_resize(qtbot, window):
    view = window.home.view
    _home_drawn(qtbot, window)
    first = view.drawn.picture()
    assert first is not None and not first.isNull()
    window.resize(window.width() + 120, window.height() + 60)
    _home_drawn(qtbot, window)
    img = view.drawn.picture()
    assert img is not None and img is not first
    dpr = img.devicePixelRatio()
    room = view.width() - COLUMN_WIDTH - 40
    # the city fits the room right of the column, touching it on one side
    w, h = img.width() / dpr, img.height() / dpr
    assert min(abs(w - room), abs(h - view.height())) <= 2, (w, h, room, view.height())
    shot = view.grab().toImage()
    table = QColor(S.TABLE).rgb()
    x0 = COLUMN_WIDTH + 40
    differ = sum(
        1
        for x in range(x0, shot.width(), 16)
        for y in range(0, shot.height(), 16)
        if shot.pixelColor(x, y).rgb() != table
    )
    assert differ > 50, "the city is not drawn right of the column"


def test_a_picture_for_a_room_wanted_no_more_is_dropped(qtbot):
    from bigcity_desktop.game.shell.backdrop import Backdrop
    from bigcity_desktop.present.ending import showcase_city

    city = showcase_city()
    drawn = Backdrop()
    drawn.want(city, 300, 200, 1.0)  # the first picture: made at once
    qtbot.waitUntil(lambda: drawn._thread is not None, timeout=10000)
    drawn.want(city, 500, 400, 1.0)  # while it is made, the room grows
    qtbot.waitUntil(lambda: drawn.current, timeout=60000)
    img = drawn.picture()
    assert img is not None and (img.width() == 500 or img.height() == 400)  # the room's own, not the first
    assert drawn.made_count == 2  # the first was made and dropped


def test_closing_the_window_while_its_picture_is_made(qtbot, window):
    from bigcity_desktop.game.shell import backdrop

    view = window.home.view
    _home_drawn(qtbot, window)
    window.resize(window.width() + 50, window.height() + 50)
    view.repaint()
    qtbot.waitUntil(lambda: bool(backdrop._RUNNING), timeout=10000)  # a render runs in its thread
    window.close()
    qtbot.waitUntil(lambda: not backdrop._RUNNING, timeout=60000)  # it ends, its picture going nowhere
    backdrop.wait_renders()


def test_a_picture_whose_view_is_gone_goes_nowhere(qtbot):
    import shiboken6

    from bigcity_desktop.game.shell import backdrop
    from bigcity_desktop.present.ending import showcase_city

    drawn = backdrop.Backdrop()
    drawn.want(showcase_city(), 400, 300, 1.0)
    qtbot.waitUntil(lambda: bool(backdrop._RUNNING), timeout=10000)
    shiboken6.delete(drawn)  # the view (and its Backdrop) deleted while the render runs
    qtbot.waitUntil(lambda: not backdrop._RUNNING, timeout=60000)
    _one_turn(qtbot)  # the queued picture is delivered to no one


def test_the_picture_follows_the_colour_scheme(qtbot, window):
    view = window.home.view
    _home_drawn(qtbot, window)
    light = view.drawn.picture()
    S.set_scheme("dark")
    try:
        view.update()
        qtbot.waitUntil(lambda: view.drawn.picture() is not light and view.drawn.current, timeout=60000)
        img = view.drawn.picture()
        assert img is not None and img.pixelColor(0, 0).rgb() == S.TABLE.rgb()  # the dark table around the city
    finally:
        S.set_scheme("light")
