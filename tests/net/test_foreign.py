"""Foreign files in a server's data folder: a game record saved as a table
file, a table of 9 seats, a game that is another table's, a table file of
an id the database holds, anything the store cannot read as a table. Each
is set aside (renamed ``*.damaged``, or marked damaged in the database),
named in one line of the log, never resumed and never deleted."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3

from bigcity_desktop.engine.record import write_record
from bigcity_desktop.net.client import LobbyUpdate
from bigcity_desktop.net.dbcheck import FolderLock
from bigcity_desktop.net.store import DB_NAME, TableStore, set_aside, table_to_json

from .helpers import Player, running
from .test_store import PLAYERS, played, save_game, table


def nine_seats(table_id: str) -> dict[str, object]:
    doc = table_to_json(table(table_id))
    doc["seats"] = (doc["seats"] * 5)[:9]  # type: ignore[operator]
    return doc


def foreign_folder(tmp_path):
    """A data folder with one good table and foreign files of each kind besides."""
    s = played(30)
    store = TableStore(tmp_path)
    save_game(store, table("good"), s)
    store.close()
    write_record(tmp_path / "rec.table.json", s, PLAYERS, {"table": "rec"})  # a game record as a table file
    (tmp_path / "nine.table.json").write_text(json.dumps(nine_seats("nine")))
    (tmp_path / "other.table.json").write_text(json.dumps(table_to_json(table("other"))))
    write_record(tmp_path / "other.game.json", s, PLAYERS, {"table": "zzz"})  # another table's game
    (tmp_path / "mine.table.json").write_text(json.dumps(table_to_json(table("mine"))))
    write_record(tmp_path / "mine.game.json", s, PLAYERS)  # a record of the app's own, no table's
    (tmp_path / "good.table.json").write_text(json.dumps(table_to_json(table("good"))))  # the database has it
    (tmp_path / "good.table.json.damaged").write_text("set aside before")
    return s


FOREIGN = ("rec", "nine", "other", "mine")


def test_foreign_files_are_set_aside_named_and_kept(tmp_path, caplog):
    s = played(30)
    foreign_folder(tmp_path)
    before = {
        p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file() and p.name not in (DB_NAME, FolderLock.NAME)
    }
    caplog.set_level(logging.ERROR, "bigcity.server")
    store = TableStore(tmp_path)
    loaded = store.load_all()
    assert [(t.id, g is not None and g.state.history == s.history) for t, g in loaded] == [("good", True)]
    store.close()
    # one line each, naming the table and why
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 5, lines
    for table_id, why in [
        ("rec", "must have exactly the entries"),
        ("nine", "the table has 9 seats"),
        ("other", "a record of table 'zzz'"),
        ("mine", "of no table"),
        ("good", "the database holds a table good already"),
    ]:
        assert any(line.startswith(f"table {table_id} ") and why in line for line in lines), (table_id, lines)
    # nothing deleted: every file is there under its set-aside name, as it was
    after = {
        p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file() and p.name not in (DB_NAME, FolderLock.NAME)
    }
    assert after["good.table.json.damaged"] == b"set aside before"
    assert after["good.table.json.damaged-2"] == before["good.table.json"]
    for name, data in before.items():
        if not name.startswith("good."):
            assert after[name + ".damaged"] == data, name
    assert not list(tmp_path.glob("*.json"))
    # the next start resumes the same, and says nothing more
    caplog.clear()
    again = TableStore(tmp_path)
    assert [t.id for t, _ in again.load_all()] == ["good"]
    again.close()
    assert not caplog.records


def test_a_foreign_table_in_the_database_is_set_aside(tmp_path):
    store = TableStore(tmp_path)
    s = played(20)
    save_game(store, table("good"), s)
    save_game(store, table("other"), s)
    nine = json.dumps(nine_seats("nine"))
    store.journal.submit(lambda db: db.execute("INSERT INTO tables (id, doc) VALUES ('nine', ?)", (nine,))).result()
    # the game head of another table
    store.journal.submit(
        lambda db: db.execute('UPDATE tables SET head = replace(head, \'"table":"other"\', \'"table":"x"\')')
    ).result()
    assert [t.id for t, _ in store.load_all()] == ["good"]
    assert set(store.damaged) == {"nine", "other"} and "9 seats" in store.damaged["nine"]
    store.close()
    db = sqlite3.connect(tmp_path / DB_NAME)
    assert db.execute("SELECT count(*) FROM tables").fetchone() == (3,)  # kept
    db.close()


def test_set_aside_never_replaces_a_file(tmp_path):
    for text in ("one", "two", "three"):
        (tmp_path / "a.table.json").write_text(text)
        set_aside(tmp_path / "a.table.json")
    assert sorted((p.name, p.read_text()) for p in tmp_path.iterdir()) == [
        ("a.table.json.damaged", "one"),
        ("a.table.json.damaged-2", "two"),
        ("a.table.json.damaged-3", "three"),
    ]


def test_a_server_lists_and_plays_none_of_them(tmp_path):
    foreign_folder(tmp_path)

    async def main():
        async with running(data_dir=tmp_path) as server:
            p = Player(server.url)
            await p.connected()
            req = p.client.list_tables()
            lobby = await p.wait(LobbyUpdate, lambda e: e.request == req)
            assert [t.id for t in lobby.tables] == []  # good is private (a StoredTable is, unless made public)
            assert list(server.tables) == ["good"]
            for table_id in FOREIGN:
                assert table_id not in server.tables
            for table_id in FOREIGN:  # set aside this time: said so
                refusal = await p.refusal(p.client.spectate(table_id))
                assert refusal.code == "damaged" and table_id in refusal.reason, refusal
            await p.close()

    asyncio.run(main())
