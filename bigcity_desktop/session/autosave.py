"""Where the game is autosaved, and how a saved game is offered back.

The autosave is an ordinary game record (``.bigcity`` JSON) written with the
engine's atomic writer after every action, in
``platformdirs.user_data_dir("BigCityDesktop")``. ``$BIGCITY_DATA_DIR``
overrides the folder (tests, portable installs).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from bigcity_desktop.i18n import exc_text, translate

if TYPE_CHECKING:
    from bigcity_desktop.engine.record import LoadedGame

AUTOSAVE_NAME = "autosave.bigcity"
EXTENSION = ".bigcity"


#: the profile this process plays in (``bigcity --profile NAME``); "" is the default one
_profile = [""]


def set_profile(name: str) -> None:
    """Play in profile `name` from now on: its own data folder (games,
    crash logs) under the usual one (``profiles/NAME``)."""
    _profile[0] = name


def profile() -> str:
    return _profile[0]


def data_dir() -> Path:
    """The folder of the player's games; ``$BIGCITY_DATA_DIR`` overrides it."""
    override = os.environ.get("BIGCITY_DATA_DIR")
    if override:
        base = Path(override).expanduser()
    else:
        import platformdirs

        base = Path(platformdirs.user_data_dir("BigCityDesktop", appauthor=False))
    return base / "profiles" / _profile[0] if _profile[0] else base


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE_NAME


@dataclass
class AutosaveCheck:
    """What was found in the autosave slot at start-up."""

    game: LoadedGame | None = None  # a game worth resuming
    kept_as: Path | None = None  # where an autosave this version cannot use was moved
    notice: str | None = None  # a sentence for the player, when one is owed
    temp_removed: int = 0


def check(path: Path | None = None, progress: Callable[[int, int], None] | None = None) -> AutosaveCheck:
    """Look at the autosave at start-up, before anything can overwrite it.

    - Leftover temporary files of the atomic writer (a crash or kill between
      writing and renaming) are removed.
    - An unfinished game is returned for resuming.
    - An autosave from a newer version, or one that cannot be read, is moved
      aside (never overwritten by the next game) and the player is told where.

    `progress(done, total)`: how far the replay of the record got (a long
    one takes seconds).
    """
    from bigcity_desktop.bots.levels import PLAYER_KINDS
    from bigcity_desktop.engine.record import NewerRecordError, RecordError, clean_temp_files, read_record

    path = path or autosave_path()
    out = AutosaveCheck(temp_removed=clean_temp_files(path))
    if not path.exists():
        return out
    try:
        game = read_record(path, progress=progress, player_kinds=PLAYER_KINDS)
    except NewerRecordError:
        out.kept_as = keep_aside(path, "newer")
        out.notice = translate(
            "Autosave",
            "The autosaved game was saved by a newer version of Big City Desktop, which this "
            "version cannot open. {kept} Open it with the newer version.",
        ).format(kept=_kept(out.kept_as, path))
        return out
    except RecordError as exc:
        out.kept_as = keep_aside(path, "unreadable")
        out.notice = translate("Autosave", "The autosaved game cannot be opened: {reason}. {kept}").format(
            reason=exc_text(exc), kept=_kept(out.kept_as, path)
        )
        return out
    if not game.state.is_over:
        out.game = game
    return out


def _kept(kept: Path | None, path: Path) -> str:
    if kept is None:
        return translate(
            "Autosave",
            "It stays as {file}; it could not be moved aside, so the next game will not be autosaved over it.",
        ).format(file=path.name)
    return translate("Autosave", "It was kept as {file} in {folder}, and new games are autosaved beside it.").format(
        file=kept.name, folder=kept.parent
    )


def keep_aside(path: Path, why: str) -> Path | None:
    """Rename `path` to a free name beside it (autosave-newer-20240101-120000.bigcity)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for i in range(100):
        suffix = f"-{i}" if i else ""
        target = path.with_name(f"{path.stem}-{why}-{stamp}{suffix}{path.suffix}")
        if target.exists():
            continue
        try:
            os.rename(path, target)
        except OSError:
            return None
        return target
    return None


def discard(path: Path | None = None) -> None:
    path = path or autosave_path()
    try:
        path.unlink()
    except OSError:
        pass
