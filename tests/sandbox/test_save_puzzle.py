"""File → Save as puzzle…'s cards (issue 33.6): the list does not reflow
between clicks, a click ticks the card under the pointer, and a problem said
about the earlier choice goes away when the cards change."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from bigcity_desktop.sandbox.window import SandboxWindow


def _dialog(qtbot):
    w = SandboxWindow()
    qtbot.addWidget(w)
    dlg = w.save_as_puzzle()
    qtbot.addWidget(dlg)
    qtbot.waitExposed(dlg)
    return dlg


def _rects(cards) -> list[tuple[int, int, int, int]]:
    return [cards.visualRect(cards.model().index(i, 0)).getRect() for i in range(cards.count())]


def _click(qtbot, cards, row: int, where: str = "box") -> None:
    rect = cards.visualRect(cards.model().index(row, 0))
    x = rect.left() + 8 if where == "box" else rect.right() - 4
    QTest.mouseClick(
        cards.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(x, rect.center().y())
    )


def test_clicks_tick_the_card_under_the_pointer_and_nothing_moves(qtbot):
    """The list laid its cards out again at an earlier width on the first
    click after a resize: the card under the pointer moved, and the next
    click at the same place ticked another card."""
    dlg = _dialog(qtbot)
    cards = dlg.cards
    for size in ((440, 560), (600, 520), (520, 560)):
        dlg.resize(*size)
        qtbot.waitUntil(lambda size=size: dlg.width() == size[0])
        before = _rects(cards)
        for row in range(cards.count()):
            _click(qtbot, cards, row)
            assert _rects(cards) == before, f"the cards moved after clicking card {row} at {size}"
        assert len(dlg.hand()) == cards.count(), dlg.hand()
        dlg.set_hand([])


def test_a_click_on_the_card_s_name_ticks_it_too(qtbot):
    dlg = _dialog(qtbot)
    cards = dlg.cards
    row = cards.count() - 1
    _click(qtbot, cards, row, where="text")
    assert dlg.hand() == [int(cards.item(row).data(Qt.ItemDataRole.UserRole))]
    _click(qtbot, cards, row, where="text")
    assert dlg.hand() == []


def test_an_old_problem_goes_away_when_the_cards_change(qtbot, tmp_path):
    dlg = _dialog(qtbot)
    assert dlg.save_to(tmp_path / "no.json") is False
    assert "at least one card" in dlg.status.text()
    _click(qtbot, dlg.cards, 0)
    assert dlg.status.text() == ""
    dlg.title_edit.setText("")
    assert dlg.save_to(tmp_path / "no.json") is False
    assert "title" in dlg.status.text()
    dlg.title_edit.setText("A title")
    assert dlg.status.text() == ""
