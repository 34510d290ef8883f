import json

import pytest

from bigcity_desktop.engine.layout import load_layout

EXAMPLE = {
    "format": "bigcity-layout",
    "version": 1,
    "edition": "original",
    "neighborhoods": [
        {"number": 1, "x": 0, "y": 0, "rotation": 0},
        {"number": 2, "x": 3, "y": 0, "rotation": 1},
    ],
    "buildings": [
        {"type": "city_hall", "properties": [15]},
        {"type": "residence", "properties": [21, 25]},
        {"type": "factory", "properties": [17, 18, 14]},
    ],
    "streetcars": [[[1, 2], [2, 2]], [[2, 2], [2, 3]]],
}


@pytest.fixture
def example_city():
    return load_layout(json.dumps(EXAMPLE))[1]
