"""Desktop entry point: ``bigcity`` / ``python -m bigcity_desktop``.

For now the main window is a placeholder; the game window replaces it later.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from bigcity_desktop import __version__

APP_NAME = "Big City Desktop"
ORGANIZATION_NAME = "BigCityDesktop"
WINDOW_TITLE = "Big City Desktop"
PLACEHOLDER_TEXT = "Big City Desktop \N{EM DASH} the game window is coming"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bigcity",
        description="Big City Desktop, a board game.",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {__version__}",
    )
    parser.add_argument(
        "--sandbox",
        nargs="?",
        const="default",
        default=None,
        metavar="LAYOUT",
        help="open the board sandbox, optionally with a named LAYOUT (not yet available)",
    )
    return parser


def build_main_window():
    """Create (but do not show) the main window. A QApplication must exist."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLabel, QMainWindow

    window = QMainWindow()
    window.setObjectName("MainWindow")
    window.setWindowTitle(WINDOW_TITLE)
    label = QLabel(PLACEHOLDER_TEXT, window)
    label.setObjectName("PlaceholderLabel")
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    window.setCentralWidget(label)
    window.resize(1024, 720)
    return window


def _application(argv0: str):
    """Return the running QApplication, creating and naming it if needed."""
    from PySide6.QtWidgets import QApplication

    QApplication.setApplicationName(APP_NAME)
    QApplication.setOrganizationName(ORGANIZATION_NAME)
    QApplication.setApplicationVersion(__version__)
    QApplication.setDesktopFileName("bigcity")  # matches packaging/linux/bigcity.desktop
    app = QApplication.instance()
    if app is None:
        app = QApplication([argv0])
    return app


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(sys.argv[1:] if argv is None else list(argv))

    if args.sandbox is not None:
        print(f"bigcity: --sandbox ({args.sandbox}) is not yet available", file=sys.stderr)
        return 1

    app = _application(sys.argv[0] if sys.argv and sys.argv[0] else "bigcity")
    window = build_main_window()
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
