"""Whole games over real sockets on 127.0.0.1: two scripted players and two
server bots play to the end; drops and reconnects; chat; spectators;
handing a missing player's seat to a bot."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from bigcity_desktop.bots.levels import PLAYER_KINDS
from bigcity_desktop.engine import GameState, action_from_json
from bigcity_desktop.engine.record import PlayerInfo, load_record, record_to_json
from bigcity_desktop.engine.rules import rules_of_document
from bigcity_desktop.net.client import (
    ChatReceived,
    ConnectionChanged,
    ConnectionState,
    GameEnded,
    SeatAssigned,
    TableChanged,
    ViewUpdate,
)

from .helpers import Player, running


def local_record(record: bytes) -> dict:
    """The record a local game gives with the same seed, players and actions."""
    data = json.loads(record)
    players = [PlayerInfo(p["name"], p["kind"]) for p in data["players"]]
    # the record's own rules: a public table of the original plays the strangers' (engine/strangers.py)
    rules = rules_of_document(data, ValueError)
    state = GameState.new(rules, len(players), data["seed"], [p.name for p in players])
    for a in data["actions"]:
        state.apply(action_from_json(a))
    return record_to_json(state, players, data.get("extra"))


async def two_humans_two_bots(server, edition="original"):
    url = server.url
    ann, bob = Player(url), Player(url)
    await ann.connected()
    ann.client.create("Ann", ["human", "easy", "human", "random"], edition=edition)
    seat = await ann.seated()
    await bob.connected()
    bob.client.join(seat.table, "  Bob\t the\x00builder ")
    assert (await bob.seated()).seat == 2
    ann.client.start_game()
    return ann, bob, seat.table


@pytest.mark.slow
@pytest.mark.parametrize("edition", ["original", "jumbo"])
def test_two_players_and_two_bots_play_to_the_end(edition, tmp_path):
    async def main():
        async with running(data_dir=tmp_path) as server:
            ann, bob, table = await two_humans_two_bots(server, edition)
            ends = await asyncio.gather(ann.play(random.Random(1)), bob.play(random.Random(2)))
            assert all(isinstance(e, GameEnded) for e in ends)
            a, b = ends
            assert a.record == b.record and a.error is None and a.game is not None
            assert a.game.state.is_over
            data = json.loads(a.record)
            assert [p["name"] for p in data["players"]] == ["Ann", "Pip", "Bob the builder", "Lucky"]
            assert [p["kind"] for p in data["players"]] == ["human", "easy", "human", "random"]
            # the same seed and actions played locally give the same record
            assert local_record(a.record) == {k: v for k, v in data.items()}
            # what the server keeps is that record (in finished/, its rows gone from the database), and it opens as any record does
            kept = tmp_path / "finished" / f"{table}.game.json"
            while not kept.exists():  # written once the game is over (the test's guard ends a hang)
                await asyncio.sleep(0.02)
            saved = kept.read_text()
            assert json.loads(saved) == data and server.store.record_text(table) is None
            assert load_record(saved, player_kinds=PLAYER_KINDS).state.scores == a.game.state.scores
            # the last view each player got is its view of the final state
            final = a.game.state
            for p, seat in ((ann, 0), (bob, 2)):
                assert p.client.view.viewer == seat and p.client.view.is_over
                assert p.client.view.hands == final.view_for(seat).hands
            await ann.close()
            await bob.close()

    asyncio.run(main())


def test_chat_names_are_cleaned_and_lines_capped():
    async def main():
        async with running() as server:
            ann = Player(server.url)
            ann.client.create("Ann", ["human", "easy"])
            await ann.seated()
            watcher = Player(server.url)
            watcher.client.spectate(ann.client.table_id)
            await watcher.wait(TableChanged)
            ann.client.chat("hello\nthere   " + "x" * 1000)
            line = await watcher.wait(ChatReceived)
            assert line.name == "Ann" and line.seat == 0
            assert line.text.startswith("hello there x") and len(line.text) == 300
            empty = ann.client.chat(" \t ")
            assert (await ann.refusal(empty)).code == "chat"
            watcher.client.chat("nice move")
            line = await ann.wait(ChatReceived, lambda e: e.seat is None)
            assert line.name == "Spectator"
            await ann.close()
            await watcher.close()

    asyncio.run(main())


@pytest.mark.slow
def test_a_dropped_client_gets_back_in_by_itself_and_a_killed_one_with_its_token():
    async def main():
        async with running() as server:
            ann, bob, table = await two_humans_two_bots(server)
            rng_a, rng_b = random.Random(3), random.Random(4)
            # play a while, then cut Ann's connection under her feet
            play_b = asyncio.create_task(bob.play(rng_b))
            await ann.play(rng_a, until=lambda v: len(v.history) >= 30)
            ann.client._ws.transport.abort()
            await ann.wait(ConnectionChanged, lambda e: e.state == ConnectionState.RECONNECTING)
            await ann.connected()
            back = await ann.wait(ViewUpdate, lambda e: e.full)
            assert back.view.viewer == 0 and len(back.view.history) >= 30
            # the game goes on; then Ann's program dies outright, and a new
            # one comes back with the seat's token
            await ann.play(rng_a, until=lambda v: len(v.history) >= 60)
            seat = next(e for e in ann.seen if isinstance(e, SeatAssigned))
            ann.client._closing = True
            ann.client._ws.transport.abort()
            again = Player(server.url)
            await again.connected()
            wrong = again.client.rejoin(table, 0, "not-the-token")
            assert (await again.refusal(wrong)).code == "token"
            again.client.rejoin(table, 0, seat.token)
            view = await again.wait(ViewUpdate, lambda e: e.full)
            assert view.view.viewer == 0
            end = await again.play(rng_a)
            assert isinstance(end, GameEnded) and end.game is not None
            assert isinstance(await play_b, GameEnded)
            await again.close()
            await bob.close()

    asyncio.run(main())


def test_the_host_hands_a_missing_players_seat_to_a_bot():
    async def main():
        async with running() as server:
            ann, bob = Player(server.url), Player(server.url)
            ann.client.create("Ann", ["human", "human"])
            table = (await ann.seated()).table
            bob.client.join(table, "Bob")
            await bob.seated()
            ann.client.start_game()
            await ann.wait(ViewUpdate)
            here = ann.client.hand_to_bot(1, "random")
            assert (await ann.refusal(here)).code == "here"
            not_host = bob.client.hand_to_bot(0, "random")
            assert (await bob.refusal(not_host)).code == "host"
            await bob.close()
            await ann.wait(TableChanged, lambda e: not e.table.seats[1].connected)
            ann.client.hand_to_bot(1, "random")
            info = await ann.wait(TableChanged, lambda e: e.table.seats[1].kind == "bot")
            assert info.table.seats[1].level == "random"
            end = await ann.play(random.Random(5))
            assert json.loads(end.record)["players"][1]["kind"] == "random"
            await ann.close()

    asyncio.run(main())


def test_server_bots_sit_down_with_a_name_of_their_level(tmp_path):
    """A network table read "Medium bot 3 (medium)": its bots now have the
    names the New game dialog offers, none the same as another seat's."""

    async def main():
        async with running(data_dir=tmp_path) as server:
            greta = Player(server.url)
            await greta.connected()
            greta.client.create("greta", ["human", "hard", "hard", "medium", "hard"], edition="original")
            await greta.seated()
            changed = await greta.wait(TableChanged, lambda e: e.table is not None)
            names = [s.name for s in changed.table.seats]
            assert names == ["greta", "Viktor", "Ada", "Bea", "Magnus"]
            await greta.close()

    asyncio.run(main())
