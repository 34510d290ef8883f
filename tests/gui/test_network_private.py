"""The app's Host network game: a table is private unless made public (a
stranger's Join dialog lists nothing; the table's link, with its
invitation, pasted into the Join dialog finds it and sits down), and the
host chooses whether its server listens on the network (the default) or on
this computer only."""

from __future__ import annotations

import socket

from bigcity_desktop.session.remote import RemoteSession

from .netwindows import game_window, profile_settings


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _host(qtbot, w, *, public: bool = False, local_only: bool = False) -> RemoteSession:
    from bigcity_desktop.game.netplay.widgets import HostDialog

    dlg = HostDialog(w.settings, "Hosty", w)
    assert not dlg.announce.isChecked() and dlg.reach.currentIndex() == 0  # private, on the network
    dlg.port.setValue(_free_port())
    dlg.announce.setChecked(public)
    dlg.reach.setCurrentIndex(1 if local_only else 0)
    dlg.count.setValue(2)
    w.network._host(dlg)  # the server starts on a worker thread, then the table opens
    qtbot.waitUntil(lambda: isinstance(w.ctrl.session, RemoteSession), timeout=20000)
    session = w.ctrl.session
    assert isinstance(session, RemoteSession)
    qtbot.waitUntil(lambda: session.table is not None and session.seat == 0 and session.invite != "", timeout=20000)
    return session


def test_a_hosted_table_is_private_and_its_link_brings_a_friend(qtbot, tmp_path, data_dir, monkeypatch):
    from bigcity_desktop.game.netplay import widgets as network
    from bigcity_desktop.game.netplay.widgets import JoinDialog

    monkeypatch.setattr(network, "LIST_EVERY_MS", 200)
    host = game_window(qtbot, profile_settings(tmp_path, "host"))
    s1 = _host(qtbot, host)
    assert s1.table is not None and not s1.table.public
    assert host.network.hosted.config.host == "0.0.0.0"  # the network: hosting is for friends elsewhere
    links = host.network.table_dock.browser_link.links
    assert links and all(x.endswith(f"/t/{s1.table.id}#{s1.invite}") for x in links) and len(s1.invite) >= 22
    link = next(x for x in links if "//127.0.0.1:" in x)
    port = host.network.hosted.port

    # a stranger who knows the address finds no table
    stranger = JoinDialog(profile_settings(tmp_path, "eve"), "Eve")
    qtbot.addWidget(stranger)
    stranger.address.setText(f"127.0.0.1:{port}")
    assert stranger.connect_to()
    qtbot.waitUntil(lambda: "No public table on this server" in stranger.status.text(), timeout=20000)
    assert stranger.tables.count() == 0
    stranger.reject()

    # the friend pastes the link: the table is found, chosen, and joined
    friend_settings = profile_settings(tmp_path, "friend")
    friend = game_window(qtbot, friend_settings)
    dlg = JoinDialog(friend_settings, "Ben", friend)
    qtbot.addWidget(dlg)
    joined: list[tuple] = []
    dlg.joinRequested.connect(lambda session, table, seat: joined.append((session, table)))
    dlg.address.setText(link)
    assert dlg.connect_to()
    qtbot.waitUntil(lambda: dlg.tables.count() == 1, timeout=20000)
    assert dlg._current() is not None and dlg._current().id == s1.table.id
    assert s1.invite not in str(friend_settings.value(network.ADDRESS_KEY))  # the secret is not kept in the settings
    dlg.join_current()
    session, table = joined[0]
    friend.network._join(session, table, None)
    qtbot.waitUntil(lambda: session.seat == 1, timeout=20000)
    for w in (host, friend):
        w.close()


