"""The rules page's "our reading" (issue 25.12): no "[house]" tags; every
value the rule book leaves open is marked "our reading", and the page says
for each why, and what the rule book says; a copy of the rules file can be
saved to change as house rules; a house-rules file's changed values are marked."""

from __future__ import annotations

import pytest

from bigcity_desktop.engine import get_rules
from bigcity_desktop.help.rules_summary import reading_note, rules_html


@pytest.mark.parametrize("edition", ["original", "jumbo"])
def test_house_values_read_as_our_reading_with_a_reason(qapp, edition):
    rules = get_rules(edition)
    html = rules_html(rules)
    assert "[house]" not in html and "house]" not in html
    assert "(our reading)" in html and "<h3>Our readings</h3>" in html
    for path in rules.house_values():
        note = reading_note(rules, path)
        assert "rule book" in note or "source" in note or "numbered" in note, (path, note)
        assert path not in note  # a sentence for the player, not the fallback naming the key


def test_the_rules_dialog_saves_a_copy_to_change(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("BIGCITY_DATA_DIR", str(tmp_path / "data"))

    from bigcity_desktop.game.dialogs import RulesDialog

    rules = get_rules("jumbo")
    dlg = RulesDialog(rules)
    qtbot.addWidget(dlg)
    assert dlg.copy_button.isVisible() or dlg.copy_button.isVisibleTo(dlg)
    target = tmp_path / "house-jumbo.toml"
    assert dlg.save_copy(str(target))
    assert target.read_text(encoding="utf-8").startswith(open(rules.source, encoding="utf-8").read()[:200])


def test_house_rules_values_are_marked_changed_in_the_app_s_summary(qapp):
    """Issue 47 item 6: the app's Help marks each value a house-rules file
    changed, with the page's mark, and nothing in a bundled edition."""
    from bigcity_desktop.engine.datafiles import resource_path
    from bigcity_desktop.engine.rules import parse_rules

    assert "changed from the bundled edition" not in rules_html(get_rules("original"))
    text = resource_path("rules", "original.toml").read_text(encoding="utf-8")
    text = text.replace("size = { 2 = 5", "size = { 2 = 6", 1).replace(
        "count = 2, base = 15", "count = 2, base = 20", 1
    )
    html = rules_html(parse_rules(text, source="house.toml"))
    # the legend once, and the two changed values
    assert html.count("<b>(changed from the bundled edition)</b>") == 3
    assert "5 players: 6. <b>(changed from the bundled edition)</b>" in html
    assert "<td>20 <b>(changed from the bundled edition)</b></td>" in html
