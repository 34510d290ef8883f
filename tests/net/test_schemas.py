"""The protocol's JSON Schemas (bigcity_desktop/net/schemas, docs/protocol/README.md):
every frame a server sends in whole games obeys them, the server's reader
agrees with them on a corpus of client messages, each message class has a
schema and each schema a class, and they keep to the small subset of
keywords a hand-written validator reads."""

from __future__ import annotations

import asyncio
import functools
import json
import random
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from referencing import Registry, Resource

from bigcity_desktop.engine.rules import rules_dir
from bigcity_desktop.net import protocol as P
from bigcity_desktop.net.client import ChatReceived, GameEnded, TableChanged, ViewUpdate
from bigcity_desktop.net.wire import wire_fields

from .helpers import Player, running

SUBSET = {
    "$schema", "title", "description",
    "type", "properties", "required", "additionalProperties", "enum", "const", "items", "prefixItems",
    "minimum", "maximum", "maxLength", "maxItems", "oneOf", "$ref", "$defs",
}  # fmt: skip
#: keywords whose value maps names to schemas (the names are not keywords)
NAMED = {"properties", "$defs"}


def _schemas() -> dict[str, Any]:
    folder = resources.files("bigcity_desktop.net") / "schemas"
    return {
        f.name: json.loads(f.read_text(encoding="utf-8")) for f in folder.iterdir() if f.name.endswith(".schema.json")
    }


SCHEMAS = _schemas()
REGISTRY: Registry[Any] = Registry().with_resources((name, Resource.from_contents(s)) for name, s in SCHEMAS.items())


@functools.cache
def validator(name: str) -> Draft202012Validator:
    """One validator a schema (kept: its references are resolved once)."""
    return Draft202012Validator(SCHEMAS[name], registry=REGISTRY)


def is_valid(direction: str, message: Any) -> bool:
    """``errors_of(direction, message) == []``, sooner (it stops at the first error)."""
    kind = message.get("type") if isinstance(message, dict) else None
    name = f"{direction}.{kind}.schema.json"
    return isinstance(kind, str) and name in SCHEMAS and bool(validator(name).is_valid(message))


def errors_of(direction: str, message: Any) -> list[str]:
    """What the schema of `message`'s type (in `direction`) says against it."""
    kind = message.get("type") if isinstance(message, dict) else None
    name = f"{direction}.{kind}.schema.json"
    if not isinstance(kind, str) or name not in SCHEMAS:
        return [f"no {direction} message of type {kind!r}"]
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator(name).iter_errors(message)]


# ---------------------------------------------------------------------------
# the schemas themselves


def test_each_message_class_has_a_schema_and_each_schema_a_class():
    for direction, registry in (("client", P.CLIENT_MESSAGES), ("server", P.SERVER_MESSAGES)):
        named = {n.split(".")[1] for n in SCHEMAS if n.startswith(direction + ".")}
        assert named == set(registry), direction
        for kind in registry:
            schema = SCHEMAS[f"{direction}.{kind}.schema.json"]
            assert schema["properties"]["type"] == {"const": kind}
            # the fields are the class's, and the required ones those without a default
            declared = wire_fields(registry[kind])
            assert set(schema["properties"]) == {"type", *(f.key for f in declared)}
            assert set(schema["required"]) == {"type", *(f.key for f in declared if not f.optional)}


def test_the_action_schema_has_a_def_per_action_kind():
    assert set(SCHEMAS["action.schema.json"]["$defs"]) == set(P.ACTION_FIELDS)
    for kind, names in P.ACTION_FIELDS.items():
        assert set(SCHEMAS["action.schema.json"]["$defs"][kind]["properties"]) == names


def _keywords(node: Any, where: str) -> list[str]:
    if isinstance(node, bool):
        return []
    assert isinstance(node, dict), where
    out = [f"{where}: {k}" for k in node if k not in SUBSET]
    for k, v in node.items():
        if k in NAMED:
            for name, sub in v.items():
                out += _keywords(sub, f"{where}/{k}/{name}")
        elif k in ("items", "additionalProperties") and not isinstance(v, bool):
            out += _keywords(v, f"{where}/{k}")
        elif k in ("prefixItems", "oneOf"):
            for i, sub in enumerate(v):
                out += _keywords(sub, f"{where}/{k}/{i}")
        elif k == "$ref":
            target = v.split("#")[0]
            assert not target or (target in SCHEMAS and "/" not in target), f"{where}: $ref {v} leaves the folder"
    return out


def test_the_schemas_keep_to_the_subset_of_keywords():
    for name, schema in SCHEMAS.items():
        Draft202012Validator.check_schema(schema)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert _keywords(schema, name) == []


# ---------------------------------------------------------------------------
# the reader and the client schemas agree

