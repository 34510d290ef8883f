"""Layout files, game records and bigcity-cli."""

import json

import pytest

from bigcity_desktop.cli import main, play_random_game
from bigcity_desktop.engine.layout import LayoutError, layout_to_json, load_layout
from bigcity_desktop.engine.record import RecordError, load_record, read_record, record_to_json, write_record

EXAMPLE = {
    "format": "bigcity-layout",
    "version": 1,
    "edition": "original",
    "neighborhoods": [{"number": 1, "x": 0, "y": 0, "rotation": 0}, {"number": 2, "x": 3, "y": 0, "rotation": 1}],
    "buildings": [
        {"type": "city_hall", "properties": [15]},
        {"type": "residence", "properties": [21, 25]},
        {"type": "factory", "properties": [17, 18, 14]},
    ],
    "streetcars": [[[1, 2], [2, 2]], [[2, 2], [2, 3]]],
}


@pytest.fixture
def example(tmp_path):
    f = tmp_path / "city.json"
    f.write_text(json.dumps(EXAMPLE))
    return str(f)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_layout_md_example_loads_and_round_trips():
    rules, city = load_layout(json.dumps(EXAMPLE))
    again = layout_to_json(city)
    assert again == EXAMPLE


@pytest.mark.parametrize(
    "change,message",
    [
        (lambda d: d.update(format="other"), "not a Big City layout (format is 'other'"),
        (lambda d: d.pop("format"), "not a Big City layout (it has no format; expected 'bigcity-layout')"),
        (lambda d: d.update(version=2), "unsupported layout version 2"),
        (lambda d: d.update(edition="chess"), "edition 'chess'"),
        (
            lambda d: d["neighborhoods"].append({"number": 3, "x": 1, "y": 1, "rotation": 0}),
            "neighborhoods[2]: neighborhood 3 would overlap property 15",
        ),
        (
            lambda d: d["neighborhoods"].append({"number": 9, "x": 1, "y": 1, "rotation": 0}),
            "neighborhoods[2]: there is no neighborhood 9",
        ),
        (lambda d: d["neighborhoods"].reverse(), "neighborhoods[0]: the city starts with neighborhood 1"),
        (
            lambda d: d["buildings"].append({"type": "castle", "properties": [11]}),
            "buildings[3]: unknown building type 'castle'",
        ),
        (
            lambda d: d["buildings"].append({"type": "bank", "properties": [15]}),
            "buildings[3]: property 15 already holds City Hall",
        ),
        (
            lambda d: d["buildings"].append({"type": "bank", "properties": [35]}),
            "buildings[3]: property 35 is not in the city yet",
        ),
        (
            lambda d: d["buildings"].append({"type": "bank", "properties": [99]}),
            "buildings[3]: there is no property 99",
        ),
        (
            lambda d: d["buildings"].append({"type": "city_hall", "properties": [16]}),
            "buildings[3]: no city halls are left in the supply",
        ),
        (
            lambda d: d["streetcars"].append([[0, 0], [5, 5]]),
            "streetcars[2]: cells (0, 0) and (5, 5) do not share a side",
        ),
        (lambda d: d["streetcars"].append([[0, 2], [1, 2]]), "streetcars[2]: that street is covered by a building"),
    ],
)
def test_an_impossible_layout_names_the_first_problem(change, message):
    d = json.loads(json.dumps(EXAMPLE))
    change(d)
    with pytest.raises(LayoutError) as e:
        load_layout(json.dumps(d))
    assert message in str(e.value)


def test_describe(capsys, example):
    code, out, err = run(capsys, "describe", example)
    assert code == 0
    d = json.loads(out)
    assert d["cells"]["11"] == [0, 0] and d["cells"]["21"] == [4, 0] and d["cells"]["25"] == [3, 0]
    assert d["center"] == [15, 16, 26, 27]
    assert 11 in d["outskirts"] and 15 not in d["outskirts"]


def test_check_judges_each_move_alone(capsys, example):
    code, out, err = run(
        capsys,
        "check",
        example,
        '{"build": "cinema", "properties": [23]}',
        '{"build": "business", "properties": [16]}',
        '{"neighborhood": 3, "x": -3, "y": 0, "rotation": 0}',
        '{"neighborhood": 3, "x": 0, "y": 0, "rotation": 0}',
        '{"streetcar": [[2, 2], [3, 2]]}',
        '{"streetcar": [[1, 2], [2, 2]]}',
        '{"build": "park", "properties": [12, 13]}',
    )
    assert code == 0
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == 7
    assert answers[0] == {
        "legal": False,
        "reason": "a cinema needs two adjacent residences (this spot has 0)",
        "score": None,
        "breakdown": None,
    }
    b = answers[1]
    assert b["legal"] and b["score"] == 6
    assert b["breakdown"]["base"] == 2 and b["breakdown"]["multiplier"] == 2
    assert b["breakdown"]["multiplier_because"] == ["city_hall"]
    assert answers[2]["legal"] and answers[2]["score"] is None and answers[2]["breakdown"] is None
    assert not answers[3]["legal"] and "overlap" in answers[3]["reason"]
    assert answers[4]["legal"]
    assert answers[5]["reason"] == "a streetcar already runs on that street"
    assert answers[6]["reason"].startswith("a small park must touch the outskirts with exactly one")


