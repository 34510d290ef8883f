"""The game window driven for real: dialog, scene paths, docks, files."""

from __future__ import annotations

import json
import warnings

from PySide6.QtCore import QByteArray, QMimeData, QPointF, Qt
from PySide6.QtWidgets import QMessageBox

from bigcity_desktop.engine import ActionKind, Build, Exchange, GameState, Pass, Phase, PlaceStreetcar, PlaceTile
from bigcity_desktop.engine.city import footprint
from bigcity_desktop.game.core.controller import GameConfig, SeatConfig
from bigcity_desktop.scene import CELL, TILE_MIME
from bigcity_desktop.session.saves import Saves

from .conftest import advance, find_position, players, wait_my_turn


def centre(cell):
    return QPointF((cell[0] + 0.5) * CELL, (cell[1] + 0.5) * CELL)


def street_mid(street):
    (x1, y1), (x2, y2) = street
    if x1 != x2:
        return QPointF(x2 * CELL, (y1 + 0.5) * CELL)
    return QPointF((x1 + 0.5) * CELL, y2 * CELL)


def drop(view, mime: str, payload: str, pos: QPointF) -> None:
    """A real drag entering the board view, moving to scene point `pos` and dropping there."""
    from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
    from PySide6.QtWidgets import QApplication

    md = QMimeData()
    md.setData(mime, QByteArray(payload.encode()))
    view.centerOn(pos)
    vp = view.mapFromScene(pos)
    copy = Qt.DropAction.CopyAction
    left = Qt.MouseButton.LeftButton
    none = Qt.KeyboardModifier.NoModifier
    with warnings.catch_warnings():  # PySide6 marks these constructors deprecated; Qt has no others
        warnings.simplefilter("ignore", DeprecationWarning)
        events = (
            QDragEnterEvent(vp, copy, md, left, none),
            QDragMoveEvent(vp, copy, md, left, none),
            QDropEvent(QPointF(vp), copy, md, left, none),
        )
    for ev in events:
        QApplication.sendEvent(view.viewport(), ev)


def start_default(window, seed=3):
    dlg = window.show_new_game()
    dlg.seed.setText(str(seed))
    dlg.accept()  # the defaults: you against two medium bots, original edition
    return window.ctrl


# ---------------------------------------------------------------------------
def test_new_game_dialog_defaults_start_a_game(window, qtbot):
    dlg = window.show_new_game()
    assert dlg.edition.currentData() == "original"
    cfg = dlg.config()
    assert [s.kind for s in cfg.seats] == ["human", "medium", "medium"]
    dlg.accept()
    ctrl = window.ctrl
    s = ctrl.session.full_state()
    assert s is not None and s.n == 3 and s.rules.edition == "original"
    assert ctrl.session.seat == 0  # one human: always that hand
    assert ctrl.players_model.rowCount() == 3
    assert ctrl.hand_model.rowCount() == len(s.hands[0])
    wait_my_turn(qtbot, ctrl)
    assert ctrl.session.full_state().phase == Phase.SETUP


def test_dialog_limits_seats_by_edition(window):
    dlg = window.show_new_game()
    dlg.edition.setCurrentIndex(dlg.edition.findData("jumbo"))
    assert dlg.count.maximum() == 4
    dlg.edition.setCurrentIndex(dlg.edition.findData("original"))
    assert dlg.count.maximum() == 5
    dlg.count.setValue(5)
    assert len(dlg.config().seats) == 5
    dlg.reject()


