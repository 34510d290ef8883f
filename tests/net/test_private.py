"""Tables are private unless made public (docs/PROTOCOL.md, "Private
tables"): a private table is listed to nobody, and without its invitation
secret nobody joins it, watches it or reads its chat; a stranger cannot even
tell it from a table that is not there. A public table is listed and open
to all. The server's policy (--public / --private-by-default) decides for a
create that does not say; the choice and the secret survive a restart."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

from bigcity_desktop.bots.levels import PLAYER_KINDS
from bigcity_desktop.engine import Pass, get_rules, strangers
from bigcity_desktop.engine.record import load_record
from bigcity_desktop.engine.rules import EndRule
from bigcity_desktop.engine.strangers import ServerRules, server_rules
from bigcity_desktop.net.client import (
    ChatReceived,
    GameEnded,
    LobbyUpdate,
    Refusal,
    SeatAssigned,
    TableChanged,
    ViewUpdate,
)
from bigcity_desktop.net.hosting import parse_args
from bigcity_desktop.net.store import table_from_json, table_to_json
from bigcity_desktop.net.tables import INVITE_BYTES

from .helpers import Player, running


async def lobby(p: Player, table: str | None = None, invite: str | None = None) -> list[str]:
    p.client.list_tables(table, invite)
    return [t.id for t in (await p.wait(LobbyUpdate)).tables]


async def refusal(p: Player) -> Refusal:
    return await p.wait(Refusal)


def test_a_private_table_is_reached_by_its_invitation_only() -> None:
    async def main() -> None:
        async with running(public_by_default=False) as server:
            ann = Player(server.url)
            ann.client.create("Ann", ["human", "human", "random"], edition="original")
            seated = await ann.wait(SeatAssigned)
            table, invite = seated.table, seated.invite
            assert len(invite) >= 22 and INVITE_BYTES * 8 >= 128  # token_urlsafe(16): 128 random bits
            info = (await ann.wait(TableChanged)).table
            assert info.public is False
            ann.client.chat("our secret plan")
            await ann.wait(ChatReceived)

            eve = Player(server.url)
            assert table not in await lobby(eve)  # listed to nobody
            assert table not in await lobby(eve, table, "x" * 22)  # nor with a wrong secret
            # join and watch without the secret, with a wrong one, and a table that is not there: one answer
            answers = []
            for ask in (
                lambda: eve.client.join(table, "Eve"),
                lambda: eve.client.join(table, "Eve", None, invite[:-1] + ("A" if invite[-1] != "A" else "B")),
                lambda: eve.client.spectate(table),
                lambda: eve.client.spectate(table, "y" * 22),
                lambda: eve.client.join("nosuchtable", "Eve"),
            ):
                ask()
                r = await refusal(eve)
                answers.append((r.code, r.reason.replace(table, "T").replace("nosuchtable", "T")))
            assert len(set(answers)) == 1 and answers[0][0] == "no_table", answers
            assert eve.client.table_id is None or eve.client.seat is None
            assert not [e for e in eve.seen if isinstance(e, ChatReceived)]  # no chat reached her
            assert len(server.tables[table].spectators) == 0 and server.tables[table].seats[1].name is None

            # with the link's secret: listed to that request, joined, watched, the chat read
            assert table in await lobby(eve, table, invite)
            bob = Player(server.url)
            bob.client.join(table, "Bob", None, invite)
            assert (await bob.wait(SeatAssigned)).invite == invite
            line = await bob.wait(ChatReceived)
            assert line.text == "our secret plan"
            sam = Player(server.url)
            sam.client.spectate(table, invite)
            await sam.wait(TableChanged)
            assert (await sam.wait(ChatReceived)).text == "our secret plan"
            for p in (ann, eve, bob, sam):
                await p.close()

    asyncio.run(main())


def test_a_public_table_is_listed_and_open_to_all() -> None:
    async def main() -> None:
        async with running(public_by_default=False) as server:
            ann = Player(server.url)
            ann.client.create("Ann", ["human", "human"], edition="original", public=True)
            table = (await ann.wait(SeatAssigned)).table
            assert (await ann.wait(TableChanged)).table.public is True
            bob = Player(server.url)
            assert table in await lobby(bob)
            bob.client.join(table, "Bob")
            await bob.wait(SeatAssigned)
            assert server._public_tables() == 1
            for p in (ann, bob):
                await p.close()

    asyncio.run(main())


def test_the_servers_policy_decides_when_the_create_does_not_say() -> None:
    async def main() -> None:
        async with running(public_by_default=True) as server:
            ann = Player(server.url)
            ann.client.create("Ann", ["human", "human"], edition="original")
            t1 = (await ann.wait(SeatAssigned)).table
            cleo = Player(server.url)
            cleo.client.create("Cleo", ["human", "human"], edition="original", public=False)
            t2 = (await cleo.wait(SeatAssigned)).table
            eve = Player(server.url)
            listed = await lobby(eve)
            assert t1 in listed and t2 not in listed
            assert server.tables[t1].public and not server.tables[t2].public
            for p in (ann, cleo, eve):
                await p.close()

    asyncio.run(main())
    assert parse_args([]).public_by_default is False
    assert parse_args(["--public"]).public_by_default is True
    assert parse_args(["--private-by-default"]).public_by_default is False


def test_the_choice_and_the_secret_survive_a_restart(tmp_path: Path) -> None:
    async def main() -> tuple[str, str]:
        async with running(public_by_default=False, data_dir=tmp_path) as server:
            ann = Player(server.url)
            ann.client.create("Ann", ["human", "human"], edition="original")
            seated = await ann.wait(SeatAssigned)
            await ann.close()
            return seated.table, seated.invite

    table, invite = asyncio.run(main())

    async def again() -> None:
        async with running(public_by_default=True, data_dir=tmp_path) as server:
            eve = Player(server.url)
            assert table not in await lobby(eve)  # still private, whatever the new policy
            eve.client.join(table, "Eve")
            assert (await refusal(eve)).code == "no_table"
            eve.client.join(table, "Eve", None, invite)
            assert (await eve.wait(SeatAssigned)).invite == invite
            await eve.close()

    asyncio.run(again())


def test_a_table_file_from_before_invitations_comes_back_private() -> None:
    from bigcity_desktop.engine.rules import get_rules
    from bigcity_desktop.engine.seats import SeatKind
    from bigcity_desktop.net.resume import table_from
    from bigcity_desktop.net.store import StoredSeat, StoredTable

    stored = StoredTable(
        "t1", "T", get_rules("original"), [StoredSeat(SeatKind.HUMAN, None, "Ann", None, None)] * 2, 0, 1.0, 5
    )
    data = table_to_json(stored)
    data.pop("public")
    assert "invite" not in data
    old = table_from_json(data)
    t = table_from(old, None)
    assert t.public is False and len(t.invite) >= 22 and not t.admits(None) and t.admits(t.invite)
    back = table_from_json(table_to_json(t.stored()))
    assert back.invite == t.invite and back.public is False


def test_a_public_table_of_the_original_plays_the_strangers_end_a_private_one_the_book() -> None:
    """Issue 48, item 9: nobody holds a table hostage: every table a server
    hosts has its bound on rounds, a table of strangers also their end."""

    async def main() -> None:
        async with running(public_by_default=False) as server:
            ann = Player(server.url)
            ann.client.create("Ann", ["human", "human"], edition="original", public=True)
            public = (await ann.wait(SeatAssigned)).table
            info = (await ann.wait(TableChanged)).table
            assert info.edition == "original-strangers" and "house rule" in info.rules_title
            cleo = Player(server.url)
            cleo.client.create("Cleo", ["human", "human"], edition="original")
            private = (await cleo.wait(SeatAssigned)).table
            assert (await cleo.wait(TableChanged)).table.edition == "original-server"
            bound = server_rules().max_rounds
            assert server.tables[public].rules.end_rule == EndRule.PASSIVE_ROUND
            assert server.tables[public].rules.max_rounds == bound
            friends = server.tables[private].rules
            assert friends.end_rule == get_rules("original").end_rule and friends.max_rounds == bound
            assert friends.house_values() and get_rules("original").max_rounds == 0  # the app's game: as printed
            for p in (ann, cleo):
                await p.close()

    asyncio.run(main())


async def never_passing(p: Player, rng: random.Random) -> GameEnded:
    """A seat that never passes (so no row of passes ends the game) until it ends."""
    while True:
        e = await p.next()
        if isinstance(e, GameEnded):
            return e
        if isinstance(e, ViewUpdate) and not e.view.is_over and e.view.current_player == p.client.seat:
            moves = e.view.legal_actions()
            p.client.act(rng.choice([a for a in moves if not isinstance(a, Pass)] or moves), e.at)


def test_a_server_table_ends_at_its_bound_and_its_record_replays_anywhere(monkeypatch) -> None:
    """A friends' table too; the bound read from resources/rules/server.toml, here made 2 rounds."""
    monkeypatch.setattr(strangers, "server_rules", lambda: ServerRules(2, EndRule.PASSIVE_ROUND))

    async def main() -> None:
        async with running(public_by_default=False) as server:
            ann = Player(server.url)
            ann.client.create("Ann", ["human", "random"], edition="original")
            await ann.wait(SeatAssigned)
            ann.client.start_game()
            ended = await never_passing(ann, random.Random(3))
            assert ended.game is not None
            state = ended.game.state
            assert state.is_over and state.round == 2 and state.end_reason == "the last of 2 rounds was played"
            data = json.loads(ended.record)
            assert data["edition"] == "original-server" and data["rules"]["rounds"]["max_rounds"] == 2
            back = load_record(ended.record, player_kinds=PLAYER_KINDS)  # its own rules, wherever it is opened
            assert not back.warnings and back.state.is_over and back.state.round == 2
            await ann.close()

    asyncio.run(main())
