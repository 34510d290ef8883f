"""Which board is the table (issue 46.7): the model city, the plan one key
(F3) away.

The board shown is the setting ``view/projection`` (scene/view.py), kept
whenever the player switches (F3, View → City view, the corner button). A
new profile has none: at the first start it is set to the model city, which
plays as the plan does at 1024×700 (every move, the hint and the score
bubble; tests/gui/test_city_table.py). A player who chose a board before
keeps it."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from bigcity_desktop.scene import CityView
from bigcity_desktop.scene.projection import ViewKind
from bigcity_desktop.scene.view import PROJECTION_KEY

#: the board a new profile plays on
DEFAULT_TABLE = ViewKind.CITY


def first_start_table(view: CityView, settings: QSettings) -> bool:
    """At the first start: show (and keep) the default board, unless the
    settings remember one the player chose. True if it was set."""
    if settings.contains(PROJECTION_KEY):
        return False
    view.set_view(DEFAULT_TABLE)
    return True