def test_setup_tile_through_scene_drop(window, qtbot):
    ctrl = start_default(window)
    wait_my_turn(qtbot, ctrl)
    s = ctrl.session.full_state()
    assert s.phase == Phase.SETUP
    number = ctrl.session.seat_view().spare_tiles()[0]
    before = len(s.city.tiles)
    # an illegal drop far away: refused with the reason, the tile snaps back
    msgs = []
    window.scene.interaction.message.connect(msgs.append)
    drop(window.view, TILE_MIME, str(number), centre((1, 1)))  # on top of neighborhood 1
    assert len(s.city.tiles) == before
    assert msgs and "neighborhood" in msgs[-1].lower()
    assert window.scene.interaction.mode == ""
    # a legal drop
    x, y = sorted(ctrl.session.seat_view().legal_tile_positions(number, 0))[0]
    w, h = footprint(s.rules, number, 0)
    drop(window.view, TILE_MIME, str(number), QPointF((x + w / 2) * CELL, (y + h / 2) * CELL))
    assert len(s.city.tiles) == before + 1
    assert s.city.tiles[-1][:3] == (number, x, y)
    assert any(e.kind == "neighborhood" and e.player == 0 for e in s.events)


def test_tile_by_click_mode_with_rotation(window, qtbot):
    ctrl = start_default(window, seed=11)
    wait_my_turn(qtbot, ctrl)
    number = ctrl.session.seat_view().spare_tiles()[0]
    assert window.placing.start_tile(number)
    window.scene.interaction.rotate_ghost(1)
    x, y = sorted(ctrl.session.seat_view().legal_tile_positions(number, 1))[0]
    w, h = footprint(ctrl.session.full_state().rules, number, 1)
    assert window.scene.interaction.commit(QPointF((x + w / 2) * CELL, (y + h / 2) * CELL))
    assert ctrl.session.full_state().city.tiles[-1] == (number, x, y, 1)


def _action_position(kind_ok, seed=1, edition="original", kinds=("human", "random", "random")):
    """A game where seat 0 is to act and `kind_ok` holds (tries a few seeds)."""
    for sd in range(seed, seed + 40):
        s = GameState.new(edition, len(kinds), sd, ["You", "Bea", "Carl", "Dora"][: len(kinds)])
        try:
            return advance(s, lambda st: st.phase == Phase.ACTION and st.current_player == 0 and kind_ok(st), seed=sd)
        except AssertionError:
            continue
    raise AssertionError("no such position found")


def test_build_through_scene_signal_path(window, qtbot):
    def has_single(st):
        return any(
            len(a.properties) == 1 and a.building in ("residence", "business")
            for a in st.legal_actions(ActionKind.BUILD)
        )

    s = _action_position(has_single)
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    builds = [props for props in ctrl.session.seat_view().legal_builds("residence", 1)] or []
    btype = "residence" if builds else "business"
    builds = builds or ctrl.session.seat_view().legal_builds("business", 1)
    prop = builds[0][0]
    # an illegal request through the signal: refused with the engine's reason, nothing changes
    history = len(s.history)
    bad = [p for p in s.city.cell_of if p not in s.hands[0]][0]
    window.scene.interaction.actionRequested.emit(Build(btype, (bad,)))
    assert len(s.history) == history
    assert "card" in window.statusBar().currentMessage().lower()
    # the supply click starts the mode; legal cells are lit; hovering judges; a click builds
    assert window.placing.start_building(btype, 1)
    assert window.scene.interaction.mode == "building"
    window.scene.interaction.hover(centre(s.city.cell_of[prop]))
    j = window.scene.interaction.last_judgement
    assert j is not None and j.legal and j.score == s.judge(Build(btype, (prop,))).score
    score = s.scores[0]
    assert window.scene.interaction.commit(centre(s.city.cell_of[prop]))
    assert s.city.building_at.get(prop) is not None
    assert s.scores[0] == score + j.score
    assert s.phase in (Phase.REFILL, Phase.ACTION) or s.current_player != 0


