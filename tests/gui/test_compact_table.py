"""Issue 46.1: below 1100 px wide (or a table below 780 px high: 1366×768,
1920×1080 at 150 %) the table is compact rather than scrolling: the
Supply's tray shows every piece (no scroll bar) and the neighborhoods shrink
to small numbered thumbnails, every one in sight (the name in the tooltip);
a wider and taller window keeps the named thumbnails. In the jumbo
redevelopment the hand's row runs across the whole table, every offered
card beside the hand, nothing scrolling (issue 46.2)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from bigcity_desktop.engine import GameState, Phase, get_rules

from .conftest import players, redevelopment
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
    _start(window, qtbot, "original", (1400, 900))
    assert not window.table.compact
    tiles = window.tiles_panel.list
    assert all(" " in tiles.item(i).text() for i in range(tiles.count()))  # "6 Market", not "6"
    assert tiles.iconSize().width() == 52
    window.resize(1024, 700)  # narrowed: compact now
    qtbot.waitUntil(lambda: window.table.compact and tiles.iconSize().width() < 52, timeout=3000)
    assert tiles.item(0).text().isdigit()


def test_a_short_table_is_compact_too(window, qtbot):
    _start(window, qtbot, "jumbo", (1366, 768))
    assert window.width() >= 1100 and window.table.compact
    tray = window.supply_panel
    qtbot.waitUntil(lambda: not tray.verticalScrollBar().isVisible(), timeout=3000)
    assert window.table.board_share() >= 0.55


@pytest.mark.parametrize("size", [(1024, 700), (1280, 720), (1400, 900)])
@pytest.mark.parametrize("taking", [False, True])
def test_the_redevelopment_lays_every_offered_card_beside_the_hand(german, window, qtbot, size, taking):  # noqa: F811
    window.resize(*size)
    window.ctrl.starting.start_from_state(redevelopment(taking), players(["human", "easy", "easy", "easy"]))
    window.ctrl.session.stop()
    table, hand = window.table, window.hand_panel
    qtbot.waitUntil(lambda: table.wide_hand and hand.offers_list.count() == (8 if taking else 6), timeout=5000)
    assert not window.panes["tiles"].isVisible()  # nobody places a neighborhood now: the hand has its room
    offers, view, tray = hand.offers_list, hand.hand_view, window.supply_panel

    def every_card_and_piece_in_sight() -> bool:
        cards = [offers.visualItemRect(offers.item(i)) for i in range(offers.count())]
        held = [view.visualRect(view.model().index(r, 0)) for r in range(view.model().rowCount())]
        rows = [tray.visualRect(tray.model().index(r, 0)) for r in range(tray.model().rowCount())]
        return (
            _all_in_sight(offers, cards)
            and _all_in_sight(view, held)
            and _all_in_sight(tray, rows)
            and not tray.verticalScrollBar().isVisible()
        )

    qtbot.waitUntil(every_card_and_piece_in_sight, timeout=3000)
    assert not offers.horizontalScrollBar().isVisible() and not offers.verticalScrollBar().isVisible()
    assert window.rect().contains(window.panes["hand"].geometry().translated(window.centralWidget().pos()))
    least = 0.45 if size[0] < 1100 else 0.55
    qtbot.waitUntil(lambda: table.board_share() >= least, timeout=3000)
    if taking:  # seat 0 offered last and takes first: its cards to take stand out
        assert any(offers.item(i).flags() & Qt.ItemFlag.ItemIsEnabled for i in range(offers.count()))
    # the redevelopment over: the neighborhoods back beside the hand, the window as wide as it was
    window.ctrl.starting.start_from_state(
        GameState.new(get_rules("jumbo"), 4, 4, ["Sie", "Bea", "Carl", "Dora"]), players(["human"] + ["easy"] * 3)
    )
    window.ctrl.session.stop()
    qtbot.waitUntil(lambda: not table.wide_hand and window.panes["tiles"].isVisible(), timeout=3000)
    assert window.width() == size[0]
