"""The sandbox window, driven through its real code paths (offscreen)."""

import json

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from bigcity_desktop.engine.layout import judge_move
from bigcity_desktop.sandbox import window as window_mod
from bigcity_desktop.sandbox.window import SandboxWindow, open_sandbox
from bigcity_desktop.scene import CELL
from bigcity_desktop.scene.targets import PropertyTarget, StreetcarTarget


@pytest.fixture
def warnings(monkeypatch):
    seen = []
    monkeypatch.setattr(window_mod.QMessageBox, "warning", lambda *a, **k: seen.append(a[2]))
    return seen


@pytest.fixture
def win(qtbot, warnings):
    w = SandboxWindow()
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


@pytest.fixture
def demo_win(win, demo_path):
    assert win.open_layout(demo_path)
    return win


def centre(city, prop):
    x, y = city.cell_of[prop]
    return QPointF((x + 0.5) * CELL, (y + 0.5) * CELL)


def drag(view, md: QMimeData, scene_pos: QPointF, drop=True):
    """A real drag (enter, move, drop) of `md` onto the view at a scene point."""
    vp = view.mapFromScene(scene_pos)
    args = (Qt.DropAction.CopyAction, md, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), QDragEnterEvent(vp, *args))
    QApplication.sendEvent(view.viewport(), QDragMoveEvent(vp, *args))
    if drop:
        ev = QDropEvent(QPointF(vp), *args)
        QApplication.sendEvent(view.viewport(), ev)
        return ev


def tray_mime(w, number):
    for i in range(w.docks.tray.count()):
        it = w.docks.tray.item(i)
        if it.data(Qt.ItemDataRole.UserRole) == number:
            return w.docks.tray.mimeData([it])
    raise AssertionError(number)


def test_drag_tile_to_legal_and_illegal_spot(win):
    w = win
    w.view.fit_city(6)
    # illegal: far from the city
    before = list(w.model.steps)
    drag(w.view, tray_mime(w, 2), QPointF(-4 * CELL, 1.5 * CELL))
    assert w.model.steps == before
    assert "next to the city" in w.statusBar().currentMessage()
    # illegal: overlapping tile 1
    drag(w.view, tray_mime(w, 2), QPointF(1.5 * CELL, 1.5 * CELL))
    assert w.model.steps == before and "overlap" in w.statusBar().currentMessage()
    # legal: tile 2 right of tile 1 (4 x 2, its middle at (5, 1))
    assert (3, 0) in w.model.tile_positions(2, 0)
    drag(w.view, tray_mime(w, 2), QPointF(5 * CELL, 1 * CELL))
    assert w.model.steps[-1] == ("tile", 2, 3, 0, 0)
    assert w.model.city.prop_at[(3, 0)] == 21
    # a turned tile from the tray
    w.turn_tray(1)
    x, y = sorted(w.model.tile_positions(4, 1))[0]
    drag(w.view, tray_mime(w, 4), QPointF((x + 1) * CELL, (y + 2) * CELL))
    assert w.model.steps[-1] == ("tile", 4, x, y, 1)


def test_ring_makes_centre_live(win):
    w = win
    for st in [(2, 3, 0, 0), (3, 7, 0, 0), (4, 0, 3, 0), (5, 7, 3, 0), (6, 3, 5, 0)]:
        assert w.place_tile(*st)
    # the ring encloses a hole: the scene draws it as centre, and its rim is centre
    assert w.scene.holes == w.model.city.holes() and len(w.scene.holes) == 10
    assert w.model.city.is_center(44)
    assert w.place_tile(7, 4, 2, 0)
    assert w.scene.holes == {(3, 2)}


def _pose_ghost(scene, props, city):
    """Turn and move the building ghost until it covers exactly `props`."""
    want = sorted(props)
    for _mirror in (False, True):
        for _ in range(4):
            for p in props:
                scene.interaction.hover(centre(city, p))
                got = scene.interaction.tool.props
                if got is not None and sorted(got) == want:
                    return True
            scene.interaction.rotate_ghost()
        scene.interaction.mirror_ghost()
    return False


