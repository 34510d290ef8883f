"""The link to a network table's page, for a friend without the app.

The table server answers plain HTTP on its port with the browser seat
(``net/web.py``): ``http://<address>/t/<table>`` opens the table in any
browser. The host's table panel shows that link with a Copy button and a QR
code (drawn by ``ui/qrdraw.py`` from ``segno``'s matrix), so a phone on the same network joins by
its camera. A link is only shown for a table this app hosts (the addresses
of its own server) or one it joined by an address other machines reach.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from bigcity_desktop.i18n import translate
from bigcity_desktop.ui.qrdraw import qr_pixmap


@dataclass(frozen=True)
class TableLink:
    """What a table's link says: the server's websocket address, the table, its invitation secret."""

    address: str  # ws://host:port or wss://host:port
    table: str
    invite: str | None


_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def table_link(address: str, table: str, invite: str = "") -> str:
    """The page of `table` on the server at `address` (host:port), with the
    table's invitation secret after the # (a browser never sends it to a server,
    nor in a Referer)."""
    return f"http://{address}/t/{table}" + (f"#{invite}" if invite else "")


def read_table_link(text: str) -> TableLink | None:
    """A table's link as :func:`table_link` writes it (http or https), or None if `text` is none."""
    text = text.strip()
    if not text.lower().startswith(("http://", "https://")):
        return None
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return None
    table = parts.path[3:] if parts.path.startswith("/t/") else ""
    if not parts.hostname or not _ID.fullmatch(table) or (parts.fragment and not _ID.fullmatch(parts.fragment)):
        return None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    scheme = "wss" if parts.scheme.lower() == "https" else "ws"
    default = 443 if scheme == "wss" else 80
    return TableLink(f"{scheme}://{host}:{port or default}", table, parts.fragment or None)


class QrDialog(QDialog):
    """The table's link as a large QR code, with the link written under it."""

    def __init__(self, link: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("qrDialog")
        self.setWindowTitle(translate("Network", "Join from a phone"))
        lay = QVBoxLayout(self)
        hint = QLabel(
            translate("Network", "Scan this with the camera of a phone on the same network to open the table.")
        )
        hint.setWordWrap(True)
        lay.addWidget(hint)
        self.code = QLabel()
        self.code.setObjectName("qrCode")
        self.code.setPixmap(qr_pixmap(link, 320))
        self.code.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.code.setAccessibleName(translate("Network", "QR code of the table's link"))
        lay.addWidget(self.code)
        text = QLabel(link)
        text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)


class BrowserLink(QWidget):
    """The line "Friends without the app open …" with the link, Copy link and QR code."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("browserLink")
        self.links: list[str] = []
        self.dialog: QrDialog | None = None
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel()
        self.label.setObjectName("browserLinkText")
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setOpenExternalLinks(True)  # the host may try it in their own browser
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        lay.addWidget(self.label)
        row = QHBoxLayout()
        self.copy_button = QPushButton(translate("Network", "Copy lin&k"))
        self.copy_button.setObjectName("copyLinkButton")
        self.copy_button.clicked.connect(self.copy_link)
        self.qr_button = QPushButton(translate("Network", "&QR code…"))
        self.qr_button.setObjectName("qrButton")
        self.qr_button.setToolTip(translate("Network", "Show the link as a code a phone's camera reads"))
        self.qr_button.clicked.connect(self.show_qr)
        row.addWidget(self.copy_button)
        row.addWidget(self.qr_button)
        row.addStretch(1)
        lay.addLayout(row)
        self.set_links([])

    def set_links(self, links: list[str]) -> None:
        """The table's page at each address (the first one shown); none hides it."""
        self.links = links
        if links:
            first = links[0]
            self.label.setText(
                translate(
                    "Network", "Friends open this link in a browser, or paste it into Join network game: {link}"
                ).format(link=f'<a href="{first}">{first}</a>')
            )
            self.label.setToolTip("\n".join(links))
        self.setVisible(bool(links))

    def copy_link(self) -> None:
        if self.links:
            QApplication.clipboard().setText(self.links[0])

    def show_qr(self) -> QrDialog | None:
        if not self.links:
            return None
        self.dialog = QrDialog(self.links[0], self.window())
        self.dialog.open()
        return self.dialog


__all__ = ["BrowserLink", "QrDialog", "TableLink", "read_table_link", "table_link"]
