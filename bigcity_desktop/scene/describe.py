"""The spoken description of the board cursor's lot or street: the board's
accessible description and the status line, the same sentence in the game
and in the sandbox (translated once, context "Board")."""

from __future__ import annotations

from collections.abc import Callable, Collection

from PySide6.QtCore import Qt

from bigcity_desktop.engine.city import City
from bigcity_desktop.engine.rules import Rules
from bigcity_desktop.i18n import engine_text, translate
from bigcity_desktop.present.lots import lot_text

from .interaction import BoardInteraction
from .targets import Mode, PropertyTarget, StreetcarTarget, StreetTarget, Target
from .tools import TileTool


def describe_target(
    target: Target | None,
    city: City | None,
    rules: Rules | None,
    board: BoardInteraction,
    owner_name: Callable[[int], str] | None = None,
    held: Collection[int] = (),
    you: Collection[int] = (),
) -> str:
    """A sentence about what the board cursor is on. `owner_name` names the
    owner of a building (the game; the sandbox's buildings have none),
    `held` are the property cards of the player at the screen and `you` the
    seats the sentence calls "you" (German: "von Ihnen", not "von Sie")."""
    if rules is None or city is None or target is None:
        return translate("Board", "Outside the city.")
    if isinstance(target, (StreetTarget, StreetcarTarget)):
        return _street(target.street, city, board)
    assert isinstance(target, PropertyTarget)
    # the lot worded once, Qt-free, for the app and the browser page alike (present/lots.py)
    text = engine_text(lot_text(city, target.prop, owner_name, you, held))
    if board.mode == Mode.BUILDING and board.hover_text:
        text += ": " + board.hover_text.split("\n")[0]
    elif board.mode == Mode.TILE and isinstance(board.tool, TileTool):
        text += (
            translate("Board", ": the neighborhood can go here")
            if board.tool.ok
            else translate("Board", ": the neighborhood cannot go here")
        )
    return text + "."


def _street(street: tuple[tuple[int, int], tuple[int, int]], city: City, board: BoardInteraction) -> str:
    (x1, y1), (x2, y2) = street
    a, b = city.prop_at.get((x1, y1)), city.prop_at.get((x2, y2))
    if a is not None and b is not None:
        text = translate("Board", "Street between properties {a} and {b}").format(a=a, b=b)
    elif a is not None or b is not None:
        text = translate("Board", "Street at the edge of property {p}").format(p=a if a is not None else b)
    else:
        text = translate("Board", "Street outside the city")
    if street in city.streetcar_set:
        text += translate("Board", ", a streetcar runs here")
    if board.mode == Mode.STREETCAR and board.tool is not None:
        text += (
            translate("Board", ": a streetcar can go here")
            if street in board.tool.spots()
            else translate("Board", ": no streetcar can go here")
        )
    return text + "."


def cycle_spot(board: BoardInteraction, step: int, nothing_held: str) -> str | None:
    """N / Shift+N: the piece in hand to the next (previous) lit legal spot.
    With no piece in hand, the sentence `nothing_held` is returned for the
    status bar (the keys that pick a piece up differ by window)."""
    if not board.mode:
        return nothing_held
    for view in board.scene.views():
        view.setFocus(Qt.FocusReason.ShortcutFocusReason)
    board.next_spot(step)
    return None
