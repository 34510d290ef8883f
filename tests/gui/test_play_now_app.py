"""Play now from the app's Join dialog (issue 48 item 2): two app players
press it for a 2-player table on a --public server and sit at the same
table, whose game begins at once; a third, alone at a 3-player table, has
its empty seats taken by bots once the server's wait is over."""

from __future__ import annotations

import pytest

from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.session.remote import RemoteSession

from .netwindows import game_window, loopback_server, profile_settings

pytestmark = pytest.mark.slow


def _server(tmp_path, wait):
    return loopback_server(tmp_path, match_wait=wait)


def _window(qtbot, tmp_path, name):
    return game_window(qtbot, profile_settings(tmp_path, name))


def _play_now(qtbot, w, port, players, clock=None):
    dlg = w.network.join_network_game()
    dlg.address.setText(f"127.0.0.1:{port}")
    assert dlg.connect_to()
    dlg.quick.players.setValue(players)
    # a rated game needs a clock: ticking Rated takes "No clock" away (game/netplay/quickmatch.py)
    assert dlg.quick.clock.findData(None) == 0
    dlg.quick.rated.setChecked(True)
    assert dlg.quick.clock.findData(None) == -1 and dlg.quick.chosen == "5+20"
    dlg.quick.rated.setChecked(False)
    dlg.quick.clock.setCurrentIndex(dlg.quick.clock.findData(clock))
    assert dlg.quick.chosen == clock
    dlg.play_now_button.click()
    qtbot.waitUntil(lambda: isinstance(w.ctrl.session, RemoteSession), timeout=20000)
    session = w.ctrl.session
    qtbot.waitUntil(lambda: session.table is not None and session.seat is not None, timeout=20000)
    return session


def test_two_app_players_press_play_now_and_sit_at_one_table(qtbot, tmp_path, data_dir):
    srv = _server(tmp_path, 3600)
    try:
        a, b = _window(qtbot, tmp_path, "ada"), _window(qtbot, tmp_path, "ben")
        sa = _play_now(qtbot, a, srv.port, 2, "10+30")
        sb = _play_now(qtbot, b, srv.port, 2, "10+30")
        assert sa.table.id == sb.table.id and {sa.seat, sb.seat} == {0, 1}
        assert sa.table.clock == "10+30"  # the clock both chose
        qtbot.waitUntil(lambda: sa.has_game and sb.has_game, timeout=20000)  # begun, no bot
        # Ben mutes Ada's chat, in his app only: her lines no longer show there; his still show in hers
        dock_a, dock_b = a.network.table_dock, b.network.table_dock
        dock_b.seats.setCurrentRow(sa.seat)
        dock_b.mute_button.click()
        assert "chat muted" in dock_b.seats.item(sa.seat).text()
        sa.chat("hello from Ada")
        sb.chat("hello from Ben")
        qtbot.waitUntil(
            lambda: any("hello from Ben" in dock_b.chat_log.item(i).text() for i in range(dock_b.chat_log.count())),
            timeout=20000,
        )
        qtbot.waitUntil(lambda: dock_a.chat_log.count() == 2, timeout=20000)
        assert not any("Ada" in dock_b.chat_log.item(i).text() for i in range(dock_b.chat_log.count()))
        # and reports her to the server's operator (the log line and the data folder's reports.jsonl)
        dock_b.seats.setCurrentRow(sa.seat)
        assert dock_b.report_chosen("Rude words")
        reports = tmp_path / "server" / "reports.jsonl"
        qtbot.waitUntil(reports.exists, timeout=20000)
        assert '"reason":"Rude words"' in reports.read_text(encoding="utf-8")
        assert b.settings.value("net/muted") == f"p:{sa.table.seats[sa.seat].player}" or "n:" in str(
            b.settings.value("net/muted")
        )
        # the table panel's pause (game/netplay/pausebox.py): Ada asks, Ben agrees, the clocks stand; Ben resumes
        pa, pb = dock_a.pause_box, dock_b.pause_box
        assert pa.isVisible() and pa.pause_button.isVisible()
        pa.pause_button.click()
        qtbot.waitUntil(lambda: sb.table.pause_asked == (sa.seat,), timeout=20000)
        assert "asked for a pause" in pb.line.text() and pb.pause_button.isVisible()
        pb.pause_button.click()
        qtbot.waitUntil(lambda: sa.table.paused and sb.table.paused, timeout=20000)
        assert "paused" in pa.line.text() and pb.play_button.isVisible()
        pb.play_button.click()  # any one player resumes
        qtbot.waitUntil(lambda: not sa.table.paused, timeout=20000)
        a.close()
        b.close()
    finally:
        srv.stop()


def test_an_app_player_alone_gets_bots_after_the_wait(qtbot, tmp_path, data_dir):
    srv = _server(tmp_path, 0.01)
    try:
        w = _window(qtbot, tmp_path, "cleo")
        s = _play_now(qtbot, w, srv.port, 3)
        qtbot.waitUntil(lambda: s.has_game, timeout=20000)
        qtbot.waitUntil(lambda: [x.kind for x in s.table.seats].count(SeatKind.BOT) == 2, timeout=20000)
        w.close()
    finally:
        srv.stop()