def test_a_public_table_is_listed_and_a_local_only_server_listens_on_loopback(qtbot, tmp_path, data_dir):
    from bigcity_desktop.game.netplay.widgets import JoinDialog

    host = game_window(qtbot, profile_settings(tmp_path, "host"))
    s1 = _host(qtbot, host, public=True, local_only=True)
    assert s1.table is not None and s1.table.public
    hosted = host.network.hosted
    assert hosted.config.host == "127.0.0.1" and all(a.startswith("127.0.0.1:") for a in hosted.addresses())
    dlg = JoinDialog(profile_settings(tmp_path, "cleo"), "Cleo")
    qtbot.addWidget(dlg)
    dlg.address.setText(f"127.0.0.1:{hosted.port}")
    assert dlg.connect_to()
    qtbot.waitUntil(lambda: dlg.tables.count() == 1, timeout=20000)
    dlg.reject()
    host.close()


def test_the_host_makes_the_table_public_and_private_in_the_table_panel(qtbot, tmp_path, data_dir, monkeypatch):
    from bigcity_desktop.game.netplay import widgets as network
    from bigcity_desktop.game.netplay.widgets import JoinDialog

    monkeypatch.setattr(network, "LIST_EVERY_MS", 200)
    host = game_window(qtbot, profile_settings(tmp_path, "host"))
    s1 = _host(qtbot, host, local_only=True)
    box = host.network.table_dock.public_box
    assert box.isEnabled() and not box.isChecked()  # the host's, private as made
    hosted = host.network.hosted
    assert s1.table is not None
    table = s1.table.id
    box.setChecked(True)
    qtbot.waitUntil(lambda: s1.table is not None and s1.table.public, timeout=20000)
    assert hosted.server.tables[table].public
    dlg = JoinDialog(profile_settings(tmp_path, "cleo"), "Cleo")
    qtbot.addWidget(dlg)
    dlg.address.setText(f"127.0.0.1:{hosted.port}")
    assert dlg.connect_to()
    qtbot.waitUntil(lambda: dlg.tables.count() == 1, timeout=20000)  # listed to a stranger now
    box.setChecked(False)
    qtbot.waitUntil(lambda: s1.table is not None and not s1.table.public, timeout=20000)
    qtbot.waitUntil(lambda: dlg.tables.count() == 0, timeout=20000)  # and no more
    assert box.isEnabled() and not box.isChecked()
    dlg.reject()
    host.close()


def test_a_hosted_table_with_a_clock_shows_the_time_left(qtbot, tmp_path, data_dir):
    """Issue 48, item 3: the Host dialog's clock; the dock's seats show each player's time left."""
    from bigcity_desktop.game.netplay.widgets import HostDialog, clock_words

    assert clock_words(65.2, False) == "1:06" and clock_words(0.0, True).startswith("0:00,")
    w = game_window(qtbot, profile_settings(tmp_path, "host"))
    dlg = HostDialog(w.settings, "Hosty", w)
    assert [dlg.clock.itemData(i) for i in range(dlg.clock.count())] == [None, "5+20", "10+30"]
    dlg.clock.setCurrentIndex(1)
    dlg.port.setValue(_free_port())
    dlg.reach.setCurrentIndex(1)
    dlg.count.setValue(2)
    dlg.seat_boxes[0].setCurrentIndex(1)  # a bot: the game can begin
    w.network._host(dlg)
    qtbot.waitUntil(lambda: isinstance(w.ctrl.session, RemoteSession), timeout=20000)
    session = w.ctrl.session
    assert isinstance(session, RemoteSession)
    qtbot.waitUntil(lambda: session.table is not None and session.table.clock == "5+20", timeout=20000)
    dock = w.network.table_dock
    qtbot.waitUntil(lambda: dock.seats.count() == 2 and "5:00" in dock.seats.item(0).text(), timeout=20000)
    assert not dock.take_button.isVisible()
    # the game begins: the strip of the player to move counts their time left down from 5:00
    session.start_game()
    from bigcity_desktop.game.tabletop.playerstrips import PlayerStrips

    strips = w.findChild(PlayerStrips)
    assert strips is not None

    def counting() -> bool:
        shown = [strips.turn_clock(r) for r in range(2)]
        return any((x or "").startswith(("5:", "4:")) for x in shown)

    qtbot.waitUntil(counting, timeout=20000)
