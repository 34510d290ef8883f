"""The game in German: the catalogue is built with pyside6-lrelease and
installed like at start-up; menus, the engine's reasons, the log, the
rules summary and the sandbox speak German. And the Preferences dialog."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from bigcity_desktop import i18n
from bigcity_desktop.engine import GameState, Phase, PlaceTile, get_rules
from bigcity_desktop.game.core.wording import sentence, status_line
from bigcity_desktop.help.rules_summary import rules_html

from .conftest import players

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("i18n_tools", ROOT / "scripts" / "i18n.py")
assert _spec is not None and _spec.loader is not None
tools = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tools)


@pytest.fixture
def german(qapp, tmp_path, monkeypatch):
    """German installed from a freshly compiled catalogue; English again afterwards."""
    (qm,) = tools.release(tmp_path)
    monkeypatch.setattr(i18n, "catalogue_path", lambda lang: qm)
    assert i18n.install_translators("de", qapp) == "de"
    yield
    i18n.install_translators("en", qapp)


def test_german_menus_and_status(german, qtbot, settings, data_dir):
    from bigcity_desktop.game.shell.mainwindow import GameWindow

    w = GameWindow(settings=settings)
    qtbot.addWidget(w)
    titles = [a.text() for a in w.menuBar().actions()]
    assert titles[:3] == ["&Spiel", "&Zug", "&Ansicht"]
    assert "E&xtras" in titles and "&Hilfe" in titles
    assert w.panes["supply"].windowTitle() == "Vorrat"
    assert w.actions["preferences"].text() == "&Einstellungen…"
    state = GameState.new(get_rules("original"), 3, 2, ["You", "Bea", "Carl"])
    assert status_line(state).startswith("Originalausgabe · Runde")


def test_engine_reasons_and_events_in_german(german):
    state = GameState.new(get_rules("original"), 3, 1, ["Ann", "Bea", "Carl"])
    reason = state.check(PlaceTile(9, 0, 0, 0))
    assert str(reason).startswith("at setup only")  # the engine still speaks English
    assert sentence(reason).startswith("Beim Aufbau dürfen nur die Stadtteile")
    city = state.city
    j = city.judge_build("cinema", (11,), city_hall=False)
    assert i18n.engine_text(j.reason).startswith("ein Kino kann erst gebaut werden")


def test_rules_summary_in_german(german):
    html = rules_html(get_rules("jumbo"))
    assert "<h3>Das Spiel</h3>" in html and "<h3>Gebäude</h3>" in html
    assert "Wohnhaus" in html and "Rathaus" in html
    assert "Residence" not in html


def test_a_german_game_logs_in_german(german, window):
    window.ctrl.starting.start_from_state(
        GameState.new(get_rules("original"), 3, 4, ["You", "Bea", "Carl"]), players(["human", "easy", "easy"])
    )
    lines = [
        window.ctrl.log_model.data(window.ctrl.log_model.index(r, 0)) for r in range(window.ctrl.log_model.rowCount())
    ]
    assert any("Startspieler" in ln for ln in lines), lines


def test_preferences_are_saved_under_the_agreed_keys(qtbot, window, settings):
    dlg = window.show_preferences()
    qtbot.addWidget(dlg)
    dlg.language.setCurrentIndex(dlg.language.findData("de"))
    dlg.speed.setCurrentIndex(dlg.speed.findData(250))
    dlg.animations.setChecked(False)
    dlg.palette_box.setCurrentIndex(dlg.palette_box.findData("colourblind"))
    dlg.confirm_pass.setChecked(True)
    assert dlg.note.text()  # a new language needs a restart, and says so
    dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    settings.sync()
    assert settings.value("prefs/language") == "de"
    assert int(settings.value("game/botDelayMs")) == 250
    assert str(settings.value("prefs/animations")).lower() == "false"
    assert settings.value("prefs/palette") == "colourblind"
    assert str(settings.value("prefs/confirmPass")).lower() == "true"
    assert window.ctrl.session.bot_delay_ms == 250 and not window.prefs.animations
    again = window.show_preferences()
    qtbot.addWidget(again)
    assert again.language.currentData() == "de" and again.confirm_pass.isChecked()
    again.reject()


def test_confirm_before_passing(qtbot, window):
    window.prefs.confirm_pass = True
    state = GameState.new(get_rules("original"), 3, 5, ["You", "Bea", "Carl"])
    while state.phase == Phase.SETUP:
        state.apply(state.legal_actions()[0])
    window.ctrl.starting.start_from_state(state, players(["human", "human", "human"]))
    window._reveal()
    qtbot.waitUntil(
        lambda: window.ctrl.session.seat_view().my_turn() and window.ctrl.session.view().phase == Phase.ACTION
    )
    before = len(state.history)
    window.actions["pass"].trigger()
    box = window.confirm_box
    assert box is not None and box.isVisible()
    box.button(QMessageBox.StandardButton.No).click()
    assert len(window.ctrl.session.full_state().history) == before  # not passed
    window.hand_panel.buttons["pass"].click()
    window.confirm_box.button(QMessageBox.StandardButton.Yes).click()
    qtbot.waitUntil(lambda: len(window.ctrl.session.full_state().history) > before)
    assert window.ctrl.session.full_state().history[before].kind == "pass"


def test_sandbox_has_preferences_and_speaks_german(german, qtbot, window):
    from bigcity_desktop.sandbox import SandboxWindow

    sb = SandboxWindow()
    qtbot.addWidget(sb)
    from bigcity_desktop.app import Desktop

    Desktop(window).attach(sb)
    assert [a.text() for a in sb.menuBar().actions()][:2] == ["&Datei", "&Bearbeiten"]
    dlg = sb.show_preferences()
    qtbot.addWidget(dlg)
    dlg.speed.setCurrentIndex(dlg.speed.findData(1500))
    dlg.accept()
    assert window.ctrl.session.bot_delay_ms == 1500  # the game window took it over
    sb.close()


def test_the_guide_follows_the_language(german, qtbot, window):
    from bigcity_desktop.help.guide import GuideDialog

    de = GuideDialog(window)
    qtbot.addWidget(de)
    assert "Ein Zug" in [de.contents.item(i).text() for i in range(de.contents.count())]
    de.show_page(1)
    assert "In Ihrem Zug machen Sie genau eine Aktion" in de.browser.toPlainText()
    assert window.show_guide().isVisible()


def test_new_game_levels_say_what_they_do(german, qtbot):
    """Every choice of "Plays as" has a tooltip, in the player's language."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QComboBox

    from bigcity_desktop.game.dialogs import NewGameDialog

    d = NewGameDialog()
    qtbot.addWidget(d)
    kind = d.findChild(QComboBox, "seatKind1")
    tips = {kind.itemData(i): kind.itemData(i, Qt.ItemDataRole.ToolTipRole) for i in range(kind.count())}
    assert set(tips) >= {"human", "easy", "medium", "hard"}
    assert all(tips.values()), tips
    assert tips["hard"].startswith("Wägt, was jeder Zug den anderen bringt")
    kind.setCurrentIndex(kind.findData("easy"))
    assert kind.toolTip() == tips["easy"]


