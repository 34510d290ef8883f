import json
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent / "data"
DEMO = DATA / "demo_layout.json"


@pytest.fixture
def demo_path():
    return DEMO


@pytest.fixture
def demo_layout():
    return json.loads(DEMO.read_text())


@pytest.fixture
def house_rules(tmp_path):
    """A house-rules file: the original with one single residence worth 3."""
    from bigcity_desktop.engine.rules import rules_dir

    text = (rules_dir() / "original.toml").read_text()
    old = '{ name = "single", shape = "single", count = 8, base = 2 }'
    assert old in text
    text = text.replace(old, '{ name = "single", shape = "single", count = 1, base = 3 }', 1)
    text = text.replace('edition = "original"', 'edition = "stingy"\nbase_edition = "original"', 1)
    p = tmp_path / "stingy.toml"
    p.write_text(text)
    return p
