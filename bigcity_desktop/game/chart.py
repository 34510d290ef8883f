"""The score-history chart: one pyqtgraph line per player, x = round.

It reads the ScoreHistoryModel and redraws on row inserts and resets.
Within a round the turns are spread evenly between the round's number and
the next, so the line shows every turn but the axis reads in rounds.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QVBoxLayout, QWidget

from bigcity_desktop.i18n import translate
from bigcity_desktop.scene.text import elide


def chart_points(history) -> tuple[list[float], list[tuple[int, ...]]]:
    """x positions (round + fraction) and the score tuples."""
    xs: list[float] = []
    counts: dict[int, int] = {}
    for rnd, _ in history:
        counts[rnd] = counts.get(rnd, 0) + 1
    seen: dict[int, int] = {}
    for rnd, _ in history:
        k = seen.get(rnd, 0)
        seen[rnd] = k + 1
        xs.append(rnd - 1 + (k + 1) / counts[rnd] if counts[rnd] else rnd)
    return xs, [s for _, s in history]


class ScoreChart(QWidget):
    def __init__(self, model, parent=None):
        super().__init__(parent)
        import pyqtgraph as pg

        self.setObjectName("ScoreChart")
        self.model = model
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.plot = pg.PlotWidget(background="w")
        self.plot.setObjectName("scorePlot")
        self.plot.showGrid(x=True, y=True, alpha=0.25)
        self.plot.setLabel("bottom", translate("ScoreChart", "round"))
        self.plot.setLabel("left", translate("ScoreChart", "score"))
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        self.legend = self.plot.addLegend(offset=(8, 8), labelTextColor="k")
        lay.addWidget(self.plot)
        self.curves: list = []
        self.cursor_line = None  # the replay's position: a vertical line, made on first use
        self.loss_bars: list = []  # the analysis: points lost per round, one bar per player
        from PySide6.QtCore import QTimer

        # redraws are coalesced: instant bots add many rows in a burst
        self._later = QTimer(self)
        self._later.setSingleShot(True)
        self._later.setInterval(120)
        self._later.timeout.connect(self.redraw)
        model.modelReset.connect(self.rebuild)
        model.rowsInserted.connect(lambda *a: self._later.start())
        self.rebuild()

    def rebuild(self) -> None:
        import pyqtgraph as pg

        for c in self.curves:
            self.plot.removeItem(c)
        self.legend.clear()
        self.curves = []
        for name, colour in zip(self.model.names(), self.model.colours()):
            pen = pg.mkPen(colour, width=2.5)
            curve = self.plot.plot([], [], pen=pen, name=elide(name))
            self.curves.append(curve)
        self.redraw()

    def redraw(self, *args) -> None:
        xs, scores = chart_points(self.model.history())
        for i, curve in enumerate(self.curves):
            curve.setData(xs, [s[i] for s in scores])
        top = max((max(s) for s in scores if s), default=0)
        right = max(xs, default=0.0)
        self.plot.setXRange(0, max(1.0, right), padding=0.02)
        self.plot.setYRange(0, max(10, top), padding=0.05)

    def set_cursor(self, x: float | None) -> None:
        """Show a vertical line at `x` (in the chart's rounds), or hide it."""
        import pyqtgraph as pg

        if self.cursor_line is None:
            self.cursor_line = pg.InfiniteLine(
                angle=90, movable=False, pen=pg.mkPen("#444", width=1.5, style=Qt.PenStyle.DashLine)
            )
            self.plot.addItem(self.cursor_line)
        if x is None:
            self.cursor_line.setVisible(False)
        else:
            self.cursor_line.setValue(x)
            self.cursor_line.setVisible(True)

    def cursor_x(self) -> float | None:
        """Where the cursor stands (None when hidden), for tests."""
        if self.cursor_line is None or not self.cursor_line.isVisible():
            return None
        return float(self.cursor_line.value())

    def set_losses(self, per_round: dict[int, dict[int, float]], colours: list[str]) -> None:
        """Bars of the points each player lost in each round (the analysis),
        drawn in the round's slot under the score lines."""
        import pyqtgraph as pg

        for b in self.loss_bars:
            self.plot.removeItem(b)
        self.loss_bars = []
        players = sorted({p for per in per_round.values() for p in per})
        if not players:
            return
        width = 0.8 / len(players)
        for k, p in enumerate(players):
            rounds = sorted(r for r in per_round if p in per_round[r])
            xs = [r - 0.9 + width * (k + 0.5) for r in rounds]
            hs = [per_round[r][p] for r in rounds]
            colour = pg.mkColor(colours[p % len(colours)]) if colours else pg.mkColor("#b3261e")
            colour.setAlpha(110)
            bars = pg.BarGraphItem(x=xs, height=hs, width=width, brush=colour, pen=pg.mkPen(None))
            self.plot.addItem(bars)
            self.loss_bars.append(bars)

    def series(self) -> list[tuple[list[float], list[float]]]:
        """The data of every line (for tests)."""
        out = []
        for c in self.curves:
            x, y = c.getData()
            out.append(([] if x is None else list(x), [] if y is None else list(y)))
        return out