def test_check_needs_city_hall_for_streetcars_but_not_for_tiles(capsys, tmp_path):
    d = dict(EXAMPLE, buildings=[], streetcars=[])
    f = tmp_path / "c.json"
    f.write_text(json.dumps(d))
    code, out, _ = run(
        capsys,
        "check",
        str(f),
        '{"streetcar": [[0, 0], [1, 0]]}',
        '{"neighborhood": 3, "x": -3, "y": 0, "rotation": 0}',
        '{"build": "park", "properties": [13, 16]}',
    )
    a = [json.loads(x) for x in out.splitlines()]
    assert not a[0]["legal"] and "City Hall" in a[0]["reason"]
    assert a[1]["legal"]
    assert not a[2]["legal"] and "City Hall" in a[2]["reason"]


@pytest.mark.parametrize(
    "argv",
    [
        ["describe", "/nonexistent/file.json"],
        ["check"],
        ["check", "EXAMPLE", "{not json"],
        ["check", "EXAMPLE", '{"fly": 3}'],
        ["selfplay", "--edition", "jumbo", "--players", "5"],
        ["bogus"],
    ],
)
def test_bad_input_exits_2_with_one_line(capsys, example, argv):
    argv = [example if a == "EXAMPLE" else a for a in argv]
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("bigcity-cli: ")


def test_broken_layout_file_exits_2(capsys, tmp_path):
    f = tmp_path / "bad.json"
    f.write_text("{")
    code, out, err = run(capsys, "describe", str(f))
    assert code == 2 and "not valid JSON" in err


def test_selfplay_is_reproducible(capsys):
    code, out, _ = run(capsys, "selfplay", "--edition", "original", "--players", "3", "--seed", "7", "--games", "3")
    a = json.loads(out)
    code, out, _ = run(capsys, "selfplay", "--edition", "original", "--players", "3", "--seed", "7", "--games", "3")
    b = json.loads(out)
    assert a["games"] == 3 and [r["seed"] for r in a["results"]] == [7, 8, 9]
    assert a["results"] == b["results"]
    assert set(a["results"][0]) == {"seed", "scores", "winners", "actions"}
    assert isinstance(a["games_per_second"], float)


def test_record_round_trip_and_replay_command(capsys, tmp_path):
    s = play_random_game("jumbo", 3, 11)
    f = tmp_path / "game.bigcity"
    write_record(f, s)
    g = read_record(f)
    assert g.state.scores == s.scores and g.state.is_over
    code, out, _ = run(capsys, "replay", str(f))
    assert json.loads(out)["scores"] == s.scores
    assert json.loads(out)["take_backs"] == 0
    write_record(f, s, extra={"take_backs": 2})
    code, out, _ = run(capsys, "replay", str(f))
    assert json.loads(out)["take_backs"] == 2


def test_a_record_with_an_illegal_action_is_refused_whole():
    s = play_random_game("original", 3, 4)
    data = record_to_json(s)
    data["actions"].insert(3, {"act": "build", "building": "bank", "properties": [11]})
    with pytest.raises(RecordError, match=r"action 4 \(build bank 11\) is not legal at that point"):
        load_record(data)


@pytest.mark.parametrize(
    "text,message",
    [
        ("{", "damaged"),
        ('{"format": "bigcity-layout"}', "not a Big City game record"),
        ('{"format": "bigcity-game", "version": 9}', "record version 9"),
        (
            '{"format": "bigcity-game", "version": 1, "edition": "original", "seed": 1, "players": [{"name": "A"}, {"name": "B"}], "actions": [{"act": "fly"}]}',
            "action 1 is damaged",
        ),
    ],
)
def test_broken_records_give_a_sentence(text, message):
    with pytest.raises(RecordError, match=message):
        load_record(text)


def test_atomic_write_leaves_no_temporary_files(tmp_path):
    s = play_random_game("original", 2, 1)
    f = tmp_path / "auto.bigcity"
    write_record(f, s)
    write_record(f, s)
    assert [p.name for p in tmp_path.iterdir()] == ["auto.bigcity"]
