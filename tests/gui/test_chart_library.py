"""The chart's library failing to load (pyqtgraph, or numpy under it)
leaves a sentence in the drawer, not the crash dialog (issue 45, item 8)."""

from __future__ import annotations

import importlib.abc
import sys

import pytest

from bigcity_desktop.game.core.chart import PlottingLoader, ScoreChart


class _Broken(importlib.abc.MetaPathFinder):
    """pyqtgraph's import fails as a broken numpy makes it fail (not with ImportError)."""

    def find_spec(self, name, path=None, target=None):
        if name == "pyqtgraph" or name.startswith("pyqtgraph."):
            raise RuntimeError("numpy: the C extensions failed to load")
        return None


@pytest.fixture(params=["missing", "broken"])
def no_plotting(request, monkeypatch):
    if request.param == "missing":
        monkeypatch.setitem(sys.modules, "pyqtgraph", None)  # import fails with ImportError
    else:
        for name in [m for m in sys.modules if m == "pyqtgraph" or m.startswith("pyqtgraph.")]:
            monkeypatch.delitem(sys.modules, name)
        monkeypatch.setattr(sys, "meta_path", [_Broken(), *sys.meta_path])
    return request.param


def test_the_chart_says_why_it_is_missing_in_the_drawer(window, qtbot, no_plotting):
    loader = PlottingLoader()
    with qtbot.waitSignal(loader.ready, timeout=10000):
        loader.load()  # its failure is a ready too: the chart is made on first use
    chart = window.ensure_chart()
    assert isinstance(chart, ScoreChart) and chart.plot is None
    assert window.docks["chart"].widget() is chart
    note = chart.findChild(object, "chartProblem")
    assert note is not None and "cannot be shown" in note.text()
    assert ("RuntimeError" if no_plotting == "broken" else "ModuleNotFoundError") in note.text()
    # what the window asks of a chart later does nothing, and says nothing more
    chart.set_cursor(1.0)
    chart.set_losses({1: {0: 2.0}}, ["#ff0000"])
    chart.restyle()
    chart.resize(300, 200)
    window.ctrl.history_model.modelReset.emit()
    assert chart.series() == [] and chart.cursor_x() is None


def test_a_game_opens_the_drawer_with_no_chart_library(window, qtbot, no_plotting):
    dlg = window.show_new_game()
    dlg.seed.setText("6")
    dlg.accept()
    if not window.drawer.action.isChecked():
        window.drawer.action.trigger()  # opening the drawer makes the chart
    qtbot.waitUntil(lambda: window.chart is not None, timeout=10000)
    assert window.chart.problem is not None
