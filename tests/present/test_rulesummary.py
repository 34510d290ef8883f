"""The rules summary worded once for the app and the page (issue 47 item 6):
both editions in full, and a house-rules file whose changed values, and
only those, are marked "changed from the bundled edition"."""

from __future__ import annotations

import json

import pytest

from bigcity_desktop.engine.rules import get_rules, parse_rules
from bigcity_desktop.engine.strangers import for_server
from bigcity_desktop.present.rulesummary import Value, summarize, summary_json


def values(rules) -> list[Value]:
    return [v for s in summarize(rules).sections for row in s.rows for v in row]


def house_text(edition: str, edits: dict[str, str]) -> str:
    from bigcity_desktop.engine.datafiles import resource_path

    text = resource_path("rules", f"{edition}.toml").read_text(encoding="utf-8")
    for old, new in edits.items():
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


@pytest.mark.parametrize("edition", ["original", "jumbo"])
def test_a_bundled_edition_is_summarized_unchanged(edition):
    rules = get_rules(edition)
    made = summarize(rules)
    assert not made.house_rules
    assert [str(s.title) for s in made.sections] == ["The game", "Buildings", "Our readings"]
    assert not any(v.changed for v in values(rules))
    # every value the rules file marks as our reading is marked, and has its note
    assert any(v.house for v in values(rules))
    buildings = made.sections[1]
    assert len(buildings.head) == 6 and len(buildings.rows) == len(rules.buildings)
    assert all(len(row) == 6 for row in buildings.rows)
    assert "Residence" in [str(row[0].text) for row in buildings.rows]
    # the JSON the page reads: messages with their templates, marks as booleans
    data = json.loads(json.dumps(summary_json(made)))
    assert data["sections"][0]["rows"][0][0]["text"]["$msg"] == "{low}–{high} players."
    assert data["house_rules"] is False


@pytest.mark.parametrize("edition", ["original", "jumbo"])
def test_a_server_table_of_a_bundled_edition_is_not_house_rules(edition):
    rules = for_server(get_rules(edition), public=True)
    assert not summarize(rules).house_rules
    assert not any(v.changed for v in values(rules))


def test_a_house_rules_file_marks_exactly_its_changed_values():
    # a bigger hand for two, and the church worth 20 instead of 15
    text = house_text(
        "original",
        {
            "size = { 2 = 5": "size = { 2 = 6",
            "count = 2, base = 15": "count = 2, base = 20",
            'title = "': 'title = "Mine: ',
        },
    )
    house = parse_rules(text, source="test")
    assert house.digest != get_rules("original").digest
    made = summarize(house)
    assert made.house_rules
    changed = [str(v.text) for v in values(house) if v.changed]
    assert len(changed) == 2, changed
    assert changed[0].startswith("Hand size after refilling — 2 players: 6")
    assert changed[1] == "20"
    church = next(row for row in made.sections[1].rows if str(row[0].text) == "Church")
    assert [v.changed for v in church] == [False, False, True, False, False, False]
