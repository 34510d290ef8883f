"""Help → How to play: docs/GAME.md (English) or docs/GAME.de.md (German),
chosen by the language in use, shown as Markdown.

The guides are found in the installed resources (``help/``, where the
PyInstaller spec bundles them) or, in a checkout, in ``docs/``.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout

from bigcity_desktop.i18n import current_language, translate
from bigcity_desktop.resources import resource_path

_DOCS = Path(__file__).resolve().parents[2] / "docs"


def guide_path(language: str) -> Path | None:
    """The guide in `language` ("en", "de"), else the English one; None if neither is installed."""
    names = ["GAME.md"] if language == "en" else [f"GAME.{language}.md", "GAME.md"]
    for name in names:
        for folder in (resource_path("help"), _DOCS):
            if (folder / name).is_file():
                return folder / name
    return None


class GuideDialog(QDialog):
    """The player's guide in a browser window (not modal)."""

    def __init__(self, parent=None, language: str | None = None):
        super().__init__(parent)
        self.setObjectName("GuideDialog")
        self.setWindowTitle(translate("Guide", "How to play Big City"))
        lay = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        path = guide_path(language or current_language())
        if path is None:
            self.browser.setPlainText(translate("Guide", "The guide is not installed with this copy of the program."))
        else:
            self.browser.setMarkdown(path.read_text(encoding="utf-8"))
        self.path = path
        lay.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.resize(820, 680)
