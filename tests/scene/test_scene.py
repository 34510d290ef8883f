"""The city scene: drawing, modes, drag and drop, headless rendering."""

from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QColor, QImage

from bigcity_desktop.engine import Build, PlaceStreetcar, PlaceTile
from bigcity_desktop.engine.city import footprint
from bigcity_desktop.engine.layout import judge_move
from bigcity_desktop.scene import BUILDING_MIME, CELL, TILE_MIME, CityScene, CityView, render_city


def centre(cell):
    return QPointF((cell[0] + 0.5) * CELL, (cell[1] + 0.5) * CELL)


def make(qtbot, city):
    scene = CityScene(city.rules)
    scene.set_city(city, {0: QColor("red")})
    view = CityView(scene)
    qtbot.addWidget(view)
    view.resize(600, 500)
    return scene, view


def tile_fns(city):
    def positions(n, r):
        return city.tile_positions(*footprint(city.rules, n, r))

    return positions, city.check_tile


def test_draws_and_fits(qtbot, example_city):
    scene, view = make(qtbot, example_city)
    view.show()
    view.fit_city()
    img = view.grab().toImage()
    assert img.width() > 0
    r = scene.city_rect()
    assert r.width() == 5 * CELL and r.height() == 4 * CELL
    s0 = view.current_scale()
    view.zoom_in()
    assert view.current_scale() > s0
    view.zoom_out()
    assert abs(view.current_scale() - s0) < 1e-6


def test_tile_mode_legal_and_illegal(qtbot, example_city):
    city = example_city
    scene, _ = make(qtbot, city)
    positions, check = tile_fns(city)
    scene.interaction.begin_tile(3, lambda r: positions(3, r), 0, check)
    legal = sorted(positions(3, 0))
    x, y = legal[0]
    # the ghost's middle sits under the mouse
    with qtbot.waitSignal(scene.interaction.actionRequested) as blocker:
        assert scene.interaction.commit(QPointF((x + 1.5) * CELL, (y + 1.5) * CELL))
    assert blocker.args == [PlaceTile(3, x, y, 0)]
    assert scene.interaction.mode == ""
    # an illegal spot: the reason comes from check_tile
    scene.interaction.begin_tile(3, lambda r: positions(3, r), 0, check)
    msgs = []
    scene.interaction.message.connect(msgs.append)
    got = []
    scene.interaction.actionRequested.connect(lambda *a: got.append(a))
    assert not scene.interaction.commit(QPointF(1.5 * CELL, 1.5 * CELL))  # on top of tile 1
    assert got == [] and scene.interaction.mode == "tile"
    assert msgs and "overlap" in msgs[-1]
    # far away: not touching
    assert not scene.interaction.commit(QPointF(30.5 * CELL, 30.5 * CELL))
    assert "next to the city" in msgs[-1]
    scene.interaction.rotate_ghost()
    assert scene.interaction.tile_rotation == 1
    scene.interaction.cancel_mode()
    assert scene.interaction.mode == ""


def test_building_mode_shows_judge_move_score(qtbot, example_city):
    city = example_city
    scene, _ = make(qtbot, city)

    def judge(props):
        return city.judge_build("business", props, city_hall=True)

    scene.interaction.begin_building("business", 1, judge)
    scene.interaction.hover(centre(city.cell_of[16]))
    want = judge_move(city, {"build": "business", "properties": [16]})
    assert want["legal"]
    assert f": {want['score']} point" in scene.interaction.hover_text
    assert "base 2" in scene.interaction.hover_text
    assert scene.interaction.last_judgement.score == want["score"]
    with qtbot.waitSignal(scene.interaction.actionRequested) as blocker:
        assert scene.interaction.commit()
    assert blocker.args == [Build("business", (16,))]


def test_building_ghost_rotates_and_refuses(qtbot, example_city):
    city = example_city
    scene, _ = make(qtbot, city)
    scene.interaction.begin_building("residence", 2, lambda props: city.judge_build("residence", props, city_hall=True))
    scene.interaction.hover(centre(city.cell_of[11]))
    cells0 = list(scene.interaction.tool.cells)
    scene.interaction.rotate_ghost()
    cells1 = list(scene.interaction.tool.cells)
    assert cells0 != cells1 and len(cells1) == 2
    # over City Hall: illegal, with the reason
    scene.interaction.hover(centre(city.cell_of[15]))
    assert not scene.interaction.last_judgement.legal
    assert "not allowed" in scene.interaction.hover_text
    got = []
    scene.interaction.actionRequested.connect(lambda *a: got.append(a))
    assert not scene.interaction.commit()
    assert got == []
    # off the city
    scene.interaction.hover(QPointF(-5 * CELL, -5 * CELL))
    assert "every cell" in scene.interaction.hover_text


def test_factory_mirror(qtbot, example_city):
    city = example_city
    scene, _ = make(qtbot, city)
    scene.interaction.begin_building("factory", 3, lambda props: city.judge_build("factory", props, city_hall=True))
    shapes = set()
    for _m in range(2):
        for _r in range(4):
            shapes.add(frozenset(scene.interaction.ghost_shape()))
            scene.interaction.rotate_ghost()
        scene.interaction.mirror_ghost()
    assert len(shapes) == 4  # the L tromino has 4 distinct orientations


