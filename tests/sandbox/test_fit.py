"""The sandbox's board (issue 25.8): a fit leaves room to drop the next
neighborhood on any side, and the view refits when one is placed."""

from __future__ import annotations

from PySide6.QtCore import QRectF

from bigcity_desktop.sandbox import window as window_mod
from bigcity_desktop.sandbox.window import SandboxWindow
from bigcity_desktop.scene import CELL


def _visible(view, plan: QRectF, scene) -> bool:
    rect = view.mapFromScene(scene.projection.map_rect(plan)).boundingRect().toRectF()
    return view.viewport().rect().toRectF().contains(rect)


def test_room_below_the_city_and_a_refit_after_a_tile(qtbot, monkeypatch):
    monkeypatch.setattr(window_mod.QMessageBox, "warning", lambda *a, **k: None)
    w = SandboxWindow()
    qtbot.addWidget(w)
    w.resize(1024, 700)
    w.show()
    qtbot.waitExposed(w)
    w.fit_city()
    scene, view = w.scene, w.view
    city = scene.plan_rect(0)
    # a 4-cell-wide neighborhood dropped right below the centre lies wholly on the board
    below = QRectF(city.center().x() - 2 * CELL, city.bottom(), 4 * CELL, 4 * CELL)
    assert _visible(view, below, scene), "no room below the city to drop a neighborhood"
    number = 2
    x, y, r = next((*xy, r) for r in range(4) for xy in w.model.tile_positions(number, r))
    assert w.place_tile(number, x, y, r)
    qtbot.waitUntil(lambda: _visible(view, scene.plan_rect(0), scene), timeout=2000)


def test_the_sandbox_remembers_its_size(qtbot):
    """It forgot its size: every sandbox opened at 1280×820 (issue 33.6)."""
    from bigcity_desktop.sandbox.window import open_sandbox

    w = open_sandbox()
    qtbot.addWidget(w)
    qtbot.waitExposed(w)
    w.resize(700, 500)
    qtbot.waitUntil(lambda: w.width() == 700)
    w.docks.tray_dock.hide()  # the docks' state is kept too
    assert w.close()
    again = open_sandbox()
    qtbot.addWidget(again)
    qtbot.waitExposed(again)
    assert again.size().toTuple() == (700, 500)
    assert not again.docks.tray_dock.isVisible()
