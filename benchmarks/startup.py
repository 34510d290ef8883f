"""Cold start of the game window: process start to the first painted frame.

Runs ``python -m bigcity_desktop --benchmark-startup`` five times, each in a
fresh process (offscreen unless QT_QPA_PLATFORM is set; settings and autosave
in a temporary folder), and prints every run and the median. Two figures:

- in-process: from the start of ``bigcity_desktop.app``'s import to the first
  paint of the board (what the app reports);
- wall: from spawning the process to reading that report (includes the
  Python interpreter's own start-up).

Target: median wall time under 1.5 s.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

RUNS = 5
TARGET = 1.5


def one_run(env: dict) -> tuple[float, float]:
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "bigcity_desktop", "--benchmark-startup"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    inproc = None
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("first-paint "):
            wall = time.perf_counter() - t0
            inproc = float(line.split()[1])
            break
    proc.wait(timeout=60)
    if inproc is None:
        raise SystemExit(f"the app did not report a first paint (exit code {proc.returncode})")
    return wall, inproc


def main() -> int:
    tmp = tempfile.mkdtemp(prefix="bigcity-bench-")
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env["BIGCITY_DATA_DIR"] = tmp
    env["XDG_CONFIG_HOME"] = tmp
    one_run(env)  # warm the OS file cache once (not counted)
    walls, inprocs = [], []
    for i in range(RUNS):
        wall, inproc = one_run(env)
        walls.append(wall)
        inprocs.append(inproc)
        print(f"run {i + 1}: wall {wall:.3f} s, in-process {inproc:.3f} s")
    med = statistics.median(walls)
    print(f"median of {RUNS}: wall {med:.3f} s, in-process {statistics.median(inprocs):.3f} s "
          f"(platform {env['QT_QPA_PLATFORM']}; target < {TARGET} s: {'met' if med < TARGET else 'NOT met'})")
    return 0 if med < TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
