"""Puzzles: the bundled ones are solvable and their stated best is the
solver's; goals, replies and attempts; puzzles made from a sandbox city;
broken files refused."""

from __future__ import annotations

import copy
import json

import pytest

from bigcity_desktop.engine import Build, Pass, get_rules, parse_action
from bigcity_desktop.engine.datafiles import resource_path
from bigcity_desktop.engine.layout import load_layout
from bigcity_desktop.learn import (
    BuildWithin,
    LeadAfter,
    LocalText,
    PuzzleError,
    PuzzleRun,
    ScoreInTurns,
    ScoreThisTurn,
    WinWithin,
    bundled_puzzles,
    load_puzzle,
    puzzle_from_city,
    solve,
)
from bigcity_desktop.learn.puzzle import Others, _draft, replay_answer

PUZZLES = sorted(p.name for p in resource_path("puzzles").glob("*.json"))


def test_there_are_twelve_original_and_six_jumbo_puzzles_from_easy_to_hard():
    original, jumbo = bundled_puzzles("original"), bundled_puzzles("jumbo")
    assert len(original) >= 12 and len(jumbo) >= 6
    for group in (original, jumbo):
        levels = [p.difficulty for p in group]
        assert levels == sorted(levels) and levels[0] == 1 and levels[-1] == 5
        assert len({p.id for p in group}) == len(group)
        for p in group:
            assert p.title.en != p.title.de and p.description.en != p.description.de
            assert p.source == f"{p.id}.json" and p.id.startswith(p.edition)
    assert {type(p.goal) for p in original + jumbo} == {ScoreThisTurn, ScoreInTurns, BuildWithin, LeadAfter, WinWithin}


@pytest.mark.slow
@pytest.mark.parametrize("name", PUZZLES)
def test_each_bundled_puzzle_is_solvable_and_its_stated_best_is_the_solvers(name):
    puzzle = load_puzzle(resource_path("puzzles", name))
    sol = solve(puzzle)
    assert sol.exhaustive, f"{name}: the search was cut short after {sol.nodes} positions"
    assert sol.reached and sol.value == puzzle.best
    assert replay_answer(puzzle, sol.answer) == puzzle.best
    assert replay_answer(puzzle, puzzle.answer) == puzzle.best


def test_playing_the_answer_solves_the_puzzle():
    puzzle = load_puzzle(resource_path("puzzles", "original-07.json"))
    run = PuzzleRun(puzzle)
    assert run.outcome is None and run.turn == 1
    for action in puzzle.answer:
        assert run.try_action(action) is None
    outcome = run.outcome
    assert outcome is not None and outcome.reached and outcome.perfect and outcome.value == 22
    assert run.finished and run.try_action(Pass()) is not None


def test_a_hint_task_thinks_about_the_position_it_was_made_in():
    puzzle = load_puzzle(resource_path("puzzles", "original-07.json"))
    run = PuzzleRun(puzzle)
    task = run.hint_task()
    assert run.try_action(parse_action("build residence 12")) is None  # the run goes on meanwhile
    assert task() == puzzle.answer[0] and run.hint() is None


def test_a_wrong_move_is_refused_and_a_weak_line_fails():
    puzzle = load_puzzle(resource_path("puzzles", "original-07.json"))
    run = PuzzleRun(puzzle)
    before = (list(run.state.hands[0]), len(run.state.history))
    assert run.try_action(parse_action("build church 33")) is not None  # not the last free lot yet
    assert run.try_action(parse_action("build residence 11")) is not None  # not held
    assert (list(run.state.hands[0]), len(run.state.history)) == before
    assert run.hint() == puzzle.answer[0]
    assert run.try_action(parse_action("build residence 12")) is None
    assert run.last_replies and all(who == 1 for who, _ in run.last_replies)
    assert run.turn == 2 and run.hint() is None  # 22 points cannot be reached any more
    assert run.try_action(parse_action("build residence 37 38")) is None
    outcome = run.outcome
    assert outcome is not None and not outcome.reached and outcome.value == 10 and outcome.best == 22
    run.restart()
    assert run.outcome is None and run.moves == [] and run.turn == 1


def posed(hands, buildings=(), scores=None, edition="original", **fields):
    rules = get_rules(edition)
    held = {c for h in hands for c in h}
    return {
        "format": "bigcity-position",
        "version": 1,
        "edition": edition,
        "players": ["You", "Robin"],
        "city": {
            "neighborhoods": [
                {"number": 1, "x": 0, "y": 0, "rotation": 0},
                {"number": 2, "x": 3, "y": 0, "rotation": 0},
                {"number": 3, "x": 0, "y": 3, "rotation": 0},
            ],
            "buildings": [{"type": t, "properties": list(p), "owner": 1} for t, p in buildings],
        },
        "hands": hands,
        "scores": scores or [0, 0],
        "stacks": {str(t): [] for t in rules.tiles},
        "discard": sorted(c for t in rules.tiles for c in rules.stack_cards(t) if c not in held),
        **fields,
    }


