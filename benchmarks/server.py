"""Table server load: N tables of 4 scripted clients on loopback.

One ``bigcity-server`` process (saving every table after every action, as
it always does) and a few client processes with 4 scripted clients per
table. First every client acts at a human pace, a random 0.5-2 s after its
turn comes: the round trip of each action (from sending it to receiving the
view it led to) gives the median and the 99th percentile, the server's CPU
time over the actions played gives the CPU per action, and the server's
resident memory over the tables gives the memory per table. Then the same
tables play at full speed: the actions per second the server sustains.

    python benchmarks/server.py --tables 200            # the figures
    python benchmarks/server.py --tables 2 --json --human-seconds 3 --fast-seconds 2

With ``--json`` the last line is one JSON object with the keys tables,
p50_ms, p99_ms, cpu_ms_per_action, kb_per_table, max_actions_per_s. Every
connection goes to 127.0.0.1 only; the run ends by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import itertools
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bigcity_desktop.engine import ActionKind, GameState, Phase  # noqa: E402
from bigcity_desktop.net.client import GameEnded, SeatAssigned, TableClient, ViewUpdate  # noqa: E402

CHEAP_KINDS = (ActionKind.BUILD, ActionKind.PARK_FACTORY, ActionKind.STREETCAR, ActionKind.NEIGHBORHOOD)


def cheap_move(view: GameState, rng: random.Random) -> Any:
    """A legal move found without listing every move (a client process runs
    hundreds of players): in the action phase, a few moves of a random kind
    that has one, else an exchange or a pass."""
    if view.phase == Phase.ACTION:
        kinds = list(CHEAP_KINDS)
        rng.shuffle(kinds)
        for k in kinds:
            moves = list(itertools.islice(view.iter_legal(k), 12))
            if moves and rng.random() < 0.8:
                return rng.choice(moves)
        if rng.random() < 0.15:
            ex = list(itertools.islice(view.iter_legal(ActionKind.EXCHANGE), 6))
            if ex:
                return rng.choice(ex)
        return next(view.iter_legal(ActionKind.PASS))
    moves = list(itertools.islice(view.iter_legal(), 40))
    return rng.choice(moves)


# ---------------------------------------------------------------------------
# a client process


class Seat:
    def __init__(self, url: str, rng: random.Random, stats: dict[str, Any], schedule: tuple[float, float, float]):
        self.client = TableClient(url, self.on_event, reconnect_for=30.0)
        self.rng = rng
        self.stats = stats
        self.human_start, self.human_end, self.fast_end = schedule
        self.sent_at: int | None = None
        self.sent_time = 0.0
        self.seated: asyncio.Future[SeatAssigned] = asyncio.get_running_loop().create_future()
        self.pending: asyncio.Task[None] | None = None
        self.on_end: Any = None

    def on_event(self, e: Any) -> None:
        if isinstance(e, SeatAssigned) and not self.seated.done():
            self.seated.set_result(e)
        elif isinstance(e, ViewUpdate):
            now = time.time()
            if self.sent_at is not None and e.at == self.sent_at + 1:
                rtt = now - self.sent_time
                if self.human_start <= self.sent_time and now <= self.human_end:
                    self.stats["rtt"].append(rtt)
                    self.stats["human_actions"] += 1
                elif self.human_end <= self.sent_time and now <= self.fast_end:
                    self.stats["fast_actions"] += 1
                self.sent_at = None
            v = e.view
            if not v.is_over and v.current_player == self.client.seat and now < self.fast_end:
                if self.pending is None or self.pending.done():
                    self.pending = asyncio.get_running_loop().create_task(self.act(v, e.at))
        elif isinstance(e, GameEnded) and self.on_end is not None:
            self.on_end()

    async def act(self, view: GameState, at: int) -> None:
        now = time.time()
        if now < self.human_end:
            await asyncio.sleep(max(0.0, self.human_start - now) + self.rng.uniform(0.5, 2.0))
        if time.time() >= self.fast_end:
            return
        move = cheap_move(view, self.rng)
        self.sent_at, self.sent_time = at, time.time()
        self.client.act(move, at)


async def table(url: str, index: int, stats: dict[str, Any], schedule: tuple[float, float, float]) -> None:
    rng = random.Random(index)
    seats = [Seat(url, random.Random(rng.random()), stats, schedule) for _ in range(4)]
    for s in seats:
        s.client.start()
    while time.time() < schedule[2]:
        again = asyncio.Event()
        for s in seats:
            s.seated = asyncio.get_running_loop().create_future()
            s.on_end = again.set
        seats[0].client.create(f"Host {index}", ["human"] * 4, edition="original" if index % 2 else "jumbo")
        first = await seats[0].seated
        for s in seats[1:]:
            s.client.join(first.table, f"P{index}")
            await s.seated
        seats[0].client.start_game()
        stats["tables"] += 1
        await asyncio.wait_for(again.wait(), max(1.0, schedule[2] - time.time() + 1))
        for s in seats:
            s.client.leave()
    for s in seats:
        await s.client.close()


async def worker(url: str, indexes: list[int], schedule: tuple[float, float, float]) -> dict[str, Any]:
    stats: dict[str, Any] = {"rtt": [], "human_actions": 0, "fast_actions": 0, "tables": 0}
    tasks = [asyncio.create_task(table(url, i, stats, schedule)) for i in indexes]
    done, pending = await asyncio.wait(tasks, timeout=schedule[2] - time.time() + 15)
    for t in pending:
        t.cancel()
    for t in done:
        if t.exception() is not None and not isinstance(t.exception(), TimeoutError):
            stats.setdefault("errors", []).append(repr(t.exception()))
    return stats


# ---------------------------------------------------------------------------
# the conductor


def proc_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def proc_rss_kb(pid: int) -> int:
    m = re.search(r"VmRSS:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text())
    return int(m.group(1)) if m else 0


def sleep_until(t: float) -> None:
    while (left := t - time.time()) > 0:
        time.sleep(min(left, 0.5))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--json", action="store_true", help="end with one line of JSON")
    ap.add_argument("--human-seconds", type=float, default=40.0)
    ap.add_argument("--fast-seconds", type=float, default=15.0)
    ap.add_argument("--client-processes", type=int, default=0, help="default: one per 50 tables, 1 to 4")
    ap.add_argument("--server-option", action="append", default=[], help="passed on to bigcity-server")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker:
        spec = json.loads(a.worker)
        pauses: list[float] = []
        started = [0.0]

        def on_gc(phase: str, info: dict[str, Any]) -> None:
            if phase == "start":
                started[0] = time.perf_counter()
            else:
                pauses.append(time.perf_counter() - started[0])

        gc.callbacks.append(on_gc)
        if os.environ.get("BENCH_GC_THRESHOLD"):
            gc.set_threshold(*map(int, os.environ["BENCH_GC_THRESHOLD"].split(",")))
        stats = asyncio.run(worker(spec["url"], spec["tables"], tuple(spec["schedule"])))
        stats["gc_max_ms"] = round(max(pauses, default=0.0) * 1000, 1)
        stats["gc_total_ms"] = round(sum(pauses) * 1000, 1)
        print(json.dumps(stats))
        return 0

    n = max(1, a.tables)
    procs = a.client_processes or min(4, max(1, (n + 49) // 50))
    with tempfile.TemporaryDirectory(prefix="bigcity-bench-") as data:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        server = subprocess.Popen(
            [sys.executable, "-m", "bigcity_desktop.net", "--host", "127.0.0.1", "--port", "0"]
            + ["--data-dir", data, "--no-mdns", "--bot-delay", "0", "--rate", "10000", "--max-tables", str(4 * n + 10)]
            + ["--stats"]
            + a.server_option,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            m = re.search(r"(ws://127\.0\.0\.1:\d+)", line)
            if m is None:
                print(f"the server did not start: {line!r}", file=sys.stderr)
                return 1
            url = m.group(1)
            time.sleep(0.5)
            rss_base = proc_rss_kb(server.pid)
            setup = 3.0 + 0.05 * n
            t0 = time.time() + setup
            schedule = (t0, t0 + a.human_seconds, t0 + a.human_seconds + a.fast_seconds)
            workers = [
                subprocess.Popen(
                    [
                        sys.executable,
                        __file__,
                        "--worker",
                        json.dumps({"url": url, "tables": list(range(i, n, procs)), "schedule": schedule}),
                    ],
                    stdout=subprocess.PIPE,
                    text=True,
                    env=env,
                )
                for i in range(procs)
            ]
            sleep_until(schedule[0])
            cpu0 = proc_cpu(server.pid)
            wcpu0 = sum(proc_cpu(w.pid) for w in workers)
            sleep_until(schedule[1])
            cpu1 = proc_cpu(server.pid)
            wcpu1 = sum(proc_cpu(w.pid) for w in workers)
            rss_human = proc_rss_kb(server.pid)
            sleep_until(schedule[2])
            cpu2 = proc_cpu(server.pid)
            results = []
            for w in workers:
                out, _ = w.communicate(timeout=120)
                results.append(json.loads(out.strip().splitlines()[-1]))
        finally:
            server.terminate()
            try:
                out, _ = server.communicate(timeout=30)
                server_stats = json.loads(out.strip().splitlines()[-1]) if out.strip() else {}
            except (subprocess.TimeoutExpired, ValueError):
                server.kill()
                server_stats = {}
    rtt = sorted(x for r in results for x in r["rtt"])
    human = sum(r["human_actions"] for r in results)
    fast = sum(r["fast_actions"] for r in results)
    errors = [e for r in results for e in r.get("errors", [])]
    gc_max = max(r.get("gc_max_ms", 0.0) for r in results)
    gc_total = sum(r.get("gc_total_ms", 0.0) for r in results)

    def pct(q: float) -> float:
        return rtt[min(len(rtt) - 1, int(q * len(rtt)))] * 1000 if rtt else float("nan")

    figures = {
        "tables": n,
        "p50_ms": round(statistics.median(rtt) * 1000, 2) if rtt else None,
        "p99_ms": round(pct(0.99), 2) if rtt else None,
        "cpu_ms_per_action": round((cpu1 - cpu0) / human * 1000, 3) if human else None,
        "kb_per_table": round((rss_human - rss_base) / n, 1),
        "max_actions_per_s": round(fast / a.fast_seconds, 1),
    }
    print(f"tables: {n} ({procs} client processes, {4 * n} clients)")
    print(
        f"human pace, {a.human_seconds:g} s: {human} actions, round trip median {figures['p50_ms']} ms, p99 {figures['p99_ms']} ms"
    )
    print(f"server CPU per action: {figures['cpu_ms_per_action']} ms; memory per table: {figures['kb_per_table']} KB")
    print(
        f"client processes' CPU at human pace: {wcpu1 - wcpu0:.1f} s in {a.human_seconds:g} s; load average {os.getloadavg()[0]:.1f}"
    )
    print(
        f"full speed, {a.fast_seconds:g} s: {fast} actions, {figures['max_actions_per_s']} actions/s (server CPU {cpu2 - cpu1:.1f} s)"
    )
    if server_stats:
        print(
            "in the server: read to views queued median {commit_p50_ms} ms, p99 {commit_p99_ms} ms; "
            "saving median {save_p50_ms} ms, p99 {save_p99_ms} ms; garbage collection: longest pause "
            "{gc_max_ms} ms, {gc_total_ms} ms in all".format(**server_stats)
        )
    print(f"garbage collection in the client processes: longest pause {gc_max} ms, {gc_total / 1000:.1f} s in all")
    if errors:
        print(f"client errors: {len(errors)}; first: {errors[0]}")
    if a.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
