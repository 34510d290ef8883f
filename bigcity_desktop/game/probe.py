"""The window described for a driver outside the process (the installed-program check).

``make package-test`` plays the *installed* program on a real X display with
real X events (xdotool), from another process that cannot call into the app.
To know where to press and drag it reads this part's report: a JSON file,
rewritten a few times a second, with the screen positions of what a player
would look at (the open windows and their buttons, the spare neighborhoods,
and, while a neighborhood is carried, the spots it can be dropped on), and a
few facts of the game (the phase, whose turn, the moves played, whether the
score chart and the city view are up).

It is off unless the environment names the file (``BIGCITY_PROBE=/path``): a
player's app never starts it. It reads the window; it never acts.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QObject, QPoint, QPointF, Qt, QTimer
from PySide6.QtWidgets import QAbstractButton, QAbstractSlider, QApplication, QGraphicsView, QWidget

from bigcity_desktop.engine.city import footprint
from bigcity_desktop.scene import CELL

#: the environment variable that names the report file
PROBE_ENV = "BIGCITY_PROBE"
#: how often the report is written (ms)
PERIOD_MS = 150


class ProbedWindow(Protocol):
    """What the probe reads of the game window."""

    ctrl: Any
    scene: Any
    tiles_panel: Any
    supply_panel: Any
    chart: Any

    @property
    def view(self) -> QGraphicsView: ...

    def isVisible(self) -> bool: ...

    def statusBar(self) -> Any: ...


def _point(p: QPoint) -> list[int]:
    return [p.x(), p.y()]


def _centre(widget: QWidget) -> list[int]:
    return _point(widget.mapToGlobal(widget.rect().center()))


def _windows() -> list[dict[str, Any]]:
    """Every visible top-level window, with its buttons (and its named sliders)."""
    out = []
    for w in QApplication.topLevelWidgets():
        if not w.isVisible() or w.windowType() in (Qt.WindowType.ToolTip, Qt.WindowType.Popup):
            continue
        g = w.frameGeometry()
        buttons = [
            {"text": b.text().replace("&", ""), "name": b.objectName(), "at": _centre(b)}
            for b in w.findChildren(QAbstractButton)
            if b.isVisible() and b.isEnabled() and b.window() is w
        ]
        buttons += [
            {"text": "", "name": s.objectName(), "at": _centre(s)}
            for s in w.findChildren(QAbstractSlider)
            if s.isVisible() and s.isEnabled() and s.window() is w and s.objectName()
        ]
        out.append(
            {
                "name": w.objectName(),
                "class": type(w).__name__,
                "title": w.windowTitle(),
                "id": int(w.winId()),
                "active": w.isActiveWindow(),
                "rect": [g.x(), g.y(), g.width(), g.height()],
                "buttons": buttons,
            }
        )
    return out


class WindowProbe(QObject):
    """Writes the report for one game window while the app runs."""

    def __init__(self, window: ProbedWindow, path: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.window = window
        self.path = path
        self.timer = QTimer(self)
        self.timer.setInterval(PERIOD_MS)
        self.timer.timeout.connect(self.write)
        self.timer.start()

    @classmethod
    def from_environment(cls, window: ProbedWindow, parent: QObject | None = None) -> WindowProbe | None:
        name = os.environ.get(PROBE_ENV, "").strip()
        return cls(window, Path(name), parent) if name else None

    def report(self) -> dict[str, Any]:
        w = self.window
        session = w.ctrl.session
        view = session.view() if session.has_game else None
        report: dict[str, Any] = {
            "windows": _windows(),
            "game": None,
            "tiles": [],
            "supply": [],
            "spots": [],
            "chart": self._chart(),
            "city_view": bool(w.scene.projection.is_city),
            "status": w.statusBar().currentMessage(),
            "held": self._held(),
        }
        if view is not None:
            report["game"] = {
                "phase": str(view.phase),
                "moves": view.moves,
                "my_turn": session.seat_view().my_turn(),
            }
            report["tiles"] = self._tiles()
            report["supply"] = self._supply()
            report["spots"] = self._spots()
        return report

    def _chart(self) -> dict[str, Any]:
        chart = self.window.chart
        if chart is None:
            return {"loaded": False, "visible": False}
        problem = getattr(chart, "problem", None)  # its library did not load: a sentence in its place
        return {"loaded": True, "visible": bool(chart.isVisible()), "problem": problem, "lines": len(chart.series())}

    def _tiles(self) -> list[dict[str, Any]]:
        """The spare neighborhoods in view that fit somewhere now, where they are on the screen."""
        lst = self.window.tiles_panel.list
        seat = self.window.ctrl.session.seat_view()
        if not lst.isVisible() or not seat.my_turn():
            return []
        fits = {n for n in seat.spare_tiles() if any(seat.legal_tile_positions(n, r) for r in range(4))}
        vp = lst.viewport()
        out = []
        for i in range(lst.count()):
            item = lst.item(i)
            rect = lst.visualItemRect(item)
            if not vp.rect().contains(rect.center()) or item.data(Qt.ItemDataRole.UserRole) not in fits:
                continue
            out.append({"number": item.data(Qt.ItemDataRole.UserRole), "at": _point(vp.mapToGlobal(rect.center()))})
        return out

    def _supply(self) -> list[dict[str, Any]]:
        """The pieces of the Supply that drag onto a legal spot now, where they are on the screen."""
        seat = self.window.ctrl.session.seat_view()
        panel = self.window.supply_panel
        model = panel.model()
        if not panel.isVisible() or not seat.my_turn() or model is None:
            return []
        vp = panel.viewport()
        out = []
        for r in range(model.rowCount()):
            index = model.index(r, 0)
            if not model.flags(index) & Qt.ItemFlag.ItemIsDragEnabled:
                continue
            info = model.row_info(r)
            rect = panel.visualRect(index)
            if seat.legal_builds(info["type"], info["size"]) and vp.rect().contains(rect.center()):
                out.append({"type": str(info["type"]), "at": _point(vp.mapToGlobal(rect.center()))})
        return out

    def _held(self) -> dict[str, Any] | None:
        """The piece in hand: whether letting go here places it, and what the board says of the spot."""
        board = self.window.scene.interaction
        tool = board.tool
        if tool is None:
            return None
        return {"kind": type(tool).__name__, "placeable": bool(tool.placeable()), "says": str(board.hover_text or "")}

    def _spots(self) -> list[list[int]]:
        """While a piece is carried: the screen points that drop it on a legal spot, as it is turned now."""
        tool = self.window.scene.interaction.tool
        if tool is None:
            return []
        if hasattr(tool, "legal") and hasattr(tool, "number"):  # a neighborhood: the middle of its footprint
            w, h = footprint(self.window.scene.rules, tool.number, tool.rot)
            plan = [((x + w / 2) * CELL, (y + h / 2) * CELL) for x, y in sorted(tool.legal(tool.rot))]
        elif hasattr(tool, "spot_anchors"):  # a building: the cell under the pointer that lays it on a spot
            plan = [((x + 0.5) * CELL, (y + 0.5) * CELL) for x, y in tool.spot_anchors()]
        else:
            return []
        view = self.window.view
        vp = view.viewport()
        inside = vp.rect().adjusted(12, 12, -12, -12)
        out = []
        for x, y in plan:
            at = view.mapFromScene(QPointF(self.window.scene.projection.to_scene(x, y)))
            if inside.contains(at):
                out.append(_point(vp.mapToGlobal(at)))
        return out

    def write(self) -> None:
        try:
            text = json.dumps(self.report())
        except Exception as exc:  # the report must never disturb the game; say what went wrong in it
            text = json.dumps({"error": f"{type(exc).__name__}: {exc}"})
        tmp = self.path.with_name(self.path.name + ".part")
        try:
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError:
            pass
