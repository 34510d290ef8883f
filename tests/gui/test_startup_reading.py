"""Start-up reads the saved games beside the window (issue 36, freezes):
the window is up before the slots are read, Continue opens when they have
been, the reading runs on a worker thread, a long old autosave is read once
and a damaged one is reported as before."""

from __future__ import annotations

import os
import shutil
import threading

import pytest

from bigcity_desktop.engine import GameState
from bigcity_desktop.engine import record as record_mod
from bigcity_desktop.engine.layout import layout_to_json
from bigcity_desktop.engine.record import PlayerInfo, write_record
from bigcity_desktop.game.gamefiles import continue_dialog
from bigcity_desktop.session import autosave
from bigcity_desktop.session import saves as saves_mod
from bigcity_desktop.session.saves import Saves, SaveSlot, SaveSummary

from .conftest import advance

PLAYERS = [PlayerInfo("Ann", "human"), PlayerInfo("Bob", "easy")]


def many_slots(folder, n: int) -> list[str]:
    """`n` unfinished games (copies of one), their ids."""
    state = advance(GameState.new("original", 2, 4, ["Ann", "Bob"]), lambda s: len(s.history) >= 12)
    first = SaveSlot.new(folder)
    assert first.acquire()
    first.write(state, PLAYERS, {})
    first.release()
    ids = [first.id]
    for i in range(1, n):
        sid = f"20240101-000000-{i:06x}"
        for ext in (".bigcity", ".json"):
            shutil.copy(folder / f"{first.id}{ext}", folder / f"{sid}{ext}")
        ids.append(sid)
    return ids


