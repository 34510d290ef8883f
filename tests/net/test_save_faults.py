"""A failed save never leaves a hole (issue 45, item 5): a move whose
commit fails is refused with a sentence and undone, in memory as on disk;
its players are told the server cannot save; the game goes on once the
disk takes writes again, and a restart resumes it whole. Injected (one
``append_moves`` fails) and, as root, with a real full tmpfs."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import os
import random
import sqlite3
import subprocess
from pathlib import Path

import pytest

from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.timeline import rebuild
from bigcity_desktop.net import server as server_module
from bigcity_desktop.net.client import Refusal, ViewUpdate
from bigcity_desktop.net.store import TableStore

from .helpers import Player, choose, running


class FailNext:
    """TableStore.append_moves fails while `armed` (once per arming), as a full disk makes it."""

    def __init__(self, monkeypatch) -> None:
        self.armed = 0
        self.failed = 0
        self.when = lambda: True  # which saves fail while armed
        real = TableStore.append_moves

        def append_moves(store, table_id, first, actions, *snapshot):
            if self.armed and self.when():
                self.armed -= 1
                self.failed += 1
                done: concurrent.futures.Future[None] = concurrent.futures.Future()
                done.set_exception(sqlite3.OperationalError("database or disk is full"))
                return done
            return real(store, table_id, first, actions, *snapshot)

        monkeypatch.setattr(TableStore, "append_moves", append_moves)


async def _two_at_a_table(server, seats=("human", "human")):
    ann, bob = Player(server.url), Player(server.url)
    ann.client.create("Ann", list(seats))
    table = (await ann.seated()).table
    if seats.count("human") > 1:
        bob.client.join(table, "Bob")
        await bob.seated()
    ann.client.start_game()
    await ann.wait(ViewUpdate, lambda e: e.full)
    return ann, bob, table


def _no_pass(view, rng: random.Random):
    """A scripted move, never a pass (a game of passes ends in a few moves)."""
    kinds = [k for k in view.legal_kinds() if k != "pass"] or view.legal_kinds()
    return rng.choice(view.legal_actions(rng.choice(kinds)))


def _saved_moves(store: TableStore, table: str) -> int:
    db = store.reader()
    try:
        rows = [n for (n,) in db.execute("SELECT n FROM moves WHERE id = ? ORDER BY n", (table,))]
    finally:
        db.close()
    assert rows == list(range(len(rows))), "the saved moves have a hole"
    return len(rows)


def test_a_move_whose_save_fails_is_refused_undone_and_the_game_goes_on(tmp_path, monkeypatch):
    fail = FailNext(monkeypatch)

    async def main():
        async with running(data_dir=tmp_path) as server:
            ann, bob, table = await _two_at_a_table(server)
            rng = random.Random(3)
            for _ in range(6):  # a few moves first
                for p in (ann, bob):
                    v = p.client.view
                    if v is not None and v.current_player == p.client.seat:
                        p.client.act(choose(v, rng), len(v.history))
                        await p.wait(ViewUpdate, lambda e, n=len(v.history): e.at == n + 1)
                        await (bob if p is ann else ann).wait(ViewUpdate, lambda e, n=len(v.history): e.at == n + 1)
            t = server.tables[table]
            before = list(t.state.history)
            mover = ann if t.state.current_player == ann.client.seat else bob
            other = bob if mover is ann else ann
            view = mover.client.view
            move = choose(view, rng)
            fail.armed = 1
            req = mover.client.act(move, len(view.history))
            no = await mover.refusal(req)
            assert no.code == "cannot_save" and "cannot save" in no.reason and "not played" in no.reason
            told = await other.wait(Refusal, lambda e: e.code == "cannot_save")
            assert told.request is None and "cannot save" in told.reason
            # the table is as it was, in memory and on disk
            assert t.state.history == before and t.journaled == len(before)
            assert _saved_moves(server.store, table) == len(before)
            assert all(not (isinstance(e, ViewUpdate) and e.at == len(before) + 1) for e in mover.seen + other.seen)
            # the disk takes writes again: the same move is played
            req = mover.client.act(move, len(view.history))
            await mover.wait(ViewUpdate, lambda e: e.at == len(before) + 1)
            assert t.state.history == [*before, move]
            assert _saved_moves(server.store, table) == len(before) + 1
            kept = list(t.state.history)
            for p in (ann, bob):
                await p.close()
        assert fail.failed == 1
        # a restart resumes the game whole (it was found damaged before: a hole in its moves)
        async with running(data_dir=tmp_path) as again:
            await again.resumer.finished.wait()
            assert table in again.tables and not again.store.damaged
            assert again.tables[table].state.history == kept

    asyncio.run(main())


def test_a_failed_save_is_undone_from_the_latest_snapshot_not_from_the_seed(tmp_path, monkeypatch):
    """A long game's failed move is undone from the journal's latest snapshot
    and the moves after it (a few), not by replaying every move from the seed;
    the state it goes back to is the one the seed's replay gives."""
    fail = FailNext(monkeypatch)
    restored: list[object] = []
    real = TableStore.restored

    def spy(store, table_id, fresh, texts):
        back = real(store, table_id, fresh, texts)
        restored.append(back)
        return back

    monkeypatch.setattr(TableStore, "restored", spy)

    async def main():
        async with running(data_dir=tmp_path, snapshot_every=4) as server:
            ann, bob, table = await _two_at_a_table(server)
            t = server.tables[table]
            rng = random.Random(7)
            while len(t.state.history) < 11 and not t.state.is_over:
                p = ann if t.state.current_player == ann.client.seat else bob
                v = p.client.view
                if v is None or len(v.history) != len(t.state.history):
                    await p.wait(ViewUpdate, lambda e, n=len(t.state.history): e.at == n)
                    v = p.client.view
                p.client.act(_no_pass(v, rng), len(v.history))
                await p.wait(ViewUpdate, lambda e, n=len(v.history): e.at == n + 1)
            assert not t.state.is_over
            before = list(t.state.history)
            expected = rebuild(t.state, len(before))
            mover = ann if t.state.current_player == ann.client.seat else bob
            view = mover.client.view
            if len(view.history) != len(before):
                await mover.wait(ViewUpdate, lambda e: e.at == len(before))
                view = mover.client.view
            fail.armed = 1
            req = mover.client.act(_no_pass(view, rng), len(view.history))
            assert (await mover.refusal(req)).code == "cannot_save"
            assert len(restored) == 1 and isinstance(restored[0], GameState)  # from the snapshot at move 8
            assert t.state.history == before and t.state == expected  # every field, the seed's generator too
            for p in (ann, bob):
                await p.close()

    asyncio.run(main())