def doc(position, goal, others="pass", answer=(), best=0, edition="original"):
    return {
        "format": "bigcity-puzzle",
        "version": 1,
        "id": "test",
        "edition": edition,
        "title": {"en": "Test", "de": "Test"},
        "description": {"en": "A test.", "de": "Ein Test."},
        "difficulty": 1,
        "position": position,
        "goal": goal,
        "others": others,
        "answer": list(answer),
        "best": best,
    }


def test_goals_judge_lines_as_they_say():
    # 14 17 and 21 22 are pairs in the outskirts: a double residence there makes 7
    pos = posed([[21, 22, 14, 17], [31]])
    one = load_puzzle(doc(pos, {"type": "score_this_turn", "at_least": 7}, answer=["build residence 14 17"], best=7))
    assert solve(one).value == 7
    two = load_puzzle(
        doc(
            pos,
            {"type": "score_in_turns", "turns": 2, "at_least": 14},
            answer=["build residence 14 17", "build residence 21 22"],
            best=14,
        )
    )
    assert solve(two).value == 14 and solve(two).exhaustive
    hall = _draft(doc(pos, {"type": "build", "building": "city_hall", "turns": 2}))
    assert not solve(hall).reached and solve(hall).exhaustive  # no centre card: City Hall cannot be built
    # Robin builds on 31 (3 points) when greedy
    lead = doc(
        pos, {"type": "lead_after", "turns": 1, "by": 5}, others="greedy", answer=["build residence 14 17"], best=4
    )
    with pytest.raises(PuzzleError, match="does not reach the goal"):
        load_puzzle(lead)
    lead["goal"]["by"] = 4
    assert solve(load_puzzle(lead)).value == 4
    # two passes in a row end the game: build, then pass while Robin has nothing left
    win = load_puzzle(
        doc(pos, {"type": "win_within", "turns": 2}, others="greedy", answer=["build residence 14 17", "pass"], best=4)
    )
    sol = solve(win)
    assert sol.reached and sol.value == 4 and sol.answer[-1] == Pass()
    assert sol.answer[0] in (parse_action("build residence 14 17"), parse_action("build residence 21 22"))


def test_a_script_of_the_other_seats_plays_each_action_when_it_is_legal():
    pos = posed([[12, 13], [31, 32]])
    script = {"script": ["build residence 31"], "then": "pass"}
    p = load_puzzle(
        doc(pos, {"type": "lead_after", "turns": 1, "by": 1}, others=script, answer=["build residence 12 13"], best=4)
    )
    run = PuzzleRun(p)
    assert run.try_action(parse_action("build residence 12 13")) is None
    assert run.last_replies == [(1, parse_action("build residence 31"))]
    assert run.outcome is not None and run.outcome.value == 4


def test_a_broken_puzzle_is_refused_with_the_entry_named():
    good = json.loads(resource_path("puzzles", "original-07.json").read_text(encoding="utf-8"))

    def refused(change) -> str:
        d = copy.deepcopy(good)
        change(d)
        with pytest.raises(PuzzleError) as info:
            load_puzzle(d)
        return str(info.value)

    assert "not a Big City puzzle" in refused(lambda d: d.update(format="bigcity-position"))
    assert "version" in refused(lambda d: d.update(version=9))
    assert "edition" in refused(lambda d: d.update(edition="chess"))
    assert "the position is for 'original', the puzzle for jumbo" in refused(lambda d: d.update(edition="jumbo"))
    assert "does not reach the goal" in refused(
        lambda d: d.update(answer=["build residence 12", "build residence 37 38"])
    )
    assert "answer reaches 22, but best says 23" in refused(lambda d: d.update(best=23))
    assert "action 2 (build church 33) is not legal" in refused(
        lambda d: d.update(answer=["build residence 12", "build church 33"])
    )
    assert "not over after its last action" in refused(lambda d: d.update(answer=["build residence 12"]))
    assert "unknown goal" in refused(lambda d: d.update(goal={"type": "fly"}))
    assert "goal.turns" in refused(lambda d: d.update(goal={"type": "score_in_turns", "turns": 99, "at_least": 1}))
    assert "goal.building" in refused(lambda d: d.update(goal={"type": "build", "building": "castle", "turns": 1}))
    assert "others" in refused(lambda d: d.update(others="clever"))
    assert "others.script" in refused(lambda d: d.update(others={"script": ["jump"]}))
    assert "difficulty" in refused(lambda d: d.update(difficulty=9))
    assert "title" in refused(lambda d: d.update(title={"en": "only English"}))
    assert "position" in refused(lambda d: d["position"].update(hands=[[33, 33], []]))
    assert "unknown entry 'hint'" in refused(lambda d: d.update(hint="no"))


