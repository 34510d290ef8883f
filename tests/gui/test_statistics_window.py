"""Game → Statistics in the window: a finished game goes into its humans'
record (once), the results say when it is a best score, the dialog shows
the record, and a damaged record file is moved aside without a crash."""

from __future__ import annotations

import json
import random

from bigcity_desktop.engine import GameState
from bigcity_desktop.game.statistics import LevelTableModel, RecordStore, StatisticsDialog
from bigcity_desktop.session.statistics import FILE_NAME, GameEntry, Opponent, read_statistics, write_statistics

from .conftest import advance, players, wait_my_turn
from .test_full_game import play_human_turn


def entry(name="Ann", edition="original", score=30, place=1, levels=("medium",), rounds=9, hall=False):
    return GameEntry(
        f"g{random.random()}",
        "2026-12-01T10:00:00Z",
        name,
        edition,
        "Big City",
        tuple(Opponent(f"Bot {i}", lv) for i, lv in enumerate(levels)),
        place,
        len(levels) + 1,
        score,
        rounds,
        rounds * 3,
        hall,
    )


def near_end(edition: str, n: int, seed: int, back: int = 12) -> GameState:
    """A game `back` moves before its end (random moves)."""
    full = advance(GameState.new(edition, n, seed), lambda st: st.is_over, seed=seed)
    s = GameState.new(edition, n, seed)
    for a in full.history[:-back]:
        s.apply(a)
    assert not s.is_over
    return s


def play_to_the_end(qtbot, window) -> None:
    ctrl = window.ctrl
    rng = random.Random(3)
    while not ctrl.session.full_state().is_over:
        wait_my_turn(qtbot, ctrl)
        if ctrl.session.full_state().is_over:
            break
        play_human_turn(ctrl, rng)
    qtbot.waitUntil(lambda: window.results_dialog is not None and window.results_dialog.isVisible(), timeout=5000)


def test_a_finished_game_enters_the_record_and_the_results_tell_a_best_score(window, qtbot, data_dir):
    path = data_dir / FILE_NAME
    record = read_statistics(path)
    record.add(entry(name="You", edition="jumbo", score=-1000, levels=("easy",)))  # an earlier, low score
    write_statistics(path, record)
    s = near_end("jumbo", 3, 4)
    window.ctrl.starting.start_from_state(s, players(["human", "random", "random"]))
    play_to_the_end(qtbot, window)
    dlg = window.results_dialog
    assert dlg.record_note.isVisible()
    assert "Your best score in the jumbo edition!" in dlg.record_note.text()
    games = read_statistics(path).games_of("You")
    assert len(games) == 2
    last = games[-1]
    st = window.ctrl.session.full_state()
    assert (last.edition, last.score, last.rounds) == ("jumbo", st.scores[0], st.round)
    assert [o.kind for o in last.opponents] == ["random", "random"]
    # the same finished game shown again (redo, resume) is not counted again
    window._shown_over = False
    window.ctrl._replaced()
    window._game_over()
    assert len(read_statistics(path).games_of("You")) == 2

    stats = window.show_statistics()
    assert stats.isVisible() and stats.names.currentData() == "You"
    assert stats.figures["played"].text() == "2"
    assert stats.model.rowCount() == 2  # jumbo against easy, jumbo against random
    ((xs, ys),) = stats.series()
    assert xs == [1, 2] and ys == [-1000, st.scores[0]]
    stats.close()


def test_a_finished_game_opened_from_a_file_is_no_new_game_in_the_record(window, qtbot, data_dir):
    s = advance(GameState.new("original", 2, 3), lambda st: st.is_over)
    window.ctrl.starting.start_from_state(s, players(["human", "random"]))
    qtbot.waitUntil(lambda: window.results_dialog is not None)
    assert not window.results_dialog.record_note.isVisible()
    assert not (data_dir / FILE_NAME).exists()


