"""What a player has learnt so far: solved puzzles and tutorial progress,
in one small JSON file whose path the caller gives (the app puts it in its
data folder). Written atomically (a temporary file, flushed, synced and
renamed), so a crash never leaves half a file; read through the engine's
reading layer, and a damaged file is refused with a sentence."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bigcity_desktop.engine.jsonio import is_int, short
from bigcity_desktop.engine.record import to_text, write_atomic

from .common import LearnError, check_keys, read_document

FORMAT = "bigcity-learn-progress"
VERSION = 1
MAX_ENTRIES = 10_000


class ProgressError(LearnError):
    """A progress file that cannot be read; the message says why."""


@dataclass
class Progress:
    """Solved puzzles (id -> the best value reached), the saved runs of
    unfinished tutorials (id -> ``TutorialRun.save()``) and the finished ones."""

    solved: dict[str, int] = field(default_factory=dict)
    tutorials: dict[str, dict[str, Any]] = field(default_factory=dict)
    finished: set[str] = field(default_factory=set)

    def is_solved(self, puzzle_id: str) -> bool:
        return puzzle_id in self.solved

    def mark_solved(self, puzzle_id: str, value: int) -> bool:
        """Remember a solved puzzle; True when it is new or a better value."""
        old = self.solved.get(puzzle_id)
        if old is not None and old >= value:
            return False
        self.solved[puzzle_id] = value
        return True

    def save_tutorial(self, tutorial_id: str, saved: dict[str, Any], finished: bool = False) -> None:
        """Keep a tutorial run's ``save()`` (or, once finished, only the fact)."""
        if finished:
            self.tutorials.pop(tutorial_id, None)
            self.finished.add(tutorial_id)
        else:
            self.tutorials[tutorial_id] = saved

    def tutorial_progress(self, tutorial_id: str) -> dict[str, Any] | None:
        return self.tutorials.get(tutorial_id)

    def forget_tutorial(self, tutorial_id: str) -> None:
        self.tutorials.pop(tutorial_id, None)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "solved": dict(sorted(self.solved.items())),
            "tutorials": dict(sorted(self.tutorials.items())),
            "finished": sorted(self.finished),
        }


def read_progress(path: str | Path) -> Progress:
    """The progress in `path`; an empty one when there is no such file yet,
    ProgressError naming the problem when the file is damaged."""
    p = Path(path)
    if not p.exists():
        return Progress()
    try:
        data = read_document(p, "progress file", ProgressError)
    except ProgressError as exc:
        raise ProgressError(f"{p.name}: {exc}") from None
    return progress_from_json(data, p.name)


def progress_from_json(data: Any, name: str = "progress") -> Progress:
    E = ProgressError
    if not isinstance(data, dict):
        raise E(f"{name}: expected an object")
    check_keys(data, name, ("format", "version"), ("solved", "tutorials", "finished"), E)
    if data["format"] != FORMAT:
        raise E(f"{name}: not a Big City progress file (format is {short(data['format'])})")
    if data["version"] != VERSION:
        raise E(f"{name}: unsupported version {short(data['version'])} (this program reads version {VERSION})")
    solved_raw = data.get("solved", {})
    tutorials_raw = data.get("tutorials", {})
    finished_raw = data.get("finished", [])
    if not isinstance(solved_raw, dict) or len(solved_raw) > MAX_ENTRIES:
        raise E(f"{name}: solved must map puzzle ids to values")
    if not isinstance(tutorials_raw, dict) or len(tutorials_raw) > MAX_ENTRIES:
        raise E(f"{name}: tutorials must map tutorial ids to saved runs")
    if not isinstance(finished_raw, list) or len(finished_raw) > MAX_ENTRIES:
        raise E(f"{name}: finished must list tutorial ids")
    solved: dict[str, int] = {}
    for k, v in solved_raw.items():
        if len(k) > 80 or not is_int(v):
            raise E(f"{name}: solved[{short(k)}] must be a whole number")
        solved[k] = v
    tutorials: dict[str, dict[str, Any]] = {}
    for k, v in tutorials_raw.items():
        if len(k) > 80 or not isinstance(v, dict):
            raise E(f"{name}: tutorials[{short(k)}] must be a saved run (an object)")
        tutorials[k] = v
    if not all(isinstance(x, str) and len(x) <= 80 for x in finished_raw):
        raise E(f"{name}: finished must list tutorial ids")
    return Progress(solved, tutorials, set(finished_raw))


def write_progress(path: str | Path, progress: Progress) -> None:
    """Write `progress` to `path` atomically (the folder is made if missing)."""
    write_atomic(path, to_text(progress.to_json()))
