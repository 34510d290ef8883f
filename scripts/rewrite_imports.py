"""Rewrite the references to moved modules across the tree (issue 44.5).

``scripts/module_moves.txt`` maps each moved module's old dotted name to its
new one. This script rewrites, in every file git tracks (but the changelog,
which is history):

* absolute imports and dotted names anywhere (``from bigcity_desktop.game.x
  import``, ``import bigcity_desktop.game.x``, ``mock.patch("...game.x.Y")``
  strings, the import contracts in ``pyproject.toml``, the docs);
* ``from bigcity_desktop.game import x`` (a moved module imported by name:
  ``from <its new package> import <new name> as x``);
* relative imports in ``bigcity_desktop/``: one that no longer finds its
  module from the file's new place is read from the file's old place and
  pointed at the module's new place (``from .y import`` inside a package,
  an absolute import across packages);
* paths of modules (``bigcity_desktop/game/x.py``, ``game/x.py``).

It is idempotent (a new package never takes the name of a module moved
away, so an old name always means the old module): run it again after
merging a branch written before the moves, and that branch's code follows
them. It then sorts the imports and formats the Python files it changed
with ruff, when ruff is installed beside this Python.

    python scripts/rewrite_imports.py            # rewrite, print the files changed
    python scripts/rewrite_imports.py --check    # exit 1 when anything is left to rewrite
    python scripts/rewrite_imports.py --move     # first `git mv` the modules not yet moved
"""

from __future__ import annotations

import argparse
import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MOVES = ROOT / "scripts" / "module_moves.txt"
PACKAGE = "bigcity_desktop"
#: files never rewritten: the changelog is history; the map, this script and its test name the old modules on purpose
SKIP = {
    "CHANGELOG.md",
    "scripts/module_moves.txt",
    "scripts/rewrite_imports.py",
    "tests/test_rewrite_imports.py",
}


def read_moves(path: Path = MOVES) -> dict[str, str]:
    moves: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            old, new = line.split()
            moves[old] = new
    for old in moves:
        clash = [new for new in moves.values() if new.startswith(old + ".")]
        if clash:
            raise SystemExit(f"{old} is moved away and also the package of {clash[0]}: the map would be ambiguous")
    return moves


def module_path(name: str) -> Path:
    return ROOT.joinpath(*name.split(".")).with_suffix(".py")


