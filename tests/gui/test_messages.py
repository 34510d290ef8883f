"""The stale or wrong messages of issue 13, each fixed and checked here."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from bigcity_desktop import filedirs
from bigcity_desktop.engine import ActionKind, Build, Exchange, Pass, Phase, PlaceStreetcar, PlaceTile, StopStreetcars
from bigcity_desktop.engine.seat import SeatView
from bigcity_desktop.game.core import wording as presenters
from bigcity_desktop.game.core.controller import GameConfig, SeatConfig

from .conftest import players
from .test_game_window import _action_position


def test_streetcar_prompt_goes_when_the_piece_is_placed(window, qtbot):
    s = _action_position(lambda st: st.city_hall_open and bool(st.legal_actions(ActionKind.STREETCAR)), seed=4)
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    assert window.placing.start_streetcar()
    assert "lit street" in window.statusBar().currentMessage()
    window.scene.interaction.cancel_mode()  # Esc, or the end of the turn
    assert "lit street" not in window.statusBar().currentMessage()
    assert window.placing.start_streetcar()
    ctrl.session.stop()  # no bots: the turn stays put
    assert ctrl.session.act(PlaceStreetcar(ctrl.session.seat_view().legal_streets()[0])) is None
    ctrl.session.act(Pass()) if ctrl.session.view().phase == Phase.ACTION else ctrl.session.act(StopStreetcars())
    assert "Click a lit street" not in window.statusBar().currentMessage()


def test_turn_label_says_exchange_while_drawing_for_an_exchange():
    s = _action_position(lambda st: bool(st.legal_actions(ActionKind.EXCHANGE)), seed=2)
    ex = s.legal_actions(ActionKind.EXCHANGE)[0]
    assert isinstance(ex, Exchange)
    s.apply(ex)
    assert s.phase == Phase.REFILL  # the original edition draws an exchange as a refill
    text = presenters.turn_text(s, my_turn=True, handoff=None, name=str, is_bot=lambda p: False)
    assert "Exchange" in text and "Refill" not in text


def test_streetcar_key_before_city_hall_says_why(window, qtbot):
    s = _action_position(lambda st: not st.city_hall_open, seed=3)
    window.ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    assert window.actions["streetcar"].isEnabled()
    window.actions["streetcar"].trigger()
    msg = window.statusBar().currentMessage()
    assert "City Hall" in msg, msg
    assert window.scene.interaction.mode == ""


def test_building_on_a_built_lot_names_the_building_not_a_card():
    def pair(st):
        hand = st.hands[0]
        for p in hand:
            cell = st.city.cell_of.get(p)
            if cell is None or p in st.city.building_at:
                continue
            for q, other in st.city.cell_of.items():
                if (
                    q in st.city.building_at
                    and q not in hand
                    and abs(other[0] - cell[0]) + abs(other[1] - cell[1]) == 1
                ):
                    return p, q
        return None

    s = _action_position(lambda st: st.city_hall_open and pair(st) is not None, seed=1)
    found = pair(s)
    assert found is not None
    p, q = found
    reason = s.check(Build("business", tuple(sorted((p, q)))))
    assert reason is not None
    assert "already holds" in reason and "card" not in reason


def test_hint_asked_before_an_automatic_draw_is_thought_again(window, qtbot, monkeypatch):
    s = _action_position(lambda st: True, seed=6)
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    asked = []
    hints = window.hints
    monkeypatch.setattr(hints, "think", lambda: asked.append(True) or True)
    stale = ctrl.session.version - 1  # a hint worked out for the position before a move
    hints._done(stale, (None, "old"))
    assert asked == [True]  # still your turn: a new hint for the new position
    msgs = []
    ctrl.message.connect(msgs.append)
    monkeypatch.setattr(SeatView, "my_turn", lambda self: False)  # the turn moved on to someone else
    hints._done(stale, (None, "old"))
    assert asked == [True] and msgs and "hint" in msgs[-1].lower()


def test_hot_seat_hand_title_during_the_handover(window, qtbot):
    ctrl = window.ctrl
    ctrl.starting.new_game(GameConfig("original", [SeatConfig("Ann"), SeatConfig("Bea")], seed=3))
    qtbot.waitUntil(lambda: ctrl.session.handoff_pending is not None, timeout=3000)
    first = ctrl.session.handoff_pending
    window._reveal()
    assert window.panes["hand"].windowTitle() == f"{ctrl.session.name(first)}'s hand"
    number = ctrl.session.seat_view().spare_tiles()[0]
    x, y, r = next(
        (*xy, r) for r in range(4) for xy in sorted(ctrl.session.seat_view().legal_tile_positions(number, r))
    )
    assert ctrl.session.act(PlaceTile(number, x, y, r)) is None
    qtbot.waitUntil(
        lambda: ctrl.session.handoff_pending is not None and ctrl.session.handoff_pending != first, timeout=3000
    )
    title = window.panes["hand"].windowTitle()
    assert ctrl.session.name(first) not in title
    assert ctrl.session.name(ctrl.session.handoff_pending) in title


def test_file_dialogs_start_in_documents_then_the_last_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    start = filedirs.start_dir("games", settings)
    assert start != Path.cwd() and start.is_dir()
    chosen = tmp_path / "saves"
    chosen.mkdir()
    filedirs.remember("games", chosen / "a.bigcity", settings)
    assert filedirs.start_dir("games", settings) == chosen.resolve()
    assert filedirs.start_path("games", "b.bigcity", settings) == str(chosen.resolve() / "b.bigcity")
    assert filedirs.start_dir("layouts", settings) != chosen.resolve()  # each kind of file has its own
