"""Table server load: N tables of 4 light scripted clients on loopback.

One ``bigcity-server`` process (saving every move to its database before it
tells of it, as it always does) and one or two client processes of light
clients (plain websockets and JSON: :mod:`lightseats`; the games' moves are
worked out before the run, so a client does no engine work per frame).
First every client acts at a human pace, a random 0.5-2 s after its turn
comes:

- the round trip of each action, from sending it to receiving the view it
  led to (median and 99th percentile);
- the server's event-loop lag: a probe connection pings the server every
  50 ms and times each pong (99th percentile);
- from the server's own counters (``--stats``, read on SIGUSR1 at each
  phase's bounds): its handling of an action (from reading it to queueing
  its views, saved), its CPU time per action;
- the server's resident memory over the tables, per table.

The seats are sent what the browser page is sent (the legal moves, the
table presented); with ``--own-engine`` they say in hello that they work
those out themselves, as the app does, and are sent neither.

Then the same tables play at full speed: the actions per second the server
sustains (its own count).

Last, the yardstick (:mod:`benchmarks.echo`): a bare websockets echo server,
on the server's processor, with as many connections as the tables had, one a
table sending an action's message at the same human pace; its CPU per
message, and the table server's CPU per action as a multiple of it (issue 45
asks for at most 2). ``--echo-seconds 0`` leaves it out. With
``--floor-seconds`` (off by default) the floor follows: the same echo
server, but each message answered with a view-sized text
(``--floor-bytes``) to each of its table's four connections, as the table
server sends each seat its view, and nothing else: what a move costs in
websockets alone, before any game is played or saved.

The server runs on one processor of its own and the clients on the others
(as on a network, where the players' programs run on their own machines);
``--shared-cpus`` lets them share every processor. At a human pace the
server mostly waits, and each action then runs cold (its caches taken by
the clients and by whatever else the machine runs): the same code costs
about three times what it costs at full speed, so the CPU per action of
the two phases differ that much.

    python benchmarks/server.py --tables 200            # the figures
    python benchmarks/server.py --tables 200 --own-engine   # seats as the app's (hello's own_engine)
    python benchmarks/server.py --tables 2 --json --human-seconds 3 --fast-seconds 2

With ``--json`` the last line is one JSON object with the keys tables,
p50_ms, p99_ms, cpu_ms_per_action, kb_per_table, max_actions_per_s,
loop_lag_p99_ms, echo_cpu_ms_per_message and cpu_ratio (None without the
echo) and floor_cpu_ms_per_message (None without the floor). Every connection goes to 127.0.0.1 only; the run ends by
itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: the floor's view: about a seat's view message after a move of the benchmark's games (median 4.8 KB in
#: the original's, 6.2 KB in jumbo's)
FLOOR_BYTES = 6000

from websockets.asyncio.client import connect  # noqa: E402

from benchmarks.echo import echo_clients  # noqa: E402
from benchmarks.lightseats import EDITIONS, SEED, LightTable, Pace, script, start_server  # noqa: E402
from bigcity_desktop.net.protocol import PROTOCOL_VERSION  # noqa: E402

# ---------------------------------------------------------------------------
# a client process


async def worker(
    url: str, indexes: list[int], schedule: tuple[float, float, float], own_engine: bool = False
) -> dict[str, Any]:
    human_start, human_end, fast_end = schedule
    stats: dict[str, Any] = {"rtt": [], "human_actions": 0, "fast_actions": 0}
    scripts = [script(e) for e in EDITIONS]

    def delay(rng: Any) -> float:
        now = time.time()
        return max(0.0, human_start - now) + rng.uniform(0.5, 2.0) if now < human_end else 0.0

    def acked(_table: str, _at: int, rtt: float) -> None:
        now = time.time()
        sent = now - rtt
        if human_start <= sent and now <= human_end:
            stats["rtt"].append(rtt)
            stats["human_actions"] += 1
        elif human_end <= sent and now <= fast_end:
            stats["fast_actions"] += 1

    pace = Pace(delay=delay, going=lambda: time.time() < fast_end, acked=acked)
    tables = [LightTable(url, i, scripts, pace, own_engine) for i in indexes]
    tasks = [asyncio.create_task(t.run()) for t in tables]
    done, pending = await asyncio.wait(tasks, timeout=fast_end - time.time() + 5)
    for t in pending:
        t.cancel()
    for t in done:
        if t.exception() is not None:
            stats.setdefault("errors", []).append(repr(t.exception()))
    stats["games"] = sum(t.games for t in tables)
    return stats


def echo_worker(url: str, indexes: list[int], start: float, end: float, floor: bool = False) -> dict[str, Any]:
    """A client process of the echo (or the floor): its tables' connections, their messages an action's each."""
    messages = [json.dumps({"type": "act", "action": a, "at": at}) for at, a in enumerate(script(EDITIONS[0]).actions)]
    return {"messages": asyncio.run(echo_clients(url, indexes, messages, start, end, floor))}


def echo_phase(n: int, procs: int, seconds: float, cpus: set[int] | None, views: int = 0) -> dict[str, Any]:
    """The echo server and its clients for `seconds` at the tables' human
    pace: its CPU seconds per message, the messages, the load average.
    With `views` (bytes), the floor: each message answered with a text of
    that size to each of its table's four connections."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "benchmarks" / "echo.py"), "--serve", "--views", str(views)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=(lambda: os.sched_setaffinity(0, cpus)) if cpus else None,
    )
    try:
        assert server.stdout is not None
        url = server.stdout.readline().strip()
        t0 = time.time() + 3.0 + 0.02 * n
        t1 = t0 + seconds
        workers = [
            subprocess.Popen(
                [sys.executable, __file__, "--echo-worker"]
                + [
                    json.dumps(
                        {"url": url, "tables": list(range(i, n, procs)), "schedule": [t0, t1], "floor": views > 0}
                    )
                ],
                stdout=subprocess.PIPE,
                text=True,
                env=env,
            )
            for i in range(procs)
        ]
        sleep_until(t0)  # as the tables' human pace is counted: from when the first wait begins
        c0 = counters(server)
        sleep_until(t1)
        c1 = counters(server)
        load = os.getloadavg()[0]
        for w in workers:
            w.communicate(timeout=120)
    finally:
        server.terminate()
        try:
            server.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    messages = c1["messages"] - c0["messages"]
    cpu = c1["cpu_s"] - c0["cpu_s"]
    return {"messages": messages, "cpu_s": cpu, "ms": cpu / messages * 1000 if messages else None, "load": load}


