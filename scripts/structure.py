"""The structure's limits, checked by ``make lint`` (and its figures printed):

* no module of ``bigcity_desktop`` over 900 lines;
* no more blocks of radon's grade D or worse (cyclomatic complexity over
  20) in the whole package than there are today (a ratchet: lower
  ``MAX_COMPLEX_BLOCKS`` when one goes);
* no class over 60 methods; every class over 40 is watched, in ``WATCHED``
  with the most it may have (today's count, a ratchet): a class that grows
  past 40 fails until it is split or named there;
* the game window is a shell of parts: ``GameWindow`` has no mixins (its only
  base is ``QMainWindow``), and ``GameController`` keeps one job in at most
  40 methods.

``python scripts/structure.py`` prints the figures; exit status 1 when a
limit is broken, with the reason.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from radon.complexity import cc_rank, cc_visit

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "bigcity_desktop"

MAX_LINES = 900
#: today's count (issue 44.6: 1, engine/movegen.py's _gen_builds)
MAX_COMPLEX_BLOCKS = 1
#: no class has more methods than this
MAX_METHODS = 60
#: a class with more methods than this is watched: named in WATCHED
WATCH_METHODS = 40
#: class -> (its module, the most methods it may have): the classes over WATCH_METHODS
WATCHED = {
    "CityScene": ("scene/city_scene.py", 57),
    "SandboxWindow": ("sandbox/window.py", 56),
    "GameWindow": ("game/shell/mainwindow.py", 57),  # 56 + the first start's board (tabletop/tableview.py)
    "LocalSession": ("session/local.py", 52),
    "GameServer": ("net/server.py", 45),  # the clocks' take_seat and clock_out handed to net/clockseats.py
    "RemoteSession": ("session/remote.py", 50),  # 45 + publish, take_seat, report, play_now, earlier_events
    "_Validator": ("engine/rules.py", 41),
    "BoardInteraction": ("scene/interaction.py", 41),
}
#: class -> (its module, the most methods it may have, the bases it may have)
CLASSES = {
    "GameController": ("game/core/controller.py", 40, {"QObject"}),
    "GameWindow": ("game/shell/mainwindow.py", None, {"QMainWindow"}),
}


def module_lines() -> list[tuple[int, str]]:
    return sorted(
        ((len(p.read_text(encoding="utf-8").splitlines()), str(p.relative_to(ROOT))) for p in PACKAGE.rglob("*.py")),
        reverse=True,
    )


def complex_blocks() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for block in cc_visit(path.read_text(encoding="utf-8")):
            if cc_rank(block.complexity) in "DEF":
                found.append(f"{path.relative_to(ROOT)}:{block.lineno} {block.fullname} {block.complexity}")
    return found


def _methods(node: ast.ClassDef) -> int:
    return sum(isinstance(b, (ast.FunctionDef, ast.AsyncFunctionDef)) for b in node.body)


def large_classes() -> list[tuple[int, str, str]]:
    """(methods, class, module) of every class over WATCH_METHODS methods, largest first."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and _methods(node) > WATCH_METHODS:
                found.append((_methods(node), node.name, str(path.relative_to(PACKAGE))))
    return sorted(found, reverse=True)


def class_shape(module: str, name: str) -> tuple[int, set[str]]:
    tree = ast.parse((PACKAGE / module).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == name:
            return _methods(node), {ast.unparse(b) for b in node.bases}
    raise SystemExit(f"{module} has no class {name}")


def main() -> int:
    problems = []
    lines = module_lines()
    print("largest modules:", ", ".join(f"{p} {n}" for n, p in lines[:5]))
    problems += [f"{p} has {n} lines (at most {MAX_LINES})" for n, p in lines if n > MAX_LINES]
    blocks = complex_blocks()
    print(f"blocks of grade D or worse: {len(blocks)} (at most {MAX_COMPLEX_BLOCKS})")
    for b in blocks:
        print("  " + b)
    if len(blocks) > MAX_COMPLEX_BLOCKS:
        problems.append(f"{len(blocks)} blocks of grade D or worse (at most {MAX_COMPLEX_BLOCKS})")
    large = large_classes()
    print(f"classes over {WATCH_METHODS} methods (at most {MAX_METHODS}):")
    for methods, name, module in large:
        print(f"  {name} ({module}): {methods}")
        watched = WATCHED.get(name)
        if methods > MAX_METHODS:
            problems.append(f"{name} has {methods} methods (no class over {MAX_METHODS})")
        if watched is None or watched[0] != module:
            problems.append(f"{name} ({module}) has {methods} methods: split it, or name it in WATCHED")
        elif methods > watched[1]:
            problems.append(f"{name} has {methods} methods (at most {watched[1]}, WATCHED)")
    for name, (module, _most) in WATCHED.items():
        if not any(n == name and m == module for _, n, m in large):
            problems.append(f"{name} ({module}) is no longer over {WATCH_METHODS} methods: take it out of WATCHED")
    for name, (module, most, bases) in CLASSES.items():
        methods, found = class_shape(module, name)
        print(f"{name}: {methods} methods, bases {', '.join(sorted(found))}")
        if most is not None and methods > most:
            problems.append(f"{name} has {methods} methods (at most {most})")
        if found != bases:
            problems.append(f"{name}'s bases are {sorted(found)}, not {sorted(bases)} (no mixins)")
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
