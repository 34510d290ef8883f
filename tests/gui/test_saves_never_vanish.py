"""Saved games the player must never lose sight of (issue 36): a lock file a
power loss left empty, a record cut in half, a `games` that is a file, the
summary's temporary files after a kill, a damaged kept sandbox layout."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.record import PlayerInfo
from bigcity_desktop.session import locks
from bigcity_desktop.session.saves import Saves, SaveSlot

from .nobody import needs_root, nobody_python, shared_folder


@pytest.fixture
def shared_dir():
    with shared_folder() as d:
        yield d


PLAYERS = [PlayerInfo("You"), PlayerInfo("Bea", "easy")]


def _saved(folder: Path) -> SaveSlot:
    slot = SaveSlot.new(folder)
    s = GameState.new("original", 2, 1)
    while len(s.history) < 6:
        s.apply(s.legal_actions()[0])
    slot.write(s, PLAYERS, {})
    slot.release()
    return slot


def _age(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


@pytest.mark.parametrize("content", [b"", b"\x00\x00\x00", b"garbage\nmore garbage\n", b"-5\n"])
def test_a_lock_that_names_no_process_is_stale_after_a_few_seconds(tmp_path, qapp, content):
    folder = tmp_path / "games"
    slot = _saved(folder)
    (folder / f"{slot.id}.lock").write_bytes(content)  # a power loss between creating the lock and writing it
    _age((folder / f"{slot.id}.lock"), locks.GARBLED_LOCK_AGE + 5)
    (summary,) = Saves(folder).summaries()
    assert not summary.busy  # offered in Continue
    again = SaveSlot(slot.id, folder)
    assert again.acquire()
    again.release()


def test_a_lock_being_written_now_is_left_alone(tmp_path, qapp):
    folder = tmp_path / "games"
    slot = _saved(folder)
    (folder / f"{slot.id}.lock").write_bytes(b"")  # a window making its lock this instant
    assert not SaveSlot(slot.id, folder).acquire()
    (summary,) = Saves(folder).summaries()
    assert summary.busy
    assert (folder / f"{slot.id}.lock").exists()


def test_a_games_file_says_what_is_wrong_with_the_folder(tmp_path, qapp):
    folder = tmp_path / "games"
    folder.write_text("not a folder")
    slot = SaveSlot.new(folder)
    assert not slot.acquire()
    assert slot.problem is not None and "is a file, not a folder" in slot.problem
    with pytest.raises(RuntimeError) as err:
        slot.write(GameState.new("original", 2, 1), PLAYERS, {})
    assert "another window" not in str(err.value).lower()
    assert str(folder) in str(err.value)
    assert Saves(folder).problem() == slot.problem


def test_the_summary_temp_files_a_kill_leaves_are_tidied(tmp_path, qapp):
    folder = tmp_path / "games"
    slot = _saved(folder)
    leftovers = [
        folder / f".{slot.summary_path.name}.12345.tmp",  # the old writer's name
        folder / f".{slot.summary_path.name}.abcdef.tmp",
        folder / f".{slot.path.name}.abcdef.tmp",
    ]
    for p in leftovers:
        p.write_text("{half")
    assert Saves(folder).tidy() == 3
    assert not any(p.exists() for p in leftovers)
    assert slot.summary_path.exists() and slot.path.exists()


_HOLDER = """
import sys
from PySide6.QtCore import QCoreApplication
app = QCoreApplication([])
from bigcity_desktop.session.saves import SaveSlot
slot = SaveSlot(sys.argv[1], __import__("pathlib").Path(sys.argv[2]))
print("held" if slot.acquire() else "refused", flush=True)
sys.stdin.read()
"""


@needs_root
def test_another_users_lock_is_never_taken_over(shared_dir, qapp):
    """A lock held by another user (nobody) on a shared folder: the game is
    busy, and the lock is neither read as garbage nor removed."""
    folder = shared_dir / "games"
    slot = _saved(folder)
    os.chmod(folder, 0o777)
    holder = nobody_python(_HOLDER, slot.id, str(folder), stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        _age((folder / f"{slot.id}.lock"), locks.GARBLED_LOCK_AGE + 5)
        (summary,) = Saves(folder).summaries()
        assert summary.busy
        assert (folder / f"{slot.id}.lock").exists()
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(30)


def _cut_in_half(slot: SaveSlot) -> None:
    raw = slot.path.read_bytes()
    slot.path.write_bytes(raw[: len(raw) // 2])
    slot.summary_path.unlink()


def test_a_record_cut_in_half_is_listed_as_damaged_and_kept_aside(tmp_path, qapp):
    folder = tmp_path / "games"
    good = _saved(folder)
    bad = _saved(folder)
    _cut_in_half(bad)
    cut = bad.path.read_bytes()
    saves = Saves(folder)
    found = saves.summaries()
    assert [s.id for s in found] == [bad.id, good.id]  # the damaged one first
    damaged = found[0]
    assert damaged.damaged is not None and "damaged" in damaged.damaged
    assert damaged.path == folder / "damaged" / bad.path.name
    assert damaged.path.read_bytes() == cut  # kept aside, never deleted
    assert not bad.path.exists()
    # listed while the app runs (another dialog, another look), until dismissed
    assert [s.id for s in Saves(folder).summaries()] == [bad.id, good.id]
    saves.dismiss(damaged)
    assert [s.id for s in Saves(folder).summaries()] == [good.id]
    assert damaged.path.read_bytes() == cut


def test_the_continue_list_shows_a_damaged_game_in_one_sentence(tmp_path, qtbot):
    from bigcity_desktop.game.gamefiles.continue_dialog import ContinueDialog

    folder = tmp_path / "games"
    _saved(folder)
    bad = _saved(folder)
    _cut_in_half(bad)
    dlg = ContinueDialog(Saves(folder))
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    item = dlg.list.item(0)
    assert "damaged" in item.text().lower() and "kept as" in item.text()
    assert "kept" in dlg.intro.text()
    assert item.toolTip().count(".") >= 1 and str(folder / "damaged") in item.toolTip()
    dlg.list.setCurrentRow(0)
    assert not dlg.continue_button.isEnabled()  # it cannot be continued
    assert dlg.delete_button.isEnabled()
    if os.environ.get("BIGCITY_SCREENSHOTS"):
        dlg.grab().save(os.path.join(os.environ["BIGCITY_SCREENSHOTS"], "continue-damaged.png"))
    assert dlg.delete_current(confirm=False)  # dismissed, the file stays
    assert len(dlg.summaries()) == 1 and dlg.summaries()[0].damaged is None
    assert (folder / "damaged" / bad.path.name).exists()


def test_a_games_file_is_said_in_continue(tmp_path, qtbot):
    from bigcity_desktop.game.gamefiles.continue_dialog import ContinueDialog

    folder = tmp_path / "games"
    folder.write_text("not a folder")
    dlg = ContinueDialog(Saves(folder))
    qtbot.addWidget(dlg)
    assert "is a file, not a folder" in dlg.intro.text()