def exists(name: str) -> bool:
    """Whether ``name`` is a module or package of this tree."""
    base = ROOT.joinpath(*name.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def module_of(path: Path) -> tuple[str, bool]:
    """The dotted name of a file under the package, and whether it is a package's ``__init__``."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def resolve(module: str, is_pkg: bool, level: int, name: str | None) -> str:
    base = module.split(".") if is_pkg else module.split(".")[:-1]
    if level > 1:
        base = base[: -(level - 1)]
    return ".".join(base + ([name] if name else []))


def _split(name: str) -> tuple[str, str]:
    pkg, _, leaf = name.rpartition(".")
    return pkg, leaf


def _alias(new: str, bound: str) -> str:
    leaf = _split(new)[1]
    return leaf if leaf == bound else f"{leaf} as {bound}"


def _statement(module: str, names: list[str]) -> str:
    return f"from {module} import {', '.join(names)}"


def _imported_names(node: ast.ImportFrom) -> list[tuple[str, str]]:
    return [(a.name, a.asname or a.name) for a in node.names]


def rewrite_python(path: Path, text: str, moves: dict[str, str]) -> str:
    """The import statements that name a moved module by package (``from pkg import mod``) or relatively."""
    in_package = path.is_relative_to(ROOT / PACKAGE)
    parents = {old.rpartition(".")[0] for old in moves}
    if not (in_package and "from ." in text) and not any(f"from {p} import" in text for p in parents):
        return text
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return text
    back = {new: old for old, new in moves.items()}
    here, is_pkg, was = "", False, ""
    if in_package:
        here, is_pkg = module_of(path)
        was = back.get(here, here)
    edits: list[tuple[ast.ImportFrom, list[str]]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level == 0:
            if node.module is None:
                continue
            moved = [(n, b) for n, b in _imported_names(node) if f"{node.module}.{n}" in moves]
            if not moved:
                continue
            staying = [ast.unparse(a) for a in node.names if f"{node.module}.{a.name}" not in moves]
            lines: list[str] = [_statement(node.module, staying)] if staying else []
            for n, bound in moved:
                new = moves[f"{node.module}.{n}"]
                lines.append(_statement(_split(new)[0], [_alias(new, bound)]))
            edits.append((node, lines))
            continue
        if not in_package:
            continue
        if node.module is not None:
            now = resolve(here, is_pkg, node.level, node.module)
            if exists(now):
                continue
            then = resolve(was, is_pkg, node.level, node.module)
            target = moves.get(then, then)
            if target == now or not exists(target):
                continue
            names = [ast.unparse(a) for a in node.names]
            edits.append((node, [_statement(_relative(here, is_pkg, target), names)]))
            continue
        # from . import a, b: each name a module (moved or not) or a name of the package
        lines = []
        kept: list[str] = []
        changed = False
        for a in node.names:
            now = resolve(here, is_pkg, node.level, a.name)
            then = resolve(was, is_pkg, node.level, a.name)
            target = moves.get(then, then)
            if exists(now) or target == now or not exists(target):
                kept.append(ast.unparse(a))
                continue
            changed = True
            lines.append(_statement(_relative_package(here, is_pkg, target), [_alias(target, a.asname or a.name)]))
        if changed:
            if kept:
                lines.insert(0, _statement("." * node.level, kept))
            edits.append((node, lines))
    if not edits:
        return text
    source = text.splitlines(keepends=True)
    for node, lines in sorted(edits, key=lambda e: e[0].lineno, reverse=True):
        first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1
        indent = source[first][: node.col_offset]
        tail = source[last][node.end_col_offset :]
        head = source[first][: node.col_offset]
        new_text = head + ("\n" + indent).join(lines) + tail
        source[first : last + 1] = [new_text]
    return "".join(source)


def _relative(here: str, is_pkg: bool, target: str) -> str:
    """``.leaf`` for a module of the file's own package, else the absolute name."""
    package = here if is_pkg else _split(here)[0]
    pkg, leaf = _split(target)
    return f".{leaf}" if pkg == package else target


def _relative_package(here: str, is_pkg: bool, target: str) -> str:
    package = here if is_pkg else _split(here)[0]
    pkg = _split(target)[0]
    return "." if pkg == package else pkg


def _patterns(moves: dict[str, str]) -> tuple[re.Pattern[str], re.Pattern[str], dict[str, str]]:
    """One pattern for the old dotted names, one for their paths (``game/x.py``), and path -> new path."""
    names = "|".join(re.escape(old) for old in sorted(moves, key=len, reverse=True))
    paths = {"/".join(old.split(".")[1:]) + ".py": "/".join(new.split(".")[1:]) + ".py" for old, new in moves.items()}
    alternatives = "|".join(re.escape(p) for p in sorted(paths, key=len, reverse=True))
    return (
        re.compile(rf"(?<![\w.])({names})(?!\w)"),
        re.compile(rf"(?<![\w/.])((?:{PACKAGE}/)?)({alternatives})(?![\w])"),
        paths,
    )


def rewrite_text(text: str, moves: dict[str, str]) -> str:
    """Dotted names (imports, patch strings, contracts, docs) and module paths."""
    if not any(old.rpartition(".")[2] in text for old in moves):  # no old module's name at all
        return text
    dotted, paths, new_path = _patterns(moves)
    text = dotted.sub(lambda m: moves[m.group(1)], text)
    return paths.sub(lambda m: m.group(1) + new_path[m.group(2)], text)


def tracked_files() -> list[Path]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [ROOT / name for name in out.decode().split("\0") if name and name not in SKIP]


def move(moves: dict[str, str]) -> None:
    for old, new in moves.items():
        src, dst = module_path(old), module_path(new)
        if src.is_file() and not dst.exists():
            for folder in reversed(dst.relative_to(ROOT).parents):
                init = ROOT / folder / "__init__.py"
                if folder.parts and folder.parts[0] == PACKAGE and not init.exists():
                    (ROOT / folder).mkdir(exist_ok=True)
                    init.write_text("", encoding="utf-8")
                    subprocess.run(["git", "add", str(init)], cwd=ROOT, check=True)
            subprocess.run(["git", "mv", str(src), str(dst)], cwd=ROOT, check=True)


def rewrite(moves: dict[str, str]) -> list[Path]:
    changed = []
    for path in tracked_files():
        if not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        new = text
        if path.suffix in (".py", ".pyi"):
            new = rewrite_python(path, new, moves)
        new = rewrite_text(new, moves)
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(path)
    return changed


def tidy(paths: list[Path]) -> None:
    """Sort the rewritten imports and format, as `make lint` wants them."""
    python = [str(p) for p in paths if p.suffix in (".py", ".pyi")]
    ruff = Path(sys.executable).with_name("ruff")
    command = str(ruff) if ruff.exists() else shutil.which("ruff")
    if not python or command is None:
        return
    subprocess.run([command, "check", "--quiet", "--fix", "--select", "I", *python], cwd=ROOT, check=False)
    subprocess.run([command, "format", "--quiet", *python], cwd=ROOT, check=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 when a reference is left")
    parser.add_argument("--move", action="store_true", help="git mv the modules not yet moved, then rewrite")
    args = parser.parse_args(argv)
    moves = read_moves()
    if args.check:
        left = []
        for path in tracked_files():
            if path.is_file():
                try:
                    text = path.read_text(encoding="utf-8")
                except (UnicodeDecodeError, OSError):
                    continue
                new = rewrite_text(rewrite_python(path, text, moves) if path.suffix == ".py" else text, moves)
                if new != text:
                    left.append(path)
        for path in left:
            print(f"{path.relative_to(ROOT)}: names a moved module by its old name")
        return 1 if left else 0
    if args.move:
        move(moves)
    changed = rewrite(moves)
    tidy(changed)
    for path in changed:
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
