"""One app, one writer: a second launch hands its file to the running app
(two real processes), a profile is an app of its own, and a locked saved
game is never resumed or cleaned by another process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bigcity_desktop import single
from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.record import PlayerInfo, write_record

pytestmark = pytest.mark.slow


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        {
            "QT_QPA_PLATFORM": "offscreen",
            "BIGCITY_DATA_DIR": str(tmp_path / "data"),
            "XDG_CONFIG_HOME": str(tmp_path / "config"),
            "HOME": str(tmp_path),
        }
    )
    env.pop("XDG_RUNTIME_DIR", None)
    return env


def _name(tmp_path: Path, profile: str = "") -> str:
    """Where the app of `profile` listens (the tests' own XDG_RUNTIME_DIR is
    left out: the apps run without one, in the data folder's run folder)."""
    data = tmp_path / "data"
    folder = data / "profiles" / profile if profile else data
    saved = os.environ.pop("XDG_RUNTIME_DIR", None)
    try:
        address, refused = single.instance_address(f"{profile}\0{folder}", folder)
    finally:
        if saved is not None:
            os.environ["XDG_RUNTIME_DIR"] = saved
    assert address is not None, refused
    return address


def _wait(cond, timeout: float = 60.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.1)
    return False


def _game(tmp_path: Path) -> Path:
    s = GameState.new("original", 3, 5)
    while len(s.history) < 12:
        s.apply(s.legal_actions()[0])
    path = tmp_path / "handed.bigcity"
    write_record(path, s, [PlayerInfo("You"), PlayerInfo("Bea", "easy"), PlayerInfo("Carl", "easy")])
    return path


def test_a_second_launch_hands_its_file_to_the_running_app(tmp_path, qapp):
    env = _env(tmp_path)
    first = subprocess.Popen([sys.executable, "-m", "bigcity_desktop", "--no-resume"], env=env)
    try:
        assert _wait(lambda: single.hand_over(_name(tmp_path), {}, 300)), "the first app never listened"
        game = _game(tmp_path)
        second = subprocess.run(
            [sys.executable, "-m", "bigcity_desktop", str(game)], env=env, timeout=120, capture_output=True
        )
        assert second.returncode == 0  # it handed the file over and quit
        games = tmp_path / "data" / "games"

        def opened() -> bool:
            for p in games.glob("*.bigcity"):
                try:
                    return len(json.loads(p.read_text())["actions"]) >= 12
                except (OSError, ValueError, KeyError):
                    pass
            return False

        assert _wait(opened), "the running app did not open the handed file"
        # a profile is an app on purpose: it does not hand over, it runs
        other = subprocess.Popen([sys.executable, "-m", "bigcity_desktop", "--no-resume", "--profile", "p2"], env=env)
        try:
            assert _wait(lambda: single.hand_over(_name(tmp_path, "p2"), {}, 300))
            assert other.poll() is None
        finally:
            other.kill()
            other.wait(30)
    finally:
        first.kill()
        first.wait(30)


def test_a_stale_socket_of_a_crashed_app_is_taken_over(tmp_path, qapp):
    env = _env(tmp_path)
    first = subprocess.Popen([sys.executable, "-m", "bigcity_desktop", "--no-resume"], env=env)
    assert _wait(lambda: single.hand_over(_name(tmp_path), {}, 300))
    first.kill()  # as a crash: the socket file stays behind
    first.wait(30)
    again = subprocess.Popen([sys.executable, "-m", "bigcity_desktop", "--no-resume"], env=env)
    try:
        assert _wait(lambda: single.hand_over(_name(tmp_path), {}, 300)), "the new app did not take the socket over"
        assert again.poll() is None
    finally:
        again.kill()
        again.wait(30)


_HOLDER = """
import sys, time
from PySide6.QtCore import QCoreApplication
app = QCoreApplication([])
from bigcity_desktop.session.saves import SaveSlot
slot = SaveSlot(sys.argv[1], __import__("pathlib").Path(sys.argv[2]))
assert slot.acquire()
print("held", flush=True)
time.sleep(600)
"""


def test_a_game_another_process_plays_is_not_resumed_or_cleaned(tmp_path, qapp):
    from bigcity_desktop.session.saves import Saves, SaveSlot

    folder = tmp_path / "games"
    slot = SaveSlot.new(folder)
    s = GameState.new("original", 2, 1)
    slot.write(s, [PlayerInfo("You"), PlayerInfo("Bea", "easy")], {})
    slot.release()
    temp = folder / f".{slot.path.name}.abc.tmp"
    temp.write_text("a half-written autosave")
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, slot.id, str(folder)], stdout=subprocess.PIPE, text=True, env=_env(tmp_path)
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        saves = Saves(folder)
        (summary,) = saves.summaries()
        assert summary.busy
        assert not SaveSlot(slot.id, folder).acquire()  # never resumed
        saves.tidy()
        assert temp.exists()  # never cleaned while it is played
    finally:
        holder.kill()
        holder.wait(30)
    # its process has gone: the lock is stale and taken over
    taken = SaveSlot(slot.id, folder)
    assert taken.acquire()
    taken.release()
    Saves(folder).tidy()
    assert not temp.exists()
