"""Layout files (``bigcity-layout`` version 1): a city without players.

See ``shared/rules/LAYOUT.md`` for the format. :func:`load_layout` refuses a
broken or impossible file with a message naming the first problem and never
returns a half-built city; :func:`layout_to_json` writes one; :func:`judge_move`
answers the checker's questions about one move.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .city import City, make_street
from .jsonio import decode_json, is_int, read_capped, short
from .messages import msg
from .rules import BUILDING_TYPES, Rules, edition_fields, get_rules, rules_of_document

if TYPE_CHECKING:
    from typing_extensions import TypeIs

FORMAT = "bigcity-layout"
VERSION = 1


class LayoutError(ValueError):
    """A layout file that cannot be opened; the message names the first problem."""


#: a coordinate in a layout or move lies within this distance of the origin
MAX_COORD = 100
MAX_BUILDINGS = 300
MAX_STREETCARS = 300


def _is_int(v: object) -> TypeIs[int]:
    return is_int(v)


def read_layout_file(path: str | Path, rules_for: Callable[[str], Rules] = get_rules) -> tuple[Rules, City]:
    raw = read_capped(path, "layout", LayoutError)
    return load_layout(raw, rules_for)


def _check_fields(data: dict[str, Any]) -> None:
    """Every field's type and range, before anything is built."""
    known = {"format", "version", "edition", "rules", "neighborhoods", "buildings", "streetcars"}
    for k in data:
        if k not in known:
            raise LayoutError(f"unknown entry {short(k)} (known: {', '.join(sorted(known))})")
    tiles = data.get("neighborhoods")
    if not isinstance(tiles, list) or not tiles or len(tiles) > 9:
        raise LayoutError("`neighborhoods` must list the placed tiles (1 to 9), tile 1 first")
    for i, t in enumerate(tiles):
        _check_tile_fields(t, f"neighborhoods[{i}]")
    buildings = data.get("buildings", [])
    if not isinstance(buildings, list) or len(buildings) > MAX_BUILDINGS:
        raise LayoutError(f"`buildings` must be a list of at most {MAX_BUILDINGS} buildings")
    for i, b in enumerate(buildings):
        _check_building_fields(b, f"buildings[{i}]")
    cars = data.get("streetcars", [])
    if not isinstance(cars, list) or len(cars) > MAX_STREETCARS:
        raise LayoutError(f"`streetcars` must be a list of at most {MAX_STREETCARS} streets")
    for i, c in enumerate(cars):
        if not _street_ok(c):
            raise LayoutError(f"streetcars[{i}]: a street is written [[x, y], [x, y]] in whole numbers")


_TILE_FIELDS = ("number", "x", "y", "rotation")


def _check_tile_fields(t: Any, where: str) -> None:
    if not isinstance(t, dict):
        raise LayoutError(f"{where}: must be an object with number, x, y and rotation")
    for k in t:
        if k not in _TILE_FIELDS:
            raise LayoutError(f"{where}: unknown entry {short(k)}")
    for k in _TILE_FIELDS:
        v = t.get(k, 0 if k == "rotation" else None)
        if not is_int(v):
            raise LayoutError(f"{where}.{k} must be a whole number, not {short(v)}")
        if abs(v) > MAX_COORD:
            raise LayoutError(f"{where}.{k} is out of range ({v})")


def _check_building_fields(b: Any, where: str) -> None:
    if not isinstance(b, dict):
        raise LayoutError(f"{where}: must be an object with type and properties")
    for k in b:
        if k not in ("type", "properties", "owner"):
            raise LayoutError(f"{where}: unknown entry {short(k)}")
    if b.get("type") not in BUILDING_TYPES:
        raise LayoutError(f"{where}: unknown building type {short(b.get('type'))}")
    props = b.get("properties")
    if not isinstance(props, list) or not 1 <= len(props) <= 9 or not all(is_int(p) and 0 <= p <= 99 for p in props):
        raise LayoutError(f"{where}: `properties` must list 1 to 9 property numbers")
    owner = b.get("owner")
    if owner is not None and not (is_int(owner) and 0 <= owner < 8):
        raise LayoutError(f"{where}: `owner` must be a player number from 0 to 7, not {short(owner)}")


def _street_ok(s: Any) -> bool:
    return (
        isinstance(s, list)
        and len(s) == 2
        and all(isinstance(c, list) and len(c) == 2 and all(is_int(v) and abs(v) <= MAX_COORD for v in c) for c in s)
    )


