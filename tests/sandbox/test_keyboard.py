"""The sandbox without a mouse: a small city laid out with key events only,
the board cursor, Delete under the cursor, the panes and Help -> Keyboard."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from bigcity_desktop.sandbox import window as window_mod
from bigcity_desktop.sandbox.window import SandboxWindow

K = Qt.Key
SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def win(qtbot, monkeypatch):
    monkeypatch.setattr(window_mod.QMessageBox, "warning", lambda *a, **k: None)
    w = SandboxWindow()
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    w.view.setFocus()
    return w


def press(qtbot, w, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    """One key, to whatever has the keyboard focus (as a real key press would go)."""
    qtbot.keyClick(QApplication.focusWidget() or w, key, modifier)


def has_focus(widget) -> bool:
    return QApplication.focusWidget() is widget


def status(w) -> str:
    return w.statusBar().currentMessage()


def pick_building(qtbot, w, btype: str, size: int) -> None:
    """B, then Down / Up to the piece, then Enter picks it up."""
    press(qtbot, w, K.Key_B)
    assert has_focus(w.docks.palette_view)
    row = w.docks.palette_model.find(btype, size)
    for _ in range(30):
        cur = w.docks.palette_view.currentIndex().row()
        if cur == row:
            break
        press(qtbot, w, K.Key_Down if cur < row else K.Key_Up)
    assert w.docks.palette_view.currentIndex().row() == row
    press(qtbot, w, K.Key_Return)
    assert w.scene.interaction.mode == "building"
    assert has_focus(w.view)


def test_lay_out_a_small_city_with_keys_only(win, qtbot):
    w = win
    m = w.model
    # a neighborhood: T goes to the tray at the first one left, Enter picks it up,
    # the ghost waits on a legal spot, N / Shift+N move it, Enter places it
    press(qtbot, w, K.Key_T)
    assert has_focus(w.docks.tray) and w.docks.tray.current_number() == 2
    press(qtbot, w, K.Key_Return)
    assert w.scene.interaction.mode == "tile" and has_focus(w.view)
    press(qtbot, w, K.Key_N)
    press(qtbot, w, K.Key_N, SHIFT)
    press(qtbot, w, K.Key_Return)
    assert w.scene.interaction.mode == ""
    assert m.steps[-1][:2] == ("tile", 2)
    assert 2 in m.city.placed_tiles
    # City Hall: B, down the palette to it, Enter; the ghost waits on the best spot
    pick_building(qtbot, w, "city_hall", 1)
    press(qtbot, w, K.Key_Return)
    assert m.city_hall_built
    # a double residence, turned and moved on to another legal spot
    pick_building(qtbot, w, "residence", 2)
    press(qtbot, w, K.Key_R)
    press(qtbot, w, K.Key_N)
    press(qtbot, w, K.Key_Return)
    assert [b.type for b in m.city.buildings] == ["city_hall", "residence"]
    home = m.city.buildings[1].properties
    # the streetcar line: S lights the streets and puts the cursor on the first one
    press(qtbot, w, K.Key_S)
    assert w.streetcar_tool and w.scene.interaction.mode == "streetcar"
    assert w.scene.interaction.cursor_street() is not None
    press(qtbot, w, K.Key_Return)
    assert len(m.city.streetcars) == 1
    first = m.city.streetcars[0]
    # the tool stays on with the cursor shown: N and Enter lay the next one
    assert w.scene.interaction.mode == "streetcar" and w.scene.interaction.cursor_shown
    press(qtbot, w, K.Key_N)
    press(qtbot, w, K.Key_Return)
    assert len(m.city.streetcars) == 2
    # Delete on the streetcar under the cursor (an end of the line) removes it
    second = m.city.streetcars[1]
    w.scene.interaction.set_cursor(second)
    press(qtbot, w, K.Key_Delete)
    assert m.city.streetcars == [first]
    press(qtbot, w, K.Key_Escape)
    assert not w.streetcar_tool and w.scene.interaction.mode == ""
    # Delete under the cursor: the neighborhood under a building is refused with the reason
    w.view.setFocus()
    w.scene.interaction.set_cursor(m.city.cell_of[home[0]])
    press(qtbot, w, K.Key_Return)  # Enter with no piece selects the piece under the cursor
    assert "Selected" in status(w)
    press(qtbot, w, K.Key_Delete)
    assert [b.type for b in m.city.buildings] == ["city_hall"]
    free = next(p for p in m.city.cell_of if p // 10 == 1 and p not in m.city.building_at)
    w.scene.interaction.set_cursor(m.city.cell_of[free])
    steps = list(m.steps)
    press(qtbot, w, K.Key_Delete)
    assert m.steps == steps
    assert "Cannot remove it" in status(w) and "neighborhood 1" in status(w)
    # Ctrl+Z brings the residence back
    press(qtbot, w, K.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert [b.type for b in m.city.buildings] == ["city_hall", "residence"]


def test_arrows_move_the_cursor_and_describe_the_lot(win, qtbot):
    w = win
    sc = w.scene
    press(qtbot, w, K.Key_Right)  # the first press shows the cursor where it is
    assert sc.interaction.cursor_shown
    start = sc.interaction.cursor_cell()
    press(qtbot, w, K.Key_Right)
    press(qtbot, w, K.Key_Down)
    assert sc.interaction.cursor_cell() == (start[0] + 1, start[1] + 1)
    prop = w.model.city.prop_at[sc.interaction.cursor_cell()]
    desc = w.view.accessibleDescription()
    assert f"Property {prop}" in desc and "free" in desc
    assert desc == status(w)


def test_building_spots_best_first_and_escape(win, qtbot):
    w = win
    pick_building(qtbot, w, "business", 1)
    best = w.model.best_spots("business", 1)
    assert w.scene.interaction.tool.props == list(best[0].props)
    press(qtbot, w, K.Key_N)
    assert w.scene.interaction.tool.props == list(best[1].props)
    press(qtbot, w, K.Key_N, SHIFT)
    assert w.scene.interaction.tool.props == list(best[0].props)
    press(qtbot, w, K.Key_Escape)
    assert w.scene.interaction.mode == ""
    assert len(w.model.steps) == 1


def test_m_mirrors_the_factory_even_with_no_legal_spot(win, qtbot):
    w = win
    pick_building(qtbot, w, "factory", 3)  # before City Hall: nowhere to build it
    assert "no legal spot" in status(w)
    assert not w.scene.interaction.tool.flipped
    press(qtbot, w, K.Key_M)
    assert w.scene.interaction.tool.flipped
    press(qtbot, w, K.Key_Right)  # the ghost follows the cursor, with the reason in the bubble
    assert w.scene.interaction.hover_text
    press(qtbot, w, K.Key_Return)
    assert len(w.model.steps) == 1 and w.scene.interaction.mode == "building"
    press(qtbot, w, K.Key_Escape)
    assert w.scene.interaction.mode == "" and status(w) == "Cancelled."


def test_n_without_a_piece_and_delete_without_a_target(win, qtbot):
    w = win
    press(qtbot, w, K.Key_N)
    assert "pick one up first" in status(w)
    w.scene.interaction.hide_cursor()
    press(qtbot, w, K.Key_Delete)
    assert "Select a piece first" in status(w)


def test_r_turns_the_tray_and_the_tray_keeps_its_choice(win, qtbot):
    w = win
    press(qtbot, w, K.Key_T)
    press(qtbot, w, K.Key_Right)
    chosen = w.docks.tray.current_number()
    assert chosen == 3
    press(qtbot, w, K.Key_R, SHIFT)
    assert w.docks.tray.rotation == 3
    press(qtbot, w, K.Key_R)
    press(qtbot, w, K.Key_R)
    assert w.docks.tray.rotation == 1
    assert w.docks.tray.current_number() == chosen  # redrawn, still on the same neighborhood
    press(qtbot, w, K.Key_Return)
    assert w.scene.interaction.mode == "tile" and w.scene.interaction.tile_rotation == 1


def test_a_spot_of_another_turn_turns_the_tray(win, qtbot):
    w = win
    press(qtbot, w, K.Key_T)
    press(qtbot, w, K.Key_Return)
    assert w.scene.interaction.tile_rotation == 0
    press(qtbot, w, K.Key_N, SHIFT)  # back from the first spot: the last one, of the last turn
    assert w.scene.interaction.tile_rotation == 3
    assert w.docks.tray.rotation == 3
    press(qtbot, w, K.Key_R)  # both turn on together
    assert w.scene.interaction.tile_rotation == 0 and w.docks.tray.rotation == 0
    press(qtbot, w, K.Key_N)
    press(qtbot, w, K.Key_Return)
    assert w.model.steps[-1][0] == "tile"


def test_f6_tab_and_accessible_names(win, qtbot):
    w = win
    seen = []
    for _ in range(len(w.panes())):
        press(qtbot, w, K.Key_F6)
        seen.append(QApplication.focusWidget())
    assert seen == [w.docks.tray, w.docks.palette_view, w.view]
    w.view.setFocus()
    order = []
    for _ in range(7):
        press(qtbot, w, K.Key_Tab)
        order.append(QApplication.focusWidget())
    assert order == [
        w.docks.rot_left,
        w.docks.rot_right,
        w.docks.tray,
        w.docks.palette_view,
        w.docks.streetcar_button,
        w.docks.heat_combo,
        w.view,
    ]
    for widget in (
        w.view,
        w.docks.tray,
        w.docks.palette_view,
        w.docks.rot_left,
        w.docks.rot_right,
        w.docks.streetcar_button,
        w.docks.heat_combo,
    ):
        assert widget.accessibleName(), widget
    assert "focus" in w.styleSheet()


def test_keyboard_help_lists_the_sandbox_keys(win, qtbot):
    dlg = win.show_keyboard_help()
    keys = dlg.keys()
    for key in ("T", "B", "S", "N", "Shift+N", "R", "M", "F6", "Del", "Arrow keys", "Enter or Space"):
        assert any(k == key or k.startswith(key) for k in keys), (key, keys)
    dlg.close()


def test_help_text_tells_the_keys(win, qtbot):
    win.show_help()
    assert "Without a mouse" in win._help_box.text()
    win._help_box.close()
