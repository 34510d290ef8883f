"""The host's table panel shows the link to the table's browser page, with
Copy link and a QR code whose modules are those of the link."""

from __future__ import annotations

import pytest
import segno
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from bigcity_desktop.game.netplay.browserlink import BrowserLink, table_link
from bigcity_desktop.ui.qrdraw import QUIET, qr_pixmap

pytestmark = pytest.mark.gui


def test_the_qr_code_draws_the_links_modules(qapp):
    link = table_link("127.0.0.1:47474", "AbC-12_x")
    assert link == "http://127.0.0.1:47474/t/AbC-12_x"
    pix = qr_pixmap(link, 300)
    rows = [list(r) for r in segno.make(link, error="m").matrix]
    n = len(rows) + 2 * QUIET
    px = pix.width() // n
    assert pix.width() == pix.height() == n * px and px >= 2
    img = pix.toImage()
    for y in range(n):
        for x in range(n):
            inside = QUIET <= x < n - QUIET and QUIET <= y < n - QUIET
            dark = inside and rows[y - QUIET][x - QUIET]
            colour = QColor(img.pixel(x * px + px // 2, y * px + px // 2))
            assert colour.lightness() < 50 if dark else colour.lightness() > 200, (x, y)


def test_copy_link_and_the_qr_dialog(qtbot):
    w = BrowserLink()
    qtbot.addWidget(w)
    w.set_links([])
    assert w.isHidden()
    links = [table_link("table-host.example:47474", "t1"), table_link("127.0.0.1:47474", "t1")]
    w.set_links(links)
    w.show()
    assert w.isVisible() and "http://table-host.example:47474/t/t1" in w.label.text()
    w.copy_button.click()
    assert QApplication.clipboard().text() == links[0]
    dlg = w.show_qr()
    assert dlg is not None
    qtbot.addWidget(dlg)
    assert not dlg.code.pixmap().isNull() and dlg.code.pixmap().width() >= 300 * 0.8
    dlg.reject()
