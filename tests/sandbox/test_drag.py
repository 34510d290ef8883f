"""Dragging a neighborhood from the tray or a building from the palette onto
the sandbox's board (issue 33.6): the board's own ghost sits under the
pointer, no system drag's thumbnail follows beside it, and off the board the
pointer carries the thumbnail at the point where it was grabbed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QDrag, QMouseEvent
from PySide6.QtWidgets import QApplication

from bigcity_desktop.sandbox.window import SandboxWindow
from bigcity_desktop.scene import CELL
from bigcity_desktop.scene.targets import Mode

LEFT = Qt.MouseButton.LeftButton


def mouse(widget, kind, local: QPoint, buttons=LEFT) -> None:
    """A real mouse event at `local` (in `widget`), as the window system sends it."""
    button = Qt.MouseButton.NoButton if kind == QEvent.Type.MouseMove else LEFT
    ev = QMouseEvent(
        kind, QPointF(local), QPointF(widget.mapToGlobal(local)), button, buttons, Qt.KeyboardModifier.NoModifier
    )
    QApplication.sendEvent(widget, ev)


@pytest.fixture
def win(qtbot, monkeypatch):
    system_drags = []
    monkeypatch.setattr(QDrag, "exec", lambda self, *a, **k: system_drags.append(self) or Qt.DropAction.IgnoreAction)
    w = SandboxWindow()
    qtbot.addWidget(w)
    w.resize(1280, 820)
    w.show()
    qtbot.waitExposed(w)
    w.system_drags = system_drags
    yield w
    assert QApplication.overrideCursor() is None


def _row(view, predicate) -> QPoint:
    model = view.model()
    row = next(r for r in range(model.rowCount()) if predicate(model.index(r, 0)))
    return view.visualRect(model.index(row, 0))


def test_a_tile_dragged_from_the_tray_is_the_board_s_ghost_under_the_pointer(win):
    tray = win.docks.tray
    rect = _row(tray, lambda ix: ix.data(Qt.ItemDataRole.UserRole) == 2)
    grab = rect.topLeft() + QPoint(rect.width() // 2 - 20, 10)  # left of the thumbnail's centre
    vp = tray.viewport()
    mouse(vp, QEvent.Type.MouseButtonPress, grab)
    mouse(vp, QEvent.Type.MouseMove, grab + QPoint(12, 12))
    assert win.system_drags == [], "a system drag's thumbnail follows the pointer"
    assert win.board.mode == Mode.TILE
    cursor = QApplication.overrideCursor()
    assert cursor is not None  # off the board the pointer carries the thumbnail...
    picture = cursor.pixmap().deviceIndependentSize()
    assert cursor.hotSpot().x() < picture.width() / 2 - 10, "...held where it was grabbed"
    # over the board the ghost's anchor cell is the cell under the pointer
    x, y = next(iter(win.model.tile_positions(2, 0)))
    spot = QPointF((x + 2) * CELL, (y + 1) * CELL)  # the middle of a legal spot of the flat 4×2 neighborhood
    win.view.centerOn(spot)
    target = win.view.viewport().mapToGlobal(win.view.mapFromScene(spot))
    local = vp.mapFromGlobal(target)
    mouse(vp, QEvent.Type.MouseMove, local)
    ghost = win.board.tool
    assert ghost.key_cell is None and ghost.mouse == win.view.mapToScene(win.view.mapFromScene(spot))
    width, height = 4, 2  # neighborhood 2 lies flat: the pointer is at its middle
    assert ghost.pos == (round(ghost.mouse.x() / CELL - width / 2), round(ghost.mouse.y() / CELL - height / 2))
    assert win.system_drags == []
    mouse(vp, QEvent.Type.MouseButtonRelease, local, Qt.MouseButton.NoButton)
    assert 2 in win.model.city.placed_tiles
    assert win.board.mode == Mode.NONE


def test_a_building_dragged_from_the_palette_is_built_where_it_is_let_go(win):
    palette = win.docks.palette_view
    rect = _row(palette, lambda ix: bool(ix.data(Qt.ItemDataRole.DecorationRole)))
    vp = palette.viewport()
    start = rect.center()
    mouse(vp, QEvent.Type.MouseButtonPress, start)
    mouse(vp, QEvent.Type.MouseMove, start + QPoint(12, 12))
    assert win.system_drags == []
    assert win.board.mode == Mode.BUILDING
    spot = QPointF(0.5 * CELL, 0.5 * CELL)  # lot 11
    target = win.view.viewport().mapToGlobal(win.view.mapFromScene(spot))
    local = vp.mapFromGlobal(target)
    mouse(vp, QEvent.Type.MouseMove, local)
    mouse(vp, QEvent.Type.MouseButtonRelease, local, Qt.MouseButton.NoButton)
    n = 0
    while QApplication.overrideCursor() is not None:
        n += 1
        QApplication.restoreOverrideCursor()
    assert n == 0
    assert win.model.city.building_at.get(11) is not None
