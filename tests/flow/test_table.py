"""TableFlow, the turns of a table for the app and the server alike: moves
checked once, bot decisions with their seat's view and seed, the one
fallback, answers that come too late, hot-seat hand-offs."""

from __future__ import annotations

import random

import pytest

from bigcity_desktop.bots import make_bot
from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.record import PlayerInfo
from bigcity_desktop.flow import Fallback, Problem, TableFlow, bot_seed


def flow(kinds: list[str], seed: int = 7) -> TableFlow:
    state = GameState.new("original", len(kinds), seed)
    return TableFlow(state, [PlayerInfo(f"P{i}", k) for i, k in enumerate(kinds)])


def to_bot_turn(f: TableFlow, rng: random.Random) -> None:
    """People play random moves until a bot is to move."""
    while not f.is_bot(f.current):
        assert f.play(f.current, rng.choice(f.state.legal_actions())) is None


def test_one_seed_formula_for_every_seat_move_and_generation():
    seeds = {bot_seed(5, seat, at, gen) for seat in range(5) for at in range(300) for gen in range(3)}
    assert len(seeds) == 5 * 300 * 3
    assert bot_seed(5, 1, 10) == bot_seed(5, 1, 10, 0)
    assert all(0 <= s < 2**62 for s in seeds)


def test_a_bot_decides_on_its_seats_view_with_its_seed():
    f = flow(["human", "easy", "random"])
    to_bot_turn(f, random.Random(1))
    turn = f.bot_turn()
    assert turn is not None and turn.seat == f.current
    assert turn.level == f.players[turn.seat].kind
    assert turn.view.viewer == turn.seat and turn.view.seed is None
    assert turn.seed == bot_seed(f.state.seed, turn.seat, len(f.state.history))
    action = make_bot(turn.level, turn.seed).choose(turn.view)
    move = f.bot_chose(turn, action)
    assert move is not None and move.action == action and move.fallback is None
    assert f.state.history[-1] == action and f.state.actors[-1] == turn.seat


def test_no_bot_turn_on_a_persons_turn_and_no_move_for_a_bot_seat_by_hand():
    f = flow(["human", "random"])
    assert f.bot_turn() is None and f.current == 0
    refused = f.play(1, f.state.legal_actions()[0])
    assert refused is not None and refused.problem == Problem.NOT_YOUR_TURN


@pytest.mark.parametrize("answer", ["illegal", "nonsense", "failed"])
def test_the_random_bot_plays_for_a_bot_that_fails(answer):
    f = flow(["random", "human"])
    turn = f.bot_turn()
    assert turn is not None
    if answer == "failed":
        move = f.bot_failed(turn, "ValueError: broken\nTraceback ...")
        assert move is not None and move.fallback == Fallback.FAILED and move.reason == "ValueError: broken"
    else:
        wrong: object = "a move"
        if answer == "illegal":  # a move of another game
            later = GameState.new("original", 2, 99)
            while all(f.state.check(a) is None for a in later.legal_actions()):
                later.apply(random.Random(len(later.history)).choice(later.legal_actions()))
            wrong = next(a for a in later.legal_actions() if f.state.check(a) is not None)
        move = f.bot_chose(turn, wrong)
        assert move is not None and move.fallback == Fallback.ILLEGAL and move.reason
    # the one fallback: the random bot, on the same view, with the same seed
    assert move.action == make_bot("random", turn.seed).choose(turn.view)
    assert f.state.history == [move.action]


def test_an_answer_after_the_table_moved_on_is_dropped():
    f = flow(["random", "random"])
    turn = f.bot_turn()
    assert turn is not None
    action = make_bot("random", turn.seed).choose(turn.view)
    assert f.bot_chose(turn, action) is not None
    assert f.bot_chose(turn, action) is None  # the same answer again
    later = f.bot_turn()
    assert later is not None
    f.generation += 1  # a take-back dealt new bots
    assert f.bot_failed(later, "late") is None
    assert len(f.state.history) == 1


def test_a_persons_move_is_checked_once_with_the_reason():
    f = flow(["human", "human"])
    refused = f.play(0, f.state.legal_actions()[0], at=3)
    assert refused is not None and refused.problem == Problem.STALE
    first = f.state.legal_actions()[0]
    assert f.play(0, first, at=0) is None
    refused = f.play(1, first)
    assert refused is not None and refused.problem == Problem.ILLEGAL and refused.reason
    assert refused.problem.value == "illegal"  # the protocol's refusal code


def test_the_end_refuses_moves_and_gives_the_record():
    f = flow(["random", "random"], seed=3)
    while (turn := f.bot_turn()) is not None:
        assert f.bot_chose(turn, make_bot(turn.level, turn.seed).choose(turn.view)) is not None
    assert f.is_over
    refused = f.play(0, GameState.new("original", 2, 3).legal_actions()[0])
    assert refused is not None and refused.problem == Problem.OVER
    record = f.record({"app": "test"})
    assert record.state is f.state and [p.kind for p in record.players] == ["random", "random"]
    assert record.extra == {"app": "test"}


def test_hot_seat_passes_the_screen_to_the_person_to_move():
    f = flow(["human", "human", "easy"])
    while f.is_bot(f.current):
        turn = f.bot_turn()
        assert turn is not None and f.bot_failed(turn, "skip") is not None
    assert f.hot_seat and f.pass_to(None) == f.current
    assert f.pass_to(f.current) is None
    alone = flow(["human", "easy"])
    assert not alone.hot_seat and alone.pass_to(None) is None


def test_a_seat_handed_to_a_bot_is_played_by_it():
    f = flow(["human", "human"])
    f.hand_to_bot(0, "random")
    turn = f.bot_turn()
    assert turn is not None and turn.seat == 0 and turn.level == "random"
    assert f.players[0].name == "P0" and not f.hot_seat


def test_a_view_cannot_be_played_on():
    state = GameState.new("original", 2, 1)
    with pytest.raises(ValueError):
        TableFlow(state.view_for(0), [PlayerInfo("a"), PlayerInfo("b")])
    with pytest.raises(ValueError):
        TableFlow(state, [PlayerInfo("a")])
