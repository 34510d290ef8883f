"""The hostile-file corpus (tests/corpus/, made by make_corpus.py) through
every command of bigcity-cli: each file ends in exit status 2 and one line
on standard error, never a traceback, a hang or exit 0."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from bigcity_desktop import cli

CORPUS = Path(__file__).resolve().parent / "corpus"
DEMO = Path(__file__).resolve().parent / "sandbox" / "data" / "demo_layout.json"


def corpus(kind: str) -> list[Path]:
    return sorted(p for p in (CORPUS / kind).iterdir() if p.suffix in (".json", ".bigcity", ".toml"))


ALL = [p for k in ("record", "layout", "rules", "move") for p in corpus(k)]


def test_the_corpus_is_big_enough():
    assert len(ALL) >= 60
    assert all(len(corpus(k)) >= 10 for k in ("record", "layout", "rules", "move"))


def refused(capsys, *argv) -> str:
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code == 2, (argv, out, err)
    assert out == ""
    assert err.startswith("bigcity-cli: ") and err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("path", corpus("record"), ids=lambda p: p.stem)
def test_records_are_refused_by_replay(capsys, path):
    err = refused(capsys, "replay", path)
    assert path.name in err


@pytest.mark.parametrize("path", corpus("layout"), ids=lambda p: p.stem)
def test_layouts_are_refused_by_describe_check_and_render(capsys, path, tmp_path):
    refused(capsys, "describe", path)
    refused(capsys, "check", path, '{"build": "bank", "properties": [11]}')
    refused(capsys, "render", path, tmp_path / "out.png")
    assert not (tmp_path / "out.png").exists()


@pytest.mark.parametrize("path", corpus("rules"), ids=lambda p: p.stem)
def test_rules_files_are_refused_by_selfplay_and_tournament(capsys, path):
    refused(capsys, "selfplay", "--edition", path, "--players", "3")
    refused(capsys, "tournament", "--edition", path, "--players", "random,random", "--games", "1")


@pytest.mark.parametrize("path", corpus("move"), ids=lambda p: p.stem)
def test_moves_are_refused_by_check(capsys, path):
    err = refused(capsys, "check", DEMO, path.read_text(encoding="utf-8"))
    assert "move 1" in err


@pytest.mark.parametrize("path", ALL, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_every_file_is_refused_as_every_other_kind(capsys, path):
    refused(capsys, "describe", path)
    refused(capsys, "replay", path)


def test_special_files_are_refused_without_blocking(capsys, tmp_path):
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    for target in (fifo, Path("/dev/zero"), tmp_path, tmp_path / "missing.json"):
        for command in ("describe", "replay"):
            refused(capsys, command, target)
        refused(capsys, "selfplay", "--edition", target)


def test_files_over_the_size_cap_are_refused_unread(capsys, tmp_path):
    big = tmp_path / "big.bigcity"
    with open(big, "wb") as fh:
        fh.truncate(17 * 1024 * 1024)  # sparse: no disk is used
    assert "at most 16.0 MB" in refused(capsys, "replay", big)
    layout = tmp_path / "big.json"
    layout.write_text('{"format": "bigcity-layout", "name": "' + "x" * (1024 * 1024) + '"}')
    assert "at most 1.0 MB" in refused(capsys, "describe", layout)


def test_a_megabyte_name_is_refused(capsys, tmp_path):
    data = json.loads((CORPUS / "record" / "name_long.bigcity").read_text())
    data["players"][0]["name"] = "N" * (1024 * 1024)
    f = tmp_path / "meganame.bigcity"
    f.write_text(json.dumps(data))
    assert "at most 40" in refused(capsys, "replay", f)


def test_render_to_an_unwritable_place_fails_in_one_line(capsys, tmp_path):
    for out in (DEMO / "inside-a-file.svg", tmp_path / "no" / "such" / "folder.png", tmp_path):
        target = out if out != tmp_path else tmp_path
        if target == tmp_path:
            target = tmp_path / "folder.svg"
            target.mkdir()
        err = refused(capsys, "render", DEMO, target)
        assert "cannot write" in err
    assert not list(tmp_path.glob(".*"))  # no temporary image left behind
