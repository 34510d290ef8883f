"""The game table: the board in the middle and the largest thing on screen,
the players in a row across the top, the Supply's pieces and the
neighborhoods to come at the left, the hand as cards along the bottom; the
log, the score chart and a network game's table wait in a drawer until
asked for (F9), remembered between runs; they open on a sheet over the
table's left side (game/tabletop/sheet.py), never beside the board.

Three parts: :class:`TablePane` (one captioned place on the table),
:class:`GameTable` (the central widget that lays them out for the window's
size) and :class:`Drawer` (the panels and their switch)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QSettings, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from bigcity_desktop.i18n import translate

from .sheet import PanelSheet

# the drawer's switch
DRAWER_SHORTCUT = "F9"
# the setting that remembers whether the drawer is open, and which docks it showed
DRAWER_KEY = "window/drawer"
# the docks the drawer opens with on a first run
FIRST_DOCKS = ("log", "chart")

# the players' row across the top: at most this high
TOP_ROW_MAX = 96

# the left column (the Supply's tray, the neighborhoods): its share of the
# window's width, and its narrowest and widest
LEFT_SHARE = 0.16
LEFT_MIN = 214
LEFT_MAX = 300

# below this width (px) the table is compact: the Supply's tray takes the
# left column's room and the neighborhoods shrink to small numbered
# thumbnails, all in sight, rather than either scrolling (issue 46.1)
COMPACT_BELOW = 1100
# ... and below this height of the table (px) too: a 1366×768 laptop, or
# 1920×1080 at 150 % (1280×720), has no height for the Supply's sixteen
# pieces and the named neighborhoods one above the other
COMPACT_SHORTER = 780

# a widget's largest size (Qt's QWIDGETSIZE_MAX)
QWIDGETSIZE_MAX = 16777215

# the side drawer on a small window: its share of the window's width, its narrowest and widest
SIDE_SHARE = 0.25
SIDE_MIN = 240
SIDE_MAX = 380


class TablePane(QFrame):
    """One place on the table: a small caption over what it shows. The
    caption is the pane's window title (``setWindowTitle`` changes it), as
    a dock's was."""

    def __init__(self, key: str, title: str, widget: QWidget, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName(f"{key}Pane")
        self.setFrameShape(QFrame.Shape.NoFrame)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 2, 4, 2)
        lay.setSpacing(1)
        self.caption = QLabel(title)
        self.caption.setObjectName(f"{key}Caption")
        font = self.caption.font()
        font.setBold(True)
        self.caption.setFont(font)
        self.caption.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        lay.addWidget(self.caption)
        lay.addWidget(widget, 1)
        self._widget = widget
        self.windowTitleChanged.connect(self.caption.setText)
        self.setWindowTitle(title)

    def widget(self) -> QWidget:
        return self._widget


