"""Preferences' player key: who this profile is at table servers (its
player id), and the key carried to another computer or browser as a code
or a file or a QR code, or taken from one. The key itself is the session's
(``session/playerkey.py``), handed in as :class:`KeyAccess`; the code is a
secret: never shown as text, only copied, saved, or drawn as a QR code in a
dialog that says it is a secret (:class:`KeyQrDialog`)."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from bigcity_desktop.i18n import translate
from bigcity_desktop.ui.qrdraw import qr_pixmap

#: the most bytes of a key file read
MAX_KEY_FILE = 4096


class KeyAccess(Protocol):
    """The profile's key, as Preferences sees it."""

    def player(self) -> str:
        """The player id (the public key)."""
        ...

    def code(self) -> str:
        """The key as a code (a secret)."""
        ...

    def replace(self, code: str) -> str:
        """Take the key of `code` (ValueError with a sentence when it is not one); the new player id."""
        ...


class PlayerKeyBox(QGroupBox):
    """The group of Preferences that shows and carries the player key."""

    def __init__(self, access: KeyAccess, parent: QWidget | None = None) -> None:
        super().__init__(translate("PlayerKey", "Player key"), parent)
        self.setObjectName("playerKey")
        self.access = access
        lay = QVBoxLayout(self)
        self.id_label = QLabel()
        self.id_label.setObjectName("playerId")
        self.id_label.setWordWrap(True)
        lay.addWidget(self.id_label)
        note = QLabel(
            translate(
                "PlayerKey",
                "Table servers know you by this key, with no password. Carry it to another computer or "
                "browser as a code or a file; keep it to yourself: whoever has it plays as you.",
            )
        )
        note.setWordWrap(True)
        lay.addWidget(note)
        row = QHBoxLayout()
        for name, label, slot in (
            ("copyKey", translate("PlayerKey", "&Copy code"), self.copy_code),
            ("saveKey", translate("PlayerKey", "Save to &file…"), self.save_file),
            ("qrKey", translate("PlayerKey", "&QR code…"), self.show_qr),
            ("pasteKey", translate("PlayerKey", "&Enter a code…"), self.enter_code),
            ("openKey", translate("PlayerKey", "&Open a file…"), self.open_file),
        ):
            button = QPushButton(label)
            button.setObjectName(name)
            button.clicked.connect(slot)
            row.addWidget(button)
        lay.addLayout(row)
        self._show()

    def _show(self) -> None:
        self.id_label.setText(translate("PlayerKey", "Your player id: {player}").format(player=self.access.player()))

    def copy_code(self) -> None:
        QApplication.clipboard().setText(self.access.code())

    def show_qr(self) -> KeyQrDialog:
        """The code as a QR code for a phone's camera, with the warning that it is a secret."""
        dlg = KeyQrDialog(self.access.code(), self)
        dlg.open()
        return dlg

    def save_file(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self,
            translate("PlayerKey", "Save the player key"),
            "bigcity-player-key.txt",
            translate("PlayerKey", "Player key (*.txt)"),
        )
        if path:
            try:
                Path(path).write_text(self.access.code() + "\n", encoding="ascii")
                Path(path).chmod(0o600)
            except OSError as exc:
                QMessageBox.warning(self, translate("PlayerKey", "Player key"), str(exc.strerror or exc))

    def enter_code(self) -> None:
        code, ok = QInputDialog.getText(
            self, translate("PlayerKey", "Player key"), translate("PlayerKey", "The player key's code (BCK1.…):")
        )
        if ok and code.strip():
            self.take(code)

    def open_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            translate("PlayerKey", "Open a player key"),
            "",
            translate("PlayerKey", "Player key (*.txt);;All files (*)"),
        )
        if not path:
            return
        try:
            with open(path, "rb") as f:
                text = f.read(MAX_KEY_FILE).decode("ascii", "replace")
        except OSError as exc:
            QMessageBox.warning(self, translate("PlayerKey", "Player key"), str(exc.strerror or exc))
            return
        self.take(text)

    def take(self, code: str) -> bool:
        """This profile takes the key of `code`; a sentence when it cannot."""
        try:
            self.access.replace(code)
        except ValueError:
            QMessageBox.warning(
                self,
                translate("PlayerKey", "Player key"),
                translate("PlayerKey", "This is not a player key's code, or it is damaged."),
            )
            return False
        except OSError as exc:
            QMessageBox.warning(self, translate("PlayerKey", "Player key"), str(exc.strerror or exc))
            return False
        self._show()
        return True


class KeyQrDialog(QDialog):
    """The player key's code as a QR code (ui/qrdraw.py, as the table links'), under a warning."""

    def __init__(self, code: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("keyQrDialog")
        self.setWindowTitle(translate("PlayerKey", "Player key as a QR code"))
        lay = QVBoxLayout(self)
        self.warning = QLabel(
            translate(
                "PlayerKey",
                "<b>This code is your player key, a secret</b>: whoever scans it plays as you. "
                "Show it only to your own phone or computer, never to anyone else, in a screenshot or a stream.",
            )
        )
        self.warning.setObjectName("keyQrWarning")
        self.warning.setWordWrap(True)
        lay.addWidget(self.warning)
        self.code = QLabel()
        self.code.setObjectName("keyQrCode")
        self.code.setPixmap(qr_pixmap(code, 300))
        self.code.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.code.setAccessibleName(translate("PlayerKey", "QR code of your player key (a secret)"))
        lay.addWidget(self.code)
        hint = QLabel(
            translate(
                "PlayerKey", "On the other device, enter the code it reads: Enter a code…, or the page's Use this code."
            )
        )
        hint.setWordWrap(True)
        lay.addWidget(hint)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
