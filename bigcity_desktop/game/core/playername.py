"""The player's own name (issue 46.6): asked once at the first start,
prefilled from the system account (the full name where the system keeps
one, else the login name), kept in the settings (``player/name``) and used
wherever the app needs the name of the person at the screen: the first seat
of a new game, the tutorial's follow-up game, a network seat. So the name
other players read is a name ("Greta's table", "Greta wins"), never the word
"You"."""

from __future__ import annotations

import getpass
import sys
from collections.abc import Callable

from PySide6.QtCore import QObject, QSettings
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QLineEdit, QVBoxLayout, QWidget

from bigcity_desktop.engine.jsonio import MAX_NAME
from bigcity_desktop.engine.names import clean_name
from bigcity_desktop.i18n import translate

NAME_KEY = "player/name"


def _full_name(login: str) -> str:
    """The account's full name where the system keeps one ("" if none)."""
    if sys.platform == "win32":  # pragma: no cover - Windows only
        import ctypes

        size = ctypes.c_ulong(0)
        secur32 = ctypes.windll.secur32  # type: ignore[attr-defined]
        secur32.GetUserNameExW(3, None, ctypes.byref(size))  # 3: NameDisplay
        buf = ctypes.create_unicode_buffer(size.value or 1)
        return buf.value if size.value and secur32.GetUserNameExW(3, buf, ctypes.byref(size)) else ""
    try:
        import pwd

        return pwd.getpwnam(login).pw_gecos.split(",")[0]
    except (ImportError, KeyError, OSError):
        return ""


def system_name() -> str:
    """The name the system account gives: its full name, else the login name; "" if neither."""
    try:
        login = getpass.getuser()
    except (KeyError, OSError, ImportError):
        login = ""
    try:
        full = _full_name(login) if login else ""
    except (OSError, AttributeError, ValueError):  # pragma: no cover - a system without the call
        full = ""
    return clean_name(full) or clean_name(login)


def saved_name(settings: QSettings) -> str:
    """The name the player gave (at the first start or since), or ""."""
    return clean_name(str(settings.value(NAME_KEY, "") or ""))


def own_name(settings: QSettings) -> str:
    """The player's name: the one given, else the system account's, else "Player"."""
    return saved_name(settings) or system_name() or translate("PlayerName", "Player")


class NameDialog(QDialog):
    """What is your name? (The first start, and Tools → Your name.)"""

    def __init__(self, name: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("NameDialog")
        self.setWindowTitle(translate("PlayerName", "Welcome to Big City"))
        lay = QVBoxLayout(self)
        ask = QLabel(
            translate("PlayerName", "What is your name? The other players see it at the table and in the results.")
        )
        ask.setWordWrap(True)
        lay.addWidget(ask)
        self.name = QLineEdit(name)
        self.name.setObjectName("playerName")
        self.name.setMaxLength(MAX_NAME)
        self.name.selectAll()
        ask.setBuddy(self.name)
        lay.addWidget(self.name)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        lay.addWidget(buttons)

    def chosen(self) -> str:
        return clean_name(self.name.text())


class PlayerName(QObject):
    """The game window's part that asks for the player's name and keeps it."""

    def __init__(self, settings: QSettings, window: QWidget):
        super().__init__(window)
        self.settings = settings
        self.window = window
        self.dialog: NameDialog | None = None

    def name(self) -> str:
        """The player's name: the one given, else the system account's."""
        return own_name(self.settings)

    def given(self) -> str:
        """The name the player gave ("" before the first start asked it)."""
        return saved_name(self.settings)

    def ask(self, then: Callable[[], None] | None = None) -> NameDialog:
        """Ask for the name (window-modal, non-blocking), prefilled; kept on OK,
        and the prefilled one kept if the dialog is closed; then `then`."""
        dlg = NameDialog(self.name(), self.window)

        def done(_result: int) -> None:
            self.settings.setValue(NAME_KEY, dlg.chosen() or self.name())
            self.settings.sync()
            if then is not None:
                then()

        dlg.finished.connect(done)
        self.dialog = dlg
        dlg.open()
        return dlg

    def ask_once(self, then: Callable[[], None]) -> bool:
        """At the first start: ask, then `then`; True if asked (else `then` is left to the caller)."""
        if saved_name(self.settings):
            return False
        self.ask(then)
        return True
