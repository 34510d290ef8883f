"""The score-history chart: one pyqtgraph line per player, x = round.

It reads the ScoreHistoryModel and redraws on row inserts and resets.
Within a round the turns are spread evenly between the round's number and
the next, so the line shows every turn but the axis reads in rounds.
"""

from __future__ import annotations

import html
import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from bigcity_desktop.i18n import translate
from bigcity_desktop.scene import style as S
from bigcity_desktop.scene.text import elide

from .pacing import pace

if TYPE_CHECKING:
    from .loading import WorkJob

#: the most points a line of the chart draws (a very long game is thinned out)
MAX_POINTS = 2000


def chart_points(history) -> tuple[list[float], list[tuple[int, ...]]]:
    """x positions (round + fraction) and the score tuples (at most
    MAX_POINTS of them, the first and the last always among them)."""
    if len(history) > MAX_POINTS:
        step = -(-len(history) // MAX_POINTS)
        history = [*history[:-1:step], history[-1]]
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


def curve_series(curves) -> list[tuple[list[float], list[float]]]:
    """The x and y data of pyqtgraph curves, as lists (for tests)."""
    out = []
    for c in curves:
        x, y = c.getData()
        out.append(([] if x is None else list(x), [] if y is None else list(y)))
    return out


def plot_in_scheme(plot) -> None:
    """A pyqtgraph plot takes the colour scheme's ground and axes (scene/style.py)."""
    sc = S.scheme()
    plot.setBackground(sc.chart)
    for side in ("left", "bottom"):
        axis = plot.getAxis(side)
        axis.setPen(sc.chart_text)
        axis.setTextPen(sc.chart_text)


class PlottingLoader(QObject):
    """pyqtgraph (and numpy under it: a quarter of a second) imported once,
    on a pool thread, so that the GUI thread's first chart is made at once;
    ``ready`` when it is in. Started after the start-up's reading of the
    saved games (two busy workers beside the GUI thread share the
    interpreter's lock three ways, and the Continue dialog stuttered), or at
    once when a game wants its chart sooner."""

    ready = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.done = False
        self._job: WorkJob | None = None

    def load(self) -> None:
        """Begins the import (once); ``ready`` follows."""
        if self.done or self._job is not None:
            return
        from .loading import WorkJob

        job = self._job = WorkJob(lambda _report: _import_plotting(), self)
        job.done.connect(self._finished)
        job.failed.connect(lambda _why: self._finished(None))  # the chart is then made on first use
        job.start()

    def _finished(self, _result: object) -> None:
        self.done = True
        self.ready.emit()


def _import_plotting() -> None:
    import pyqtgraph  # noqa: F401


def plotting_problem() -> str | None:
    """Why the chart's library (pyqtgraph, numpy under it) cannot be used
    (the import's own words), or None when it loads."""
    try:
        import pyqtgraph  # noqa: F401
    except Exception as exc:  # an ImportError, or whatever a broken numpy raises while it loads
        return f"{exc.__class__.__name__}: {exc}".strip()
    return None


class ScoreChart(QWidget):
    """The score lines of a game; where pyqtgraph (or numpy) does not load,
    one sentence saying so (:attr:`problem`) in the chart's place, and every
    method does nothing."""

    def __init__(self, model, parent=None):
        super().__init__(parent)
        self.setObjectName("ScoreChart")
        self.model = model
        self.curves: list = []
        self.cursor_line = None  # the replay's position: a vertical line, made on first use
        self.loss_bars: list = []  # the analysis: points lost per round, one bar per player
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.problem = plotting_problem()
        if self.problem is not None:
            self.plot = None
            note = QLabel(
                translate("ScoreChart", "The score chart cannot be shown: its library did not load ({reason}).").format(
                    reason=self.problem
                )
            )
            note.setObjectName("chartProblem")
            note.setWordWrap(True)
            note.setContentsMargins(6, 6, 6, 6)
            lay.addWidget(note)
            return
        import pyqtgraph as pg

        self.plot = pg.PlotWidget(background=S.scheme().chart)
        self.plot.setObjectName("scorePlot")
        self.plot.showGrid(x=True, y=True, alpha=0.25)
        self.plot.setLabel("bottom", translate("ScoreChart", "round"))
        self.plot.setLabel("left", translate("ScoreChart", "score"))
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        # the legend sits above the plot, where it never hides a line
        self.legend = QLabel()
        self.legend.setObjectName("scoreLegend")
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.legend.setWordWrap(True)
        self.legend.setContentsMargins(6, 2, 6, 0)
        lay.addWidget(self.legend)
        lay.addWidget(self.plot)
        self.setAccessibleName(translate("ScoreChart", "Score history"))
        from PySide6.QtCore import QTimer

        # redraws are coalesced: instant bots add many rows in a burst
        self._later = QTimer(self)
        self._later.setSingleShot(True)
        self._later.setInterval(120)
        self._later.timeout.connect(self.redraw)
        model.modelReset.connect(self._reset)
        model.rowsInserted.connect(lambda *a: self._later.start())
        self._axes_in_scheme()
        self.rebuild()

    def _axes_in_scheme(self) -> None:
        plot_in_scheme(self.plot)

    def restyle(self) -> None:
        """The colour scheme changed (scene/style.py): the chart's ground, axes and cursor follow."""
        if self.plot is None:
            return
        import pyqtgraph as pg

        sc = S.scheme()
        self._axes_in_scheme()
        if self.cursor_line is not None:
            self.cursor_line.setPen(pg.mkPen(sc.chart_cursor, width=1.5, style=Qt.PenStyle.DashLine))
        self.rebuild()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.plot is None:
            return
        # a low chart (a small window) gives its axis titles' room to the lines
        roomy = self.height() >= 170
        self.plot.getAxis("bottom").showLabel(roomy)
        self.plot.getAxis("left").showLabel(roomy)
        self._later.start()  # the score ticks follow the height

    def _reset(self) -> None:
        if self.plot is None:
            return
        # the lines are drawn in a turn of their own, after every other panel's first look at
        # the game has been painted (a rejoin's whole view: issue 45.6; game/core/pacing.py)
        pace(self, ("chart", id(self)), self.rebuild)

    def rebuild(self) -> None:
        if self.plot is None:
            return
        import pyqtgraph as pg

        for c in self.curves:
            self.plot.removeItem(c)
        self.curves = []
        styles = [Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine, Qt.PenStyle.DashDotLine]
        entries = []
        for i, (name, colour) in enumerate(zip(self.model.names(), self.model.colours())):
            # colour and a dash pattern: the lines differ for colour-blind eyes too
            pen = pg.mkPen(colour, width=2.5, style=styles[i % len(styles)])
            curve = self.plot.plot([], [], pen=pen, name=elide(name))
            self.curves.append(curve)
            dash = ("\u2014\u2014", "\u2013 \u2013", "\u00b7\u00b7\u00b7", "\u2013\u00b7\u2013")[i % 4]
            entries.append(
                f'<span style="color:{colour}; font-weight:bold">{dash}</span>&nbsp;{html.escape(elide(name))}'
            )
        self.legend.setText("&nbsp;&nbsp;&nbsp;".join(entries))
        self.redraw()

    def redraw(self, *args) -> None:
        if self.plot is None:
            return
        xs, scores = chart_points(self.model.history())
        for i, curve in enumerate(self.curves):
            curve.setData(xs, [s[i] for s in scores])
        top = max((max(s) for s in scores if s), default=0)
        right = max(xs, default=0.0)
        # from the first point: 0, but for a network seat's view of an endless game (its recent turns only)
        left = xs[0] if xs and xs[0] > 1 else 0.0
        self.plot.setXRange(left, max(left + 1.0, right), padding=0.02)
        # whole rounds only on the axis (never 0.2, 0.4 ...)
        step = max(1, math.ceil(max(1.0, right - left) / 10))
        self.plot.getAxis("bottom").setTickSpacing(levels=[(step, 0)])
        self.plot.setYRange(0, max(10, top), padding=0.05)
        # score ticks at a round step, few enough to stay apart on a low chart
        fit = max(2, int(self.plot.getAxis("left").height() // 20))
        ystep = next((st for st in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500) if max(10, top) / st <= fit), 1000)
        self.plot.getAxis("left").setTickSpacing(levels=[(ystep, 0)])

    def set_cursor(self, x: float | None) -> None:
        """Show a vertical line at `x` (in the chart's rounds), or hide it."""
        if self.plot is None:
            return
        import pyqtgraph as pg

        if self.cursor_line is None:
            self.cursor_line = pg.InfiniteLine(
                angle=90, movable=False, pen=pg.mkPen(S.scheme().chart_cursor, width=1.5, style=Qt.PenStyle.DashLine)
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
        if self.plot is None:
            return
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
        return curve_series(self.curves)
