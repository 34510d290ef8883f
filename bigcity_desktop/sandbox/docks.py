"""The sandbox window's docks: the neighborhoods' tray and the buildings' palette."""

from __future__ import annotations

from functools import partial
from typing import NamedTuple, Protocol

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from bigcity_desktop.i18n import translate
from bigcity_desktop.scene import CityView
from bigcity_desktop.scene import style as S
from bigcity_desktop.scene.interaction import BoardInteraction
from bigcity_desktop.scene.paneldrag import BoardDrag
from bigcity_desktop.scene.targets import Mode

from .heat import HeatHost, HeatMapPanel
from .widgets import ROLE_KEY, ROLE_LEFT, HeatLegend, PaletteModel, PaletteView, TileTray


class DocksHost(HeatHost, Protocol):
    """What the docks ask of the sandbox window (:class:`.window.SandboxWindow`):
    the board and its view, picking a piece up, turning the tray, the
    streetcar tool; and what the heat map asks (:class:`.heat.HeatHost`)."""

    @property
    def board(self) -> BoardInteraction: ...

    @property
    def view(self) -> CityView: ...

    def begin_tile(self, number: int) -> None: ...

    def begin_building(self, btype: str, size: int) -> None: ...

    def turn_tray(self, steps: int) -> None: ...

    def set_streetcar_tool(self, on: bool) -> None: ...


class SandboxDocks(NamedTuple):
    """The docks' widgets the window keeps."""

    tray: TileTray
    rot_left: QToolButton
    rot_right: QToolButton
    tray_dock: QDockWidget
    palette_model: PaletteModel
    palette_view: PaletteView
    streetcar_button: QPushButton
    streetcar_label: QLabel
    heat: HeatMapPanel
    heat_combo: QComboBox
    heat_legend: HeatLegend
    palette_dock: QDockWidget


def _drag_tile(w: DocksHost, index: QModelIndex) -> bool:
    """A drag from the tray picks its neighborhood up (False: it cannot be placed)."""
    number = index.data(Qt.ItemDataRole.UserRole)
    if number is None or not index.flags() & Qt.ItemFlag.ItemIsEnabled:
        return False
    w.begin_tile(int(number))
    return w.board.mode == Mode.TILE


def _drag_building(w: DocksHost, index: QModelIndex) -> bool:
    """A drag from the palette picks its piece up (False: none is left)."""
    key = index.data(ROLE_KEY)
    if not key or not (index.data(ROLE_LEFT) or 0) > 0:
        return False
    w.begin_building(key[0], key[2])
    return w.board.mode == Mode.BUILDING


def build_docks(win: QMainWindow, w: DocksHost) -> SandboxDocks:
    """The tile tray (left) and the building palette with the streetcars and the heat map (right) of `win`."""
    # the tile tray
    box = QWidget(win)
    lay = QVBoxLayout(box)
    lay.setContentsMargins(4, 4, 4, 4)
    tray = TileTray(box)
    tray.tileChosen.connect(w.begin_tile)
    tray.board_drag = BoardDrag(w.view, partial(_drag_tile, w), tray.picture, tray.hot_spot)
    row = QHBoxLayout()
    rot_left = QToolButton(box)
    rot_left.setText(translate("SandboxWindow", "⟲ Turn left"))
    rot_left.clicked.connect(lambda: w.turn_tray(-1))
    rot_right = QToolButton(box)
    rot_right.setText(translate("SandboxWindow", "Turn right ⟳"))
    rot_right.clicked.connect(lambda: w.turn_tray(1))
    row.addWidget(rot_left)
    row.addWidget(rot_right)
    lay.addLayout(row)
    lay.addWidget(tray)
    d = QDockWidget(translate("SandboxWindow", "Neighborhoods"), win)
    d.setObjectName("TrayDock")
    d.setWidget(box)
    d.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
    win.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, d)
    tray_dock = d

    # the building palette, streetcars and the heat map
    pal = QWidget(win)
    lay = QVBoxLayout(pal)
    lay.setContentsMargins(4, 4, 4, 4)
    palette_model = PaletteModel(win)
    palette_view = PaletteView(pal)
    palette_view.setModel(palette_model)
    palette_view.buildingChosen.connect(w.begin_building)
    palette_view.board_drag = BoardDrag(w.view, partial(_drag_building, w), palette_view.picture)
    lay.addWidget(palette_view, 1)
    streetcar_button = QPushButton(translate("SandboxWindow", "Draw streetcar line"), pal)
    streetcar_button.setCheckable(True)
    streetcar_button.toggled.connect(w.set_streetcar_tool)
    lay.addWidget(streetcar_button)
    streetcar_label = QLabel("", pal)
    streetcar_label.setWordWrap(True)
    lay.addWidget(streetcar_label)
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
    heat = HeatMapPanel(w, pal, lay)
    heat_combo, heat_legend = heat.combo, heat.legend
    d = QDockWidget(translate("SandboxWindow", "Buildings"), win)
    d.setObjectName("PaletteDock")
    d.setWidget(pal)
    d.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
    win.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, d)
    palette_dock = d
    win.resizeDocks([tray_dock, palette_dock], [250, 290], Qt.Orientation.Horizontal)
    return SandboxDocks(
        tray,
        rot_left,
        rot_right,
        tray_dock,
        palette_model,
        palette_view,
        streetcar_button,
        streetcar_label,
        heat,
        heat_combo,
        heat_legend,
        palette_dock,
    )
