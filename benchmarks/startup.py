"""Start-up of the game window (issue 36: nothing frozen).

(a) Cold start: ``python -m bigcity_desktop --benchmark-startup`` five times
(``--runs``), each in a fresh process (offscreen unless QT_QPA_PLATFORM is
set; settings and autosave in a temporary folder), every run and the median.
The first run is not counted (it warms the OS file cache; the page cache is
dropped before each run only with ``--drop-caches``, as root: otherwise the
figures are "warm"). The modules' bytecode is cached (in a temporary
``PYTHONPYCACHEPREFIX``, written by that first run even where
``PYTHONDONTWRITEBYTECODE`` is set), as an installed app's is: without it
every run compiles some 300 modules again (0.3 s here). Two figures:

- in-process: from the start of ``bigcity_desktop.app``'s import to the first
  paint of the board (what the app reports);
- wall: from spawning the process to reading that report (includes the
  Python interpreter's own start-up).

Target: median wall time under 0.5 s.

(b) ``--resume``: start-up with 2,000 unfinished slots, and with a
200,000-action autosave of an earlier version: the time to the first paint
of the window, to the Continue dialog shown and to every slot read, and the
longest stop of the GUI thread's event loop (a 10 ms timer's longest gap,
wall clock) from the window shown to the end.

(c) ``--big``: opening, continuing and replaying a 200,000-action record in
a window that plays a small game: the longest gap of the event loop until
the game (or the replay window) is there.

The big fixtures are made in a temporary folder (not kept). ``--all`` runs
(a), (b) and (c). Quote the figures with the machine's load (``uptime``).

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
TARGET = 0.5
#: the slots of (b), and the actions of the long record of (b) and (c)
SLOTS = 2000
ACTIONS = 200_000
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


VENV_COMMAND = [sys.executable, "-m", "bigcity_desktop"]


def drop_caches() -> bool:
    """Drop the OS page cache (root on Linux only); False when not done."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or not os.path.exists("/proc/sys/vm/drop_caches"):
        return False
    try:
        os.sync()
        with open("/proc/sys/vm/drop_caches", "w") as f:
            f.write("3\n")
    except OSError:
        return False
    return True


def one_run(env: dict, command: list[str] | None = None, cold: bool = False) -> tuple[float, float]:
    if cold:
        drop_caches()
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
    # the bytecode cached as an installed app's is (the first run writes it)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = os.path.join(tmp, "pycache")
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


def cold_start(command: list[str] | None, runs: int, cold: bool) -> bool:
    """(a): the runs and their median; True when the target is met."""
    env = bench_env()
    one_run(env, command)  # warm the OS file cache once (not counted)
    cold = cold and drop_caches()
    walls, inprocs = [], []
    for i in range(runs):
        wall, inproc = one_run(env, command, cold)
        walls.append(wall)
        inprocs.append(inproc)
        print(f"run {i + 1}: wall {wall:.3f} s, in-process {inproc:.3f} s")
    med = statistics.median(walls)
    print(
        f"cold start, median of {runs} ({'page cache dropped' if cold else 'warm'}): wall {med:.3f} s, "
        f"in-process {statistics.median(inprocs):.3f} s "
        f"(platform {env['QT_QPA_PLATFORM']}; target < {TARGET} s: {'met' if med < TARGET else 'NOT met'})"
    )
    return med < TARGET


def probe(kind: str, data: str) -> int:
    """Run as a child: one of the big cases of (b) or (c); prints its figures."""
    sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
    from startup_probe import run  # type: ignore[import-not-found]  # beside this file, not a package

    return run(kind, data)


def big_cases(kinds: list[str], make) -> None:
    """Each kind in a fresh process over a folder `make(folder)` filled."""
    with tempfile.TemporaryDirectory(prefix="bigcity-bench-") as tmp:
        print(f"making the fixtures in {tmp}…", flush=True)
        make(tmp)
        env = dict(os.environ)
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
        env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
        # the bytecode compiled first, as an installed app's is (a module loaded late is not compiled meanwhile)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = os.path.join(tmp, "pycache")
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", os.path.join(ROOT, "bigcity_desktop")], env=env, check=False
        )
        for kind in kinds:
            subprocess.run([sys.executable, os.path.abspath(__file__), "--probe", kind, tmp], env=env, check=False)


def main() -> int:
    parser = argparse.ArgumentParser(description="start-up of the game window")
    parser.add_argument("--exe", help="time this executable instead of the venv's python -m bigcity_desktop")
    parser.add_argument("--compare", metavar="EXE", help="time the venv and EXE alternately; print the ratio")
    parser.add_argument("--runs", type=int, default=RUNS, help="runs of the cold start (default %(default)s)")
    parser.add_argument("--drop-caches", action="store_true", help="drop the page cache before each run (root)")
    parser.add_argument("--resume", action="store_true", help="(b): start-up with 2,000 slots / a long autosave")
    parser.add_argument("--big", action="store_true", help="(c): open, continue, replay a 200,000-action record")
    parser.add_argument("--all", action="store_true", help="(a), (b) and (c)")
    parser.add_argument("--probe", nargs=2, metavar=("KIND", "DATA"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.probe:
        return probe(*args.probe)
    if args.compare:
        mv, ma = compare(args.compare)
        return 0 if ma <= 1.2 * mv else 1
    from startup_probe import make_big, make_slots

    ok = True
    if args.all or not (args.resume or args.big):
        ok = cold_start([args.exe] if args.exe else None, args.runs, args.drop_caches)
    if args.all or args.resume:
        big_cases(["slots"], make_slots)
        big_cases(["autosave"], make_big)
    if args.all or args.big:
        big_cases(["open", "continue", "replay"], make_big)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
