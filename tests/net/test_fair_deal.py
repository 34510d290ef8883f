"""Deals anyone can verify (issue 48, item 7): the server commits to the
seed when the game begins, reveals seed and salt at the end, and a seat
checks the commitment, the replay and every hand it held
(engine/fairdeal.py). A forged seed and a record whose draws differ from
the revealed seed are flagged, naming the first sighting that differs."""

from __future__ import annotations

import asyncio
import random

from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.fairdeal import DealWatch, commitment, verify_deal
from bigcity_desktop.net.client import GameEnded, TableChanged, ViewUpdate

from .helpers import Player, choose, running

SALT = "0f" * 16


def _played(seed: int, seat: int = 0, moves: int = 10**6) -> tuple[GameState, DealWatch]:
    """A game of random moves from `seed`, and what `seat` saw of its hand."""
    rng = random.Random(seed)
    s = GameState.new("original", 3, seed)
    watch = DealWatch()
    watch.saw(s.view_for(seat))
    while not s.is_over and len(s.history) < moves:
        s.apply(choose(s, rng))
        watch.saw(s.view_for(seat))
    return s, watch


def test_an_honest_deal_is_verified_and_a_spectator_checks_the_commitment():
    s, watch = _played(7)
    assert len(watch.sightings) > 10
    assert verify_deal(s, 0, commitment(7, SALT), 7, SALT, watch).verified
    assert verify_deal(s, None, commitment(7, SALT), 7, SALT, DealWatch()).verified


def test_a_forged_seed_is_flagged():
    s, watch = _played(7)
    forged = verify_deal(s, 0, commitment(7, SALT), 8, SALT, watch)  # revealed seed is not the promised one
    assert not forged.verified and forged.problem is not None and "commitment" in forged.problem
    other_salt = verify_deal(s, 0, commitment(7, SALT), 7, "1f" * 16, watch)
    assert not other_salt.verified
    assert not verify_deal(s, 0, None, 7, SALT, watch).verified  # nothing promised: nothing verified
    assert not verify_deal(s, 0, commitment(7, SALT), None, None, watch).verified


def test_draws_that_differ_from_the_revealed_seed_are_flagged_at_the_first():
    """The server dealt from one seed and reveals (and commits to) another
    whose record holds the same moves up to a point: the seat's hands differ."""
    dealt, watch = _played(11, moves=40)
    revealed = GameState.new("original", 3, 12)
    for a in dealt.history:  # the same moves, as far as they are legal under the other seed
        if revealed.check(a) is not None:
            break
        revealed.apply(a)
    verdict = verify_deal(revealed, 0, commitment(12, SALT), 12, SALT, watch)
    assert not verdict.verified and verdict.moves is not None
    assert verdict.problem is not None and f"after move {verdict.moves} your hand held" in verdict.problem
    # the first differing sighting is named: every earlier one agrees with the replay
    assert all(sg.moves >= verdict.moves for sg in watch.sightings if sg.hand != tuple(sorted(revealed.hands[0])))


def test_a_draw_changed_in_the_middle_is_named_by_its_move():
    s, watch = _played(5)
    k = len(watch.sightings) // 2
    sg = watch.sightings[k]
    watch.sightings[k] = type(sg)(sg.moves, tuple(sorted((*sg.hand[1:], 99))))
    verdict = verify_deal(s, 0, commitment(5, SALT), 5, SALT, watch)
    assert not verdict.verified and verdict.moves == sg.moves
    assert verdict.problem is not None and "99" in verdict.problem


def test_over_loopback_every_seat_is_promised_the_deal_and_verifies_it():
    async def main() -> None:
        async with running() as server:
            ann = Player(server.url)
            ann.client.create("Ann", ["human", "human"], edition="original")
            table = (await ann.seated()).table
            bob = Player(server.url)
            bob.client.join(table, "Bob")
            await bob.seated()
            ann.client.start_game()
            await ann.wait(ViewUpdate)
            # the commitment came before the first view, so before any card was seen
            kinds = [e for e in ann.seen if isinstance(e, (TableChanged, ViewUpdate))]
            promised = next(i for i, e in enumerate(kinds) if isinstance(e, TableChanged) and e.table.deal_commitment)
            assert promised < next(i for i, e in enumerate(kinds) if isinstance(e, ViewUpdate))
            t = server.tables[table]
            assert t.deal_salt is not None and t.state is not None and t.state.seed is not None
            sent = kinds[promised]
            assert isinstance(sent, TableChanged) and sent.table.deal_commitment == commitment(
                t.state.seed, t.deal_salt
            )
            ends = await asyncio.gather(ann.play(random.Random(1)), bob.play(random.Random(2)))
            for end in ends:
                assert isinstance(end, GameEnded) and end.deal is not None
                assert end.deal.verified, end.deal.problem
            assert len(ann.client.deal.sightings) >= 2  # the deal and at least one draw
            for p in (ann, bob):
                await p.close()

    asyncio.run(main())


def test_the_salt_is_kept_across_a_restart(tmp_path):
    async def main() -> None:
        async with running(data_dir=tmp_path) as server:
            ann = Player(server.url)
            ann.client.create("Ann", ["human", "random"], edition="original")
            seated = await ann.seated()
            ann.client.start_game()
            await ann.wait(ViewUpdate)  # begun: the commitment is sent and the salt saved
            salt = server.tables[seated.table].deal_salt
            promise = ann.client.promised
            await ann.close()
        async with running(data_dir=tmp_path) as server:
            assert server.resumer is not None
            await server.resumer.finished.wait()
            assert server.tables[seated.table].deal_salt == salt
            ann = Player(server.url)
            await ann.connected()
            ann.client.rejoin(seated.table, seated.seat, seated.token)
            assert (await ann.wait(TableChanged)).table.deal_commitment == (promise[1] if promise else None)
            end = await ann.play(random.Random(4))
            assert isinstance(end, GameEnded) and end.deal is not None
            assert end.deal.verified, end.deal
            await ann.close()

    asyncio.run(main())
