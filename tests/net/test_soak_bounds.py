"""A server that has played many games holds nothing of them once their
tables have finished and their players have left (issue 45: a soak of
2,000 short games keeps the server's memory flat; benchmarks/soak.py
measures it, this holds each structure to its bound): no table, connection,
client count, quick-match wait or task of theirs; the finished tables' ids
up to their bound; the engine's caches of positions and the legal moves'
texts emptied; every table of
one edition playing one rules object."""

from __future__ import annotations

import asyncio
import random

from benchmarks.lightseats import SEED, LightTable, Pace, script
from bigcity_desktop.engine import GameState, buildrules
from bigcity_desktop.net import finished, legal
from bigcity_desktop.net.config import TIMINGS_KEPT

from .helpers import GUARD, running

TABLES = 3
GAMES = 6


async def _until(cond, what: str) -> None:
    """Wait for the server to get there (a guard against a hang, not a measure)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + GUARD
    while not cond():
        assert loop.time() < end, what
        await asyncio.sleep(0.02)


def test_finished_tables_and_their_players_leave_nothing_behind(tmp_path, monkeypatch):
    monkeypatch.setattr(finished, "FINISHED_KEPT", 4)
    monkeypatch.setattr(finished, "FORGET_AFTER", 1)  # every finished table empties the engine's caches

    async def main() -> None:
        async with running(data_dir=tmp_path, game_seed=SEED) as server:
            tasks_before = len(asyncio.all_tasks())
            begun = 0
            rules = set()

            def another() -> bool:
                nonlocal begun
                begun += 1
                return begun <= GAMES

            def seen(table: str, _script: object) -> None:
                rules.add(id(server.tables[table].rules))

            pace = Pace(another=another, begun=seen)
            scripts = [script("original")]
            await asyncio.gather(*(LightTable(server.url, i, scripts, pace).run() for i in range(TABLES)))
            await _until(lambda: not server.conns and not server.tables, "every player and table has left")
            await _until(lambda: len(asyncio.all_tasks()) <= tasks_before, "every connection's task has ended")
            assert not server.clients.connections  # the count per address goes with its last connection
            assert not server.match.waiting
            assert not server._tasks  # every retire and save nobody waited for has ended
            assert len(server.finished) == finished.FINISHED_KEPT < GAMES  # the newest ids, no more
            assert sum(len(c) for c in buildrules._CITY_CACHES) == 0
            assert not legal._ENTRIES  # the legal moves' texts the finished games were sent
            assert not legal._LAYOUTS  # and their cities' spots' words
            assert len(rules) == 1  # one rules object for every table of the edition, not a copy each
            assert server.stats.actions > 0 and server.stats.commit_times.maxlen == TIMINGS_KEPT

    asyncio.run(main())


def test_the_legal_moves_texts_kept_are_bounded(monkeypatch):
    """net/legal.py keeps each action's text up to a bound (emptied when it
    fills): however many games it is asked about, it holds at most the bound
    and one list's entries more."""
    monkeypatch.setattr(legal, "_MAX_ENTRIES", 300)
    monkeypatch.setattr(legal, "_ENTRIES", {})
    most = 0
    for seed in range(3):
        s = GameState.new("original", 3, seed=seed)
        rng = random.Random(seed)
        while not s.is_over and len(s.history) < 150:
            text = legal.legal_text(s, s.current_player)
            assert text is not None
            most = max(most, len(legal._ENTRIES) - len(s.legal_actions()))
            s.apply(rng.choice(s.legal_actions()))
    assert 0 < most < 300


def test_the_spots_words_kept_by_layout_are_bounded_and_the_same(monkeypatch):
    """net/legal.py keeps a city's spots' words by its neighborhoods as laid,
    up to a bound: a list written with them kept is the list written afresh,
    and however many cities it is asked about it holds at most the bound."""
    monkeypatch.setattr(legal, "_MAX_LAYOUTS", 5)
    monkeypatch.setattr(legal, "_LAYOUTS", {})
    for seed in range(4):
        s = GameState.new("jumbo", 4, seed=seed)
        rng = random.Random(seed)
        while not s.is_over and len(s.history) < 200:
            text = legal.legal_text(s, s.current_player)
            legal._LAYOUTS.clear()
            assert legal.legal_text(s, s.current_player) == text  # afresh
            assert legal.legal_text(s, s.current_player) == text  # kept
            assert len(legal._LAYOUTS) <= 5
            s.apply(rng.choice(s.legal_actions()))


def test_a_setup_list_is_written_once_for_every_game_of_an_edition(monkeypatch):
    """Every game of an edition and a number of players begins with the same setup neighborhoods in an
    empty city: its first list is kept (net/legal.py) and is each game's own."""
    monkeypatch.setattr(legal, "_LAYOUTS", {})
    first = GameState.new("original", 4, seed=1)
    text = legal.legal_text(first, first.current_player)
    other = GameState.new("original", 4, seed=2)
    assert legal.legal_text(other, other.current_player) is text  # kept, not written again
    legal._LAYOUTS.clear()
    assert legal.legal_text(other, other.current_player) == text
