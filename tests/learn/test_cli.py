"""``bigcity-cli puzzle check``."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from bigcity_desktop.cli import main
from bigcity_desktop.engine.datafiles import resource_path
from bigcity_desktop.learn import TutorialError, load_tutorial


def test_puzzle_check_prints_the_solvers_verdict(capsys):
    path = str(resource_path("puzzles", "original-09.json"))
    assert main(["puzzle", "check", path]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["id"] == "original-09" and out["edition"] == "original"
    assert out["solvable"] is True and out["exhaustive"] is True and out["agrees"] is True
    assert out["best"] == out["stated_best"] == 20
    assert out["answer"] == ["build city_hall 41", "build business 42 43 44"]
    assert out["goal"] == {"type": "build", "building": "city_hall", "turns": 2, "at_least": 20}


def test_puzzle_check_says_when_the_stated_best_is_not_the_best(tmp_path, capsys):
    data = json.loads(resource_path("puzzles", "original-09.json").read_text(encoding="utf-8"))
    data["answer"] = ["build city_hall 41", "build business 42 43"]
    data["best"] = 14
    data["goal"]["at_least"] = 14
    path = tmp_path / "weaker.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["puzzle", "check", str(path)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["best"] == 20 and out["stated_best"] == 14 and out["agrees"] is False


def test_puzzle_check_with_a_tiny_budget_is_not_exhaustive(capsys):
    path = str(resource_path("puzzles", "jumbo-06.json"))
    assert main(["puzzle", "check", path, "--budget", "20"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["exhaustive"] is False and out["positions"] == 21


def test_puzzle_check_refuses_a_broken_file_with_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    for content in ("{", '{"format": "bigcity-puzzle"}', "[]"):
        bad.write_text(content, encoding="utf-8")
        assert main(["puzzle", "check", str(bad)]) == 2
        cap = capsys.readouterr()
        assert cap.out == "" and cap.err.startswith("bigcity-cli: bad.json: ") and cap.err.count("\n") == 1
    assert main(["puzzle", "check", str(tmp_path / "missing.json")]) == 2
    assert "cannot read it" in capsys.readouterr().err
    assert main(["puzzle", "check", str(bad), "--budget", "0"]) == 2
    assert main(["puzzle"]) == 2


def test_every_hostile_file_is_refused_as_a_puzzle_and_a_tutorial(capsys, tmp_path):
    corpus = Path(__file__).resolve().parent.parent / "corpus"
    files = sorted(p for k in ("record", "layout", "rules", "move") for p in (corpus / k).iterdir() if p.is_file())
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    assert len(files) >= 60
    for path in [*files, fifo, Path("/dev/zero"), tmp_path]:
        assert main(["puzzle", "check", str(path)]) == 2, path
        cap = capsys.readouterr()
        assert cap.out == "" and cap.err.count("\n") == 1 and "Traceback" not in cap.err
        with pytest.raises(TutorialError):
            load_tutorial(path)