def _place_and_compare(w, btype, size, props):
    city = w.model.city
    want = judge_move(city, {"build": btype, "properties": list(props)})
    assert want["legal"], want
    row = w.docks.palette_model.find(btype, size)
    left = w.docks.palette_model.row(row)[3]
    w.docks.palette_view.clicked.emit(w.docks.palette_model.index(row))  # a click on the palette row
    assert w.scene.interaction.mode == "building"
    assert _pose_ghost(w.scene, props, city)
    text = w.scene.interaction.hover_text
    assert f": {want['score']} point" in text, text
    assert f"base {want['breakdown']['base']}" in text
    if want["breakdown"]["multiplier"] > 1:
        assert f"\u00d7{want['breakdown']['multiplier']}" in text
    assert w.scene.interaction.commit()
    assert f"{want['score']} point" in w.statusBar().currentMessage()
    b = w.model.city.buildings[-1]
    assert b.type == btype and sorted(b.properties) == sorted(props) and b.score == want["score"]
    assert w.docks.palette_model.row(row)[3] == left - 1
    return want


def test_place_every_kind_of_building(demo_win, win):
    w = demo_win
    placed = set()
    for btype, rule in list(w.model.rules.buildings.items()):
        for size in sorted({v.size for v in rule.variants}):
            spots = w.model.best_spots(btype, size)
            if spots:
                _place_and_compare(w, btype, size, spots[0].props)
                placed.add((btype, size))
    assert {
        ("residence", 1),
        ("residence", 2),
        ("residence", 3),
        ("business", 1),
        ("business", 2),
        ("business", 3),
        ("cinema", 1),
        ("post_office", 1),
        ("bank", 1),
        ("park", 3),
    } <= placed


def test_city_hall_and_church(win):
    w = win
    assert w.place_tile(2, 3, 0, 0)
    _place_and_compare(w, "city_hall", 1, (15,))
    for btype, props in (("residence", [21]), ("business", [23, 24]), ("residence", [25, 26, 27]), ("residence", [28])):
        assert w.place_building(btype, props)
    want = _place_and_compare(w, "church", 1, (22,))
    assert want["score"] == 15


def test_parks_and_factories(win):
    w = win
    assert w.place_tile(2, 3, 0, 0) and w.place_tile(3, 0, 3, 0)
    _place_and_compare(w, "city_hall", 1, (15,))
    for btype, size in (("factory", 3), ("factory", 4), ("park", 2), ("shopping_center", 2)):
        spots = w.model.best_spots(btype, size)
        if btype == "shopping_center":
            assert not spots  # needs two adjacent special buildings
            continue
        assert spots, (btype, size)
        _place_and_compare(w, btype, size, spots[-1].props)


def test_illegal_building_drop_shows_reason(demo_win):
    w = demo_win
    city = w.model.city
    before = list(w.model.steps)
    md = w.docks.palette_model.mimeData([w.docks.palette_model.index(w.docks.palette_model.find("bank", 1))])
    drag(w.view, md, centre(city, 65), drop=False)
    assert w.scene.interaction.mode == "building" and not w.scene.interaction.last_judgement.legal
    reason = judge_move(city, {"build": "bank", "properties": [65]})["reason"]
    assert reason[1:] in w.scene.interaction.hover_text
    drag(w.view, md, centre(city, 65))
    assert w.model.steps == before
    assert reason[1:] in w.statusBar().currentMessage()


def test_undo_redo_sequence_is_identical(win):
    w = win
    layouts = [json.dumps(w.model.to_layout())]
    actions = [
        lambda: w.place_tile(2, 3, 0, 1),
        lambda: w.place_building("city_hall", [15]),
        lambda: w.place_building("residence", [21, 25]),
        lambda: w.place_streetcar(((1, 2), (2, 2))),
        lambda: w.place_streetcar(((2, 2), (2, 3))),
        lambda: w.place_building("business", [16]),
        lambda: w.remove_piece(("streetcar", ((2, 2), (2, 3)))),
        lambda: w.place_tile(3, -3, 0, 0),
    ]
    for act in actions:
        assert act()
        layouts.append(json.dumps(w.model.to_layout()))
    assert w.undo_stack.count() == len(actions)
    for i in range(len(actions), 0, -1):
        w.undo_stack.undo()
        assert json.dumps(w.model.to_layout()) == layouts[i - 1]
    for i in range(1, len(actions) + 1):
        w.undo_stack.redo()
        assert json.dumps(w.model.to_layout()) == layouts[i]
    # and through the menu actions' shortcuts
    w.undo_action.trigger()
    assert json.dumps(w.model.to_layout()) == layouts[-2]
    w.redo_action.trigger()
    assert json.dumps(w.model.to_layout()) == layouts[-1]


