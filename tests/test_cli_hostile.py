"""bigcity-cli refuses what it cannot finish (issue 26, point 5 and the
command-line rows of its table): seeds a record cannot hold, file names
from unsafe parts, more workers than cores, unwritable or full output
folders and write errors (one line, exit 2, no traceback, no library
lines), and consoles that cannot show every character."""

from __future__ import annotations

import errno
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bigcity_desktop import cli, cliargs
from bigcity_desktop.bots.levels import PLAYER_KINDS
from bigcity_desktop.engine.jsonio import MAX_ABS_INT
from bigcity_desktop.engine.record import read_record

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "tests" / "sandbox" / "data" / "demo_layout.json"
_spec = importlib.util.spec_from_file_location("hostile_inputs", ROOT / "scripts" / "hostile_inputs.py")
assert _spec and _spec.loader
hostile = importlib.util.module_from_spec(_spec)
sys.modules["hostile_inputs"] = hostile
_spec.loader.exec_module(hostile)

LINUX_FULL = Path("/dev/full")
needs_dev_full = pytest.mark.skipif(not LINUX_FULL.exists(), reason="no /dev/full here")


def refused(capsys, *argv) -> str:
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code == 2, (argv, out, err)
    assert out == ""
    assert err.startswith("bigcity-cli: ") and err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.fixture(scope="module")
def rtl_record(tmp_path_factory):
    path = tmp_path_factory.mktemp("rtl") / "rtl.bigcity"
    hostile.write_endless_record(path, 60, rtl=True)
    return path


@pytest.fixture(scope="module")
def house_rules(tmp_path_factory):
    folder = tmp_path_factory.mktemp("house") / "sub"
    folder.mkdir()
    text = (ROOT / "resources" / "rules" / "original.toml").read_text(encoding="utf-8")
    text = text.replace('edition = "original"', 'edition = "my house"\nbase_edition = "original"', 1)
    path = folder / "X.toml"
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------- seeds
@pytest.mark.parametrize("seed", ["-1", str(10**32), str(MAX_ABS_INT + 1), "1e3", "٣"])
def test_seeds_a_record_cannot_hold_are_refused_before_any_game(capsys, tmp_path, seed):
    folder = tmp_path / "games"
    err = refused(capsys, "selfplay", "--seed", seed, "--players", "2", "--record-dir", folder)
    assert "seed" in err
    assert not folder.exists() or not list(folder.iterdir())
    refused(capsys, "tournament", "--players", "random,random", "--games", "1", "--seed", seed)


def test_the_last_seed_of_a_run_must_fit_too(capsys, tmp_path):
    err = refused(capsys, "selfplay", "--seed", MAX_ABS_INT, "--games", "2", "--players", "2", "--record-dir", tmp_path)
    assert str(MAX_ABS_INT) in err and not list(tmp_path.iterdir())
    refused(capsys, "tournament", "--players", "random,random", "--games", "2", "--seed", MAX_ABS_INT)


def test_the_largest_seed_gives_a_record_replay_reads(capsys, tmp_path):
    assert cli.main(["selfplay", "--seed", str(MAX_ABS_INT), "--players", "2", "--record-dir", str(tmp_path)]) == 0
    (path,) = tmp_path.iterdir()
    assert json.loads(capsys.readouterr().out)["results"][0]["seed"] == MAX_ABS_INT
    assert read_record(path, player_kinds=PLAYER_KINDS).state.seed == MAX_ABS_INT


def test_analyze_refuses_a_seed_out_of_range(capsys, rtl_record):
    refused(capsys, "analyze", rtl_record, "--seed", "-1")


# ---------------------------------------------------------------- file names
def test_record_names_are_made_of_safe_parts_inside_the_record_dir(capsys, tmp_path, house_rules):
    folder = tmp_path / "D"
    # the edition path climbs out of its folder and back
    edition = str(house_rules.parent / ".." / "sub" / "X.toml")
    before = set(tmp_path.rglob("*"))
    assert cli.main(["selfplay", "--edition", edition, "--players", "2", "--record-dir", str(folder)]) == 0
    out = json.loads(capsys.readouterr().out)
    (path,) = folder.iterdir()
    assert path.name == "selfplay-my_house-2p-seed0.bigcity"
    assert out["results"][0]["record"] == str(path)
    assert set(tmp_path.rglob("*")) - before == {folder, path}
    for text in ("/../../../X.toml", "..", "a/b\\c:d*e?f", "\u202eevil", ""):
        part = cliargs.safe_part(text)
        assert part and all(c.isascii() and (c.isalnum() or c in "-_") for c in part), (text, part)
        assert cliargs.record_path(folder, "selfplay", text).parent == folder


def test_an_edition_path_that_does_not_exist_is_refused(capsys, tmp_path):
    refused(capsys, "selfplay", "--edition", "/../../../X.toml", "--record-dir", tmp_path / "D")
    assert not (tmp_path / "D").exists() or not list((tmp_path / "D").iterdir())