def test_the_hint_speaks_german(german, window, qtbot, monkeypatch):
    """Issue 25.4: "Tipp: Single residence on 22 in the outskirts: 3 points."."""
    import bigcity_desktop.game.hints as hints_mod
    from bigcity_desktop.bots.hint import reason
    from bigcity_desktop.engine import ActionKind

    from .conftest import advance

    s = advance(
        GameState.new(get_rules("original"), 3, 5, ["You", "Bea", "Carl"]),
        lambda st: st.phase == Phase.ACTION and st.current_player == 0 and bool(st.legal_actions(ActionKind.BUILD)),
    )
    monkeypatch.setattr(
        hints_mod,
        "hint_function",
        lambda: (
            lambda view, player: (
                view.legal_actions(ActionKind.BUILD)[0],
                reason(view, view.legal_actions(ActionKind.BUILD)[0]),
            )
        ),
    )
    window.ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    window.hints.request_hint()
    qtbot.waitUntil(lambda: window.statusBar().currentMessage().startswith("Tipp:"), timeout=10000)
    line = window.statusBar().currentMessage()
    assert " on " not in line and "point" not in line, line
    assert " auf " in line, line


def test_german_city_hall_worth_agrees_in_number(german):
    """Issue 25.4: "Rathaus 1 Punkte wert"."""
    state = GameState.new(get_rules("jumbo"), 3, 2, ["You", "Bea", "Carl"])
    state.city_hall_value = 1
    assert status_line(state).endswith("Rathaus 1 Punkt wert"), status_line(state)
    state.city_hall_value = 3
    assert status_line(state).endswith("Rathaus 3 Punkte wert"), status_line(state)