def load_layout(raw: bytes | str | dict[str, Any], rules_for: Callable[[str], Rules] = get_rules) -> tuple[Rules, City]:
    """Parse and validate a layout; returns its rules and the city."""
    data = decode_json(raw, LayoutError)
    _check_header(data)
    _check_fields(data)
    rules = rules_of_document(data, LayoutError, rules_for)
    city = City(rules)

    tiles = data.get("neighborhoods")
    if not isinstance(tiles, list) or not tiles:
        raise LayoutError("`neighborhoods` must list the placed tiles, tile 1 first")
    for i, t in enumerate(tiles):
        _lay_tile(city, t, f"neighborhoods[{i}]")

    buildings = data.get("buildings", [])
    if not isinstance(buildings, list):
        raise LayoutError("`buildings` must be a list")
    for i, b in enumerate(buildings):
        _put_building(city, b, f"buildings[{i}]")

    cars = data.get("streetcars", [])
    if not isinstance(cars, list):
        raise LayoutError("`streetcars` must be a list")
    for i, s in enumerate(cars):
        _lay_streetcar(city, s, f"streetcars[{i}]")
    return rules, city


def _check_header(data: Any) -> None:
    """A layout of this format and version."""
    if not isinstance(data, dict):
        raise LayoutError(msg("a layout is a JSON object"))
    if "format" not in data:
        raise LayoutError(msg("not a Big City layout (it has no format; expected {wanted})", wanted=repr(FORMAT)))
    if data.get("format") != FORMAT:
        raise LayoutError(
            msg(
                "not a Big City layout (format is {found}, expected {wanted})",
                found=short(data.get("format")),
                wanted=repr(FORMAT),
            )
        )
    version = data.get("version")
    if not is_int(version) or version != VERSION:
        raise LayoutError(
            msg(
                "unsupported layout version {version} (this program reads version {ours})",
                version=short(version),
                ours=VERSION,
            )
        )


def _lay_tile(city: City, t: Any, where: str) -> None:
    if not isinstance(t, dict):
        raise LayoutError(f"{where}: must be an object with number, x, y and rotation")
    vals = [t.get(k, 0 if k == "rotation" else None) for k in _TILE_FIELDS]
    ints = [v for v in vals if _is_int(v)]
    if len(ints) != len(vals):
        raise LayoutError(f"{where}: number, x, y and rotation must be whole numbers")
    n, x, y, r = ints
    if n not in city.rules.tile_shapes:
        raise LayoutError(msg("{where}: there is no neighborhood {tile}", where=where, tile=n))
    reason = city.check_tile(n, x, y, r)
    if reason:
        raise LayoutError(msg("{where}: {reason}", where=where, reason=reason))
    city.add_tile(n, x, y, r)


def _put_building(city: City, b: Any, where: str) -> None:
    if not isinstance(b, dict):
        raise LayoutError(f"{where}: must be an object with type and properties")
    btype = b.get("type")
    if btype not in BUILDING_TYPES:
        raise LayoutError(f"{where}: unknown building type {btype!r}")
    props = b.get("properties")
    if not isinstance(props, list) or not props or not all(_is_int(p) for p in props):
        raise LayoutError(f"{where}: `properties` must list property numbers")
    for p in props:
        if p not in city.rules.all_properties:
            raise LayoutError(msg("{where}: there is no property {prop}", where=where, prop=p))
    j = city.judge_build(btype, props, city_hall=True, with_score=False, requirements=False)
    if j.reason is not None or j.variant is None:
        raise LayoutError(msg("{where}: {reason}", where=where, reason=j.reason))
    owner = b.get("owner")
    city.place_building(btype, j.variant.name, props, owner=owner if _is_int(owner) and owner < 8 else None)


def _lay_streetcar(city: City, s: Any, where: str) -> None:
    try:
        if not (
            isinstance(s, list)
            and len(s) == 2
            and all(isinstance(c, list) and len(c) == 2 and all(_is_int(v) for v in c) for c in s)
        ):
            raise ValueError("a street is written [[x, y], [x, y]]")
        street = make_street(tuple(s[0]), tuple(s[1]))
    except ValueError as exc:
        raise LayoutError(f"{where}: {exc}") from None
    reason = city.check_streetcar(street)
    if reason:
        raise LayoutError(msg("{where}: {reason}", where=where, reason=reason))
    city.place_streetcar(street)