GOOD: list[Any] = [
    {"type": "hello", "protocol": P.PROTOCOL_VERSION, "client": "x"},
    {"type": "hello", "protocol": P.PROTOCOL_VERSION, "client": "x", "own_engine": True},
    {"type": "list"},
    {"type": "list", "id": 3},
    {
        "type": "create",
        "name": "Ann",
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}],
        "edition": "jumbo",
    },
    {"type": "create", "name": "", "seats": [], "rules": "x = 1", "title": None, "id": None},
    {"type": "join", "table": "t-1", "name": "Bo", "seat": 3},
    {"type": "rejoin", "table": "t1", "seat": 0, "token": "abc_DEF"},
    {"type": "spectate", "table": "t1", "id": 0},
    {"type": "leave"},
    {"type": "start", "id": 2147483647},
    {"type": "chat", "text": "hi"},
    {"type": "sync"},
    {"type": "hand_to_bot", "seat": 1, "level": "hard", "after": 30.5},
    {"type": "act", "action": {"act": "tile", "number": 3, "x": 0, "y": -1}, "at": 0},
    {"type": "act", "action": {"act": "tile", "number": 3, "x": 0, "y": -1, "rotation": 2}, "at": 0, "seat": 1},
    {"type": "act", "action": {"act": "build", "building": "residence", "properties": [21, 25]}, "at": 5},
    {"type": "act", "action": {"act": "streetcar", "street": [[1, 2], [2, 2]]}, "at": 5},
    {"type": "act", "action": {"act": "stop"}, "at": 5},
    {"type": "act", "action": {"act": "exchange", "cards": [1, 2]}, "at": 5},
    {"type": "act", "action": {"act": "pass"}, "at": 5},
    {"type": "act", "action": {"act": "draw", "stack": 1}, "at": 5},
    {"type": "act", "action": {"act": "offer", "cards": [4], "face_up": False}, "at": 5},
    {"type": "act", "action": {"act": "take", "owner": 2, "slot": 0}, "at": 5},
]

BAD: list[Any] = [
    [],
    "hello",
    {"protocol": 1, "client": "x"},
    {"type": "nope"},
    {"type": 7},
    {"type": "hello", "protocol": 1},
    {"type": "hello", "protocol": "1", "client": "x"},
    {"type": "hello", "protocol": 1, "client": "x", "extra": 1},
    {"type": "hello", "protocol": 1, "client": "x" * 81},
    {"type": "hello", "protocol": 1, "client": "x", "own_engine": 1},
    {"type": "list", "id": -1},
    {"type": "list", "id": 1.5},
    {"type": "list", "id": True},
    {"type": "list", "id": 2**31},
    {"type": "create", "name": "Ann"},
    {"type": "create", "name": "Ann", "seats": [{"kind": "human", "x": 1}]},
    {"type": "create", "name": "Ann", "seats": [{"kind": "human"}] * 9},
    {"type": "create", "name": "Ann", "seats": [], "edition": 3},
    {"type": "join", "table": "t1"},
    {"type": "join", "table": "t1", "name": "Bo", "seat": 8},
    {"type": "join", "table": "x" * 65, "name": "Bo"},
    {"type": "rejoin", "table": "t1", "seat": 0},
    {"type": "chat", "text": "x" * 2001},
    {"type": "chat", "text": None},
    {"type": "hand_to_bot", "seat": 1, "level": "hard", "after": -1},
    {"type": "hand_to_bot", "seat": 1, "level": "hard", "after": 7 * 24 * 3600 + 1},
    {"type": "act", "at": 0},
    {"type": "act", "action": {"act": "tile", "number": 3, "x": 0, "y": -1}, "at": -1},
    {"type": "act", "action": {"act": "tile", "number": 3, "x": 0, "y": -1}, "at": 0, "seat": 9},
    {"type": "act", "action": {"act": "tile", "number": 3, "x": 0}, "at": 0},
    {"type": "act", "action": {"act": "tile", "number": True, "x": 0, "y": 0}, "at": 0},
    {"type": "act", "action": {"act": "tile", "number": 10001, "x": 0, "y": 0}, "at": 0},
    {"type": "act", "action": {"act": "build", "building": "x" * 41, "properties": [1]}, "at": 0},
    {"type": "act", "action": {"act": "build", "building": "residence", "properties": [1] * 65}, "at": 0},
    {"type": "act", "action": {"act": "streetcar", "street": [[1, 2], [2, 2, 3]]}, "at": 0},
    {"type": "act", "action": {"act": "stop", "x": 1}, "at": 0},
    {"type": "act", "action": {"act": "draw"}, "at": 0},
    {"type": "act", "action": {"act": "offer", "cards": [4], "face_up": 0}, "at": 0},
    {"type": "act", "action": {"act": "take", "owner": 2}, "at": 0},
    {"type": "act", "action": {"act": "jump"}, "at": 0},
    {"type": "act", "action": {"number": 3}, "at": 0},
    {"type": "act", "action": [], "at": 0},
]


