"""Issue 46.6: names that are names. The first start asks the player's name
(prefilled from the system account); it is the first seat's in a new game
and the name a network table shows, so no sentence uses "You" as a name —
in English or in German."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from bigcity_desktop.game.core import playername
from bigcity_desktop.game.core.playername import NAME_KEY, own_name, system_name


def test_the_system_name_is_the_account_s(monkeypatch):
    monkeypatch.setattr(playername.getpass, "getuser", lambda: "greta")
    monkeypatch.setattr(playername, "_full_name", lambda login: "Greta  Garbo" if login == "greta" else "")
    assert system_name() == "Greta Garbo"  # the full name where the system keeps one
    monkeypatch.setattr(playername, "_full_name", lambda login: "")
    assert system_name() == "greta"  # no full name: the login name


def test_the_first_start_asks_the_name_then_offers_the_tutorial(window, qtbot, settings, monkeypatch):
    monkeypatch.setattr(playername, "system_name", lambda: "Greta")
    window.startup()
    dlg = window.player.dialog
    assert dlg is not None and dlg.isVisible()
    assert dlg.name.text() == "Greta"  # prefilled from the system account
    dlg.name.setText("Greta G")
    dlg.accept()
    assert settings.value(NAME_KEY) == "Greta G"
    box = window.lessons.tutorial_offer
    assert isinstance(box, QMessageBox) and box.isVisible()  # then the tutorial, as before
    next(b for b in box.buttons() if b is not box.defaultButton()).click()
    # Not now: the home view (issue 46.9), whose New game is the welcome's promise, the easy bot
    assert window.home.shown
    window.home.view.new_button.click()
    qtbot.waitUntil(lambda: window.new_dialog is not None and window.new_dialog.isVisible())
    assert [s.kind for s in window.new_dialog.config().seats] == ["human", "easy"]
    # the first seat of a new game is the player's name, not "You"
    assert window.new_dialog.rows[0][1].text() == "Greta G"
    assert window.new_dialog.config().seats[0].name == "Greta G"
    window.new_dialog.reject()
    # asked once
    assert window.player.ask_once(lambda: None) is False


def test_a_setup_kept_with_you_takes_the_name(window, settings):
    settings.setValue("newGame/edition", "original")
    settings.setValue("newGame/count", 2)
    settings.setValue("newGame/seat0/name", "You")
    settings.setValue("newGame/seat1/name", "Bea")
    settings.setValue("newGame/seat1/kind", "easy")
    settings.setValue(NAME_KEY, "Greta")
    setup = window.saved_setup()
    assert setup is not None and [s.name for s in setup.seats] == ["Greta", "Bea"]


def test_a_network_table_is_named_after_the_player(window, settings, monkeypatch):
    monkeypatch.setattr(playername, "system_name", lambda: "greta")
    assert window.network._network_name() == "greta"  # never "You" to the others, even before it was asked
    settings.setValue("net/name", "You")  # kept by an older version
    settings.setValue(NAME_KEY, "Greta")
    dlg = window.network.host_network_game()
    assert dlg.name.text() == "Greta" and dlg.player_name() == "Greta"
    dlg.name.setText("")
    assert dlg.player_name() == "Greta"
    dlg.reject()
    assert own_name(settings) == "Greta"


def test_no_sentence_uses_you_as_a_name_in_german(window, qtbot, settings, qapp, monkeypatch):
    from bigcity_desktop import i18n

    monkeypatch.setattr(playername, "system_name", lambda: "greta")
    assert i18n.install_translators("de", qapp) == "de"
    try:
        settings.setValue(NAME_KEY, "Greta")
        dlg = window.show_new_game()
        names = [s.name for s in dlg.config().seats]
        assert names[0] == "Greta" and "Sie" not in names and "You" not in names
        dlg.reject()
        assert window.network._network_name() == "Greta"
    finally:
        i18n.install_translators("en", qapp)