def test_streetcar_and_done(window, qtbot):
    s = _action_position(
        lambda st: st.city_hall_open and bool(st.legal_actions(ActionKind.STREETCAR)) and len(st.city.streetcars) >= 1,
        seed=4,
    )
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    assert window.placing.start_streetcar()
    assert window.scene.interaction.mode == "streetcar"
    street = ctrl.session.seat_view().legal_streets()[0]
    n = len(s.city.streetcars)
    assert window.scene.interaction.commit(street_mid(street))
    assert len(s.city.streetcars) == n + 1
    if s.phase == Phase.STREETCAR:  # a second piece may follow: the window lights the streets again
        assert window.scene.interaction.mode == "streetcar"
        assert window.hand_panel.buttons["stop"].isEnabled()
        qtbot.mouseClick(window.hand_panel.buttons["stop"], Qt.MouseButton.LeftButton)
        assert s.phase != Phase.STREETCAR


def test_streetcar_closed_before_city_hall(window, qtbot):
    ctrl = start_default(window)
    wait_my_turn(qtbot, ctrl)
    assert not window.placing.start_streetcar()
    assert ctrl.session.act(PlaceStreetcar(((0, 0), (1, 0)))) is not None


def test_exchange_and_draw_by_stacks_panel(window, qtbot):
    s = _action_position(lambda st: True, seed=2)
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    ctrl.auto_draw = False
    hm = ctrl.hand_model
    # nothing ticked: refused, nothing changes
    assert window.hand_panel.exchange_checked() is not None
    first_two = hm.cards()[:2]
    for row in range(2):
        assert hm.setData(hm.index(row, 0), Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole)
    assert hm.checked_cards() == first_two
    qtbot.mouseClick(window.hand_panel.buttons["exchange"], Qt.MouseButton.LeftButton)
    assert isinstance(s.history[-1], Exchange) and s.history[-1].cards == tuple(sorted(first_two))
    assert s.phase == Phase.REFILL and s.current_player == 0
    while s.current_player == 0 and s.phase == Phase.REFILL:
        enabled = [st for st, b in window.hand_panel.stack_buttons.items() if b.isEnabled()]
        assert enabled == ctrl.session.seat_view().legal_draw_stacks()
        qtbot.mouseClick(window.hand_panel.stack_buttons[enabled[-1]], Qt.MouseButton.LeftButton)
    assert len(s.hands[0]) == s.hand_size


def test_out_of_turn_is_refused(window, qtbot):
    s = GameState.new("original", 3, 5)
    ctrl = window.ctrl
    ctrl.session.set_paused(True)
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    advance(s, lambda st: st.phase == Phase.ACTION and st.current_player == 1)
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    n = len(s.history)
    reason = window.placing.act(Pass())  # the board's way: the refusal as a sentence
    assert reason == "It is Bea's turn, not yours."
    assert len(s.history) == n
    assert window.statusBar().currentMessage() == reason


def test_bot_moves_are_flashed_and_logged(window, qtbot):
    ctrl = window.ctrl
    ctrl.starting.new_game(GameConfig("original", [SeatConfig("A", "random"), SeatConfig("B", "random")], seed=9))
    qtbot.waitUntil(lambda: ctrl.session.full_state().is_over, timeout=30000)
    assert ctrl.log_model.rowCount() == len(ctrl.session.full_state().events)
    assert ctrl.history_model.rowCount() == len(ctrl.session.full_state().score_history)
    qtbot.waitUntil(lambda: window.results_dialog is not None, timeout=5000)


def test_hot_seat_hides_hand_between_turns(window, qtbot):
    ctrl = window.ctrl
    ctrl.starting.new_game(GameConfig("original", [SeatConfig("Anna", "human"), SeatConfig("Ben", "human")], seed=1))
    s = ctrl.session.full_state()
    assert ctrl.session.seat is None and ctrl.hand_model.rowCount() == 0
    assert window.overlay.isVisible()
    first = s.current_player
    assert ctrl.session.name(first) in window.overlay.label.text()
    assert ctrl.session.act(Pass()) is not None  # nobody at the screen yet
    qtbot.mouseClick(window.overlay.button, Qt.MouseButton.LeftButton)
    assert ctrl.session.seat == first and ctrl.hand_model.rowCount() == len(s.hands[first])
    assert not window.overlay.isVisible()
    # place a setup tile; the screen then goes to the other player
    number = ctrl.session.seat_view().spare_tiles()[0]
    x, y = sorted(ctrl.session.seat_view().legal_tile_positions(number, 0))[0]
    assert ctrl.session.act(PlaceTile(number, x, y, 0)) is None
    assert ctrl.session.seat is None and ctrl.hand_model.rowCount() == 0
    assert window.overlay.isVisible() and ctrl.session.name(s.current_player) in window.overlay.label.text()


