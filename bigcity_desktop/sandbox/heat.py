"""The sandbox's heat map: "Where is it worth most?" in the palette dock
(a building chosen in a combo box, a legend) and the board's colours."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtWidgets import QComboBox, QLabel, QVBoxLayout, QWidget

from bigcity_desktop.i18n import translate
from bigcity_desktop.scene import CityScene, heat_colour
from bigcity_desktop.scene.text import building_name

from .model import SandboxModel
from .widgets import HeatLegend


class HeatHost(Protocol):
    """What the heat map asks of the sandbox window: the layout, the board to colour, the status line."""

    @property
    def model(self) -> SandboxModel: ...

    @property
    def scene(self) -> CityScene: ...

    def say(self, text: str) -> None: ...


class HeatMapPanel:
    """The heat map's part of the palette dock, for one sandbox window: the
    building chosen (``key``: (type, size) or None), its combo box and legend."""

    def __init__(self, window: HeatHost, parent: QWidget, lay: QVBoxLayout) -> None:
        self.w = window
        self.key: tuple[str, int] | None = None
        self._shown: tuple[str, int] | None = None  # the heat map last told in the status bar
        head = QLabel(translate("SandboxWindow", "<b>Where is it worth most?</b>"), parent)
        lay.addWidget(head)
        self.combo = QComboBox(parent)
        self.combo.currentIndexChanged.connect(self._choice)
        lay.addWidget(self.combo)
        self.legend = HeatLegend(parent)
        lay.addWidget(self.legend)

    def refresh_choices(self) -> None:
        """The buildings of the rules in the combo box (the choice kept when it is still there)."""
        items = [("", translate("SandboxWindow", "(off)"))]
        for btype, rule in self.w.model.rules.buildings.items():
            for size in sorted({v.size for v in rule.variants}):
                items.append((f"{btype}:{size}", building_name(self.w.model.rules, btype, size)))
        current = [self.combo.itemData(i) for i in range(self.combo.count())]
        if current != [k for k, _ in items]:
            self.combo.blockSignals(True)
            self.combo.clear()
            for key, label in items:
                self.combo.addItem(label, key)
            self.combo.blockSignals(False)
            if self.key is not None and "{}:{}".format(*self.key) not in [k for k, _ in items]:
                self.key = None
            idx = self.combo.findData("{}:{}".format(*self.key)) if self.key else 0
            self.combo.setCurrentIndex(max(0, idx))

    def _choice(self, index: int) -> None:
        key = self.combo.itemData(index)
        if key:
            btype, size = key.split(":")
            self.show(btype, int(size))
        else:
            self.show(None, None)

    def show(self, btype: str | None, size: int | None = None) -> dict:
        """Colour every legal spot of a building by its best score (its smallest
        piece when no size is given); None turns it off."""
        if btype and size is None:
            size = min(v.size for v in self.w.model.rules.buildings[btype].variants)
        self.key = (btype, size) if btype and size is not None else None
        if btype:
            idx = self.combo.findData(f"{btype}:{size}")
            if idx >= 0 and idx != self.combo.currentIndex():
                self.combo.blockSignals(True)
                self.combo.setCurrentIndex(idx)
                self.combo.blockSignals(False)
        return self.refresh()

    def refresh(self) -> dict:
        """Colour the spots of the chosen building on the board and word the legend (the heat map shown)."""
        if self.key is None:
            self._shown = None
            self.w.scene.clear_heatmap()
            self.combo.blockSignals(True)
            self.combo.setCurrentIndex(0)
            self.combo.blockSignals(False)
            self.legend.set_range(
                None,
                None,
                translate(
                    "SandboxWindow", "Pick a building to colour every spot where it could stand by its best score."
                ),
            )
            return {}
        btype, size = self.key
        heat = self.w.model.heat_map(btype, size)
        name = building_name(self.w.model.rules, btype, size)
        if not heat:
            self.w.scene.clear_heatmap()
            text = translate("SandboxWindow", "{building}: no legal spot.")
            if (
                self.w.model.city.pieces_left(btype, self.w.model.rules.buildings[btype].variants_of_size(size)[0].name)
                <= 0
            ):
                text = translate("SandboxWindow", "{building}: no legal spot (none left in the supply).")
            elif self.w.model.rules.buildings[btype].needs_city_hall and not self.w.model.city_hall_built:
                text = translate("SandboxWindow", "{building}: no legal spot (City Hall must stand first).")
            self.legend.set_range(None, None, text.format(building=name))
            return {}
        lo, hi = min(heat.values()), max(heat.values())
        span = (hi - lo) or 1
        colours = {}
        for c, v in heat.items():
            col = heat_colour((v - lo) / span if hi != lo else 1.0)
            col.setAlpha(235)
            colours[c] = col
        best = self.w.model.best_spots(btype, size)[0]
        self.w.scene.show_heatmap(colours, {c: str(v) for c, v in heat.items()}, best.props)
        if len(heat) == 1:
            text = translate("SandboxWindow", "{building}: best {score} points on {props}; 1 property could take one.")
        else:
            text = translate(
                "SandboxWindow", "{building}: best {score} points on {props}; {n} properties could take one."
            )
        text = text.format(building=name, score=best.score, props=", ".join(map(str, best.props)), n=len(heat))
        self.legend.set_range(lo, hi, text)
        if self.key != self._shown:
            self.w.say(text)
        self._shown = self.key
        return heat
