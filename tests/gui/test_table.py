"""The game table (game/tabletop/gametable.py): the board is the largest thing on screen,
the players, the Supply, the neighborhoods and the hand sit around it, and
the log, the chart and a network game's table wait in a drawer (F9) that is
remembered between runs."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDockWidget

from bigcity_desktop.engine import Phase

from .conftest import find_position, players

SIZES = {"1600x1000": (1600, 1000, 0.55), "1024x700": (1024, 700, 0.45)}


def _four_players_round_3(window) -> None:
    s = find_position(lambda st: st.round >= 3 and st.phase == Phase.ACTION, n=4)
    window.ctrl.starting.start_from_state(s, players(["human", "random", "random", "random"]))
    window.ctrl.session.stop()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_board_is_the_largest_thing_on_screen(window, qtbot, size):
    w, h, share = SIZES[size]
    _four_players_round_3(window)
    window.resize(w, h)
    qtbot.waitUntil(lambda: window.width() == w and window.height() == h)
    qtbot.waitUntil(lambda: window.table.board_share() >= share, timeout=3000)
    board = window.view.width() * window.view.height()
    for widget in (window.players_panel, window.supply_panel, window.hand_panel, window.tiles_panel):
        assert widget.width() * widget.height() < board
    assert not window.drawer.is_open  # the log and the chart are there when asked for


def test_the_city_is_fitted_to_the_board(window, qtbot):
    _four_players_round_3(window)
    window.resize(1024, 700)
    qtbot.waitUntil(lambda: window.view.auto_fit)
    window.fit_board()
    vp = window.view.viewport().rect()
    # the city and the room for the next neighborhood fill the board one way or the other
    room = window.view.mapFromScene(window.scene.city_rect(window.fit_margin())).boundingRect()
    assert room.width() >= 0.9 * vp.width() or room.height() >= 0.75 * vp.height()
    city = window.view.mapFromScene(window.scene.city_rect()).boundingRect()
    assert vp.contains(city.adjusted(1, 1, -1, -1))


def test_the_drawer_opens_with_f9_and_is_remembered(window, qtbot, settings, data_dir):
    from bigcity_desktop.game.shell.mainwindow import GameWindow

    _four_players_round_3(window)
    log, chart = window.docks["log"], window.docks["chart"]
    assert not log.isVisible() and not chart.isVisible()
    qtbot.keyClick(window, Qt.Key.Key_F9)
    qtbot.waitUntil(lambda: log.isVisible() and chart.isVisible())
    assert window.drawer.action.isChecked()
    assert window.chart is not None and chart.widget() is window.chart  # the chart is made when first shown
    window.close()
    again = GameWindow(settings=QSettings(settings.fileName(), QSettings.Format.IniFormat))
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    assert again.docks["log"].isVisible() and again.drawer.action.isChecked()
    again.drawer.action.trigger()  # shut, by the switch at the end of the players' row
    qtbot.waitUntil(lambda: not again.drawer.is_open)
    assert not again.docks["log"].isVisible()
    again.drawer.action.trigger()  # opens with what it showed last
    qtbot.waitUntil(lambda: again.docks["log"].isVisible() and again.docks["chart"].isVisible())


def test_the_table_switches_are_buttons_at_the_end_of_the_players_row(window, qtbot):
    names = {b.objectName() for b in window.table.switches}
    assert names == {"cityViewSwitchButton", "drawerSwitchButton"}
    city = next(b for b in window.table.switches if b.objectName() == "cityViewSwitchButton")
    _four_players_round_3(window)
    city.click()
    qtbot.waitUntil(lambda: window.view.city_action.isChecked())
    assert all(isinstance(d, QDockWidget) for d in window.docks.values())