def test_a_bot_move_whose_save_fails_is_played_again(tmp_path, monkeypatch):
    fail = FailNext(monkeypatch)
    monkeypatch.setattr(server_module, "SAVE_RETRY", 0.01)

    async def main():
        async with running(data_dir=tmp_path) as server:
            ann, _bob, table = await _two_at_a_table(server, ("human", "easy"))
            t = server.tables[table]
            fail.when = lambda: t.state.actors[-1] == 1  # a move of the bot's
            fail.armed = 2  # the next bot move's save fails twice
            rng = random.Random(5)
            while not t.state.is_over and (fail.failed < 2 or len(t.state.history) < 12):
                v = ann.client.view
                if v.current_player == ann.client.seat and len(v.history) == len(t.state.history):
                    req = ann.client.act(choose(v, rng), len(v.history))
                    await ann.wait((ViewUpdate, Refusal), lambda e, r=req: not isinstance(e, Refusal) or e.request == r)
                else:
                    await ann.wait(ViewUpdate)
            assert fail.failed == server.stats.save_failures == 2
            async with t.lock:  # no move half-way through its save
                assert _saved_moves(server.store, table) == t.journaled == len(t.state.history)
            await ann.close()

    asyncio.run(main())


def test_a_failed_start_leaves_the_lobby_as_it_was(tmp_path, monkeypatch):
    async def main():
        async with running(data_dir=tmp_path) as server:
            ann = Player(server.url)
            ann.client.create("Ann", ["human", "easy"])
            table = (await ann.seated()).table

            def full(*_a, **_k):
                raise sqlite3.OperationalError("database or disk is full")

            monkeypatch.setattr(TableStore, "begin_game", full)
            req = ann.client.start_game()
            no = await ann.refusal(req)
            assert no.code == "cannot_save" and "cannot save" in no.reason
            assert server.tables[table].state is None
            monkeypatch.undo()
            req = ann.client.start_game()
            await ann.wait(ViewUpdate, lambda e: e.full)
            await ann.close()

    asyncio.run(main())


# ---------------------------------------------------------------------------
# a real full disk (root only: a tmpfs of 2 MB)


@contextlib.contextmanager
def small_tmpfs(where: Path, size: str = "2m"):
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    where.mkdir()
    out = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True)
    if out.returncode != 0:
        pytest.skip(f"a tmpfs cannot be mounted here: {out.stderr.decode(errors='replace').strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def _fill(folder: Path) -> Path:
    """A file that takes every free byte of the disk."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as f:
        for size in (65536, 4096, 512, 1):
            with contextlib.suppress(OSError):
                while f.write(b"\0" * size):
                    pass
    return filler


def test_a_full_disk_refuses_moves_and_loses_none_told_of(tmp_path):
    with small_tmpfs(tmp_path / "disk") as disk:
        data = disk / "tables"

        async def main():
            acked = 0
            refused = 0
            async with running(data_dir=data, flush_every=0) as server:
                ann, bob, table = await _two_at_a_table(server)
                filler = _fill(disk)
                rng = random.Random(7)
                while len(server.tables[table].state.history) < 20:
                    t = server.tables[table]
                    if t.state.is_over:  # random moves may end a game early (everyone passes)
                        break
                    mover = ann if t.state.current_player == ann.client.seat else bob
                    v = mover.client.view
                    if v is None or len(v.history) != len(t.state.history):
                        await mover.wait(ViewUpdate, lambda e, n=len(t.state.history): e.at == n)
                        continue
                    req = mover.client.act(choose(v, rng), len(v.history))
                    e = await mover.wait(
                        (ViewUpdate, Refusal),
                        lambda e, n=len(v.history), r=req: (
                            (isinstance(e, ViewUpdate) and e.at == n + 1) or (isinstance(e, Refusal) and e.request == r)
                        ),
                    )
                    if isinstance(e, Refusal):
                        assert e.code == "cannot_save", e
                        refused += 1
                        assert len(server.tables[table].state.history) == len(v.history)
                        if refused == 3:
                            filler.unlink()  # the disk has room again
                    else:
                        acked = e.at
                kept = list(server.tables[table].state.history)
                over = server.tables[table].state.is_over
                assert len(kept) == acked and refused == 3 and server.stats.save_failures >= 3
                for p in (ann, bob):
                    await p.close()
            if over:  # a game random moves ended early: its record is kept whole in finished/
                record = json.loads((data / "finished" / f"{table}.game.json").read_text())
                assert record["actions"] == [a.to_json() for a in kept]
                return
            async with running(data_dir=data) as again:
                await again.resumer.finished.wait()
                assert not again.store.damaged
                assert again.tables[table].state.history == kept

        asyncio.run(main())