def test_save_open_and_broken_files(window, qtbot, tmp_path):
    ctrl = start_default(window, seed=21)
    wait_my_turn(qtbot, ctrl)
    path = tmp_path / "game.bigcity"
    assert window.files.save_to(path)
    data = json.loads(path.read_text())
    assert data["format"] == "bigcity-game" and data["players"][1]["kind"] == "medium"
    n = len(ctrl.session.full_state().history)
    assert window.files.open_game(path)
    assert len(ctrl.session.full_state().history) == n
    state = ctrl.session.full_state()
    for name, text in (("broken.bigcity", "{not json"), ("foreign.bigcity", json.dumps({"format": "something else"}))):
        bad = tmp_path / name
        bad.write_text(text)
        assert not window.files.open_game(bad)
        box = window.files.error_box
        assert isinstance(box, QMessageBox) and box.isVisible()
        assert "cannot be opened" in box.text()
        box.close()
        assert ctrl.session.full_state() is state


def test_autosave_after_every_action_and_resume(window, qtbot, data_dir):
    ctrl = start_default(window, seed=8)
    wait_my_turn(qtbot, ctrl)
    path = ctrl.starting.autosave_path
    assert path.parent == data_dir / "games" and path.is_file()
    saved = json.loads(path.read_text())
    assert len(saved["actions"]) == len(ctrl.session.full_state().history)
    (summary,) = Saves().summaries()
    assert summary.path == path and summary.busy  # this window holds it
    assert [p.name for p in summary.players] == [p.name for p in ctrl.session.players]


def test_rules_dialog_marks_house_values(window):
    dlg = window.show_rules()
    html = dlg.browser.toHtml()
    assert "our reading" in html and "Shopping Center" in html and "[house]" not in html
    dlg.close()


def test_dock_layout_is_remembered(qtbot, data_dir, settings):
    from bigcity_desktop.game.shell.mainwindow import GameWindow

    w = GameWindow(settings=settings)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.drawer.open(["chart"])
    w.docks["log"].hide()
    w.close()
    w2 = GameWindow(settings=settings)
    qtbot.addWidget(w2)
    w2.show()
    qtbot.waitExposed(w2)
    qtbot.waitUntil(lambda: w2.docks["chart"].isVisible())
    assert not w2.docks["log"].isVisible()
    # on the panel sheet over the table, not beside the board (issue 46.2)
    assert w2.docks["chart"].parentWidget().objectName() == "PanelSheet"
    assert w2.dockWidgetArea(w2.docks["chart"]) == Qt.DockWidgetArea.NoDockWidgetArea
    w2.close()


def test_menus_and_shortcuts(window):
    a = window.actions
    for key in ("new", "open", "save", "pass", "exchange", "zoom_in", "zoom_out", "fit", "quit", "rules", "about"):
        assert key in a
        if key not in ("about",):
            assert not a[key].shortcut().isEmpty(), key
    s0 = window.view.current_scale()
    a["zoom_in"].trigger()
    assert window.view.current_scale() > s0
    a["zoom_out"].trigger()
    a["fit"].trigger()


