"""Keyboard play: a whole game with key events only, the board cursor,
the cycle key, the panes and Help -> Keyboard."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from bigcity_desktop.engine import DRAW_PHASES, ActionKind
from bigcity_desktop.game.core.controller import GameConfig, SeatConfig, available_bots

from .conftest import wait_my_turn

K = Qt.Key


def press(qtbot, window, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    """One key, to whatever has the keyboard focus (as a real key press would go)."""
    target = QApplication.focusWidget() or window
    qtbot.keyClick(target, key, modifier)


def has_focus(widget) -> bool:
    return QApplication.focusWidget() is widget


def fast_bot() -> str:
    return "easy" if "easy" in available_bots() else "random"


def start(window, edition, seed):
    bot = fast_bot()
    window.ctrl.starting.new_game(
        GameConfig(edition, [SeatConfig("You"), SeatConfig("Bea", bot), SeatConfig("Carl", bot)], seed=seed)
    )
    window.activateWindow()
    window.view.setFocus()
    return window.ctrl


def focus_hand(qtbot, window) -> None:
    for _ in range(6):
        if has_focus(window.hand_panel.hand_view):
            break
        press(qtbot, window, K.Key_F6)
    assert has_focus(window.hand_panel.hand_view)


def key_turn(qtbot, window, turn: int, used: set) -> None:
    """Play one step of the human's turn with keys only."""
    ctrl = window.ctrl
    s = ctrl.session.full_state()
    ph = s.phase
    before = len(s.history)
    if ph == "setup":
        if window.scene.interaction.mode != "tile":
            press(qtbot, window, K.Key_T)
        press(qtbot, window, K.Key_N)
        press(qtbot, window, K.Key_Return)
    elif ph == "action":
        model = ctrl.supply_model
        rows = model.buildable_rows()
        if rows and turn % 5 != 4:
            press(qtbot, window, K.Key_B)  # the Supply, at the first piece you can build
            assert has_focus(window.supply_panel)
            target = rows[turn % len(rows)]
            for _ in range(20):  # Down skips the pieces none are left of
                if window.supply_panel.currentIndex().row() >= target:
                    break
                press(qtbot, window, K.Key_Down)
            assert window.supply_panel.currentIndex().row() == target
            press(qtbot, window, K.Key_Return)  # picks it up; the ghost waits on the first lit spot
            assert window.scene.interaction.mode == "building"
            for _ in range(turn % 3):
                press(qtbot, window, K.Key_N)
            press(qtbot, window, K.Key_Return)
            used.add("build")
        elif ctrl.session.seat_view().legal_streets() and turn % 2:
            press(qtbot, window, K.Key_S)
            press(qtbot, window, K.Key_N)
            press(qtbot, window, K.Key_Return)
            used.add("streetcar")
        elif ctrl.session.seat_view().hand() and turn % 3 == 0:
            # F6 to the hand, Space ticks the current card, E exchanges it
            focus_hand(qtbot, window)
            press(qtbot, window, K.Key_Home)
            press(qtbot, window, K.Key_Space)
            assert ctrl.hand_model.checked_cards()
            press(qtbot, window, K.Key_E)
            used.add("exchange")
        else:
            press(qtbot, window, K.Key_P)
            box = window.placing.end_pass_box
            if box is not None and box.isVisible():  # the pass ends the game: it asks first (issue 33.5)
                qtbot.waitUntil(box.isActiveWindow, timeout=3000)
                press(qtbot, window, K.Key_E)  # "Pass and &end the game"
            used.add("pass")
    elif ph == "streetcar":
        press(qtbot, window, K.Key_D)
    elif ph in DRAW_PHASES:
        stack = ctrl.session.seat_view().legal_draw_stacks()[turn % len(ctrl.session.seat_view().legal_draw_stacks())]
        press(qtbot, window, getattr(K, f"Key_{stack}"))
    elif ph == "offer":
        focus_hand(qtbot, window)
        press(qtbot, window, K.Key_Home)
        press(qtbot, window, K.Key_Space)
        press(qtbot, window, K.Key_Tab)  # the first enabled buttons after the hand: the two offers
        assert has_focus(window.hand_panel.buttons["offer_up"])
        press(qtbot, window, K.Key_Tab)
        assert has_focus(window.hand_panel.buttons["offer_down"])
        press(qtbot, window, K.Key_Space)
    elif ph == "take":
        offers = window.hand_panel.offers_list
        focus_hand(qtbot, window)
        for _ in range(30):  # Tab on to the list of offered cards
            if has_focus(offers):
                break
            press(qtbot, window, K.Key_Tab)
        assert has_focus(offers)
        for _ in range(offers.count()):
            it = offers.currentItem()
            if it is not None and it.flags() & Qt.ItemFlag.ItemIsEnabled:
                break
            press(qtbot, window, K.Key_Down)
        press(qtbot, window, K.Key_Return)
    else:
        raise AssertionError(f"unexpected phase {ph}")
    used.add(str(ph))
    try:
        qtbot.waitUntil(
            lambda: len(ctrl.session.full_state().history) > before or ctrl.session.full_state().is_over, timeout=5000
        )
    except Exception as exc:
        raise AssertionError(
            f"turn {turn}, phase {ph}: no move; status {window.statusBar().currentMessage()!r}, "
            f"focus {QApplication.focusWidget()}, mode {window.scene.interaction.mode!r}"
        ) from exc


