"""Where the game is autosaved, and how a saved game is offered back.

The autosave is an ordinary game record (``.bigcity`` JSON) written with the
engine's atomic writer after every action, in
``platformdirs.user_data_dir("BigCityDesktop")``. ``$BIGCITY_DATA_DIR``
overrides the folder (tests, portable installs).
"""

from __future__ import annotations

import os
from pathlib import Path

AUTOSAVE_NAME = "autosave.bigcity"
EXTENSION = ".bigcity"


def data_dir() -> Path:
    override = os.environ.get("BIGCITY_DATA_DIR")
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("BigCityDesktop", appauthor=False))


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE_NAME


def resumable(path: Path | None = None):
    """The autosaved game, if there is one worth resuming (not finished), else None.

    Returns a LoadedGame; a broken autosave is ignored (and left in place)."""
    from bigcity_desktop.engine.record import RecordError, read_record

    path = path or autosave_path()
    if not path.is_file():
        return None
    try:
        game = read_record(path)
    except RecordError:
        return None
    if game.state.is_over:
        return None
    return game


def discard(path: Path | None = None) -> None:
    path = path or autosave_path()
    try:
        path.unlink()
    except OSError:
        pass
