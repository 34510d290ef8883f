"""Hypothesis: arbitrary JSON and TOML through every reader. Whatever comes
in, each reader answers with its own refusal (a sentence) or a valid result:
never another exception, a hang or a crash."""

from __future__ import annotations

import copy
import json
import random
import tomllib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigcity_desktop.engine import ActionKind, GameState
from bigcity_desktop.engine.layout import LayoutError, MoveError, judge_move, load_layout, read_move
from bigcity_desktop.engine.record import RecordError, load_record, record_to_json
from bigcity_desktop.engine.rules import RulesError, parse_rules, rules_dir, rules_from_data

# hypothesis runs many examples per test: left out of `make test-fast`
pytestmark = pytest.mark.slow

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-10, max_value=100),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(["original", "jumbo", "bigcity-game", "bigcity-layout", "/dev/zero", "--3", "\u00b3", "1"]),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=8), inner, max_size=6)),
    max_leaves=40,
)

ORIGINAL = tomllib.loads((rules_dir() / "original.toml").read_text())
HOUSE = dict(copy.deepcopy(ORIGINAL), edition="house", base_edition="original")


def _record() -> dict:
    s = GameState.new("original", 3, seed=1)
    rng = random.Random(1)
    while len(s.history) < 25:
        kinds = s.legal_kinds()
        s.apply(rng.choice(s.legal_actions(ActionKind.BUILD if "build" in kinds else rng.choice(kinds))))
    return record_to_json(s)


RECORD = _record()
LAYOUT = {
    "format": "bigcity-layout",
    "version": 1,
    "edition": "original",
    "neighborhoods": [{"number": 1, "x": 0, "y": 0, "rotation": 0}, {"number": 2, "x": 3, "y": 0, "rotation": 0}],
    "buildings": [{"type": "residence", "properties": [11]}],
    "streetcars": [],
}


def paths(value, prefix=()):
    """Every (path, value) inside a JSON value."""
    yield prefix, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, prefix + (i,))


def mutate(doc, data):
    """Replace one value somewhere inside `doc` by an arbitrary one."""
    doc = copy.deepcopy(doc)
    where = data.draw(st.sampled_from([p for p, _ in paths(doc) if p]))
    parent = doc
    for k in where[:-1]:
        parent = parent[k]
    if data.draw(st.booleans()) and isinstance(parent, dict):
        del parent[where[-1]]
    else:
        parent[where[-1]] = data.draw(json_values)
    return doc


@SETTINGS
@given(json_values)
def test_any_json_as_a_record(value):
    try:
        load_record(json.dumps(value))
    except RecordError:
        pass


@SETTINGS
@given(st.data())
def test_a_record_changed_anywhere(data):
    try:
        load_record(json.dumps(mutate(RECORD, data)))
    except RecordError:
        pass


@SETTINGS
@given(json_values)
def test_any_json_as_a_layout(value):
    try:
        load_layout(json.dumps(value))
    except LayoutError:
        pass


@SETTINGS
@given(st.data())
def test_a_layout_changed_anywhere(data):
    try:
        load_layout(json.dumps(mutate(LAYOUT, data)))
    except LayoutError:
        pass


@SETTINGS
@given(json_values)
def test_any_json_as_a_move(value):
    _, city = load_layout(json.dumps(LAYOUT))
    try:
        answer = judge_move(city, read_move(json.dumps(value)))
    except MoveError:
        return
    assert set(answer) == {"legal", "reason", "score", "breakdown"}


@SETTINGS
@given(st.text(max_size=60))
def test_any_text_as_a_move(text):
    try:
        read_move(text)
    except MoveError:
        pass


def _playable(rules) -> None:
    """Rules the validator accepts give games that can be played on."""
    for n in range(rules.min_players, rules.max_players + 1):
        s = GameState.new(rules, n, seed=0)
        rng = random.Random(0)
        for _ in range(40):
            if s.is_over:
                break
            kinds = s.legal_kinds()
            assert kinds, "no legal kind of move"
            actions = s.legal_actions(rng.choice(kinds))
            assert actions, "a kind is listed without a legal move"
            s.apply(rng.choice(actions))


@SETTINGS
@given(st.data())
def test_rules_changed_anywhere(data):
    try:
        rules = rules_from_data(mutate(HOUSE, data))
    except RulesError:
        return
    _playable(rules)


def toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if v is None:
        return '""'
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(x)}" for k, x in v.items()) + "}"


def to_toml(doc: dict) -> str:
    return "\n".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in doc.items()) + "\n"


@SETTINGS
@given(st.dictionaries(st.text(max_size=8), json_values, max_size=6))
def test_any_toml_as_rules(doc):
    try:
        parse_rules(to_toml(doc).encode("utf-8"), source="fuzz.toml")
    except RulesError:
        pass


@SETTINGS
@given(st.data())
def test_rules_toml_changed_anywhere(data):
    try:
        rules = parse_rules(to_toml(mutate(HOUSE, data)).encode("utf-8"), source="fuzz.toml")
    except RulesError:
        return
    _playable(rules)


@SETTINGS
@given(st.binary(max_size=200))
def test_any_bytes_everywhere(raw):
    for load, error in ((load_record, RecordError), (load_layout, LayoutError)):
        try:
            load(raw)
        except error:
            pass
    try:
        parse_rules(raw)
    except RulesError:
        pass


def test_the_toml_writer_round_trips_the_rules():
    assert tomllib.loads(to_toml(HOUSE)) == HOUSE
    assert rules_from_data(HOUSE).edition == "house"
