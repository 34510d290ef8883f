"""Screenshots of the tile-layout sandbox (offscreen, no display needed).

Writes screenshots/sandbox.png (a laid-out city with a building being
judged), screenshots/sandbox_heatmap.png ("where is it worth most?") and
screenshots/sandbox_tile.png (a neighborhood held over the city with its
legal spots), screenshots/sandbox_city.png and sandbox_city_heatmap.png
(the city view) and screenshots/sandbox_keyboard.png (a building picked up
with the keyboard: the board cursor on its spot, the legal spots lit), using
tests/sandbox/data/demo_layout.json.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bigcity_desktop.sandbox import open_sandbox  # noqa: E402
from bigcity_desktop.scene import CELL  # noqa: E402

OUT = ROOT / "screenshots"
DEMO = ROOT / "tests" / "sandbox" / "data" / "demo_layout.json"


def centre(city, prop):
    x, y = city.cell_of[prop]
    return QPointF((x + 0.5) * CELL, (y + 0.5) * CELL)


def shoot(w, name: str) -> Path:
    app = QApplication.instance()
    assert app is not None
    for _ in range(3):
        app.processEvents()
    path = OUT / name
    if not w.grab().save(str(path)):
        raise SystemExit(f"failed to write {path}")
    print(path)
    return path


def main() -> int:
    app = QApplication.instance() or QApplication([sys.argv[0]])
    OUT.mkdir(parents=True, exist_ok=True)
    w = open_sandbox(str(DEMO))
    w.resize(1440, 900)
    app.processEvents()
    w.view.fit_city(1.2)
    city = w.model.city
    # a double business held over 27/28: green, with its score in the bubble
    w.begin_building("business", 2)
    for _ in range(len(w.scene.interaction.tool.spots())):  # turned as on 27/28 (the ghost starts on the best spot)
        if sorted(w.scene.interaction.tool.props or ()) == [27, 28]:
            break
        w.scene.interaction.next_spot(1)
    w.scene.interaction.hover(centre(city, 27))
    w.scene.interaction.hide_cursor()  # the pointer moved: the board cursor hides
    w.statusBar().showMessage(w.scene.interaction.hover_text.split("\n")[0])
    shoot(w, "sandbox.png")
    # the same in the city view, turned once: the pointer over the same lot
    w.view.set_view("city", remember=False)
    w.view.turn(1)
    w.view.fit_city(0.6)
    w.scene.interaction.hover(w.scene.to_scene(centre(city, 27).x(), centre(city, 27).y()))
    shoot(w, "sandbox_city.png")
    w.scene.interaction.cancel_mode()
    w.show_heatmap("business", 1)
    shoot(w, "sandbox_city_heatmap.png")
    w.show_heatmap(None)
    w.view.set_view("plan", remember=False)

    w.show_heatmap("business", 1)
    w.view.fit_city(0.8)
    shoot(w, "sandbox_heatmap.png")
    w.show_heatmap(None)

    w.view.fit_city(3.5)
    w.begin_tile(8)
    # hold it over the legal spot farthest to the left, turned once
    w.scene.interaction.rotate_ghost(1)
    x, y = min(w.model.tile_positions(8, 1))
    w.scene.interaction.hover(QPointF((x + 1) * CELL, (y + 2) * CELL))
    w.scene.interaction.hide_cursor()
    shoot(w, "sandbox_tile.png")
    w.scene.interaction.cancel_mode()

    # the keyboard: B, Enter on the single business, N once: the second-best spot
    w.view.fit_city(1.2)
    w.focus_palette()
    w.palette_view.setCurrentIndex(w.palette_model.index(w.palette_model.find("business", 1)))
    w.begin_building("business", 1)
    w.cycle_spot(1)
    w.statusBar().showMessage(w.scene.interaction.hover_text.split("\n")[0])
    shoot(w, "sandbox_keyboard.png")
    w.scene.interaction.cancel_mode()
    w.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
