"""The sandbox window's docks: the neighborhoods' tray and the buildings' palette."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QDockWidget, QHBoxLayout, QLabel, QPushButton, QToolButton, QVBoxLayout, QWidget

from bigcity_desktop.i18n import translate
from bigcity_desktop.scene import style as S
from bigcity_desktop.scene.paneldrag import BoardDrag
from bigcity_desktop.scene.targets import Mode

from .heat import HeatMapPanel
from .widgets import ROLE_KEY, ROLE_LEFT, PaletteModel, PaletteView, TileTray

if TYPE_CHECKING:
    from .window import SandboxWindow


def _drag_tile(w: SandboxWindow, index: QModelIndex) -> bool:
    """A drag from the tray picks its neighborhood up (False: it cannot be placed)."""
    number = index.data(Qt.ItemDataRole.UserRole)
    if number is None or not index.flags() & Qt.ItemFlag.ItemIsEnabled:
        return False
    w.begin_tile(int(number))
    return w.board.mode == Mode.TILE


def _drag_building(w: SandboxWindow, index: QModelIndex) -> bool:
    """A drag from the palette picks its piece up (False: none is left)."""
    key = index.data(ROLE_KEY)
    if not key or not (index.data(ROLE_LEFT) or 0) > 0:
        return False
    w.begin_building(key[0], key[2])
    return w.board.mode == Mode.BUILDING


def build_docks(w: SandboxWindow) -> None:
    """The tile tray (left) and the building palette with the streetcars and the heat map (right)."""
    # the tile tray
    tray = QWidget(w)
    lay = QVBoxLayout(tray)
    lay.setContentsMargins(4, 4, 4, 4)
    w.tray = TileTray(tray)
    w.tray.tileChosen.connect(w.begin_tile)
    w.tray.board_drag = BoardDrag(w.view, partial(_drag_tile, w), w.tray.picture, w.tray.hot_spot)
    row = QHBoxLayout()
    w.rot_left = QToolButton(tray)
    w.rot_left.setText(translate("SandboxWindow", "⟲ Turn left"))
    w.rot_left.clicked.connect(lambda: w.turn_tray(-1))
    w.rot_right = QToolButton(tray)
    w.rot_right.setText(translate("SandboxWindow", "Turn right ⟳"))
    w.rot_right.clicked.connect(lambda: w.turn_tray(1))
    row.addWidget(w.rot_left)
    row.addWidget(w.rot_right)
    lay.addLayout(row)
    lay.addWidget(w.tray)
    d = QDockWidget(translate("SandboxWindow", "Neighborhoods"), w)
    d.setObjectName("TrayDock")
    d.setWidget(tray)
    d.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
    w.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, d)
    w.tray_dock = d

    # the building palette, streetcars and the heat map
    pal = QWidget(w)
    lay = QVBoxLayout(pal)
    lay.setContentsMargins(4, 4, 4, 4)
    w.palette_model = PaletteModel(w)
    w.palette_view = PaletteView(pal)
    w.palette_view.setModel(w.palette_model)
    w.palette_view.buildingChosen.connect(w.begin_building)
    w.palette_view.board_drag = BoardDrag(w.view, partial(_drag_building, w), w.palette_view.picture)
    lay.addWidget(w.palette_view, 1)
    w.streetcar_button = QPushButton(translate("SandboxWindow", "Draw streetcar line"), pal)
    w.streetcar_button.setCheckable(True)
    w.streetcar_button.toggled.connect(w.set_streetcar_tool)
    lay.addWidget(w.streetcar_button)
    w.streetcar_label = QLabel("", pal)
    w.streetcar_label.setWordWrap(True)
    lay.addWidget(w.streetcar_label)
    key = QLabel(
        f'<span style="background:{S.OUTSKIRTS.name()}">&nbsp;&nbsp;&nbsp;&nbsp;</span> '
        + translate("SandboxWindow", "outskirts")
        + f' &nbsp; <span style="background:{S.CENTRE.name()}">&nbsp;&nbsp;&nbsp;&nbsp;</span> '
        + translate("SandboxWindow", "city centre")
        + f' &nbsp; <span style="background:{S.STREETCAR.name()}">&nbsp;&nbsp;&nbsp;&nbsp;</span> '
        + translate("SandboxWindow", "streetcar"),
        pal,
    )
    key.setToolTip(
        translate(
            "SandboxWindow",
            "Lots touching the open table are outskirts; the others (and lots around an enclosed "
            "empty cell) are city centre.",
        )
    )
    lay.addWidget(key)
    lay.addSpacing(8)
    w.heat = HeatMapPanel(w, pal, lay)
    w.heat_combo, w.heat_legend = w.heat.combo, w.heat.legend
    d = QDockWidget(translate("SandboxWindow", "Buildings"), w)
    d.setObjectName("PaletteDock")
    d.setWidget(pal)
    d.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
    w.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, d)
    w.palette_dock = d
    w.resizeDocks([w.tray_dock, w.palette_dock], [250, 290], Qt.Orientation.Horizontal)
