"""Where the coach's bubble sits on the board, and the room the board keeps
for it (issue 46.10: the bubbles covered the lots they talked about, the
top rows, the streetcar line).

The bubble knows the lots it talks about (what the step lights, the spots
it points at, a puzzle's whole city). :func:`choose_dock` tries it in the
board's corners and edges with the city fitted as it is, and docked to
each side of the board with that side kept free of the city (the board
fits the city into the rest: ``CityView.overlay_room``; it keeps doing so
as the view is resized). A place that covers one of those lots is never
taken while another does not; among the rest it weighs how much of the
city the bubble would cover (three times) against how much of the city's
area a docked bubble takes by shrinking it, and stays near what it points
at. A :class:`Lookahead` says, for a
room, where the lots and the city would be and at what scale: the board
is not moved to find out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPoint, QPointF, QRect

from bigcity_desktop.game.tabletop.stage import Stage
from bigcity_desktop.scene.style import CELL

MARGIN = 10  # between the bubble and the edge of the board
SIDES = ("right", "left", "top", "bottom")

#: a side of the board kept free of the fitted city, and its pixels (``CityView.overlay_room``)
Room = tuple[str, int]


@dataclass(frozen=True)
class Lookahead:
    """Where things would be on the board with a room kept (window coordinates)."""

    lots: list[QRect]  # the lots the bubble must not cover
    city: QRect | None  # the whole city (better not covered)
    scale: float  # the board's scale: a room that shrinks the city costs


@dataclass(frozen=True)
class Dock:
    rect: QRect  # the bubble, in window coordinates
    room: Room | None  # the side the board keeps free for it (None: the city fitted as it is)


def _overlap(a: QRect, b: QRect) -> int:
    r = a.intersected(b)
    return 0 if r.isEmpty() else r.width() * r.height()


def candidates(size: tuple[int, int], area: QRect, target: QRect | None) -> list[Dock]:
    """The places tried: corners and edge middles of `area` (no room), and
    docked to each side with its room (at the side's ends, and beside the target)."""
    w, h = min(size[0], area.width() - 2 * MARGIN), min(size[1], area.height() - 2 * MARGIN)
    left, top = area.left() + MARGIN, area.top() + MARGIN
    right, bottom = area.right() + 1 - MARGIN - w, area.bottom() + 1 - MARGIN - h

    def at(x: int, y: int) -> QRect:
        return QRect(max(left, min(right, x)), max(top, min(bottom, y)), w, h)

    mid_x, mid_y = (left + right) // 2, (top + bottom) // 2
    tx = target.center().x() - w // 2 if target is not None else mid_x
    ty = target.center().y() - h // 2 if target is not None else mid_y
    free = [at(x, y) for x, y in ((right, top), (left, top), (right, bottom), (left, bottom), (mid_x, top))]
    free.append(at(mid_x, bottom))
    out = [Dock(r, None) for r in free]
    across, down = w + 2 * MARGIN, h + 2 * MARGIN
    for y in (top, bottom, ty):
        out.append(Dock(at(right, y), ("right", across)))
        out.append(Dock(at(left, y), ("left", across)))
    for x in (right, left, tx):
        out.append(Dock(at(x, top), ("top", down)))
        out.append(Dock(at(x, bottom), ("bottom", down)))
    return out


def choose_dock(
    size: tuple[int, int],
    area: QRect,
    look: Callable[[Room | None], Lookahead],
    target: QRect | None = None,
    stay: QRect | None = None,
    now: Room | None = None,
) -> Dock:
    """Where a bubble of `size` goes in `area` (the board, window
    coordinates) and which room the board keeps for it (see the module
    text). `target`: what it points at (it stays near); `stay`: where it
    was, for a bubble that keeps to its edge, the top or the bottom (its
    buttons do not jump from under the pointer); `now`: the room kept now
    (kept when nothing is clearly better)."""
    seen: dict[Room | None, Lookahead] = {}

    def ahead(room: Room | None) -> Lookahead:
        if room not in seen:
            seen[room] = look(room)
        return seen[room]

    base = ahead(None)
    diagonal = max(1.0, (area.width() ** 2 + area.height() ** 2) ** 0.5)

    def cost(d: Dock) -> float:
        la = ahead(d.room)
        r = d.rect
        covered = sum(_overlap(r, lot.adjusted(-4, -4, 4, 4)) for lot in la.lots)
        c = 1000.0 + covered / max(1, r.width() * r.height()) if covered else 0.0
        if la.city is not None and not la.city.isEmpty():  # a lot covered is lost; one made smaller is not
            c += 3.0 * _overlap(r, la.city) / max(1, la.city.width() * la.city.height())
        if base.scale > 0:  # the city's area lost to the room
            c += 1.0 - min(1.0, la.scale / base.scale) ** 2
        if target is not None:
            c += 0.3 * _distance(r, target.center()) / diagonal
        if (
            stay is not None
            and not stay.isNull()
            and (r.center().y() < area.center().y()) != (stay.center().y() < area.center().y())
        ):
            c += 2.0  # the other edge only to keep off a lot
        if d.room != now:
            c += 0.05  # what is kept now wins a tie: the city does not jump to and fro
        return c

    return min(candidates(size, area, target), key=cost)


def _distance(r: QRect, p: QPoint) -> float:
    dx = max(r.left() - p.x(), 0, p.x() - r.right())
    dy = max(r.top() - p.y(), 0, p.y() - r.bottom())
    return float((dx * dx + dy * dy) ** 0.5)


def bubble_area(stage: Stage, board: QRect) -> QRect:
    """The part of the `board` (window coordinates) the bubble may take:
    not under the panel sheet, a banner, nor the corner controls."""
    v = stage.view
    vp = v.viewport()
    left = max(0, min(v.left_room, vp.width() // 2))
    top = max(0, min(v.top_room, vp.height() // 2))
    return board.adjusted(left, top, 0, -v.corner_band())


def look_ahead(stage: Stage, cells: list[tuple[int, int]], room: Room | None) -> Lookahead:
    """Where the lots (`cells`) and the city would be, in window coordinates,
    with `room` kept free (the board fitted so), or are now (a board zoomed
    or panned by hand)."""
    v, sc = stage.view, stage.scene
    origin = QPointF(v.viewport().mapTo(stage.window, v.viewport().rect().topLeft()))
    frame = v.fit_frame(room) if v.auto_fit and sc.city is not None else None
    if frame is not None:
        scale, fitted, free = frame
        centre, middle = fitted.center(), free.center()

        def to_window(p: QPointF) -> QPointF:
            return origin + middle + (p - centre) * scale
    else:
        scale = v.current_scale()

        def to_window(p: QPointF) -> QPointF:
            return origin + QPointF(v.mapFromScene(p))

    def bounds(points: list[QPointF]) -> QRect:
        xs, ys = [p.x() for p in points], [p.y() for p in points]
        return QRect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1, int(max(ys) - min(ys)) + 1)

    lots = []
    for x, y in cells:
        corners = [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
        lots.append(bounds([to_window(sc.to_scene(cx * CELL, cy * CELL)) for cx, cy in corners]))
    city = None
    if sc.city is not None:
        r = sc.city_rect(0.2)
        city = bounds([to_window(p) for p in (r.topLeft(), r.topRight(), r.bottomLeft(), r.bottomRight())])
    return Lookahead(lots, city, scale)
