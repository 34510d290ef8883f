"""The page's strict reader (bigcity_desktop/web/static/reader.js, a
hand-written validator of the protocol's subset of JSON Schema) agrees with
the Python jsonschema validator (tests/net/test_schemas.py) on every server
frame of real whole games and on hostile mutations of them: a field removed,
a wrong type, an unknown field (also one named like a property every
JavaScript object inherits), a number over its bounds, a string over its
length, an array over its count, an unknown type, a non-object, a oneOf fitting
none, deep inside views and legal moves; and, on schemas made for the test,
the keywords the protocol's schemas do not use yet (enum, a oneOf fitting two,
a const object).

reader.js runs in node (an ES module imported by tests/web/reader_runner.mjs),
so no browser is needed; without node the test skips, unless
BIGCITY_REQUIRE_BROWSER=1, when it fails. The two tests over whole games'
frames are in the slow tier (`make test`, not `make test-fast`): their corpus
is two games played over a real server."""

from __future__ import annotations

import asyncio
import concurrent.futures
import copy
import json
import multiprocessing
import os
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from referencing import Registry, Resource

from bigcity_desktop.net.web import SCHEMAS as SCHEMAS_FILE
from bigcity_desktop.net.web import made_files
from tests.net.test_schemas import _whole_game, is_valid

ROOT = Path(__file__).resolve().parents[2]
READER = ROOT / "bigcity_desktop" / "web" / "static" / "reader.js"
RUNNER = Path(__file__).with_name("reader_runner.mjs")


def node() -> str:
    found = shutil.which("node") or ("/usr/bin/node" if Path("/usr/bin/node").exists() else None)
    if found is None:
        if os.environ.get("BIGCITY_REQUIRE_BROWSER") == "1":
            pytest.fail("the reader test needs node")
        pytest.skip("the reader test needs node")
    return found


def served_schemas() -> dict[str, Any]:
    """The schemas as the server serves them at /static/schemas.json."""
    out: dict[str, Any] = json.loads(made_files()[SCHEMAS_FILE])
    return out


