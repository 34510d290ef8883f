"""The app rejoins a long network game with a bounded view (issue 45.6): the
session holds the log's recent events and actions only, and the log drawer, scrolled to
its top, brings the older ones a page at a time until it holds every line of
the game, in order, each once."""

from __future__ import annotations

import pytest

from benchmarks.rejoin_long import TABLE, write_table
from bigcity_desktop.engine.phases import RECENT_ACTIONS, RECENT_MOST
from bigcity_desktop.game.core.controller import GameController
from bigcity_desktop.game.tabletop.panels import LogPanel
from bigcity_desktop.net.hosting import ServerThread
from bigcity_desktop.net.server import ServerConfig
from bigcity_desktop.session.keptseat import KeptSeat
from bigcity_desktop.session.remote import RemoteSession

pytestmark = pytest.mark.slow

#: actions of the long game the server resumes (the endless game: exchanges only)
ACTIONS = 2_000


def test_the_app_rejoins_a_long_game_with_a_bounded_view_and_pages_its_log(qtbot, tmp_path, data_dir, settings):
    folder = tmp_path / "server"
    token = write_table(folder, ACTIONS)
    srv = ServerThread(ServerConfig(host="127.0.0.1", port=0, data_dir=folder, bot_pool="thread", mdns=False))
    _host, port = srv.start()
    session = None
    try:
        server = srv.server
        assert server is not None
        qtbot.waitUntil(lambda: TABLE in server.tables, timeout=60000)  # resumed on a thread of its own
        state = server.tables[TABLE].state
        assert state is not None
        session = RemoteSession(f"127.0.0.1:{port}", "Ann", settings=settings)
        ctrl = GameController(session=session)
        session.rejoin(KeptSeat(f"ws://127.0.0.1:{port}", TABLE, 0, token, "Ann", "A long game", "Big City", 2))
        qtbot.waitUntil(lambda: session.has_game and session.seat == 0, timeout=60000)
        view = session.view()
        assert view is not None and view.moves == ACTIONS
        # the history's recent actions only, as the seat saw them, and how many come before them
        assert view.history_from == ACTIONS - RECENT_ACTIONS and len(view.history) == RECENT_ACTIONS
        assert view.history == state.view_for(0).history[view.history_from :]
        # a bounded view: the recent events, and how many come before them
        assert 0 < view.events_from and len(view.events) <= RECENT_MOST
        assert view.events_from + len(view.events) == len(state.events)
        model = ctrl.log_model
        qtbot.waitUntil(lambda: model.rowCount() > 0)  # filled in a turn of its own (controller.py)
        assert model.rowCount() == len(view.events) and model.dropped == view.events_from
        # the log drawer at its top asks for the events before its first row
        panel = LogPanel(ctrl)
        qtbot.addWidget(panel)
        panel.resize(320, 400)
        panel.show()
        qtbot.waitExposed(panel)
        dropped = model.dropped
        panel.verticalScrollBar().setValue(0)
        qtbot.waitUntil(lambda: model.dropped < dropped, timeout=20000)
        while model.dropped:  # and so on, back to the game's first event
            dropped = model.dropped
            ctrl.more_log()
            qtbot.waitUntil(lambda d=dropped: model.dropped < d, timeout=20000)
        assert model._rows == ctrl._log_rows(state.events)  # every line, in order, each once
        assert session.view().events == state.events and session.view().events_from == 0
    finally:
        if session is not None:
            session.close()
        srv.stop()


def test_the_logs_earlier_rows_stay_while_the_newest_come(qtbot):
    from bigcity_desktop.game.core.models import LogModel

    model = LogModel(limit=5)
    model.reset([(f"e{i}", "", "pass") for i in range(10, 15)], total=15)
    assert model.dropped == 10 and model.events_shown == 15
    model.prepend([(f"e{i}", "", "pass") for i in range(2, 10)])  # scrolled back: rows before the first
    assert model.dropped == 2 and model.rowCount() == 13
    model.extend([("e15", "", "pass")])  # a new move: the rows scrolled back to stay
    assert model.rowCount() == 14 and model.data(model.index(0, 0)) == "e2" and model.events_shown == 16
    model.prepend([(f"x{i}", "", "pass") for i in range(5)])  # more than there are: the last ones only
    assert model.dropped == 0 and model.data(model.index(0, 0)) == "x3"