def test_save_reopen_and_broken_file(demo_win, qtbot, tmp_path, warnings, demo_layout):
    w = demo_win
    assert w.model.to_layout() == demo_layout
    out = tmp_path / "again.json"
    assert w.save_layout(out)
    assert json.loads(out.read_text()) == demo_layout
    w2 = open_sandbox(str(out))
    qtbot.addWidget(w2)
    assert w2.model.to_layout() == demo_layout
    assert [b.score for b in w2.model.city.buildings] == [b.score for b in w.model.city.buildings]
    bad = tmp_path / "bad.json"
    broken = dict(demo_layout, buildings=demo_layout["buildings"] + [{"type": "bank", "properties": [75]}])
    bad.write_text(json.dumps(broken))
    assert not w2.open_layout(bad)
    assert warnings and "already holds" in warnings[-1] and "buildings[16]" in warnings[-1]
    assert w2.model.to_layout() == demo_layout


def test_select_and_delete_and_context(demo_win, qtbot):
    w = demo_win
    w.view.fit_city()
    city = w.model.city
    n = len(city.buildings)
    vp = w.view.mapFromScene(centre(city, 77))  # the post office
    QTest.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, vp)
    assert w.selected == ("building", city.building_at[77])
    w.remove_action.trigger()
    assert len(w.model.city.buildings) == n - 1 and 77 not in w.model.city.building_at
    # a tile under buildings is refused, with the reason
    w.select(("tile", 7))
    assert not w.remove_selected()
    assert "buildings on neighborhood 7" in w.statusBar().currentMessage()
    w.clear_table()
    assert w.model.steps == [("tile", 1, 0, 0, 0)]
    w.undo_stack.undo()
    assert len(w.model.city.buildings) == n - 1


def test_streetcar_tool(demo_win, qtbot):
    w = demo_win
    n = len(w.model.city.streetcars)
    w.docks.streetcar_button.click()
    assert w.streetcar_tool and w.scene.interaction.mode == "streetcar"
    for _ in range(2):
        s = w.model.legal_streetcars()[0]
        (x1, y1), (x2, y2) = s
        mid = QPointF((x1 + x2 + 1) / 2 * CELL, (y1 + y2 + 1) / 2 * CELL)
        assert w.scene.interaction.commit(mid)
        assert w.model.city.streetcars[-1] == s
        assert w.scene.interaction.mode == "streetcar"  # the tool goes on
    assert len(w.model.city.streetcars) == n + 2
    w.scene.interaction.cancel_mode()
    qtbot.waitUntil(lambda: not w.streetcar_tool)
    assert not w.docks.streetcar_button.isChecked()


def test_streetcar_needs_city_hall(win):
    w = win
    w.docks.streetcar_button.click()
    assert not w.streetcar_tool
    assert "City Hall" in w.statusBar().currentMessage()


def test_heat_map_matches_brute_force(demo_win):
    from .test_model import brute_force_best

    w = demo_win
    idx = w.docks.heat_combo.findData("business:2")
    w.docks.heat_combo.setCurrentIndex(idx)
    heat = w.docks.heat.refresh()
    brute = brute_force_best(w.model, "business", 2)
    assert heat == brute
    assert set(w.scene._heatmap) == set(brute)
    best_cell = max(brute, key=brute.get)
    assert w.scene._heat_labels[best_cell] == str(brute[best_cell])
    assert f"best {max(brute.values())} points" in w.docks.heat_legend.text.text()
    w.docks.heat_combo.setCurrentIndex(0)
    assert w.scene._heatmap == {}