def reader_verdicts(schemas: dict[str, Any], frames: list[str]) -> list[str]:
    """reader.js's verdict on each frame's text: "ok" or "refused <why>"."""
    lines = [json.dumps(schemas)] + [json.dumps(f) for f in frames]
    done = subprocess.run(
        [node(), str(RUNNER), READER.as_uri()],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert len(out) == len(frames), done.stderr
    return out


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose keys are each given once (the server's reader refuses a key twice)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        raise ValueError("a key twice in one object")
    return out


def python_accepts(text: str, check: Any = None) -> bool:
    try:
        message = json.loads(text, object_pairs_hook=_once)
    except ValueError:
        return False
    if check is None:
        return is_valid("server", message)
    return bool(check(message) == [])


def _python_verdicts(frames: list[str]) -> list[bool]:
    return [python_accepts(t) for t in frames]


def python_verdicts(frames: list[str], check: Any = None) -> list[bool]:
    """python_accepts of each frame; a big corpus checked by the server's schemas is shared among the
    machine's processors (jsonschema takes some 30 ms a view frame: 4,700 frames were 150 s on one)."""
    workers = min(len(os.sched_getaffinity(0)), 4)
    if check is not None or len(frames) < 500 or workers < 2:
        return [python_accepts(t, check) for t in frames]
    chunks = [frames[i::workers] for i in range(workers)]
    with concurrent.futures.ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        done = list(pool.map(_python_verdicts, chunks))
    out = [False] * len(frames)
    for i, verdicts in enumerate(done):
        out[i::workers] = verdicts
    return out


def disagreements(schemas: dict[str, Any], frames: list[str], check: Any = None) -> list[str]:
    out = []
    for text, verdict, accepted in zip(
        frames, reader_verdicts(schemas, frames), python_verdicts(frames, check), strict=True
    ):
        if (verdict == "ok") != accepted:
            out.append(f"reader: {verdict[:160]}; jsonschema: {'ok' if verdict != 'ok' else 'refused'}; {text[:300]}")
    return out


# ---------------------------------------------------------------------------
# the corpus: whole games' frames and their mutations


@pytest.fixture(scope="module")
def game_frames() -> list[Any]:
    node()
    frames: list[Any] = []
    for edition in ("original", "jumbo"):
        got: dict[str, list[Any]] = {}
        asyncio.run(_whole_game(got, edition=edition))
        for who in got.values():
            frames += who
    return frames


#: a value of another JSON kind, for each kind
OTHER_KIND: dict[type, list[Any]] = {
    str: [7, None, ["x"]],
    int: ["7", 1.5, True, None],
    float: ["7", True],
    bool: [0, "true", None],
    type(None): [0, "", False, {}],
    dict: [[], "x", None],
    list: [{}, "x", 0],
}
#: one over each maxLength the schemas use, and at it
LENGTHS = (40, 41, 64, 65, 80, 81, 128, 129, 200, 201, 300, 301, 500, 501)
NUMBERS: list[Any] = [-1, 0, 7, 8, -10001, 10000, 10001, 10**7, 10**7 + 1, 2**31 - 1, 2**31, 10**12 + 1, 2.5, -0.0, 3.0]
#: names every JavaScript object answers to (`name in {}` is true)
INHERITED = ("constructor", "toString", "__proto__", "hasOwnProperty", "valueOf")


def mutations(node: Any, deep: bool) -> list[Any]:
    """Replacements for one value: its kind changed, its bounds passed."""
    out = list(OTHER_KIND.get(type(node), []))
    if isinstance(node, str) and not deep:
        out += ["x" * n for n in LENGTHS] + ["\U0001f600" * 40, "\U0001f600" * 41]
    if isinstance(node, bool):
        pass
    elif isinstance(node, (int, float)):
        out += NUMBERS
    return out


def paths(node: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(node, dict):
        for k, v in node.items():
            out += paths(v, (*at, k))
    elif isinstance(node, list):
        for i, v in enumerate(node[:3]):
            out += paths(v, (*at, i))
    return out


def put(message: Any, at: tuple[Any, ...], value: Any) -> Any:
    m = copy.deepcopy(message)
    node = m
    for k in at[:-1]:
        node = node[k]
    node[at[-1]] = value
    return m


def get(message: Any, at: tuple[Any, ...]) -> Any:
    for k in at:
        message = message[k]
    return message


def mutated(message: dict[str, Any], rng: random.Random, budget: int) -> list[Any]:
    """Hostile copies of `message`: at up to `budget` of its places (all of
    the top level), a value changed, a field dropped or added, an array grown."""
    places = paths(message)[1:]
    top = [p for p in places if len(p) == 1]
    rest = [p for p in places if len(p) > 1]
    chosen = top + rng.sample(rest, min(budget, len(rest)))
    out: list[Any] = []
    for at in chosen:
        value = get(message, at)
        for v in mutations(value, deep=len(at) > 2):
            out.append(put(message, at, v))
    for at in [(), *chosen]:
        node = get(message, at)
        if isinstance(node, dict):
            for k in node:
                m = copy.deepcopy(message)
                del get(m, at)[k]
                out.append(m)
            for k in ("zz_unknown", *INHERITED):
                m = copy.deepcopy(message)
                get(m, at)[k] = 1
                out.append(m)
        elif isinstance(node, list) and node:
            for n in (1, 8, 9, 65):
                m = copy.deepcopy(message)
                get(m, at).extend([copy.deepcopy(node[-1])] * n)
                out.append(m)
            for extra in (0, "x", [1, 2], None):
                m = copy.deepcopy(message)
                get(m, at).append(extra)
                out.append(m)
    return out


def samples(frames: list[Any]) -> list[dict[str, Any]]:
    """A few frames of each type, the views with moves to choose and with an action among them."""
    out: list[dict[str, Any]] = []
    seen: dict[str, int] = {}
    acts: set[str] = set()
    for m in frames:
        kind = m["type"]
        act = (m.get("action") or {}).get("act") if kind == "view" else None
        legal = kind == "view" and bool(m.get("legal"))
        key = f"{kind}/{act}/{legal}/{m.get('full')}"
        if seen.get(key, 0) < 1 or (act and act not in acts):
            seen[key] = seen.get(key, 0) + 1
            acts.add(str(act))
            out.append(m)
    return out


#: frames with no message in them, or none of the server's
RAW = [
    "",
    "not json",
    "[]",
    '"welcome"',
    "1",
    "null",
    "true",
    "{}",
    '{"type": 7}',
    '{"type": "nope"}',
    '{"type": "hello", "protocol": 1, "client": "x"}',
    '{"type": "constructor"}',
    '{"type": "__proto__"}',
    '{"type": null}',
    '{"type": "welcome", "protocol": 1e400, "server": "s", "name": "n"}',
    '{"type": "welcome", "protocol": 1.0, "server": "s", "name": "n"}',
    '{"type": "welcome", "protocol": 1E2, "server": "s", "name": "n"}',
    '{"type": "welcome", "protocol": -0, "server": "s", "name": "n"}',
    '{"type": "welcome", "protocol": 1, "server": "s", "name": "n", "type": "left"}',
    '{"type": "welcome", "protocol": 1, "server": "\\ud800", "name": "n"}',
    # a key twice in one object, as the server refuses it (also spelled with an escape, or deep inside)
    '{"type": "lobby", "tables": [], "tables": []}',
    '{"type": "lobby", "tables": [], "t\\u0061bles": []}',
    '{"type": "lobby", "tables": [], "id": 1, "id": 1}',
    '{"type": "left", "table": "t", "reason": "{\\"a\\": 1, \\"a\\": 2}"}',
    '{"type": "chat", "table": "t", "seat": null, "name": "a\\"b{[", "text": "}\\\\", "time": 0}',
    '{"type": "chat", "table": "t", "seat": null, "name": "x", "text": "y", "time": 0, "name": "x"}',
    '{"type": "chat", "table": "t", "seat": null, "name": "n", "text": "' + "\\ud83d\\ude00" * 300 + '", "time": 0}',
    '{"type": "chat", "table": "t", "seat": null, "name": "n", "text": "' + "\\ud83d\\ude00" * 301 + '", "time": 0}',
]


@pytest.mark.slow  # whole games played over the server first (the module's fixture)
def test_the_reader_agrees_with_the_schemas_on_every_frame_of_whole_games(game_frames: list[Any]) -> None:
    texts = [json.dumps(m) for m in game_frames]
    assert {"welcome", "table", "seated", "view", "chat", "game_over"} <= {m["type"] for m in game_frames}
    assert disagreements(served_schemas(), texts) == []
    assert all(python_accepts(t) for t in texts)


@pytest.mark.slow  # whole games played over the server first (the module's fixture)
def test_the_reader_agrees_with_the_schemas_on_hostile_frames(game_frames: list[Any]) -> None:
    rng = random.Random(35)
    corpus: list[str] = list(RAW)
    table = next(m["table"] for m in game_frames if m["type"] == "table")
    made: list[dict[str, Any]] = [  # the kinds a whole game does not send, made of its pieces
        {"type": "lobby", "tables": [table, table], "id": 3},
        {"type": "lobby", "tables": []},
        {"type": "refused", "code": "stale", "reason": "The game has moved on.", "id": None},
        {"type": "left", "table": table["id"], "reason": "The host closed the table."},
    ]
    assert all(python_accepts(json.dumps(m)) for m in made)
    for m in samples(game_frames) + made:
        corpus += [json.dumps(x) for x in mutated(m, rng, budget=8 if m["type"] == "view" else 200)]
    corpus = list(dict.fromkeys(corpus))
    verdicts = reader_verdicts(served_schemas(), corpus)
    accepted = sum(v == "ok" for v in verdicts)
    print(len(corpus), "hostile frames,", accepted, "accepted")
    assert 0 < accepted < len(corpus) - 1000  # both verdicts, most of them refusals
    assert disagreements(served_schemas(), corpus) == []


# ---------------------------------------------------------------------------
# every keyword the reader knows, both ways, on schemas made for the test

PROBE: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "probe",
    "description": "a schema of the subset's every keyword",
    "type": "object",
    "properties": {
        "type": {"const": "probe"},
        "en": {"enum": ["a", 1, None, [1, 2], {"k": 1, "j": 2}]},
        "co": {"const": {"a": 1, "b": [1, {"c": None}]}},
        "num": {"type": "number", "minimum": -1.5, "maximum": 2.5},
        "int": {"type": "integer"},
        "s": {"type": "string", "maxLength": 3},
        "arr": {"type": "array", "prefixItems": [{"type": "string"}], "items": {"type": "integer"}, "maxItems": 3},
        "two": {"oneOf": [{"type": "integer"}, {"type": "number", "maximum": 10}]},
        "ref": {"$ref": "#/$defs/pair"},
        "far": {"$ref": "probe.more.schema.json#/$defs/word"},
        "open": {"type": "object", "additionalProperties": {"type": "boolean"}},
        "any": True,
        "never": False,
    },
    "required": ["type"],
    "additionalProperties": False,
    "$defs": {"pair": {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "integer"}], "items": False}},
}
MORE: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$defs": {"word": {"type": "string", "maxLength": 2}},
}

