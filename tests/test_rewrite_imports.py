"""scripts/rewrite_imports.py (issue 44.5): the references to a moved module
follow it (absolute and relative imports, a module imported by name, patch
strings, paths in docs), a second run changes nothing, and nothing in the
tree names a moved module by its old name."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("rewrite_imports", ROOT / "scripts" / "rewrite_imports.py")
assert _spec is not None and _spec.loader is not None
tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tool)

MOVES = tool.read_moves()
GAME = ROOT / "bigcity_desktop" / "game"


def _both(path: Path, text: str) -> str:
    return str(tool.rewrite_text(tool.rewrite_python(path, text, MOVES), MOVES))


def _twice(path: Path, text: str) -> str:
    once = _both(path, text)
    assert _both(path, once) == once  # idempotent
    return once


def test_every_move_lands_on_a_module_and_no_old_name_is_left() -> None:
    for old, new in MOVES.items():
        assert tool.exists(new), new
        assert not tool.exists(old), old
    assert tool.main(["--check"]) == 0


def test_a_new_module_of_a_branch_written_before_the_moves_follows_them() -> None:
    text = (
        "from . import network, sound\n"
        "from .presenters import sentence\n"
        "import bigcity_desktop.game.replay as R\n"
        'TARGET = "bigcity_desktop.game.files.QFileDialog.getOpenFileName"\n'
    )
    got = _twice(GAME / "newpart.py", text)
    assert "from bigcity_desktop.game.netplay import widgets as network" in got
    assert "from . import sound" in got  # a module that stayed
    assert "from bigcity_desktop.game.core.wording import sentence" in got
    assert "import bigcity_desktop.game.replays.window as R" in got
    assert '"bigcity_desktop.game.gamefiles.part.QFileDialog.getOpenFileName"' in got


def test_a_moved_modules_old_relative_imports_follow_and_new_ones_stay() -> None:
    # an edit merged into tabletop/tray.py, written when it was game/tray.py
    got = _twice(GAME / "tabletop" / "tray.py", "from .presenters import sentence\nfrom .models import CardRole\n")
    assert got == (
        "from bigcity_desktop.game.core.wording import sentence\nfrom bigcity_desktop.game.core.models import CardRole\n"
    )
    # written after the move, against the new place
    fresh = "from .handcards import HandView\nfrom .scenedrag import BoardDrag\n"
    assert _twice(GAME / "tabletop" / "panels.py", fresh) == fresh


def test_by_name_patch_strings_and_paths() -> None:
    got = _twice(ROOT / "tests" / "x.py", "from bigcity_desktop.game import presenters as P, guideart\n")
    assert "from bigcity_desktop.game import guideart" in got
    assert "from bigcity_desktop.game.core import wording as P" in got
    doc = "the game table (game/table.py), bigcity_desktop/game/networkpart.py and `replaying.py`"
    assert tool.rewrite_text(doc, MOVES) == (
        "the game table (game/tabletop/gametable.py), bigcity_desktop/game/netplay/part.py and `replaying.py`"
    )
