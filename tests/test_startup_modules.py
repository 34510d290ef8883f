"""Cold start (issue 36): the first window is painted before the network,
the charts, the lessons and the bots' players are loaded. The app is started
in a child process (offscreen) that lists ``sys.modules`` at the first
paint of the board; no timing here (benchmarks/startup.py measures)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import bigcity_desktop

ROOT = Path(bigcity_desktop.__file__).resolve().parents[1]

#: started as ``python -c``: the app's own main, the module list printed where it reports the first paint
CHILD = """
import json, sys
from bigcity_desktop import app

def finish(self):
    print("modules " + json.dumps({"file": app.__file__, "modules": sorted(sys.modules)}), flush=True)
    self.app.quit()

app._FirstPaint.finish = finish
sys.exit(app.main(["--benchmark-startup"]))
"""

#: loaded when first used, never for the first window
LATER = (
    "websockets",
    "pyqtgraph",
    "bigcity_desktop.net",
    "bigcity_desktop.learn",
    "bigcity_desktop.session.remote",
    "bigcity_desktop.session.scripted",
    "bigcity_desktop.game.netplay.widgets",
    "bigcity_desktop.game.teaching.tutorialdialog",
    "bigcity_desktop.game.teaching.lesson",
    "bigcity_desktop.game.gamefiles.continue_dialog",
    "bigcity_desktop.scene.city3d",
)


def modules_at_first_paint(tmp_path: Path) -> list[str]:
    env = {
        "QT_QPA_PLATFORM": "offscreen",
        "BIGCITY_DATA_DIR": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "PYTHONPATH": str(ROOT),  # this tree's package, not an installed one
    }
    out = subprocess.run(
        [sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert out.returncode == 0, out.stderr
    (line,) = [ln for ln in out.stdout.splitlines() if ln.startswith("modules ")]
    got = json.loads(line.removeprefix("modules "))
    assert Path(got["file"]).resolve().is_relative_to(ROOT)  # this tree's app was started
    return got["modules"]


def test_the_first_window_loads_no_network_charts_lessons_nor_3d(tmp_path):
    modules = modules_at_first_paint(tmp_path)
    assert "bigcity_desktop.game.shell.mainwindow" in modules  # the window is there
    early = sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in LATER))
    assert early == [], f"loaded before the first window: {early}"
