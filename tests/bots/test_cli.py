"""The tournament command."""

import json
import time

from bigcity_desktop.bots.random_bot import RandomBot
from bigcity_desktop.bots.tournament import play_game
from bigcity_desktop.cli import main


def test_tournament_json_shape(capsys):
    code = main(
        [
            "tournament",
            "--edition",
            "original",
            "--players",
            "easy,random,easy",
            "--games",
            "3",
            "--seed",
            "5",
            "--json",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    data = json.loads(out)
    assert data["games"] == 3
    assert [b["name"] for b in data["bots"]] == ["easy", "random", "easy"]
    for b in data["bots"]:
        for key in ("wins", "win_rate", "ci_low", "ci_high", "mean_score", "mean_seconds", "max_seconds", "rating"):
            assert key in b
        assert 0.0 <= b["ci_low"] <= b["win_rate"] <= b["ci_high"] <= 1.0
    assert abs(sum(b["wins"] for b in data["bots"]) - 3) < 1e-6
    detail = data["games_detail"]
    assert [g["seed"] for g in detail] == [5, 6, 7]
    for g in detail:
        assert set(g) == {"seed", "rounds", "last_scoring_round", "city_hall_built"}
        assert 0 <= g["last_scoring_round"] <= g["rounds"]
        assert isinstance(g["city_hall_built"], bool)


def test_tournament_table(capsys):
    assert main(["tournament", "--edition", "jumbo", "--players", "random,easy", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "easy" in out and "random" in out and "rating" in out


def test_tournament_bad_arguments(capsys):
    assert main(["tournament", "--players", "easy,nobody"]) == 2
    assert "nobody" in capsys.readouterr().err
    assert main(["tournament", "--edition", "jumbo", "--players", "easy,easy,easy,easy,easy"]) == 2
    assert main(["tournament", "--players", "easy,random", "--games", "0"]) == 2
    assert main(["tournament", "--edition", "chess", "--players", "easy,random"]) == 2


def test_wilson_interval():
    from bigcity_desktop.bots.tournament import wilson

    lo, hi = wilson(50, 100)
    assert 0.40 < lo < 0.5 < hi < 0.60
    assert wilson(0, 10)[0] == 0.0


def test_ratings_do_not_hinge_on_game_order():
    from bigcity_desktop.bots.tournament import GameResult, Summary

    s = Summary(["a", "b"])
    for g in range(100):  # a wins the first 62 games, then loses the rest
        w = 0 if g < 62 else 1
        scores = [10, 5] if w == 0 else [5, 10]
        s.add(GameResult(g, [0, 1], scores, [w], [0.0, 0.0], [1, 1], [0.0, 0.0], 0, None))
    ra, rb = s.ratings()
    assert ra > rb


def test_tournament_workers_give_the_same_games(capsys):
    """--workers plays the same seeded games in spawned processes (the start
    method every OS has) as one process does."""
    args = ["tournament", "--edition", "original", "--players", "easy,easy", "--games", "2", "--seed", "3", "--json"]
    assert main(args) == 0
    one = json.loads(capsys.readouterr().out)
    assert main(args + ["--workers", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert one["games_detail"] == two["games_detail"]
    assert [b["wins"] for b in one["bots"]] == [b["wins"] for b in two["bots"]]


class _Dawdler(RandomBot):
    """A random bot that waits (sleeps) before its first decision: time
    that is not the bot's work."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.waited = False

    def choose(self, view):
        if not self.waited:
            self.waited = True
            time.sleep(0.3)
        return super().choose(view)


def test_tournament_times_the_bots_work_not_the_clock():
    # a decision's seconds are the process's CPU time: a machine busy with
    # other work (here, a bot that sleeps) does not show in them
    r = play_game("original", ["random", "random"], 3, 0, make=lambda _name, seed: _Dawdler(seed))
    assert sum(r.decisions) > 10
    assert max(r.max_seconds) < 0.2
