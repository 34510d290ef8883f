"""Post-game analysis: the hard bot's scores of a decision, the analysis of
a crafted position whose best move is known, its JSON, and the CLI."""

from __future__ import annotations

import json

import pytest

from bigcity_desktop.bots.analysis import AnalysisCancelled, analyse, decision_indices
from bigcity_desktop.bots.hard import HardBot
from bigcity_desktop.bots.levels import PLAYER_KINDS
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
    game = read_record(files[0], player_kinds=PLAYER_KINDS)
    assert game.state.is_over and list(game.state.scores) == out["results"][0]["scores"]
    assert main(["tournament", "--players", "random,easy", "--games", "2", "--record-dir", str(d), "--json"]) == 0
    assert len(sorted(d.glob("tournament-*.bigcity"))) == 2
    game = read_record(d / "tournament-0.bigcity", player_kinds=PLAYER_KINDS)
    assert sorted(p.kind for p in game.players) == ["easy", "random"]


# ------------------------------------------------------------ bounded analyses (issue 26)
def _hostile():
    import importlib.util
    import sys
    from pathlib import Path

    if "hostile_inputs" in sys.modules:
        return sys.modules["hostile_inputs"]
    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("hostile_inputs", root / "scripts" / "hostile_inputs.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["hostile_inputs"] = module
    spec.loader.exec_module(module)
    return module


def test_cli_analyze_max_decisions_says_what_it_skipped(game_file, capsys):
    assert main(["analyze", str(game_file), "--json", "--quiet", "--max-decisions", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["decisions"]) == data["analysed"] == 2
    assert data["skipped"]["decisions"] > 0 and data["skipped"]["reason"] == "limit"
    assert "--max-decisions 2" in data["skipped"]["text"]
    assert main(["analyze", str(game_file), "--quiet", "--max-decisions", "1"]) == 0
    out = capsys.readouterr().out
    assert "Analysed the first 1 of" in out and "skipped (--max-decisions 1)" in out
    assert main(["analyze", str(game_file), "--max-decisions", "-1"]) == 2


def test_cli_analyze_stops_at_its_time_budget(game_file, capsys, monkeypatch):
    """A clock that runs a second a reading: the budget of 1 s is spent
    before the first decision, and the report says so."""
    from bigcity_desktop.bots import analysis_cli

    ticks = iter(range(10**6))
    monkeypatch.setattr(analysis_cli, "clock", lambda: float(next(ticks)))
    assert main(["analyze", str(game_file), "--json", "--quiet", "--max-seconds", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["analysed"] == 0 and data["skipped"]["reason"] == "stopped"
    assert "time budget of 1 s ran out" in data["skipped"]["text"]
    assert main(["analyze", str(game_file), "--max-seconds", "nan"]) == 2


def test_cli_analyze_shows_progress_on_stderr(game_file, capsys):
    assert main(["analyze", str(game_file), "--players", "0", "--max-decisions", "1"]) == 0
    err = capsys.readouterr().err
    assert "reading the game: action" in err and "finding the main actions" in err and "analysing decision" in err


def test_a_long_record_is_analysed_from_a_bounded_past():
    """The view each decision is scored from keeps a bounded past, however
    long the record: the analysis stays linear in the record's length."""
    from bigcity_desktop.bots.analysis import KEEP_PAST

    hostile = _hostile()
    state = hostile.endless_game(3 * KEEP_PAST + 40)
    start = hostile.endless_game(3 * KEEP_PAST)
    seen: list[int] = []

    class Recording(HardBot):
        def score_moves(self, view, also=()):
            seen.append(len(view.history))
            return super().score_moves(view, also)

    result = analyse(state, [0], start=start, bot_factory=lambda s: Recording(s, candidates=2, samples=1))
    assert result.decisions and result.skipped == 0
    assert seen and max(seen) <= 2 * KEEP_PAST


def test_forgetting_the_past_changes_no_analysis(monkeypatch):
    """With a past cut to a few dozen actions, the decisions late in a game
    are analysed exactly as with the whole past (the bots read only its
    last main actions and when the scores last changed)."""
    from bigcity_desktop.bots import analysis
    from bigcity_desktop.bots.registry import make_bot

    state = GameState.new("original", 2, 11)
    bots = [make_bot("medium", 1), make_bot("easy", 2)]
    while not state.is_over:
        state.apply(bots[state.current_player].choose(state.view_for(state.current_player)))
    cut = len(state.history) - 30
    start = GameState.new("original", 2, 11)
    for a in state.history[:cut]:
        start.apply(a)

    def small(seed):
        return HardBot(seed, candidates=3, samples=2)

    whole = analyse(state, [0, 1], start=start, bot_factory=small)
    monkeypatch.setattr(analysis, "KEEP_PAST", 8)
    short = analyse(state, [0, 1], start=start, bot_factory=small)
    assert whole.decisions and whole.decisions == short.decisions