@pytest.mark.slow
@pytest.mark.parametrize("edition,seed", [("original", 8), ("jumbo", 7)])
def test_whole_game_with_keys_only(window, qtbot, edition, seed):
    ctrl = start(window, edition, seed)
    turn = 0
    used: set[str] = set()
    while not ctrl.session.full_state().is_over:
        wait_my_turn(qtbot, ctrl, timeout=20000)
        if ctrl.session.full_state().is_over:
            break
        key_turn(qtbot, window, turn, used)
        turn += 1
        assert turn < 1500
    qtbot.waitUntil(lambda: window.results_dialog is not None and window.results_dialog.isVisible(), timeout=5000)
    assert {"setup", "refill", "build", "streetcar", "exchange", "pass"} <= used, used
    if edition == "jumbo":
        assert {"offer", "take"} <= used, used


def _position(window, kind_ok, seed=4):
    from .conftest import players
    from .test_game_window import _action_position

    s = _action_position(kind_ok, seed=seed)
    window.ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    window.ctrl.session.stop()  # no bots: the position stays
    return s


def test_board_cursor_moves_over_lots_and_describes_them(window, qtbot):
    s = _position(window, lambda st: True)
    window.view.setFocus()
    scene = window.scene
    press(qtbot, window, K.Key_Right)  # the first press shows the cursor where it is
    assert scene.interaction.cursor_shown
    start = scene.interaction.cursor_cell()
    assert start is not None
    press(qtbot, window, K.Key_Right)
    press(qtbot, window, K.Key_Down)
    assert scene.interaction.cursor_cell() == (start[0] + 1, start[1] + 1)
    # the board's accessible description tells what is under the cursor
    target = scene.interaction.cursor_target()
    desc = window.view.accessibleDescription()
    if target is not None:
        assert f"Property {target.prop}" in desc
        assert ("outskirts" in desc) or ("city centre" in desc)
    # Enter with no piece in hand: the status bar says what is there
    free = next(p for p, c in s.city.cell_of.items() if p not in s.city.building_at)
    scene.interaction.set_cursor(s.city.cell_of[free])
    press(qtbot, window, K.Key_Return)
    assert f"Property {free} is free" in window.statusBar().currentMessage()


def test_streetcar_cursor_steps_onto_streets_and_enter_places(window, qtbot):
    s = _position(window, lambda st: st.city_hall_open and bool(st.legal_actions(ActionKind.STREETCAR)))
    assert window.placing.start_streetcar()  # the piece waits on the first lit street
    scene = window.scene
    first = scene.interaction.cursor_street()
    assert first is not None and first in window.ctrl.session.seat_view().legal_streets()
    # arrows step lot, street, lot...: two steps to the right come back onto a street
    press(qtbot, window, K.Key_Right)
    press(qtbot, window, K.Key_Right)
    assert scene.interaction.cursor_street() is not None
    press(qtbot, window, K.Key_N)
    press(qtbot, window, K.Key_N)
    press(qtbot, window, K.Key_N, Qt.KeyboardModifier.ShiftModifier)
    placed = scene.interaction.cursor_street()
    assert placed in window.ctrl.session.seat_view().legal_streets()
    n = len(s.city.streetcars)
    press(qtbot, window, K.Key_Return)
    assert len(s.city.streetcars) == n + 1 and placed in s.city.streetcar_set


def test_tab_leaves_the_supply_and_f6_cycles_the_panes(window, qtbot):
    _position(window, lambda st: True)
    window.supply_panel.setFocus()
    press(qtbot, window, K.Key_Tab)
    assert not has_focus(window.supply_panel)  # not cell by cell through the table
    window.view.setFocus()
    seen = []
    for _ in range(len(window.placing.panes())):
        press(qtbot, window, K.Key_F6)
        seen.append(QApplication.focusWidget())
    assert seen[-1] is window.view
    assert window.supply_panel in seen and window.hand_panel.hand_view in seen


def test_keyboard_help_lists_the_keys(window, qtbot):
    dlg = window.placing.show_keyboard_help()
    keys = dlg.keys()
    for key in ("N", "B", "T", "R", "S", "P", "F6", "Arrow keys"):
        assert any(k == key or k.startswith(key) for k in keys), key
    dlg.close()