def test_sandbox_play_opens_new_game_with_its_city(window, qtbot):
    from bigcity_desktop.app import Desktop

    desktop = Desktop(window)
    with qtbot.waitSignal(window.sandboxRequested):
        window.actions["sandbox"].trigger()  # the game window asks; the app opens it
    sb = desktop.sandboxes[-1]
    qtbot.addWidget(sb)
    placements = [[1, 0, 0, 0], [2, 3, 0, 1]]
    sb.playRequested.emit(placements, "original")
    dlg = window.new_dialog
    assert dlg is not None and dlg.isVisible() and dlg.start_city == placements
    dlg.accept()
    s = window.ctrl.session.full_state()
    assert s.phase == Phase.ACTION  # no setup placement: the sandbox city is the start
    assert sorted(t.number for t in s.city.tiles) == [1, 2]
    sb.close()


def test_illegal_sandbox_city_is_refused_with_a_message(window, qtbot, monkeypatch):
    shown = []
    monkeypatch.setattr("bigcity_desktop.game.shell.mainwindow.QMessageBox.warning", lambda *a: shown.append(a[2]))
    window.start_game(GameConfig("original", [SeatConfig("You"), SeatConfig("Bea", "random")], 1, [[3, 10, 10, 0]]))
    assert window.ctrl.session.full_state() is None
    assert shown and "neighborhood 3" in shown[0].lower()


def test_three_unfinished_games_wait_in_continue(window, qtbot, data_dir, settings):
    from bigcity_desktop.game.shell.mainwindow import GameWindow

    played = []
    for seed in (8, 9, 10):  # New game in the middle of each: none is lost
        ctrl = start_default(window, seed=seed)
        wait_my_turn(qtbot, ctrl)
        played.append(len(ctrl.session.full_state().history))
    window.close()  # quit in the middle of the third
    w2 = GameWindow(settings=settings)
    qtbot.addWidget(w2)
    w2.ctrl.session.set_paused(True)
    assert w2.files.offer_resume()
    dlg = w2.files.continue_dialog
    found = dlg.summaries()
    assert len(found) == 3 and not any(s.busy for s in found)
    assert [s.last_played for s in found] == sorted((s.last_played for s in found), reverse=True)
    assert sorted(len(json.loads(s.path.read_text())["actions"]) for s in found) == sorted(played)
    newest = found[0]
    dlg.accept_current()
    assert w2.ctrl.starting.autosave_path == newest.path
    assert len(w2.ctrl.session.full_state().history) == played[-1]
    assert [p.kind for p in w2.ctrl.session.players] == ["human", "medium", "medium"]
    # the one being played is not offered again; Delete takes one away for good
    dlg2 = w2.files.show_continue()  # read beside the window
    qtbot.waitUntil(lambda: w2.files.continue_scan is None)
    assert len(dlg2.summaries()) == 2
    dlg2.delete_current(confirm=False)
    assert len(dlg2.summaries()) == 1 and len(list((data_dir / "games").glob("*.bigcity"))) == 2
    dlg2.close()
    w2.ctrl.session.close()


def test_a_finished_game_is_kept_until_its_results_are_seen(window, qtbot, data_dir):
    s = advance(GameState.new("original", 2, 3), lambda st: st.is_over)
    window.ctrl.starting.start_from_state(s, players(["human", "random"]))
    path = window.ctrl.starting.autosave_path
    qtbot.waitUntil(lambda: window.results_dialog is not None)
    assert path.is_file()  # the results are on screen, not yet seen
    window.results_dialog.close()
    qtbot.waitUntil(lambda: not path.exists())


def test_hint_path_outlines_the_move(window, qtbot, monkeypatch):
    import bigcity_desktop.game.hints as hints_mod

    calls = []

    def fake_hint(view, player):
        calls.append((view.viewer, player))
        a = view.legal_actions(ActionKind.BUILD)[0]
        return a, "it scores well"

    monkeypatch.setattr(hints_mod, "hint_function", lambda: fake_hint)
    s = _action_position(lambda st: bool(st.legal_actions(ActionKind.BUILD)), seed=5)
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    got = []
    window.hints.hintReady.connect(lambda a, t: got.append((a, t)))
    window.actions["hint"].trigger()
    qtbot.waitUntil(lambda: bool(got), timeout=5000)
    assert calls == [(0, 0)]  # the hint sees only the player's view
    assert got[0][1] == "it scores well"
    assert "Hint:" in window.statusBar().currentMessage()


