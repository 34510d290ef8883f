"""Snapshots in the journal (issue 45, item 6; net/snapshots.py): a restart
rebuilds a game from its latest snapshot and replays only the moves after
it (at most --snapshot-every), to the very same state; a damaged snapshot
or log costs a full replay and one line of the log, never the game; a
database of the previous version (2) is brought up to this one."""

from __future__ import annotations

import asyncio
import logging
import random
import sqlite3

import pytest

from bigcity_desktop.bots.levels import PLAYER_KINDS
from bigcity_desktop.engine.actions import ActionKind
from bigcity_desktop.engine.record import load_record
from bigcity_desktop.engine.state import GameState
from bigcity_desktop.engine.viewjson import view_json_of
from bigcity_desktop.net import snapshots
from bigcity_desktop.net.client import GameEnded, Refusal, SeatAssigned, ViewUpdate
from bigcity_desktop.net.quiet import LogLimiter
from bigcity_desktop.net.resume import table_from
from bigcity_desktop.net.snapshots import Mark
from bigcity_desktop.net.store import DB_NAME, DB_VERSION, RecordText, TableStore, game_head

from . import helpers
from .helpers import GUARD, Player, running
from .test_store import PLAYERS, table

EVERY = 7


def busy(view: GameState, rng: random.Random):
    """A move that keeps the game going (a build where there is one, no pass
    while anything else is legal), so that a game grows long."""
    kinds = [k for k in view.legal_kinds() if k != ActionKind.PASS] or view.legal_kinds()
    kind = ActionKind.BUILD if ActionKind.BUILD in kinds and rng.random() < 0.7 else rng.choice(kinds)
    return rng.choice(view.legal_actions(kind))


def journal_game(store: TableStore, table_id: str, moves: int, every: int = EVERY, seed: int = 4) -> GameState:
    """A game of `moves` moves (fewer if it ends) journaled as a server does:
    a move at a time, a snapshot with every `every`th."""
    t = table(table_id)
    state = GameState.new("original", 2, seed=8, names=["Ann", "E"])
    store.save_table(t).result()
    store.begin_game(t, game_head(state, PLAYERS, {"table": table_id})).result()
    rng, record, mark = random.Random(seed), RecordText(), Mark()
    while len(state.history) < moves and not state.is_over:
        state.apply(busy(state, rng))
        texts = record.actions(state)
        snap = snapshots.due(state, texts, mark, every)
        store.append_moves(table_id, len(texts) - 1, texts[-1:], snap).result()
        mark = snap.mark if snap is not None and snap.mark is not None else mark
    return state


def load(store: TableStore, table_id: str = "abc") -> snapshots.Mark | None:
    db = store.reader()
    try:
        loaded = store.load(db, table_id)
    finally:
        db.close()
    assert loaded is not None and loaded.game is not None
    load.state = loaded.game.state  # type: ignore[attr-defined]
    return loaded.mark


def rows(path, sql: str) -> list[tuple]:
    db = sqlite3.connect(path / DB_NAME)
    try:
        return db.execute(sql).fetchall()
    finally:
        db.close()


def test_a_game_comes_back_from_its_snapshot_equal_to_its_replay(tmp_path):
    store = TableStore(tmp_path, snapshot_every=EVERY)
    s = journal_game(store, "abc", 150)
    mark = load(store)
    back = load.state  # type: ignore[attr-defined]
    assert store.replayed < EVERY and mark is not None and mark.n == len(s.history) - store.replayed
    assert back == s  # every field: position, hands, stacks, history, actors, events, score history, seed
    assert back.legal_actions() == s.legal_actions()
    # a table made of it holds its moves' text already (its first save writes only what is new)
    db = store.reader()
    loaded = store.load(db, "abc")
    db.close()
    assert loaded is not None
    t = table_from(loaded.table, loaded.game, loaded.mark, loaded.texts)
    assert t.record._actions == RecordText().actions(s) and t.journaled == 150 and t.snapshot == mark
    # the moves go on from it as from the game played
    rng = random.Random(9)
    for _ in range(20):
        a = busy(s, rng)
        s.apply(a)
        back.apply(a)
    assert back == s
    # the last two snapshots are kept, every chunk of the logs
    assert len(rows(tmp_path, "SELECT n FROM snapshots")) == snapshots.KEPT
    assert len(rows(tmp_path, "SELECT n FROM logs")) == 150 // EVERY
    # and the record (the moves, all of them) replays to the same game
    assert load_record(store.record_text("abc"), player_kinds=PLAYER_KINDS).state.history == s.history[:150]
    store.close()


