"""The files made from the protocol's one declaration (scripts/protocol.py,
`make protocol`) are what the declarations make today: the JSON Schemas, the
page's protocol.d.ts and the message tables of docs/PROTOCOL.md. A message
or field declared in net/protocol.py or net/shapes.py without running
`make protocol` fails here, as does a made file edited by hand."""

from __future__ import annotations

import importlib.util
from dataclasses import fields
from pathlib import Path

from bigcity_desktop.engine import GameState, get_rules, viewjson
from bigcity_desktop.engine.actions import action_from_json
from bigcity_desktop.net import protocol as P
from bigcity_desktop.net import shapes
from bigcity_desktop.net.shapes import OBJECT
from bigcity_desktop.net.wire import Nullable, WireField, wire_fields

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("protocol_tools", ROOT / "scripts" / "protocol.py")
assert _spec is not None and _spec.loader is not None
tools = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tools)


def test_no_made_file_is_stale():
    assert tools.stale() == [], "run `make protocol` and commit what it wrote"


def test_a_new_field_is_one_declaration_and_stale_until_made(monkeypatch):
    """One more field on the view message (as a declaration would add it) makes
    exactly its schema, the page's types and the message table stale."""
    declared = wire_fields(P.ViewMessage)
    extra = WireField("note", "note", Nullable(OBJECT), True, "a new field")
    monkeypatch.setattr(P.ViewMessage, "_wire_fields", (*declared, extra))
    assert tools.stale() == [
        "bigcity_desktop/net/schemas/server.view.schema.json",
        "bigcity_desktop/web/protocol.d.ts",
        "docs/PROTOCOL.md",
    ]
    made = {p.name: text for p, text in tools.made().items()}
    assert "note?: Record<string, unknown> | null;" in made["protocol.d.ts"]
    assert "`note` (Record<string, unknown> or null, optional, a new field)" in made["PROTOCOL.md"]


def test_the_view_declares_exactly_the_entries_the_engine_reads_and_writes():
    declared = {f.key: f.optional for f in wire_fields(shapes.View)}
    assert {k for k, opt in declared.items() if not opt} == set(viewjson._REQUIRED)
    assert {k for k, opt in declared.items() if opt} == set(viewjson._OPTIONAL)
    state = GameState.new(get_rules("jumbo"), 3, 5)
    written = viewjson.view_to_json(state.view_for(0))
    assert set(written) <= set(declared)
    assert {f.name for f in fields(shapes.CityJson)} == set(written["city"])
    assert {f.key for f in wire_fields(shapes.Since)} == set(viewjson.LogMark._fields)


def test_each_action_shape_is_what_the_engine_writes_and_reads():
    samples = [
        {"act": "tile", "number": 3, "x": 0, "y": -1, "rotation": 2},
        {"act": "build", "building": "residence", "properties": [21, 25]},
        {"act": "streetcar", "street": [[1, 2], [2, 2]]},
        {"act": "stop"},
        {"act": "exchange", "cards": [1, 2]},
        {"act": "pass"},
        {"act": "draw", "stack": 1},
        {"act": "offer", "cards": [4], "face_up": False},
        {"act": "take", "owner": 2, "slot": 0},
    ]
    assert [s["act"] for s in samples] == list(shapes.ACTION_SHAPES)
    for sample in samples:
        assert set(sample) == shapes.ACTION_FIELDS[sample["act"]]
        assert action_from_json(sample).to_json() == sample


def test_the_page_and_the_example_client_speak_this_protocol_version():
    """The page's and the documented example client's version are the server's (a page of another would be refused)."""
    page = (ROOT / "bigcity_desktop" / "web" / "static" / "reader.js").read_text(encoding="utf-8")
    example = (ROOT / "docs" / "protocol" / "example_client.py").read_text(encoding="utf-8")
    assert f"export const PROTOCOL = {P.PROTOCOL_VERSION};" in page
    assert f"\nPROTOCOL = {P.PROTOCOL_VERSION}\n" in example
