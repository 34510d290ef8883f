"""The game window is a shell of parts: files, replays, the network table
and the lessons are objects of their own, handed what they need; none of
the game's modules is written against the whole window."""

import ast
from pathlib import Path

from PySide6.QtCore import QObject

import bigcity_desktop.game as game_pkg

GAME = Path(game_pkg.__file__).parent


def _name(path: Path) -> str:
    parts = path.relative_to(GAME).with_suffix("").parts
    return ".".join(p for p in parts if p != "__init__")


def _imported(path: Path) -> set[str]:
    """The modules of bigcity_desktop.game a file imports (TYPE_CHECKING blocks too), as names under game."""
    here = _name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                if node.module:
                    found.add(".".join([*base, node.module]))
                else:
                    found.update(".".join([*base, a.name]) for a in node.names)
            elif node.module and node.module.startswith("bigcity_desktop.game."):
                module = node.module.removeprefix("bigcity_desktop.game.")
                found.add(module)
                found.update(f"{module}.{a.name}" for a in node.names)
    return found


MODULES = {_name(p): p for p in GAME.rglob("*.py")}


def test_no_module_of_the_game_imports_the_window():
    importers = [m for m, p in MODULES.items() if not m.startswith("shell") and "shell.mainwindow" in _imported(p)]
    assert importers == []


def test_the_game_modules_import_each_other_without_a_cycle():
    graph = {m: {d for d in _imported(p) if d in MODULES and d != m} for m, p in MODULES.items()}

    def reaches(start: str, node: str, seen: set[str]) -> bool:
        for dep in graph.get(node, ()):
            if dep == start:
                return True
            if dep not in seen:
                seen.add(dep)
                if reaches(start, dep, seen):
                    return True
        return False

    assert "shell.mainwindow" in graph and graph["shell.mainwindow"]
    assert [m for m in graph if reaches(m, m, set())] == []


def test_the_parts_are_objects_of_the_window(window):
    for part in (window.files, window.replays, window.network, window.lessons):
        assert isinstance(part, QObject) and part.parent() is window
    assert window.docks["table"] is window.network.dock
    assert window.network.dock.widget() is None  # the table's widget (the network's code) is made when first needed
    dock = window.network.table_dock
    assert window.network.dock.widget() is dock