def test_hot_seat_records_each_human_name(window, qtbot, data_dir):
    s = near_end("original", 2, 5, back=6)
    ctrl = window.ctrl
    ctrl.starting.start_from_state(s, players(["human", "human"], ["Anna", "Ben"]))
    rng = random.Random(1)
    while not ctrl.session.full_state().is_over:
        if ctrl.session.handoff_pending is not None:
            ctrl.session.reveal_hand()
        qtbot.waitUntil(
            lambda: (
                ctrl.session.seat_view().my_turn()
                or ctrl.session.full_state().is_over
                or ctrl.session.handoff_pending is not None
            )
        )
        if ctrl.session.seat_view().my_turn():
            play_human_turn(ctrl, rng)
    qtbot.waitUntil(lambda: window.results_dialog is not None)
    record = read_statistics(data_dir / FILE_NAME)
    assert sorted(record.names()) == ["Anna", "Ben"]
    assert record.games_of("Anna")[0].levels() == ["human"]


def test_a_damaged_record_is_moved_aside_and_the_next_game_is_kept(qtbot, tmp_path):
    path = tmp_path / FILE_NAME
    path.write_text('{"format": "bigcity-player-record", "version": 1, "games": [{"name": 3}]}', "utf-8")
    dlg = StatisticsDialog(RecordStore(path))
    qtbot.addWidget(dlg)
    dlg.show()
    assert dlg.notice.isVisible() and "could not be read" in dlg.notice.text()
    assert dlg.empty.isVisible() and not dlg.body.isVisible()
    kept = list(tmp_path.glob("statistics.damaged-*.json"))
    assert len(kept) == 1 and "games" in kept[0].read_text("utf-8")
    assert not path.exists()
    best, notice = RecordStore(path).add([entry(name="Ann")])
    assert best == [] and notice is None
    assert json.loads(path.read_text("utf-8"))["games"][0]["name"] == "Ann"


def test_statistics_dialog_and_its_model(qtbot, tmp_path, qtmodeltester):
    path = tmp_path / FILE_NAME
    store = RecordStore(path)
    store.add([entry(name="Ann", score=30, levels=("medium", "hard"), hall=True)])
    store.add([entry(name="Ann", edition="jumbo", score=44, place=2, rounds=17)])
    store.add([entry(name="Ben", score=12)])
    dlg = StatisticsDialog(store, name="Ann")
    qtbot.addWidget(dlg)
    qtmodeltester.check(dlg.model)
    qtmodeltester.check(LevelTableModel())
    assert dlg.names.currentData() == "Ann"
    f = {k: v.text() for k, v in dlg.figures.items()}
    assert f == {
        "played": "2",
        "won": "1 (50 %)",
        "best": "44",
        "mean": "37.0",
        "longest": "17 rounds",
        "city_halls": "in 1 of 2 games",
    }
    rows = [[dlg.model.index(r, c).data() for c in range(4)] for r in range(dlg.model.rowCount())]
    assert rows == [["Original", "medium", "1", "1"], ["Original", "hard", "1", "1"], ["Jumbo", "medium", "1", "0"]]
    assert len(dlg.series()) == 2  # one line per edition
    dlg.names.setCurrentIndex(dlg.names.findData("Ben"))
    assert dlg.figures["played"].text() == "1"
    qtmodeltester.check(dlg.model)


def test_a_damaged_record_at_the_end_of_a_game_is_told_and_the_game_kept(window, qtbot, data_dir):
    path = data_dir / FILE_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("not json", "utf-8")
    s = near_end("original", 2, 5, back=6)
    window.ctrl.starting.start_from_state(s, players(["human", "random"]))
    play_to_the_end(qtbot, window)
    note = window.results_dialog.record_note
    assert note.isVisible() and "could not be read" in note.text()
    assert len(list(data_dir.glob("statistics.damaged-*.json"))) == 1
    assert [g.name for g in read_statistics(path).games] == ["You"]