def aim_ghost(scene, cells) -> bool:
    """Turn the building ghost and move the mouse until it covers `cells`."""
    want = sorted(cells)
    for _mirror in (False, True):
        for _ in range(4):
            for c in cells:
                scene.interaction.hover(centre(c))
                if sorted(scene.interaction.tool.cells) == want:
                    return True
            scene.interaction.rotate_ghost(1)
        scene.interaction.mirror_ghost()
    return False


def test_park_or_factory_from_the_card_in_hand(window, qtbot):
    def has_piece(st):
        return bool(st.legal_actions(ActionKind.PARK_FACTORY))

    s = _action_position(has_piece, seed=3)
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    action = s.legal_actions(ActionKind.PARK_FACTORY)[0]
    card = s.rules.card_for_piece(action.building, s.judge(action).variant.name)
    hm = ctrl.hand_model
    row = hm.cards().index(card)
    assert "park" in hm.index(row, 0).data().lower() or "factory" in hm.index(row, 0).data().lower()
    window.hand_panel.hand_view.activated.emit(hm.index(row, 0))  # Enter / double-click on the card
    assert window.scene.interaction.mode == "building"
    cells = [s.city.cell_of[p] for p in action.properties]
    assert aim_ghost(window.scene, cells)
    assert window.scene.interaction.last_judgement.legal
    assert window.scene.interaction.commit()
    assert s.city.building_at.get(action.properties[0]) is not None
    assert card not in s.hands[0]


def test_bot_speed_menu_sets_the_delay_and_is_remembered(window, settings):
    slow = window.findChild(type(window.actions["pass"]), "speed_Slow")
    slow.trigger()
    assert window.ctrl.session.bot_delay_ms == 1500 and slow.isChecked()
    assert int(settings.value("game/botDelayMs")) == 1500


def test_neighborhoods_closed_before_city_hall_say_why(window, qtbot):
    s = _action_position(lambda st: not st.city_hall_built, seed=2)
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    spare = ctrl.session.seat_view().spare_tiles()[0]
    assert not window.placing.start_tile(spare)
    assert "city hall" in window.statusBar().currentMessage().lower()
    assert window.scene.interaction.mode == ""


def test_building_dragged_from_the_supply_onto_the_board(window, qtbot):
    from bigcity_desktop.scene import BUILDING_MIME

    def has_single(st):
        return any(len(a.properties) == 1 and a.building == "residence" for a in st.legal_actions(ActionKind.BUILD))

    s = _action_position(has_single, seed=6)
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    sm = ctrl.supply_model
    row = [sm.index(i, 0).data().lstrip("\N{CHECK MARK} ") for i in range(sm.rowCount())].index("Single residence")
    assert sm.index(row, 0).data().startswith("\N{CHECK MARK}")  # marked as buildable now
    payload = bytes(sm.mimeData([sm.index(row, 0)]).data(BUILDING_MIME)).decode()
    prop = ctrl.session.seat_view().legal_builds("residence", 1)[0][0]
    # dropped on a property whose card you do not hold: refused, nothing changes
    bad = next(p for p in s.city.cell_of if p not in s.hands[0] and p not in s.city.building_at)
    n = len(s.history)
    drop(window.view, BUILDING_MIME, payload, centre(s.city.cell_of[bad]))
    assert len(s.history) == n and window.scene.interaction.mode == ""
    drop(window.view, BUILDING_MIME, payload, centre(s.city.cell_of[prop]))
    assert s.city.building_at.get(prop) is not None
    assert s.history[n] == Build("residence", (prop,))


