"""The hand as small cards (game/tabletop/handcards.py): a click or Space ticks a card,
the arrow keys move, Enter/double-click still plays a park or factory card;
each card shows its lot's colour and says what it is."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtTest import QTest

from bigcity_desktop.engine import get_rules
from bigcity_desktop.engine.cards import is_property_card, is_special_card
from bigcity_desktop.game.core.models import BlockedRole, PlaceRole
from bigcity_desktop.game.tabletop.handcards import HandView, paint_card
from bigcity_desktop.scene import style as S

from .conftest import players
from .test_game_window import _action_position


def _game(window, kind_ok=lambda st: True, seed=4):
    s = _action_position(kind_ok, seed=seed)
    window.ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    window.ctrl.session.stop()
    hv = window.hand_panel.hand_view
    hv.doItemsLayout()
    return s, hv, window.ctrl.hand_model


def _centre(hv, row):
    return hv.visualRect(hv.model().index(row, 0)).center()


def test_a_click_ticks_a_card_and_a_second_click_clears_it(window, qtbot):
    _s, hv, hm = _game(window)
    assert isinstance(hv, HandView)
    card = hm.cards()[0]
    qtbot.mouseClick(hv.viewport(), Qt.MouseButton.LeftButton, pos=_centre(hv, 0))
    assert hm.checked_cards() == [card]
    assert "ticked" in hm.index(0, 0).data(Qt.ItemDataRole.AccessibleTextRole)
    qtbot.mouseClick(hv.viewport(), Qt.MouseButton.LeftButton, pos=_centre(hv, 0))
    assert hm.checked_cards() == []
    # a double-click shows the lot (or plays a park card) and leaves the ticks as they were
    with qtbot.waitSignal(hv.activated):
        qtbot.mouseDClick(hv.viewport(), Qt.MouseButton.LeftButton, pos=_centre(hv, 0))
    assert hm.checked_cards() == []
    # a click beside the cards ticks nothing
    qtbot.mouseClick(hv.viewport(), Qt.MouseButton.LeftButton, pos=hv.viewport().rect().bottomRight())
    assert hm.checked_cards() == []


def test_space_ticks_and_the_arrows_go_from_card_to_card(window, qtbot):
    _s, hv, hm = _game(window)
    n = hm.rowCount()
    assert n >= 3
    hv.setFocus()
    hv.setCurrentIndex(hm.index(0, 0))
    QTest.keyClick(hv, Qt.Key.Key_Right)
    assert hv.currentIndex().row() == 1
    QTest.keyClick(hv, Qt.Key.Key_Space)
    QTest.keyClick(hv, Qt.Key.Key_Down)  # Down goes on to the next card too
    QTest.keyClick(hv, Qt.Key.Key_Space)
    assert hm.checked_cards() == hm.cards()[1:3]
    QTest.keyClick(hv, Qt.Key.Key_Left)
    QTest.keyClick(hv, Qt.Key.Key_Space)
    assert hm.checked_cards() == hm.cards()[2:3]
    QTest.keyClick(hv, Qt.Key.Key_End)
    assert hv.currentIndex().row() == n - 1
    QTest.keyClick(hv, Qt.Key.Key_Right)  # the last card stays current
    assert hv.currentIndex().row() == n - 1


def test_enter_on_a_park_card_picks_up_its_piece(window, qtbot):
    s, hv, hm = _game(window, lambda st: any(is_special_card(c) for c in st.hands[0]))
    row = next(i for i, c in enumerate(hm.cards()) if is_special_card(c))
    hv.setFocus()
    hv.setCurrentIndex(hm.index(row, 0))
    QTest.keyClick(hv, Qt.Key.Key_Return)
    assert window.scene.interaction.mode == "building"
    assert hm.checked_cards() == []
    assert "(" in hm.index(row, 0).data(Qt.ItemDataRole.AccessibleTextRole)  # "Small park (20)"


def test_cards_know_their_lot_outskirts_or_centre(window, qtbot):
    s, hv, hm = _game(window, lambda st: any(is_property_card(c) and st.city.is_in_city(c) for c in st.hands[0]))
    city = s.city
    for i, c in enumerate(hm.cards()):
        place = hm.index(i, 0).data(PlaceRole)
        spoken = hm.index(i, 0).data(Qt.ItemDataRole.AccessibleTextRole)
        if is_property_card(c) and city.is_in_city(c):
            assert place[0] == (c not in city.outskirts)
            assert spoken.startswith(f"Property {c}, ") and ("outskirts" in spoken) == (c in city.outskirts)
        elif is_property_card(c):
            assert place is None and "not in the city yet" in spoken


def _card_image(**kw) -> QImage:
    img = QImage(60, 84, QImage.Format.Format_ARGB32)
    img.fill(QColor("white"))
    p = QPainter(img)
    paint_card(p, QRectF(0, 0, 60, 84), get_rules("original"), 23, **kw)
    p.end()
    return img


def test_a_card_is_drawn_in_its_lots_colour_with_its_lot_marked():
    outskirts = _card_image(place=(False, 0))
    centre = _card_image(place=(True, 0))
    band = (8, 12)  # in the number band, beside the number
    assert outskirts.pixelColor(*band) == S.OUTSKIRTS
    assert centre.pixelColor(*band) == S.CENTRE
    ticked = _card_image(place=(False, 0), checked=True)
    assert ticked != outskirts
    # a ticked card is edged in the selection colour
    edge = [ticked.pixelColor(x, 40) for x in range(0, 6)]
    assert any(abs(c.blue() - S.SELECT.blue()) < 30 and c.red() < 90 for c in edge)
    turned = _card_image(place=(False, 1))
    assert turned != outskirts  # the mini-map lies as the neighborhood does


def test_the_hand_fits_1024x700_and_grows_its_cards_with_room(window, qtbot):
    window.resize(1024, 700)
    _s, hv, hm = _game(window)
    qtbot.wait(20)
    hv.doItemsLayout()
    n = hm.rowCount()
    # at its least the hand asks for one row of small cards; every card is in sight
    assert hv.minimumHeight() < 100
    assert all(hv.viewport().rect().contains(hv.visualRect(hm.index(i, 0))) for i in range(n))
    assert window.minimumSizeHint().height() <= 700
    small = hv.card_size().width()
    window.resize(1600, 1000)
    qtbot.wait(20)
    hv.doItemsLayout()
    assert hv.card_size().width() >= small
    assert all(hv.viewport().rect().contains(hv.visualRect(hm.index(i, 0))) for i in range(n))


def test_a_park_card_with_no_place_says_so_and_loses_the_mark_when_it_has_one(window, qtbot):
    """A park or factory card is marked while it has no place in the city
    (before City Hall, or with no free spot of its shape): in jumbo it could
    only be offered face down, and the hand says so before a refusal does."""
    _s, _hv, hm = _game(
        window,
        lambda st: not st.city_hall_built and any(is_special_card(c) for c in st.hands[0]),
        seed=2,
    )
    row = next(i for i, c in enumerate(hm.cards()) if is_special_card(c))
    ix = hm.index(row, 0)
    assert ix.data().endswith("(no place for it now)")
    assert "no place in the city now" in ix.data(Qt.ItemDataRole.ToolTipRole)
    assert "face down" not in ix.data(Qt.ItemDataRole.ToolTipRole)  # no redevelopment in the original edition
    assert "no place for it now" in ix.data(Qt.ItemDataRole.AccessibleTextRole)
    assert ix.data(Qt.ItemDataRole.ForegroundRole) is not None
    assert ix.data(BlockedRole) is True  # the small card is drawn faded
    # a property card of the same hand is not marked
    other = next(i for i, c in enumerate(hm.cards()) if not is_special_card(c))
    assert hm.index(other, 0).data(BlockedRole) is False


def test_in_jumbo_a_card_that_must_go_face_down_is_marked_and_a_playable_one_is_not(window, qtbot):
    from bigcity_desktop.engine import Phase

    from .conftest import find_position

    found = find_position(
        lambda x: (
            x.phase == Phase.OFFER
            and x.current_player == 0
            and any(is_special_card(c) and not x.card_playable(c) for c in x.hands[0])
        ),
        edition="jumbo",
        tries=60,
    )
    window.ctrl.starting.start_from_state(found, players(["human", "random", "random"]))
    window.ctrl.session.stop()
    s = window.ctrl.session.view()
    hm = window.ctrl.hand_model
    marked = 0
    for row, c in enumerate(hm.cards()):
        if not is_special_card(c):
            continue
        ix = hm.index(row, 0)
        if s.card_playable(c):
            assert "no place" not in ix.data()
        else:
            assert ix.data().endswith("(no place for it now)")
            assert "offer it face down" in ix.data(Qt.ItemDataRole.ToolTipRole)
            marked += 1
    assert marked


def test_a_hand_that_grew_a_row_a_moment_ago_keeps_it_a_moment(window, qtbot):
    """A burst of moves at a network table changes the hand at each take; a
    hand growing a row and losing it again each time laid the table out and
    repainted the board anew each time (issue 45.6). It shrinks once it has
    stayed smaller a moment; a hand that grew long ago shrinks at once."""
    from PySide6.QtCore import QStringListModel

    hv = window.hand_panel.hand_view
    model = QStringListModel()
    hv.setModel(model)
    model.setStringList(["c"] * 2)
    one = hv.fit()
    model.setStringList(["c"] * 40)
    two = hv.fit()
    assert two > one and hv.minimumHeight() == two
    model.setStringList(["c"] * 2)
    hv.fit()
    assert hv.minimumHeight() == two  # grown a moment ago: the row stays
    qtbot.waitUntil(lambda: hv.minimumHeight() == one, timeout=10000)
    model.setStringList(["c"] * 40)
    hv.fit()
    hv._grown -= 10  # as if it grew long ago
    model.setStringList(["c"] * 2)
    hv.fit()
    assert hv.minimumHeight() == one  # at once


def test_a_hurried_hand_keeps_its_row_and_flies_no_cards(window, qtbot):
    """While the moves come faster than the window shows them (the session
    hurried: session/frames.py), the hand keeps a grown row until they calm
    down, and drawn cards do not fly in (issue 45.6)."""
    from PySide6.QtCore import QStringListModel

    hv = window.hand_panel.hand_view
    hurried = [True]
    hv.hurry = lambda: hurried[0]
    model = QStringListModel()
    hv.setModel(model)
    model.setStringList(["c"] * 2)
    hv._grown -= 10
    one = hv.fit()
    model.setStringList(["c"] * 40)
    two = hv.fit()
    hv._grown -= 10  # as if it grew long ago: it would shrink at once, but the moves still come fast
    model.setStringList(["c"] * 2)
    hv.fit()
    assert hv.minimumHeight() == two
    hv.animations = True
    hv._cards_arrived([1, 2])
    assert hv.flying == {}
    hurried[0] = False  # calm again: the row goes a moment later
    qtbot.waitUntil(lambda: hv.minimumHeight() == one, timeout=10000)