def test_rules_switch(win, house_rules, warnings, demo_path):
    w = win
    assert w.place_building("residence", [11])
    assert w.model.city.buildings[0].score == 3
    assert w.switch_rules(str(house_rules))
    assert w.model.city.buildings[0].score == 4
    assert w.model.edition == "stingy"
    w.undo_stack.undo()
    assert w.model.edition == "original" and w.model.city.buildings[0].score == 3
    assert w.switch_rules("jumbo") and w.model.rules.edition == "jumbo"
    assert w.rules_actions["jumbo"].isChecked()
    # impossible under the house rules: refused with the reason, nothing changes
    assert w.open_layout(demo_path)
    before = w.model.to_layout()
    assert not w.switch_rules(str(house_rules))
    assert warnings and "no single residences" in warnings[-1]
    assert w.model.to_layout() == before


def test_play_from_layout(demo_win, qtbot, demo_layout):
    w = demo_win
    with qtbot.waitSignal(w.playRequested) as blocker:
        w.request_play()
    tiles, edition = blocker.args
    assert edition == "original"
    assert tiles == [[t["number"], t["x"], t["y"], t["rotation"]] for t in demo_layout["neighborhoods"]]


def test_palette_model(demo_win, qtmodeltester):
    qtmodeltester.check(demo_win.docks.palette_model)


def test_export_and_help(demo_win, tmp_path):
    w = demo_win
    wd, h = w.export_image(tmp_path / "c.png", 800)
    assert QImage(str(tmp_path / "c.png")).width() == 800
    w.export_image(tmp_path / "c.svg", 800)
    assert "<svg" in (tmp_path / "c.svg").read_text()
    # in the city view the export is the model city (another shape of picture)
    w.view.set_view("city", remember=False)
    wd2, h2 = w.export_image(tmp_path / "city.png", 800)
    assert wd2 == 800 and h2 != h and QImage(str(tmp_path / "city.png")).height() == h2
    w.view.set_view("plan", remember=False)
    w.show_help()
    assert "sandbox" in w._help_box.text().lower()
    w._help_box.close()


def test_open_jumbo_layout_and_undo_with_streetcar_tool(win, tmp_path, qtbot):
    w = win
    layout = {
        "format": "bigcity-layout",
        "version": 1,
        "edition": "jumbo",
        "neighborhoods": [{"number": 1, "x": 0, "y": 0, "rotation": 0}, {"number": 2, "x": 3, "y": 0, "rotation": 1}],
        "buildings": [{"type": "city_hall", "properties": [15]}],
        "streetcars": [[[1, 2], [2, 2]]],
    }
    p = tmp_path / "j.json"
    p.write_text(json.dumps(layout))
    assert w.open_layout(p)
    assert w.model.rules.edition == "jumbo" and w.rules_actions["jumbo"].isChecked()
    assert w.docks.palette_model.row(w.docks.palette_model.find("cinema", 1))[3] == 3  # jumbo has three cinemas
    w.set_streetcar_tool(True)
    legal = set(w.scene.interaction.tool.legal)
    assert legal == set(w.model.legal_streetcars())
    s = sorted(legal)[0]
    assert w.place_streetcar(s)
    # the jumbo line is a path: after the second piece only its two ends may grow
    assert set(w.scene.interaction.tool.legal) == set(w.model.legal_streetcars())
    w.undo_stack.undo()
    assert w.scene.interaction.mode == "streetcar" and set(w.scene.interaction.tool.legal) == legal
    assert not w.undo_stack.isClean() or w.undo_stack.index() == 0


def test_context_menu_removes(demo_win):
    from PySide6.QtCore import QPoint

    w = demo_win
    city = w.model.city
    menu = w._context_menu(PropertyTarget(13), QPoint(10, 10))
    texts = [a.text() for a in menu.actions()]
    assert texts == ["Remove the cinema on 13", "Remove neighborhood 1"]
    n = len(city.buildings)
    menu.actions()[0].trigger()
    assert len(w.model.city.buildings) == n - 1 and 13 not in w.model.city.building_at
    menu.close()
    car = w.model.city.streetcars[-1]
    menu = w._context_menu(StreetcarTarget(car), QPoint(10, 10))
    menu.actions()[0].trigger()
    assert car not in w.model.city.streetcars
    menu.close()
