"""A soak: many short games against one server, its memory and open files
watched as they go (issue 45: flat within 10 %).

``bigcity-server`` runs in a child process on a fresh data folder; light
scripted tables (:mod:`lightseats`: four seats of plain websockets, the
original edition's 192-action game dealt from one seed) play game after
game at full speed, each game at a table of its own (created, joined,
played, left; the finished table leaves the server once its record is
written). The server's resident memory (VmRSS) and open files (``/proc/PID/fd``)
are read when the first games have warmed it up (``--warm-up`` games), at
the middle and at the end (the last games under way, every table's seats
connected), and said with their change from the warm-up; then once more
when every table has left.

    python benchmarks/soak.py                         # 2,000 games, 8 tables at once
    python benchmarks/soak.py --games 200 --minutes 5 # as many as 5 minutes allow, at most 200
    python benchmarks/soak.py --json                  # ends with a line of JSON

Exit status 0 when memory and open files stayed within ``--tolerance`` (10 %)
of their warm-up figures. Linux (reads /proc). Every connection goes to
127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.lightseats import SEED, LightTable, Pace, script, start_server  # noqa: E402


@dataclass(frozen=True)
class Sample:
    """The server process at one moment."""

    games: int
    seconds: float
    rss_mb: float
    open_files: int


def sample(pid: int, games: int, began: float) -> Sample:
    rss_kb = 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss_kb = int(line.split()[1])
    files = len(os.listdir(f"/proc/{pid}/fd"))
    return Sample(games, round(time.monotonic() - began, 1), round(rss_kb / 1024, 1), files)


async def soak(url: str, pid: int, games: int, tables: int, warm_up: int, minutes: float) -> list[Sample]:
    played = 0
    began = time.monotonic()
    deadline = began + minutes * 60
    samples: list[Sample] = []
    # the end's figures while every table still plays (its seats connected): the last game of each is under way
    last = max(warm_up + 2, games - tables)
    marks = [warm_up, (warm_up + last) // 2, last]

    begun = 0

    def another() -> bool:
        nonlocal begun, marks
        if begun < games and time.monotonic() >= deadline and marks:  # stopped by the clock: the end is now
            samples.append(sample(pid, played, began))
            marks = []
            begun = games
        if begun >= games:
            return False
        begun += 1
        return True

    def over(_table: str) -> None:
        nonlocal played
        played += 1
        if marks and played >= marks[0]:
            marks.pop(0)
            samples.append(sample(pid, played, began))
        if played % 100 == 0:
            now = sample(pid, played, began)
            print(
                f"  {played} games in {now.seconds:.0f} s: {now.rss_mb} MB resident, {now.open_files} open files",
                flush=True,
            )

    scripts = [script("original")]
    pace = Pace(another=another, over=over)
    runs = [LightTable(url, i, scripts, pace).run() for i in range(tables)]
    await asyncio.gather(*runs)
    return samples


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000, help="games to play in all (default 2,000)")
    ap.add_argument("--tables", type=int, default=8, help="tables playing at once")
    ap.add_argument("--warm-up", type=int, default=0, help="games before the first figures (default: 5 %%)")
    ap.add_argument("--minutes", type=float, default=60.0, help="stop beginning games after this long")
    ap.add_argument("--tolerance", type=float, default=0.10)
    ap.add_argument("--json", action="store_true", help="end with one line of JSON")
    a = ap.parse_args()
    warm_up = a.warm_up or max(a.tables, a.games // 20)
    with tempfile.TemporaryDirectory(prefix="bigcity-soak-") as folder:
        proc, url = start_server(Path(folder), "--rate", "10000", "--game-seed", str(SEED))
        try:
            before = sample(proc.pid, 0, time.monotonic())
            samples = asyncio.run(soak(url, proc.pid, a.games, a.tables, warm_up, a.minutes))
            time.sleep(1.0)  # the last records written, the tables let go
            after = sample(proc.pid, samples[-1].games, time.monotonic())
        finally:
            proc.terminate()
            proc.wait()
    start = samples[0]
    print(f"before any game: {before.rss_mb} MB resident, {before.open_files} open files")
    worst = 0.0
    for i, s in enumerate(samples):
        name = "start" if i == 0 else "end" if i == len(samples) - 1 else "middle"
        rss = (s.rss_mb - start.rss_mb) / start.rss_mb
        files = (s.open_files - start.open_files) / start.open_files
        worst = max(worst, abs(rss), abs(files))
        print(
            f"{name:>6}: after {s.games:5} games ({s.seconds:6.0f} s): {s.rss_mb:6.1f} MB resident ({rss:+.1%}), "
            f"{s.open_files} open files ({files:+.1%})"
        )
    print(f"when every table had left: {after.rss_mb} MB resident, {after.open_files} open files")
    flat = worst <= a.tolerance
    print(f"{'flat' if flat else 'NOT flat'}: the largest change {worst:.1%} (tolerance {a.tolerance:.0%})")
    if a.json:
        print(
            json.dumps(
                {
                    "before": asdict(before),
                    "samples": [asdict(s) for s in samples],
                    "after": asdict(after),
                    "flat": flat,
                }
            )
        )
    return 0 if flat else 1


if __name__ == "__main__":
    sys.exit(main())
