"""One virtual screen of issue 46's screen test, for a child process:
the offscreen platform's ``configfile`` of that size and ``QT_SCALE_FACTOR``
for the display scaling. Used by tests/gui/test_screens.py and
scripts/shot_screens.py, which run tests/gui/screens_child.py on it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

CHILD = Path(__file__).with_name("screens_child.py")
ROOT = CHILD.parents[2]

#: name -> (width, height, scale): the screen in device pixels and the display scaling
SCREENS = {
    "1024x700": (1024, 700, "1"),
    "1366x768": (1366, 768, "1"),
    "1920x1080@150": (1920, 1080, "1.5"),
    "3840x2160@200": (3840, 2160, "2"),
}


def run_child(folder: Path, width: int, height: int, scale: str, *args: str, timeout: float = 400) -> dict:
    """screens_child.py on a virtual screen of `width` × `height` scaled by
    `scale`, with `args` after its output file; what it measured."""
    config = folder / f"screen-{width}x{height}.json"
    screen = {"name": "virtual", "x": 0, "y": 0, "width": width, "height": height, "logicalDpi": 96, "dpr": 1}
    config.write_text(json.dumps({"windowFrameMargins": False, "screens": [screen]}), encoding="utf-8")
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
        "QT_SCALE_FACTOR": scale,
        "PYTHONPATH": str(ROOT),
    }
    out = folder / f"measured-{width}x{height}.json"
    done = subprocess.run(
        [sys.executable, str(CHILD), str(out), *args],
        env=env,
        cwd=ROOT,
        timeout=timeout,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeError(f"screens_child.py failed on {width}x{height} at {scale}:\n{done.stderr[-4000:]}")
    measured: dict = json.loads(out.read_text(encoding="utf-8"))
    return measured
