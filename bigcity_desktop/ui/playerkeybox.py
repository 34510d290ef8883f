"""Preferences' player key: who this profile is at table servers (its
player id), and the key carried to another computer or browser as a code
or a file, or taken from one. The key itself is the session's
(``session/playerkey.py``), handed in as :class:`KeyAccess`; the code is a
secret and is never shown, only copied or saved."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtWidgets import (
    QApplication,
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
