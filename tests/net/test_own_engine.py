"""hello's `own_engine` (protocol 4): a client with the rules engine (the
app) is sent views without `legal` and `presented`, which it works out
itself; a client that says nothing (the browser page) gets both. Over
real sockets on loopback, a whole game of each against a bot."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from websockets.asyncio.client import connect

from bigcity_desktop.engine.actions import action_from_json
from bigcity_desktop.engine.viewjson import view_from_json
from bigcity_desktop.net import protocol as P

from .helpers import running


async def _play(url: str, own_engine: bool | None) -> list[dict]:
    """A whole game of a raw client against an easy bot, choosing from the
    server's legal list when it has one, else from its own engine's; the
    view messages it was sent."""
    views: list[dict] = []
    rng = random.Random(4)
    async with connect(url, compression=None, max_size=2**24) as ws:
        hello = {"type": "hello", "protocol": P.PROTOCOL_VERSION, "client": "test"}
        if own_engine is not None:
            hello["own_engine"] = own_engine
        await ws.send(json.dumps(hello))
        await ws.send(
            json.dumps(
                {
                    "type": "create",
                    "name": "Ann",
                    "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}],
                    "edition": "original",
                }
            )
        )
        await ws.send(json.dumps({"type": "start"}))
        state = None
        while True:
            m = json.loads(await asyncio.wait_for(ws.recv(), 60))
            if m["type"] == "game_over":
                return views
            if m["type"] != "view":
                continue
            views.append(m)
            state = view_from_json(m["view"], base=None if m["full"] else state, checked=True)
            if state.is_over or state.current_player != m["view"]["viewer"]:
                continue
            if "legal" in m:
                action = rng.choice(m["legal"])["action"]
            else:
                action = rng.choice(state.legal_actions()).to_json()
            await ws.send(json.dumps({"type": "act", "action": action, "at": m["at"]}))
            assert action_from_json(action) is not None


@pytest.mark.parametrize("own_engine", [True, False, None])
def test_a_client_with_its_own_engine_is_sent_neither_legal_moves_nor_the_table_presented(own_engine):
    async def main():
        async with running() as server:
            views = await _play(server.url, own_engine)
        assert len(views) > 20
        if own_engine:
            assert not any("legal" in v or "presented" in v for v in views)
        else:
            assert all("presented" in v for v in views)
            assert any("legal" in v for v in views)

    asyncio.run(main())
