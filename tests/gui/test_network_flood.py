"""The window never waits on the network (issue 45.6): against a fake server
on 127.0.0.1 (``benchmarks/floodserver.py``, in a child process) that
floods views, deltas or chat, the GUI thread's event loop keeps ticking and
the window closes at once; a server that sends another seat's view is
refused with a sentence and left; a server that never greets is named.

The event loop is probed with a 10 ms QTimer while the flood runs (until the
server has sent a number of messages: an event, not a time). The issue's
budget is 100 ms; on a shared machine a gap is also whatever the scheduler
takes, so the budget on the wall clock is the window's own calibration (its
longest gap while views come at a calm pace, three a second) times eight,
and never less than 100 ms; the GUI thread's own CPU time between two ticks
(the window's work, which no other process stretches) is held to the 100 ms
itself. On a machine of 2 cores at a load of 10 to 17 the floods'
longest gaps measured 1 to 8 times the calm one (a single gap the scheduler
stretched); before the inbox they were 40 to 200 times it (the floods froze
the window for 13 s, 64 s and for good). The window's own work between two
ticks under deltas, since it paints one frame at a time (session/frames.py):
34 to 58 ms at a load of 2 to 6.7 (offscreen; 42 and 47 ms under Xvfb at 2.2),
65 to 93 ms before. ``benchmarks/remote_flood.py``
prints the exact figures.
"""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QTimer

from benchmarks.floodserver import FloodServer
from bigcity_desktop.net import client as net
from bigcity_desktop.session.remote import RemoteSession

pytestmark = pytest.mark.slow

_calibration: list[float] = []
#: the issue's longest stop of the window's event loop
LIMIT = 0.100


class Probe:
    """A 10 ms timer on the GUI thread: the longest gap between its ticks,
    on the wall clock (`worst`) and in the GUI thread's own CPU time
    (`worst_cpu`: the window's work between two ticks, which the machine's
    other processes do not stretch; as tests/gui/test_big_files.py measures)."""

    def __init__(self) -> None:
        self.worst = 0.0
        self.worst_cpu = 0.0
        self.ticks = 0
        self._last = time.perf_counter()
        self._last_cpu = time.thread_time()
        self.timer = QTimer()
        self.timer.setInterval(10)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        self.worst = max(self.worst, now - self._last)
        self.worst_cpu = max(self.worst_cpu, cpu - self._last_cpu)
        self._last, self._last_cpu = now, cpu
        self.ticks += 1

    def stop(self) -> float:
        self.timer.stop()
        return self.worst


@pytest.fixture
def serve():
    servers: list[FloodServer] = []

    def start(flood: str = "none", **options) -> FloodServer:
        server = FloodServer(flood, **options)
        server.start()
        servers.append(server)
        return server

    yield start
    for s in servers:
        s.stop()


def _seat(qtbot, window, server: FloodServer, **options) -> RemoteSession:
    session = RemoteSession(f"127.0.0.1:{server.port}", "Ben", settings=window.settings, **options)
    window.network.play_network(session)
    session.join("t1")
    return session


def _in_game(qtbot, window, server: FloodServer) -> RemoteSession:
    session = _seat(qtbot, window, server)
    qtbot.waitUntil(lambda: session.has_game, timeout=60000)
    window.ensure_chart()  # the first view's one-off work (the chart's import) is not the flood's
    if server.flood != "chat":
        version = session.version
        qtbot.waitUntil(lambda: session.version > version + 1, timeout=60000)  # two views more
    return session


def _budget(qtbot, window, serve) -> float:
    """The window's longest event-loop gap while whole views come three a
    second (once per module), times eight; at least 100 ms."""
    if not _calibration:
        server = serve("views", rate=3)
        session = _in_game(qtbot, window, server)
        probe = Probe()
        version = session.version
        qtbot.waitUntil(lambda: session.version >= version + 6, timeout=60000)
        _calibration.append(probe.stop())
        session.close()
        window.network._back_home()
    return max(0.100, 8 * _calibration[0])


