"""The Join dialog's Play now row (a ``--public`` server, issue 48 item 2):
the table's size, rated or not, the clock, and the button.

The clocks offered are the server's profiles (net/clocks.py: PROFILES, named
there once), or none, for an unrated table only: a rated game needs a clock,
so ticking Rated takes "No clock" away and picks the first profile. The
server seats together only players who chose the same edition, size, rated
flag and clock."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QPushButton, QSpinBox, QWidget

from bigcity_desktop.i18n import translate
from bigcity_desktop.net.clocks import PROFILES


def clock_choices(box: QComboBox, with_none: bool = True) -> None:
    """`box` filled with "No clock" (its data None) and each time control (its data the profile's name)."""
    box.clear()
    if with_none:
        box.addItem(translate("Network", "No clock"), None)
    for name, (base, step) in PROFILES.items():
        box.addItem(
            translate("Network", "{minutes} min + {seconds} s a turn").format(
                minutes=int(base // 60), seconds=int(step)
            ),
            name,
        )


class QuickMatchRow(QWidget):
    """Play now's choices and button; `asked` carries (players, rated, clock or None)."""

    asked = Signal(int, bool, object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.players = QSpinBox()
        self.players.setRange(2, 5)
        self.players.setValue(3)
        self.players.setSuffix(translate("Network", " players"))
        self.rated = QCheckBox(translate("Network", "Rated"))
        self.rated.setToolTip(translate("Network", "A rated game needs a clock, and your player key"))
        self.clock = QComboBox()
        self.clock.setObjectName("quickClock")
        self.clock.setAccessibleName(translate("Network", "Clock"))
        clock_choices(self.clock)
        self.rated.toggled.connect(self._rated_changed)
        self.button = QPushButton(translate("Network", "Play &now"))
        self.button.setObjectName("playNow")
        self.button.setToolTip(
            translate(
                "Network",
                "A seat with strangers of a similar rating on a public server; "
                "bots take the seats still empty after a wait.",
            )
        )
        self.button.clicked.connect(lambda: self.asked.emit(self.players.value(), self.rated.isChecked(), self.chosen))
        row.addWidget(self.players)
        row.addWidget(self.rated)
        row.addWidget(self.clock)
        row.addStretch(1)
        row.addWidget(self.button)

    @property
    def chosen(self) -> str | None:
        """The time control chosen (None: no clock)."""
        data = self.clock.currentData()
        return str(data) if data else None

    def _rated_changed(self, rated: bool) -> None:
        """Rated: the clocks only (the one chosen kept, else the first)."""
        was = self.chosen
        clock_choices(self.clock, with_none=not rated)
        i = self.clock.findData(was) if was is not None else -1
        self.clock.setCurrentIndex(max(0, i))
