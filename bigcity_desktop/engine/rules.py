"""Rules data: loading and validating an edition's rules file.

Every rule value (piece counts, shapes, prerequisites, scores, hand sizes,
draw limits, the streetcar-line rule, the round structure) comes from a TOML
file under ``resources/rules/``. Nothing here knows a number of the game; it
only knows the *vocabulary* the files are written in, and checks a file
against it with messages that name the bad entry.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Callable, Iterable
from enum import StrEnum
from pathlib import Path
from typing import Any, NoReturn, TypeVar

from .cards import is_special_card, property_number, stack_of
from .datafiles import resource_path
from .geometry import lay_in_order, normalise
from .jsonio import MAX_NAME, MAX_TEXT, check_plain, is_ascii_int_text, is_int, read_capped, short
from .rulebook import (
    BUILDING_TYPES,
    CITY_HALL,
    CONDITION_KEYS,
    EDITIONS,
    MARKS,
    MAX_CITY_HALL,
    MAX_DRAW_PER_STACK,
    MAX_FACTOR,
    MAX_HAND,
    MAX_PIECES,
    MAX_PLAYERS,
    MAX_POINTS,
    MAX_ROUNDS,
    MAX_STREETCARS,
    MAX_STREETCARS_PER_ACTION,
    RULES_DEPTH,
    VARIANT_LABELS,
    BuildingRule,
    Condition,
    EndRule,
    Modifier,
    Multiplier,
    RefillMode,
    RoundRules,
    Rules,
    RulesError,
    StartScores,
    StreetcarLine,
    TileOrder,
    UselessCards,
    Variant,
)

_E = TypeVar("_E", bound=StrEnum)

__all__ = [
    "BUILDING_TYPES",
    "CITY_HALL",
    "CONDITION_KEYS",
    "EDITIONS",
    "MARKS",
    "MAX_CITY_HALL",
    "MAX_DRAW_PER_STACK",
    "MAX_FACTOR",
    "MAX_HAND",
    "MAX_PIECES",
    "MAX_PLAYERS",
    "MAX_POINTS",
    "MAX_STREETCARS",
    "MAX_STREETCARS_PER_ACTION",
    "RULES_DEPTH",
    "VARIANT_LABELS",
    "BuildingRule",
    "Condition",
    "EndRule",
    "Modifier",
    "Multiplier",
    "RefillMode",
    "Rules",
    "RulesError",
    "StartScores",
    "StreetcarLine",
    "TileOrder",
    "UselessCards",
    "Variant",
    "edition_fields",
    "get_rules",
    "load_rules",
    "parse_rules",
    "rules_dir",
    "rules_from_data",
    "rules_of_document",
    "rules_to_data",
]


def rules_dir() -> Path:
    """The folder holding the bundled rules files."""
    return resource_path("rules")


def load_rules(name_or_path: str | Path) -> Rules:
    """Load ``"original"``, ``"jumbo"`` or a house-rules file the user chose.

    A house-rules file is read afresh on every call (an edited file gives
    its new values), through the same capped reader as every other file."""
    name = str(name_or_path)
    if name in EDITIONS:
        path = rules_dir() / f"{name}.toml"
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise RulesError(f"the bundled {name} rules cannot be read: {exc.strerror or exc}") from None
        return parse_rules(raw, source=str(path), bundled=True)
    path = Path(name_or_path)
    label = path.name or name
    raw = read_capped(path, "rules file", _prefixed(label))
    return parse_rules(raw, source=label)


def _prefixed(label: str) -> Callable[[str], RulesError]:
    def make(msg: str) -> RulesError:
        return RulesError(f"{label}: {msg}")

    return make


_CACHE: dict[str, Rules] = {}


def get_rules(name: str) -> Rules:
    """The bundled editions (cached), or a house-rules file path (read afresh
    every time, never cached: an edited file is seen as edited)."""
    if name in EDITIONS:
        if name not in _CACHE:
            _CACHE[name] = load_rules(name)
        return _CACHE[name]
    return load_rules(name)


def parse_rules(raw: bytes | str, source: str = "<rules>", bundled: bool = False) -> Rules:
    """A rules file's TOML text -> validated Rules (RulesError naming the entry)."""
    if isinstance(raw, str):
        raw = raw.encode("utf-8")
    if len(raw) > 256 * 1024:
        raise RulesError(f"{source}: a rules file may be at most 256 KB")
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise RulesError(f"{source}: not a UTF-8 text file") from None
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(f"{source}: not valid TOML: {exc}") from None
    except RecursionError:
        raise RulesError(f"{source}: not valid TOML: nested too deep") from None
    except (ValueError, OverflowError) as exc:  # e.g. an integer of thousands of digits
        raise RulesError(f"{source}: not valid TOML: {short(str(exc), 80)}") from None
    digest = hashlib.sha256(raw).hexdigest()
    return _validate(data, source, digest, bundled)


