"""jsonio.check_plain, walked a level at a time by exact type: it refuses
what it refused before (too deep, too many values, a key that is not text,
a number too large or not finite, a value of another kind) and lets through
what it let through (subclasses of the plain kinds, as TOML and enums give)."""

from __future__ import annotations

import datetime
import enum

import pytest

from bigcity_desktop.engine.jsonio import MAX_ABS_INT, MAX_DEPTH, MAX_VALUES, InputError, check_plain, decode_json


class Level(enum.IntEnum):
    ONE = 1


def _nested(depth: int) -> object:
    v: object = 0
    for i in range(depth):
        v = [v] if i % 2 else {"k": v}
    return v


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (_nested(MAX_DEPTH + 1), "nested too deep"),
        ([0] * MAX_VALUES, "more than"),
        ({1: "x"}, "key is not text"),
        ([MAX_ABS_INT + 1], "too large"),
        ({"a": [-MAX_ABS_INT - 1]}, "too large"),
        ([float("nan")], "not finite"),
        ({"a": float("inf")}, "not finite"),
        ([datetime.date(2020, 1, 1)], "kind date"),
        (b"bytes", "kind bytes"),
    ],
)
def test_what_it_refuses(value, words):
    with pytest.raises(InputError, match=words):
        check_plain(value)


def test_what_it_lets_through():
    check_plain(_nested(MAX_DEPTH))
    check_plain([0] * (MAX_VALUES - 1))
    check_plain({"a": [1, 2.5, True, None, "x", Level.ONE, {"b": []}], "c": MAX_ABS_INT})
    check_plain("plain")
    assert decode_json('{"a": [1, {"b": null}]}', max_depth=3) == {"a": [1, {"b": None}]}
    with pytest.raises(InputError, match="nested too deep"):
        decode_json('{"a": [1, {"b": null}]}', max_depth=2)
    marked = {"a": [[[[0]]]]}
    assert decode_json(marked, max_depth=2, checked=True) is marked  # a part of what was read: not walked again