def test_a_puzzle_file_that_cannot_be_read_is_refused(tmp_path):
    path = tmp_path / "p.json"
    path.write_text("[1, 2", encoding="utf-8")
    with pytest.raises(PuzzleError, match="p.json: not valid JSON"):
        load_puzzle(path)
    with pytest.raises(PuzzleError, match="cannot read it"):
        load_puzzle(tmp_path / "none.json")
    with pytest.raises(PuzzleError, match="not a regular file"):
        load_puzzle(tmp_path)


def sandbox_city():
    layout = {
        "format": "bigcity-layout",
        "version": 1,
        "edition": "original",
        "neighborhoods": [
            {"number": 1, "x": 0, "y": 0, "rotation": 0},
            {"number": 2, "x": 3, "y": 0, "rotation": 0},
            {"number": 4, "x": 3, "y": 2, "rotation": 0},
        ],
        "buildings": [{"type": "city_hall", "properties": [26]}, {"type": "business", "properties": [41, 42, 43]}],
        "streetcars": [[[5, 0], [5, 1]]],
    }
    return load_layout(layout)[1]


def test_a_sandbox_city_becomes_a_puzzle():
    city = sandbox_city()
    d = puzzle_from_city(
        city,
        [27, 28, 44, 12],
        ScoreThisTurn(10),
        puzzle_id="my-city",
        title=LocalText("My city", "Meine Stadt"),
        description=LocalText("Score 10 points.", "Erziele 10 Punkte."),
    )
    p = load_puzzle(json.loads(json.dumps(d)))
    assert p.best == 18 and [str(a) for a in p.answer] == ["build business 27 28"]
    assert p.edition == "original" and p.seat == 0
    state = p.start_state()
    assert all(not s for s in state.stacks) and state.hands == [[27, 28, 44, 12], []]
    assert solve(p).value == 18
    # the sandbox's own city is not changed
    assert len(city.buildings) == 2


def test_a_sandbox_puzzle_whose_goal_cannot_be_reached_is_refused():
    with pytest.raises(PuzzleError, match="no line of play reaches this goal"):
        puzzle_from_city(
            sandbox_city(),
            [12],
            ScoreThisTurn(50),
            puzzle_id="x",
            title=LocalText("x", "x"),
            description=LocalText("x", "x"),
            others=Others("greedy"),
        )
    with pytest.raises(PuzzleError, match="position"):
        puzzle_from_city(
            sandbox_city(),
            [999],  # no such card
            ScoreThisTurn(1),
            puzzle_id="x",
            title=LocalText("x", "x"),
            description=LocalText("x", "x"),
        )


def test_the_solver_reports_a_search_cut_short():
    puzzle = load_puzzle(resource_path("puzzles", "jumbo-06.json"))
    sol = solve(puzzle, budget=50)
    assert not sol.exhaustive and sol.nodes == 51
    assert sol.to_json()["solvable"] in (True, None)


def test_a_build_answer_reaches_the_stated_best_in_every_bundled_puzzle():
    for p in bundled_puzzles():
        assert replay_answer(p, p.answer) == p.best
        assert any(isinstance(a, Build) for a in p.answer)


def test_known_stacks_are_drawn_from_and_a_forced_draw_is_made_for_the_player():
    pos = posed([[14, 17], []])
    # stack 2 holds 23 then 22 (top last), stack 1 holds 11: the refill after
    # the first build may take 22 and 23 for the second
    pos["stacks"] = {**pos["stacks"], "1": [11], "2": [23, 22]}
    pos["discard"] = [c for c in pos["discard"] if c not in (11, 22, 23)]
    draft = _draft(doc(pos, {"type": "score_in_turns", "turns": 2, "at_least": 14}))
    sol = solve(draft)
    assert sol.exhaustive and sol.value == 14
    assert parse_action("draw 1") in sol.answer and sol.answer[-1] in (
        parse_action("build residence 22 23"),
        parse_action("build business 22 23"),
    )
    p = load_puzzle(doc(pos, draft.goal.to_json(), answer=[str(a) for a in sol.answer], best=14))
    run = PuzzleRun(p)
    assert run.try_action(parse_action("build residence 14 17")) is None
    assert run.try_action(parse_action("draw 2")) is None
    assert run.try_action(parse_action("draw 1")) is None
    # the last card, 23, can only come from stack 2: drawn for the player
    assert (0, parse_action("draw 2")) in run.last_replies and sorted(run.state.hands[0]) == [11, 22, 23]
    assert run.try_action(parse_action("build residence 22 23")) is None
    assert run.outcome is not None and run.outcome.perfect