def rules_from_data(data: Any, source: str = "<inline rules>") -> Rules:
    """Rules from a table embedded in a record or layout (already parsed JSON)."""
    if not isinstance(data, dict):
        raise RulesError(f"{source}: the rules must be an object")
    canon = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    digest = hashlib.sha256(canon.encode("ascii")).hexdigest()
    return _validate(data, source, digest, bundled=False)


def _validate(data: dict[str, Any], source: str, digest: str, bundled: bool) -> Rules:
    check_plain(data, _prefixed(source), max_depth=RULES_DEPTH)
    try:
        rules = _Validator(data, source, digest).build()
    except RulesError:
        raise
    except (AttributeError, TypeError, KeyError, IndexError, ValueError, RecursionError) as exc:
        # a safety net: every known malformation has its own message above
        raise RulesError(f"{source}: the rules table is malformed ({type(exc).__name__})") from None
    return _with(rules, data=data, bundled=bundled)


def _with(rules: Rules, **changes: Any) -> Rules:
    from dataclasses import replace

    return replace(rules, **changes)


def rules_to_data(rules: Rules) -> dict[str, Any]:
    """The rules table to embed in a file (only for rules not bundled)."""
    return rules.data


class _Validator:
    def __init__(self, data: dict[str, Any], source: str, digest: str) -> None:
        self.d = data
        self.src = source
        self.digest = digest
        self.marks: dict[str, dict[str, str]] = {}

    def fail(self, where: str, msg: str) -> NoReturn:
        raise RulesError(f"{self.src}: [{where}] {msg}")

    def table(self, key: str, parent: dict[str, Any] | None = None, where: str | None = None) -> dict[str, Any]:
        parent = self.d if parent is None else parent
        where = where or key
        if key not in parent:
            self.fail(where, "is missing")
        val = parent[key]
        if not isinstance(val, dict):
            self.fail(where, "must be a table")
        return val

    def int_(self, t: dict[str, Any], key: str, where: str, low: int | None = 0, high: int | None = MAX_POINTS) -> int:
        if key not in t:
            self.fail(where, f"`{key}` is missing")
        v = t[key]
        if not is_int(v):
            self.fail(where, f"`{key}` must be a whole number, not {short(v)}")
        if low is not None and v < low:
            self.fail(where, f"`{key}` must be at least {low}, not {v}")
        if high is not None and v > high:
            self.fail(where, f"`{key}` must be at most {high}, not {v}")
        return v

    def str_(
        self, t: dict[str, Any], key: str, where: str, choices: Iterable[str] | None = None, limit: int = MAX_NAME
    ) -> str:
        if key not in t:
            self.fail(where, f"`{key}` is missing")
        v = t[key]
        if not isinstance(v, str):
            self.fail(where, f"`{key}` must be text, not {short(v)}")
        if choices is not None and v not in choices:
            self.fail(where, f"`{key}` must be one of {', '.join(choices)}, not {short(v)}")
        self.text(v, where, f"`{key}`", limit)
        return v

    def choice(self, t: dict[str, Any], key: str, where: str, kind: type[_E]) -> _E:
        """One of the values of an option's enum (the error lists them)."""
        return kind(self.str_(t, key, where, [k.value for k in kind]))

    def text(self, v: Any, where: str, what: str, limit: int = MAX_NAME) -> str:
        if not isinstance(v, str) or not v.strip():
            self.fail(where, f"{what} must be some text, not {short(v)}")
        if len(v) > limit:
            self.fail(where, f"{what} is {len(v)} characters long; at most {limit} are allowed")
        if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in v):
            self.fail(where, f"{what} holds a control character")
        return v

    def number_key(self, k: Any, where: str, what: str, low: int, high: int) -> int:
        if not is_ascii_int_text(k) or not low <= int(k) <= high:
            self.fail(where, f"{what} {short(k)} must be a number from {low} to {high}")
        return int(k)

    def bool_(self, t: dict[str, Any], key: str, where: str, default: bool | None = None) -> bool:
        if key not in t:
            if default is not None:
                return default
            self.fail(where, f"`{key}` is missing")
        v = t[key]
        if not isinstance(v, bool):
            self.fail(where, f"`{key}` must be true or false, not {short(v)}")
        return v

    def int_list(
        self, v: Any, where: str, what: str, low: int = -MAX_POINTS, high: int = MAX_POINTS, longest: int = 100
    ) -> tuple[int, ...]:
        if not isinstance(v, list) or not all(is_int(x) for x in v):
            self.fail(where, f"{what} must be a list of whole numbers, not {short(v)}")
        if len(v) > longest:
            self.fail(where, f"{what} lists {len(v)} numbers; at most {longest} are allowed")
        for x in v:
            if not low <= x <= high:
                self.fail(where, f"{what} holds {x}, outside {low} to {high}")
        return tuple(v)

    def keys_only(self, t: dict[str, Any], where: str, allowed: Iterable[str]) -> None:
        allowed = set(allowed)
        for k in t:
            if k not in allowed:
                self.fail(where, f"unknown entry `{k}` (known: {', '.join(sorted(allowed))})")

    def take_marks(self, t: dict[str, Any], where: str, keys: Iterable[str]) -> None:
        marks = t.get("marks")
        if not isinstance(marks, dict):
            self.fail(where, "needs a `marks` table giving the confidence of each value")
        for k in keys:
            if k not in marks:
                self.fail(where, f"`marks` has no confidence mark for `{k}`")
        for k, m in marks.items():
            if k not in keys:
                self.fail(where, f"`marks` names `{short(k)}`, which is not a value here")
            if not isinstance(m, str) or m not in MARKS:
                self.fail(where, f"mark of `{short(k)}` must be one of {', '.join(MARKS)}, not {short(m)}")
        self.marks[where] = dict(marks)

    def by_players(self, t: dict[str, Any], key: str, where: str) -> dict[int, Any]:
        v = t.get(key)
        if not isinstance(v, dict):
            self.fail(where, f"`{key}` must be a table keyed by number of players")
        out = {}
        for k, val in v.items():
            if not is_ascii_int_text(k) or not 1 <= int(k) <= MAX_PLAYERS:
                self.fail(where, f"`{key}` has key {short(k)}, which is not a number of players (1 to {MAX_PLAYERS})")
            out[int(k)] = val
        return out

    def condition(self, c: Any, where: str) -> Condition:
        if not isinstance(c, dict) or not c:
            self.fail(where, f'a condition must be a table such as {{ adjacent = "residence" }}, not {short(c)}')
        self.keys_only(c, where, CONDITION_KEYS)
        if "adjacent" in c:
            return self.adjacent_condition(c, where)
        if "min" in c:
            self.fail(where, "`min` goes with `adjacent`")
        if len(c) != 1:
            self.fail(where, "a condition holds one test; list several conditions instead")
        ((k, v),) = c.items()
        read = _CONDITIONS.get(k)
        if read is None:  # pragma: no cover - keys_only knows every key
            self.fail(where, f"unknown condition {short(k)}")
        return read(self, k, v, where)

    def adjacent_condition(self, c: dict[str, Any], where: str) -> Condition:
        target = c["adjacent"]
        if not isinstance(target, str) or (target not in BUILDING_TYPES and target not in self.groups):
            self.fail(where, f"`adjacent` must name a building type or group, not {short(target)}")
        low = self.int_(c, "min", where, low=1, high=40) if "min" in c else 1
        if len(c) > (2 if "min" in c else 1):
            self.fail(where, "a condition holds one test; list several conditions instead")
        return Condition("adjacent", target=target, low=low)

    def flag_condition(self, k: str, v: Any, where: str) -> Condition:
        if v is not True:
            self.fail(where, f"`{k}` can only be true")
        return Condition(k)

    def outskirts_cells_condition(self, k: str, v: Any, where: str) -> Condition:
        rng = self.int_list(v, where, "`outskirts_cells`", low=0, high=40)
        if len(rng) != 2 or rng[0] > rng[1] or rng[0] < 0:
            self.fail(where, "`outskirts_cells` must be [lowest, highest]")
        return Condition(k, low=rng[0], high=rng[1])

    def properties_condition(self, k: str, v: Any, where: str) -> Condition:
        props = self.int_list(v, where, "`properties`", low=0, high=99)
        for p in props:
            if p not in self.all_props:
                self.fail(where, f"property {p} does not exist")
        return Condition(k, properties=frozenset(props))

    # ------------------------------------------------------------ the sections, in the order they are checked
    def build(self) -> Rules:
        edition, base_edition, title = self.top()
        pmin, pmax = self.players()
        counts = range(pmin, pmax + 1)
        # tiles come first: everything else refers to them
        tile_shapes, tile_names = self.tiles()
        hand_size, start_stacks = self.hand(counts, tile_shapes)
        refill_mode, refill_per_stack, exch_sep, exch_per, useless = self.draws()
        start_tiles, tile_order, start_scores = self.setup(counts, tile_shapes)
        sc_count, sc_line, sc_first, sc_per = self.streetcars()
        rounds = self.rounds()
        ch_start, ch_step, ch_max, reserved = self.city_hall()
        shapes = self.shapes(tile_shapes)
        self.groups = self.read_groups()
        buildings = self.buildings(shapes)
        special = self.cards(buildings, tile_shapes)
        rules = Rules(
            edition=edition,
            base_edition=base_edition,
            title=str(title),
            digest=self.digest,
            source=self.src,
            min_players=pmin,
            max_players=pmax,
            hand_size={n: hand_size[n] for n in counts},
            start_stacks={n: start_stacks[n] for n in counts},
            refill_mode=refill_mode,
            refill_per_stack=refill_per_stack,
            exchange_draws_separately=exch_sep,
            exchange_per_stack=exch_per,
            useless_cards=useless,
            start_tiles={n: start_tiles[n] for n in counts},
            tile_order=tile_order,
            start_scores=start_scores,
            streetcar_count=sc_count,
            streetcar_line=sc_line,
            streetcar_first_action=sc_first,
            streetcar_per_action=sc_per,
            end_rule=rounds.end_rule,
            redevelopment=rounds.redevelopment,
            strangers_end=rounds.strangers_end,
            max_rounds=rounds.max_rounds,
            city_hall_start=ch_start,
            city_hall_step=ch_step,
            city_hall_max=ch_max,
            city_hall_reserved=frozenset(reserved),
            tile_shapes=tile_shapes,
            tile_names=tile_names,
            special_cards=special,
            shapes=shapes,
            groups=self.groups,
            buildings=buildings,
            marks=self.marks,
        )
        self.check_setup(rules)
        return rules

    def top(self) -> tuple[str, str, str]:
        """The file's own entries: format, version, edition, base edition, title."""
        d = self.d
        if d.get("format") != "bigcity-rules":
            self.fail("top", 'this is not a Big City rules file (`format` must be "bigcity-rules")')
        if d.get("version") != 1:
            self.fail("top", f"unsupported rules version {d.get('version')!r} (this program reads version 1)")
        self.keys_only(d, "top", _TOP_KEYS)
        edition = self.str_(d, "edition", "top")
        base_edition = d.get("base_edition", edition)
        if not isinstance(base_edition, str) or base_edition not in EDITIONS:
            self.fail("top", f"`base_edition` must be original or jumbo for a house-rules file named {edition!r}")
        title = self.text(d.get("title", edition), "top", "`title`", MAX_TEXT)
        return edition, base_edition, title

    def players(self) -> tuple[int, int]:
        pl = self.table("players")
        self.keys_only(pl, "players", {"min", "max", "marks"})
        pmin = self.int_(pl, "min", "players", low=2, high=MAX_PLAYERS)
        pmax = self.int_(pl, "max", "players", low=pmin, high=MAX_PLAYERS)
        self.take_marks(pl, "players", ["min", "max"])
        return pmin, pmax

    def tiles(self) -> tuple[dict[int, tuple[int, int]], dict[int, str]]:
        tl = self.table("tiles")
        self.keys_only(tl, "tiles", {"shapes", "names", "marks"})
        tile_shapes: dict[int, tuple[int, int]] = {}
        for k, v in self.table("shapes", tl, "tiles.shapes").items():
            n = self.number_key(k, "tiles", "tile", 1, 9)
            wh = self.int_list(v, "tiles", f"shape of tile {n}", low=1, high=9)
            if len(wh) != 2 or not all(1 <= x <= 9 for x in wh) or wh[0] * wh[1] > 9:
                self.fail("tiles", f"shape of tile {n} must be [width, height] with at most 9 properties")
            tile_shapes[n] = (wh[0], wh[1])
        if 1 not in tile_shapes:
            self.fail("tiles", "tile 1 (the starting tile) is missing")
        tile_names = self.tile_names(tl, tile_shapes)
        self.take_marks(tl, "tiles", [k for k in ("shapes", "names") if k in tl])
        self.all_props = {property_number(t, k) for t, (w, h) in tile_shapes.items() for k in range(1, w * h + 1)}
        return tile_shapes, tile_names

    def tile_names(self, tl: dict[str, Any], tile_shapes: dict[int, tuple[int, int]]) -> dict[int, str]:
        names_raw = tl.get("names", {})
        if not isinstance(names_raw, dict):
            self.fail("tiles", "`names` must be a table of tile number = name")
        tile_names = {}
        for k, v in names_raw.items():
            n = self.number_key(k, "tiles", "named tile", 1, 9)
            if n not in tile_shapes:
                self.fail("tiles", f"`names` names tile {n}, which has no shape")
            tile_names[n] = self.text(v, "tiles", f"the name of tile {n}")
        for n in tile_shapes:
            tile_names.setdefault(n, f"Neighborhood {n}")
        return tile_names

    def hand(
        self, counts: range, tile_shapes: dict[int, tuple[int, int]]
    ) -> tuple[dict[int, Any], dict[int, tuple[int, ...]]]:
        hd = self.table("hand")
        self.keys_only(hd, "hand", {"size", "start_stacks", "marks"})
        hand_size = self.by_players(hd, "size", "hand")
        start_stacks = {
            n: self.int_list(v, "hand", f"start_stacks for {n} players", low=1, high=9, longest=MAX_HAND)
            for n, v in self.by_players(hd, "start_stacks", "hand").items()
        }
        for n in counts:
            if n not in hand_size or not is_int(hand_size[n]) or not 1 <= hand_size[n] <= MAX_HAND:
                self.fail("hand", f"`size` needs a hand size from 1 to {MAX_HAND} for {n} players")
            if n in start_stacks and len(start_stacks[n]) > hand_size[n]:
                self.fail("hand", f"start_stacks for {n} players deals more cards than the hand size")
            if n not in start_stacks:
                self.fail("hand", f"`start_stacks` needs an entry for {n} players")
            for s in start_stacks[n]:
                if s not in tile_shapes:
                    self.fail("hand", f"start_stacks for {n} players names stack {s}, which does not exist")
        self.take_marks(hd, "hand", ["size", "start_stacks"])
        return hand_size, start_stacks

    def draws(self) -> tuple[RefillMode, int, bool, int, UselessCards]:
        dr = self.table("draws")
        dkeys = ["refill_mode", "refill_per_stack", "exchange_draws_separately", "exchange_per_stack", "useless_cards"]
        self.keys_only(dr, "draws", dkeys + ["marks"])
        refill_mode = self.choice(dr, "refill_mode", "draws", RefillMode)
        refill_per_stack = self.int_(dr, "refill_per_stack", "draws", low=1, high=MAX_DRAW_PER_STACK)
        exch_sep = self.bool_(dr, "exchange_draws_separately", "draws")
        exch_per = self.int_(dr, "exchange_per_stack", "draws", low=1, high=MAX_DRAW_PER_STACK)
        useless = self.choice(dr, "useless_cards", "draws", UselessCards)
        self.take_marks(dr, "draws", dkeys)
        return refill_mode, refill_per_stack, exch_sep, exch_per, useless

    def setup(
        self, counts: range, tile_shapes: dict[int, tuple[int, int]]
    ) -> tuple[dict[int, tuple[int, ...]], TileOrder, StartScores]:
        st = self.table("setup")
        skeys = ["start_tiles", "tile_order", "start_scores"]
        self.keys_only(st, "setup", skeys + ["marks"])
        start_tiles = {
            n: self.int_list(v, "setup", f"start_tiles for {n} players", low=1, high=9, longest=8)
            for n, v in self.by_players(st, "start_tiles", "setup").items()
        }
        for n in counts:
            if n not in start_tiles:
                self.fail("setup", f"`start_tiles` needs an entry for {n} players")
            if len(set(start_tiles[n])) != len(start_tiles[n]):
                self.fail("setup", f"start_tiles for {n} players names a tile twice")
            for t in start_tiles[n]:
                if t not in tile_shapes or t == 1:
                    self.fail("setup", f"start_tiles for {n} players names tile {t}, which cannot be placed at setup")
        tile_order = self.choice(st, "tile_order", "setup", TileOrder)
        start_scores = self.choice(st, "start_scores", "setup", StartScores)
        self.take_marks(st, "setup", skeys)
        return start_tiles, tile_order, start_scores

    def streetcars(self) -> tuple[int, StreetcarLine, int, int]:
        sc = self.table("streetcars")
        ckeys = ["count", "line", "first_action", "per_action"]
        self.keys_only(sc, "streetcars", ckeys + ["marks"])
        sc_count = self.int_(sc, "count", "streetcars", high=MAX_STREETCARS)
        sc_line = self.choice(sc, "line", "streetcars", StreetcarLine)
        sc_first = self.int_(sc, "first_action", "streetcars", low=1, high=MAX_STREETCARS_PER_ACTION)
        sc_per = self.int_(sc, "per_action", "streetcars", low=1, high=MAX_STREETCARS_PER_ACTION)
        self.take_marks(sc, "streetcars", ckeys)
        return sc_count, sc_line, sc_first, sc_per

    def rounds(self) -> RoundRules:
        rd = self.table("rounds")
        keys = ["end", "redevelopment", "strangers_end", "max_rounds"]
        self.keys_only(rd, "rounds", keys + ["marks"])
        end_rule = self.choice(rd, "end", "rounds", EndRule)
        redevelopment = self.bool_(rd, "redevelopment", "rounds")
        # optional, so that older house-rules files still read: the end of
        # tables of strangers is the file's own end, and no bound on rounds
        strangers = self.choice(rd, "strangers_end", "rounds", EndRule) if "strangers_end" in rd else end_rule
        max_rounds = self.int_(rd, "max_rounds", "rounds", high=MAX_ROUNDS) if "max_rounds" in rd else 0
        self.take_marks(rd, "rounds", [k for k in keys if k in rd])
        return RoundRules(end_rule, redevelopment, strangers, max_rounds)

    def city_hall(self) -> tuple[int, int, int, tuple[int, ...]]:
        ch = self.table("city_hall")
        hkeys = ["start", "step", "max", "reserved"]
        self.keys_only(ch, "city_hall", hkeys + ["marks"])
        ch_start = self.int_(ch, "start", "city_hall", high=MAX_CITY_HALL)
        ch_step = self.int_(ch, "step", "city_hall", high=MAX_CITY_HALL)
        ch_max = self.int_(ch, "max", "city_hall", low=ch_start, high=MAX_CITY_HALL)
        reserved = self.int_list(ch.get("reserved", []), "city_hall", "`reserved`", low=0, high=99)
        for p in reserved:
            if p not in self.all_props:
                self.fail("city_hall", f"`reserved` names property {p}, which does not exist")
        self.take_marks(ch, "city_hall", hkeys)
        return ch_start, ch_step, ch_max, reserved

    def shapes(self, tile_shapes: dict[int, tuple[int, int]]) -> dict[str, tuple[tuple[int, int], ...]]:
        sh = self.table("shapes")
        shapes: dict[str, tuple[tuple[int, int], ...]] = {}
        for name, cells in sh.items():
            if name == "marks":
                continue
            self.text(name, "shapes", "a shape's name")
            shapes[name] = self.shape(name, cells, tile_shapes)
        self.take_marks(sh, "shapes", list(shapes))
        return shapes

    def shape(self, name: str, cells: Any, tile_shapes: dict[int, tuple[int, int]]) -> tuple[tuple[int, int], ...]:
        if (
            not isinstance(cells, list)
            or not 1 <= len(cells) <= 9
            or not all(isinstance(c, list) and len(c) == 2 and all(is_int(x) and 0 <= x <= 8 for x in c) for c in cells)
        ):
            self.fail("shapes", f"shape `{name}` must be a list of 1 to 9 [x, y] cells, each from 0 to 8")
        cs = tuple((c[0], c[1]) for c in cells)
        if len(set(cs)) != len(cs):
            self.fail("shapes", f"shape `{name}` lists a cell twice")
        if not _connected(cs):
            self.fail("shapes", f"shape `{name}` is not connected")
        if not any(_fits(o, w, h) for o in _orientations(cs) for (w, h) in tile_shapes.values()):
            self.fail("shapes", f"shape `{name}` fits in no neighborhood, so it could never be built")
        return cs

    def read_groups(self) -> dict[str, frozenset[str]]:
        gr = self.d.get("groups", {"marks": {}})
        if not isinstance(gr, dict):
            self.fail("groups", "must be a table")
        groups: dict[str, frozenset[str]] = {}
        for name, members in gr.items():
            if name == "marks":
                continue
            self.text(name, "groups", "a group's name")
            if name in BUILDING_TYPES:
                self.fail("groups", f"group `{name}` has the name of a building type")
            if not isinstance(members, list) or not all(isinstance(m, str) and m in BUILDING_TYPES for m in members):
                self.fail("groups", f"group `{name}` must list building types")
            groups[name] = frozenset(members)
        self.take_marks(gr, "groups", list(groups))
        return groups

    def buildings(self, shapes: dict[str, tuple[tuple[int, int], ...]]) -> dict[str, BuildingRule]:
        bl = self.table("buildings")
        for btype in BUILDING_TYPES:
            if btype not in bl:
                self.fail("buildings", f"building `{btype}` is missing")
        return {btype: self.building(btype, b, shapes) for btype, b in bl.items()}

    def building(self, btype: str, b: Any, shapes: dict[str, tuple[tuple[int, int], ...]]) -> BuildingRule:
        where = f"buildings.{btype}"
        if btype not in BUILDING_TYPES:
            self.fail(where, f"unknown building type (known: {', '.join(BUILDING_TYPES)})")
        if not isinstance(b, dict):
            self.fail(where, "must be a table")
        self.keys_only(b, where, _BUILDING_KEYS)
        label = self.str_(b, "label", where, limit=MAX_TEXT)
        with_card = self.bool_(b, "with_card", where, default=False)
        base_from_ch = self.bool_(b, "base_from_city_hall", where, default=False)
        variants = self.variants(b, where, shapes)
        requires = tuple(self.condition(c, f"{where}.requires") for c in _list(b, "requires", where, self))
        add = tuple(self.modifier(m, f"{where}.add") for m in _list(b, "add", where, self))
        mult = tuple(self.multiplier(m, f"{where}.multiply") for m in _list(b, "multiply", where, self))
        mark_keys = ["count", "base", "shape", "requires", "add", "multiply"]
        mark_keys += [k for k in ("with_card", "base_from_city_hall") if k in b]
        self.take_marks(b, where, mark_keys)
        return BuildingRule(
            type=btype,
            label=label,
            variants=variants,
            requires=requires,
            add=add,
            multiply=mult,
            with_card=with_card,
            base_from_city_hall=base_from_ch,
            marks=dict(b["marks"]),
        )

    def variants(
        self, b: dict[str, Any], where: str, shapes: dict[str, tuple[tuple[int, int], ...]]
    ) -> tuple[Variant, ...]:
        vs = b.get("variants")
        if not isinstance(vs, list) or not vs:
            self.fail(where, "`variants` must list at least one variant")
        variants = tuple(self.variant(v, f"{where}.variants[{i}]", shapes) for i, v in enumerate(vs))
        names = [v.name for v in variants]
        if len(set(names)) != len(names):
            self.fail(where, "two variants share a name")
        sizes = [v.size for v in variants]
        if len(set(sizes)) != len(sizes):
            self.fail(where, "two variants have the same number of cells (the size must tell them apart)")
        return variants

    def variant(self, v: Any, vw: str, shapes: dict[str, tuple[tuple[int, int], ...]]) -> Variant:
        if not isinstance(v, dict):
            self.fail(vw, "must be a table")
        self.keys_only(v, vw, {"name", "shape", "count", "base"})
        vname = self.str_(v, "name", vw)
        shape = self.str_(v, "shape", vw, list(shapes))
        return Variant(
            name=vname,
            shape=shape,
            count=self.int_(v, "count", vw, high=MAX_PIECES),
            base=self.int_(v, "base", vw, low=-MAX_POINTS),
            size=len(shapes[shape]),
            orientations=_orientations(shapes[shape]),
        )

    def modifier(self, m: Any, where: str) -> Modifier:
        if not isinstance(m, dict):
            self.fail(where, "each entry must be a table")
        self.keys_only(m, where, {"when", "per", "points"})
        pts = self.int_(m, "points", where, low=-MAX_POINTS)
        if "per" in m:
            per = m["per"]
            if "when" in m or not isinstance(per, str) or (per not in BUILDING_TYPES and per not in self.groups):
                self.fail(where, "`per` must name a building type or group, without `when`")
            return Modifier(points=pts, per=per)
        when = tuple(self.condition(c, where) for c in _list(m, "when", where, self))
        if not when:
            self.fail(where, "needs `when` or `per`")
        return Modifier(points=pts, when=when)

    def multiplier(self, m: Any, where: str) -> Multiplier:
        if not isinstance(m, dict):
            self.fail(where, "each entry must be a table")
        self.keys_only(m, where, {"when", "factor"})
        factor = self.int_(m, "factor", where, low=1, high=MAX_FACTOR)
        when = tuple(self.condition(c, where) for c in _list(m, "when", where, self))
        if not when:
            self.fail(where, "needs `when`")
        return Multiplier(factor=factor, when=when)

    def cards(
        self, buildings: dict[str, BuildingRule], tile_shapes: dict[int, tuple[int, int]]
    ) -> dict[int, tuple[str, str]]:
        cd = self.table("cards")
        self.keys_only(cd, "cards", {"special", "marks"})
        special: dict[int, tuple[str, str]] = {}
        for k, v in self.table("special", cd, "cards").items():
            card = self.number_key(k, "cards", "special card", 10, 90)
            special[card] = self.special_card(card, v, special, buildings, tile_shapes)
        for bt, b in buildings.items():
            if b.with_card:
                for v in b.variants:
                    if (bt, v.name) not in special.values():
                        self.fail("cards", f"no card places the {v.name} {bt}")
        self.take_marks(cd, "cards", ["special"])
        return special

    def special_card(
        self,
        card: int,
        v: Any,
        special: dict[int, tuple[str, str]],
        buildings: dict[str, BuildingRule],
        tile_shapes: dict[int, tuple[int, int]],
    ) -> tuple[str, str]:
        """The piece a special card places, "type.variant" (none named by another card)."""
        if not is_special_card(card) or stack_of(card) not in tile_shapes:
            self.fail("cards", f"special card {card} must be numbered N0 for an existing stack N")
        if not isinstance(v, str) or "." not in v:
            self.fail("cards", f'special card {card} must name a piece as "type.variant"')
        if v in [f"{a}.{b}" for a, b in special.values()]:
            self.fail("cards", f"two special cards name the piece {short(v)}")
        bt, vn = v.split(".", 1)
        if bt not in buildings or not buildings[bt].with_card:
            self.fail("cards", f"special card {card} names {bt!r}, which is not built with a card")
        if vn not in [x.name for x in buildings[bt].variants]:
            self.fail("cards", f"special card {card} names variant {vn!r}, which {bt} does not have")
        return (bt, vn)

    def check_setup(self, rules: Rules) -> None:
        """Every player count's setup tiles can be laid: place them one after
        another at their first legal spot, as a game's setup would."""
        for n, tiles in rules.start_tiles.items():
            laid = lay_in_order(rules, tiles)
            if isinstance(laid, int):
                self.fail("setup", f"start tile {laid} for {n} players cannot be placed next to the city")


