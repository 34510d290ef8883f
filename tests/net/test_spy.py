"""A spy at the table records every frame it is sent over a whole game and
finds in it none of the cards hidden from it at that moment: not the other
hands, not the stacks, not face-down offers; nor the seed or the generator."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from bigcity_desktop.engine import GameState, action_from_json, stack_of
from bigcity_desktop.engine.rules import rules_of_document
from bigcity_desktop.net.client import GameEnded

from .helpers import Player, running


def hidden_from(state: GameState, spy: int) -> set[int]:
    """Every card `spy` may not know at this moment."""
    public = {c for o in state.offers.values() if o.face_up for c, t in zip(o.cards, o.taken) if t is not None}
    out: set[int] = set()
    for q, h in enumerate(state.hands):
        if q != spy:
            out.update(c for c in h if c not in public)
    for st in state.stacks:
        out.update(st)
    for q, o in state.offers.items():
        if q != spy and not o.face_up:
            out.update(c for c, t in zip(o.cards, o.taken) if t != spy)
    return out


def card_positions(view: dict[str, Any], spy: int) -> list[int]:
    """Every number the view puts where a card of another player (or a
    stack) would stand."""
    out: list[int] = []
    for q, h in enumerate(view["hands"]):
        if q != spy:
            out.extend(h)
    for q, o in view["offers"]:
        if q != spy:
            out.extend(o["cards"])
    for a, who in zip(view["history"], view["actors"]):
        if who != spy and "cards" in a:
            out.extend(a["cards"])

    def walk(v: Any) -> None:
        if isinstance(v, dict):
            for k, x in v.items():
                if k == "cards" and isinstance(x, list):
                    out.extend(c for c in x if type(c) is int)
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    for e in view["events"]:
        walk(e["extra"])
    return out


@pytest.mark.slow
def test_a_spy_sees_no_hidden_card_seed_or_generator():
    frames: list[str] = []

    async def main():
        async with running() as server:
            spy, other = Player(server.url), Player(server.url)
            receive = spy.client._receive

            def record_then_receive(raw):
                frames.append(raw if isinstance(raw, str) else raw.decode("latin-1"))
                receive(raw)

            spy.client._receive = record_then_receive
            spy.client.create("Spy", ["human", "human", "easy", "random"], edition="jumbo")
            table = (await spy.seated()).table
            other.client.join(table, "Other")
            await other.seated()
            spy.client.start_game()
            ends = await asyncio.gather(spy.play(random.Random(7)), other.play(random.Random(8)))
            assert isinstance(ends[0], GameEnded)
            await spy.close()
            await other.close()
            return table, ends[0]

    table, end = asyncio.run(main())
    record = json.loads(end.record)
    seed = record["seed"]
    # every moment of the game, from the record: the state after k actions
    rules = rules_of_document(record, ValueError)  # a server table's rules: the edition's with its bound on rounds
    state = GameState.new(rules, len(record["players"]), seed, [p["name"] for p in record["players"]])
    moments = [state.clone()]
    for a in record["actions"]:
        state.apply(action_from_json(a))
        moments.append(state.clone())
    spy_seat = 0
    views = with_secrets = 0
    for raw in frames:
        msg = json.loads(raw)
        if msg["type"] == "game_over":
            break  # the end: the record shows every hand, to everyone
        assert str(seed) not in raw
        assert '"seed"' not in raw and '"rng"' not in raw
        if msg["type"] != "view":
            continue
        views += 1
        view, at = msg["view"], msg["at"]
        hidden = hidden_from(moments[at], spy_seat)
        # late in a game the deck and the other hands can be empty: nothing to hide then
        with_secrets += bool(hidden)
        leaked = hidden & {c for c in card_positions(view, spy_seat) if c >= 0}
        assert not leaked, (at, leaked)
        # a hidden card shows at most its stack
        assert all(c < 0 or c not in hidden for c in card_positions(view, spy_seat))
        assert all(type(n) is int for n in view["stacks"])  # counts, never orders
        if msg.get("action") is not None and msg["by"] != spy_seat and "cards" in msg["action"]:
            act = msg["action"]
            if act["act"] == "exchange" or (act["act"] == "offer" and not act["face_up"]):
                assert all(c < 0 for c in act["cards"])
                real = action_from_json(record["actions"][at - 1])
                assert sorted(-stack_of(c) for c in real.cards) == sorted(act["cards"])
    assert views >= len(record["actions"]) // 2
    assert with_secrets >= views // 2, (with_secrets, views)  # the check is not vacuous
    assert frames and json.loads(frames[-1])["type"] in ("game_over", "view", "table")
