"""Light and dark (issue 25.13 and "What to build" 5): under a dark system
palette the board's corner controls stay readable; Preferences chooses
System, Light or Dark; the board, the bubbles and the chart follow."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication

from bigcity_desktop.scene import scheme
from bigcity_desktop.scene import style as S


def text_contrast(widget) -> float:
    """The contrast of a widget's text on its ground, as painted: the ground
    is its commonest colour, the text the pixel farthest from it."""
    img = widget.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    pixels = Counter(img.pixel(x, y) for x in range(img.width()) for y in range(img.height()))
    ground = QColor.fromRgb(pixels.most_common(1)[0][0])
    return max(S.contrast_ratio(QColor.fromRgb(p), ground) for p in pixels)


@pytest.fixture
def dark_system(qapp, monkeypatch):
    """The system's palette is dark (as on a desktop in dark mode)."""
    before = QApplication.palette()
    dark = scheme.dark_palette()
    monkeypatch.setattr(scheme, "system_palette", lambda: dark)
    monkeypatch.setattr(scheme, "system_is_dark", lambda: True)
    qapp.setPalette(dark)
    yield
    scheme.apply_scheme("light")
    qapp.setPalette(before)


def test_corner_controls_are_readable_under_a_dark_system_palette(dark_system, qtbot, data_dir, settings):
    """25.13: ↺ City ↻ were light on cream, nearly invisible."""
    from bigcity_desktop.game.shell.mainwindow import GameWindow

    w = GameWindow(settings=settings)
    qtbot.addWidget(w)
    w.resize(1024, 700)
    w.show()
    qtbot.waitExposed(w)
    assert S.scheme().name == "dark"  # "As the system" follows the dark system
    corner = w.view._corner
    corner.grab().save(str(data_dir.parent / "corner-dark.png"))
    assert text_contrast(corner) >= 4.5
    w.apply_scheme("light", save=False)  # light board under the dark system: still readable
    assert text_contrast(corner) >= 4.5
    w.ctrl.session.stop()


def test_preferences_choose_light_or_dark(qtbot, window, settings):
    dlg = window.show_preferences()
    qtbot.addWidget(dlg)
    box = dlg.scheme_box
    assert [box.itemData(i) for i in range(box.count())] == ["system", "light", "dark"]
    box.setCurrentIndex(box.findData("dark"))
    dlg.accept()
    try:
        assert settings.value("prefs/colourScheme") == "dark"
        assert S.scheme().name == "dark"
        assert S.TABLE.lightness() < 60
        assert QApplication.palette().window().color().lightness() < 128  # the windows too
        table = window.view.grab().toImage().pixelColor(2, 2)
        assert table.lightness() < 80, table.name()  # the table is no longer cream
        # and the panels follow, although the window has a style sheet (the focus frames)
        # the Supply's tray: its table and the pieces' slots, the names readable on them
        tray = window.supply_panel
        img = tray.viewport().grab().toImage()
        first = tray.visualRect(tray.model().index(0, 0))
        ground = img.pixelColor(first.topLeft())
        slot = img.pixelColor(first.left() + 3, first.center().y())
        assert ground.lightness() < 80 and slot.lightness() < 80, (ground.name(), slot.name())
        assert S.contrast_ratio(S.PANEL_TEXT, slot) >= 4.5
    finally:
        window.apply_scheme("light", save=False)
    assert S.scheme().name == "light"
    assert QApplication.palette().window().color().lightness() >= 128


def test_the_statistics_chart_is_dark_in_dark_mode_and_counts_whole_games(qtbot, window, tmp_path):
    """Seen in a dark screenshot: Game → Statistics drew its chart on white,
    with 1.0, 1.5, 2.0 along an axis of games."""
    from bigcity_desktop.game.statistics import RecordStore, StatisticsDialog

    from .test_statistics_window import entry

    store = RecordStore(tmp_path / "statistics.json")
    store.add([entry(name="Ann", score=30)])
    window.apply_scheme("dark", save=False)
    try:
        dlg = StatisticsDialog(store, name="Ann")
        qtbot.addWidget(dlg)
        dlg.show()
        qtbot.waitExposed(dlg)
        ground = dlg.plot.grab().toImage().pixelColor(dlg.plot.width() - 20, 20)
        assert ground.lightness() < 80, ground.name()
        window.apply_scheme("light", save=False)  # and it follows a change while open
        ground = dlg.plot.grab().toImage().pixelColor(dlg.plot.width() - 20, 20)
        assert ground.lightness() > 180, ground.name()
        ticks = dlg.plot.getAxis("bottom")._tickLevels
        assert ticks is not None and [label for _v, label in ticks[0]] == ["1", "2"]
    finally:
        window.apply_scheme("light", save=False)


def test_an_unticked_check_box_shows_its_edge_in_dark_mode(qtbot, window):
    """Seen in the dark Preferences and Host dialogs: Fusion drew an unticked
    box's edge a shade darker than the window, so the box was all but gone."""
    from PySide6.QtWidgets import QCheckBox, QRadioButton

    window.apply_scheme("dark", save=False)
    try:
        for kind in (QCheckBox, QRadioButton):
            box = kind()  # no text: the only thing painted is the indicator
            qtbot.addWidget(box)
            box.show()
            qtbot.waitExposed(box)
            assert text_contrast(box) >= 3.0, kind.__name__  # WCAG's 3:1 for a control's edge
    finally:
        window.apply_scheme("light", save=False)
