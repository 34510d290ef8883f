"""A short run of scripts/autosave_fault.py: kill -9 during autosave leaves
a readable autosave and no temporary file after the start-up check."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_kill_during_autosave(tmp_path):
    out = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "autosave_fault.py"), "--kills", "5", "--folder", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    counts = json.loads(out.stdout)
    assert counts["kills"] == 5 and counts["damaged"] == 0 and counts["temp_surviving"] == 0
