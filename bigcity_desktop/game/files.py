"""The game window's files: saving, opening (big records on a worker, with
progress), resuming the autosave at start-up, and the replay viewer."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QFileDialog,
    QMessageBox,
    QProgressDialog,
)

from bigcity_desktop import filedirs
from bigcity_desktop.engine.record import RecordError
from bigcity_desktop.i18n import elide, exc_text, translate
from bigcity_desktop.session import autosave as autosave_mod
from bigcity_desktop.session.saves import Saves, SaveSlot, SaveSummary

from .continue_dialog import ContinueDialog
from .controller import (
    sentence,
)
from .loading import START_DELAY_MS, SYNC_LIMIT_BYTES, LoadJob, Opened
from .windowparts import WindowParts


def file_filter() -> str:
    return translate("GameWindow", "Big City games (*.bigcity);;All files (*)")


class FilesMixin(WindowParts):
    """The game window's file and replay commands (mixed into GameWindow)."""

    # ------------------------------------------------------------------ files
    def save_game(self) -> bool:
        if self.save_path is None:
            return self.save_game_as()
        return self.save_to(self.save_path)

    def save_game_as(self) -> bool:  # pragma: no cover - interactive
        if not self.ctrl.has_game:
            return False
        suggested = (
            str(self.save_path) if self.save_path else filedirs.start_path("games", "game.bigcity", self.settings)
        )
        path, _ = QFileDialog.getSaveFileName(self, translate("GameWindow", "Save game"), suggested, file_filter())
        if not path:
            return False
        filedirs.remember("games", path, self.settings)
        if not path.endswith(".bigcity"):
            path += ".bigcity"
        return self.save_to(Path(path))

    def save_to(self, path: Path) -> bool:
        try:
            self.ctrl.save_game(path)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, translate("GameWindow", "Cannot save the game"), sentence(exc_text(exc)))
            return False
        self.save_path = Path(path)
        self.show_message(translate("GameWindow", "Saved to {path}.").format(path=path))
        return True

    def open_game_dialog(self) -> None:  # pragma: no cover - interactive
        path, _ = QFileDialog.getOpenFileName(
            self, translate("GameWindow", "Open game"), str(filedirs.start_dir("games", self.settings)), file_filter()
        )
        if path:
            filedirs.remember("games", path, self.settings)
            self.open_game(Path(path))

    def open_game(self, path: Path, quiet: bool = False, background: bool | None = None) -> bool:
        """Load a game; a broken or foreign file gives a message box and changes nothing.

        A big record (or `background=True`) is read and replayed on a worker
        thread with a progress dialog; then True means "started", and the game
        replaces the current one only when the worker has succeeded."""
        path = Path(path)
        if self.loading is not None:
            self.show_message(translate("GameWindow", "A game is being opened already."))
            return False
        if background is None:
            try:
                background = path.stat().st_size > SYNC_LIMIT_BYTES
            except OSError:
                background = False
        if background:
            self._open_in_background(path, quiet)
            return True
        try:
            self.ctrl.load_game(path)
        except RecordError as exc:
            self._open_failed(path, exc_text(exc), quiet)
            return False
        self._opened(path)
        return True

    def _opened(self, path: Path) -> None:
        self.save_path = Path(path)
        self.show_message(translate("GameWindow", "Opened {file}.").format(file=elide(path.name, 60)))

    def _open_failed(self, path: Path, reason: str, quiet: bool) -> None:
        if quiet:
            return
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            translate("GameWindow", "Cannot open the game"),
            translate("GameWindow", "{file} cannot be opened: {reason}\n\nNothing was changed.").format(
                file=elide(Path(path).name, 60), reason=sentence(reason)
            ),
            QMessageBox.StandardButton.Ok,
            self,
        )
        box.setObjectName("openErrorBox")
        self.error_box = box
        box.open()

    def _open_in_background(self, path: Path, quiet: bool, slot: SaveSlot | None = None) -> None:
        """Read and replay a record on a worker, with progress and Cancel;
        `slot`: the saved game of Game → Continue it is (its lock is held)."""
        job = LoadJob(path, self)
        dlg = QProgressDialog(
            translate("GameWindow", "Opening {file}…").format(file=elide(path.name, 60)),
            translate("GameWindow", "Cancel"),
            0,
            100,
            self,
        )
        dlg.setObjectName("openProgress")
        dlg.setWindowTitle(translate("GameWindow", "Opening a game"))
        # not modal: a modal progress dialog spins the event loop inside
        # setValue, and the worker's last report could then end the job
        # beneath it; the current game stays until the new one is ready
        dlg.setWindowModality(Qt.WindowModality.NonModal)
        dlg.setMinimumDuration(0)
        dlg.setAutoClose(False)
        dlg.setAutoReset(False)
        dlg.setValue(0)
        self.loading = job
        self.progress_dialog = dlg

        def progress(done: int, total: int) -> None:
            if self.loading is not job:  # a late report after the end
                return
            if total:
                dlg.setMaximum(total)
                dlg.setValue(done)
                dlg.setLabelText(
                    translate("GameWindow", "Opening {file}: action {done} of {total}").format(
                        file=elide(path.name, 60), done=done, total=total
                    )
                )

        def finish() -> None:
            self.loading = None
            if self.progress_dialog is dlg:
                self.progress_dialog = None
            for sig in (job.progress, job.done, job.failed):
                try:
                    sig.disconnect()
                except (RuntimeError, TypeError):
                    pass
            dlg.canceled.disconnect()
            dlg.hide()
            dlg.deleteLater()
            job.deleteLater()

        def done(opened: Opened) -> None:
            # the dialog goes first, the game comes a moment later: the window
            # redraws between the two instead of doing both in one long stop
            dlg.hide()
            QTimer.singleShot(START_DELAY_MS, self, lambda: play(opened))

        def play(opened: Opened) -> None:
            finish()
            self.ctrl.start_loaded(opened.game, slot=slot, known=(opened.seat, opened.history))
            if slot is None:
                self._opened(path)
            else:
                self.show_message(translate("GameWindow", "Welcome back: the game goes on where it stood."))

        def failed(text: str) -> None:
            finish()
            if slot is not None:
                slot.release()
            if not job.cancelled.is_set():
                self._open_failed(path, text, quiet)
            else:
                self.show_message(translate("GameWindow", "Opening the game was cancelled; nothing was changed."))

        job.progress.connect(progress)
        job.done.connect(done)
        job.failed.connect(failed)
        dlg.canceled.connect(job.cancel)
        dlg.show()
        job.start()

    def saves(self) -> Saves:
        """The saved games (the folder this window's games are autosaved in)."""
        return Saves(self.ctrl.local.saves_folder) if self.ctrl.is_local else Saves()

    def show_continue(self) -> ContinueDialog:
        """Game → Continue: the unfinished games (window-modal, non-blocking)."""
        current = self.ctrl.local.slot.path if self.ctrl.is_local and self.ctrl.local.slot is not None else None
        dlg = ContinueDialog(self.saves(), self, exclude=current)
        dlg.chosen.connect(self.continue_game)
        dlg.newGameRequested.connect(self.show_new_game)
        self.continue_dialog = dlg
        dlg.open()
        return dlg

    def continue_game(self, summary: SaveSummary) -> bool:
        """Play on from a saved game of Game → Continue; the game of this
        window stays in its own slot."""
        slot = SaveSlot(summary.id, self.saves().folder)
        if not slot.acquire():
            self.show_message(translate("GameWindow", "That game is open in another window."))
            return False
        self.save_path = None
        try:
            big = slot.path.stat().st_size > SYNC_LIMIT_BYTES
        except OSError:
            big = False
        if big:  # a long game is read beside the window, with progress
            self._open_in_background(slot.path, quiet=False, slot=slot)
            return True
        try:
            game = slot.read()
        except RecordError as exc:
            slot.release()
            self._open_failed(summary.path, exc_text(exc), quiet=False)
            return False
        self.ctrl.start_loaded(game, slot=slot)
        self.show_message(translate("GameWindow", "Welcome back: the game goes on where it stood."))
        return True

    def offer_resume(self) -> bool:
        """At start: the unfinished games are offered in Game → Continue. True
        if there were any (the dialog is open).

        The single autosave of earlier versions becomes a saved game of its
        own; one this version cannot use (newer, or unreadable) is moved aside
        first and the player is told where it is."""
        legacy = autosave_mod.autosave_path()
        found = autosave_mod.check(legacy)
        if found.notice:
            box = QMessageBox(
                QMessageBox.Icon.Information,
                translate("GameWindow", "Autosaved game kept"),
                found.notice,
                QMessageBox.StandardButton.Ok,
                self,
            )
            box.setObjectName("autosaveKeptBox")
            self.autosave_box = box
            box.open()
        saves = self.saves()
        if found.game is not None:
            saves.adopt_legacy()
        saves.tidy()
        if not any(not s.busy for s in saves.summaries()):
            return False
        self.show_continue()
        return True

    def startup(self) -> None:  # pragma: no cover - interactive
        """After the first paint: the unfinished games, or a new game."""
        self.ensure_chart()
        if not self.offer_resume():
            self.show_new_game()

    # ------------------------------------------------------------------ replays
    def watch_replay(self, *_args):
        """The replay viewer on the game of this window (from its start to now)."""
        from .replay import replay_of_state

        c = self.ctrl
        reason = self._replay_reason()
        if reason is not None:
            self.show_message(reason)
            return None
        if c.is_local:
            win = replay_of_state(c.game, c.players, c.take_backs)
        else:  # a network game: the record the server sent at its end
            record = c.session.final_record()
            assert record is not None  # _replay_reason() said so
            win = replay_of_state(record.state, record.players, 0)
        self._show_replay(win)
        return win

    def _replay_reason(self) -> str | None:
        """Why this game cannot be replayed now: a replay shows every hand,
        so a game with humans is replayed once it is over."""
        c = self.ctrl
        if c.state is None:
            return translate("GameWindow", "There is no game to replay.")
        if not c.is_local:
            if c.session.final_record() is None:
                return translate("GameWindow", "The replay shows every hand: it comes when the game is over.")
            return None
        if not c.game.is_over and c.human_seats():
            return translate("GameWindow", "The replay shows every hand: it can be watched when the game is over.")
        return None

    def analyze_game(self, *_args):
        """The replay viewer on this game, analysing the humans (everybody in a bots-only game)."""
        win = self.watch_replay()
        if win is not None:
            win.start_analysis()
        return win

    def _show_replay(self, win) -> None:
        self.replays = [w for w in self.replays if w.isVisible()]
        self.replays.append(win)
        win.show()
        win.raise_()
        win.activateWindow()

    def open_replay_dialog(self) -> None:  # pragma: no cover - interactive
        path, _ = QFileDialog.getOpenFileName(
            self, translate("GameWindow", "Open replay"), str(Path.home()), file_filter()
        )
        if path:
            self.open_replay(Path(path))

    def open_replay(self, path: Path, quiet: bool = False) -> bool:
        """Open a saved game in the replay viewer. The record is read and its
        positions prepared on a worker with a progress dialog; a broken file
        gives a message box. True if the opening started."""
        from .replay import ReplayWindow, load_replay_job

        path = Path(path)
        if self.replay_loading is not None:
            self.show_message(translate("GameWindow", "A replay is being opened already."))
            return False
        job = load_replay_job(path, self)
        dlg = QProgressDialog(
            translate("GameWindow", "Opening %1…").replace("%1", elide(path.name, 60)),
            translate("GameWindow", "Cancel"),
            0,
            100,
            self,
        )
        dlg.setObjectName("replayProgress")
        dlg.setWindowTitle(translate("GameWindow", "Opening a replay"))
        dlg.setWindowModality(Qt.WindowModality.NonModal)
        dlg.setMinimumDuration(400)
        dlg.setAutoClose(False)
        dlg.setAutoReset(False)
        self.replay_loading = job

        def progress(done: int, total: int) -> None:
            if self.replay_loading is job and total:
                dlg.setMaximum(total)
                dlg.setValue(done)

        def finish() -> None:
            self.replay_loading = None
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
            else:
                self._open_failed(path, text, quiet)

        job.progress.connect(progress)
        job.done.connect(done)
        job.failed.connect(failed)
        dlg.canceled.connect(job.cancel)
        job.start()
        return True
