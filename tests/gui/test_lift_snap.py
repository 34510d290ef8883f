"""The carried piece on the board (issue 33, item 2): it snaps onto a legal
spot near the pointer and follows the pointer freely off them, it is held up
with a shadow and settles when put down, the legal spots are lit, and the
score bubble stays beside the lots aimed at."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRect, QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from bigcity_desktop.engine import ActionKind, Build, PlaceStreetcar
from bigcity_desktop.engine.city import footprint
from bigcity_desktop.scene import CELL
from bigcity_desktop.scene.lift import SHADOW
from bigcity_desktop.scene.tools import SNAP, cell_rect, street_line

from .conftest import players, wait_my_turn
from .test_game_window import _action_position, start_default


def centre(c) -> QPointF:
    return QPointF((c[0] + 0.5) * CELL, (c[1] + 0.5) * CELL)


def has_singles(st):
    return (
        len([a for a in st.legal_actions(ActionKind.BUILD) if a.building == "business" and len(a.properties) == 1]) > 4
    )


def start(window, kind_ok=has_singles, seed=3):
    s = _action_position(kind_ok, seed=seed)
    window.ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    window.ctrl.session.stop()
    return s


def lone_spot(scene, anchors):
    """A legal anchor whose neighbours on all four sides are no legal anchors."""
    near = {(a[0] + dx, a[1] + dy) for a in anchors for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    return next(a for a in anchors if a not in near)


# ------------------------------------------------------------------ snapping
def test_a_building_snaps_onto_a_legal_lot_near_the_pointer_and_follows_it_freely_off_them(window):
    s = start(window)
    board = window.scene.interaction
    window.placing.start_building("business", 1)
    tool = board.tool
    a = lone_spot(window.scene, tool.spot_anchors())
    # just beside the lot (inside the neighbour, within SNAP of it): it sits on the lot
    beside = centre(a) + QPointF(0.5 * CELL + 0.3 * SNAP, 0)
    board.hover(beside)
    assert tool.cells == [a] and tool.snapped and tool.placeable()
    assert tool.free_offset() == QPointF()
    assert board.last_judgement is not None and board.last_judgement.legal
    assert board.commit() and s.city.building_at.get(s.city.prop_at[a]) is not None


def test_off_any_legal_spot_the_ghost_follows_the_pointer_drawn_as_not_placeable(window):
    start(window)
    board = window.scene.interaction
    window.placing.start_building("business", 1)
    tool = board.tool
    far = QPointF(-40.3 * CELL, -40.7 * CELL)  # nowhere near the city
    board.hover(far)
    assert not tool.placeable() and not tool.snapped
    # drawn where the pointer is, not on the grid
    assert tool.free_offset() == far - centre(tool.anchor)
    assert not board.commit()  # refused: the piece stays in hand
    assert board.mode == "building"


def test_the_keyboard_still_moves_the_ghost_cell_by_cell_on_the_grid(window):
    start(window)
    board = window.scene.interaction
    window.placing.start_building("business", 1)
    tool = board.tool
    board.hover(QPointF(-40.3 * CELL, -40.7 * CELL))
    board.next_spot(1)
    assert tool.mouse is None and tool.free_offset() == QPointF() and not tool.snapped
    board.move_cursor(1, 0)
    assert tool.anchor == board.cursor_cell() and tool.free_offset() == QPointF()


def test_a_neighborhood_snaps_onto_a_legal_spot_near_the_pointer(window, qtbot):
    ctrl = start_default(window)
    wait_my_turn(qtbot, ctrl)
    ctrl.session.stop()
    number = ctrl.session.seat_view().spare_tiles()[0]
    window.placing.start_tile(number)
    board = window.scene.interaction
    tool = board.tool
    legal = tool.legal(tool.rot)
    w, h = footprint(ctrl.session.full_state().rules, number, tool.rot)
    x, y = next(q for q in sorted(legal) if (q[0] + 1, q[1]) not in legal)
    middle = QPointF((x + w / 2) * CELL, (y + h / 2) * CELL)
    board.hover(middle + QPointF(0.5 * CELL + 0.3 * SNAP, 0))  # the grid place there is no legal spot
    assert tool.pos == (x, y) and tool.ok and tool.snapped and tool.free_offset() == QPointF()
    board.hover(QPointF(-40.2 * CELL, -40.4 * CELL))
    assert not tool.ok and tool.free_offset() != QPointF()


def test_a_streetcar_snaps_onto_a_legal_street_near_the_pointer(window):
    def streets(st):
        return st.legal_actions(ActionKind.STREETCAR)

    s = start(window, streets)
    window.placing.start_streetcar()
    board = window.scene.interaction
    street = sorted(board.tool.legal)[0]
    a, b = street_line(street)
    mid = (a + b) / 2
    across = QPointF(0, 1) if a.y() == b.y() else QPointF(1, 0)  # off the street, across it
    board.hover(mid + across * (CELL / 4))
    assert board.tool.street == street
    requests = []
    board.actionRequested.connect(requests.append)
    assert board.commit()
    assert requests == [PlaceStreetcar(street)] and street in s.city.streetcar_set


# ------------------------------------------------------------------ the lift
def _ghost_image(window) -> QImage:
    view = window.view
    img = QImage(view.viewport().size(), QImage.Format.Format_ARGB32)
    img.fill(QColor(0, 0, 0, 0))
    p = QPainter(img)
    view.render(p, QRectF(img.rect()), view.viewport().rect())
    p.end()
    return img


def test_the_carried_piece_is_held_up_with_a_shadow(window):
    start(window)
    board = window.scene.interaction
    window.placing.start_building("business", 1)
    tool = board.tool
    a = tool.anchor
    view = window.view
    view.centerOn(centre(a))
    assert board.lift.height(tool) == 1.0
    # just below and right of the lot: the shadow darkens it while the piece is held up
    probe = view.mapFromScene(QPointF((a[0] + 1) * CELL + SHADOW * 0.6, (a[1] + 1) * CELL + SHADOW * 0.6))
    held = QColor(_ghost_image(window).pixel(probe)).lightness()
    board.cancel_mode()
    flat = QColor(_ghost_image(window).pixel(probe)).lightness()
    assert held < flat


@pytest.mark.parametrize("animations", [True, False])
def test_a_piece_put_down_settles_into_its_lot_and_does_not_slide_in(window, qtbot, animations):
    s = start(window)
    scene = window.scene
    scene.animations = animations
    board = scene.interaction
    window.placing.start_building("business", 1)
    tool = board.tool
    a = tool.anchor
    assert board.commit(centre(a))
    assert s.city.building_at.get(s.city.prop_at[a]) is not None
    assert scene.slide_pieces  # the window's pieces slide in...
    assert not scene.sliding_keys  # ...but not the one put down by hand: it settles where it was let go
    if animations:
        assert board.lift.settling is tool and 0.0 <= board.lift.height(tool) <= 1.0
        qtbot.waitUntil(lambda: board.lift.settling is None, timeout=3000)
    assert board.lift.settling is None
    assert scene.ghost_layer.boundingRect().isEmpty()


# ------------------------------------------------------------------ lit spots
def test_the_legal_lots_are_lit_and_the_spot_aimed_at_strongest(window):
    start(window)
    board = window.scene.interaction
    window.placing.start_building("business", 1)
    tool = board.tool
    anchors = tool.spot_anchors()
    a = anchors[0]
    other = next(c for c in anchors if abs(c[0] - a[0]) + abs(c[1] - a[1]) > 2)
    view = window.view
    scene = window.scene
    board.hover(centre(a))
    # away from the ghost, an empty lot lit (a legal spot) and one not lit differ
    unlit = next(
        c
        for c in sorted(scene.city.prop_at)
        if c not in anchors and scene.city.prop_at[c] not in scene.city.building_at
    )
    view.centerOn(centre(other))
    img = _ghost_image(window)
    edge = view.mapFromScene(QPointF(other[0] * CELL + 3.5, (other[1] + 0.5) * CELL))  # the lit edge of the lot
    plain = view.mapFromScene(QPointF(unlit[0] * CELL + 3.5, (unlit[1] + 0.5) * CELL))
    if view.viewport().rect().contains(plain):
        assert img.pixel(edge) != img.pixel(plain)
    lit = QColor(img.pixel(edge))
    board.cancel_mode()
    assert QColor(_ghost_image(window).pixel(edge)) != lit  # the light goes with the piece


# ------------------------------------------------------------------ the bubble
def _viewport_rect(view, scene, cells) -> QRect:
    pts = [
        view.mapFromScene(scene.to_scene(x * CELL, y * CELL))
        for cx, cy in cells
        for x in (cx, cx + 1)
        for y in (cy, cy + 1)
    ]
    xs, ys = [q.x() for q in pts], [q.y() for q in pts]
    return QRect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


@pytest.mark.parametrize("projection", ["plan", "city"])
def test_the_score_bubble_never_covers_the_lots_aimed_at_at_any_edge(window, projection):
    def doubles(st):
        return (
            len([a for a in st.legal_actions(ActionKind.BUILD) if a.building == "residence" and len(a.properties) == 2])
            >= 2
        )

    start(window, doubles)
    window.resize(1024, 700)
    scene, view = window.scene, window.view
    scene.set_view(projection)
    board = scene.interaction
    window.placing.start_building("residence", 2)
    tool = board.tool
    spots = window.ctrl.session.seat_view().legal_builds("residence", 2)
    cells_of = {sp: [scene.city.cell_of[p] for p in sp] for sp in spots}
    extremes = {
        "left": min(spots, key=lambda sp: min(c[0] for c in cells_of[sp])),
        "right": max(spots, key=lambda sp: max(c[0] for c in cells_of[sp])),
        "top": min(spots, key=lambda sp: min(c[1] for c in cells_of[sp])),
        "bottom": max(spots, key=lambda sp: max(c[1] for c in cells_of[sp])),
    }
    vp = view.viewport().rect()
    for side, spot in extremes.items():
        # the spot near that edge of the board on screen
        mid = scene.to_scene(*_mid(cells_of[spot]))
        here = view.mapFromScene(mid)
        want = {"left": (40, vp.height() // 2), "right": (vp.width() - 40, vp.height() // 2)}.get(
            side, (vp.width() // 2, 40 if side == "top" else vp.height() - 40)
        )
        view.centerOn(view.mapToScene(vp.center() + here - QRect(0, 0, *want).bottomRight()))
        tool.goto_spot(spot)
        board.hover(scene.to_scene(*_mid(cells_of[spot])) if projection == "plan" else mid)
        if sorted(tool.cells) != sorted(cells_of[spot]):
            tool.goto_spot(spot)  # (the city view's pointer lands elsewhere; the keyboard puts it there)
        scene.update_bubble()
        bubble = scene._bubble
        assert board.hover_text and not bubble.boundingRect().isEmpty()
        at = view.mapFromScene(bubble.pos())
        box = QRect(at, bubble.boundingRect().size().toSize())
        lots = _viewport_rect(view, scene, tool.cells)
        assert not box.intersects(lots), (side, box, lots)
        assert vp.contains(box), (side, box, vp)
        if tool.mouse is not None:
            assert not box.contains(view.mapFromScene(scene.to_scene(tool.mouse.x(), tool.mouse.y())))
        # in the scene too: the bubble's scene rect and the lots' one do not meet
        scene_box = view.mapToScene(box).boundingRect()
        assert not scene_box.intersects(view.mapToScene(lots.adjusted(1, 1, -1, -1)).boundingRect()), side


def _mid(cells) -> tuple[float, float]:
    r = cell_rect(cells[0])
    for c in cells[1:]:
        r = r.united(cell_rect(c))
    return r.center().x(), r.center().y()


def test_a_built_piece_gets_no_lift_under_the_pointer(window):
    s = start(window)
    board = window.scene.interaction
    window.placing.start_building("business", 1)
    a = board.tool.anchor
    assert board.commit(centre(a))
    tool_before = board.lift.settling
    window.scene.interaction.lift.finish()
    # nothing in hand: the building under the pointer is told in a tooltip, not lifted
    board.point_at(window.scene.to_scene(*centre(a).toTuple()))
    assert board.tool is None and board.lift.settling is None
    assert "Business" in board.hover_info or board.hover_info
    assert tool_before is None or tool_before.btype == "business"
    assert isinstance(s.history[-1], Build)
