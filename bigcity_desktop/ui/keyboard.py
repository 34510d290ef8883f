"""Help -> Keyboard: every key of the game (or of the sandbox), from the
window's actions (so the list never drifts from the real shortcuts) and the
board's own keys; and the outline that shows which control has the focus."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from bigcity_desktop.i18n import translate

#: the focused panel or button is outlined (Qt's own focus frame is faint in item views)
FOCUS_STYLE = (
    "QAbstractItemView:focus, QGraphicsView:focus { border: 2px solid #1e5ac8; }"
    "QPushButton:focus, QToolButton:focus { border: 2px solid #1e5ac8; border-radius: 3px; }"
)


def board_keys() -> list[tuple[str, str]]:
    """The keys the board and the panels handle themselves (not menu shortcuts)."""
    return [
        (
            translate("KeyboardDialog", "Arrow keys"),
            translate(
                "KeyboardDialog", "Move the board cursor over the lots (and the streets while placing a streetcar)"
            ),
        ),
        (
            translate("KeyboardDialog", "Enter or Space"),
            translate("KeyboardDialog", "Place the piece at the cursor; with no piece, tell what is under the cursor"),
        ),
        (translate("KeyboardDialog", "M"), translate("KeyboardDialog", "Mirror the L-shaped factory")),
        (translate("KeyboardDialog", "Shift+R"), translate("KeyboardDialog", "Rotate the piece the other way")),
        (
            translate("KeyboardDialog", "Tab, Shift+Tab"),
            translate("KeyboardDialog", "Move the focus to the next (previous) control; the focused one is outlined"),
        ),
        (
            translate("KeyboardDialog", "Up, Down in a list"),
            translate("KeyboardDialog", "Choose a piece in the Supply, a card in your hand or a neighborhood"),
        ),
        (
            translate("KeyboardDialog", "Enter in a list"),
            translate("KeyboardDialog", "Pick up the chosen piece or neighborhood; in your hand, show the card's lot"),
        ),
        (
            translate("KeyboardDialog", "Space in your hand"),
            translate("KeyboardDialog", "Tick or untick the card (for an exchange or a redevelopment offer)"),
        ),
        (
            translate("KeyboardDialog", "Enter in the offers"),
            translate("KeyboardDialog", "Take the chosen redevelopment card"),
        ),
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


def focus_next_pane(panes: list[QWidget], step: int) -> None:
    """F6 / Shift+F6: the keyboard focus to the next (previous) of `panes`,
    from the one that holds it now (the first when none does)."""
    if not panes:
        return
    focus = QApplication.focusWidget()
    at = next((i for i, w in enumerate(panes) if focus is not None and (w is focus or w.isAncestorOf(focus))), -1)
    panes[(at + step) % len(panes)].setFocus(Qt.FocusReason.ShortcutFocusReason)


def menu_actions(menus) -> dict[str, QAction]:
    """Every action of some menus and their submenus, in menu order (for
    KeyboardDialog in a window that keeps no dict of its actions)."""
    out: dict[str, QAction] = {}

    def walk(menu) -> None:
        for a in menu.actions():
            if a.menu() is not None:
                walk(a.menu())
            elif not a.isSeparator():
                out[str(len(out))] = a

    for m in menus:
        walk(m)
    return out


class KeyboardDialog(QDialog):
    """A table of keys: the board's keys first, then every menu shortcut.
    The game's intro and board keys unless others are given (the sandbox)."""

    def __init__(
        self,
        actions: dict[str, QAction],
        parent=None,
        intro: str | None = None,
        board: list[tuple[str, str]] | None = None,
        table_name: str | None = None,
    ):
        super().__init__(parent)
        self.setObjectName("KeyboardDialog")
        self.setWindowTitle(translate("KeyboardDialog", "Keyboard"))
        lay = QVBoxLayout(self)
        label = QLabel(
            intro
            or translate(
                "KeyboardDialog",
                "A whole game can be played with the keyboard. Pick up a piece (B for the Supply, T for a "
                "neighborhood, S for a streetcar), move it with the arrow keys or jump to a lit legal spot with N, "
                "and press Enter to place it. F6 moves between the board and the panels.",
            )
        )
        label.setWordWrap(True)
        lay.addWidget(label)
        rows = (board_keys() if board is None else board) + action_keys(actions)
        self.table = QTableWidget(len(rows), 2)
        self.table.setObjectName("keyTable")
        self.table.setHorizontalHeaderLabels(
            [translate("KeyboardDialog", "Key"), translate("KeyboardDialog", "Action")]
        )
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)
        self.table.setAccessibleName(table_name or translate("KeyboardDialog", "Keys of the game"))
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
