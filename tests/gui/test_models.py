"""Every Qt model passes pytest-qt's model tester, empty and mid-game."""

from __future__ import annotations

from PySide6.QtCore import Qt

from bigcity_desktop.engine import DRAW_PHASES, ActionKind, Build, Draw, Exchange, GameState, Pass, Phase, PlaceTile
from bigcity_desktop.game.core.controller import GameController
from bigcity_desktop.scene import BUILDING_MIME

from .conftest import advance, players


def models(ctrl):
    return [ctrl.players_model, ctrl.hand_model, ctrl.supply_model, ctrl.log_model, ctrl.history_model]


def test_models_pass_modeltester_empty(qtmodeltester):
    ctrl = GameController(autosave=False)
    for m in models(ctrl):
        qtmodeltester.check(m)


def test_models_pass_modeltester_midgame(qtmodeltester, qtbot):
    ctrl = GameController(autosave=False)
    ctrl.session.set_paused(True)
    s = advance(
        GameState.new("original", 3, 2),
        lambda st: st.round >= 4 and st.current_player == 0 and st.phase == Phase.ACTION,
    )
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    for m in models(ctrl):
        qtmodeltester.check(m)
    assert ctrl.log_model.rowCount() == len(s.events)
    assert ctrl.history_model.rowCount() == len(s.score_history)
    assert ctrl.history_model.columnCount() == 4


def test_models_update_with_signals_not_resets(qtbot, qtmodeltester):
    ctrl = GameController(autosave=False)
    ctrl.session.set_paused(True)
    s = advance(
        GameState.new("original", 3, 7),
        lambda st: st.phase == Phase.ACTION and st.current_player == 0 and bool(st.legal_actions(ActionKind.BUILD)),
    )
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    for m in models(ctrl):
        qtmodeltester.check(m)  # the tester stays attached and checks every change below
    resets = []
    for m in models(ctrl):
        m.modelReset.connect(lambda m=m: resets.append(m))
    inserted = []
    ctrl.log_model.rowsInserted.connect(lambda *a: inserted.append("log"))
    ctrl.history_model.rowsInserted.connect(lambda *a: inserted.append("history"))
    changed = []
    ctrl.players_model.dataChanged.connect(lambda *a: changed.append("players"))
    ctrl.supply_model.dataChanged.connect(lambda *a: changed.append("supply"))
    removed = []
    ctrl.hand_model.rowsRemoved.connect(lambda *a: removed.append("hand"))
    build = s.legal_actions(ActionKind.BUILD)[0]
    assert ctrl.session.act(Build(build.building, tuple(build.properties))) is None
    while s.current_player == 0 and s.phase in ("refill",):
        ctrl.session.act(Draw(ctrl.session.seat_view().legal_draw_stacks()[0]))
    assert not resets
    assert "log" in inserted and "players" in changed and "supply" in changed and "hand" in removed
    if s.score_history[-1][0]:
        assert "history" in inserted
    # let the bots play on for a while: every change is still checked by the tester
    ctrl.session.bot_delay_ms = 0
    ctrl.session.set_paused(False)
    n = len(s.history)
    while len(s.history) < n + 60 and not s.is_over:
        qtbot.waitUntil(lambda: s.is_over or ctrl.session.seat_view().my_turn(), timeout=20000)
        if ctrl.session.seat_view().my_turn():
            if s.phase == Phase.ACTION:
                hand = ctrl.session.seat_view().hand()
                assert (ctrl.session.act(Exchange(tuple(hand[:2]))) if hand else ctrl.session.act(Pass())) is None
            elif s.phase in DRAW_PHASES:
                assert ctrl.session.act(Draw(ctrl.session.seat_view().legal_draw_stacks()[0])) is None
            else:
                assert ctrl.session.act(s.legal_actions()[0]) is None
    assert len(s.history) >= n + 60 or s.is_over
    assert ctrl.log_model.rowCount() == len(s.events)


def test_hand_and_supply_roles(qtbot):
    ctrl = GameController(autosave=False)
    ctrl.session.set_paused(True)
    s = advance(GameState.new("original", 3, 3), lambda st: st.phase == Phase.ACTION and st.current_player == 0)
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    hm = ctrl.hand_model
    texts = [hm.index(i, 0).data() for i in range(hm.rowCount())]
    assert len(texts) == len(s.hands[0])
    sm = ctrl.supply_model
    labels = [sm.index(i, 0).data().lstrip("\N{CHECK MARK} ") for i in range(sm.rowCount())]
    assert "Double residence" in labels and "Small park" in labels
    row = labels.index("Double residence")
    md = sm.mimeData([sm.index(row, 0)])
    assert bytes(md.data(BUILDING_MIME)).decode() == "residence:2"
    assert sm.flags(sm.index(row, 0)) & Qt.ItemFlag.ItemIsDragEnabled


def test_hot_seat_hand_changes_without_a_reset(qtbot, qtmodeltester):
    from bigcity_desktop.game.core.controller import GameConfig, SeatConfig

    ctrl = GameController(autosave=False)
    ctrl.starting.new_game(GameConfig("original", [SeatConfig("Anna"), SeatConfig("Ben")], seed=1))
    qtmodeltester.check(ctrl.hand_model)
    resets = []
    ctrl.hand_model.modelReset.connect(lambda: resets.append(1))
    first = ctrl.session.full_state().current_player
    ctrl.session.reveal_hand()
    assert ctrl.hand_model.cards() == sorted(ctrl.session.full_state().hands[first])
    number = ctrl.session.seat_view().spare_tiles()[0]
    x, y = sorted(ctrl.session.seat_view().legal_tile_positions(number, 0))[0]
    assert ctrl.session.act(PlaceTile(number, x, y, 0)) is None
    assert ctrl.hand_model.rowCount() == 0  # hidden until the next player shows it
    ctrl.session.reveal_hand()
    assert ctrl.hand_model.cards() == sorted(ctrl.session.full_state().hands[ctrl.session.full_state().current_player])
    assert not resets


def test_a_burst_of_moves_words_only_the_new_log_lines(qtbot, monkeypatch):
    """Many moves at once (a network table's merged deltas, issue 45.6): the log is
    filled anew with the lines it had kept, and only the new events are worded."""
    from bigcity_desktop.game.core import controller as C

    ctrl = GameController(autosave=False)
    ctrl.session.set_paused(True)
    s = advance(GameState.new("original", 3, 5), lambda st: st.round >= 3)
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    ctrl.log_model.limit = 40
    ctrl._fill_log()
    shown = ctrl.log_model.events_shown
    worded: list[int] = []
    real = C.presenters.log_lines
    monkeypatch.setattr(C.presenters, "log_lines", lambda events, *a: worded.append(len(events)) or real(events, *a))
    s = ctrl.session.full_state()  # the session's own state
    advance(s, lambda st: len(st.events) > shown + C.LOG_BURST + 5)
    monkeypatch.setattr(ctrl.session, "view", lambda: s.view_for(0))
    ctrl._applied(0, s.history[-1])  # as the session says after many moves at once
    assert worded == [len(s.events) - shown]  # the new events only
    expected = list(real(s.events[-40:], ctrl.session.name, ctrl.colour))
    assert [ctrl.log_model.data(ctrl.log_model.index(i)) for i in range(40)] == [row[0] for row in expected]
    assert ctrl.log_model.events_shown == len(s.events)
