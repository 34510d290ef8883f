"""What the `legal` field of the view messages costs (issue 34).

Run: ``.venv/bin/python benchmarks/legal.py [--games N]``. Plays N random
games of each edition at 4 players; after every move it builds the mover's
legal list as the server does (``net/legal.py``, then the message text with
``ViewCast``) and prints, per edition: how many moves a list holds (median,
90th percentile, most), its size in the message (bytes of JSON), and the CPU
time to build and encode it (``time.process_time``; one process, so other
programs on a shared machine do not count), beside the mover's whole message.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bigcity_desktop.bots import make_bot
from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.viewjson import log_mark
from bigcity_desktop.net.legal import legal_text
from bigcity_desktop.net.viewcast import ViewCast


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(edition: str, games: int) -> dict[str, float]:
    counts: list[float] = []
    sizes: list[float] = []
    cpu_us: list[float] = []
    message_sizes: list[float] = []
    for g in range(games):
        st = GameState.new(edition, 4, seed=g)
        bot = make_bot("random", g)
        rng = random.Random(g)
        while not st.is_over:
            mark = log_mark(st)
            by = st.current_player
            action = bot.choose(st) if rng.random() < 0.5 else rng.choice(st.legal_actions())
            st.apply(action)
            if st.is_over:
                break
            t = time.process_time()
            text = legal_text(st, st.current_player) or "[]"
            cpu_us.append((time.process_time() - t) * 1e6)
            counts.append(len(st.legal_actions()))
            sizes.append(len(text.encode()))
            message_sizes.append(len(ViewCast("T1", st, action, by).text(st.current_player, mark).encode()))
    return {
        "decisions": len(counts),
        "moves_p50": statistics.median(counts),
        "moves_p90": pct(counts, 0.9),
        "moves_max": max(counts),
        "bytes_p50": statistics.median(sizes),
        "bytes_p90": pct(sizes, 0.9),
        "bytes_max": max(sizes),
        "share_of_message_p50": statistics.median(s / m for s, m in zip(sizes, message_sizes)),
        "cpu_us_p50": statistics.median(cpu_us),
        "cpu_us_p90": pct(cpu_us, 0.9),
        "cpu_us_mean": statistics.fmean(cpu_us),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out = {edition: measure(edition, args.games) for edition in ("original", "jumbo")}
    if args.json:
        print(json.dumps(out))
        return
    for edition, f in out.items():
        print(
            f"{edition}: {f['decisions']} decisions; moves listed p50/p90/max {f['moves_p50']:.0f}/"
            f"{f['moves_p90']:.0f}/{f['moves_max']:.0f}; bytes p50/p90/max {f['bytes_p50']:.0f}/"
            f"{f['bytes_p90']:.0f}/{f['bytes_max']:.0f} ({f['share_of_message_p50']:.0%} of the mover's message, median);"
            f" CPU to build and encode p50/p90/mean {f['cpu_us_p50']:.0f}/{f['cpu_us_p90']:.0f}/{f['cpu_us_mean']:.0f} us"
        )


if __name__ == "__main__":
    main()
