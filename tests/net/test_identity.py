"""Player identity, ratings and reputation over real sockets on 127.0.0.1
(issue 48, items 1, 3, 4 and 10): a key proved on connect, a name unique
on the server, a seat taken back by the key alone, forged proofs refused,
rated tables for identified players only, and ratings after a scripted
series of games equal to OpenSkill's own computation."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from openskill.models import PlackettLuce

from bigcity_desktop.net import protocol as P
from bigcity_desktop.net.client import GameEnded, TableChanged
from bigcity_desktop.net.identity import IdentityError, PlayerKey, import_code, proof_bytes, verify

from .helpers import Player, RawSocket, running


async def _identified(p: Player) -> P.Identified:
    return await p.wait(P.Identified)


def test_a_code_carries_the_key_and_a_damaged_code_is_refused():
    key = PlayerKey.new()
    code = f"BCK1.{key.player}"  # not a code
    with pytest.raises(IdentityError):
        import_code(code)
    from bigcity_desktop.net.identity import export_code

    again = import_code(" " + export_code(key)[:20] + "\n" + export_code(key)[20:])
    assert again.player == key.player
    other = PlayerKey.new()
    with pytest.raises(IdentityError, match="do not belong"):
        import_code(f"BCK1.{export_code(key).split('.')[1]}.{other.player}")


def test_a_proof_holds_for_its_host_and_challenge_only():
    key = PlayerKey.new()
    sig = key.prove("127.0.0.1:5000", "abc")
    assert verify(key.player, sig, "127.0.0.1:5000", "abc")
    assert not verify(key.player, sig, "evil.example:5000", "abc")  # relayed by another server
    assert not verify(key.player, sig, "127.0.0.1:5000", "abd")  # an old challenge
    assert not verify(PlayerKey.new().player, sig, "127.0.0.1:5000", "abc")
    assert proof_bytes("A:1", "x") == b"bigcity-identify-1\0a:1\0x"


def test_the_server_knows_a_player_by_key_with_a_name_unique_on_it(tmp_path):
    async def main():
        ada, other = PlayerKey.new(), PlayerKey.new()
        async with running(data_dir=tmp_path) as server:
            a = Player(server.url, player_key=ada, player_name="Ada")
            first = await _identified(a)
            assert (first.player, first.name, first.started, first.finished) == (ada.player, "Ada", 0, None)
            b = Player(server.url, player_key=other, player_name="ada")
            assert (await _identified(b)).name == "ada 2"  # names are unique without case
            # Ada's seat, left by a drop, is hers again by her key alone: no token
            a.client.create("Ada", ["human", "random"])
            seated = await a.seated()
            info = await a.wait(TableChanged)
            assert info.table.seats[0].name == "Ada" and info.table.seats[0].player == ada.player
            assert info.table.seats[1].rating == 900  # the random bot's anchor
            await a.close()
            again = Player(server.url, player_key=ada, player_name="Ada")
            await _identified(again)
            again.client.request(P.Rejoin, seated.table, seated.seat, None)
            assert (await again.seated()).seat == seated.seat
            # someone else's key does not get her seat
            req = b.client.request(P.Rejoin, seated.table, seated.seat, None)
            assert (await b.refusal(req)).code == "token"
            # her app, back with the seat's first token (an older one now), is let in by her key
            app = Player(server.url, player_key=ada, player_name="Ada")
            await _identified(app)
            app.client.rejoin(seated.table, seated.seat, seated.token)
            assert (await app.seated()).seat == seated.seat
            for p in (again, b, app):
                await p.close()
        async with running(data_dir=tmp_path) as server:  # the name is kept across restarts
            c = Player(server.url, player_key=ada, player_name="Ada Lovelace")
            assert (await _identified(c)).name == "Ada Lovelace"
            await c.close()

    asyncio.run(main())


def test_a_forged_or_relayed_proof_is_refused():
    async def main():
        async with running() as server:
            port = server.address[1]
            key = PlayerKey.new()
            raw = await RawSocket.open(port)
            await raw.send_text(P.Hello(P.PROTOCOL_VERSION, "test").encode())
            welcome = P.read_server((await raw.read_frame())[1].decode())
            assert isinstance(welcome, P.Welcome) and welcome.challenge
            for host, challenge in ((f"evil.example:{port}", welcome.challenge), (f"127.0.0.1:{port}", "stale")):
                await raw.send_text(P.Identify(key.player, key.prove(host, challenge), "Eve", 7).encode())
                no = P.read_server((await raw.read_frame())[1].decode())
                assert isinstance(no, P.Refused) and no.code == "identity"
            good = key.prove(f"127.0.0.1:{port}", welcome.challenge)
            await raw.send_text(P.Identify(key.player, good, "Eve", 8).encode())
            yes = P.read_server((await raw.read_frame())[1].decode())
            assert isinstance(yes, P.Identified) and yes.name == "Eve"

    asyncio.run(main())


def test_a_rated_table_seats_identified_players_only():
    async def main():
        async with running() as server:
            host = Player(server.url, player_key=PlayerKey.new(), player_name="Host")
            await _identified(host)
            host.client.create("Host", ["human", "human"], rated=True, min_finished=50, clock="10+30")
            seated = await host.seated()
            anon = Player(server.url)
            await anon.connected()
            no = await anon.refusal(anon.client.join(seated.table, "Anon"))
            assert no.code == "identity" and "identified" in no.reason
            # an anonymous creator cannot make a rated table either
            no = await anon.refusal(anon.client.create("Anon", ["human", "random"], rated=True, clock="10+30"))
            assert no.code == "identity"
            for p in (host, anon):
                await p.close()

    asyncio.run(main())


#: what the test knows of the server's scale and anchors, written again here
_ANCHOR = {"random": 10.0}


def _places(scores: list[int], left: list[bool]) -> list[int]:
    stay = sorted((i for i in range(len(scores)) if not left[i]), key=lambda i: -scores[i])
    out = [0] * len(scores)
    for i in range(len(scores)):
        out[i] = len(stay) + 1 if left[i] else 1 + sum(1 for j in stay if scores[j] > scores[i])
    return out


def test_ratings_after_a_series_equal_openskill_computed_apart(tmp_path):
    """Three identified players play a series of rated games (two or three
    of them with a random bot); their ratings at the end are what
    OpenSkill's Plackett–Luce gives for the same results, computed here."""

    async def main():
        keys = {name: PlayerKey.new() for name in ("Ann", "Ben", "Cy")}
        series = [("Ann", "Ben"), ("Ben", "Cy"), ("Ann", "Ben", "Cy"), ("Cy", "Ann")]
        model = PlackettLuce()
        expected = {name: model.rating() for name in keys}
        rng = random.Random(48)
        async with running(data_dir=tmp_path) as server:
            for game in series:
                players = [Player(server.url, player_key=keys[n], player_name=n) for n in game]
                for p in players:
                    await _identified(p)
                players[0].client.create(game[0], ["human"] * len(game) + ["random"], rated=True, clock="10+30")
                table = (await players[0].seated()).table
                for p in players[1:]:
                    p.client.join(table, "x")
                    await p.seated()
                players[0].client.start_game()
                ended = await asyncio.gather(*(p.play(rng) for p in players))
                assert all(isinstance(e, GameEnded) for e in ended)
                scores = json.loads(ended[0].record)["scores"]
                left = [False] * len(scores)
                places = _places(scores, left)
                teams = [[expected[n]] for n in game] + [[model.rating(mu=_ANCHOR["random"], sigma=1.0)]]
                after = model.rate(teams, ranks=[float(x) for x in places])
                for n, team in zip(game, after, strict=False):
                    expected[n] = team[0]
                for p in players:
                    await p.close()
            for name, key in keys.items():
                got = server.desk.players.player(key.player)
                assert got is not None
                r = got.rating("original")
                assert r.mu == pytest.approx(expected[name].mu, abs=1e-9)
                assert r.sigma == pytest.approx(expected[name].sigma, abs=1e-9)
                played = sum(name in g for g in series)
                assert r.games == played
                assert (got.reputation.started, got.reputation.finished) == (played, played)
        async with running(data_dir=tmp_path) as server:  # kept in the database
            r = server.desk.players.player(keys["Ann"].player).rating("original")
            assert r.mu == pytest.approx(expected["Ann"].mu, abs=1e-9)
            assert len(server.desk.players.games_of(keys["Ben"].player, 10)) == 3

    asyncio.run(main())


