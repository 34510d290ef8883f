"""The answers behind /players, /p/<player> and /g/<game> (issue 48, item 6),
over real sockets on 127.0.0.1: after a rated game its players are ranked,
a player's profile lists the game with their rating after it, and the
game replays position by position as a spectator's whole views."""

from __future__ import annotations

import asyncio
import random

from bigcity_desktop.net import protocol as P
from bigcity_desktop.net.client import GameEnded, ViewUpdate
from bigcity_desktop.net.identity import PlayerKey

from .helpers import Player, running


def test_a_finished_rated_game_is_ranked_profiled_and_replayed(tmp_path):
    async def main():
        key = PlayerKey.new()
        async with running(data_dir=tmp_path) as server:
            ann = Player(server.url, player_key=key, player_name="Ann")
            await ann.wait(P.Identified)
            ann.client.create("Ann", ["human", "random"], rated=True, clock="10+30")
            table = (await ann.seated()).table
            ann.client.start_game()
            ended = await ann.play(random.Random(6))
            assert isinstance(ended, GameEnded)
            total = len(ended.game.state.history)

            ann.client.request(P.AskRanking, "original")
            ranking = await ann.wait(P.Ranking)
            assert [(p.player, p.name, p.finished) for p in ranking.players] == [(key.player, "Ann", 100)]
            ann.client.request(P.AskProfile, key.player)
            profile = await ann.wait(P.Profile)
            assert profile.started == 1 and [g.game for g in profile.games] == [table]
            mine = profile.games[0].seats[0]
            assert mine.player == key.player and mine.shown == ranking.players[0].rating

            viewer = Player(server.url)  # anyone may watch a finished game again
            await viewer.connected()
            viewer.client.request(P.AskReplay, table)
            first = await viewer.wait(P.Replay)
            assert (first.at, first.total, first.rounds[0]) == (0, total, 0) and first.record is not None
            start = await viewer.wait(ViewUpdate)
            assert len(start.view.history) == 0 and not start.view.is_over
            viewer.client.request(P.AskReplay, table, total)
            last = await viewer.wait(P.Replay)
            assert last.record is None and last.at == total
            end = await viewer.wait(ViewUpdate)
            assert end.view.is_over and end.view.scores == ended.game.state.scores
            no = await viewer.refusal(viewer.client.request(P.AskReplay, "nosuchgame"))
            assert no.code == "no_game"
            for p in (ann, viewer):
                await p.close()

    asyncio.run(main())
