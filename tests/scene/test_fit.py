"""The board fits the city (issue 25.7 and 25.8): in the city view the city
fills the board, a fitted view follows the city as it grows, the corner
controls never cover a lot, and the score discs stay apart."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPolygonF

from bigcity_desktop.engine import ActionKind, GameState
from bigcity_desktop.scene import CELL, CityScene, CityView


def _midgame(seed: int = 3) -> GameState:
    s = GameState.new("original", 3, seed)
    rng = random.Random(seed)
    while not s.is_over and len(s.city.buildings) < 16:
        kinds = s.legal_kinds()
        kind = ActionKind.BUILD if ActionKind.BUILD in kinds and rng.random() < 0.8 else rng.choice(kinds)
        s.apply(rng.choice(s.legal_actions(kind)))
    return s


def _view(qtbot, city, kind="plan", size=(900, 600)):
    scene = CityScene(city.rules)
    scene.animations = False
    scene.set_city(city, {0: QColor("red"), 1: QColor("blue"), 2: QColor("green")})
    scene.set_view(kind)
    view = CityView(scene)
    qtbot.addWidget(view)
    view.resize(*size)
    view.show()
    qtbot.waitExposed(view)
    return scene, view


def _on_screen(view, scene_rect: QRectF) -> QRectF:
    return view.mapFromScene(scene_rect).boundingRect().toRectF()


def test_city_view_fit_fills_the_board(qtbot):
    """25.7: with a neighborhood's room around it the city filled a quarter of the board."""
    s = _midgame()
    scene, view = _view(qtbot, s.city, "city")
    view.fit_city(4.3)  # the game window's margin while a 4-cell neighborhood can still come
    city = _on_screen(view, scene.city_rect(0))
    vp = view.viewport().rect()
    assert city.width() >= 0.6 * vp.width() or city.height() >= 0.6 * vp.height(), (city, vp)


def test_a_fitted_view_follows_the_city_as_it_grows(qtbot):
    """25.7 (replay) and 25.8 (sandbox): the view did not refit after a neighborhood came."""
    s = GameState.new("original", 2, 4)
    while len(s.city.tiles) < 3:
        s.apply(s.legal_actions(s.legal_kinds()[0])[0])
    small = s.city.copy()
    while len(s.city.tiles) < 6 and not s.is_over:
        kinds = s.legal_kinds()
        kind = ActionKind.NEIGHBORHOOD if ActionKind.NEIGHBORHOOD in kinds else kinds[0]
        s.apply(s.legal_actions(kind)[-1])
    scene, view = _view(qtbot, small)
    view.fit_city(0.6)
    scene.set_city(s.city)
    vp = view.viewport().rect().toRectF()
    qtbot.waitUntil(lambda: vp.contains(_on_screen(view, scene.city_rect(0))), timeout=2000)
    view.set_view("city")  # and in the city view
    qtbot.waitUntil(lambda: vp.contains(_on_screen(view, scene.city_rect(0))), timeout=2000)


def test_the_corner_controls_never_cover_a_lot(qtbot):
    """25.8: the City button hid part of lot 19 (a small margin, a big city:
    here lot 53 of this finished city, at 560 pixels)."""
    s = _finished("original", 2)
    for kind in ("plan", "city"):
        scene, view = _view(qtbot, s.city, kind)
        r = scene.city_rect(0.6)
        # the worst case: the board has the city's shape, so the city fills it both ways
        for width in (560, 700, 900):
            view.resize(width, round(width * r.height() / r.width()))
            view.fit_city(0.6)
            qtbot.wait(40)  # the corner moves with the resize
            corner = view._corner.geometry().toRectF()
            for prop, (x, y) in s.city.cell_of.items():
                plan = QPolygonF(
                    [
                        QPointF(x * CELL, y * CELL),
                        QPointF((x + 1) * CELL, y * CELL),
                        QPointF((x + 1) * CELL, (y + 1) * CELL),
                        QPointF(x * CELL, (y + 1) * CELL),
                    ]
                )
                lot = QPolygonF([scene.to_scene(p.x(), p.y()) for p in plan])
                on_screen = QPolygonF([QPointF(view.mapFromScene(p)) for p in lot])
                assert not on_screen.intersects(QPolygonF(corner)), (kind, width, prop)


def _finished(edition: str, seed: int) -> GameState:
    s = GameState.new(edition, 3, seed)
    rng = random.Random(seed)
    while not s.is_over:
        kinds = s.legal_kinds()
        kind = ActionKind.BUILD if ActionKind.BUILD in kinds and rng.random() < 0.8 else rng.choice(kinds)
        s.apply(rng.choice(s.legal_actions(kind)))
    return s


@pytest.mark.parametrize("seed", [4, 5])
def test_score_discs_do_not_overlap(qtbot, seed):
    """25.7: score bubbles overlapped each other (a finished jumbo city)."""
    s = _finished("jumbo", seed)
    scene, view = _view(qtbot, s.city, "city")
    for rotation in range(4):
        scene.set_view("city", rotation)
        discs = scene.models().discs()
        assert len(discs) >= 20
        for i, (_, a, at, _) in enumerate(discs):
            assert a.bottom() < at.y()  # above its own roof, on its stalk
            for _, b, _, _ in discs[i + 1 :]:
                assert not a.intersects(b), (rotation, a, b)
