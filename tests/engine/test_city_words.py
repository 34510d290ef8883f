"""How the engine names buildings in sentences."""

from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.city import article


def test_articles_read_as_spoken():
    rules = GameState.new("original", 3, 1).rules
    words = {article(rule, v) for rule in rules.buildings.values() for v in rule.variants}
    assert "an L-shaped factory" in words
    assert "a large factory" in words and "City Hall" in words
