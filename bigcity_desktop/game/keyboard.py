"""Help -> Keyboard: every key of the game, from the window's actions (so
the list never drifts from the real shortcuts) and the board's own keys."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)


def _t(text: str) -> str:
    return QCoreApplication.translate("KeyboardDialog", text)


def board_keys() -> list[tuple[str, str]]:
    """The keys the board and the panels handle themselves (not menu shortcuts)."""
    return [
        (_t("Arrow keys"), _t("Move the board cursor over the lots (and the streets while placing a streetcar)")),
        (_t("Enter or Space"), _t("Place the piece at the cursor; with no piece, tell what is under the cursor")),
        (_t("M"), _t("Mirror the L-shaped factory")),
        (_t("Shift+R"), _t("Rotate the piece the other way")),
        (_t("Tab, Shift+Tab"), _t("Move the focus to the next (previous) control; the focused one is outlined")),
        (_t("Up, Down in a list"), _t("Choose a piece in the Supply, a card in your hand or a neighborhood")),
        (_t("Enter in a list"), _t("Pick up the chosen piece or neighborhood; in your hand, show the card's lot")),
        (_t("Space in your hand"), _t("Tick or untick the card (for an exchange or a redevelopment offer)")),
        (_t("Enter in the offers"), _t("Take the chosen redevelopment card")),
    ]


def action_keys(actions: dict[str, QAction]) -> list[tuple[str, str]]:
    """(key, what it does) of every window action that has a shortcut."""
    out = []
    for act in actions.values():
        seq = act.shortcut()
        if seq.isEmpty():
            continue
        what = act.text().replace("&", "").rstrip("\N{HORIZONTAL ELLIPSIS}")
        out.append((seq.toString(QKeySequence.SequenceFormat.NativeText), what))
    return out


class KeyboardDialog(QDialog):
    """A table of keys: the board's keys first, then every menu shortcut."""

    def __init__(self, actions: dict[str, QAction], parent=None):
        super().__init__(parent)
        self.setObjectName("KeyboardDialog")
        self.setWindowTitle(_t("Keyboard"))
        lay = QVBoxLayout(self)
        intro = QLabel(
            _t(
                "A whole game can be played with the keyboard. Pick up a piece (B for the Supply, T for a "
                "neighborhood, S for a streetcar), move it with the arrow keys or jump to a lit legal spot with N, "
                "and press Enter to place it. F6 moves between the board and the panels."
            )
        )
        intro.setWordWrap(True)
        lay.addWidget(intro)
        rows = board_keys() + action_keys(actions)
        self.table = QTableWidget(len(rows), 2)
        self.table.setObjectName("keyTable")
        self.table.setHorizontalHeaderLabels([_t("Key"), _t("Action")])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)
        self.table.setAccessibleName(_t("Keys of the game"))
        for i, (key, what) in enumerate(rows):
            k = QTableWidgetItem(key)
            k.setFlags(k.flags() & ~Qt.ItemFlag.ItemIsEditable)
            self.table.setItem(i, 0, k)
            self.table.setItem(i, 1, QTableWidgetItem(what))
        h = self.table.horizontalHeader()
        h.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        h.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        lay.addWidget(self.table, 1)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        box.rejected.connect(self.reject)
        lay.addWidget(box)
        self.resize(620, 560)

    def keys(self) -> list[str]:
        """The keys listed (for tests)."""
        items = (self.table.item(i, 0) for i in range(self.table.rowCount()))
        return [it.text() for it in items if it is not None]
