"""Two game windows at one network table: the host opens it, a friend
joins, they chat and play a whole game against two server bots; each sees
only their own hand; both get the record at the end."""

from __future__ import annotations

import random

import pytest

from bigcity_desktop.session.remote import RemoteSession
from bigcity_desktop.session.statistics import FILE_NAME, read_statistics

from .netwindows import game_window, profile_settings, serving

pytestmark = pytest.mark.slow


@pytest.fixture
def server(tmp_path):
    yield from serving(tmp_path)


def _window(qtbot, tmp_path, name):
    settings = profile_settings(tmp_path, name)
    return game_window(qtbot, settings), settings


def _wait_move(qtbot, w1, w2) -> None:
    """Until either window's view changes (a move arrived) or the game is over."""
    before = (w1.ctrl.session.version, w2.ctrl.session.version)
    qtbot.waitUntil(
        lambda: (
            (w1.ctrl.session.version, w2.ctrl.session.version) != before
            or (w1.ctrl.session.view().is_over and w2.ctrl.session.view().is_over)
        ),
        timeout=20000,
    )


def test_host_join_chat_and_play_a_whole_network_game(qtbot, tmp_path, data_dir, server):
    port = server.port
    w1, set1 = _window(qtbot, tmp_path, "ann")
    w2, set2 = _window(qtbot, tmp_path, "ben")
    s1 = RemoteSession(f"127.0.0.1:{port}", "Ann", settings=set1)
    w1.network.play_network(s1)
    s1.create_table(["human", "human", "random", "random"], edition="original", title="Ann's table")
    qtbot.waitUntil(lambda: s1.table is not None and s1.seat == 0, timeout=20000)
    assert w1.docks["table"].isVisible() and not w1.network.table_dock.start_button.isEnabled()  # seat 2 is free
    s2 = RemoteSession(f"127.0.0.1:{port}", "Ben", settings=set2)
    w2.network.play_network(s2)
    s2.join(s1.table.id)
    qtbot.waitUntil(lambda: s2.seat == 1, timeout=20000)
    qtbot.waitUntil(lambda: w1.network.table_dock.start_button.isEnabled(), timeout=20000)
    w2.network.table_dock.chat_line.setText("hello")
    w2.network.table_dock.send_chat()
    qtbot.waitUntil(lambda: w1.network.table_dock.chat_log.count() == 1, timeout=20000)
    assert "Ben: hello" in w1.network.table_dock.chat_log.item(0).text()
    w1.network.table_dock.start_button.click()
    qtbot.waitUntil(lambda: w1.ctrl.session.has_game and w2.ctrl.session.has_game, timeout=20000)
    assert [p.name for p in w1.ctrl.session.players][:2] == ["Ann", "Ben"]
    rng = random.Random(3)
    saw_hidden = False
    for _ in range(5000):
        v1, v2 = w1.ctrl.session.view(), w2.ctrl.session.view()
        if v1.is_over and v2.is_over:
            break
        # nobody sees another seat's cards
        saw_hidden = saw_hidden or any(c < 0 for c in v1.hands[1])
        assert all(c < 0 for st in v1.stacks for c in st)
        for w in (w1, w2):
            if w.ctrl.session.seat_view().my_turn():
                v = w.ctrl.session.view()
                kinds = v.legal_kinds()
                w.ctrl.session.act(rng.choice(v.legal_actions(rng.choice(kinds))))
                break
        else:
            _wait_move(qtbot, w1, w2)
            continue
        _wait_move(qtbot, w1, w2)
    assert w1.ctrl.session.view().is_over and w2.ctrl.session.view().is_over and saw_hidden
    # each window adds only the seat played there to the players' record (Game → Statistics)
    qtbot.waitUntil(lambda: w1.results_dialog is not None and w2.results_dialog is not None, timeout=20000)
    record = read_statistics(data_dir / FILE_NAME)
    assert sorted(g.name for g in record.games) == ["Ann", "Ben"]
    for g in record.games:
        assert g.network and g.score == w1.ctrl.session.view().scores[["Ann", "Ben"].index(g.name)]
        assert sorted(o.kind for o in g.opponents) == ["human", "random", "random"]
    # both boards show the same city; both get the whole record
    assert w1.ctrl.session.view().scores == w2.ctrl.session.view().scores
    qtbot.waitUntil(lambda: s1.final_record() is not None and s2.final_record() is not None, timeout=20000)
    rec = s2.final_record()
    assert rec.state.viewer is None and rec.state.scores == w2.ctrl.session.view().scores
    path = tmp_path / "ours.bigcity"
    w2.ctrl.starting.save_game(path)
    assert path.is_file()
    replay = w2.replays.watch_replay()
    assert replay is not None
    replay.close()
    # take-backs are off at a network table; leaving goes back to a game of this computer
    assert w1.ctrl.session.undo_reason() and "network" in w1.ctrl.session.undo_reason()
    w2.network.leave_table()
    assert w2.ctrl.starting.is_local and not w2.docks["table"].isVisible()
    w1.close()
    w2.close()
