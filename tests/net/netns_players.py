"""Two scripted players in one process, for the network-namespace test:
``python netns_players.py URL MOVES_BEFORE MOVES_AFTER``. Prints one JSON
line per event the test waits for, and a last line with what happened."""

from __future__ import annotations

import asyncio
import json
import random
import sys

from bigcity_desktop.net.client import ConnectionChanged, ConnectionState, GameEnded, Refusal, TableClient, ViewUpdate


def say(**what: object) -> None:
    print(json.dumps(what), flush=True)


async def main(url: str, before: int, after: int) -> None:
    clients = [
        TableClient(url, ping_interval=2.0, ping_timeout=4.0, open_timeout=5.0, reconnect_for=120.0) for _ in range(2)
    ]
    queues = [c.events() for c in clients]
    for c in clients:
        c.start()
    states: list[str] = []
    moves = 0
    cut_seen = False
    back = False
    done = asyncio.Event()

    async def run(i: int) -> None:
        nonlocal moves, cut_seen, back
        c, q = clients[i], queues[i]
        rng = random.Random(i)
        while not done.is_set():
            e = await q.get()
            if isinstance(e, ConnectionChanged):
                states.append(e.state)
                if e.state == ConnectionState.RECONNECTING and not cut_seen:
                    cut_seen = True
                    say(event="reconnecting")
                if e.state == ConnectionState.CONNECTED and cut_seen:
                    back = True
            elif isinstance(e, Refusal) and e.code not in ("stale", "not_your_turn"):
                say(event="refused", reason=e.reason)
            elif isinstance(e, GameEnded):
                done.set()
            elif isinstance(e, ViewUpdate):
                v = e.view
                if not e.full and e.by is not None:
                    if i == 0:
                        moves += 1
                        if moves == before:
                            say(event="cut now", moves=moves)
                        if back and moves >= before + after:
                            done.set()
                if not v.is_over and v.current_player == c.seat:
                    kind = rng.choice(v.legal_kinds())
                    c.act(rng.choice(v.legal_actions(kind)), e.at)

    tasks = [asyncio.create_task(run(i)) for i in range(2)]
    clients[0].create("Ann", ["human", "human", "random"])
    while clients[0].table_id is None or clients[0].seat is None:
        await asyncio.sleep(0.05)
    clients[1].join(clients[0].table_id, "Bob")
    while clients[1].seat is None:
        await asyncio.sleep(0.05)
    clients[0].start_game()
    await asyncio.wait_for(done.wait(), 600)
    for t in tasks:
        t.cancel()

    def agree() -> bool:
        a, b = clients[0].view, clients[1].view
        return a is not None and b is not None and (a.history == b.history or abs(len(a.history) - len(b.history)) <= 1)

    # a game that ended: the other client's last views may still be on their way (up to 10 s)
    for _ in range(100):
        if agree():
            break
        await asyncio.sleep(0.1)
    same = agree()
    say(event="done", moves=moves, reconnected=cut_seen and back, views_agree=same)
    for c in clients:
        await c.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
