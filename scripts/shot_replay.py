"""Screenshots of the replay viewer (offscreen unless QT_QPA_PLATFORM is set):

    screenshots/replay.png    a finished game at a mid-game position
    screenshots/analysis.png  the same game analysed: biggest mistakes, losses on the chart

The game: medium bots on every seat of a seeded 3-player game, seat 0
called "You" and analysed as the human would be.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["BIGCITY_DATA_DIR"] = tempfile.mkdtemp(prefix="bigcity-shots-")

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication

from bigcity_desktop.bots import make_bot
from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.record import PlayerInfo

OUT_DIR = Path(__file__).resolve().parent.parent / "screenshots"
SEED = 5


def spin(ms: int) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def play() -> GameState:
    state = GameState.new("original", 3, SEED, ["You", "Bea", "Carl"])
    bots = [make_bot("medium", SEED * 10 + i) for i in range(3)]
    while not state.is_over:
        state.apply(bots[state.current_player].choose(state.view_for(state.current_player)))
    return state


def main() -> int:
    from bigcity_desktop import qtcompat

    qtcompat.apply()
    app = QApplication.instance() or QApplication(sys.argv)
    from bigcity_desktop.game.replays.window import replay_of_state

    OUT_DIR.mkdir(exist_ok=True)
    state = play()
    players = [
        PlayerInfo("You", "human", "#d62728"),
        PlayerInfo("Bea", "medium", "#1f77b4"),
        PlayerInfo("Carl", "medium", "#2ca02c"),
    ]
    win = replay_of_state(state, players)
    win.resize(1400, 900)
    win.show()
    spin(200)
    win.jump_to_round(max(2, state.round * 2 // 3))
    for _ in range(5):
        win.next()
    win.view.fit_city(1.5)
    spin(300)
    win.grab().save(str(OUT_DIR / "replay.png"))
    print(f"wrote {OUT_DIR / 'replay.png'}")

    done: list[bool] = []
    win.analysisFinished.connect(lambda: done.append(True))
    win.start_analysis()
    end = time.monotonic() + 180
    while not done:
        if time.monotonic() > end:
            raise TimeoutError("the analysis took too long")
        spin(20)
    if win.mistakes_model.rowCount():
        win.mistakes_view.selectRow(0)
        win._mistake_clicked(win.mistakes_model.index(0, 0))
    win.view.fit_city(1.5)
    spin(300)
    win.grab().save(str(OUT_DIR / "analysis.png"))
    print(f"wrote {OUT_DIR / 'analysis.png'}")
    win.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