def _send_drag(view, kind, scene_pos, mime, payload):
    """Send a real Qt drag event to the view's viewport (as a drag from a palette would)."""
    from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
    from PySide6.QtWidgets import QApplication

    md = QMimeData()
    md.setData(mime, payload.encode())
    vp = QPointF(view.mapFromScene(scene_pos))
    args = (Qt.DropAction.CopyAction, md, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    if kind == "enter":
        ev = QDragEnterEvent(vp.toPoint(), *args)
    elif kind == "move":
        ev = QDragMoveEvent(vp.toPoint(), *args)
    else:
        ev = QDropEvent(vp, *args)
    QApplication.sendEvent(view.viewport(), ev)
    return ev, md


def test_drop_building_and_tile(qtbot, example_city):
    city = example_city
    scene, view = make(qtbot, city)
    view.show()
    view.fit_city()
    qtbot.waitExposed(view)
    positions, check = tile_fns(city)
    scene.interaction.set_drop_handlers(lambda b, props: city.judge_build(b, props, city_hall=True), positions, check)
    pos = centre(city.cell_of[16])
    ev, md = _send_drag(view, "enter", pos, BUILDING_MIME, "residence:1")
    assert ev.isAccepted() and scene.interaction.mode == "building"
    ev, md2 = _send_drag(view, "move", pos, BUILDING_MIME, "residence:1")
    assert scene.interaction.last_judgement.legal
    with qtbot.waitSignal(scene.interaction.actionRequested) as blocker:
        ev, md3 = _send_drag(view, "drop", pos, BUILDING_MIME, "residence:1")
    assert blocker.args == [Build("residence", (16,))]
    # a tile dropped on an illegal spot: refused, with the reason, mode ends
    bad = QPointF(1.5 * CELL, 1.5 * CELL)
    ev, md = _send_drag(view, "enter", bad, TILE_MIME, "3")
    assert scene.interaction.mode == "tile"
    msgs = []
    scene.interaction.message.connect(msgs.append)
    ev, md2 = _send_drag(view, "drop", bad, TILE_MIME, "3")
    assert scene.interaction.mode == "" and "overlap" in msgs[-1]
    # and a legal one
    x, y = sorted(positions(3, 0))[0]
    good = QPointF((x + 1.5) * CELL, (y + 1.5) * CELL)
    ev, md = _send_drag(view, "enter", good, TILE_MIME, "3")
    with qtbot.waitSignal(scene.interaction.actionRequested) as blocker:
        ev, md2 = _send_drag(view, "drop", good, TILE_MIME, "3")
    assert blocker.args == [PlaceTile(3, x, y, 0)]


def test_streetcar_mode(qtbot, example_city):
    city = example_city
    scene, _ = make(qtbot, city)
    legal = city.legal_streetcars()
    scene.interaction.begin_streetcar(legal)
    s = legal[0]
    (x1, y1), (x2, y2) = s
    mid = QPointF((x1 + x2 + 1) / 2 * CELL, (y1 + y2 + 1) / 2 * CELL)
    with qtbot.waitSignal(scene.interaction.actionRequested) as blocker:
        assert scene.interaction.commit(mid)
    assert blocker.args == [PlaceStreetcar(s)]


def test_property_click_and_flash(qtbot, example_city):
    city = example_city
    scene, view = make(qtbot, city)
    view.show()
    view.fit_city()
    qtbot.waitExposed(view)
    vp = view.mapFromScene(centre(city.cell_of[13]))
    from PySide6.QtTest import QTest

    with qtbot.waitSignal(scene.interaction.propertyClicked) as blocker:
        QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, vp)
    assert blocker.args == [13]
    n = len(scene.items())
    scene.flash_props([21, 25], duration_ms=300)
    scene.flash_street(city.streetcars[0], duration_ms=300)
    assert len(scene.items()) == n + 3
    qtbot.waitUntil(lambda: len(scene.items()) == n, timeout=3000)
    scene.highlight_cells([11, (5, 5)], QColor("green"))
    scene.highlight_streets(city.legal_streetcars()[:3])
    assert len(scene.items()) == n + 5
    scene.clear_highlights()
    assert len(scene.items()) == n


def test_render_png_and_svg(qtbot, example_city, tmp_path):
    png = tmp_path / "city.png"
    w, h = render_city(example_city, png, width=640)
    img = QImage(str(png))
    assert img.width() == 640 and img.height() == h
    assert abs(h / w - (4.8 / 5.8)) < 0.01
    svg = tmp_path / "city.svg"
    render_city(example_city, svg, width=500)
    text = svg.read_text()
    assert "<svg" in text and 'width="' in text


def test_keys_and_wheel_rotate_or_zoom(qtbot, example_city):
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    city = example_city
    scene, view = make(qtbot, city)
    view.show()
    qtbot.waitExposed(view)

    def wheel(dy, mods=Qt.KeyboardModifier.NoModifier):
        c = QPointF(view.viewport().rect().center())
        ev = QWheelEvent(
            c,
            QPointF(view.mapToGlobal(c.toPoint())),
            QPoint(0, 0),
            QPoint(0, dy),
            Qt.MouseButton.NoButton,
            mods,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(view.viewport(), ev)

    s0 = view.current_scale()
    wheel(120)
    assert view.current_scale() > s0  # no mode: the wheel zooms
    scene.interaction.begin_building("factory", 3, lambda props: city.judge_build("factory", props, city_hall=True))
    view.setFocus()
    shape = scene.interaction.ghost_shape()
    QTest.keyClick(view, Qt.Key.Key_R)
    assert scene.interaction.ghost_shape() != shape
    shape = scene.interaction.ghost_shape()
    QTest.keyClick(view, Qt.Key.Key_M)
    assert scene.interaction.ghost_shape() != shape
    s1 = view.current_scale()
    shape = scene.interaction.ghost_shape()
    wheel(-120)
    assert scene.interaction.ghost_shape() != shape and view.current_scale() == s1  # rotates, no zoom
    wheel(120, Qt.KeyboardModifier.ControlModifier)
    assert view.current_scale() > s1  # Ctrl+wheel always zooms
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert scene.interaction.mode == ""
