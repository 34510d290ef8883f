"""One game flow: a game at a server table and the same game in the app
(the same seed, the same people's moves, bots at the same seats) give the
same record, bot moves and all."""

from __future__ import annotations

import asyncio
import json
import random
from collections import deque

import pytest
from PySide6.QtCore import QObject, QTimer, Signal

from bigcity_desktop.engine import Action, GameState, action_from_json
from bigcity_desktop.engine.record import record_to_json
from bigcity_desktop.engine.rules import get_rules, rules_of_document
from bigcity_desktop.engine.strangers import for_server
from bigcity_desktop.net.client import GameEnded, Refusal, ViewUpdate
from bigcity_desktop.session.local import GameConfig, LocalSession, SeatConfig

from .helpers import GUARD, Player, choose, running

SEED = 2027
SEATS = ["human", "easy", "human", "random"]


async def scripted(player: Player, rng: random.Random) -> GameEnded:
    """A person at the table: a move chosen on each view of their turn, once per view."""
    done = -1
    while True:
        e = await player.next()
        if isinstance(e, GameEnded):
            return e
        if isinstance(e, Refusal):
            raise AssertionError(f"refused: {e}")
        if isinstance(e, ViewUpdate) and e.at > done and not e.view.is_over:
            if e.view.current_player == player.client.seat:
                done = e.at
                player.client.act(choose(e.view, rng), e.at)


async def network_game() -> bytes:
    async with running(game_seed=SEED) as server:
        ann, bob = Player(server.url), Player(server.url)
        await ann.connected()
        ann.client.create("Ann", SEATS, public=False)  # a friends' table: the book's rules and the server's bound
        seated = await ann.seated()
        table = seated.table
        await bob.connected()
        bob.client.join(table, "Bob", invite=seated.invite)
        assert (await bob.seated()).seat == 2
        ann.client.start_game()
        ends = await asyncio.gather(scripted(ann, random.Random(1)), scripted(bob, random.Random(2)))
        await ann.close()
        await bob.close()
    assert ends[0].record == ends[1].record
    return ends[0].record


class Ending(QObject):
    """Emits `done` once the local game ends, or a person's move is refused."""

    done = Signal()


def local_game(qtbot, names: list[str], moves: dict[int, deque[Action]]) -> LocalSession:
    """The same seats in the app (hot seat: two people at one screen), each
    person playing their moves of the network game in turn."""
    session = LocalSession(autosave=False)
    session.bot_delay_ms = 0
    played = [-1]
    refused: list[str] = []
    ending = Ending()
    session.over.connect(ending.done)

    def play(seat: int, at: int) -> None:
        s = session.full_state()
        if s is None or s.is_over or len(s.history) != at or played[0] >= at or refused:
            return
        played[0] = at
        if not moves[seat]:
            refused.append(f"seat {seat} has no move left at move {at}")
        else:
            reason = session.act(moves[seat].popleft())
            if reason is not None:
                refused.append(f"seat {seat}, move {at}: {reason}")
        if refused:  # the games went apart
            session.stop()
            ending.done.emit()

    def your_turn(seat: int) -> None:
        s = session.full_state()
        assert s is not None
        at = len(s.history)
        QTimer.singleShot(0, lambda: play(seat, at))

    session.yourTurn.connect(your_turn)
    session.handoffRequested.connect(lambda seat: QTimer.singleShot(0, session.reveal_hand))
    config = GameConfig("original", [SeatConfig(n, k) for n, k in zip(names, SEATS, strict=True)], seed=SEED)
    with qtbot.waitSignal(ending.done, timeout=int(GUARD * 1000)):
        session.new_game(config)
    assert not refused, refused
    return session


def people_moves(data: dict, seats: tuple[int, ...]) -> dict[int, deque[Action]]:
    """The moves each person of a record played, in order (its actions replayed)."""
    rules = rules_of_document(data, ValueError)
    s = GameState.new(rules, len(data["players"]), data["seed"], [p["name"] for p in data["players"]])
    for a in data["actions"]:
        s.apply(action_from_json(a))
    return {seat: deque(a for a, p in zip(s.history, s.actors, strict=True) if p == seat) for seat in seats}


@pytest.mark.slow
def test_a_network_game_and_a_local_game_give_the_same_record(qtbot):
    record = asyncio.run(network_game())
    data = json.loads(record)
    assert data["seed"] == SEED
    moves = people_moves(data, (0, 2))
    assert moves[0] and moves[2]
    session = local_game(qtbot, [p["name"] for p in data["players"]], moves)
    state = session.full_state()
    assert state is not None and state.is_over
    assert not moves[0] and not moves[2]  # every move of theirs was played, and no other
    # the same moves (the bots' too), the same end, the same record
    assert [a.to_json() for a in state.history] == data["actions"]
    # the server's table played the book's rules with its bound on rounds (engine/strangers.py), and its
    # record carries them; the app plays the book as printed: the rest of the record is the same
    assert data["rules"] == for_server(get_rules("original"), public=False).data
    local = record_to_json(state, session.players, data.get("extra"))
    assert "rules" not in local and local["edition"] == "original"
    rules_keys = ("edition", "rules", "rules_digest")
    assert {k: v for k, v in local.items() if k not in rules_keys} == {
        k: v for k, v in data.items() if k not in rules_keys
    }
    session.close()