#: the entries of a rules file's top level
_TOP_KEYS = frozenset(
    {
        "format",
        "version",
        "edition",
        "base_edition",
        "title",
        "players",
        "hand",
        "draws",
        "setup",
        "streetcars",
        "rounds",
        "city_hall",
        "tiles",
        "cards",
        "shapes",
        "groups",
        "buildings",
    }
)
#: the entries of a building's table
_BUILDING_KEYS = frozenset(
    {"label", "variants", "requires", "add", "multiply", "with_card", "base_from_city_hall", "marks"}
)
#: how each test of a condition other than `adjacent` is read
_CONDITIONS: dict[str, Callable[[_Validator, str, Any, str], Condition]] = {
    "city_hall": _Validator.flag_condition,
    "streetcar": _Validator.flag_condition,
    "outskirts": _Validator.flag_condition,
    "center": _Validator.flag_condition,
    "last_free": _Validator.flag_condition,
    "outskirts_cells": _Validator.outskirts_cells_condition,
    "properties": _Validator.properties_condition,
}


def _list(t: dict[str, Any], key: str, where: str, v: _Validator) -> list[Any]:
    val = t.get(key, [])
    if not isinstance(val, list):
        v.fail(where, f"`{key}` must be a list")
    return val


def _fits(cells: frozenset[tuple[int, int]], w: int, h: int) -> bool:
    return max(x for x, _ in cells) < w and max(y for _, y in cells) < h


