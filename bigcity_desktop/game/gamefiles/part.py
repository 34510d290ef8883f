"""The game window's files: saving, opening (big records on a worker, with
progress), Game → Continue and the start-up's offer of the unfinished
games (and the seat kept at a network table). The window's parts start, open and save games through the
controller's :class:`~.starting.GameStarter`; :class:`FilesPart` is the window's part for files."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, QTimer, Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QMessageBox,
    QProgressDialog,
    QWidget,
)

from bigcity_desktop import filedirs
from bigcity_desktop.engine.record import RecordError
from bigcity_desktop.game.core.controller import GameController, sentence
from bigcity_desktop.game.core.loading import (
    START_DELAY_MS,
    SYNC_LIMIT_BYTES,
    LoadJob,
    Opened,
    file_filter,
    open_failed_box,
    progress_dialog,
)
from bigcity_desktop.game.core.services import WindowServices
from bigcity_desktop.game.core.starting import GameStarter
from bigcity_desktop.i18n import elide, exc_text, translate
from bigcity_desktop.session import autosave as autosave_mod
from bigcity_desktop.session.keptseat import KeptSeat, forget_kept_seat, kept_seat
from bigcity_desktop.session.saves import Saves, SaveSlot, SaveSummary

from .resuming import ResumeScan

if TYPE_CHECKING:
    from .continue_dialog import ContinueDialog


# the old autosave still replayed at start-up after this long (seconds): Continue opens and says how far
EARLY_CONTINUE_S = 0.3


class FilesPart(QObject):
    """The game window's files: save, open, Continue, the start-up's offer."""

    rejoinRequested = Signal(object)  # a KeptSeat chosen in Continue: the network part sits there again
    resumeOffered = Signal(bool)  # start-up's saved games read beside the window: True if Continue was offered

    def __init__(
        self,
        ctrl: GameController,
        games: GameStarter,
        window: QWidget,
        services: WindowServices,
        settings: QSettings,
    ) -> None:
        super().__init__(window)
        self.setObjectName("files")
        self.ctrl = ctrl
        self.games = games
        self.window = window  # the dialogs' parent
        self.services = services
        self.settings = settings
        self.save_path: Path | None = None
        self.loading: LoadJob | None = None
        self.progress_dialog: QProgressDialog | None = None
        self.error_box: QMessageBox | None = None
        self.autosave_box: QMessageBox | None = None
        self.continue_dialog: ContinueDialog | None = None
        self.continue_scan: ResumeScan | None = None  # Game → Continue's reading of the saved games
        self.resume_scan: ResumeScan | None = None  # start-up's reading of the saved games, while it runs
        self._scanning: ResumeScan | None = None  # the reading that fills the open Continue dialog

    def show_message(self, text: str) -> None:
        self.services.show_message(text)

    # ------------------------------------------------------------------ files
    def save_game(self) -> bool:
        if self.save_path is None:
            return self.save_game_as()
        return self.save_to(self.save_path)

    def save_game_as(self) -> bool:  # pragma: no cover - interactive
        if not self.ctrl.session.has_game:
            return False
        suggested = (
            str(self.save_path) if self.save_path else filedirs.start_path("games", "game.bigcity", self.settings)
        )
        path, _ = QFileDialog.getSaveFileName(
            self.window, translate("GameWindow", "Save game"), suggested, file_filter()
        )
        if not path:
            return False
        filedirs.remember("games", path, self.settings)
        if not path.endswith(".bigcity"):
            path += ".bigcity"
        return self.save_to(Path(path))

    def save_to(self, path: Path) -> bool:
        try:
            self.games.save_game(path)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self.window, translate("GameWindow", "Cannot save the game"), sentence(exc_text(exc)))
            return False
        self.save_path = Path(path)
        self.show_message(translate("GameWindow", "Saved to {path}.").format(path=path))
        return True

    def open_game_dialog(self) -> None:  # pragma: no cover - interactive
        path, _ = QFileDialog.getOpenFileName(
            self.window,
            translate("GameWindow", "Open game"),
            str(filedirs.start_dir("games", self.settings)),
            file_filter(),
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
            self.games.load_game(path)
        except RecordError as exc:
            self._open_failed(path, exc_text(exc), quiet)
            return False
        self._opened(path)
        return True

    def _opened(self, path: Path) -> None:
        self.save_path = Path(path)
        self.show_message(translate("GameWindow", "Opened {file}.").format(file=elide(path.name, 60)))

    def _open_failed(self, path: Path, reason: str, quiet: bool) -> None:
        if not quiet:
            self.error_box = open_failed_box(self.window, path, reason)

    def _open_in_background(self, path: Path, quiet: bool, slot: SaveSlot | None = None) -> None:
        """Read and replay a record on a worker, with progress and Cancel;
        `slot`: the saved game of Game → Continue it is (its lock is held)."""
        job = LoadJob(path, self)
        dlg = progress_dialog(
            self.window,
            translate("GameWindow", "Opening {file}…").format(file=elide(path.name, 60)),
            translate("GameWindow", "Opening a game"),
            "openProgress",
            0,
        )
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
            self.games.start_loaded(opened.game, slot=slot, known=(opened.seat, opened.history))
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
        return self.games.saves()

    def show_continue(self, summaries: list[SaveSummary] | None = None) -> ContinueDialog:
        """Game → Continue: the unfinished games (window-modal, non-blocking);
        `summaries`: those read already, else they are read on a pool thread
        (:class:`ResumeScan`) and the dialog, open at once, fills as they come."""
        from .continue_dialog import ContinueDialog  # its code loaded when Continue first opens

        reading = summaries is None
        dlg = ContinueDialog(
            self.saves(),
            self.window,
            exclude=self.games.current_slot(),
            kept=self.kept_seat(),
            summaries=[] if summaries is None else summaries,
        )
        dlg.chosen.connect(self.continue_game)
        dlg.rejoinRequested.connect(self.rejoinRequested)
        dlg.seatForgotten.connect(lambda k: forget_kept_seat(self.settings, k.address, k.table))
        dlg.newGameRequested.connect(self.services.show_new_game)
        self.continue_dialog = dlg
        if reading:
            self._read_into(dlg)
        dlg.open()
        return dlg

    def _read_into(self, dlg: ContinueDialog) -> None:
        """The saved games read beside the window into Continue's `dlg`
        (the reading stops when it is closed)."""
        if self.continue_scan is not None:
            self.continue_scan.cancel()
        scan = self.continue_scan = ResumeScan(self.saves(), None, self)
        dlg.start_looking()

        def batch(summaries: tuple[SaveSummary, ...], read: int, total: int) -> None:
            if self.continue_dialog is dlg:
                dlg.add(summaries, read, total)

        def finished() -> None:
            if self.continue_scan is scan:
                self.continue_scan = None
            scan.deleteLater()

        scan.found.connect(batch)
        scan.finished.connect(finished)
        dlg.finished.connect(lambda _r: scan.cancel())
        scan.start()

    def kept_seat(self) -> KeptSeat | None:
        """The network seat to offer to rejoin (none while this window sits at a table)."""
        return None if self.ctrl.session.traits.leaves else kept_seat(self.settings)

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
        self.games.start_loaded(game, slot=slot)
        self.show_message(translate("GameWindow", "Welcome back: the game goes on where it stood."))
        return True

    def offer_resume(self, background: bool = False) -> bool:
        """At start: the unfinished games (and the network seat kept when the
        app was closed mid-game) are offered in Game → Continue. True if
        there were any (the dialog is open).

        The single autosave of earlier versions becomes a saved game of its
        own; one this version cannot use (newer, or unreadable) is moved aside
        first and the player is told where it is.

        `background`: the saved games are read on a worker (:class:`ResumeScan`),
        the dialog opens with the first of them and fills as the rest are read,
        and ``resumeOffered(bool)`` tells the end (then False is returned)."""
        scan = ResumeScan(self.saves(), autosave_mod.autosave_path(), self)
        self.resume_scan = scan
        found: list[SaveSummary] = []
        offered: list[bool] = []  # [True] once the dialog is open
        kept = self.kept_seat()

        def batch(summaries: tuple[SaveSummary, ...], read: int, total: int) -> None:
            dlg = self.continue_dialog
            if dlg is not None and dlg.listed is not None and self._scanning is scan:
                dlg.add(summaries, read, total)
                return
            found.extend(summaries)  # a damaged game is listed too: the player is told
            if kept is not None or any(not s.busy for s in found) or (read == total and self.saves().problem()):
                self._scanning = scan
                offered.append(True)
                self.show_continue(found).add((), read, total)

        def early() -> None:
            """The old autosave still replayed after a moment (a long one takes
            seconds): Continue opens now, saying how far it got, and fills."""
            if scan.done or (self.continue_dialog is not None and self._scanning is scan):
                return
            self._scanning = scan
            offered.append(True)
            self.show_continue(list(found)).start_looking()

        def reading(done: int, total: int) -> None:
            dlg = self.continue_dialog
            if dlg is not None and self._scanning is scan:
                dlg.reading_autosave(done, total)

        def finished() -> None:
            if self._scanning is scan:
                self._scanning = None
            if self.resume_scan is scan:
                self.resume_scan = None
            if background:
                self.resumeOffered.emit(bool(offered))
                if not offered:
                    self.services.show_new_game()

        scan.notice.connect(self._autosave_kept)
        scan.reading.connect(reading)
        scan.found.connect(batch)
        scan.finished.connect(finished)
        if background:
            self.services.show_message(translate("GameWindow", "Looking for your unfinished games…"))
            if autosave_mod.autosave_path().is_file():
                QTimer.singleShot(round(EARLY_CONTINUE_S * 1000), self, early)
            scan.start()
            return False
        scan.run()
        return bool(offered)

    def _autosave_kept(self, notice: str) -> None:
        box = QMessageBox(
            QMessageBox.Icon.Information,
            translate("GameWindow", "Autosaved game kept"),
            notice,
            QMessageBox.StandardButton.Ok,
            self.window,
        )
        box.setObjectName("autosaveKeptBox")
        self.autosave_box = box
        box.open()