#: what the reader refuses and the subset cannot say (docs/protocol/README.md):
#: 3.0 is a whole number to JSON Schema (and to a browser's JSON.parse); an
#: array's least length (no minItems); an id's characters (no pattern); text
#: of spaces only
GAPS: list[Any] = [
    {"type": "act", "action": {"act": "tile", "number": 3.0, "x": 0, "y": 0}, "at": 0},
    {"type": "act", "action": {"act": "streetcar", "street": [[1, 2]]}, "at": 0},
    {"type": "join", "table": "t 1", "name": "Bo"},
    {"type": "hello", "protocol": 1, "client": "  "},
]


def _reader_accepts(message: Any) -> bool:
    try:
        P.read_client(json.dumps(message))
    except P.ProtocolError:
        return False
    return True


@pytest.mark.parametrize("message", GOOD)
def test_good_client_messages_pass_the_reader_and_the_schema(message):
    assert _reader_accepts(message)
    assert errors_of("client", message) == []


@pytest.mark.parametrize("message", BAD)
def test_bad_client_messages_fail_the_reader_and_the_schema(message):
    assert not _reader_accepts(message)
    assert errors_of("client", message) != []


@pytest.mark.parametrize("message", GAPS)
def test_the_reader_is_stricter_than_the_schema_only_where_the_subset_is_silent(message):
    assert not _reader_accepts(message)
    assert errors_of("client", message) == []


# ---------------------------------------------------------------------------
# every frame of whole games


def _record(player: Player, frames: list[Any]) -> None:
    """Keep the JSON of each frame `player`'s client reads, before it reads it."""
    receive: Callable[[str | bytes], None] = player.client._receive

    def keep(raw: str | bytes) -> None:
        frames.append(json.loads(raw))
        receive(raw)

    player.client._receive = keep  # type: ignore[method-assign]


async def _whole_game(
    frames: dict[str, list[Any]], *, edition: str | None = "original", rules: str | None = None
) -> None:
    async with running() as server:
        # Ann and the spectator as the browser page (their views with legal moves and the table presented),
        # Bo as the app (hello's own_engine: neither)
        ann, bo, sam = Player(server.url, own_engine=False), Player(server.url), Player(server.url, own_engine=False)
        for name, p in (("ann", ann), ("bo", bo), ("spectator", sam)):
            frames[name] = []
            _record(p, frames[name])
        ann.client.create("Ann", ["human", "human", "random"], edition=edition, rules=rules)
        table = (await ann.wait(TableChanged)).table.id
        bo.client.join(table, "Bo")
        await bo.seated()
        sam.client.spectate(table)
        await sam.wait(TableChanged)
        ann.client.chat("hello all")
        for p in (ann, bo, sam):
            await p.wait(ChatReceived)
        ann.client.start_game()
        rng = random.Random(34)
        ended = await asyncio.gather(ann.play(rng), bo.play(random.Random(35)), sam.wait(GameEnded))
        assert all(isinstance(e, GameEnded) for e in ended)
        for p in (ann, sam):
            p.client.resync()
            await p.wait(ViewUpdate)
        ann.client.list_tables()
        for p in (ann, bo, sam):
            await p.close()


def _check_frames(frames: dict[str, list[Any]]) -> set[str]:
    kinds: set[str] = set()
    for who, got in frames.items():
        for i, m in enumerate(got):
            assert errors_of("server", m) == [], f"{who}'s frame {i}: {json.dumps(m)[:300]}"
            kinds.add(m["type"])
    for who in frames:
        assert {"welcome", "table", "view", "chat", "game_over"} <= {m["type"] for m in frames[who]}, who
    # the page-like members are sent the table presented (and the seat to move its legal moves), the app-like not
    assert all("presented" in m for m in frames["ann"] + frames["spectator"] if m["type"] == "view")
    assert any("legal" in m for m in frames["ann"] if m["type"] == "view")
    assert not any("presented" in m or "legal" in m for m in frames["bo"] if m["type"] == "view")
    return kinds


def _acts(frames: list[Any]) -> set[str]:
    return {m["action"]["act"] for m in frames if m["type"] == "view" and m.get("action")}


def test_every_frame_of_an_original_game_obeys_the_schemas():
    frames: dict[str, list[Any]] = {}
    asyncio.run(_whole_game(frames))
    assert "seated" in _check_frames(frames)


def test_every_frame_of_a_jumbo_game_with_redevelopment_obeys_the_schemas():
    frames: dict[str, list[Any]] = {}
    asyncio.run(_whole_game(frames, edition="jumbo"))
    _check_frames(frames)
    assert {"offer", "take"} <= _acts(frames["spectator"])


def test_every_frame_of_a_house_rules_game_obeys_the_schemas():
    text = (rules_dir() / "original.toml").read_text(encoding="utf-8")
    house = text.replace('edition = "original"', 'edition = "my house"\nbase_edition = "original"', 1)
    frames: dict[str, list[Any]] = {}
    asyncio.run(_whole_game(frames, rules=house))
    _check_frames(frames)
    assert any(m["type"] == "view" and "rules" in m["view"] for m in frames["bo"])
