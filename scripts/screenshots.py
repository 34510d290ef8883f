"""Write screenshots of the app's windows to screenshots/ (run via `make screenshots`).

Renders offscreen (no display needed) unless QT_QPA_PLATFORM is already set,
e.g. to "xcb" under Xvfb. For now there is one: screenshots/main.png, the
placeholder main window.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # noqa: E402

from bigcity_desktop.app import build_main_window  # noqa: E402

OUT_DIR = Path(__file__).resolve().parent.parent / "screenshots"


def main() -> int:
    app = QApplication.instance() or QApplication([sys.argv[0]])
    OUT_DIR.mkdir(parents=True, exist_ok=True)

    window = build_main_window()
    window.show()
    app.processEvents()
    target = OUT_DIR / "main.png"
    if not window.grab().save(str(target)):
        print(f"failed to write {target}", file=sys.stderr)
        return 1
    print(target)
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
