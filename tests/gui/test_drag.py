"""Dragging a piece from the Supply or the Neighborhoods panel onto the
board: the ghost is the piece itself, and it turns (R, the wheel) on the way."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QApplication

from bigcity_desktop.engine import ActionKind
from bigcity_desktop.engine.city import footprint
from bigcity_desktop.scene import CELL

from .conftest import players, wait_my_turn
from .test_game_window import _action_position, start_default

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


def mouse(widget, kind, local: QPoint, buttons=LEFT) -> None:
    """A real mouse event at `local` (in `widget`), as the window system sends it."""
    gpos = QPointF(widget.mapToGlobal(local))
    button = Qt.MouseButton.NoButton if kind == QEvent.Type.MouseMove else LEFT
    ev = QMouseEvent(kind, QPointF(local), gpos, button, buttons, NONE)
    QApplication.sendEvent(widget, ev)


def drag_to_board(source_vp, start: QPoint, view, scene_pos: QPointF) -> QPoint:
    """Press on `start` in a panel, move past the drag distance, then over the board."""
    mouse(source_vp, QEvent.Type.MouseButtonPress, start, LEFT)
    mouse(source_vp, QEvent.Type.MouseMove, start + QPoint(12, 12))
    target_global = view.viewport().mapToGlobal(view.mapFromScene(scene_pos))
    local = source_vp.mapFromGlobal(target_global)
    mouse(source_vp, QEvent.Type.MouseMove, local)
    return local


def test_supply_drag_rotates_on_the_way_and_builds(window, qtbot):
    def has_double(st):
        return any(len(a.properties) == 2 and a.building == "residence" for a in st.legal_actions(ActionKind.BUILD))

    s = _action_position(has_double, seed=3)
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    ctrl.session.stop()
    spots = ctrl.session.seat_view().legal_builds("residence", 2)
    props = spots[0]
    cells = [s.city.cell_of[p] for p in props]
    upright = cells[0][0] == cells[1][0]
    row = next(
        r
        for r in range(ctrl.supply_model.rowCount())
        if ctrl.supply_model.row_info(r)["type"] == "residence" and ctrl.supply_model.row_info(r)["size"] == 2
    )
    panel = window.supply_panel
    vp = panel.viewport()
    start = panel.visualRect(ctrl.supply_model.index(row, 0)).center()
    anchor = min(cells, key=lambda c: (c[1], c[0]))  # the ghost's anchor cell is its first one
    window.view.centerOn(QPointF((anchor[0] + 0.5) * CELL, (anchor[1] + 0.5) * CELL))
    local = drag_to_board(vp, start, window.view, QPointF((anchor[0] + 0.5) * CELL, (anchor[1] + 0.5) * CELL))
    assert window.scene.interaction.mode == "building"
    assert QApplication.overrideCursor() is not None  # the pointer carries the piece
    # the ghost starts lying flat: R turns it upright mid-drag when the spot needs it
    ghost = window.scene.interaction.tool
    for _ in range(4):
        shape = ghost.shape()
        if (len({c[0] for c in shape}) == 1) == upright:
            break
        qtbot.keyClick(panel, Qt.Key.Key_R)
    mouse(vp, QEvent.Type.MouseMove, local)
    assert sorted(ghost.cells) == sorted(cells), (ghost.cells, cells)
    mouse(vp, QEvent.Type.MouseButtonRelease, local, Qt.MouseButton.NoButton)
    assert s.city.building_at.get(props[0]) is not None
    assert QApplication.overrideCursor() is None
    assert window.scene.interaction.mode == ""


def test_wheel_over_the_board_turns_the_dragged_piece(window, qtbot):
    ctrl = start_default(window)
    wait_my_turn(qtbot, ctrl)
    ctrl.session.stop()
    number = ctrl.session.seat_view().spare_tiles()[0]
    tiles = window.tiles_panel.list
    item = next(tiles.item(i) for i in range(tiles.count()) if tiles.item(i).data(Qt.ItemDataRole.UserRole) == number)
    start = tiles.visualItemRect(item).center()
    x, y = sorted(ctrl.session.seat_view().legal_tile_positions(number, 1))[0]
    w, h = footprint(ctrl.session.full_state().rules, number, 1)
    target = QPointF((x + w / 2) * CELL, (y + h / 2) * CELL)
    window.view.centerOn(target)
    local = drag_to_board(tiles.viewport(), start, window.view, target)
    assert window.scene.interaction.mode == "tile"
    rot = window.scene.interaction.tile_rotation
    vp = window.view.viewport()
    at = QPointF(window.view.mapFromScene(target))
    wheel = QWheelEvent(
        at,
        QPointF(vp.mapToGlobal(at.toPoint())),
        QPoint(),
        QPoint(0, -120),
        Qt.MouseButton.LeftButton,
        NONE,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(vp, wheel)
    assert window.scene.interaction.tile_rotation == (rot + 1) % 4
    while window.scene.interaction.tile_rotation != 1:
        window.scene.interaction.rotate_ghost(1)
    mouse(tiles.viewport(), QEvent.Type.MouseMove, local)
    mouse(tiles.viewport(), QEvent.Type.MouseButtonRelease, local, Qt.MouseButton.NoButton)
    assert ctrl.session.full_state().city.tiles[-1] == (number, x, y, 1)


def test_drop_off_the_board_puts_the_piece_back(window, qtbot):
    ctrl = start_default(window)
    wait_my_turn(qtbot, ctrl)
    ctrl.session.stop()
    tiles = window.tiles_panel.list
    start = tiles.visualItemRect(tiles.item(0)).center()
    vp = tiles.viewport()
    mouse(vp, QEvent.Type.MouseButtonPress, start, LEFT)
    mouse(vp, QEvent.Type.MouseMove, start + QPoint(14, 0))
    assert window.scene.interaction.mode == "tile"
    n = len(ctrl.session.full_state().city.tiles)
    mouse(vp, QEvent.Type.MouseButtonRelease, start + QPoint(14, 0), Qt.MouseButton.NoButton)
    assert window.scene.interaction.mode == "" and len(ctrl.session.full_state().city.tiles) == n
    assert "back" in window.statusBar().currentMessage()
