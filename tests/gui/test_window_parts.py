"""The game window is a shell of parts: files, replays, the network table
and the lessons are objects of their own, handed what they need; none of
the game's modules is written against the whole window."""

import ast
from pathlib import Path

from PySide6.QtCore import QObject

import bigcity_desktop.game as game_pkg

GAME = Path(game_pkg.__file__).parent


def _imported(path: Path) -> set[str]:
    """The modules of bigcity_desktop.game a file imports (TYPE_CHECKING blocks too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                found.add(node.module.split(".")[0])
            elif node.level == 1:
                found.update(a.name for a in node.names)
            elif node.module and node.module.startswith("bigcity_desktop.game."):
                found.add(node.module.split(".")[2])
    return found


def test_no_module_of_the_game_imports_the_window():
    importers = [p.name for p in GAME.glob("*.py") if "mainwindow" in _imported(p)]
    assert importers == []


def test_the_game_modules_import_each_other_without_a_cycle():
    graph = {p.stem: _imported(p) for p in GAME.glob("*.py")}

    def reaches(start: str, node: str, seen: set[str]) -> bool:
        for dep in graph.get(node, ()):
            if dep == start:
                return True
            if dep not in seen:
                seen.add(dep)
                if reaches(start, dep, seen):
                    return True
        return False

    assert [m for m in graph if reaches(m, m, set())] == []


def test_the_parts_are_objects_of_the_window(window):
    for part in (window.files, window.replays, window.network, window.lessons):
        assert isinstance(part, QObject) and part.parent() is window
    assert window.docks["table"] is window.network.dock
    assert window.network.dock.widget() is None  # the table's widget (the network's code) is made when first needed
    dock = window.network.table_dock
    assert window.network.dock.widget() is dock
