"""The tables' database: what is saved comes back, a data folder of the
former kind is converted, a damaged table is set aside, the writes happen
on the journal's thread."""

from __future__ import annotations

import json
import threading

from bigcity_desktop.bots import make_bot
from bigcity_desktop.bots.levels import PLAYER_KINDS
from bigcity_desktop.engine import GameState, get_rules
from bigcity_desktop.engine.record import PlayerInfo, load_record, write_record
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.net.store import (
    DB_NAME,
    RecordText,
    StoredChat,
    StoredSeat,
    StoredTable,
    TableStore,
    game_head,
    table_to_json,
)


def table(table_id: str = "abc") -> StoredTable:
    return StoredTable(
        table_id,
        "Ann's table",
        get_rules("original"),
        [StoredSeat(SeatKind.HUMAN, None, "Ann", "0" * 64), StoredSeat(SeatKind.BOT, "easy", "E")],
        0,
        1.0,
        5,
        [StoredChat(0, "Ann", "hi", 2.0)],
    )


def played(moves: int | None = None) -> GameState:
    s = GameState.new("original", 2, seed=8, names=["Ann", "E"])
    bot = make_bot("random", 3)
    while not s.is_over and (moves is None or len(s.history) < moves):
        s.apply(bot.choose(s))
    return s


PLAYERS = [PlayerInfo("Ann"), PlayerInfo("E", "easy")]


def save_game(store: TableStore, t: StoredTable, s: GameState, step: int = 7) -> None:
    """The table, its head, its moves a few at a time (as a server does)."""
    store.save_table(t).result()
    store.save_head(t.id, game_head(s, PLAYERS, {"table": t.id})).result()
    actions = RecordText().actions(s)
    for i in range(0, len(actions), step):
        store.append_moves(t.id, i, actions[i : i + step]).result()


def test_a_table_and_its_moves_come_back_replayed(tmp_path):
    store = TableStore(tmp_path)
    lobby, t = table("lobby"), table("abc")
    store.save_table(lobby).result()
    s = played(40)
    save_game(store, t, s)
    store.close()
    again = TableStore(tmp_path)
    loaded = dict((x.id, (x, g)) for x, g in again.load_all())
    assert loaded["lobby"] == (lobby, None)
    back, game = loaded["abc"]
    assert back == t and game is not None
    assert game.state.history == s.history and game.state.hands == s.hands and game.players == PLAYERS
    # the saved record is an ordinary record (without its scores)
    text = again.record_text("abc")
    assert text is not None
    assert load_record(text, lambda _n: t.rules, player_kinds=PLAYER_KINDS).state.scores == s.scores
    again.close()


def test_a_folder_of_table_files_is_converted(tmp_path):
    t, lobby = table("abc"), table("lobby")
    s = played(30)
    (tmp_path / "abc.table.json").write_text(json.dumps(table_to_json(t)))
    write_record(tmp_path / "abc.game.json", s, PLAYERS, {"table": "abc"})
    (tmp_path / "lobby.table.json").write_text(json.dumps(table_to_json(lobby)))
    (tmp_path / "bad.table.json").write_text('{"format": "bigcity-table", "version": 1, "id": 3}')
    store = TableStore(tmp_path)
    loaded = {x.id: g for x, g in store.load_all()}
    assert set(loaded) == {"abc", "lobby"} and loaded["lobby"] is None
    assert loaded["abc"] is not None and loaded["abc"].state.history == s.history
    assert (tmp_path / "bad.table.json.damaged").exists()
    assert sorted(p.name for p in (tmp_path / "converted").iterdir()) == [
        "abc.game.json",
        "abc.table.json",
        "lobby.table.json",
    ]
    assert not list(tmp_path.glob("*.table.json"))
    store.close()
    # the next start reads the database alone
    again = TableStore(tmp_path)
    assert {x.id for x, _ in again.load_all()} == {"abc", "lobby"}
    again.close()


