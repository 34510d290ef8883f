"""What an action of the server benchmark's games costs, part by part.

``benchmarks/server.py`` measures the table server's CPU per action as a
whole; this script takes the same games (:func:`lightseats.script`: the
original's and jumbo's, as the benchmark's tables play them) and measures,
side by side in one run, the CPU of each part of an action on its own:

- **engine**: the move read from its JSON, checked and applied
  (``check`` + ``apply_unchecked``, as net/server.py's table does), and the
  seat to move's legal actions worked out (``legal_actions``);
- **views**: the four seats' view messages of the moment
  (net/viewcast.py: the shared and own entries, the legal list's text,
  the table presented), as ``_broadcast`` writes them; and the same for
  seats that have the engine themselves (hello's ``own_engine``, the app:
  neither the legal list nor the table presented);
- **journal**: the move handed to the store (``append_moves``, with a
  snapshot when one is due) and awaited on an event loop until it is
  committed, the journal's thread included (process CPU); and the bare
  hand-off (a write that does nothing) to show what the thread's round
  trip costs alone;
- **echo** and **floor** (unless ``--echo-seconds 0``): a bare websockets
  echo server's CPU per message, and the same server answering each
  message with a view-sized text to each of its table's four connections
  (benchmarks/server.py's yardstick and floor, at the same human pace).

The parts run hot (one after another in a loop, the caches warm); at a
human pace the server runs each action cold, which costs about three
times as much (benchmarks/server.py's text): compare the parts with one
another and with the echo, not with the server's figure.

    python benchmarks/move_split.py                      # about a minute
    python benchmarks/move_split.py --echo-seconds 0     # the Python parts only
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.lightseats import EDITIONS, NAMES, SEATS, SEED, Script, script  # noqa: E402
from bigcity_desktop.engine import GameState, get_rules  # noqa: E402
from bigcity_desktop.engine.actions import Action, action_from_json  # noqa: E402
from bigcity_desktop.engine.record import PlayerInfo  # noqa: E402
from bigcity_desktop.engine.strangers import for_server  # noqa: E402
from bigcity_desktop.engine.viewjson import log_mark  # noqa: E402
from bigcity_desktop.net.viewcast import ViewCast  # noqa: E402

cpu = time.process_time


def _new(s: Script) -> GameState:
    return GameState.new(for_server(get_rules(s.edition), public=True), SEATS, SEED, list(NAMES))


def engine_part(s: Script) -> float:
    """CPU seconds of the game's moves: read, checked, applied, and the next seat's legal actions."""
    state = _new(s)
    t0 = cpu()
    for text in s.actions:
        action: Action = action_from_json(text)
        if state.check(action, state.current_player) is not None:
            raise RuntimeError("the script's move is refused")
        state.apply_unchecked(action)
        if not state.is_over:
            state.legal_actions()
    return cpu() - t0


def views_part(s: Script, extras: bool = True) -> float:
    """CPU seconds of the four seats' view messages after each move (the engine's work left out);
    without the legal list and the table presented unless `extras` (seats with their own engine)."""
    state = _new(s)
    players = [PlayerInfo(n) for n in NAMES[:SEATS]]
    total = 0.0
    for text in s.actions:
        action = action_from_json(text)
        seat = state.current_player
        mark = log_mark(state)
        state.apply_unchecked(action)
        state.legal_actions()  # the engine's own caches filled, as engine_part leaves them
        t0 = cpu()
        cast = ViewCast("t", state, action, seat, players)
        for member in range(SEATS):
            cast.text(member, mark, extras)
        total += cpu() - t0
    return total


def journal_part(scripts: list[Script], folder: Path, write: bool = True) -> tuple[float, int]:
    """CPU seconds (the journal's thread included) of each move saved and
    awaited, one at a time, as a table at a human pace saves; or (not
    `write`) of the bare hand-off to the journal's thread and back."""
    from bigcity_desktop.net import snapshots
    from bigcity_desktop.net.store import TableStore

    store = TableStore(folder)
    n = 0

    async def run() -> float:
        nonlocal n
        t0 = cpu()
        for i, s in enumerate(scripts):
            for at, text in enumerate(s.actions):
                if write:
                    await asyncio.wrap_future(
                        store.append_moves(f"t{i}", at, [json.dumps(text, separators=(",", ":"))])
                    )
                else:
                    await store.journal.submit_here(lambda _db: None)
                n += 1
        return cpu() - t0

    try:
        assert snapshots.EVERY > 0
        return asyncio.run(run()), n
    finally:
        store.close()


def best(part: Callable[[Script], float], s: Script, repeat: int) -> float:
    """The least CPU seconds of `repeat` runs of `part` over `s`."""
    return min(part(s) for _ in range(repeat))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3, help="each Python part's best of this many runs")
    ap.add_argument("--tables", type=int, default=100, help="the echo's and the floor's connections, a table's each")
    ap.add_argument("--echo-seconds", type=float, default=15.0, help="the echo's and the floor's time (0: neither)")
    a = ap.parse_args()

    scripts = [script(e) for e in EDITIONS]
    moves = sum(len(s.actions) for s in scripts)
    print(
        f"load average {os.getloadavg()[0]:.2f}; the games: "
        + ", ".join(f"{s.edition} {len(s.actions)} moves" for s in scripts)
    )
    rows: list[tuple[str, float]] = []
    engine = views = 0.0
    for s in scripts:
        e, v = best(engine_part, s, a.repeat), best(views_part, s, a.repeat)
        engine, views = engine + e, views + v
        print(
            f"  {s.edition}: engine {e / len(s.actions) * 1000:.3f} ms, views {v / len(s.actions) * 1000:.3f} ms per action"
        )
    engine, views = engine / moves * 1000, views / moves * 1000
    with tempfile.TemporaryDirectory(dir=os.environ.get("TMPDIR")) as d:
        journal = min(journal_part(scripts, Path(d) / f"w{i}")[0] for i in range(a.repeat)) / moves * 1000
        handoff = min(journal_part(scripts, Path(d) / f"h{i}", write=False)[0] for i in range(a.repeat)) / moves * 1000
    lean = sum(best(lambda s: views_part(s, False), s, a.repeat) for s in scripts) / moves * 1000
    rows += [("engine (check, apply, legal actions)", engine), ("views (4 seats, legal list, presented)", views)]
    rows += [("  views of seats with their own engine", lean)]
    rows += [("journal (a move saved, awaited)", journal), ("  of it the hand-off alone", handoff)]
    python = engine + views + journal
    print(f"per action of both games, hot, best of {a.repeat} (load average {os.getloadavg()[0]:.2f}):")
    for name, ms in rows:
        print(f"  {name:42s} {ms:7.3f} ms")
    print(f"  {'the three together':42s} {python:7.3f} ms")
    if a.echo_seconds > 0:
        from benchmarks.server import echo_phase, processors

        server_cpus, _ = processors(False)
        echo = echo_phase(a.tables, 1, a.echo_seconds, server_cpus)
        floor = echo_phase(a.tables, 1, a.echo_seconds, server_cpus, 6000)
        if echo["ms"] and floor["ms"]:
            e_ms, f_ms = echo["ms"], floor["ms"]
            print(f"  {'echo (CPU per message, human pace)':42s} {e_ms:7.3f} ms (load average {echo['load']:.2f})")
            print(f"  {'floor (4 views of 6 KB sent)':42s} {f_ms:7.3f} ms, {f_ms / e_ms:.2f}x the echo")
            budget = 2 * e_ms
            print(
                f"the budget (2x the echo) is {budget:.3f} ms; the floor leaves {budget - f_ms:.3f} ms for the Python "
                f"parts, which take {python:.3f} ms hot ({python / max(budget - f_ms, 1e-9):.1f}x what is left)"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