@pytest.mark.parametrize(("edition", "players", "seed"), [("jumbo", 4, 1), ("original", 5, 3)])
def test_a_snapshot_in_any_phase_restores_the_very_state(edition, players, seed):
    """A snapshot after every move (the setup, draws, streetcars, the jumbo
    redevelopment's offers and takes, the end): restored, each equals the game."""
    db = sqlite3.connect(":memory:")
    db.executescript(snapshots.SCHEMA)
    s, rng, record, mark = GameState.new(edition, players, seed=seed), random.Random(seed), RecordText(), Mark()
    phases = set()
    while not s.is_over and len(s.history) < 400:
        s.apply(busy(s, rng) if rng.random() < 0.97 else rng.choice(s.legal_actions()))
        texts = record.actions(s)
        snap = snapshots.due(s, texts, mark, 1)
        assert snap is not None
        snapshots.write(db, "t", snap)
        assert snap.mark is not None
        mark = snap.mark
        if s.phase not in phases or len(s.history) % 25 == 0:
            phases.add(s.phase)
            back = snapshots.restore(db, "t", GameState.new(edition, players, seed=seed), texts)
            assert back is not None and back.replayed == 0 and back.state == s
    assert len(phases) >= (7 if edition == "jumbo" else 4)
    db.close()


def test_a_damaged_snapshot_falls_back_to_a_full_replay_with_one_line(tmp_path, caplog):
    store = TableStore(tmp_path, snapshot_every=EVERY)
    s = journal_game(store, "abc", 100)
    store.close()
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute("UPDATE snapshots SET position = replace(position, '\"round\":', '\"round\": ') WHERE id = 'abc'")
    db.commit()
    db.close()
    caplog.set_level(logging.INFO, "bigcity.server")
    store = TableStore(tmp_path, snapshot_every=EVERY)
    mark = load(store)
    assert store.replayed == 100 and load.state == s  # type: ignore[attr-defined]
    said = [r.getMessage() for r in caplog.records if "abc" in r.getMessage()]
    assert said == [
        "table abc: no snapshot matches the moves and logs the journal holds (its digest differs); its 100 moves are replayed from the start"
    ]
    # a fresh snapshot is written at once: the next restart uses it
    assert mark is not None and mark.n == 100
    assert load(store) == mark and store.replayed == 0 and load.state == s  # type: ignore[attr-defined]
    store.close()


@pytest.mark.parametrize(
    "damage",
    [
        "UPDATE logs SET chunk = replace(chunk, '\"actors\":[', '\"actors\":[1,') WHERE n = 14",  # a chunk
        # a move's text the snapshots cover (read as the same move: the replay holds)
        "UPDATE moves SET action = replace(action, '{', '{ ') WHERE n = 30",
        "UPDATE snapshots SET position = '{\"format\":1}', digest = 'x'",  # every snapshot
    ],
)
def test_any_damage_the_digests_see_costs_a_replay_not_the_game(tmp_path, damage, caplog):
    store = TableStore(tmp_path, snapshot_every=EVERY)
    s = journal_game(store, "abc", 60)
    store.close()
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute(damage)
    db.commit()
    db.close()
    caplog.set_level(logging.WARNING, "bigcity.server")
    store = TableStore(tmp_path, snapshot_every=EVERY)
    db = store.reader()
    loaded = store.load(db, "abc")
    db.close()
    said = [r.getMessage() for r in caplog.records]
    assert loaded is not None and loaded.game is not None and loaded.game.state == s and store.replayed == 60
    assert len(said) == 1 and "replayed from the start" in said[0]
    store.close()


def test_a_database_of_the_previous_version_is_brought_up_to_this_one(tmp_path):
    store = TableStore(tmp_path, snapshot_every=EVERY)
    s = journal_game(store, "abc", 40, every=10**6)  # no snapshot
    store.close()
    db = sqlite3.connect(tmp_path / DB_NAME)  # as version 2 left it: no logs, no snapshots
    db.execute("DROP TABLE logs")
    db.execute("DROP TABLE snapshots")
    db.execute("PRAGMA user_version=2")
    db.commit()
    db.close()
    store = TableStore(tmp_path, snapshot_every=EVERY)
    assert rows(tmp_path, "PRAGMA user_version") == [(DB_VERSION,)] and DB_VERSION == 3
    assert {n for (n,) in rows(tmp_path, "SELECT name FROM sqlite_master WHERE type = 'table'")} >= {
        "logs",
        "snapshots",
    }
    load(store)
    assert store.replayed == 40 and load.state == s  # type: ignore[attr-defined]  # replayed once, then snapshotted
    load(store)
    assert store.replayed == 0 and load.state == s  # type: ignore[attr-defined]
    store.close()


