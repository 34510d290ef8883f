"""QR codes drawn from ``segno``'s matrix: a table's link for a phone
(game/netplay/browserlink.py) and the player key's code carried to another
device (ui/playerkeybox.py)."""

from __future__ import annotations

import segno
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPixmap

#: the white margin around a QR code, in modules (the standard's quiet zone)
QUIET = 4


def qr_pixmap(text: str, size: int) -> QPixmap:
    """`text` as a QR code (error correction M) of about `size` pixels,
    dark modules on white with the quiet zone around them."""
    code = segno.make(text, error="m")
    rows = [list(r) for r in code.matrix]
    n = len(rows) + 2 * QUIET
    px = max(2, size // n)
    pix = QPixmap(n * px, n * px)
    pix.fill(QColor("white"))
    p = QPainter(pix)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor("black"))
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                p.drawRect(QRectF((x + QUIET) * px, (y + QUIET) * px, px, px))
    p.end()
    return pix