def _batch(qtbot, server: FloodServer, count: int) -> Probe:
    """The window's probe over `count` messages of the flood; when its own
    work between two ticks reached LIMIT once, over `count` more, which
    then decide: a spike the machine made (another process's burst, a
    collection of the cycle collector) is not in the next batch, a window
    that works too long at once is in every one."""
    for _ in range(2):
        probe = Probe()
        qtbot.waitUntil(lambda start=server.sent: server.sent >= start + count, timeout=120000)
        probe.stop()
        if probe.worst_cpu < LIMIT:
            break
        print(f"one batch's own work reached {probe.worst_cpu * 1000:.0f} ms: measured again")
    return probe


@pytest.mark.parametrize(
    ("flood", "rate", "count"), [("views", 100.0, 300), ("deltas", 0.0, 4000), ("chat", 0.0, 10000)]
)
def test_a_flooding_server_never_freezes_the_window_and_closing_is_at_once(qtbot, window, serve, flood, rate, count):
    budget = _budget(qtbot, window, serve)
    server = serve(flood, rate=rate)
    session = _in_game(qtbot, window, server)
    probe = _batch(qtbot, server, count)
    worst = probe.worst
    print(
        f"{flood}: longest gap {worst * 1000:.0f} ms over {probe.ticks} ticks (budget {budget * 1000:.0f} ms), "
        f"the GUI thread's own work in it at most {probe.worst_cpu * 1000:.0f} ms (budget {LIMIT * 1000:.0f} ms)"
    )
    assert worst < budget, f"the window froze {worst * 1000:.0f} ms under a flood of {flood}"
    # the 100 ms, strictly: the window's own work between two ticks of its event loop
    assert probe.worst_cpu < LIMIT, f"the window worked {probe.worst_cpu * 1000:.0f} ms at once under {flood}"
    if flood == "chat":
        dock = window.network.table_dock.chat_log
        assert 0 < dock.count() <= 301  # the lines shown are capped (and a note of those skipped)
    # closing: the window's event loop is free at once, the client's thread ends within a second or so
    begun = time.perf_counter()
    window.close()
    freed: list[float] = []
    QTimer.singleShot(0, lambda: freed.append(time.perf_counter() - begun))
    qtbot.waitUntil(lambda: bool(freed), timeout=60000)
    thread = session.client._thread
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=60000)
    ended = time.perf_counter() - begun
    print(f"{flood}: closed, event loop free after {freed[0] * 1000:.0f} ms, client ended after {ended * 1000:.0f} ms")
    assert freed[0] < 1.0
    assert ended < 1.0 + budget  # CLOSE_WAIT and the task's wait, with the machine's own slack


def test_the_windows_own_work_under_deltas_stays_under_100_ms(qtbot, window, serve):
    """The window paints one frame at a time, whatever came between is
    skipped (session/frames.py); the moves show without motion meanwhile."""
    server = serve("deltas", rate=0.0)
    session = _in_game(qtbot, window, server)
    probe = _batch(qtbot, server, 4000)
    print(f"deltas: the GUI thread's own work between two ticks at most {probe.worst_cpu * 1000:.0f} ms")
    assert probe.worst_cpu < LIMIT, f"the window worked {probe.worst_cpu * 1000:.0f} ms at once under deltas"
    assert session.hurried and not window.animations_enabled()  # views merged: no +N, no slides, no flights


def test_a_view_of_another_seat_is_refused_with_a_sentence_and_the_server_left(qtbot, window, serve):
    server = serve(viewer=1)  # seats the player at seat 0, then sends seat 1's view
    session = _seat(qtbot, window, server)
    said: list[str] = []
    session.statusChanged.connect(said.append)
    qtbot.waitUntil(lambda: session.state == net.ConnectionState.CLOSED, timeout=60000)
    address = f"127.0.0.1:{server.port}"
    assert said[-1] == (
        f"disconnected from the table: The server at {address} sent another seat's view instead of yours, "
        "so the connection is closed."
    )
    assert not session.has_game  # nothing of it was shown


def test_a_server_that_never_greets_is_named(qtbot, window, serve):
    assert net.GREET_TIMEOUT == 10.0  # the figure; the test waits less
    server = serve(greet=False)
    session = _seat(qtbot, window, server, greet_timeout=0.5)
    said: list[str] = []
    session.statusChanged.connect(said.append)
    qtbot.waitUntil(lambda: session.state == net.ConnectionState.CLOSED, timeout=60000)
    assert said[-1] == f"disconnected from the table: The server at 127.0.0.1:{server.port} did not answer."
    assert window.network.table_dock.link.text() == said[-1]