def test_a_restarted_server_resumes_a_long_game_from_its_snapshot(tmp_path, monkeypatch):
    """A game against a bot journaled by a server with --snapshot-every 7;
    the server stops and starts again: the game is the same, at most 6 moves
    were replayed, the seat rejoins and plays on to the end, and the
    finished game's record replays to the game played."""

    async def main():
        async with running(data_dir=tmp_path, snapshot_every=EVERY, game_seed=11) as server:
            ann = Player(server.url)
            ann.client.create("Ann", ["human", "easy"], edition="original")
            seated = await ann.wait(SeatAssigned)
            ann.client.start_game()
            with monkeypatch.context() as m:
                m.setattr(helpers, "choose", busy)
                assert await ann.play(random.Random(5), until=lambda v: v.moves >= 120) is None  # not over
            await ann.close()
        before = server.tables[seated.table].state
        assert before is not None
        async with running(data_dir=tmp_path, snapshot_every=EVERY) as again:
            assert again.resumer is not None and again.store is not None
            await asyncio.wait_for(again.resumer.finished.wait(), GUARD)
            assert again.store.replayed < EVERY
            t = again.tables[seated.table]
            assert t.state is not None and t.snapshot is not None and t.snapshot.n >= len(before.history) - EVERY
            # the game as it stood (the whole state, as each seat and a spectator see it) and as its replay is
            for seat in (0, 1, None):
                assert view_json_of(t.state, seat) == view_json_of(before, seat)
            record = again.store.record_text(seated.table)
            assert t.state == load_record(record, lambda _: t.rules, player_kinds=PLAYER_KINDS).state
            ann = Player(again.url)
            await ann.connected()
            ann.client.rejoin(seated.table, seated.seat, seated.token)
            view = (await ann.wait(ViewUpdate, lambda e: e.full)).view
            assert view.moves >= len(before.history)  # (the bot may have moved since)
            ended = await ann.play(random.Random(6))
            assert isinstance(ended, GameEnded)
            assert not any(isinstance(e, Refusal) and e.code not in ("stale", "not_your_turn") for e in ann.seen)
            final = t.state
            await ann.close()
        assert final is not None
        record = (tmp_path / "finished" / f"{seated.table}.game.json").read_text()
        assert load_record(record, player_kinds=PLAYER_KINDS).state == final

    asyncio.run(main())


def test_a_snapshot_that_fails_in_any_way_costs_a_replay_not_the_table(tmp_path, monkeypatch, caplog):
    store = TableStore(tmp_path, snapshot_every=EVERY)
    s = journal_game(store, "abc", 30)

    def broken(*_args):
        raise RuntimeError("a bug")

    monkeypatch.setattr(snapshots, "_rebuild", broken)
    caplog.set_level(logging.WARNING, "bigcity.server")
    load(store)
    assert store.replayed == 30 and load.state == s  # type: ignore[attr-defined]
    said = [r.getMessage() for r in caplog.records]
    assert said == [
        "table abc: its snapshot cannot be read (RuntimeError('a bug')); its 30 moves are replayed from the start"
    ]
    store.close()


def test_a_snapshot_that_cannot_be_written_never_costs_its_moves(tmp_path, monkeypatch, caplog):
    def broken(_self):
        raise RuntimeError("a bug")

    monkeypatch.setattr(snapshots.Snapshot, "encode", broken)
    caplog.set_level(logging.ERROR, "bigcity.server")
    store = TableStore(tmp_path, snapshot_every=EVERY)
    monkeypatch.setattr(snapshots, "say", LogLimiter(logging.getLogger("bigcity.server")))
    s = journal_game(store, "abc", 20)  # snapshots due, none written
    assert rows(tmp_path, "SELECT count(*) FROM moves") == [(20,)]
    assert rows(tmp_path, "SELECT count(*) FROM snapshots") == [(0,)] == rows(tmp_path, "SELECT count(*) FROM logs")
    # (every move after the 7th finds one due: said once a minute)
    assert [r.getMessage() for r in caplog.records] == ["a snapshot of table abc cannot be written: a bug"]
    load(store)
    assert store.replayed == 20 and load.state == s  # type: ignore[attr-defined]
    store.close()


def test_moves_and_their_snapshot_are_committed_together_or_not_at_all(tmp_path, monkeypatch):
    store = TableStore(tmp_path, snapshot_every=EVERY)
    s = journal_game(store, "abc", EVERY - 1)  # no snapshot yet: the next move brings one
    s.apply(busy(s, random.Random(1)))
    texts = RecordText().actions(s)
    snap = snapshots.due(s, texts, Mark(), EVERY)
    assert snap is not None
    real = snapshots.write

    def disk_fills(db, table_id, snapshot):
        real(db, table_id, snapshot)  # its rows written, then the disk is full
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(snapshots, "write", disk_fills)
    with pytest.raises(sqlite3.OperationalError):
        store.append_moves("abc", EVERY - 1, texts[EVERY - 1 :], snap).result()
    assert rows(tmp_path, "SELECT count(*) FROM moves") == [(EVERY - 1,)]  # nor the move: no hole, no orphan
    assert rows(tmp_path, "SELECT count(*) FROM logs") == [(0,)] == rows(tmp_path, "SELECT count(*) FROM snapshots")
    monkeypatch.setattr(snapshots, "write", real)
    store.append_moves("abc", EVERY - 1, texts[EVERY - 1 :], snapshots.due(s, texts, Mark(), EVERY)).result()
    load(store)
    assert store.replayed == 0 and load.state == s  # type: ignore[attr-defined]
    store.close()
