"""Engine work in instructions, not seconds: a yardstick a busy machine does not move.

Run: ``python3 benchmarks/instructions.py [--games N] [--chess] [DIR ...]``
(needs valgrind). For each checkout DIR (default: this one) it runs the
playouts of ``benchmarks/engine.py`` (random games, original edition, 4
players, the full ``legal_actions()`` at every decision) under valgrind's
cachegrind, once with N games and once with none, and prints the
instructions per action of the difference (so start-up, imports and the
rules' loading do not count). ``--chess`` adds python-chess random games
(``list(board.legal_moves)``, a random move, ``push``) in instructions per
ply. The counts are the same from run to run (``PYTHONHASHSEED=0``),
whatever else the machine does, so two checkouts compare exactly; the
seconds of ``benchmarks/engine.py`` stay the figure the targets are
written in (instructions are not seconds: python-chess runs more
instructions per second).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

CODE = """
import sys
sys.path.insert(0, '.')
sys.path.insert(0, 'benchmarks')
import engine as B
from bigcity_desktop.engine import GameState
GameState.new('original', 4, 1)
n = {n}
if {chess}:
    B.chess_playouts(1, 1)
    print('actions', B.chess_playouts(n, 5000)[0] if n else 0)
else:
    print('actions', B.bigcity_playouts('original', 4, n, 1000)[0] if n else 0)
"""


def count(directory: Path, games: int, chess: bool) -> tuple[int, int]:
    """(actions, instructions) of one run under cachegrind."""
    out = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
        + [sys.executable, "-c", CODE.format(n=games, chess=chess)],
        cwd=directory,
        env=dict(os.environ, PYTHONHASHSEED="0"),
        capture_output=True,
        text=True,
        check=True,
    )
    text = out.stdout + out.stderr
    actions = re.search(r"actions (\d+)", text)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", text)
    if actions is None or refs is None:
        raise SystemExit(f"no count in valgrind's output:\n{text[-2000:]}")
    return int(actions.group(1)), int(refs.group(1).replace(",", ""))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10, help="games a run (default 10)")
    ap.add_argument("--chess", action="store_true", help="python-chess random games too")
    ap.add_argument("dirs", nargs="*", type=Path, help="checkouts to measure (default: this one)")
    args = ap.parse_args()
    for d in args.dirs or [HERE]:
        _, base = count(d, 0, False)
        actions, refs = count(d, args.games, False)
        print(f"{d}: {actions} actions, {(refs - base) / actions / 1000:.1f}k instructions per action")
    if args.chess:
        _, base = count(HERE, 0, True)
        plies, refs = count(HERE, args.games, True)
        print(f"python-chess: {plies} plies, {(refs - base) / plies / 1000:.1f}k instructions per ply")


if __name__ == "__main__":
    main()