def test_a_damaged_table_in_the_database_is_set_aside(tmp_path):
    store = TableStore(tmp_path)
    s = played(20)
    save_game(store, table("abc"), s)
    save_game(store, table("gap"), s)
    store.journal.submit(lambda db: db.execute("DELETE FROM moves WHERE id = 'gap' AND n = 3")).result()
    store.journal.submit(lambda db: db.execute("UPDATE moves SET action = '{}' WHERE id = 'abc' AND n = 5")).result()
    save_game(store, table("ok"), s)
    assert [t.id for t, _ in store.load_all()] == ["ok"]
    store.close()
    import sqlite3

    db = sqlite3.connect(tmp_path / DB_NAME)
    damaged = dict(db.execute("SELECT id, damaged FROM tables WHERE damaged IS NOT NULL"))
    db.close()
    assert set(damaged) == {"abc", "gap"} and "numbered" in damaged["gap"]


def test_writes_run_on_the_journals_thread_in_batches(tmp_path):
    store = TableStore(tmp_path)
    threads: set[str] = set()
    gate = threading.Event()
    store.journal.submit(lambda _db: gate.wait(30))  # holds the writer while the others queue up
    futures = [store.journal.submit(lambda _db: threads.add(threading.current_thread().name)) for _ in range(50)]
    gate.set()
    for f in futures:
        f.result()
    assert threads == {"bigcity-journal"}
    assert store.journal.batches <= 3
    store.close()


def test_a_failing_write_fails_alone(tmp_path):
    store = TableStore(tmp_path)
    gate = threading.Event()
    store.journal.submit(lambda _db: gate.wait(30))
    bad = store.journal.submit(lambda db: db.execute("INSERT INTO nowhere VALUES (1)"))
    good = store.save_table(table())
    gate.set()
    assert good.result() is None and bad.exception() is not None
    assert [t.id for t, _ in store.load_all()] == ["abc"]
    store.close()


def test_a_failing_write_alone_in_its_batch_is_undone(tmp_path):
    store = TableStore(tmp_path)

    def half(db):
        db.execute("INSERT INTO moves (id, n, action) VALUES ('abc', 5, '{}')")
        db.execute("INSERT INTO nowhere VALUES (1)")

    bad = store.journal.submit(half)
    assert bad.exception() is not None
    assert store.save_table(table()).result() is None
    assert store.append_moves("abc", 0, ['{"kind":"pass"}']).result() is None
    import sqlite3

    db = sqlite3.connect(tmp_path / DB_NAME)
    assert list(db.execute("SELECT n, action FROM moves WHERE id = 'abc'")) == [(0, '{"kind":"pass"}')]
    db.close()
    store.close()


def test_a_move_saved_on_the_loop_is_awaited_there(tmp_path):
    """append_moves on a running event loop gives the loop's own future (journal.py:
    submit_here), done once committed; a failed write fails it; one its waiter
    cancelled leaves the writer thread going."""
    import asyncio
    import sqlite3

    store = TableStore(tmp_path)

    def fails(db):
        db.execute("INSERT INTO nowhere VALUES (1)")

    async def run() -> None:
        saved = store.append_moves("abc", 0, ['{"kind":"pass"}'])
        assert isinstance(saved, asyncio.Future)
        assert await saved is None
        try:
            await store.journal.submit_here(fails)
        except sqlite3.OperationalError:
            pass
        else:
            raise AssertionError("a failed write was awaited as saved")
        store.journal.submit_here(lambda db: None).cancel()
        assert await store.append_moves("abc", 1, ['{"kind":"pass"}']) is None

    asyncio.run(run())
    assert store.append_moves("abc", 2, ['{"kind":"pass"}']).result() is None  # off the loop: a thread-safe future
    db = sqlite3.connect(tmp_path / DB_NAME)
    assert [n for (n,) in db.execute("SELECT n FROM moves WHERE id = 'abc' ORDER BY n")] == [0, 1, 2]
    db.close()
    store.close()