def _keyboard_position(window, qtbot, seed):
    s = _action_position(lambda st: True, seed=seed)
    ctrl = window.ctrl
    ctrl.session.set_paused(True)
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    ctrl.auto_draw = False
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    return s, ctrl


def test_keyboard_pass(window, qtbot):
    from PySide6.QtTest import QTest

    from bigcity_desktop.engine import Pass

    s, ctrl = _keyboard_position(window, qtbot, 9)
    n = len(s.history)
    QTest.keyClick(window, Qt.Key.Key_P)
    assert s.history[n] == Pass()


def test_keyboard_exchange_and_draw(window, qtbot):
    from PySide6.QtTest import QTest

    from bigcity_desktop.engine import Draw

    s, ctrl = _keyboard_position(window, qtbot, 10)
    hv = window.hand_panel.hand_view
    hv.setFocus()
    hv.setCurrentIndex(ctrl.hand_model.index(0, 0))
    QTest.keyClick(hv, Qt.Key.Key_Space)  # tick the card
    card = ctrl.hand_model.checked_cards()
    assert len(card) == 1
    n = len(s.history)
    QTest.keyClick(window, Qt.Key.Key_E)
    assert s.history[n] == Exchange(tuple(card))
    assert s.phase == Phase.REFILL and s.current_player == 0
    st = ctrl.session.seat_view().legal_draw_stacks()[0]
    QTest.keyClick(window, getattr(Qt.Key, f"Key_{st}"))
    assert s.history[n + 1] == Draw(st)


def test_jumbo_redevelopment_through_the_panel(window, qtbot):
    from bigcity_desktop.engine import Offer, Take

    s = find_position(lambda x: x.phase == Phase.OFFER and x.current_player == 0, edition="jumbo", tries=29)
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    panel = window.hand_panel
    assert panel.offers_box.isVisible()
    assert panel.buttons["offer_down"].isEnabled()
    hm = ctrl.hand_model
    hm.setData(hm.index(0, 0), Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole)
    card = hm.checked_cards()
    n = len(s.history)
    qtbot.mouseClick(panel.buttons["offer_down"], Qt.MouseButton.LeftButton)
    assert s.history[n] == Offer(tuple(card), False)
    qtbot.waitUntil(
        lambda: (
            ctrl.session.seat_view().my_turn() and s.phase == Phase.TAKE or s.phase not in (Phase.OFFER, Phase.TAKE)
        ),
        timeout=10000,
    )
    assert s.phase == Phase.TAKE  # every offerer picks, so your pick comes
    items = [panel.offers_list.item(i) for i in range(panel.offers_list.count())]
    enabled = [it for it in items if it.flags() & Qt.ItemFlag.ItemIsEnabled]
    assert enabled
    owner, slot = enabled[0].data(Qt.ItemDataRole.UserRole)
    m = len(s.history)
    # the offered cards lie on the table: a click on one takes it (issue 46.9)
    lst = panel.offers_list
    qtbot.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=lst.visualItemRect(enabled[0]).center())
    assert s.history[m] == Take(owner, slot)


def test_real_hint_when_the_bots_provide_it(window, qtbot):
    import pytest

    from bigcity_desktop.game.hints import hint_function

    if hint_function() is None:
        pytest.skip("no bots.hint in this build")
    s = _action_position(lambda st: True, seed=12)
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    window.menuBar().actions()[1].menu().aboutToShow.emit()  # the Play menu re-checks
    assert window.actions["hint"].isVisible() and window.actions["hint"].isEnabled()
    got = []
    window.hints.hintReady.connect(lambda a, t: got.append((a, t)))
    window.hints.request_hint()
    qtbot.waitUntil(lambda: bool(got), timeout=30000)
    action, text = got[0]
    assert s.check(action) is None and text
    assert window.statusBar().currentMessage().startswith("Hint:")