def test_german_hot_seat_sentences_agree(german, window, qtbot):
    """Issue 25.4: "Warte, bis Sie den Bildschirm übernimmt", "Ich bin Sie"."""
    from bigcity_desktop.game.core import wording as presenters
    from bigcity_desktop.game.core.controller import GameConfig, SeatConfig

    ctrl = window.ctrl
    ctrl.starting.new_game(GameConfig("original", [SeatConfig("Sie"), SeatConfig("Bea")], seed=3))
    qtbot.waitUntil(lambda: ctrl.session.handoff_pending is not None, timeout=3000)
    text = presenters.turn_text(
        ctrl.starting.local.game, my_turn=False, handoff=0, name=ctrl.session.name, is_bot=lambda p: False
    )
    assert "übernimmt" not in text and "übernehmen" in text, text
    assert "Ich bin Sie" not in window.overlay.button.text()
    assert window.panes["hand"].windowTitle() == "Hand verdeckt – für Sie"


def test_german_supply_and_status_bar_fit_1024x700(german, window, qtbot):
    """Issue 25.6: at 1024×700 the Supply showed "Wohnhaus …" for single,
    double and triple alike, and the status text ran into the edition label.
    The tray (issue 33) wraps a name to two lines rather than cut it."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QFontMetricsF

    from bigcity_desktop.game.core.models import PieceRole

    window.resize(1024, 700)
    window.ctrl.starting.start_from_state(
        GameState.new(get_rules("jumbo"), 3, 4, ["Sie", "Bea", "Carl"]), players(["human", "easy", "easy"])
    )
    qtbot.waitUntil(lambda: window.ctrl.session.seat_view().my_turn(), timeout=5000)
    qtbot.wait(50)
    tray = window.supply_panel
    tray.resize(210, 400)
    model = tray.model()
    shown = []
    for row in range(model.rowCount()):
        index = model.index(row, 0)
        piece = index.data(PieceRole)
        lay = tray.layout_of(piece, QRectF(tray.visualRect(index)))
        fm = QFontMetricsF(lay.name_font)
        assert " ".join(lay.lines) == piece.label, lay.lines  # every word painted, none cut
        assert all(fm.horizontalAdvance(line) <= lay.name.width() for line in lay.lines), lay.lines
        shown.append(" ".join(lay.lines))
        assert piece.label in model.data(index, Qt.ItemDataRole.ToolTipRole)  # the whole name
    assert len(set(shown)) == len(shown), shown  # single, double and triple told apart
    assert sum("Wohnhaus" in t or "Geschäftshaus" in t for t in shown) == 6, shown
    bar = window.statusBar()
    window._human_turn(0)  # the long setup prompt
    assert window.turn_status.text().startswith("Jumbo-Ausgabe")
    painted = bar.shown_message()
    assert painted.endswith("…") and painted != bar.currentMessage()
    assert bar.message_rect().right() < window.turn_status.x()
    assert bar.fontMetrics().horizontalAdvance(painted) <= bar.message_rect().width()


def test_game_window_keys_the_board_colours_and_tiles_labels_fit(german, window, qtbot):
    """Issue 25.9: no key to the outskirts and centre colours; the Neighborhoods
    panel cut the fourth neighborhood's label."""
    window.resize(1024, 700)
    window.ctrl.starting.start_from_state(
        GameState.new(get_rules("original"), 3, 4, ["Sie", "Bea", "Carl"]), players(["human", "easy", "easy"])
    )
    qtbot.waitUntil(lambda: window.tiles_panel.list.count() > 0, timeout=5000)
    qtbot.waitUntil(lambda: "Stadtrand" in window.view.key_text(), timeout=3000)  # the board's bottom-left corner
    assert "Innenstadt" in window.view.key_text()
    tiles = window.tiles_panel.list
    fm = tiles.fontMetrics()
    for i in range(tiles.count()):
        text = tiles.item(i).text()
        assert fm.horizontalAdvance(text) <= tiles.gridSize().width() - 8, text


