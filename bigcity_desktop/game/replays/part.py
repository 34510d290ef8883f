"""The game window's replays: the replay viewer on the game of this window
(Game → Watch this game's replay, and the analysis from the results), and
Game → Open replay… on a saved game (read on a worker, with progress). The
viewer itself is in :mod:`.replay`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from bigcity_desktop.game.core.controller import GameController, sentence
from bigcity_desktop.game.core.loading import START_DELAY_MS, file_filter, open_failed_box, progress_dialog
from bigcity_desktop.game.core.services import WindowServices
from bigcity_desktop.i18n import elide, translate


class ReplaysPart(QObject):
    """The game window's replay windows and the commands that open them."""

    def __init__(self, ctrl: GameController, window: QWidget, services: WindowServices) -> None:
        super().__init__(window)
        self.setObjectName("replays")
        self.ctrl = ctrl
        self.window = window  # the dialogs' parent
        self.services = services
        self.windows: list[Any] = []  # open replay windows (ReplayWindow, made on first use)
        self.loading: Any = None  # the job opening a replay file (a WorkJob)
        self.error_box: QMessageBox | None = None

    def show_message(self, text: str) -> None:
        self.services.show_message(text)

    def close_all(self) -> None:
        """The window closes: its replay windows with it."""
        for w in self.windows:
            w.close()

    def watch_replay(self, *_args):
        """The replay viewer on the game of this window (from its start to now)."""
        from .window import replay_of_state

        c = self.ctrl
        reason = self.replay_reason()
        if reason is not None:
            self.show_message(reason)
            return None
        s = c.session
        state = s.full_state()
        if s.traits.saves and state is not None:  # the whole record is here
            win = replay_of_state(state, s.players, s.take_backs)
        else:  # a network game: the record the server sent at its end
            record = s.final_record()
            assert record is not None  # replay_reason() said so
            win = replay_of_state(record.state, record.players, 0)
        self._show_replay(win)
        return win

    def replay_reason(self) -> str | None:
        """Why this game cannot be replayed now: a replay shows every hand,
        so a game with humans is replayed once it is over."""
        s = self.ctrl.session
        state = s.full_state() or s.view()
        if state is None:
            return translate("GameWindow", "There is no game to replay.")
        if not s.traits.saves:
            if s.final_record() is None:
                return translate("GameWindow", "The replay shows every hand: it comes when the game is over.")
            return None
        if not state.is_over and s.human_seats():
            return translate("GameWindow", "The replay shows every hand: it can be watched when the game is over.")
        return None

    def analyze_game(self, *_args):
        """The replay viewer on this game, analysing the humans (everybody in a bots-only game)."""
        win = self.watch_replay()
        if win is not None:
            win.start_analysis()
        return win

    def _show_replay(self, win) -> None:
        self.windows = [w for w in self.windows if w.isVisible()]
        self.windows.append(win)
        win.show()
        win.raise_()
        win.activateWindow()

    def open_replay_dialog(self) -> None:  # pragma: no cover - interactive
        path, _ = QFileDialog.getOpenFileName(
            self.window, translate("GameWindow", "Open replay"), str(Path.home()), file_filter()
        )
        if path:
            self.open_replay(Path(path))

    def open_replay(self, path: Path, quiet: bool = False) -> bool:
        """Open a saved game in the replay viewer. The record is read and its
        positions prepared on a worker with a progress dialog; a broken file
        gives a message box. True if the opening started."""
        from .window import ReplayWindow, load_replay_job

        path = Path(path)
        if self.loading is not None:
            self.show_message(translate("GameWindow", "A replay is being opened already."))
            return False
        job = load_replay_job(path, self)
        dlg = progress_dialog(
            self.window,
            translate("GameWindow", "Opening %1…").replace("%1", elide(path.name, 60)),
            translate("GameWindow", "Opening a replay"),
            "replayProgress",
            400,
        )
        self.loading = job

        def progress(done: int, total: int) -> None:
            if self.loading is job and total:
                dlg.setMaximum(total)
                dlg.setValue(done)

        def finish() -> None:
            self.loading = None
            dlg.canceled.disconnect()
            dlg.hide()
            dlg.deleteLater()
            job.deleteLater()

        def done(result) -> None:
            # in three steps, each a short stop of the window: the dialog
            # goes, the replay window is made, then it is shown
            dlg.hide()
            QTimer.singleShot(START_DELAY_MS, self, lambda: build(result))

        def build(result) -> None:
            game, timeline, log_rows = result
            count = game.extra.get("take_backs", 0) if isinstance(game.extra, dict) else 0
            count = count if isinstance(count, int) and not isinstance(count, bool) and count >= 0 else 1
            win = ReplayWindow(timeline, game.players, count, path.name, log_rows=log_rows)
            QTimer.singleShot(START_DELAY_MS, self, lambda: show(win, game.warnings))

        def show(win, warnings: list[str]) -> None:
            finish()
            self._show_replay(win)
            for w in warnings:
                win.statusBar().showMessage(sentence(w), 10000)

        def failed(text: str) -> None:
            finish()
            if job.cancelled.is_set():
                self.show_message(translate("GameWindow", "Opening the replay was cancelled."))
            elif not quiet:
                self.error_box = open_failed_box(self.window, path, text)

        job.progress.connect(progress)
        job.done.connect(done)
        job.failed.connect(failed)
        dlg.canceled.connect(job.cancel)
        job.start()
        return True
