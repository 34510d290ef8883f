"""Take-backs in games: undo and redo are exact, bots' replies go too, the
game is marked, and hot-seat allows only the last mover's move."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from bigcity_desktop.bots.levels import PLAYER_KINDS
from bigcity_desktop.engine import ActionKind, GameState
from bigcity_desktop.engine.record import read_record
from bigcity_desktop.engine.timeline import decision_points, rebuild
from bigcity_desktop.game.core.controller import GameConfig, GameController, SeatConfig
from bigcity_desktop.game.core.models import LOG_LIMIT

from .conftest import players

_NOT_POSITION = {"rules", "rng", "city"} | {f.name for f in fields(GameState) if not f.compare}


def fingerprint(s: GameState) -> dict:
    """Everything a position is made of, comparable with ==."""
    # the fields outside the state's equality (the copy-on-write flag, the
    # memos of the latest answers) are bookkeeping, not the position
    out = {k: v for k, v in vars(s).items() if k not in _NOT_POSITION}
    out["rng"] = s.rng.getstate() if s.rng is not None else None
    c = s.city
    out["city"] = (
        [(t.number, t.x, t.y, t.rotation) for t in c.tiles],
        [(b.type, b.variant, b.properties, b.owner, b.score) for b in c.buildings],
        dict(c.building_at),
        list(c.streetcars),
        dict(c.pieces_used),
    )
    return out


def vs_bots(qtbot, seed: int, bot: str = "random") -> GameController:
    ctrl = GameController(autosave=False)
    ctrl.session.bot_delay_ms = 0
    ctrl.starting.new_game(
        GameConfig("original", [SeatConfig("You"), SeatConfig("Bea", bot), SeatConfig("Carl", bot)], seed=seed)
    )
    return ctrl


def wait_mine(qtbot, ctrl) -> None:
    qtbot.waitUntil(lambda: ctrl.session.seat_view().my_turn() or ctrl.starting.local.game.is_over, timeout=10000)


def play_random(ctrl: GameController, rng: random.Random) -> None:
    s = ctrl.starting.local.game
    kinds = s.legal_kinds()
    kind = ActionKind.BUILD if ActionKind.BUILD in kinds and rng.random() < 0.6 else rng.choice(kinds)
    assert ctrl.session.act(rng.choice(s.legal_actions(kind))) is None


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 11])
def test_undo_and_redo_are_exact_over_random_games(qtbot, seed, tmp_path):
    ctrl = vs_bots(qtbot, seed)
    rng = random.Random(seed)
    undos = 0
    for _step in range(400):
        wait_mine(qtbot, ctrl)
        if ctrl.starting.local.game.is_over and ctrl.session.undo_reason() is not None:
            break
        r = rng.random()
        if (ctrl.session.undo_reason() is None) and (r < 0.2 or ctrl.starting.local.game.is_over):
            before = ctrl.starting.local.game.clone()
            target = [i for i in decision_points(before, frozenset({0})) if i < len(before.history)][-1]
            assert ctrl.session.undo() is None
            undos += 1
            # equal to the game rebuilt from the shortened record
            assert fingerprint(ctrl.starting.local.game) == fingerprint(rebuild(before, target))
            assert len(ctrl.starting.local.game.history) == target
            assert ctrl.starting.local.game.current_player == 0 and ctrl.session.seat_view().my_turn()
            # the models follow: the log and the chart hold exactly the rebuilt game's rows
            # (the log keeps the newest LOG_LIMIT lines)
            assert ctrl.log_model.rowCount() == min(len(ctrl.starting.local.game.events), LOG_LIMIT)
            assert ctrl.log_model.events_shown == len(ctrl.starting.local.game.events)
            assert ctrl.history_model.rowCount() == len(ctrl.starting.local.game.score_history)
            if rng.random() < 0.5:
                assert ctrl.session.redo() is None
                assert fingerprint(ctrl.starting.local.game) == fingerprint(before)
        elif not ctrl.starting.local.game.is_over:
            play_random(ctrl, rng)
    assert undos >= 3
    assert ctrl.session.take_backs > 0
    # the saved file carries the mark and replays to the same game
    path = tmp_path / "g.bigcity"
    ctrl.starting.save_game(path)
    loaded = read_record(path, player_kinds=PLAYER_KINDS)
    assert loaded.extra["take_backs"] == ctrl.session.take_backs
    assert fingerprint(loaded.state) == fingerprint(ctrl.starting.local.game)
    ctrl.session.stop()


def test_undo_takes_back_the_bots_replies_and_gives_the_choice_again(qtbot):
    ctrl = vs_bots(qtbot, 5)
    rng = random.Random(1)
    wait_mine(qtbot, ctrl)
    assert ctrl.session.undo_reason() is not None  # nothing played yet
    assert "no move of yours" in ctrl.session.undo_reason()
    first = len(ctrl.starting.local.game.history)
    play_random(ctrl, rng)  # the setup tile
    wait_mine(qtbot, ctrl)
    assert len(ctrl.starting.local.game.history) > first + 1  # the bots answered
    assert ctrl.session.undo() is None
    assert len(ctrl.starting.local.game.history) == first
    assert ctrl.session.seat_view().my_turn() and ctrl.session.take_backs > 0 and ctrl.session.can_redo()
    # a different move clears redo
    play_random(ctrl, rng)
    assert not ctrl.session.can_redo()
    ctrl.session.stop()


def test_undo_cancels_a_bot_in_thought(qtbot):
    ctrl = vs_bots(qtbot, 8)
    ctrl.session.bot_delay_ms = 300  # the bot waits: undo comes first
    wait_mine(qtbot, ctrl)
    play_random(ctrl, random.Random(2))
    assert not ctrl.session.seat_view().my_turn()
    n = len(ctrl.starting.local.game.history)
    assert ctrl.session.undo() is None
    assert len(ctrl.starting.local.game.history) == n - 1
    qtbot.wait(600)  # the cancelled bot never plays
    assert len(ctrl.starting.local.game.history) == n - 1 and ctrl.session.seat_view().my_turn()
    ctrl.session.stop()


def test_take_backs_off_by_option_and_the_mark_survives_loading(qtbot, tmp_path):
    ctrl = GameController(autosave=False)
    ctrl.session.bot_delay_ms = 0
    cfg = GameConfig("original", [SeatConfig("You"), SeatConfig("Bea", "random")], seed=4, allow_take_backs=False)
    ctrl.starting.new_game(cfg)
    wait_mine(qtbot, ctrl)
    play_random(ctrl, random.Random(0))
    wait_mine(qtbot, ctrl)
    assert "off in this game" in ctrl.session.undo_reason()
    assert ctrl.session.undo() is not None and ctrl.session.take_backs == 0
    path = tmp_path / "a.bigcity"
    ctrl.starting.save_game(path)
    other = GameController(autosave=False)
    other.starting.load_game(path)
    assert not other.session.allow_take_backs and other.session.take_backs == 0
    ctrl.session.stop()
    other.session.stop()
    # a record with a damaged mark loads, marked, with a warning
    import json

    data = json.loads(path.read_text())
    data["extra"]["take_backs"] = "lots"
    path.write_text(json.dumps(data))
    third = GameController(autosave=False)
    warnings = third.starting.load_game(path)
    assert third.session.take_backs > 0 and any("take-back" in w for w in warnings)
    third.session.stop()


def test_hot_seat_takes_back_only_the_last_movers_moves(qtbot):
    state = GameState.new("original", 2, 9, ["Ann", "Ben"])
    ctrl = GameController(autosave=False)
    ctrl.starting.start_from_state(state, players(["human", "human"], ["Ann", "Ben"]))
    assert not ctrl.session.allow_take_backs  # off by default in hot-seat
    ctrl.starting.local.allow_take_backs = True
    rng = random.Random(3)
    # play until both have made decisions
    while (
        len({a for a in ctrl.starting.local.game.actors}) < 2
        or ctrl.starting.local.game.actors[-1] == ctrl.starting.local.game.actors[0]
    ):
        if ctrl.session.handoff_pending is not None:
            ctrl.session.reveal_hand()
        play_random(ctrl, rng)
    last = ctrl.starting.local.game.actors[-1]
    if ctrl.session.handoff_pending is not None:
        ctrl.session.reveal_hand()
    # take back the last mover's decisions until the other player's would be next
    while ctrl.session.undo_reason() is None:
        assert ctrl.session.undo() is None
        assert ctrl.starting.local.game.current_player == last
    assert "hot-seat" in ctrl.session.undo_reason()
    assert ctrl.session.handoff_pending == last or ctrl.session.seat == last
    ctrl.session.stop()