def test_german_rules_summary_says_our_reading(german):
    """Issue 25.4/25.12: the rules summary showed untranslated "[house]" tags."""
    html = rules_html(get_rules("jumbo"))
    assert "[house]" not in html and "our reading" not in html
    assert "(unsere Lesart)" in html and "<h3>Unsere Lesarten</h3>" in html
    assert "Hausregeln" in html


def test_a_bad_network_address_is_refused_in_german(german, qtbot, settings):
    """The address parser's refusals were English only."""
    from bigcity_desktop.game.netplay.widgets import JoinDialog

    settings.setValue("net/discovery", False)
    dlg = JoinDialog(settings, "Ann")
    qtbot.addWidget(dlg)
    for typed, start in (
        ("http://host:1", "Eine Adresse beginnt mit ws:// oder wss://"),
        ("host:99999", "„99999“ ist kein Port"),
        ("a b", "„a b“ ist kein Rechnername"),
    ):
        dlg.address.setText(typed)
        assert not dlg.connect_to()
        assert dlg.status.text().startswith(start), dlg.status.text()
    assert dlg.session is None


def test_the_german_replay_position_fits_at_1024(german, qtbot):
    """Seen in a screenshot: "Entscheidung 0 von 59, Runde 1: Bea ist ar" was
    cut off beside the slider at 1024×700."""
    from PySide6.QtGui import QFontMetrics

    from bigcity_desktop.game.replays.window import replay_of_state

    state = GameState.new(get_rules("original"), 3, 7, ["Sie", "Bea", "Carl"])
    while len(state.history) < 120 and not state.is_over:
        state.apply(state.legal_actions(state.legal_kinds()[0])[0])
    win = replay_of_state(state, players(["human", "easy", "easy"], ["Sie", "Bea", "Carl"]))
    qtbot.addWidget(win)
    win.resize(1024, 700)
    win.show()
    qtbot.waitExposed(win)
    win.set_position(len(state.history) // 2)
    label = win.pos_label
    assert label.isVisible() and label.text().splitlines()[1].endswith("ist am Zug")
    metrics = QFontMetrics(label.font())
    widest = max(metrics.horizontalAdvance(line) for line in label.text().splitlines())
    qtbot.waitUntil(lambda: widest <= label.width(), timeout=3000)  # once the tool bar is laid out again
    assert win.position_text() == ": ".join(label.text().splitlines())
    win.close()


def test_a_card_taken_from_the_first_seat_reads_from_you(german):
    """Seen in a German redevelopment: "… von Stapel 1 von Sie genommen"."""
    from bigcity_desktop.engine import Event, EventKind
    from bigcity_desktop.engine.messages import msg
    from bigcity_desktop.game.core.wording import event_line

    names = ["Sie", "Bea"]
    for text, want in (
        (msg("took {card} from {name}", card=58, name="You"), "Bea: 58 von Ihnen genommen"),
        (
            msg("took a face-down card of stack {stack} from {name}", stack=1, name="You"),
            "Bea: eine verdeckte Karte von Stapel 1 von Ihnen genommen",
        ),
        (msg("took {card} from {name}", card=58, name="Bea"), "Sie: 58 von Bea genommen"),
    ):
        player = 1 if want.startswith("Bea") else 0
        line = event_line(Event(3, 9, player, EventKind.TAKE, text), lambda i: names[i])
        assert line == want


def test_the_deal_verdict_in_german(german):
    """Issue 48, item 7: the app says the check of a network game's deal in the player's language."""
    from bigcity_desktop.engine.fairdeal import DealVerdict
    from bigcity_desktop.engine.messages import msg
    from bigcity_desktop.session.remote import deal_words

    assert deal_words(DealVerdict(True)).startswith("Faires Mischen bestätigt")
    problem = msg(
        "after move {n} your hand held {seen}, but the revealed seed gives {replayed}", n=3, seen="14", replayed="15"
    )
    words = deal_words(DealVerdict(False, problem, 3))
    assert words.startswith("Warnung") and "nach Zug 3 hielten Sie 14" in words
