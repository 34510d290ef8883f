"""Crash reports that help: an unexpected error in the app is shown once, in
a dialog with "Copy details" (version, system, the traceback, the last
moves of the game), written to a log file in the data folder, and the game
in progress is saved first (the dialog says whether one was, and where). The
app does not quit."""

from __future__ import annotations

import platform
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from bigcity_desktop import __version__
from bigcity_desktop.i18n import translate

#: the most reports kept in the logs folder (the oldest go first)
KEEP_LOGS = 20


class CrashReporter:
    """Installed as ``sys.excepthook`` by the app."""

    def __init__(
        self,
        logs_dir: Callable[[], Path],
        parent: Callable[[], QWidget | None],
        last_moves: Callable[[], list[str]],
        save_game: Callable[[], Path | None],
    ) -> None:
        self.logs_dir = logs_dir
        self.parent = parent
        self.last_moves = last_moves
        self.save_game = save_game
        self.seen: set[str] = set()  # errors already shown (the same one is not shown again)
        self.box: QMessageBox | None = None
        self.last_log: Path | None = None
        self._previous = sys.excepthook
        self._busy = False

    def install(self) -> None:
        sys.excepthook = self.hook

    def details(self, kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> str:
        moves = []
        try:
            moves = self.last_moves()
        except Exception:
            moves = ["(the game's moves could not be read)"]
        lines = [
            f"Big City Desktop {__version__}",
            f"System: {platform.platform()}; Python {platform.python_version()}",
            _qt_versions(),
            f"Time: {time.strftime('%Y-%m-%d %H:%M:%S')}",
            "",
            "".join(traceback.format_exception(kind, exc, tb)).rstrip(),
            "",
            "Last moves of the game:" if moves else "No game was being played.",
            *(f"  {m}" for m in moves),
        ]
        return "\n".join(lines)

    def hook(self, kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt) or self._busy:
            self._previous(kind, exc, tb)
            return
        self._busy = True
        try:
            saved: Path | None = None
            try:
                saved = self.save_game()
            except Exception:
                saved = None
            text = self.details(kind, exc, tb)
            self.last_log = self._write_log(text)
            self._previous(kind, exc, tb)  # the traceback on stderr (and any hook before ours)
            key = "".join(traceback.format_exception_only(kind, exc)) + repr(traceback.extract_tb(tb)[-1:])
            if key in self.seen or QApplication.instance() is None:
                return
            self.seen.add(key)
            self._show(text, saved)
        finally:
            self._busy = False

    def _write_log(self, text: str) -> Path | None:
        try:
            folder = self.logs_dir()
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"crash-{time.strftime('%Y%m%d-%H%M%S')}.log"
            path.write_text(text + "\n", encoding="utf-8")
            old = sorted(folder.glob("crash-*.log"))
            for p in old[:-KEEP_LOGS]:
                p.unlink(missing_ok=True)
            return path
        except OSError:
            return None

    def _show(self, text: str, saved: Path | None) -> None:
        box = QMessageBox(self.parent())
        box.setObjectName("crashBox")
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(translate("Crash", "Something went wrong"))
        lines = [translate("Crash", "Big City Desktop met an error it did not expect. You can go on playing.")]
        if saved is not None:
            lines.append(
                translate("Crash", "Your game was saved first, to {file}: it is in Game → Continue.").format(file=saved)
            )
        if self.last_log is not None:
            lines.append(translate("Crash", "A report was written to {file}.").format(file=self.last_log))
        lines.append(translate("Crash", "Copy the details to tell the developers what happened."))
        box.setText("\n\n".join(lines))
        box.setDetailedText(text)
        copy = box.addButton(translate("Crash", "Copy details"), QMessageBox.ButtonRole.ActionRole)
        box.addButton(QMessageBox.StandardButton.Close)
        copy.clicked.connect(lambda: QApplication.clipboard().setText(text))
        self.box = box
        box.open()


def _qt_versions() -> str:
    try:
        import PySide6
        from PySide6.QtCore import qVersion

        return f"Qt {qVersion()}; PySide6 {PySide6.__version__}"
    except Exception:
        return "Qt: unknown"
