"""Post-game analysis: the hard bot's scores of a decision, the analysis of
a crafted position whose best move is known, its JSON, and the CLI."""

from __future__ import annotations

import json

import pytest

from bigcity_desktop.bots.analysis import AnalysisCancelled, analyse, decision_indices
from bigcity_desktop.bots.hard import HardBot
from bigcity_desktop.cli import main
from bigcity_desktop.engine import Build, GameState, Pass
from bigcity_desktop.engine.position import load_position
from bigcity_desktop.engine.record import PlayerInfo, read_record, write_record

TRIPLE = Build("residence", (21, 22, 23))


def crafted(hand=(21, 22, 23)) -> GameState:
    """Ann to act with 21, 22, 23 in hand on three neighborhoods: the triple
    residence (11 points now) is the best move by far."""
    return load_position(
        {
            "format": "bigcity-position",
            "version": 1,
            "edition": "original",
            "players": ["Ann", "Bob", "Cy"],
            "city": {
                "neighborhoods": [
                    {"number": 1, "x": 0, "y": 0, "rotation": 0},
                    {"number": 2, "x": 3, "y": 0, "rotation": 0},
                    {"number": 3, "x": 0, "y": 3, "rotation": 0},
                ],
                "buildings": [],
                "streetcars": [],
            },
            "hands": [list(hand), [31, 32], [33, 34]],
            "seed": 3,
        }
    )


def after(start: GameState, action) -> GameState:
    s = start.clone()
    s.apply(action)
    return s


def test_score_moves_ranks_the_triple_first_and_scores_extra_moves():
    start = crafted()
    view = start.view_for(0)
    scored = HardBot(seed=1).score_moves(view, also=(Pass(), Build("residence", (21,))))
    moves = [a for a, _v in scored]
    assert moves[0] == TRIPLE
    assert Pass() in moves and Build("residence", (21,)) in moves
    values = [v for _a, v in scored]
    assert values == sorted(values, reverse=True)
    # reproducible from the seed
    assert HardBot(seed=1).score_moves(view) == HardBot(seed=1).score_moves(view)
    with pytest.raises(ValueError):
        HardBot(seed=1).score_moves(after(start, TRIPLE).view_for(0))  # drawing, not a main action


@pytest.mark.parametrize("played", [Pass(), Build("residence", (21,))])
def test_a_worse_move_loses_points_and_the_best_is_named(played):
    start = crafted()
    result = analyse(after(start, played), players=[0], start=start)
    (d,) = result.decisions
    assert d.played == played and d.best == TRIPLE
    assert d.loss >= 3
    text = result.sentence(d)
    assert text.startswith("Round 1: Ann ") and "triple residence on 21, 22, 23 for 11 points" in text
    assert result.players[0].mistakes == 1 and result.players[0].total_loss == d.loss


def test_the_best_move_loses_nothing():
    start = crafted()
    result = analyse(after(start, TRIPLE), players=[0], start=start)
    (d,) = result.decisions
    assert d.loss == 0 and d.best == TRIPLE
    assert "the best move found" in result.sentence(d)


@pytest.mark.slow
def test_a_whole_game_analysis_is_reproducible_and_well_formed():
    from bigcity_desktop.bots import make_bot

    state = GameState.new("original", 3, 4)
    bots = [make_bot("easy", i) for i in range(3)]
    while not state.is_over:
        state.apply(bots[state.current_player].choose(state.view_for(state.current_player)))
    seen = []
    a = analyse(state, players=[0, 2], progress=lambda d, t: seen.append((d, t)))
    b = analyse(state, players=[0, 2])
    assert a.to_json() == b.to_json()
    data = a.to_json()
    assert set(data) == {"game", "decisions", "players"}
    assert {d["player"] for d in data["decisions"]} == {0, 2}
    assert [d["index"] for d in data["decisions"]] == decision_indices(state, [0, 2])
    for d in data["decisions"]:
        assert {"index", "round", "player", "played", "best", "loss"} <= set(d)
        assert d["loss"] >= 0
        assert (d["loss"] == 0) == (d["played"] == d["best"]) or d["loss"] == 0
        assert state.history[d["index"]].kind in (
            "build",
            "park_factory",
            "streetcar",
            "neighborhood",
            "exchange",
            "pass",
        )
    assert [p["player"] for p in data["players"]] == [0, 2]
    assert seen[-1] == (len(a.decisions), len(a.decisions))
    # a player's result does not depend on who else is analysed
    alone = analyse(state, players=[2])
    assert [d for d in a.decisions if d.player == 2] == alone.decisions


def test_cancel_and_bad_players():
    state = after(crafted(), Pass())
    with pytest.raises(AnalysisCancelled):
        analyse(state, players=[0], start=crafted(), progress=lambda d, t: False)
    with pytest.raises(ValueError, match="no player 5"):
        analyse(state, players=[5], start=crafted())


@pytest.fixture
def game_file(tmp_path):
    state = GameState.new("original", 3, 7)
    import random

    rng = random.Random(7)
    while len(state.history) < 25:  # a game under way: a few decisions each, analysed in seconds
        state.apply(rng.choice(state.legal_actions(rng.choice(state.legal_kinds()))))
    path = tmp_path / "g.bigcity"
    write_record(path, state, [PlayerInfo("Ann"), PlayerInfo("Bob", "easy"), PlayerInfo("Cy", "easy")])
    return path


def test_cli_analyze_json_and_text(game_file, capsys):
    assert main(["analyze", str(game_file), "--players", "0", "--json", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"]["players"] == ["Ann", "Bob", "Cy"]
    assert data["players"][0]["player"] == 0 and data["players"][0]["total_loss"] >= 0
    assert all(d["player"] == 0 and d["loss"] >= 0 for d in data["decisions"])
    assert main(["analyze", str(game_file), "--players", "1,2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Bob:" in out and "Cy:" in out and "Ann:" not in out


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--players", "3"], "no player 3"),
        (["--players", "a"], "player numbers"),
        (["--players", ","], "names no player"),
    ],
)
def test_cli_analyze_refuses_bad_players(game_file, capsys, argv, message):
    assert main(["analyze", str(game_file), *argv]) == 2
    assert message in capsys.readouterr().err


def test_cli_analyze_refuses_a_broken_file(tmp_path, capsys):
    bad = tmp_path / "bad.bigcity"
    bad.write_text("{")
    assert main(["analyze", str(bad)]) == 2
    assert "bad.bigcity" in capsys.readouterr().err


def test_selfplay_and_tournament_write_records(tmp_path, capsys):
    d = tmp_path / "records"
    assert main(["selfplay", "--players", "3", "--games", "2", "--seed", "5", "--record-dir", str(d)]) == 0
    out = json.loads(capsys.readouterr().out)
    files = sorted(d.glob("selfplay-*.bigcity"))
    assert len(files) == 2 and [r["record"] for r in out["results"]] == [str(f) for f in files]
    game = read_record(files[0])
    assert game.state.is_over and list(game.state.scores) == out["results"][0]["scores"]
    assert main(["tournament", "--players", "random,easy", "--games", "2", "--record-dir", str(d), "--json"]) == 0
    assert len(sorted(d.glob("tournament-*.bigcity"))) == 2
    game = read_record(d / "tournament-0.bigcity")
    assert sorted(p.kind for p in game.players) == ["easy", "random"]
