"""The server's rules summaries by digest (net/rulesummaries.py): a bundled
edition's and a live table's are answered, anything else is not, and only
the last few made are kept."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any, cast

from bigcity_desktop.engine.datafiles import resource_path
from bigcity_desktop.engine.rules import get_rules, parse_rules
from bigcity_desktop.net import rulesummaries
from bigcity_desktop.net.rulesummaries import SHOWN, Summaries


def name(digest: str) -> str:
    return f"summary.{digest[:SHOWN]}.json"


def test_a_bundled_edition_s_summary_is_answered_and_nothing_else() -> None:
    s = Summaries()
    body = s.body(name(get_rules("jumbo").digest))
    assert body is not None
    data = json.loads(body)
    assert data["house_rules"] is False and data["sections"][0]["title"] == {"$msg": "The game", "fields": {}}
    assert s.body(name("0" * 64)) is None
    for bad in ("summary.x.json", "summary." + "a" * 64 + ".json", "rules.original.json", "summary.../x.json"):
        assert s.body(bad) is None, bad


def test_a_live_table_s_rules_are_found_and_few_are_kept(monkeypatch: Any) -> None:
    monkeypatch.setattr(rulesummaries, "KEPT", 1)
    text = resource_path("rules", "original.toml").read_text(encoding="utf-8")
    rules = parse_rules(text.replace("size = { 2 = 5", "size = { 2 = 6", 1), source="house.toml")
    assert Summaries().body(name(rules.digest)) is None  # no table plays them
    tables = {"t1": SimpleNamespace(rules=rules)}
    s = Summaries(cast(Any, tables))
    assert json.loads(s.body(name(rules.digest)) or b"null")["house_rules"] is True
    assert s.body(name(get_rules("jumbo").digest)) is not None
    assert list(s.made) == [get_rules("jumbo").digest[:SHOWN]]
