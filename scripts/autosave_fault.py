"""Fault injection: kill -9 a process while it autosaves, again and again.

    .venv/bin/python scripts/autosave_fault.py [--kills 100] [--folder DIR]

Each round starts a child process that plays random moves and writes the
autosave after every one (the app's own writer, ``write_record``), kills it
with SIGKILL after a random 5-80 ms, and then checks, as the app does at its
next start (``autosave.check``):

- the autosave is either absent (killed before its first write) or a whole,
  readable game record (the atomic writer: temporary file, fsync, rename);
- the temporary files a kill leaves behind are all removed by the start-up
  check, and nothing else is.

Prints one JSON line with the counts; exits 1 if any autosave was damaged or
any temporary file survived the check. Linux and macOS (needs SIGKILL).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CHILD = r"""
import random, sys
from pathlib import Path
from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.record import write_record
path = Path(sys.argv[1]); seed = int(sys.argv[2])
rng = random.Random(seed)
while True:
    s = GameState.new("original", 3, seed=seed)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions(rng.choice(s.legal_kinds()))))
        write_record(path, s)
    seed += 1
"""


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kills", type=int, default=100)
    ap.add_argument("--folder", type=Path, default=None, help="data folder to use (default: a new temporary one)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    from bigcity_desktop.engine.record import RecordError, read_record
    from bigcity_desktop.session import autosave

    folder = args.folder or Path(tempfile.mkdtemp(prefix="bigcity-fault-"))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / autosave.AUTOSAVE_NAME
    rng = random.Random(args.seed)
    counts = {
        "kills": 0,
        "records_ok": 0,
        "absent": 0,
        "damaged": 0,
        "temp_left_by_kill": 0,
        "temp_removed_at_start": 0,
        "temp_surviving": 0,
    }
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for i in range(args.kills):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(path), str(args.seed + i)], env=env)
        time.sleep(0.3 if i == 0 else rng.uniform(0.005, 0.08))  # the first one also pays the import
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        counts["kills"] += 1
        counts["temp_left_by_kill"] += len(list(folder.glob(f".{path.name}.*.tmp")))
        if path.exists():
            try:
                read_record(path)
                counts["records_ok"] += 1
            except RecordError as exc:
                counts["damaged"] += 1
                print(f"damaged after kill {i + 1}: {exc}", file=sys.stderr)
        else:
            counts["absent"] += 1
        found = autosave.check(path)  # what the app does at start
        counts["temp_removed_at_start"] += found.temp_removed
        counts["temp_surviving"] += len(list(folder.glob(f".{path.name}.*.tmp")))
        if found.kept_as is not None:  # an unreadable autosave moved aside
            counts["damaged"] += 1
    print(json.dumps(counts))
    return 1 if counts["damaged"] or counts["temp_surviving"] else 0


if __name__ == "__main__":
    sys.exit(main())