class HeldReading:
    """Saves.summary replaced by one that notes who reads which slot and
    waits at `gate` (set by the test) before it reads."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.gate = threading.Event()
        self.readers: set[int] = set()
        self.read: list[str] = []
        real = Saves.summary

        def summary(saves: Saves, slot: SaveSlot) -> SaveSummary | None:
            self.readers.add(threading.get_ident())
            self.read.append(slot.id)
            self.gate.wait(timeout=60)  # the test looks at the window meanwhile
            return real(saves, slot)

        monkeypatch.setattr(Saves, "summary", summary)


def test_many_slots_are_read_beside_the_window_and_continue_comes_after(window, qtbot, monkeypatch):
    window.ctrl.session.set_paused(True)
    folder = window.files.saves().folder
    ids = many_slots(folder, 40)
    held = HeldReading(monkeypatch)
    gate, readers = held.gate, held.readers
    new_games = []
    monkeypatch.setattr(window.files.services, "show_new_game", lambda: new_games.append(True))
    assert not window.files.offer_resume(background=True)
    qtbot.waitUntil(lambda: bool(readers))
    assert window.isVisible() and window.files.continue_dialog is None  # the window is up, nothing read yet
    with qtbot.waitSignal(window.files.resumeOffered, timeout=60_000) as offered:
        gate.set()
    assert offered.args == [True] and not new_games
    assert readers and threading.get_ident() not in readers, "the slots were read on the GUI thread"
    scan_thread = window.files.continue_dialog  # the dialog is open with every game, newest first
    assert scan_thread is not None and scan_thread.isVisible()
    assert sorted(s.id for s in scan_thread.summaries()) == sorted(ids)
    scan_thread.close()


def test_the_start_up_check_runs_off_the_gui_thread(window, qtbot, data_dir, monkeypatch):
    window.ctrl.session.set_paused(True)
    state = advance(GameState.new("original", 2, 5, ["Ann", "Bob"]), lambda s: len(s.history) >= 12)
    write_record(autosave.autosave_path(), state, PLAYERS, {})
    checked: list[int] = []
    real = autosave.check

    def check(path=None, progress=None):
        checked.append(threading.get_ident())
        return real(path, progress)

    monkeypatch.setattr(autosave, "check", check)
    with qtbot.waitSignal(window.files.resumeOffered, timeout=60_000) as offered:
        window.files.offer_resume(background=True)
    assert offered.args == [True]
    assert checked and checked[0] != threading.get_ident()
    (found,) = window.files.continue_dialog.summaries()
    assert found.players == tuple(PLAYERS) and found.round == state.round
    window.files.continue_dialog.close()


def test_an_old_autosave_is_read_once(window, data_dir, monkeypatch):
    state = advance(GameState.new("original", 2, 6, ["Ann", "Bob"]), lambda s: len(s.history) >= 12)
    write_record(autosave.autosave_path(), state, PLAYERS, {})
    reads = []
    real = record_mod.read_record

    def read_record(*args, **kwargs):
        reads.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(record_mod, "read_record", read_record)
    monkeypatch.setattr(saves_mod, "read_record", read_record)
    assert window.files.offer_resume()
    assert len(reads) == 1, f"the autosave was read {len(reads)} times"
    (found,) = window.files.continue_dialog.summaries()
    assert found.round == state.round and (found.path.with_suffix(".json")).is_file()
    window.files.continue_dialog.close()


def test_a_damaged_autosave_read_beside_the_window_is_still_reported(window, qtbot, data_dir, monkeypatch):
    data_dir.mkdir(parents=True, exist_ok=True)
    autosave.autosave_path().write_text("[" * 100000)
    new_games = []
    monkeypatch.setattr(window.files.services, "show_new_game", lambda: new_games.append(True))
    with qtbot.waitSignal(window.files.resumeOffered, timeout=60_000) as offered:
        window.files.offer_resume(background=True)
    assert offered.args == [False] and new_games == [True]
    assert list(data_dir.glob("autosave-unreadable-*.bigcity"))
    box = window.files.autosave_box
    assert box is not None and box.isVisible() and "cannot be opened" in box.text()
    box.close()


def test_tidying_many_slots_lists_the_folder_a_few_times_not_once_a_slot(tmp_path, qapp, monkeypatch):
    folder = tmp_path / "games"
    folder.mkdir()
    ids = many_slots(folder, 30)
    leftover = folder / f".{ids[7]}.bigcity.abc123.tmp"
    leftover.write_text("partial")
    listings = []
    real = os.scandir

    def scandir(path="."):
        listings.append(path)
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    assert Saves(folder).tidy() == 1
    assert not leftover.exists()
    # the leftovers, the slots, the one slot cleaned: not once per slot
    assert len(listings) <= 3, f"the folder was listed {len(listings)} times"


def summary(i: int, layout) -> SaveSummary:
    return SaveSummary(f"s{i}", tmp_file(i), tuple(PLAYERS), "Big City", 3, (1, 2), False, 0.0, layout)


def tmp_file(i: int):
    from pathlib import Path

    return Path(f"/nonexistent/s{i}.bigcity")


def test_the_continue_list_draws_its_thumbnails_a_few_at_a_time(qtbot, monkeypatch):
    state = advance(GameState.new("original", 2, 7, ["Ann", "Bob"]), lambda s: len(s.history) >= 12)
    layout = layout_to_json(state.city)
    drawn = []
    real = continue_dialog.thumbnail

    def thumbnail(s, side, dpr):
        drawn.append(s.id)
        return real(s, side, dpr)

    monkeypatch.setattr(continue_dialog, "thumbnail", thumbnail)
    monkeypatch.setattr(continue_dialog, "DRAW_BUDGET", 0.0)  # one thumbnail at a time
    d = continue_dialog.ContinueDialog(Saves(), summaries=[summary(i, layout) for i in range(12)])
    qtbot.addWidget(d)
    # the list is there at once; the thumbnails wait for the dialog to be shown, the top first
    assert len(d.summaries()) == 12 and drawn == [] and d.drawing()
    qtbot.waitUntil(lambda: drawn == ["s0"] or len(drawn) > 1)
    assert drawn[0] == "s0"
    qtbot.waitUntil(lambda: len(drawn) == 12)
    assert drawn == [f"s{i}" for i in range(12)] and not d.to_draw


def test_thumbnails_out_of_view_are_drawn_when_scrolled_to(qtbot, monkeypatch):
    state = advance(GameState.new("original", 2, 7, ["Ann", "Bob"]), lambda s: len(s.history) >= 12)
    layout = layout_to_json(state.city)
    drawn: list[str] = []
    real = continue_dialog.thumbnail
    monkeypatch.setattr(continue_dialog, "thumbnail", lambda s, side, dpr: drawn.append(s.id) or real(s, side, dpr))
    d = continue_dialog.ContinueDialog(Saves(), summaries=[summary(i, layout) for i in range(80)])
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    qtbot.waitUntil(lambda: not d._drawing.isActive())
    assert "s0" in drawn and "s79" not in drawn and len(drawn) < 40  # the rows in view, a few more
    d.list.scrollToBottom()
    qtbot.waitUntil(lambda: "s79" in drawn)
    assert len(set(drawn)) == len(drawn)  # each drawn once


def test_the_menus_continue_opens_at_once_and_reads_on_another_thread(window, qtbot, monkeypatch):
    window.ctrl.session.set_paused(True)
    folder = window.files.saves().folder
    ids = many_slots(folder, 60)
    held = HeldReading(monkeypatch)
    gate, readers = held.gate, held.readers
    monkeypatch.setattr(Saves, "summaries", lambda self: pytest.fail("Continue read every slot on the GUI thread"))
    window.actions["continue"].trigger()  # Game → Continue
    dlg = window.files.continue_dialog
    assert dlg is not None and dlg.isVisible()  # open before any slot is read
    qtbot.waitUntil(lambda: bool(readers))
    assert dlg.summaries() == [] and "Looking for your unfinished games" in dlg.intro.text()
    scan = window.files.continue_scan
    assert scan is not None and not scan.done
    with qtbot.waitSignal(scan.finished, timeout=60_000):
        gate.set()
    assert threading.get_ident() not in readers and scan.reader_thread in readers
    assert sorted(s.id for s in dlg.summaries()) == sorted(ids)
    assert dlg.looking is None and "newest first" in dlg.intro.text()
    dlg.close()


def test_closing_continue_stops_its_reading(window, qtbot, monkeypatch):
    window.ctrl.session.set_paused(True)
    many_slots(window.files.saves().folder, 30)
    read: list[str] = []
    first = threading.Event()
    gate = threading.Event()
    real = Saves.summary

    def summary(self, slot):
        read.append(slot.id)
        first.set()
        gate.wait(timeout=60)
        return real(self, slot)

    monkeypatch.setattr(Saves, "summary", summary)
    dlg = window.files.show_continue()
    scan = window.files.continue_scan
    assert scan is not None
    qtbot.waitUntil(first.is_set)
    dlg.close()
    with qtbot.waitSignal(scan.finished, timeout=60_000):
        gate.set()
    assert len(read) < 30  # stopped after the slot it was reading


def test_the_old_autosaves_game_is_let_go_a_piece_at_a_time(window, data_dir, monkeypatch):
    """Freeing a long game at once holds the GIL (0.15 s for 200,000 actions):
    the start-up check empties its lists a slice at a time."""
    from bigcity_desktop.session import worker

    state = advance(GameState.new("original", 2, 6, ["Ann", "Bob"]), lambda s: len(s.history) >= 12)
    write_record(autosave.autosave_path(), state, PLAYERS, {})
    sizes: list[int] = []
    real = worker.let_go

    def let_go(lists):
        lists = list(lists)
        sizes.extend(len(items) for items in lists)
        real(lists)
        assert all(not items for items in lists)

    monkeypatch.setattr(worker, "let_go", let_go)
    assert window.files.offer_resume()
    assert sizes and sizes[0] == len(state.history)
    window.files.continue_dialog.close()


def test_continue_opens_while_a_long_old_autosave_is_still_replayed(window, qtbot, data_dir, monkeypatch):
    from bigcity_desktop.game.gamefiles import part as files_mod

    window.ctrl.session.set_paused(True)
    state = advance(GameState.new("original", 2, 6, ["Ann", "Bob"]), lambda s: len(s.history) >= 12)
    write_record(autosave.autosave_path(), state, PLAYERS, {})
    monkeypatch.setattr(files_mod, "EARLY_CONTINUE_S", 0.0)
    halfway = threading.Event()
    gate, gate2 = threading.Event(), threading.Event()
    real = autosave.check

    def check(path=None, progress=None):
        assert progress is not None
        gate.wait(timeout=60)  # the replay has not begun when Continue opens
        progress(5, 12)  # under way: the window says how far
        halfway.set()
        gate2.wait(timeout=60)
        return real(path, progress)

    monkeypatch.setattr(autosave, "check", check)
    window.files.offer_resume(background=True)
    qtbot.waitUntil(lambda: window.files.continue_dialog is not None and window.files.continue_dialog.isVisible())
    dlg = window.files.continue_dialog
    assert dlg.summaries() == [] and "Looking for your unfinished games" in dlg.intro.text()
    gate.set()
    assert halfway.wait(60)
    qtbot.waitUntil(lambda: "action 5 of 12" in dlg.intro.text())
    with qtbot.waitSignal(window.files.resumeOffered, timeout=60_000) as offered:
        gate2.set()
    assert offered.args == [True]
    (found,) = dlg.summaries()  # the same dialog, filled
    assert found.round == state.round and dlg.autosave_read is None
    dlg.close()
