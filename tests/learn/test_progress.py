"""The store of solved puzzles and tutorial progress."""

from __future__ import annotations

import json
import os

import pytest

from bigcity_desktop.learn import Progress, ProgressError, TutorialRun, load_tutorial, read_progress, write_progress


def test_a_missing_file_is_an_empty_progress(tmp_path):
    p = read_progress(tmp_path / "learn.json")
    assert p.solved == {} and p.tutorials == {} and p.finished == set()


def test_progress_round_trips_through_its_file(tmp_path):
    path = tmp_path / "sub" / "learn.json"
    p = Progress()
    assert p.mark_solved("original-01", 11)
    assert not p.mark_solved("original-01", 9)  # a weaker result keeps the better one
    assert p.mark_solved("original-01", 12)
    run = TutorialRun(load_tutorial("jumbo"))
    run.next()
    run.next()
    p.save_tutorial("jumbo", run.save())
    p.save_tutorial("original", {}, finished=True)
    write_progress(path, p)
    assert [f.name for f in path.parent.iterdir()] == ["learn.json"]  # no temporary file left
    again = read_progress(path)
    assert again.solved == {"original-01": 12} and again.is_solved("original-01")
    assert again.finished == {"original"} and again.tutorial_progress("original") is None
    resumed = TutorialRun.restore(load_tutorial("jumbo"), again.tutorial_progress("jumbo"))
    assert resumed.index == 2
    again.forget_tutorial("jumbo")
    assert again.tutorial_progress("jumbo") is None


def test_a_damaged_progress_file_is_refused_with_a_sentence(tmp_path):
    path = tmp_path / "learn.json"
    for text, wanted in [
        ("{", "not valid JSON"),
        ("[]", "expected"),
        ('{"format": "other", "version": 1}', "not a Big City progress file"),
        ('{"format": "bigcity-learn-progress", "version": 7}', "unsupported version"),
        ('{"format": "bigcity-learn-progress", "version": 1, "solved": {"a": "x"}}', "solved"),
        ('{"format": "bigcity-learn-progress", "version": 1, "tutorials": {"a": 3}}', "tutorials"),
        ('{"format": "bigcity-learn-progress", "version": 1, "finished": [3]}', "finished"),
        ('{"format": "bigcity-learn-progress", "version": 1, "extra": 1}', "unknown entry"),
    ]:
        path.write_text(text, encoding="utf-8")
        with pytest.raises(ProgressError, match=wanted):
            read_progress(path)
    os.remove(path)
    os.mkdir(path)
    with pytest.raises(ProgressError, match="not a regular file"):
        read_progress(path)


def test_the_file_is_plain_json(tmp_path):
    path = tmp_path / "learn.json"
    p = Progress()
    p.mark_solved("jumbo-02", 15)
    write_progress(path, p)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data == {
        "format": "bigcity-learn-progress",
        "version": 1,
        "solved": {"jumbo-02": 15},
        "tutorials": {},
        "finished": [],
    }
