"""Render the application icon from its one source, resources/icons/bigcity.svg.

Writes into OUT (default ``build/icons``):

- ``bigcity-<N>.png`` for N in 16, 24, 32, 48, 64, 128, 256, 512 and 1024
  (the Linux hicolor theme, the AppImage, the .deb);
- ``bigcity.ico`` (16 to 256 pixels, for the Windows .exe and installer);
- ``bigcity.icns`` (16 to 1024 pixels, for the macOS .app);
- the same three for the file type of game records, from
  ``resources/icons/bigcity-file.svg``: ``bigcity-file-<N>.png``,
  ``bigcity-file.ico`` and ``bigcity-file.icns`` (the ``.bigcity``
  association on each system).

Qt's SVG renderer (QtSvg, part of PySide6) draws each size on its own, so the
small sizes are rendered from the vector source rather than shrunk from a big
bitmap; Pillow (a build-time dependency only) packs the .ico and .icns.

    python scripts/make_icons.py [OUT]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "resources" / "icons" / "bigcity.svg"
FILE_SOURCE = ROOT / "resources" / "icons" / "bigcity-file.svg"
PNG_SIZES: tuple[int, ...] = (16, 24, 32, 48, 64, 128, 256, 512, 1024)
ICO_SIZES: tuple[int, ...] = (16, 24, 32, 48, 64, 128, 256)


def render_pngs(source: Path, out: Path, sizes: tuple[int, ...], stem: str = "bigcity") -> dict[int, Path]:
    """Draw the SVG at every size into a transparent PNG ``<stem>-<size>.png``; return size -> path."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])  # noqa: F841 - QPainter needs it
    renderer = QSvgRenderer(str(source))
    if not renderer.isValid():
        raise SystemExit(f"{source}: not a valid SVG file")
    written: dict[int, Path] = {}
    for size in sizes:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        path = out / f"{stem}-{size}.png"
        if not image.save(str(path), "PNG"):  # type: ignore[call-overload]  # stubs say bytes; PySide6 takes str
            raise SystemExit(f"could not write {path}")
        written[size] = path
    return written


def pack_ico_icns(pngs: dict[int, Path], out: Path, stem: str = "bigcity") -> None:
    """Pack the rendered PNGs into <stem>.ico and <stem>.icns with Pillow."""
    from PIL import Image

    largest = Image.open(pngs[max(pngs)]).convert("RGBA")
    ico_images = [Image.open(pngs[s]).convert("RGBA") for s in ICO_SIZES]
    # Pillow writes one entry per size; append_images hands it the sizes we
    # rendered ourselves instead of letting it shrink the largest one.
    ico_images[-1].save(
        out / f"{stem}.ico", format="ICO", sizes=[(s, s) for s in ICO_SIZES], append_images=ico_images[:-1]
    )
    icns_extra = [Image.open(pngs[s]).convert("RGBA") for s in sorted(pngs) if s != max(pngs)]
    largest.save(out / f"{stem}.icns", format="ICNS", append_images=icns_extra)


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "build" / "icons"
    out.mkdir(parents=True, exist_ok=True)
    for source, stem in ((SOURCE, "bigcity"), (FILE_SOURCE, "bigcity-file")):
        pngs = render_pngs(source, out, PNG_SIZES, stem)
        pack_ico_icns(pngs, out, stem)
    print(f"icons written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
