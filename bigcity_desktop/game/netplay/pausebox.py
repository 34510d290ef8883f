"""The table panel's pause (issue 48 item 3; the server's side is
net/pausing.py): at an unrated table in play a player asks for a pause, the
others agree, and when every connected player has, the table pauses (its
clocks stop, moves are refused) until any one player resumes it. A rated
table cannot be paused, and the box says why."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from bigcity_desktop.i18n import translate
from bigcity_desktop.net.protocol import TableInfo
from bigcity_desktop.session.remote import RemoteSession


class PauseBox(QWidget):
    """A line saying where the pause stands, and the buttons that go with it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pauseBox")
        self.session: RemoteSession | None = None
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.line = QLabel()
        self.line.setObjectName("pauseLine")
        self.line.setWordWrap(True)
        lay.addWidget(self.line)
        row = QHBoxLayout()
        self.pause_button = QPushButton()  # ask for a pause, or agree
        self.pause_button.setObjectName("pauseButton")
        self.pause_button.clicked.connect(lambda: self._send(True))
        self.play_button = QPushButton()  # resume, or play on (withdraw the asks)
        self.play_button.setObjectName("playOnButton")
        self.play_button.clicked.connect(lambda: self._send(False))
        row.addWidget(self.pause_button)
        row.addWidget(self.play_button)
        lay.addLayout(row)
        self.hide()

    def _send(self, on: bool) -> None:
        if self.session is not None:
            self.session.client.pause(on)

    def show_for(self, session: RemoteSession | None, t: TableInfo | None) -> None:
        """The pause as `t` says it, for this session's seat (hidden off a game in play, or to a spectator)."""
        self.session = session
        seat = session.seat if session is not None else None
        if t is None or seat is None or t.status != "playing":
            self.hide()
            return
        self.show()
        self.line.setVisible(t.rated or t.paused or bool(t.pause_asked))  # nothing to say before an ask
        if t.rated:
            self.line.setText(translate("Network", "A rated game cannot be paused: its clocks are part of the result."))
            self.pause_button.setText(translate("Network", "&Pause"))
            self.pause_button.setEnabled(False)
            self.play_button.hide()
            return
        self.pause_button.setEnabled(True)
        names = ", ".join(t.seats[i].name or str(i + 1) for i in t.pause_asked if i < len(t.seats))
        if t.paused:
            self.line.setText(translate("Network", "<b>The table is paused</b>: the clocks stand. Any player resumes."))
            self.pause_button.hide()
            self.play_button.setText(translate("Network", "&Resume the game"))
            self.play_button.show()
        elif seat in t.pause_asked:
            self.line.setText(translate("Network", "You asked for a pause: it begins when every player here agrees."))
            self.pause_button.hide()
            self.play_button.setText(translate("Network", "Play &on"))
            self.play_button.show()
        elif t.pause_asked:
            self.line.setText(
                translate("Network", "{names} asked for a pause: it begins when every player here agrees.").format(
                    names=names
                )
            )
            self.pause_button.setText(translate("Network", "&Agree to pause"))
            self.pause_button.show()
            self.play_button.setText(translate("Network", "Play &on"))
            self.play_button.show()
        else:
            self.line.setText("")
            self.pause_button.setText(translate("Network", "Ask for a &pause"))
            self.pause_button.show()
            self.play_button.hide()
