"""Issue 46.1: below 1100 px wide the table is compact rather than
scrolling: the Supply's tray shows every piece (no scroll bar) and the
neighborhoods shrink to small numbered thumbnails, every one in sight (the
name in the tooltip); a wider window keeps the named thumbnails."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from bigcity_desktop.engine import GameState, Phase, get_rules

from .conftest import players
from .test_german import german  # noqa: F401  (the fixture)


def _start(window, qtbot, edition: str, size: tuple[int, int]) -> None:
    window.resize(*size)
    state = GameState.new(get_rules(edition), 3, 4, ["Sie", "Bea", "Carl"])
    assert state.phase == Phase.SETUP  # every neighborhood still spare
    window.ctrl.starting.start_from_state(state, players(["human", "easy", "easy"]))
    window.ctrl.session.stop()
    qtbot.waitUntil(lambda: window.tiles_panel.list.count() > 0, timeout=5000)
    QApplication.processEvents()


def _all_in_sight(view, rects) -> bool:
    area = view.viewport().rect()
    return all(area.contains(r) for r in rects)


@pytest.mark.parametrize("edition", ["original", "jumbo"])
def test_a_narrow_table_shows_every_piece_and_neighborhood(german, window, qtbot, edition):  # noqa: F811
    _start(window, qtbot, edition, (1024, 700))
    assert window.width() < 1100 and window.table.compact
    tray = window.supply_panel
    model = tray.model()
    qtbot.waitUntil(lambda: not tray.verticalScrollBar().isVisible(), timeout=3000)
    assert _all_in_sight(tray, [tray.visualRect(model.index(r, 0)) for r in range(model.rowCount())])
    tiles = window.tiles_panel.list
    spare = window.ctrl.session.seat_view().spare_tiles()
    assert tiles.count() == len(spare) >= 3
    qtbot.waitUntil(lambda: _all_in_sight(tiles, [tiles.visualItemRect(tiles.item(i)) for i in range(tiles.count())]))
    assert not tiles.verticalScrollBar().isVisible()
    for i in range(tiles.count()):
        item = tiles.item(i)
        assert item.text() == str(spare[i]) and item.toolTip().startswith(f"Stadtteil {spare[i]}")
    assert window.table.board_share() >= 0.45
    # the Supply ends where the board does: the panel sheet, which ends there too, covers all of it
    supply = window.panes["supply"]
    qtbot.waitUntil(lambda: supply.geometry().height() <= window.table.board.height(), timeout=3000)


def test_a_wide_table_names_the_neighborhoods(window, qtbot):
    _start(window, qtbot, "original", (1366, 768))
    assert not window.table.compact
    tiles = window.tiles_panel.list
    assert all(" " in tiles.item(i).text() for i in range(tiles.count()))  # "6 Market", not "6"
    assert tiles.iconSize().width() == 52
    window.resize(1024, 700)  # narrowed: compact now
    qtbot.waitUntil(lambda: window.table.compact and tiles.iconSize().width() < 52, timeout=3000)
    assert tiles.item(0).text().isdigit()
