"""Each network message is declared once, in the protocol's registry, and
the registry drives the rest: the server's dispatch, the client's receiving
and commands, the documentation's tables."""

from __future__ import annotations

import re
from dataclasses import MISSING, dataclass, fields
from pathlib import Path
from typing import Annotated, ClassVar

import pytest

from bigcity_desktop.engine.rules import get_rules
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.net import protocol as P
from bigcity_desktop.net.client import ClientCommands, ClientThread, LeftTable, TableClient
from bigcity_desktop.net.server import _HANDLERS, GameServer
from bigcity_desktop.net.store import StoredChat, StoredSeat, StoredTable, StoreError, table_from_json, table_to_json
from bigcity_desktop.net.wire import Text, wire_fields

DOC = Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md"


def _documented(section: str) -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    # the section's own table, before its subsections (the view's fields, the actions...)
    body = text.split(f"## {section}", 1)[1].split("\n## ", 1)[0].split("\n### ", 1)[0]
    return re.findall(r"^\| `([a-z_]+)` \|", body, re.M)


def test_the_registries_hold_the_documented_messages_in_their_directions():
    assert list(P.CLIENT_MESSAGES) == _documented("Messages from a client")
    assert list(P.SERVER_MESSAGES) == _documented("Messages from the server")
    assert all(issubclass(c, P.ClientMessage) for c in P.CLIENT_MESSAGES.values())
    assert all(issubclass(c, P.ServerMessage) for c in P.SERVER_MESSAGES.values())


@pytest.mark.parametrize("cls", [*P.CLIENT_MESSAGES.values(), *P.SERVER_MESSAGES.values()], ids=lambda c: c.TYPE)
def test_a_declaration_checks_every_field_and_only_defaults_are_optional(cls):
    declared = wire_fields(cls)
    assert [f.name for f in declared] == [f.name for f in fields(cls)]
    defaults = {f.name for f in fields(cls) if f.default is not MISSING}
    assert {f.name for f in declared if f.optional} == defaults


def test_a_field_without_a_kind_is_named_at_once():
    @dataclass(frozen=True)
    class Odd(P.ServerMessage):
        where: str  # text of which length? No kind says

    try:
        with pytest.raises(TypeError, match="declares no kind"):
            wire_fields(Odd)
    finally:
        P.SERVER_MESSAGES.pop("", None)


def test_every_client_message_has_its_handler_on_the_server():
    assert set(_HANDLERS) == set(P.CLIENT_MESSAGES.values())
    for cls, handler in _HANDLERS.items():
        assert handler is getattr(GameServer, f"on_{cls.TYPE}")


def test_a_message_without_a_handler_is_named_at_once():
    class Nobody:
        def on_list(self) -> None: ...

    with pytest.raises(TypeError, match="Nobody handles no hello"):
        P.handlers_of(Nobody, P.CLIENT_MESSAGES)
    assert set(P.handlers_of(Nobody, P.CLIENT_MESSAGES, every=False)) == {P.ListTables}


def test_two_messages_of_one_type_in_one_direction_are_refused():
    with pytest.raises(TypeError, match="two messages of type 'join'"):

        @dataclass(frozen=True)
        class Join2(P.ClientMessage):
            TYPE: ClassVar[str] = "join"

    assert P.CLIENT_MESSAGES["join"] is P.Join


def test_a_new_server_message_reaches_the_receiver_as_it_is():
    @dataclass(frozen=True)
    class Note(P.ServerMessage):
        TYPE: ClassVar[str] = "test_note"
        text: Annotated[str, Text(50)]  # the one declaration: its reading, schema and type

    try:
        got: list[object] = []
        client = TableClient("127.0.0.1:1", got.append)
        client._receive('{"type":"test_note","text":"hi"}')
        client._receive('{"type":"left","table":"t1","reason":"You left the table."}')
        assert got == [Note("hi"), LeftTable("t1", "You left the table.")]
    finally:
        del P.SERVER_MESSAGES["test_note"]


def test_the_client_thread_has_the_clients_commands_by_declaration():
    commands = {n for n, v in vars(ClientCommands).items() if callable(v) and not n.startswith("_")}
    assert {"request", "list_tables", "create", "join", "rejoin", "act", "hand_to_bot", "resync"} <= commands
    assert issubclass(TableClient, ClientCommands) and issubclass(ClientThread, ClientCommands)
    for name in commands:
        assert name not in vars(ClientThread) and name not in vars(TableClient)


def _table() -> dict[str, object]:
    seats = [StoredSeat(SeatKind.HUMAN, None, "Ann", "a" * 64, 60.0), StoredSeat(SeatKind.BOT, "easy", "Greta (easy)")]
    chat = [StoredChat(0, "Ann", "hi", 2.0), StoredChat(None, "Spectator", "nice", 3.0)]
    return table_to_json(StoredTable("t1", "Ann's table", get_rules("original"), seats, 0, 1.0, 5, chat))


@pytest.mark.parametrize(
    ("where", "value", "reason"),
    [
        (("seats", 1, "kind"), "robot", "seats[1].kind must be human or bot"),
        (("seats", 0, "token_sha256"), "abc", "seats[0].token_sha256 must be a SHA-256 in hex"),
        (("seats", 0, "bot_after"), "soon", "seats[0] must be a number of seconds, not 'soon'"),
        (("host",), 2, "host must be a seat"),
        (("host",), True, "host must be a seat"),
        (("bot_seed",), -1, "bot_seed must be a whole number"),
        (("chat", 1, "seat"), 2, "chat[1].seat must be a seat or null"),
        (("chat", 0, "time"), -1, "chat[0].time must be a number of seconds, not -1"),
        (("seats",), [], "the table has 0 seats; Big City (first edition, 1999) is for 2 to 5"),
    ],
)
def test_a_damaged_table_file_is_refused_with_its_sentence(where, value, reason):
    data = _table()
    assert table_to_json(table_from_json(data)) == data
    spot: object = data
    for k in where[:-1]:
        spot = spot[k]  # type: ignore[index]
    spot[where[-1]] = value  # type: ignore[index]
    with pytest.raises(StoreError) as err:
        table_from_json(data)
    assert str(err.value).startswith(reason)