# ---------------------------------------------------------------------------
# the probe: how long the server's event loop takes to answer a ping


def probe(url: str, start: float, end: float, lags: list[float]) -> None:
    async def run() -> None:
        async with connect(url, compression=None, ping_interval=None) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION, "client": "bigcity-probe"}))
            await ws.recv()
            while time.time() < start:
                await asyncio.sleep(0.05)
            while (now := time.time()) < end:
                began = time.perf_counter()
                pong = await ws.ping()
                await pong
                lags.append(time.perf_counter() - began)
                await asyncio.sleep(max(0.0, 0.05 - (time.time() - now)))

    asyncio.run(run())


# ---------------------------------------------------------------------------
# the conductor


def processors(shared: bool) -> tuple[set[int] | None, set[int] | None]:
    """The processors of the server and of the clients: one of its own for
    the server, the others for the clients (as on a network, where the
    players' programs run elsewhere), unless `shared` or there is one only."""
    mine = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    if shared or len(mine) < 2:
        return None, None
    return {mine[0]}, set(mine[1:])


def proc_rss_kb(pid: int) -> int:
    m = re.search(r"VmRSS:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text())
    return int(m.group(1)) if m else 0


def sleep_until(t: float) -> None:
    while (left := t - time.time()) > 0:
        time.sleep(min(left, 0.5))


def counters(server: subprocess.Popen[str]) -> dict[str, Any]:
    """The server's counters since the last call (SIGUSR1; bigcity-server --stats)."""
    server.send_signal(signal.SIGUSR1)
    out: IO[str] | None = server.stdout
    assert out is not None
    return json.loads(out.readline())


def pct(xs: list[float], q: float) -> float | None:
    s = sorted(xs)
    return round(s[min(len(s) - 1, int(q * len(s)))] * 1000, 2) if s else None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--json", action="store_true", help="end with one line of JSON")
    ap.add_argument("--human-seconds", type=float, default=40.0)
    ap.add_argument("--fast-seconds", type=float, default=15.0)
    ap.add_argument("--echo-seconds", type=float, default=30.0, help="the echo's time (0: no echo)")
    ap.add_argument(
        "--floor-seconds",
        type=float,
        default=0.0,
        help="the floor's time (0, the default: no floor; see --floor-bytes)",
    )
    ap.add_argument("--floor-bytes", type=int, default=FLOOR_BYTES, help="the floor's view size")
    ap.add_argument(
        "--own-engine",
        action="store_true",
        help="the seats say own_engine in hello, as the app does (no legal moves, no table presented)",
    )
    ap.add_argument("--client-processes", type=int, default=0, help="default: one per 100 tables, 1 or 2")
    ap.add_argument("--server-option", action="append", default=[], help="passed on to bigcity-server")
    ap.add_argument(
        "--shared-cpus",
        action="store_true",
        help="let the server and its clients share every processor (default: the server on one of its own)",
    )
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--echo-worker", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.echo_worker:
        spec = json.loads(a.echo_worker)
        start, end = spec["schedule"]
        print(json.dumps(echo_worker(spec["url"], spec["tables"], start, end, spec["floor"])))
        return 0
    if a.worker:
        spec = json.loads(a.worker)
        print(json.dumps(asyncio.run(worker(spec["url"], spec["tables"], tuple(spec["schedule"]), spec["own_engine"]))))
        return 0

    n = max(1, a.tables)
    procs = a.client_processes or min(2, max(1, (n + 99) // 100))
    server_cpus, client_cpus = processors(a.shared_cpus)
    with tempfile.TemporaryDirectory(prefix="bigcity-bench-") as data:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        try:
            server, url = start_server(
                Path(data),
                *("--rate", "10000", "--max-tables", str(4 * n + 10), "--stats", "--game-seed", str(SEED)),
                *a.server_option,
                cpus=server_cpus,
            )
            if client_cpus:  # the clients, the probe and this process
                os.sched_setaffinity(0, client_cpus)
        except RuntimeError as exc:
            print(exc, file=sys.stderr)
            return 1
        try:
            rss_base = proc_rss_kb(server.pid)
            setup = 3.0 + 0.03 * n
            t0 = time.time() + setup
            schedule = (t0, t0 + a.human_seconds, t0 + a.human_seconds + a.fast_seconds)
            workers = [
                subprocess.Popen(
                    [
                        sys.executable,
                        __file__,
                        "--worker",
                        json.dumps(
                            {
                                "url": url,
                                "tables": list(range(i, n, procs)),
                                "schedule": schedule,
                                "own_engine": a.own_engine,
                            }
                        ),
                    ],
                    stdout=subprocess.PIPE,
                    text=True,
                    env=env,
                )
                for i in range(procs)
            ]
            lags: list[float] = []
            prober = threading.Thread(target=probe, args=(url, schedule[0], schedule[1], lags), daemon=True)
            prober.start()
            sleep_until(schedule[0])
            c0 = counters(server)
            sleep_until(schedule[1])
            c1 = counters(server)
            rss_human = proc_rss_kb(server.pid)
            load = os.getloadavg()[0]
            sleep_until(schedule[2])
            c2 = counters(server)
            prober.join(30)
            results = []
            for w in workers:
                out, _ = w.communicate(timeout=120)
                results.append(json.loads(out.strip().splitlines()[-1]))
        finally:
            server.terminate()
            try:
                server.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
    echo = echo_phase(n, procs, a.echo_seconds, server_cpus) if a.echo_seconds > 0 else None
    floor = echo_phase(n, procs, a.floor_seconds, server_cpus, a.floor_bytes) if a.floor_seconds > 0 else None
    rtt = [x for r in results for x in r["rtt"]]
    human = c1["actions"] - c0["actions"]
    fast = c2["actions"] - c1["actions"]
    errors = [e for r in results for e in r.get("errors", [])]
    figures = {
        "tables": n,
        "p50_ms": round(statistics.median(rtt) * 1000, 2) if rtt else None,
        "p99_ms": pct(rtt, 0.99),
        "cpu_ms_per_action": round((c1["cpu_s"] - c0["cpu_s"]) / human * 1000, 3) if human else None,
        "kb_per_table": round((rss_human - rss_base) / n, 1),
        "max_actions_per_s": round(fast / a.fast_seconds, 1),
        "loop_lag_p99_ms": pct(lags, 0.99),
        "echo_cpu_ms_per_message": round(echo["ms"], 3) if echo and echo["ms"] else None,
        "cpu_ratio": None,
        "floor_cpu_ms_per_message": round(floor["ms"], 3) if floor and floor["ms"] else None,
    }
    if figures["echo_cpu_ms_per_message"] and figures["cpu_ms_per_action"]:
        figures["cpu_ratio"] = round(figures["cpu_ms_per_action"] / figures["echo_cpu_ms_per_message"], 2)
    fast_cpu = round((c2["cpu_s"] - c1["cpu_s"]) / fast * 1000, 3) if fast else None
    where = "sharing every processor" if server_cpus is None else f"the server on processor {min(server_cpus)} alone"
    print(
        f"tables: {n} ({procs} client processes, {4 * n} clients; {where}); "
        f"load average {load:.2f} at the human pace's end"
    )
    print(
        f"human pace, {a.human_seconds:g} s: {human} actions, round trip median {figures['p50_ms']} ms, "
        f"p99 {figures['p99_ms']} ms; event-loop lag (pings) median {pct(lags, 0.5)} ms, p99 {figures['loop_lag_p99_ms']} ms"
    )
    print(
        "in the server: read to views queued (saved) median {commit_p50_ms} ms, p99 {commit_p99_ms} ms; "
        "saving median {save_p50_ms} ms, p99 {save_p99_ms} ms; garbage collection: longest pause {gc_max_ms} ms".format(
            **c1
        )
    )
    print(f"server CPU per action: {figures['cpu_ms_per_action']} ms; memory per table: {figures['kb_per_table']} KB")
    print(
        f"full speed, {a.fast_seconds:g} s: {fast} actions, {figures['max_actions_per_s']} actions/s "
        f"(server CPU {c2['cpu_s'] - c1['cpu_s']:.1f} s, {fast_cpu} ms per action; handling p99 {c2['commit_p99_ms']} ms)"
    )
    if echo is not None:
        print(
            f"bare websockets echo, {a.echo_seconds:g} s at the same pace ({4 * n} connections): "
            f"{echo['messages']} messages, CPU {echo['cpu_s']:.2f} s, {figures['echo_cpu_ms_per_message']} ms "
            f"per message (load average {echo['load']:.2f}); the server's CPU per action is "
            f"{figures['cpu_ratio']}x the echo's per message"
        )
    if floor is not None:
        ratio = f"{floor['ms'] / echo['ms']:.2f}x the echo's" if echo and echo["ms"] and floor["ms"] else "-"
        print(
            f"the floor, {a.floor_seconds:g} s at the same pace: each message answered with {a.floor_bytes} bytes "
            f"to each of its table's 4 connections and nothing else: {floor['messages']} messages, CPU "
            f"{floor['cpu_s']:.2f} s, {figures['floor_cpu_ms_per_message']} ms per message ({ratio}; load average "
            f"{floor['load']:.2f})"
        )
    if errors:
        print(f"client errors: {len(errors)}; first: {errors[0]}")
    if a.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