# ---------------------------------------------------------------- workers
def test_workers_are_capped_at_the_cores_and_it_says_so(capsys, monkeypatch):
    from bigcity_desktop.bots import cli as bots_cli
    from bigcity_desktop.bots import tournament

    asked = []
    real = tournament.run_tournament

    def spy(edition, names, games, seed=0, workers=1, progress=None, record_dir=None):
        asked.append(workers)
        return real(edition, names, games, seed, 1, progress, record_dir)

    monkeypatch.setattr(tournament, "run_tournament", spy)
    args = ["tournament", "--players", "random,random", "--games", "2", "--json"]
    assert cli.main(args + ["--workers", "100000"]) == 0
    err = capsys.readouterr().err
    cores = bots_cli.cores()
    assert asked == [min(cores, 2)]
    assert f"--workers 100000 is more than the {cores} core(s) here: using {cores}" in err


# ---------------------------------------------------------------- write errors
def _full_disk(monkeypatch):
    """Every fsync fails as on a full disk (the record writer and the
    folder check both flush their files to the disk)."""

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)


def test_a_full_record_dir_is_refused_before_any_game(capsys, monkeypatch, tmp_path):
    _full_disk(monkeypatch)
    for argv in (
        ["selfplay", "--players", "2", "--record-dir", tmp_path],
        ["tournament", "--players", "random,random", "--games", "2", "--record-dir", tmp_path],
    ):
        err = refused(capsys, *argv)
        assert "No space left on device" in err and str(tmp_path) in err
    assert not list(tmp_path.iterdir())


def test_a_disk_that_fills_up_during_a_tournament_gives_one_line(capsys, monkeypatch, tmp_path):
    from bigcity_desktop.engine import record

    def full(path, *args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

    monkeypatch.setattr(record, "write_record", full)
    err = refused(capsys, "tournament", "--players", "random,random", "--games", "2", "--record-dir", tmp_path)
    assert "No space left on device" in err and "tournament-0.bigcity" in err


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="no /proc here")
def test_an_unwritable_record_dir_gives_one_line(capsys):
    # even root cannot make folders under /proc
    for argv in (
        ["selfplay", "--players", "2", "--record-dir", "/proc/self/bigcity-games"],
        ["tournament", "--players", "random,random", "--games", "1", "--record-dir", "/proc/self/bigcity-games"],
    ):
        refused(capsys, *argv)


@needs_dev_full
def test_render_onto_a_full_disk_gives_one_line_and_no_library_lines(capfd, tmp_path):
    out = tmp_path / "city.png"
    out.symlink_to(LINUX_FULL)
    code = cli.main(["render", str(DEMO), str(out), "--width", "200"])
    stdout, stderr = capfd.readouterr()
    assert code == 2 and stdout == ""
    assert stderr.count("\n") == 1 and "No space left on device" in stderr, stderr
    assert "libpng" not in stderr and "Traceback" not in stderr
    assert out.is_symlink() and os.readlink(out) == str(LINUX_FULL)  # the device is written to, never replaced


def test_render_write_errors_give_one_line(capfd, monkeypatch, tmp_path):
    _full_disk(monkeypatch)
    out = tmp_path / "city.svg"
    code = cli.main(["render", str(DEMO), str(out), "--width", "200"])
    stdout, stderr = capfd.readouterr()
    assert code == 2 and stdout == "" and stderr.count("\n") == 1 and "No space left on device" in stderr
    assert not list(tmp_path.iterdir())


# ---------------------------------------------------------------- every sub-command
def _run(*argv, stdout=subprocess.PIPE, env=None):
    return subprocess.run(
        [sys.executable, "-m", "bigcity_desktop.cli", *map(str, argv)],
        stdout=stdout,
        stderr=subprocess.PIPE,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen", **(env or {})},
        timeout=300,
        cwd=ROOT,
    )


def _every_command(record, folder):
    return {
        "describe": ["describe", DEMO],
        "check": ["check", DEMO, '{"build": "bank", "properties": [11]}'],
        "selfplay": ["selfplay", "--players", "2", "--seed", "3"],
        "replay": ["replay", record],
        "tournament": ["tournament", "--players", "random,random", "--games", "2"],
        "analyze": ["analyze", record, "--max-decisions", "2"],
        "render": ["render", DEMO, folder / "city.svg", "--width", "200"],
    }


COMMANDS = ("describe", "check", "selfplay", "replay", "tournament", "analyze", "render")


@pytest.mark.slow
@needs_dev_full
@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_answering_onto_a_full_disk_gives_one_line(command, rtl_record, tmp_path):
    argv = _every_command(rtl_record, tmp_path)[command]
    with open(LINUX_FULL, "w") as full:
        done = _run(*argv, stdout=full)
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2, err
    lines = [ln for ln in err.replace("\r", "\n").splitlines() if ln.startswith("bigcity-cli")]
    assert lines == [lines[-1]] and "No space left on device" in lines[-1], err
    assert "Traceback" not in err and "Exception ignored" not in err


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_survives_an_ascii_console(command, rtl_record, tmp_path):
    argv = _every_command(rtl_record, tmp_path)[command]
    done = _run(*argv, env={"PYTHONIOENCODING": "ascii"})
    err = done.stderr.decode("ascii", "replace")
    assert done.returncode == 0, err
    assert "Traceback" not in err
    done.stdout.decode("ascii")  # nothing but ASCII reached the console


@pytest.mark.slow
def test_analyze_text_report_with_right_to_left_names_on_an_ascii_console(rtl_record):
    done = _run("analyze", rtl_record, "--max-decisions", "2", "--quiet", env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("ascii")
    assert "\\u05d0" in out and "skipped" in out