def _connected(cells: tuple[tuple[int, int], ...]) -> bool:
    todo = [cells[0]]
    seen = {cells[0]}
    cs = set(cells)
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in cs and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cs)


def _orientations(cells: tuple[tuple[int, int], ...]) -> frozenset[frozenset[tuple[int, int]]]:
    out = set()
    pts = list(cells)
    for _mirror in range(2):
        for _rot in range(4):
            pts = [(-y, x) for x, y in pts]
            out.add(normalise(pts))
        pts = [(-x, y) for x, y in pts]
    return frozenset(out)


def rules_of_document(
    data: dict[str, Any], error: type[Exception], rules_for: Callable[[str], Rules] | None = None
) -> Rules:
    """The rules a layout or game record was made under.

    A file names a bundled edition (``"edition": "original"``), or carries
    the rules table it used (``"rules": {...}``, with ``edition`` its name).
    A file never makes the program open another path: an `edition` that is
    neither bundled nor embedded is refused."""
    edition = data.get("edition")
    if not isinstance(edition, str) or not edition or len(edition) > MAX_NAME:
        raise error(
            f'`edition` must be "original" or "jumbo", or the name of the rules embedded under `rules`, not {short(edition)}'
        )
    if "rules" in data:
        try:
            rules = rules_from_data(data["rules"], source="the embedded rules")
        except RulesError as exc:
            raise error(str(exc)) from None
        if rules.edition != edition:
            raise error(f"`edition` says {short(edition)} but the embedded rules are {short(rules.edition)}")
        return rules
    if edition not in EDITIONS:
        raise error(
            f"edition {short(edition)} is not a bundled edition (original, jumbo), and the file carries no `rules` table"
        )
    try:
        return (rules_for or get_rules)(edition)
    except RulesError as exc:
        raise error(str(exc)) from None


def edition_fields(rules: Rules) -> dict[str, Any]:
    """What a layout or record writes about its rules: the bundled edition's
    name, or the name and the whole table for house rules (never a path)."""
    if rules.bundled:
        return {"edition": rules.edition}
    return {"edition": rules.edition, "rules": rules.data}
