"""The Supply as a tray of the pieces themselves (issue 33): the model under
it, picking a piece up by a click, Enter or a drag onto the board, the closed
pieces refusing with their reason, the piece under the pointer lifted and the
piece in hand marked, and every name painted whole in a narrow German column."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QMouseEvent
from PySide6.QtWidgets import QApplication

from bigcity_desktop.engine import ActionKind, GameState, get_rules
from bigcity_desktop.game.core.controller import GameController
from bigcity_desktop.game.core.models import PieceRole, ReasonRole
from bigcity_desktop.game.tabletop.tray import SupplyTray
from bigcity_desktop.scene import CELL

from .conftest import find_position, players
from .test_drag import LEFT, drag_to_board, mouse
from .test_game_window import _action_position
from .test_german import german  # noqa: F401  (the fixture)

K = Qt.Key


def _row(model, btype: str, size: int) -> int:
    return next(
        r for r in range(model.rowCount()) if model.row_info(r)["type"] == btype and model.row_info(r)["size"] == size
    )


def _pieces(tray: SupplyTray):
    model = tray.model()
    return [model.index(r, 0).data(PieceRole) for r in range(model.rowCount())]


def _click(tray: SupplyTray, row: int) -> None:
    at = tray.visualRect(tray.model().index(row, 0)).center()
    mouse(tray.viewport(), QEvent.Type.MouseButtonPress, at, LEFT)
    mouse(tray.viewport(), QEvent.Type.MouseButtonRelease, at, Qt.MouseButton.NoButton)


def _before_city_hall(st: GameState) -> bool:
    return not st.city_hall_built and st.phase.name == "ACTION" and st.current_player == 0


def test_the_supply_model_passes_the_model_tester_and_says_what_the_tray_draws(qtmodeltester, qtbot):
    ctrl = GameController(autosave=False)
    ctrl.session.set_paused(True)
    s = find_position(_before_city_hall)
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    model = ctrl.supply_model
    qtmodeltester.check(model)
    pieces = {(p.type, p.size): p for p in (model.index(r, 0).data(PieceRole) for r in range(model.rowCount()))}
    church = pieces[("church", 1)]
    assert church.closed and church.base == 15 and not church.buildable
    assert pieces[("park", 2)].base is None  # built with its card: no base points
    assert not pieces[("residence", 1)].closed
    row = _row(model, "church", 1)
    index = model.index(row, 0)
    assert "closed until City Hall is built" in index.data(ReasonRole)
    # a closed piece is not picked up: its drag says why beside the pointer (issue 46.3)
    assert index.flags() & Qt.ItemFlag.ItemIsDragEnabled
    spoken = index.data(Qt.ItemDataRole.AccessibleTextRole)
    assert spoken == "Church, 2 left, base 15 points, closed until City Hall is built"
    assert "Closed until City Hall is built." in index.data(Qt.ItemDataRole.ToolTipRole)
    assert model.index(_row(model, "residence", 1), 0).data(ReasonRole) is None
    for r in model.buildable_rows():
        assert model.index(r, 0).data(PieceRole).buildable
        assert model.index(r, 0).data(Qt.ItemDataRole.AccessibleTextRole).endswith(", you can build it now")


def test_a_click_picks_the_piece_up_and_the_tray_marks_it_in_hand(window, qtbot):
    s = _action_position(lambda st: bool(st.legal_actions(ActionKind.BUILD)), seed=3)
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    ctrl.session.stop()
    tray = window.supply_panel
    model = ctrl.supply_model
    row = model.buildable_rows()[0]
    piece = model.index(row, 0).data(PieceRole)
    before = tray.viewport().grab().toImage()
    with qtbot.waitSignal(tray.buildingChosen) as chosen:
        _click(tray, row)
    assert chosen.args == [piece.type, piece.size]
    assert window.board.mode == "building"
    assert tray.in_hand() == (piece.type, piece.size)
    qtbot.waitUntil(lambda: tray.viewport().grab().toImage() != before)  # its slot is marked
    window.board.cancel_mode()
    assert tray.in_hand() is None


def test_enter_picks_up_and_the_arrows_go_piece_by_piece_past_the_sold_out(window, qtbot):
    s = _action_position(lambda st: bool(st.legal_actions(ActionKind.BUILD)), seed=3)
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    ctrl.session.stop()
    tray = window.supply_panel
    model = ctrl.supply_model
    tray.setFocus()
    tray.setCurrentIndex(model.index(0, 0))
    enabled = [r for r in range(model.rowCount()) if model.flags(model.index(r, 0)) & Qt.ItemFlag.ItemIsEnabled]
    seen = [0]
    for _ in range(len(enabled) - 1):
        qtbot.keyClick(tray, K.Key_Right if len(seen) % 2 else K.Key_Down)
        seen.append(tray.currentIndex().row())
    assert seen == enabled  # one after the other, in order, the sold-out ones skipped
    qtbot.keyClick(tray, K.Key_Up)
    assert tray.currentIndex().row() == enabled[-2]
    row = model.buildable_rows()[0]
    tray.setCurrentIndex(model.index(row, 0))
    with qtbot.waitSignal(tray.buildingChosen):
        qtbot.keyClick(tray, K.Key_Return)
    assert window.board.mode == "building"


def test_a_piece_dragged_onto_the_board_by_the_mouse_is_built_there(window, qtbot):
    def has_single(st):
        return any(len(a.properties) == 1 and a.building == "residence" for a in st.legal_actions(ActionKind.BUILD))

    s = _action_position(has_single, seed=2)
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    ctrl.session.stop()
    prop = ctrl.session.seat_view().legal_builds("residence", 1)[0][0]
    cell = s.city.cell_of[prop]
    target = QPointF((cell[0] + 0.5) * CELL, (cell[1] + 0.5) * CELL)
    window.view.centerOn(target)
    tray = window.supply_panel
    start = tray.visualRect(ctrl.supply_model.index(_row(ctrl.supply_model, "residence", 1), 0)).center()
    local = drag_to_board(tray.viewport(), start, window.view, target)
    assert window.board.mode == "building" and tray.in_hand() == ("residence", 1)
    mouse(tray.viewport(), QEvent.Type.MouseButtonRelease, local, Qt.MouseButton.NoButton)
    assert s.city.building_at.get(prop) is not None
    assert window.board.mode == "" and tray.in_hand() is None


def test_a_closed_piece_refuses_with_its_reason(window, qtbot):
    s = find_position(_before_city_hall)
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    ctrl.session.stop()
    tray = window.supply_panel
    row = _row(ctrl.supply_model, "cinema", 1)
    with qtbot.waitSignal(tray.refused) as refused:
        _click(tray, row)
    assert refused.args == ["Cinema: closed until City Hall is built."]
    assert window.board.mode == ""
    assert window.statusBar().currentMessage() == "Cinema: closed until City Hall is built."
    # a drag does not pick it up either
    start = tray.visualRect(ctrl.supply_model.index(row, 0)).center()
    drag_to_board(tray.viewport(), start, window.view, QPointF(CELL * 2.5, CELL * 2.5))
    assert window.board.mode == "" and QApplication.overrideCursor() is None
    mouse(tray.viewport(), QEvent.Type.MouseButtonRelease, start, Qt.MouseButton.NoButton)


def test_the_piece_under_the_pointer_is_lifted(window, qtbot):
    s = _action_position(lambda st: True, seed=3)
    window.ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    window.ctrl.session.stop()
    tray = window.supply_panel
    vp = tray.viewport()
    rect = tray.visualRect(tray.model().index(1, 0))
    before = vp.grab(rect).toImage()
    at = rect.center()
    ev = QMouseEvent(
        QEvent.Type.MouseMove,
        QPointF(at),
        QPointF(vp.mapToGlobal(at)),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(vp, ev)
    assert tray.hovered_row() == 1
    qtbot.waitUntil(lambda: vp.grab(rect).toImage() != before)
    QApplication.sendEvent(tray, QEvent(QEvent.Type.Leave))
    assert tray.hovered_row() == -1


@pytest.mark.parametrize("edition", ["original", "jumbo"])
@pytest.mark.parametrize("size", [(190, 400), (230, 400), (280, 600)])
def test_every_piece_in_sight_and_every_name_whole_in_german(german, qtbot, edition, size):  # noqa: F811
    ctrl = GameController(autosave=False)
    ctrl.session.set_paused(True)
    ctrl.starting.start_from_state(
        GameState.new(get_rules(edition), 3, 4, ["Sie", "Bea", "Carl"]), players(["human", "easy", "easy"])
    )
    tray = SupplyTray(ctrl)
    qtbot.addWidget(tray)
    tray.resize(*size)
    tray.show()
    qtbot.waitExposed(tray)
    model = tray.model()
    assert model.rowCount() >= 14
    vp = tray.viewport().rect()
    rects = [tray.visualRect(model.index(r, 0)) for r in range(model.rowCount())]
    assert all(vp.contains(r) for r in rects), (vp, rects)  # no scrolling
    assert not tray.verticalScrollBar().isVisible() and not tray.horizontalScrollBar().isVisible()
    assert len({r.top() for r in rects}) == -(-len(rects) // 2)  # two to a row
    assert rects[0].height() >= 49
    for r, piece in zip(rects, _pieces(tray)):
        lay = tray.layout_of(piece, QRectF(r))
        fm = QFontMetricsF(lay.name_font)
        assert " ".join(lay.lines) == piece.label and len(lay.lines) <= 2, lay.lines
        assert all(fm.horizontalAdvance(line) <= lay.name.width() + 0.01 for line in lay.lines), (piece.label, size)
        assert lay.name_font.pixelSize() >= 8, piece.label
        small = QFontMetricsF(lay.small_font)
        assert small.horizontalAdvance(str(piece.left)) <= lay.badge.width()
        assert lay.piece.width() >= 30 and lay.piece.height() >= 16, (lay.piece, size)
        assert QRectF(r).contains(lay.name) and QRectF(r).contains(lay.piece)
    assert "Geschäftshaus" in " ".join(" ".join(tray.layout_of(p).lines) for p in _pieces(tray))
    ctrl.session.stop()


def test_a_short_column_scrolls_vertically_only(qtbot):
    ctrl = GameController(autosave=False)
    ctrl.session.set_paused(True)
    ctrl.starting.start_from_state(GameState.new("jumbo", 3, 2), players(["human", "easy", "easy"]))
    tray = SupplyTray(ctrl)
    qtbot.addWidget(tray)
    tray.resize(210, 250)
    tray.show()
    qtbot.waitExposed(tray)
    last = tray.model().index(tray.model().rowCount() - 1, 0)
    assert not tray.viewport().rect().contains(tray.visualRect(last))
    qtbot.waitUntil(lambda: tray.verticalScrollBar().maximum() > 0)
    assert tray.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    tray.scrollTo(last)
    assert tray.viewport().rect().intersects(tray.visualRect(last))
    assert QPoint(0, 0) != tray.visualRect(last).topLeft()
    ctrl.session.stop()


def test_at_a_network_table_a_paint_scales_cells_it_has_no_time_for_and_paints_them_after_a_rest(
    window, qtbot, monkeypatch
):
    """A flood's hand that grew a row resized every cell of the tray at once
    (issue 45.6): past its budget a paint shows a cell as it was at its last
    size, scaled, and paints its own picture after a rest."""
    from PySide6.QtCore import QSize

    from bigcity_desktop.game.tabletop import tray as T
    from bigcity_desktop.session.base import SessionTraits

    s = _action_position(lambda st: bool(st.legal_actions(ActionKind.BUILD)), seed=3)
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    ctrl.session.stop()
    tray = window.supply_panel
    tray.viewport().grab()  # every cell's picture at its size
    n = tray.model().rowCount()
    monkeypatch.setattr(ctrl.session, "traits", SessionTraits(leaves=True))
    monkeypatch.setattr(T, "CELL_BUDGET", 0.0)  # no time for any new picture
    cell = tray.cell_size()
    tray._cell = QSize(cell.width() - 8, cell.height() - 6)
    tray.doItemsLayout()
    tray.viewport().grab()
    new = tray.cell_size()  # (as the tray laid itself out)
    assert new != cell
    sized = lambda: sum(1 for k in tray.cells if k[1:3] == (tray.cell_size().width(), tray.cell_size().height()))  # noqa: E731
    assert sized() == 0 and not tray._later.isEmpty()  # all scaled, to be painted later
    monkeypatch.setattr(T, "CELL_BUDGET", 1.0)
    qtbot.waitUntil(lambda: tray._later.isEmpty() and sized() == n, timeout=10000)
