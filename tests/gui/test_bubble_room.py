"""Issue 46.10: the coach's and the puzzles' bubbles keep off the lots they
talk about. For every step of both tutorials that lights lots (the lots of
its move, the spots it points at, a lit streetcar line, a neighborhood's
place) and for every puzzle (about its whole city), on a 1024×700 and a
1366×768 window, in the plan and in the city view, the bubble's rectangle
on the board intersects none of those lots' rectangles (each mapped from
the scene as the board shows it). The board keeps a side free for the
bubble where it must (``CityView.overlay_room``, game/teaching/dock.py)
and gives it back when the lesson ends."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRect
from PySide6.QtWidgets import QApplication

from bigcity_desktop.engine.city import tile_cells
from bigcity_desktop.learn import PointerKind, bundled_puzzles
from bigcity_desktop.scene.style import CELL
from bigcity_desktop.ui import windowfit

SIZES = {"1024x700": (1024, 700), "1366x768": (1366, 768)}


def settle(qtbot, window) -> None:
    """The refit and the bubble's move come by timers and queued events."""
    for _ in range(3):
        QApplication.processEvents()
        qtbot.waitUntil(lambda: not window.view._refit.isActive(), timeout=5000)
        QApplication.processEvents()


def lot_rects(window, cells) -> list[tuple[tuple[int, int], QRect]]:
    """Each lot's rectangle in the board's viewport, as the board shows it."""
    view, scene = window.view, window.scene
    out = []
    for x, y in cells:
        corners = [
            QPointF(view.mapFromScene(scene.to_scene(cx * CELL, cy * CELL)))
            for cx, cy in ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))
        ]
        xs, ys = [p.x() for p in corners], [p.y() for p in corners]
        r = QRect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)), int(max(ys) - min(ys)))
        out.append(((x, y), r.adjusted(1, 1, -1, -1)))  # the edge a neighbour shares is not covered
    return out


def bubble_on_board(window, lesson) -> QRect:
    vp = window.view.viewport()
    return QRect(vp.mapFrom(window, lesson.bubble.pos()), lesson.bubble.size())


def covered(window, lesson, cells) -> list[tuple[int, int]]:
    bubble = bubble_on_board(window, lesson)
    return [cell for cell, r in lot_rects(window, cells) if bubble.intersects(r)]


def step_lots(lesson) -> list[tuple[int, int]]:
    """What the step lights and points at (from the tutorial, not the lesson's own list)."""
    run = lesson.run
    if run.finished or lesson.session.busy:
        return []
    lights = run.lights()
    view = lesson.session.view()
    props = set(lights.properties)
    if run.step.pointer.kind == PointerKind.SPOTS:
        props |= set(run.step.pointer.properties)
    cells = {view.city.cell_of[p] for p in props if p in view.city.cell_of}
    rules = run.state.rules
    for t in lights.tiles:
        cells |= set(tile_cells(rules, t.number, t.x, t.y, t.rotation).values())
    cells |= {c for street in lights.streets for c in street}
    return sorted(cells)


def start_window(window, qtbot, monkeypatch, size: str, projection: str) -> None:
    # the offscreen platform's screen is 800×600: a screen as big as the window
    monkeypatch.setattr(windowfit, "available_area", lambda _w=None: QRect(0, 0, *SIZES[size]))
    window.resize(*SIZES[size])
    window.view.set_view(projection)
    settle(qtbot, window)
    assert (window.width(), window.height()) == SIZES[size]


@pytest.mark.parametrize("projection", ["plan", "city"])
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("tid", ["original", "jumbo"])
def test_a_tutorials_bubble_covers_no_lot_it_lights(window, qtbot, monkeypatch, tid, size, projection):
    start_window(window, qtbot, monkeypatch, size, projection)
    lesson = window.lessons.start_tutorial(tid)
    session = lesson.session
    found, lit_steps = [], 0
    while not session.done:
        settle(qtbot, window)
        qtbot.waitUntil(lambda: not session.busy, timeout=10000)
        settle(qtbot, window)
        cells = step_lots(lesson)
        if cells:
            lit_steps += 1
            hidden = covered(window, lesson, cells)
            if hidden:
                found.append((session.run.step.id, hidden, bubble_on_board(window, lesson), window.view.overlay_room))
        session.next() if session.waits_for_next else window.ctrl.session.act(session.offered()[0])
    assert lit_steps >= (15 if tid == "original" else 3)
    assert found == [], found
    lesson.end(go_back=False)
    assert window.view.overlay_room is None


@pytest.mark.parametrize("projection", ["plan", "city"])
@pytest.mark.parametrize("size", list(SIZES))
def test_a_puzzles_bubble_covers_none_of_its_city(window, qtbot, monkeypatch, size, projection):
    start_window(window, qtbot, monkeypatch, size, projection)
    found = []
    for puzzle in bundled_puzzles():
        lesson = window.lessons.play_puzzle(puzzle)  # one after the other, as Next puzzle plays them
        settle(qtbot, window)
        view = lesson.session.view()
        hidden = covered(window, lesson, sorted(view.city.cell_of.values()))
        if hidden:
            found.append((puzzle.id, len(hidden), bubble_on_board(window, lesson), window.view.overlay_room))
    lesson.end(go_back=False)
    assert found == [], found
    assert window.view.overlay_room is None