#: keyword -> (frames it accepts, frames it refuses)
KEYWORDS: dict[str, tuple[list[dict[str, Any]], list[dict[str, Any]]]] = {
    "type": ([{"int": 3}, {"int": 3.0}, {"num": 1}], [{"int": 1.5}, {"int": True}, {"num": "1"}, {"s": 1}]),
    "const": (
        [{"co": {"b": [1, {"c": None}], "a": 1}}],
        [{"co": {"a": 1}}, {"co": {"a": True, "b": [1, {"c": None}]}}],
    ),
    "enum": (
        [{"en": "a"}, {"en": 1.0}, {"en": None}, {"en": [1, 2]}, {"en": {"j": 2, "k": 1}}],
        [{"en": "b"}, {"en": True}, {"en": [2, 1]}],
    ),
    "minimum": ([{"num": -1.5}], [{"num": -1.6}]),
    "maximum": ([{"num": 2.5}], [{"num": 2.51}]),
    "maxLength": ([{"s": "abc"}, {"s": "\U0001f600" * 3}], [{"s": "abcd"}, {"s": "\U0001f600" * 4}]),
    "maxItems": ([{"arr": ["a", 1, 2]}], [{"arr": ["a", 1, 2, 3]}]),
    "prefixItems": ([{"arr": ["a"]}, {"arr": []}], [{"arr": [1]}]),
    "items": ([{"arr": ["a", 1]}, {"ref": [1, 2]}], [{"arr": ["a", "b"]}, {"ref": [1, 2, 3]}]),
    "oneOf": ([{"two": 9.5}, {"two": 11}], [{"two": 3}, {"two": "x"}]),
    "$ref": ([{"ref": [1]}, {"far": "ab"}], [{"ref": [1, "2"]}, {"far": "abc"}]),
    "$defs": ([{"ref": [1, 2]}], [{"ref": {}}]),
    "properties": ([{"any": {"x": [1]}}], [{"never": 1}]),
    "additionalProperties": (
        [{"open": {"x": True}}],
        [{"open": {"x": 1}}, {"zz": 1}, {"constructor": 1}, {"__proto__": 1}],
    ),
    "required": ([{}], [{"type": None}]),
}


def test_the_reader_reads_each_keyword_of_the_subset_both_ways() -> None:
    schemas = {"server.probe.schema.json": PROBE, "probe.more.schema.json": MORE}
    registry: Registry[Any] = Registry().with_resources((n, Resource.from_contents(s)) for n, s in schemas.items())
    validator = Draft202012Validator(PROBE, registry=registry)
    Draft202012Validator.check_schema(PROBE)

    def check(m: Any) -> list[str]:
        return [e.message for e in validator.iter_errors(m)]

    frames: list[str] = []
    expected: list[bool] = []
    for good, bad in KEYWORDS.values():
        for fields, ok in [(g, True) for g in good] + [(b, False) for b in bad]:
            message = {"type": "probe", **fields} if "type" not in fields else {k: v for k, v in fields.items()}
            if fields == {"type": None}:
                message = {"en": "a"}  # no type at all: refused before the schema
            frames.append(json.dumps(message))
            expected.append(ok)
    assert [python_accepts(f, check) for f in frames] == expected  # the test's own claims
    assert disagreements(schemas, frames, check) == []