def layout_to_json(city: City, edition: str | None = None) -> dict[str, Any]:
    """The layout of a city, ready for ``json.dump``. Under house rules the
    rules table goes into the file (never a path to it)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        **edition_fields(city.rules),
        "neighborhoods": [{"number": t.number, "x": t.x, "y": t.y, "rotation": t.rotation} for t in city.tiles],
        "buildings": [{"type": b.type, "properties": list(b.properties)} for b in city.buildings],
        "streetcars": [[list(s[0]), list(s[1])] for s in city.streetcars],
    }


def describe(city: City) -> dict[str, Any]:
    props = sorted(city.cell_of)
    return {
        "cells": {str(p): list(city.cell_of[p]) for p in props},
        "outskirts": [p for p in props if p in city.outskirts],
        "center": [p for p in props if p not in city.outskirts],
    }


def city_hall_standing(city: City) -> bool:
    return any(b.type == city.rules.city_hall_type for b in city.buildings)


class MoveError(ValueError):
    """A move object that is not one of the checker's three forms."""


def read_move(text: str | bytes) -> Any:
    """A move given on the command line: JSON within the reading layer's limits."""
    raw = text.encode("utf-8", "surrogateescape") if isinstance(text, str) else text
    if len(raw) > 64 * 1024:
        raise MoveError("a move may be at most 64 KB")
    return decode_json(raw, MoveError, damaged=msg("not valid JSON"))


def judge_move(city: City, move: Any) -> dict[str, Any]:
    """Judge one move as a sandbox would: cards and turns are ignored."""
    if not isinstance(move, dict):
        raise MoveError("a move is a JSON object")
    for key, judge in _MOVES:
        if key in move:
            return judge(city, move)
    raise MoveError("a move has one of the keys build, neighborhood or streetcar")


def _judge_build(city: City, move: dict[str, Any]) -> dict[str, Any]:
    rules = city.rules
    btype = move["build"]
    props = move.get("properties")
    if not isinstance(btype, str) or len(btype) > 40:
        raise MoveError("`build` must name a building type")
    if not isinstance(props, list) or len(props) > 9 or not all(_is_int(p) and 0 <= p <= 99 for p in props):
        raise MoveError("`properties` must list at most 9 property numbers (0 to 99)")
    if btype not in rules.buildings:
        return _no(f"there is no building called {short(btype)}")
    j = city.judge_build(
        btype,
        props,
        city_hall=city_hall_standing(city),
        city_hall_value=rules.city_hall_start,
        city_hall_reason=None,
    )
    if j.reason is not None:
        return _no(j.reason)
    return {"legal": True, "reason": None, "score": j.score, "breakdown": j.breakdown}


def _judge_tile(city: City, move: dict[str, Any]) -> dict[str, Any]:
    vals = [move.get("neighborhood"), move.get("x"), move.get("y"), move.get("rotation", 0)]
    if not all(_is_int(v) and abs(v) <= MAX_COORD for v in vals):
        raise MoveError(f"neighborhood, x, y and rotation must be whole numbers from -{MAX_COORD} to {MAX_COORD}")
    reason = city.check_tile(*vals)
    return _no(reason) if reason else _yes()


def _judge_streetcar(city: City, move: dict[str, Any]) -> dict[str, Any]:
    s = move["streetcar"]
    try:
        if not _street_ok(s):
            raise ValueError("a street is written [[x, y], [x, y]]")
        street = make_street(tuple(s[0]), tuple(s[1]))
    except ValueError as exc:
        raise MoveError(str(exc)) from None
    if not city_hall_standing(city):
        return _no("streetcars can only be placed once City Hall stands")
    reason = city.check_streetcar(street)
    return _no(reason) if reason else _yes()


#: the checker's three forms of a move, by the key that names it (the first key present wins)
_MOVES: tuple[tuple[str, Callable[[City, dict[str, Any]], dict[str, Any]]], ...] = (
    ("build", _judge_build),
    ("neighborhood", _judge_tile),
    ("streetcar", _judge_streetcar),
)


def _no(reason: str) -> dict[str, Any]:
    return {"legal": False, "reason": reason, "score": None, "breakdown": None}


def _yes() -> dict[str, Any]:
    return {"legal": True, "reason": None, "score": None, "breakdown": None}
