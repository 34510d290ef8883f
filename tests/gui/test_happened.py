"""Issue 46.5: see what happened. Each player's strip says their last move,
pointing at it lights the lots it built on, and when the turn comes back
after the bots have played a "since your turn" line fades in on the hand's
title row, off the board."""

from __future__ import annotations

from bigcity_desktop import present
from bigcity_desktop.engine import EventKind, Phase
from bigcity_desktop.game.core.models import LastLotsRole, LastMoveRole

from .conftest import find_position, players


def _round_3(window):
    s = find_position(lambda st: st.round >= 3 and st.phase == Phase.ACTION and st.current_player == 0, n=3)
    window.ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    return s


def test_since_turn_is_the_others_moves_after_the_seats_own():
    s = find_position(lambda st: st.round >= 3 and st.phase == Phase.ACTION and st.current_player == 0, n=3)
    moves = present.since_turn(s.view_for(0), 0)
    assert moves and all(p != 0 for p, _m in moves)
    last_own = max(i for i, e in enumerate(s.events) if e.player == 0 and e.kind in present.rows.MOVE_EVENTS)
    later = [e for e in s.events[last_own + 1 :] if e.player is not None and e.kind in present.rows.MOVE_EVENTS]
    assert [m.text for _p, m in moves] == [e.text for e in later]
    for (_p, m), e in zip(moves, later):
        assert m.lots == (tuple(e.extra["properties"]) if e.kind == EventKind.BUILD else ())


def test_the_strips_say_the_last_move_and_light_its_lots(window, qtbot):
    state = _round_3(window)
    model = window.ctrl.players_model
    rows = present.player_rows(state.view_for(0), window.ctrl.session.players)
    for r in rows:
        index = model.index(r.seat, 0)
        said = index.data(LastMoveRole)
        assert bool(said) == (r.last_move is not None)
        assert list(index.data(LastLotsRole)) == list(r.last_move.lots if r.last_move else ())
    builder = next(r for r in rows if r.last_move is not None and r.last_move.lots)
    # the strip shows the move where it showed the kind (the kind stays in the tooltip)
    layout = window.players_panel.strip_layout(builder.seat)
    forms = model.index(builder.seat, 0).data(LastMoveRole)
    assert layout.status is not None and layout.status.full.split(" ", 1)[1] in forms
    assert forms[0].endswith(f"+{builder.last_move.score}")
    flashed = []
    window.scene.flash_props = lambda props, colour, ms: flashed.append(list(props))  # type: ignore[method-assign]
    window.happened._pointed(model.index(builder.seat, 0))
    assert flashed == [list(builder.last_move.lots)]


def test_since_your_turn_fades_in_off_the_board(window, qtbot):
    _round_3(window)
    window.ctrl.session.stop()
    window.resize(1366, 740)
    qtbot.waitUntil(lambda: window.hand_panel.width() > 1000)
    window.ctrl.humanTurn.emit(0)
    line = window.happened.line
    qtbot.waitUntil(line.isVisible)
    assert line.full_text.startswith("Since your turn: ")
    board = window.view.geometry()
    top_left = line.mapTo(window.table, line.rect().topLeft())
    assert not board.intersects(line.rect().translated(top_left))  # on the hand's title row
    # the turn's line keeps its one line beside it
    turn = window.hand_panel.turn_label
    assert turn.fontMetrics().horizontalAdvance(turn.text()) <= turn.width()
    # the player moves: the summary has been read
    window.happened._applied(0, None)
    assert not line.isVisible()


def test_since_your_turn_goes_to_the_status_bar_without_room(window, qtbot):
    _round_3(window)
    window.ctrl.session.stop()
    said = []
    window.happened.show_message = said.append
    window.happened._room = lambda: 40  # type: ignore[method-assign]
    window.happened.line.room = window.happened._room
    window.ctrl.humanTurn.emit(0)
    assert not window.happened.line.isVisible()
    assert said and said[-1].startswith("Since your turn: ")
