"""Issue 46.9: the jumbo redevelopment's offers are cards on the table, face
up or face down, taken by a click or by dragging one onto the hand (no
list of sentences and no "Take the chosen card" button); a card taken flies
to its taker (the hand, or the taker's strip), unless motion is off."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, QPropertyAnimation, QRect, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QMouseEvent
from PySide6.QtWidgets import QApplication

from bigcity_desktop.engine import Phase, Take
from bigcity_desktop.game.tabletop.offercards import OfferRole

from .conftest import find_position, players


def _at_take(window):
    s = find_position(lambda x: x.phase == Phase.TAKE and x.current_player == 0, edition="jumbo", tries=40)
    window.ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    panel = window.hand_panel
    offers = panel.offers_list
    items = [offers.item(i) for i in range(offers.count())]
    takeable = [it for it in items if it.flags() & Qt.ItemFlag.ItemIsEnabled]
    assert takeable
    return s, panel, offers, items, takeable


def test_the_offers_are_cards_face_up_or_down(window):
    _s, panel, offers, items, _takeable = _at_take(window)
    assert offers.isVisible() and not panel.take_button.isVisible()  # no Take button: the cards are taken
    for it in items:
        o = it.data(OfferRole)
        rect = offers.visualItemRect(it)
        assert rect.width() > 40 and rect.height() > 80  # a card, not a line of text
        name = window.ctrl.session.name(o.owner)
        assert name in it.text() and "(stack" not in it.text()  # said in words: "… offered by Bea"
        if o.card < 0:
            assert "face down" in it.text()


def test_a_card_is_taken_by_a_click(window, qtbot):
    s, _panel, offers, _items, takeable = _at_take(window)
    owner, slot = takeable[0].data(Qt.ItemDataRole.UserRole)
    n = len(s.history)
    qtbot.mouseClick(offers.viewport(), Qt.MouseButton.LeftButton, pos=offers.visualItemRect(takeable[0]).center())
    assert s.history[n] == Take(owner, slot)


def test_a_card_is_taken_by_a_drag_onto_the_hand(window, qtbot, monkeypatch):
    s, panel, offers, _items, takeable = _at_take(window)
    cards = panel.offer_cards
    # a press and a move past the drag distance lifts the card
    lifted = []
    monkeypatch.setattr(cards, "_drag", lifted.append)
    vp = offers.viewport()
    start = QPointF(offers.visualItemRect(takeable[-1]).center())
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    for kind, pos, buttons in (
        (QEvent.Type.MouseButtonPress, start, left),
        (QEvent.Type.MouseMove, start + QPointF(0, -3 * QApplication.startDragDistance()), left),
    ):
        QApplication.sendEvent(vp, QMouseEvent(kind, pos, vp.mapToGlobal(pos), left, buttons, none))
    assert lifted == [takeable[-1]]
    # and its drop on the hand takes it
    owner, slot = takeable[-1].data(Qt.ItemDataRole.UserRole)
    hand = panel.hand_view.viewport()
    md = cards.mime_of(takeable[-1])
    at = QPoint(hand.width() // 2, hand.height() // 2)
    n = len(s.history)
    enter = QDragEnterEvent(at, Qt.DropAction.CopyAction, md, left, none)
    QApplication.sendEvent(hand, enter)
    assert enter.isAccepted()
    QApplication.sendEvent(hand, QDropEvent(QPointF(at), Qt.DropAction.CopyAction, md, left, none))
    assert s.history[n] == Take(owner, slot)


def test_a_card_taken_flies_to_the_hand_and_the_others_to_their_strips(window, qtbot):
    s, panel, offers, _items, takeable = _at_take(window)
    flights = panel.offer_flights
    panel.hand_view.animations = True
    window.ctrl.session.set_paused(True)  # the bots wait: one take at a time
    hand = panel.hand_view.viewport()
    hand_area = QRect(hand.mapTo(window, QPoint(0, 0)), hand.size())
    qtbot.mouseClick(offers.viewport(), Qt.MouseButton.LeftButton, pos=offers.visualItemRect(takeable[0]).center())
    assert isinstance(s.history[-1], Take)
    (ghost,) = flights.flying  # the card taken, in flight
    assert ghost.parentWidget() is window and ghost.isVisible()
    (flight,) = ghost.findChildren(QPropertyAnimation)
    assert hand_area.intersects(flight.endValue())  # it lands in the hand
    qtbot.waitUntil(lambda: not flights.flying, timeout=3000)  # and is gone once landed
    # a bot's take flies up to its strip
    window.ctrl.session.set_paused(False)
    strips = window.players_panel
    row = QRect(strips.mapTo(window, QPoint(0, 0)), strips.size())
    qtbot.waitUntil(lambda: bool(flights.flying), timeout=5000)
    (flight,) = flights.flying[0].findChildren(QPropertyAnimation)
    assert row.intersects(flight.endValue())


def test_no_flight_with_motion_off(window, qtbot):
    s, panel, offers, _items, takeable = _at_take(window)
    panel.hand_view.animations = False
    qtbot.mouseClick(offers.viewport(), Qt.MouseButton.LeftButton, pos=offers.visualItemRect(takeable[0]).center())
    assert isinstance(s.history[-1], Take) and not panel.offer_flights.flying
