"""The board speaks to the session: the session hands out one seat view per
version (its answers kept), a move is checked once, and the board's Action
goes straight to the session."""

from __future__ import annotations

from bigcity_desktop.engine import ActionKind, Build, GameState, Phase
from bigcity_desktop.engine.seat import SeatView
from bigcity_desktop.game.core.controller import GameController

from .conftest import find_position, players


def _at_action(qtbot) -> GameController:
    s = find_position(
        lambda st: st.phase == Phase.ACTION and st.current_player == 0 and bool(st.legal_actions(ActionKind.BUILD))
    )
    ctrl = GameController(autosave=False)
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    ctrl.session.bot_delay_ms = 0
    return ctrl


def test_one_seat_view_per_version_with_its_answers_kept(qtbot):
    ctrl = _at_action(qtbot)
    session = ctrl.session
    sv = session.seat_view()
    assert isinstance(sv, SeatView) and sv is session.seat_view()
    assert sv.view is session.view() and sv.seat == 0 and sv.turn_reason is None and sv.my_turn()
    build = next(a for a in sv.view.legal_actions(ActionKind.BUILD) if isinstance(a, Build))
    spots = sv.legal_builds(build.building, len(build.properties))
    assert build.properties in spots and sv.legal_builds(build.building, len(build.properties)) is spots
    assert session.act(build) is None
    after = session.seat_view()
    assert after is not sv and after.version != sv.version  # the view changed: a new one, asked afresh
    session.stop()


def test_a_move_is_checked_once_where_it_is_played(qtbot, monkeypatch):
    ctrl = _at_action(qtbot)
    session = ctrl.session
    build = next(a for a in session.view().legal_actions(ActionKind.BUILD) if isinstance(a, Build))
    calls = []
    check = GameState.check

    def counted(self, action, player=None):
        calls.append(action)
        return check(self, action, player)

    monkeypatch.setattr(GameState, "check", counted)
    assert session.act(build) is None
    assert calls == [build]
    session.stop()


def test_the_refusal_of_a_move_is_the_engines_sentence_and_changes_nothing(qtbot):
    ctrl = _at_action(qtbot)
    session = ctrl.session
    s = ctrl.starting.local.game
    history = len(s.history)
    bad = next(p for p in s.city.cell_of if p not in s.hands[0])
    refused = []
    ctrl.refused.connect(refused.append)
    reason = session.act(Build("residence", (bad,)))
    assert reason is not None and reason == s.check(Build("residence", (bad,)))
    assert len(s.history) == history and refused and "card" in refused[-1].lower()
    session.stop()


def test_the_boards_action_goes_to_the_session(window, qtbot):
    ctrl = window.ctrl
    s = find_position(
        lambda st: st.phase == Phase.ACTION and st.current_player == 0 and bool(st.legal_actions(ActionKind.BUILD))
    )
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    build = next(a for a in ctrl.starting.local.game.legal_actions(ActionKind.BUILD) if isinstance(a, Build))
    played = []
    ctrl.actionApplied.connect(lambda p, a: played.append((p, a)))
    window.scene.interaction.actionRequested.emit(build)
    assert played and played[0] == (0, build)