def test_places_share_ties_and_put_leavers_last():
    from bigcity_desktop.net.ratings import Entry, Rating, bot_rating, places, rate

    assert places([10, 30, 10, 50], [False, False, False, True]) == [2, 1, 2, 4]
    assert places([5, 5], [True, True]) == [1, 1]
    bot = bot_rating("hard")
    after = rate([Entry(Rating(), 2, person=True), Entry(bot, 1, person=False)])
    assert after[1] == bot and after[0].mu < 25 and after[0].games == 1  # the anchor never moves


def test_a_player_who_leaves_a_rated_game_counts_last_and_has_not_finished(tmp_path):
    async def main():
        ann_key, ben_key = PlayerKey.new(), PlayerKey.new()
        model = PlackettLuce()
        async with running(data_dir=tmp_path) as server:
            ann = Player(server.url, player_key=ann_key, player_name="Ann")
            ben = Player(server.url, player_key=ben_key, player_name="Ben")
            for p in (ann, ben):
                await _identified(p)
            ann.client.create("Ann", ["human", "human", "random"], rated=True, clock="10+30")
            table = (await ann.seated()).table
            ben.client.join(table, "Ben")
            await ben.seated()
            ann.client.start_game()
            await ann.wait(TableChanged, lambda e: e.table.status == "playing")
            await ben.close()  # Ben leaves; the host hands his seat to a bot
            await ann.wait(TableChanged, lambda e: not e.table.seats[1].connected)
            ann.client.hand_to_bot(1, "random", 0.0)
            await ann.wait(TableChanged, lambda e: e.table.seats[1].kind == "bot")
            ended = await ann.play(random.Random(5))
            assert isinstance(ended, GameEnded)
            scores = json.loads(ended.record)["scores"]
            places = _places(scores, [False, True, False])
            assert places[1] == 3
            teams = [[model.rating()], [model.rating()], [model.rating(mu=_ANCHOR["random"], sigma=1.0)]]
            want = model.rate(teams, ranks=[float(x) for x in places])
            got_ben = server.desk.players.player(ben_key.player)
            assert got_ben.rating("original").mu == pytest.approx(want[1][0].mu, abs=1e-9)
            assert got_ben.reputation.started == 1 and got_ben.reputation.finished == 0
            assert got_ben.reputation.finished_share() == 0
            got_ann = server.desk.players.player(ann_key.player)
            assert got_ann.rating("original").mu == pytest.approx(want[0][0].mu, abs=1e-9)
            assert got_ann.reputation.finished_share() == 100
            await ann.close()
            # a table asking for players who finish half their games does not seat Ben now
            host = Player(server.url, player_key=ann_key, player_name="Ann")
            await _identified(host)
            host.client.create("Ann", ["human", "human"], min_finished=50)
            strict = (await host.seated()).table
            again = Player(server.url, player_key=ben_key, player_name="Ben")
            await _identified(again)
            no = await again.refusal(again.client.join(strict, "Ben"))
            assert no.code == "identity" and "finished 0%" in no.reason
            for p in (host, again):
                await p.close()

    asyncio.run(main())
