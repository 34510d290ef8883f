"""A take-back is saved like any other change of the game, and closing the
window writes the game as it stands: quitting and choosing Continue brings
back the game as it stood, never the moves taken back (issue 45, item 7)."""

from __future__ import annotations

import random

from bigcity_desktop.session.saves import Saves, SaveSlot

from .conftest import wait_my_turn


def _start_and_take_back(window, qtbot) -> list:
    dlg = window.show_new_game()
    dlg.seed.setText("6")
    dlg.accept()
    ctrl = window.ctrl
    rng = random.Random(4)
    for _ in range(4):
        wait_my_turn(qtbot, ctrl)
        s = ctrl.starting.local.game
        assert ctrl.session.act(rng.choice(s.legal_actions(rng.choice(s.legal_kinds())))) is None
    wait_my_turn(qtbot, ctrl)
    window.actions["undo"].trigger()
    return list(ctrl.starting.local.game.history)


def _continued(window) -> list:
    saved = Saves(window.ctrl.starting.local.saves_folder).newest_first()
    assert saved, "the game is in Game → Continue"
    return list(saved[0].read().state.history)


def test_a_take_back_against_bots_is_what_continue_brings_back(window, qtbot):
    kept = _start_and_take_back(window, qtbot)
    window.close()
    assert _continued(window) == kept


def test_closing_the_window_writes_the_game_as_it_stands(window, qtbot, monkeypatch):
    write = SaveSlot.write
    failing = [False]

    def flaky(self, *args, **kwargs):  # the disk refuses the take-back's autosave, then comes back
        if failing[0]:
            failing[0] = False
            raise OSError(28, "No space left on device")
        return write(self, *args, **kwargs)

    monkeypatch.setattr(SaveSlot, "write", flaky)
    dlg = window.show_new_game()
    dlg.seed.setText("6")
    dlg.accept()
    ctrl = window.ctrl
    rng = random.Random(4)
    for _ in range(4):
        wait_my_turn(qtbot, ctrl)
        s = ctrl.starting.local.game
        assert ctrl.session.act(rng.choice(s.legal_actions(rng.choice(s.legal_kinds())))) is None
    wait_my_turn(qtbot, ctrl)
    failing[0] = True
    window.actions["undo"].trigger()
    assert not failing[0] and ctrl.session.last_autosave_error is not None  # the take-back's autosave failed
    kept = list(ctrl.starting.local.game.history)
    window.close()
    assert _continued(window) == kept
