"""Learning Big City: guided tutorials and city puzzles, Qt-free.

The data lives in ``resources/tutorials/`` and ``resources/puzzles/`` (one
JSON file each, formats in docs/LEARN.md); this package reads and checks it
and runs it on the engine, for the app's Qt side and the command line::

    from bigcity_desktop.learn import load_tutorial, TutorialRun
    run = TutorialRun(load_tutorial("original"))
    run.step.text("de"); run.accepted_actions(); run.try_action(action)

    from bigcity_desktop.learn import load_puzzle, solve
    puzzle = load_puzzle("resources/puzzles/original-01.json")
    solve(puzzle).value
"""

from .attempt import refuse_attempt
from .common import LearnError, LocalText, Pointer, PointerKind
from .progress import Progress, ProgressError, read_progress, write_progress
from .puzzle import (
    BuildWithin,
    Goal,
    LeadAfter,
    Puzzle,
    PuzzleError,
    PuzzleOutcome,
    PuzzleRun,
    ScoreInTurns,
    ScoreThisTurn,
    Solution,
    WinWithin,
    bundled_puzzles,
    load_puzzle,
    puzzle_from_city,
    puzzle_to_json,
    solve,
)
from .tutorial import (
    Lights,
    Refusal,
    RefusalKind,
    StepView,
    Tutorial,
    TutorialError,
    TutorialRun,
    bundled_tutorials,
    load_tutorial,
)

__all__ = [
    "refuse_attempt",
    "LearnError",
    "LocalText",
    "Pointer",
    "PointerKind",
    "Progress",
    "ProgressError",
    "read_progress",
    "write_progress",
    "BuildWithin",
    "Goal",
    "LeadAfter",
    "Puzzle",
    "PuzzleError",
    "PuzzleOutcome",
    "PuzzleRun",
    "ScoreInTurns",
    "ScoreThisTurn",
    "Solution",
    "WinWithin",
    "bundled_puzzles",
    "load_puzzle",
    "puzzle_from_city",
    "puzzle_to_json",
    "solve",
    "Lights",
    "Refusal",
    "RefusalKind",
    "StepView",
    "Tutorial",
    "TutorialError",
    "TutorialRun",
    "bundled_tutorials",
    "load_tutorial",
]
