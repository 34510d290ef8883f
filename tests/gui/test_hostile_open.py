"""The hostile-file corpus through the app's Open paths (game window: Open
game; sandbox: Open layout, Open house rules), the autosave at start-up and
autosave failures. Each refusal shows a message and changes nothing."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.record import VERSION, PlayerInfo, write_record
from bigcity_desktop.game.core.controller import GameConfig, SeatConfig
from bigcity_desktop.session import autosave

from .conftest import advance

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
FILES = sorted(
    p
    for k in ("record", "layout", "rules", "move")
    for p in (CORPUS / k).iterdir()
    if p.suffix in (".json", ".bigcity", ".toml")
)


def start(window, seed=3):
    window.ctrl.session.set_paused(True)
    window.start_game(GameConfig("original", [SeatConfig("You"), SeatConfig("Bea", "random")], seed))
    return window.ctrl.session.full_state()


def test_game_window_refuses_every_corpus_file(window, qtbot):
    state = start(window)
    history = list(state.history)
    for path in FILES:
        assert not window.files.open_game(path), path
        box = window.files.error_box
        assert isinstance(box, QMessageBox) and box.isVisible(), path
        assert "cannot be opened" in box.text() and "Nothing was changed" in box.text()
        box.close()
        assert window.ctrl.session.full_state() is state and state.history == history


def test_game_window_refuses_special_files(window, tmp_path):
    state = start(window)
    fifo = tmp_path / "game.bigcity"
    os.mkfifo(fifo)
    for path in (fifo, Path("/dev/zero"), tmp_path):
        assert not window.files.open_game(path, background=False)
        window.files.error_box.close()
    assert window.ctrl.session.full_state() is state


@pytest.fixture
def sandbox(qtbot, monkeypatch):
    from bigcity_desktop.sandbox import window as window_mod

    seen = []
    monkeypatch.setattr(window_mod.QMessageBox, "warning", lambda *a, **k: seen.append(a[2]))
    w = window_mod.SandboxWindow()
    qtbot.addWidget(w)
    w.show()
    w.warnings = seen
    return w


def test_sandbox_refuses_every_corpus_file_as_layout_and_as_rules(sandbox):
    w = sandbox
    assert w.place_building("residence", [11])
    before = (w.model.rules, list(w.model.steps), w.undo_stack.count())
    for path in FILES:
        n = len(w.warnings)
        assert not w.open_layout(path), path
        assert len(w.warnings) == n + 1 and "Nothing was changed" in w.warnings[-1]
        assert not w.switch_rules(str(path)), path
        assert len(w.warnings) == n + 2 and "Nothing was changed" in w.warnings[-1]
        assert (w.model.rules, list(w.model.steps), w.undo_stack.count()) == before


def test_house_rules_are_read_again_when_opened_again(sandbox, tmp_path):
    from bigcity_desktop.engine.rules import rules_dir

    text = (
        (rules_dir() / "original.toml")
        .read_text()
        .replace('edition = "original"', 'edition = "mine"\nbase_edition = "original"', 1)
    )
    old = '{ name = "single", shape = "single", count = 8, base = 2 }'
    f = tmp_path / "mine.toml"
    f.write_text(text.replace(old, old.replace("base = 2", "base = 3"), 1))
    w = sandbox
    assert w.switch_rules(str(f))
    assert w.model.rules.buildings["residence"].variants[0].base == 3
    assert w.switch_rules("original")
    f.write_text(text.replace(old, old.replace("base = 2", "base = 4"), 1))
    assert w.switch_rules(str(f))
    assert w.model.rules.buildings["residence"].variants[0].base == 4


def long_record(path: Path, actions: int = 600) -> GameState:
    s = advance(GameState.new("original", 3, seed=4), lambda st: len(st.history) >= actions or st.is_over)
    write_record(path, s, [PlayerInfo("A"), PlayerInfo("B", "random"), PlayerInfo("C", "random")])
    return s


def test_a_big_record_opens_on_a_worker_with_progress(window, qtbot, tmp_path):
    path = tmp_path / "long.bigcity"
    saved = long_record(path)
    window.ctrl.session.set_paused(True)
    ticks = []
    assert window.files.open_game(path, background=True)
    job = window.files.loading
    assert job is not None and window.files.progress_dialog.isVisible()
    job.progress.connect(lambda done, total: ticks.append(done))
    qtbot.waitUntil(lambda: window.files.loading is None, timeout=60000)
    assert window.ctrl.session.full_state() is not None and window.ctrl.session.full_state().history == saved.history
    assert ticks  # progress was reported while the event loop ran


def test_a_cancelled_or_refused_background_open_changes_nothing(window, qtbot, tmp_path):
    state = start(window)
    path = tmp_path / "long.bigcity"
    long_record(path)
    assert window.files.open_game(path, background=True)
    window.files.loading.cancel()
    qtbot.waitUntil(lambda: window.files.loading is None, timeout=60000)
    assert window.ctrl.session.full_state() is state
    bad = tmp_path / "bad.bigcity"
    data = json.loads(path.read_text())
    data["scores"] = [s + 1 for s in data["scores"]]
    bad.write_text(json.dumps(data))
    assert window.files.open_game(bad, background=True)
    qtbot.waitUntil(lambda: window.files.loading is None, timeout=60000)
    assert window.ctrl.session.full_state() is state
    assert "differ from those of its replay" in window.files.error_box.text()
    window.files.error_box.close()


def test_house_rules_game_reopens_from_its_own_record(window, tmp_path):
    from bigcity_desktop.engine.rules import get_rules, rules_dir

    f = tmp_path / "house.toml"
    f.write_text(
        (rules_dir() / "original.toml")
        .read_text()
        .replace('edition = "original"', 'edition = "house"\nbase_edition = "original"', 1)
    )
    s = advance(GameState.new(get_rules(str(f)), 3, seed=2), lambda st: len(st.history) >= 20)
    path = tmp_path / "house-game.bigcity"
    write_record(path, s)
    f.unlink()  # the record must not need the rules file
    text = path.read_text()
    assert str(tmp_path) not in text and '"rules"' in text
    window.ctrl.session.set_paused(True)
    assert window.files.open_game(path)
    assert (
        window.ctrl.session.full_state().rules.edition == "house"
        and window.ctrl.session.full_state().history == s.history
    )


def test_autosave_start_cleans_temp_files_and_keeps_a_newer_autosave(window, data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    path = autosave.autosave_path()
    for i in range(5):
        (data_dir / f".{path.name}.tmp{i}.tmp").write_text("partial")
    newer = {"format": "bigcity-game", "version": VERSION + 1, "future": True}
    path.write_text(json.dumps(newer))
    assert not window.files.offer_resume()
    assert not list(data_dir.glob(f".{path.name}.*"))
    kept = list(data_dir.glob("autosave-newer-*.bigcity"))
    assert len(kept) == 1 and json.loads(kept[0].read_text()) == newer
    box = window.files.autosave_box
    assert box.isVisible() and "newer version" in box.text() and kept[0].name in box.text()
    box.close()
    # the next game autosaves without touching the kept file
    start(window)
    assert window.ctrl.starting.autosave_path.is_file() and json.loads(kept[0].read_text()) == newer


def test_a_damaged_autosave_is_kept_aside_and_start_up_goes_on(window, data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    path = autosave.autosave_path()
    path.write_text("[" * 100000)
    assert not window.files.offer_resume()
    assert list(data_dir.glob("autosave-unreadable-*.bigcity"))
    assert "cannot be opened" in window.files.autosave_box.text()
    window.files.autosave_box.close()


def test_autosave_failure_is_shown_once_and_the_game_goes_on(window, qtbot, tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    window.ctrl.starting.local.saves_folder = blocker / "games"
    shown = []
    window.ctrl.autosaveFailed.connect(shown.append)
    state = start(window)
    assert window.autosave_warning.isVisible() or not window.isVisible()
    assert not window.autosave_warning.isHidden()
    box = window.autosave_box
    assert box.isVisible() and "goes on" in box.text()
    box.close()
    # more actions: no second box, the note stays, the game goes on
    window.ctrl.session.set_paused(False)
    for _ in range(3):
        kinds = window.ctrl.session.seat_view().legal_kinds()
        if window.ctrl.session.seat_view().my_turn() and kinds:
            window.ctrl.session.act(state.legal_actions(kinds[0])[0])
    assert len(shown) == 1 and not window.autosave_warning.isHidden()
    # autosaving works again: the note goes
    window.ctrl.starting.local.saves_folder = tmp_path / "ok"
    window.ctrl.starting.local.release_slot()  # a slot in the new folder
    window.ctrl.starting.local.autosave_now()
    assert window.autosave_warning.isHidden()
    window.autosave_warning.grab().save(str(tmp_path / "note.png"))


def test_typed_names_are_limited_and_elided(window):
    dlg = window.show_new_game()
    field = dlg.rows[0][1]
    field.setText("N" * 500)
    assert len(field.text()) == 40
    cfg = dlg.config()
    assert len(cfg.seats[0].name) == 40
    dlg.close()
    window.ctrl.session.set_paused(True)
    window.start_game(cfg)
    assert len(window.ctrl.session.name(0)) <= 24
    assert window.width() < 3000
