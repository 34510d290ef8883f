"""Inputs at the limits of what the program admits, for tests and benchmarks.

    python3 scripts/hostile_inputs.py rules OUT.toml       # house rules at the validator's extremes
    python3 scripts/hostile_inputs.py record OUT.bigcity [--actions 200000] [--names rtl]

``rules`` writes a house-rules file that the rules validator
(``engine/rules.py``) admits and that pushes every value a bot's work grows
with to its largest: 8 players (``MAX_PLAYERS``), hands of 12
(``MAX_HAND``), 12 draws per stack (``MAX_DRAW_PER_STACK``), nine
neighborhoods of nine properties, 60 pieces of every variant
(``MAX_PIECES``), 200 streetcars placed 10 at a time
(``MAX_STREETCARS``, ``MAX_STREETCARS_PER_ACTION``), City Hall worth up
to 1000, and as many ``add`` modifiers as the 256 KB cap of a rules file
leaves room for (about 1,400 on each of residence and business, the
buildings every hand can build, a few hundred on each other building).

``record`` writes a valid game record of exactly ``--actions`` actions
(the most a record may hold is ``record.MAX_ACTIONS``, 200,000): a
two-player game of the original edition in which both players exchange one
card every turn, so that it never ends. ``--names rtl`` seats two players
with right-to-left names (Hebrew and Arabic), for tests of console
encodings.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bigcity_desktop.engine import GameState, Phase  # noqa: E402
from bigcity_desktop.engine.actions import Action, Exchange  # noqa: E402
from bigcity_desktop.engine.record import MAX_ACTIONS, PlayerInfo, write_record  # noqa: E402
from bigcity_desktop.engine.rules import (  # noqa: E402
    MAX_CITY_HALL,
    MAX_DRAW_PER_STACK,
    MAX_HAND,
    MAX_PIECES,
    MAX_PLAYERS,
    MAX_STREETCARS,
    MAX_STREETCARS_PER_ACTION,
)

#: the size cap of a rules file (``rules.parse_rules``)
RULES_BYTES = 256 * 1024
RTL_NAMES = ("\u05d0\u05d1\u05d9\u05d2\u05d9\u05dc", "\u0644\u064a\u0644\u0649")  # Avigail, Layla


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"no TOML for {type(v).__name__}")


def _key(k: str) -> str:
    return k if k.replace("_", "").isalnum() and k.isascii() else _value(k)


def to_toml(data: dict[str, Any]) -> str:
    """A rules table as TOML: top-level values, then one section per table
    (each building in a ``[buildings.NAME]`` section of its own)."""
    lines = [f"{k} = {_value(v)}" for k, v in data.items() if not isinstance(v, dict)]
    for k, v in data.items():
        if not isinstance(v, dict):
            continue
        subs = {n: t for n, t in v.items() if k == "buildings" and isinstance(t, dict)}
        if subs:
            for n, t in subs.items():
                lines += ["", f"[{k}.{n}]"] + [f"{_key(a)} = {_value(b)}" for a, b in t.items()]
        else:
            lines += ["", f"[{k}]"] + [f"{_key(a)} = {_value(b)}" for a, b in v.items()]
    return "\n".join(lines) + "\n"


def extreme_rules_data(budget: int = RULES_BYTES - 2048) -> dict[str, Any]:
    """The jumbo rules with every bot-relevant value at the validator's
    largest, and ``add`` modifiers up to about `budget` bytes of TOML."""
    base = tomllib.loads((ROOT / "resources" / "rules" / "jumbo.toml").read_text(encoding="utf-8"))
    d: dict[str, Any] = dict(base)
    d["edition"] = "extreme"
    d["base_edition"] = "jumbo"
    d["title"] = "Extreme house rules (the validator's limits)"
    counts = range(2, MAX_PLAYERS + 1)
    d["players"] = {"min": 2, "max": MAX_PLAYERS, "marks": base["players"]["marks"]}
    stacks = [1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3][:MAX_HAND]
    d["hand"] = {
        "size": {str(n): MAX_HAND for n in counts},
        "start_stacks": {str(n): stacks for n in counts},
        "marks": base["hand"]["marks"],
    }
    d["draws"] = dict(base["draws"], refill_per_stack=MAX_DRAW_PER_STACK, exchange_per_stack=MAX_DRAW_PER_STACK)
    d["setup"] = dict(base["setup"], start_tiles={str(n): [2, 3, 4, 5, 6, 7, 8, 9] for n in counts})
    d["streetcars"] = dict(
        base["streetcars"],
        count=MAX_STREETCARS,
        line="tree",
        first_action=MAX_STREETCARS_PER_ACTION,
        per_action=MAX_STREETCARS_PER_ACTION,
    )
    d["city_hall"] = dict(base["city_hall"], start=MAX_CITY_HALL // 2, step=1, max=MAX_CITY_HALL)
    shapes = {str(t): [3, 3] for t in range(1, 10)}
    names = dict(base["tiles"]["names"], **{"9": "Lakeside"})
    d["tiles"] = {"shapes": shapes, "names": names, "marks": base["tiles"]["marks"]}
    buildings: dict[str, Any] = {}
    for name, b in base["buildings"].items():
        b = dict(b)
        b["variants"] = [dict(v, count=MAX_PIECES) for v in b["variants"]]
        buildings[name] = b
    d["buildings"] = buildings
    # the modifiers: each a different test, so that none can be skipped
    tests: list[dict[str, Any]] = [
        {"adjacent": "residence"},
        {"adjacent": "business", "min": 2},
        {"center": True},
        {"outskirts": True},
        {"streetcar": True},
        {"adjacent": "special"},
    ]
    # most on the two buildings every hand can build, the rest spread
    shares = {"residence": 0.4, "business": 0.4}
    rest = [n for n in buildings if n not in shares]
    for n in rest:
        shares[n] = 0.2 / len(rest)
    fixed = len(to_toml(d).encode("utf-8"))
    room = budget - fixed
    entry = len((_value({"when": [tests[1], tests[2]], "points": 1}) + ", ").encode("utf-8"))
    for n, share in shares.items():
        k = int(room * share) // entry
        extra = [{"when": [tests[i % len(tests)], tests[(i + 2) % len(tests)]], "points": 1 + i % 3} for i in range(k)]
        buildings[n]["add"] = list(buildings[n].get("add", [])) + extra
    return d


def extreme_rules_text() -> str:
    """:func:`extreme_rules_data` as the text of a rules file (under the 256 KB cap)."""
    text = to_toml(extreme_rules_data())
    assert len(text.encode("utf-8")) <= RULES_BYTES, len(text)
    return text


def endless_game(actions: int = MAX_ACTIONS, names: tuple[str, ...] = ("Ann", "Bob")) -> GameState:
    """A two-player original game of exactly `actions` actions: after the
    setup both players exchange their first card every turn."""
    state = GameState.new("original", len(names), 1, list(names))
    while len(state.history) < actions:
        action: Action
        if state.phase == Phase.ACTION:
            action = Exchange((state.hands[state.current_player][0],))
            if state.check(action) is not None:  # pragma: no cover - the stacks never run dry here
                raise RuntimeError(f"cannot exchange at action {len(state.history)}")
        else:
            action = next(iter(state.legal_actions()))
        state.apply_unchecked(action)
    return state


def write_endless_record(path: str | Path, actions: int = MAX_ACTIONS, rtl: bool = False) -> GameState:
    names = RTL_NAMES if rtl else ("Ann", "Bob")
    state = endless_game(actions, names)
    write_record(path, state, [PlayerInfo(n, "human") for n in names], {"app": "scripts/hostile_inputs.py"})
    return state


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    sub = ap.add_subparsers(dest="what", required=True)
    r = sub.add_parser("rules", help="house rules at the validator's extremes")
    r.add_argument("out")
    g = sub.add_parser("record", help="a valid record of many actions")
    g.add_argument("out")
    g.add_argument("--actions", type=int, default=MAX_ACTIONS)
    g.add_argument("--names", choices=("latin", "rtl"), default="latin")
    args = ap.parse_args(argv)
    if args.what == "rules":
        Path(args.out).write_text(extreme_rules_text(), encoding="utf-8")
    else:
        write_endless_record(args.out, args.actions, args.names == "rtl")
    print(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