class GameTable(QWidget):
    """The window's central widget: the players' row across the top (with
    the City view and side-panel switches at its end), the left column, the
    board and the hand under it. The board takes whatever the others leave."""

    def __init__(
        self,
        strips: QWidget,
        board: QWidget,
        left: list[TablePane],
        hand: TablePane,
        switches: list[QAction],
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self.setObjectName("GameTable")
        self.board = board
        self.hand = hand
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(0)
        top = QHBoxLayout()
        top.setContentsMargins(4, 3, 4, 3)
        top.setSpacing(6)
        strips.setMaximumHeight(TOP_ROW_MAX)  # the players' row never takes the board's room
        top.addWidget(strips, 1)
        self.switches: list[QToolButton] = []
        for a in switches:
            b = QToolButton()
            b.setDefaultAction(a)
            b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            b.setObjectName(f"{a.objectName()}Button")
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            b.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
            b.setMinimumHeight(b.fontMetrics().height() + 16)
            top.addWidget(b, 0, Qt.AlignmentFlag.AlignVCenter)
            self.switches.append(b)
        grid.addLayout(top, 0, 0, 1, 2)
        self.left = QWidget()
        self.left.setObjectName("TableLeft")
        col = QVBoxLayout(self.left)
        col.setContentsMargins(0, 0, 0, 0)
        col.setSpacing(2)
        for i, pane in enumerate(left):
            col.addWidget(pane, 5 if i == 0 else 1)
        self._column = col
        self._left_panes = left
        self.compact: bool | None = None
        # the hand's row across the whole table, under the Supply too (set_wide_hand)
        self.wide_hand = False
        self._grid = grid
        grid.addWidget(self.left, 1, 0, 2, 1)
        grid.addWidget(board, 1, 1)
        grid.addWidget(hand, 2, 1)
        grid.setRowStretch(1, 1)
        grid.setColumnStretch(1, 1)
        board.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        board.setMinimumSize(QSize(320, 240))
        # what lies over the board (the panel sheet): each has covered(), the part of the board under it
        self.covers: list = []
        board.installEventFilter(self)  # the board's height bounds the Supply's in the compact arrangement

    def refresh_hand(self, wide: bool, refresh: Callable[[], object]) -> None:
        """`refresh` the hand, its row across the table while `wide` (the
        redevelopment's offered cards beside the hand): widened before the
        hand shows them, narrowed once it has put them away, so that they
        never push the window wider than the screen."""
        self.set_wide_hand(wide or self.wide_hand)
        refresh()
        self.set_wide_hand(wide)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.board and event.type() == QEvent.Type.Resize:
            self._fit_first_pane()
        return False

    def _fit_first_pane(self) -> None:
        """Compact: the Supply ends where the board does (the left column and
        the board start on the same row: its height is the board's), so the
        panel sheet, which ends there too, covers all of it; the
        neighborhoods have the room beside the hand."""
        first = self._left_panes[0] if self._left_panes else None
        if first is None:
            return
        if self.compact and not self.wide_hand:
            first.setMaximumHeight(max(first.minimumSizeHint().height(), self.board.height()))
        else:
            first.setMaximumHeight(QWIDGETSIZE_MAX)  # (with the wide hand the column is the board's row)

    def set_wide_hand(self, on: bool) -> None:
        """The hand's row across the whole table (`on`), under the Supply's
        column too, the panes below the Supply set aside: the jumbo
        redevelopment, when nobody places a neighborhood and the hand, the
        offer buttons and every offered card lie side by side (issue 46.2).
        The Supply's column is then the board's row, as tall as the board."""
        if on == self.wide_hand:
            return
        self.wide_hand = on
        grid = self._grid
        grid.removeWidget(self.left)
        grid.removeWidget(self.hand)
        grid.addWidget(self.left, 1, 0, 1 if on else 2, 1)
        grid.addWidget(self.hand, 2, 0 if on else 1, 1, 2 if on else 1)
        for pane in self._left_panes[1:]:
            pane.setVisible(not on)
        self._fit_first_pane()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fit()

    def fit(self) -> None:
        """The left column's width for the window's: about a fifth, between
        LEFT_MIN and LEFT_MAX; below COMPACT_BELOW wide or COMPACT_SHORTER
        high the compact arrangement (the panes below the first shrink to
        what they need, see ``set_compact``, and the first takes the rest)."""
        w = max(LEFT_MIN, min(LEFT_MAX, int(self.width() * LEFT_SHARE)))
        self.left.setFixedWidth(w)
        compact = self.width() < COMPACT_BELOW or self.height() < COMPACT_SHORTER
        if compact == self.compact:
            return
        self.compact = compact
        for i, pane in enumerate(self._left_panes):
            self._column.setStretch(i, (1 if compact else 5) if i == 0 else (0 if compact else 1))
            set_compact = getattr(pane.widget(), "set_compact", None)
            if set_compact is not None:
                set_compact(compact)
        self._fit_first_pane()

    def board_share(self) -> float:
        """The board's part of the window's area (0 to 1), as the issue
        measures it: the part left uncovered by what lies over it (the panel
        sheet, ``covers``)."""
        window = self.window()
        area = window.width() * window.height()
        hidden = 0
        for cover in self.covers:
            r = cover.covered()
            hidden += r.width() * r.height()
        return (self.board.width() * self.board.height() - hidden) / area if area else 0.0


class Drawer(QObject):
    """The panels: the game log, the score chart, a network game's table.
    Shut by default; F9 (or the switch at the end of the players' row)
    opens them with the docks it last showed, and the choice is remembered.
    Once laid over the table (:meth:`lay_over`, the panel sheet) the docks
    open on the sheet; before that, beside the board in the window's dock area."""

    toggled = Signal(bool)

    def __init__(self, window: QMainWindow, settings: QSettings, parent: QObject | None = None):
        super().__init__(parent or window)
        self.window = window
        self.settings = settings
        self.docks: dict[str, QDockWidget] = {}
        self.sheet: PanelSheet | None = None
        self._shown: list[str] = list(FIRST_DOCKS)
        self.action = QAction(translate("GameWindow", "Log && chart"), window)
        self.action.setObjectName("drawerSwitch")
        self.action.setCheckable(True)
        self.action.setShortcut(QKeySequence(DRAWER_SHORTCUT))
        self.action.setToolTip(
            translate(
                "GameWindow",
                "Show or hide the panel sheet over the table: the game log, the score chart, the network table (F9)",
            )
        )
        self.action.toggled.connect(self._switched)
        window.addAction(self.action)

    def lay_over(self, sheet: PanelSheet) -> None:
        """The docks added from now on open on `sheet`, over the table."""
        self.sheet = sheet

    def add(self, key: str, title: str, widget: QWidget) -> QDockWidget:
        d = QDockWidget(title, self.window)
        d.setObjectName(f"{key}Dock")
        d.setWidget(widget)
        return self.add_dock(key, d)

    def add_dock(self, key: str, d: QDockWidget) -> QDockWidget:
        if self.sheet is not None:
            self.sheet.add(key, d)
            d.visibilityChanged.connect(lambda _on: self._sync())
            self.docks[key] = d
            return d
        d.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
        )
        self.window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, d)
        d.visibilityChanged.connect(lambda _on: self._sync())
        # a dock shown gives way to the board at once, not at the next resize (issue 46.1)
        d.visibilityChanged.connect(lambda on, d=d: QTimer.singleShot(0, lambda: self.fit(d)) if on else None)
        self.docks[key] = d
        return d

    # -- open and shut
    @property
    def is_open(self) -> bool:
        return any(not d.isHidden() for d in self.docks.values())

    def open(self, keys: tuple[str, ...] | list[str] | None = None) -> None:
        """Show the drawer: with `keys`' docks, or those it showed last."""
        for k in keys or self._shown:
            d = self.docks.get(k)
            if d is not None:
                d.show()
                d.raise_()
        if self.sheet is not None:
            self.sheet.place()
        self._sync()

    def shut(self) -> None:
        shown = [k for k, d in self.docks.items() if not d.isHidden() and not d.isFloating()]
        if shown:
            self._shown = shown
        for d in self.docks.values():
            if not d.isFloating():
                d.hide()
        if self.sheet is not None:
            self.sheet.place()
        self._sync()

    def _switched(self, on: bool) -> None:
        if on != self.is_open:
            self.open() if on else self.shut()
        self.toggled.emit(on)

    def _sync(self) -> None:
        open_now = self.is_open
        if self.action.isChecked() != open_now:
            self.action.blockSignals(True)
            self.action.setChecked(open_now)
            self.action.blockSignals(False)

    def fit(self, shown: QDockWidget | None = None) -> None:
        """On a small window the drawer gives way to the board: at most about
        a quarter of the width. Docks are only ever narrowed here, never
        widened, but for `shown`, a dock just opened (not laid out yet)."""
        if self.sheet is not None:
            return  # the sheet lies over the table: nothing beside the board to narrow
        w = self.window
        side = max(SIDE_MIN, min(SIDE_MAX, int(w.width() * SIDE_SHARE)))
        docked = [d for d in self.docks.values() if d.isVisible() and not d.isFloating()]
        wide = [d for d in docked if d.width() > side + 8 or d is shown]
        if wide:
            w.resizeDocks(wide, [side] * len(wide), Qt.Orientation.Horizontal)

    # -- remembered
    def save(self) -> None:
        shown = [k for k, d in self.docks.items() if not d.isHidden()] or self._shown
        self.settings.setValue(DRAWER_KEY, ",".join(shown) if self.is_open else "")
        self.settings.setValue(DRAWER_KEY + "Last", ",".join(shown))

    def restore(self) -> None:
        """Open or shut as it was (the window's saved state placed the docks);
        shut on a first run."""
        last = str(self.settings.value(DRAWER_KEY + "Last", "") or "")
        self._shown = [k for k in last.split(",") if k in self.docks] or list(FIRST_DOCKS)
        was = str(self.settings.value(DRAWER_KEY, "") or "")
        # a network game's table comes with its game (NetworkPart), never by itself
        keys = [k for k in was.split(",") if k in self.docks and k != "table"]
        for k, d in self.docks.items():
            if k not in keys and not d.isFloating():
                d.hide()
        if keys:
            self.open(keys)
        self._sync()
