"""Preferences' player key (issue 48, item 1): the profile's key made once
and kept 0600, shown by its player id, carried out as a code and replaced
by another code (the app's key then signs in as that player), and shown as
a QR code under the warning that it is a secret."""

from __future__ import annotations

import stat

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from bigcity_desktop.net.identity import PlayerKey, export_code
from bigcity_desktop.session.playerkey import ProfileKey, player_key
from bigcity_desktop.session.secretfile import wait_for_secrets
from bigcity_desktop.ui.playerkeybox import PlayerKeyBox
from bigcity_desktop.ui.preferences import PreferencesDialog
from bigcity_desktop.ui.qrdraw import qr_pixmap


def test_the_box_shows_copies_and_replaces_the_profiles_key(qtbot, tmp_path):
    path = tmp_path / "private" / "secrets.json"
    access = ProfileKey("profile.ini", path)
    first = access.player()
    assert wait_for_secrets(60)  # written on the secrets' writer thread (the window never waits on the disk)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # kept where only its owner reads
    assert player_key("profile.ini", path).player == first  # made once
    dlg = PreferencesDialog(QSettings(str(tmp_path / "p.ini"), QSettings.Format.IniFormat), None, access)
    qtbot.addWidget(dlg)
    box = dlg.findChild(PlayerKeyBox, "playerKey")
    assert box is not None and first in box.id_label.text()
    box.copy_code()
    assert QApplication.clipboard().text() == access.code()
    # as a QR code (drawn as the table links' are, ui/qrdraw.py), under the warning that it is a secret
    qr = box.show_qr()
    assert "secret" in qr.warning.text() and "plays as you" in qr.warning.text()
    assert qr.code.pixmap().toImage() == qr_pixmap(access.code(), 300).toImage()
    qr.close()
    other = PlayerKey.new()
    assert box.take(export_code(other))
    assert access.player() == other.player and other.player in box.id_label.text()


def test_the_table_dock_links_the_servers_pages(qtbot):
    from bigcity_desktop.game.core.badges import pages_text

    assert (
        pages_text("ws://127.0.0.1:5000", "abc", False) == '<a href="http://127.0.0.1:5000/players">Rated players</a>'
    )
    over = pages_text("wss://play.example:443", "abc", True)
    assert 'href="https://play.example:443/players"' in over and 'href="https://play.example:443/g/abc"' in over
