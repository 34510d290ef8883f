"""The cycle collector's setting for the engine (engine/collector.py)."""

from __future__ import annotations

import gc
import subprocess
import sys
from collections.abc import Iterator

import pytest

from bigcity_desktop.engine.collector import YOUNG_THRESHOLD, tune_collector


@pytest.fixture
def threshold() -> Iterator[None]:
    saved = gc.get_threshold()
    try:
        yield
    finally:
        gc.set_threshold(*saved)


def test_tune_raises_the_young_threshold_only(threshold: None) -> None:
    gc.set_threshold(700, 10, 10)  # Python's default
    tune_collector()
    assert gc.get_threshold() == (YOUNG_THRESHOLD, 10, 10)
    tune_collector()  # once more changes nothing
    assert gc.get_threshold() == (YOUNG_THRESHOLD, 10, 10)


def test_tune_never_lowers_nor_turns_collection_back_on(threshold: None) -> None:
    gc.set_threshold(200_000, 5, 7)
    tune_collector()
    assert gc.get_threshold() == (200_000, 5, 7)
    gc.set_threshold(0, 10, 10)  # automatic collection off: the program's own choice
    tune_collector()
    assert gc.get_threshold()[0] == 0


def _run(code: str) -> str:
    """What `code` prints, run in a fresh interpreter (a process of its own)."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout


def test_importing_the_engine_changes_no_setting() -> None:
    code = (
        "import gc; before = gc.get_threshold(); "
        "import bigcity_desktop.engine, bigcity_desktop.bots, bigcity_desktop.engine.collector; "
        "print(gc.get_threshold() == before)"
    )
    assert _run(code).strip() == "True"


def test_the_cli_tunes_its_process() -> None:
    code = (
        "import gc; from bigcity_desktop import cli; "
        "cli.main(['selfplay', '--games', '1', '--seed', '3']); "
        "print('threshold', gc.get_threshold()[0])"
    )
    assert f"threshold {YOUNG_THRESHOLD}" in _run(code)
