"""Cold start of the game window: process start to the first painted frame.

Runs ``python -m bigcity_desktop --benchmark-startup`` five times, each in a
fresh process (offscreen unless QT_QPA_PLATFORM is set; settings and autosave
in a temporary folder), and prints every run and the median. Two figures:

- in-process: from the start of ``bigcity_desktop.app``'s import to the first
  paint of the board (what the app reports);
- wall: from spawning the process to reading that report (includes the
  Python interpreter's own start-up).

Target: median wall time under 1.5 s.

``--exe PATH`` times a built app instead (e.g. ``"dist/Big City/bigcity"``);
``--compare PATH`` times the venv and that app in one run, alternating, and
prints the ratio (the packaged app's target: at most 1.2 times the venv's).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

RUNS = 5
TARGET = 1.5


VENV_COMMAND = [sys.executable, "-m", "bigcity_desktop"]


def one_run(env: dict, command: list[str] | None = None) -> tuple[float, float]:
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [*(command or VENV_COMMAND), "--benchmark-startup"],
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


def bench_env() -> dict:
    tmp = tempfile.mkdtemp(prefix="bigcity-bench-")
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env["BIGCITY_DATA_DIR"] = tmp
    env["XDG_CONFIG_HOME"] = tmp
    return env


def compare(exe: str, runs: int = RUNS) -> tuple[float, float]:
    """Median wall seconds of the venv and of `exe`, runs alternating so that
    both see the same machine load. Prints each run; returns both medians."""
    env = bench_env()
    one_run(env)
    one_run(env, [exe])  # warm both once (not counted)
    venv, app = [], []
    for i in range(runs):
        venv.append(one_run(env)[0])
        app.append(one_run(env, [exe])[0])
        print(f"run {i + 1}: venv {venv[-1]:.3f} s, bundle {app[-1]:.3f} s")
    mv, ma = statistics.median(venv), statistics.median(app)
    print(
        f"median of {runs} (wall, platform {env['QT_QPA_PLATFORM']}): venv {mv:.3f} s, bundle {ma:.3f} s, "
        f"ratio {ma / mv:.2f}"
    )
    return mv, ma


def main() -> int:
    parser = argparse.ArgumentParser(description="cold start of the game window")
    parser.add_argument("--exe", help="time this executable instead of the venv's python -m bigcity_desktop")
    parser.add_argument("--compare", metavar="EXE", help="time the venv and EXE alternately; print the ratio")
    args = parser.parse_args()
    if args.compare:
        mv, ma = compare(args.compare)
        return 0 if ma <= 1.2 * mv else 1
    command = [args.exe] if args.exe else None
    env = bench_env()
    one_run(env, command)  # warm the OS file cache once (not counted)
    walls, inprocs = [], []
    for i in range(RUNS):
        wall, inproc = one_run(env, command)
        walls.append(wall)
        inprocs.append(inproc)
        print(f"run {i + 1}: wall {wall:.3f} s, in-process {inproc:.3f} s")
    med = statistics.median(walls)
    print(
        f"median of {RUNS}: wall {med:.3f} s, in-process {statistics.median(inprocs):.3f} s "
        f"(platform {env['QT_QPA_PLATFORM']}; target < {TARGET} s: {'met' if med < TARGET else 'NOT met'})"
    )
    return 0 if med < TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
