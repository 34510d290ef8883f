"""Writes the hostile-file corpus under tests/corpus/ (run it again after
changing a case: ``python tests/corpus/make_corpus.py``).

Each case is a small file that the program must refuse clearly: layouts
(``layout/*.json``), game records (``record/*.bigcity``), house-rules files
(``rules/*.toml``) and the checker's moves (``move/*.json``, one move per
file). Cases too big to keep in the repository (megabytes) are made by the
tests themselves in a temporary folder.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))

from bigcity_desktop.engine import ActionKind, GameState  # noqa: E402
from bigcity_desktop.engine.record import record_to_json  # noqa: E402
from bigcity_desktop.engine.rules import rules_dir  # noqa: E402

DEEP = "[" * 5000 + "]" * 5000
BIG = "9" * 5000


def base_record() -> dict:
    s = GameState.new("original", 3, seed=5)
    rng = random.Random(5)
    while len(s.history) < 30 and not s.is_over:
        kinds = s.legal_kinds()
        kind = ActionKind.BUILD if ActionKind.BUILD in kinds else rng.choice(kinds)
        s.apply(rng.choice(s.legal_actions(kind)))
    return record_to_json(s)


def base_layout() -> dict:
    return json.loads((ROOT / "tests" / "sandbox" / "data" / "demo_layout.json").read_text())


def rules_text() -> str:
    return (rules_dir() / "original.toml").read_text()


def house(text: str) -> str:
    return text.replace('edition = "original"', 'edition = "house"\nbase_edition = "original"', 1)


def record_cases() -> dict[str, str | bytes]:
    r = base_record()
    out: dict[str, str | bytes] = {}

    def case(name, change):
        d = copy.deepcopy(r)
        change(d)
        out[name] = json.dumps(d)

    out["not_json"] = '{"format": "bigcity-game", "version": 1,'
    out["empty"] = ""
    out["top_level_list"] = "[1, 2, 3]"
    out["utf16"] = json.dumps(r).encode("utf-16")
    text = json.dumps(r)
    seed = f'"seed": {r["seed"]}'
    assert '"actions": [' in text and seed in text
    out["deep_actions"] = text.replace('"actions": [', '"actions": [' + DEEP + ",", 1)
    out["huge_seed"] = text.replace(seed, f'"seed": {BIG}', 1)
    out["nan_seed"] = text.replace(seed, '"seed": NaN', 1)
    out["seed_twice"] = text.replace(seed, f'{seed}, "seed": {r["seed"] + 1}', 1)
    case("version_true", lambda d: d.update(version=True))
    case("version_float", lambda d: d.update(version=1.0))
    case("version_newer", lambda d: d.update(version=99))
    case("version_text", lambda d: d.update(version="1"))
    case("edition_dev_zero", lambda d: d.update(edition="/dev/zero"))
    case("edition_parent_path", lambda d: d.update(edition="../../../etc/passwd"))
    case("edition_toml_path", lambda d: d.update(edition="house.toml"))
    case("edition_missing", lambda d: d.pop("edition"))
    case("edition_long", lambda d: d.update(edition="x" * 500))
    case("seed_text", lambda d: d.update(seed="12"))
    case("seed_negative", lambda d: d.update(seed=-1))
    case("seed_bool", lambda d: d.update(seed=True))
    case("players_empty", lambda d: d.update(players=[]))
    case("players_nine", lambda d: d.update(players=[{"name": f"P{i}"} for i in range(9)]))
    case("name_long", lambda d: d["players"][0].update(name="N" * 1000))
    case("name_control", lambda d: d["players"][0].update(name="Bea\u0007"))
    case("name_number", lambda d: d["players"][0].update(name=7))
    case("kind_unknown", lambda d: d["players"][1].update(kind="wizard"))
    case("colour_word", lambda d: d["players"][0].update(colour="red"))
    case("start_city_float", lambda d: d.update(start_city=[[2, 3.0, 0, 0], [3, 0, 3, 0]]))
    case("start_city_bool", lambda d: d.update(start_city=[[2, True, 0, 0]]))
    case("start_city_text", lambda d: d.update(start_city="north"))
    case("start_city_overlap", lambda d: d.update(start_city=[[2, 0, 0, 0]]))
    case("action_double_minus", lambda d: d["actions"].append({"act": "draw", "stack": "--3"}))
    case("action_superscript", lambda d: d["actions"].append({"act": "draw", "stack": "\u00b3"}))
    case("action_arabic_digit", lambda d: d["actions"].append({"act": "draw", "stack": "\u0663"}))
    case("action_bool", lambda d: d["actions"].append({"act": "draw", "stack": True}))
    case("action_float", lambda d: d["actions"].append({"act": "draw", "stack": 3.0}))
    case("action_huge", lambda d: d["actions"].append({"act": "draw", "stack": 10**18}))
    case("action_unknown", lambda d: d["actions"].append({"act": "fly"}))
    case("action_act_number", lambda d: d["actions"].append({"act": 5}))
    case("action_illegal", lambda d: d["actions"].insert(0, {"act": "pass"}))
    case("scores_tampered", lambda d: d.update(scores=[s + 10 for s in d["scores"]]))
    case("scores_short", lambda d: d.update(scores=[0]))
    case("unknown_entry", lambda d: d.update(cheat=True))
    case("actions_object", lambda d: d.update(actions={"0": {"act": "pass"}}))
    case("extra_list", lambda d: d.update(extra=[1]))
    case("digest_number", lambda d: d.update(rules_digest=5))
    case(
        "inline_rules_huge_hand",
        lambda d: d.update(edition="house", rules={"edition": "house", "format": "bigcity-rules"}),
    )
    case("inline_rules_text", lambda d: d.update(edition="house", rules="original.toml"))
    return out


def layout_cases() -> dict[str, str | bytes]:
    base = base_layout()
    out: dict[str, str | bytes] = {}

    def case(name, change):
        d = copy.deepcopy(base)
        change(d)
        out[name] = json.dumps(d)

    out["not_json"] = "{format: bigcity-layout}"
    out["deep"] = json.dumps(base).replace('"buildings": [', '"buildings": [' + DEEP + ",", 1)
    out["huge_number"] = json.dumps(base).replace('"version": 1', f'"version": {BIG}', 1)
    out["infinity"] = json.dumps(base).replace('"version": 1', '"version": Infinity', 1)
    out["key_twice"] = json.dumps(base).replace('"version": 1', '"version": 1, "version": 1', 1)
    out["latin1"] = json.dumps(base).replace('"original"', '"orig\u00efnal"').encode("latin-1")
    case("x_float", lambda d: d["neighborhoods"][1].update(x=float(d["neighborhoods"][1]["x"])))
    case("x_bool", lambda d: d["neighborhoods"][0].update(x=False))
    case("x_text", lambda d: d["neighborhoods"][1].update(x="3"))
    case("x_far", lambda d: d["neighborhoods"][1].update(x=10**6))
    case("rotation_seven", lambda d: d["neighborhoods"][1].update(rotation=7))
    case("version_true", lambda d: d.update(version=True))
    case("edition_dev_zero", lambda d: d.update(edition="/dev/zero"))
    case("edition_fifo", lambda d: d.update(edition="/tmp/bigcity-fifo"))
    case("edition_parent", lambda d: d.update(edition="../rules/house.toml"))
    case("edition_number", lambda d: d.update(edition=1))
    case("neighborhoods_empty", lambda d: d.update(neighborhoods=[]))
    case("neighborhoods_ten", lambda d: d.update(neighborhoods=[{"number": 1, "x": 0, "y": 0}] * 10))
    case(
        "props_float",
        lambda d: d["buildings"][0].update(properties=[float(p) for p in d["buildings"][0]["properties"]]),
    )
    case("props_bool", lambda d: d["buildings"][0].update(properties=[True]))
    case("owner_bool", lambda d: d["buildings"][0].update(owner=True))
    case("building_unknown", lambda d: d["buildings"].append({"type": "castle", "properties": [11]}))
    case("streetcar_shape", lambda d: d.update(streetcars=[[[0, 0]]]))
    case("unknown_entry", lambda d: d.update(players=["me"]))
    case("inline_rules_bad", lambda d: d.update(edition="house", rules={"format": "bigcity-rules", "version": 1}))
    return out


def rules_cases() -> dict[str, str | bytes]:
    t = house(rules_text())
    out: dict[str, str | bytes] = {}

    def case(name, old, new):
        assert old in t, old
        out[name] = t.replace(old, new, 1)

    case(
        "hand_size_huge",
        "size = { 2 = 5, 3 = 5, 4 = 5, 5 = 6 }",
        "size = { 2 = 9223372036854775807, 3 = 5, 4 = 5, 5 = 6 }",
    )
    case("hand_size_bool", "size = { 2 = 5, 3 = 5, 4 = 5, 5 = 6 }", "size = { 2 = true, 3 = 5, 4 = 5, 5 = 6 }")
    case("hand_size_float", "size = { 2 = 5, 3 = 5, 4 = 5, 5 = 6 }", "size = { 2 = 5.0, 3 = 5, 4 = 5, 5 = 6 }")
    case("hand_key_fullwidth", "size = { 2 = 5,", 'size = { "\uff12" = 5,')
    case("players_min_one", "min = 2", "min = 1")
    case("players_max_hundred", "max = 5", "max = 100")
    case("shape_disconnected", "double = [[0, 0], [1, 0]]", "double = [[0, 0], [2, 0]]")
    case("shape_far_cell", "double = [[0, 0], [1, 0]]", "double = [[0, 0], [100, 0]]")
    case(
        "shape_too_long",
        "double = [[0, 0], [1, 0]]",
        "double = [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [5, 0], [6, 0], [7, 0], [8, 0]]",
    )
    case("shape_bool_cell", "double = [[0, 0], [1, 0]]", "double = [[0, 0], [true, 0]]")
    case("tile_names_list", 'names = { 1 = "Midtown"', 'names = ["a"]\n# { 1 = "Midtown"')
    case(
        "marks_list",
        'marks = { size = "book", start_stacks = "sure" }',
        'marks = { size = ["book"], start_stacks = "sure" }',
    )
    case("exchange_zero", "exchange_per_stack = 2", "exchange_per_stack = 0")
    case("streetcars_million", "count = 17", "count = 1000000")
    case("factor_hundred", "factor = 2", "factor = 100")
    case("label_long", 'label = "Residence"', 'label = "' + "R" * 1000 + '"')
    case("count_float", "count = 8, base = 2", "count = 8.0, base = 2")
    case("huge_integer", "count = 8, base = 2", f"count = {BIG}, base = 2")
    case("start_tile_is_one", "start_tiles = { 2 = [2, 3, 4, 5]", "start_tiles = { 2 = [1, 3, 4, 5]")
    case("start_tile_twice", "start_tiles = { 2 = [2, 3, 4, 5]", "start_tiles = { 2 = [2, 2, 4, 5]")
    case("start_tile_missing", "start_tiles = { 2 = [2, 3, 4, 5]", "start_tiles = { 2 = [2, 3, 4, 9]")
    case("datetime_value", "title = ", "when = 1979-05-27T07:32:00Z\ntitle = ")
    out["not_toml"] = "this is [not toml"
    out["not_utf8"] = b'edition = "\xff\xfe"\n'
    out["deep_arrays"] = "x = " + "[" * 3000 + "]" * 3000 + "\n"
    out["empty"] = ""
    case("groups_not_list", 'special = ["city_hall", "church"', 'special = "all"\n# ["city_hall", "church"')
    return out


def move_cases() -> dict[str, str]:
    return {
        "deep": DEEP,
        "huge_number": '{"neighborhood": 2, "x": ' + BIG + ', "y": 0}',
        "float_x": '{"neighborhood": 2, "x": 3.0, "y": 0}',
        "bool_props": '{"build": "bank", "properties": [true]}',
        "nan": '{"neighborhood": NaN, "x": 3, "y": 0}',
        "text_number": '{"neighborhood": "2", "x": 3, "y": 0}',
        "not_object": "[1, 2]",
        "unknown_kind": '{"demolish": [11]}',
        "many_props": '{"build": "residence", "properties": [' + ", ".join(["11"] * 100) + "]}",
        "street_shape": '{"streetcar": [[0, 0], [1]]}',
        "not_json": "{build: bank}",
    }


def write_all() -> int:
    n = 0
    for folder, ext, cases in (
        ("record", ".bigcity", record_cases()),
        ("layout", ".json", layout_cases()),
        ("rules", ".toml", rules_cases()),
        ("move", ".json", move_cases()),
    ):
        d = HERE / folder
        d.mkdir(exist_ok=True)
        for old in d.glob(f"*{ext}"):
            old.unlink()
        for name, content in cases.items():
            p = d / f"{name}{ext}"
            if isinstance(content, bytes):
                p.write_bytes(content)
            else:
                p.write_text(content, encoding="utf-8")
            n += 1
    return n


if __name__ == "__main__":
    print(f"{write_all()} files written under {HERE.relative_to(ROOT)}")
