"""What a player has learnt (the tutorial's step, solved puzzles), kept in
``learn-progress.json`` in the app's data folder."""

from __future__ import annotations

from pathlib import Path

from bigcity_desktop.i18n import translate
from bigcity_desktop.learn import Progress, ProgressError, read_progress, write_progress
from bigcity_desktop.session import autosave as autosave_mod

PROGRESS_NAME = "learn-progress.json"


class ProgressStore:
    """The player's learning progress file (the data folder's
    ``learn-progress.json``): read once, written after every change. A
    damaged file is moved aside (never overwritten) and the player told."""

    def __init__(self, path: Path | None = None):
        self.path = path or autosave_mod.data_dir() / PROGRESS_NAME
        self.notice: str | None = None  # a sentence for the player, once
        try:
            self.progress = read_progress(self.path)
        except ProgressError as exc:
            kept = self.path.with_name(self.path.stem + ".damaged.json")
            try:
                self.path.replace(kept)
                where = str(kept)
            except OSError:
                self.path = self.path.with_name(self.path.stem + ".new.json")
                where = str(self.path.with_name(PROGRESS_NAME))
            self.notice = translate(
                "Lessons", "Your learning progress could not be read ({reason}); it was kept as {file}."
            ).format(reason=exc, file=where)
            self.progress = Progress()

    def save(self) -> str | None:
        """Write the progress; the reason when it cannot be written (nothing is lost in memory)."""
        try:
            write_progress(self.path, self.progress)
        except OSError as exc:
            return translate("Lessons", "Your learning progress could not be saved: {reason}").format(
                reason=exc.strerror or exc
            )
        return None
