"""Field-by-field comparison of game states, strict about types (a message
stays a message with its template, a tuple a tuple, a Counter a Counter)."""

from __future__ import annotations

import dataclasses
from typing import Any

from bigcity_desktop.engine import City, GameState
from bigcity_desktop.engine.messages import Msg
from bigcity_desktop.engine.viewjson import LogMark

#: City fields that are caches or counters of this process, not the position
_CITY_SKIP = {
    "version",
    "stamp",
    "_fp_cache",
    "parent",
    "delta_props",
    "delta_street",
    "pieces_key",
    "tile_parent",
    "tile_parent_stamp",
    "delta_cells",
    "pieces_parent",
    "delta_piece",
    "lineage",
}
#: City fields worked out from the others (plain containers of numbers and
#: cells): compared with ==, the container's type checked
_CITY_DERIVED = {
    "cell_of",
    "prop_at",
    "outside",
    "outskirts",
    "building_at",
    "streetcar_set",
    "vertex_use",
    "covered_streets",
    "pieces_used",
}


def _deep(a: Any, b: Any, where: str, out: list[str]) -> None:
    if type(a) is not type(b):
        out.append(f"{where}: {type(a).__name__} != {type(b).__name__} ({a!r} / {b!r})")
        return
    if isinstance(a, Msg):
        if a.template != b.template or str(a) != str(b):
            out.append(f"{where}: message {a.template!r} != {b.template!r}")
        _deep(a.fields, b.fields, f"{where}.fields", out)
    elif isinstance(a, dict):  # Counter too
        if list(a) != list(b):
            out.append(f"{where}: keys {list(a)} != {list(b)}")
            return
        for k in a:
            _deep(a[k], b[k], f"{where}[{k!r}]", out)
    elif isinstance(a, (list, tuple)):
        if len(a) != len(b):
            out.append(f"{where}: length {len(a)} != {len(b)}")
            return
        for i, (x, y) in enumerate(zip(a, b)):
            _deep(x, y, f"{where}[{i}]", out)
    elif dataclasses.is_dataclass(a) and not isinstance(a, type):
        for f in dataclasses.fields(a):
            _deep(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}", out)
    elif a != b:
        out.append(f"{where}: {a!r} != {b!r}")


#: the lists that only grow, by the LogMark field that counts them
_GROWING = {"history": "history", "actors": "history", "events": "events", "score_history": "scores"}
_CITY_GROWING = {"tiles": "tiles", "buildings": "buildings", "streetcars": "streetcars"}


def differences(a: GameState, b: GameState, tail: LogMark | None = None) -> list[str]:
    """Every field in which two states differ (empty when they are equal).
    With `tail`, the lists that only grow are compared from that mark on
    (their heads were compared before)."""
    out: list[str] = []

    def cut(x: Any, name: str, table: dict[str, str]) -> Any:
        if tail is None or name not in table:
            return x
        k = getattr(tail, table[name])
        return [len(x), x[k:]]

    for f in dataclasses.fields(GameState):
        if not f.compare:  # bookkeeping, not the position (the copy-on-write flag)
            continue
        x, y = cut(getattr(a, f.name), f.name, _GROWING), cut(getattr(b, f.name), f.name, _GROWING)
        if f.name == "rules":
            if x is not y and (x != y or x.data != y.data):
                out.append("rules differ")
        elif f.name == "city":
            for cf in dataclasses.fields(City):
                if cf.name == "rules" or cf.name in _CITY_SKIP:
                    continue
                if cf.name in _CITY_DERIVED:
                    cx, cy = getattr(x, cf.name), getattr(y, cf.name)
                    if type(cx) is not type(cy) or cx != cy:
                        out.append(f"city.{cf.name} differs")
                    continue
                cx = cut(getattr(x, cf.name), cf.name, _CITY_GROWING)
                cy = cut(getattr(y, cf.name), cf.name, _CITY_GROWING)
                _deep(cx, cy, f"city.{cf.name}", out)
        else:
            _deep(x, y, f.name, out)
    return out
