"""Issue 46.3 and 46.4: everything in the hand can be picked up with the
mouse — a park and a factory from the Supply, a card from the hand onto its
lot (a park card as its piece), a neighborhood from its panel — a refused
drag or drop says why beside the pointer, and the board holds still while a
piece is carried (it refits after the drop)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtWidgets import QApplication, QToolTip

from bigcity_desktop.engine import ActionKind, Build
from bigcity_desktop.scene.targets import PropertyTarget
from bigcity_desktop.scene.tools import cell_rect

from .conftest import players
from .test_drag import LEFT, mouse
from .test_game_window import _action_position
from .test_mouse_game import NOBUTTON, MousePlayer


def _start(window, state):
    window.ctrl.starting.start_from_state(state, players(["human", "random", "random"]))
    window.ctrl.session.stop()
    QApplication.processEvents()


def _with_card_build(btype: str):
    def ok(st) -> bool:
        moves = st.legal_actions(ActionKind.PARK_FACTORY)
        return any(a.building == btype for a in moves if isinstance(a, Build))

    return ok


def _supply_row(window, btype: str, size: int | None = None) -> int:
    model = window.ctrl.supply_model
    rows = range(model.rowCount())
    return next(r for r in rows if model.row_info(r)["type"] == btype and size in (None, model.row_info(r)["size"]))


def _drag_from_supply(window, qtbot, btype: str) -> None:
    s = _action_position(_with_card_build(btype), seed=1)
    _start(window, s)
    sv = window.ctrl.session.seat_view()
    legal = next(a for a in s.legal_actions(ActionKind.PARK_FACTORY) if isinstance(a, Build) and a.building == btype)
    row = _supply_row(window, btype, len(legal.properties))
    info = window.ctrl.supply_model.row_info(row)
    spots = sv.legal_builds(btype, info["size"])
    assert spots
    panel = window.supply_panel
    index = window.ctrl.supply_model.index(row, 0)
    panel.scrollTo(index)
    player = MousePlayer(window, qtbot, 5)
    chosen = {}

    def aim(tool) -> QPointF:
        fits = [(sp, tool.anchor_on(sp)) for sp in spots]
        spot, anchor = next((sp, a) for sp, a in fits if a is not None)
        chosen["move"] = Build(btype, tuple(spot))
        return cell_rect(anchor).center()

    n = len(s.history)
    player.drag(panel, panel.visualRect(index).center(), aim)
    assert s.history[n] == chosen["move"]


def test_a_park_drags_from_the_supply(window, qtbot):
    _drag_from_supply(window, qtbot, "park")


def test_a_factory_drags_from_the_supply(window, qtbot):
    _drag_from_supply(window, qtbot, "factory")


def _hand_index(window, card: int):
    model = window.ctrl.hand_model
    return next(model.index(r, 0) for r in range(model.rowCount()) if model.cards()[r] == card)


def test_a_card_drags_from_the_hand_onto_its_lot_and_builds(window, qtbot):
    def single_on_card(st) -> bool:
        return any(len(a.properties) == 1 for a in st.legal_actions(ActionKind.BUILD) if isinstance(a, Build))

    s = _action_position(single_on_card, seed=2)
    _start(window, s)
    build = next(a for a in s.legal_actions(ActionKind.BUILD) if isinstance(a, Build) and len(a.properties) == 1)
    card = build.properties[0]
    hand = window.hand_panel.hand_view
    index = _hand_index(window, card)
    vp = hand.viewport()
    start = hand.visualRect(index).center()
    view = window.view
    lot = window.scene.city_rect(0)  # (only to have the lot in view)
    view.centerOn(cell_rect(s.city.cell_of[card]).center())
    before = view.mapToScene(0, 0)
    mouse(vp, QEvent.Type.MouseButtonPress, start, LEFT)
    mouse(vp, QEvent.Type.MouseMove, start + QPoint(14, -12))
    drag = hand.board_drag
    assert drag is not None and drag.active and QApplication.overrideCursor() is not None
    assert view.mapToScene(0, 0) == before  # the board holds still under the carried card
    target = view.viewport().mapToGlobal(view.mapFromScene(cell_rect(s.city.cell_of[card]).center()))
    assert isinstance(window.scene.target_at(view.mapToScene(view.viewport().mapFromGlobal(target))), PropertyTarget)
    local = vp.mapFromGlobal(target)
    mouse(vp, QEvent.Type.MouseMove, local)
    mouse(vp, QEvent.Type.MouseButtonRelease, local, NOBUTTON)
    assert QApplication.overrideCursor() is None
    menu = drag.menu
    assert menu is not None and menu.isVisible() and lot is not None
    # the buildings that may stand on the lot, with their scores; the card's own build among them
    texts = [a.text() for a in menu.actions()]
    assert all(str(card) in t and "points" in t for t in texts), texts
    n = len(s.history)
    choice = next(a for a, b in zip(menu.actions(), drag.builds) if b == build)
    choice.trigger()
    assert s.history[n] == build
    # a card is still ticked by a click (no drag)
    other = _hand_index(window, window.ctrl.hand_model.cards()[0])
    qtbot.mouseClick(vp, LEFT, pos=hand.visualRect(other).center())
    assert other.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked


def test_a_card_let_go_on_another_lot_says_why_beside_the_pointer(window, qtbot):
    s = _action_position(lambda st: bool(st.legal_actions(ActionKind.BUILD)), seed=3)
    _start(window, s)
    sv = window.ctrl.session.seat_view()
    card = next(c for c in sv.hand() if any(c in p for b, z in sv.buildable() for p in sv.legal_builds(b, z)))
    other = next(p for p in s.city.cell_of if p != card and p not in sv.hand())
    hand = window.hand_panel.hand_view
    vp = hand.viewport()
    start = hand.visualRect(_hand_index(window, card)).center()
    window.view.centerOn(cell_rect(s.city.cell_of[other]).center())
    n = len(s.history)
    mouse(vp, QEvent.Type.MouseButtonPress, start, LEFT)
    mouse(vp, QEvent.Type.MouseMove, start + QPoint(14, -12))
    view = window.view
    target = view.viewport().mapToGlobal(view.mapFromScene(cell_rect(s.city.cell_of[other]).center()))
    local = vp.mapFromGlobal(target)
    mouse(vp, QEvent.Type.MouseMove, local)
    mouse(vp, QEvent.Type.MouseButtonRelease, local, NOBUTTON)
    assert len(s.history) == n
    said = f"Card {card} is for lot {card}, not lot {other}"
    assert said in QToolTip.text() and said in window.statusBar().currentMessage()


def test_a_park_card_drags_from_the_hand_as_its_piece(window, qtbot):
    s = _action_position(_with_card_build("park"), seed=1)
    _start(window, s)
    rules = s.rules
    card = next(c for c in s.hands[0] if rules.special_cards.get(c, ("",))[0] == "park")
    spots = window.ctrl.session.seat_view().legal_builds(
        "park", rules.buildings["park"].variant(rules.special_cards[card][1]).size
    )
    hand = window.hand_panel.hand_view
    player = MousePlayer(window, qtbot, 5)
    chosen = {}

    def aim(tool) -> QPointF:
        spot, anchor = next((sp, tool.anchor_on(sp)) for sp in spots if tool.anchor_on(sp) is not None)
        chosen["move"] = Build("park", tuple(spot))
        return cell_rect(anchor).center()

    n = len(s.history)
    player.drag(hand, hand.visualRect(_hand_index(window, card)).center(), aim)
    assert s.history[n] == chosen["move"]


def test_a_closed_piece_says_why_beside_the_pointer(window, qtbot):
    def before_city_hall(st) -> bool:
        return not any(b.type == "city_hall" for b in st.city.buildings)

    s = _action_position(before_city_hall, seed=4)
    _start(window, s)
    panel = window.supply_panel
    index = window.ctrl.supply_model.index(_supply_row(window, "church"), 0)
    panel.scrollTo(index)
    start = panel.visualRect(index).center()
    mouse(panel.viewport(), QEvent.Type.MouseButtonPress, start, LEFT)
    mouse(panel.viewport(), QEvent.Type.MouseMove, start + QPoint(14, 10))
    mouse(panel.viewport(), QEvent.Type.MouseButtonRelease, start + QPoint(14, 10), NOBUTTON)
    assert not window.scene.interaction.mode
    assert "closed until City Hall is built" in QToolTip.text()
    assert "closed until City Hall is built" in window.statusBar().currentMessage()


def test_the_board_holds_still_while_a_neighborhood_is_carried(window, qtbot):
    def city_hall_and_tiles(st) -> bool:
        return any(b.type == "city_hall" for b in st.city.buildings) and len(st.city.tiles) < 7

    s = _action_position(city_hall_and_tiles, seed=1)
    _start(window, s)
    view = window.view
    window.fit_board()
    qtbot.waitUntil(lambda: view.auto_fit)
    number = window.ctrl.session.seat_view().spare_tiles()[0]
    lst = window.tiles_panel.list
    item = next(lst.item(i) for i in range(lst.count()) if lst.item(i).data(Qt.ItemDataRole.UserRole) == number)
    vp = lst.viewport()
    start = lst.visualItemRect(item).center()
    before = (view.transform(), view.mapToScene(0, 0))
    mouse(vp, QEvent.Type.MouseButtonPress, start, LEFT)
    mouse(vp, QEvent.Type.MouseMove, start + QPoint(14, 10))
    assert window.scene.interaction.mode == "tile" and view.held
    corner = vp.mapFromGlobal(view.viewport().mapToGlobal(QPoint(5, 5)))
    mouse(vp, QEvent.Type.MouseMove, corner)
    view.refit()  # what a resize or the city changing would ask for: not while the piece is carried
    qtbot.wait(60)
    assert (view.transform(), view.mapToScene(0, 0)) == before
    mouse(vp, QEvent.Type.MouseButtonRelease, corner, NOBUTTON)
    assert not view.held and not window.scene.interaction.mode
