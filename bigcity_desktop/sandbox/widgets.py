"""The sandbox's docks: the tile tray, the building palette, the heat-map legend."""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import (
    QAbstractListModel,
    QByteArray,
    QMimeData,
    QModelIndex,
    QPoint,
    QPointF,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QIcon, QLinearGradient, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from bigcity_desktop.i18n import rules_text, translate
from bigcity_desktop.scene import BUILDING_MIME, TILE_MIME, building_pixmap, heat_colour
from bigcity_desktop.scene.paneldrag import BoardDragMixin
from bigcity_desktop.scene.style import tile_pixmap
from bigcity_desktop.scene.text import building_name

ROLE_KEY = Qt.ItemDataRole.UserRole + 1  # (btype, variant, size)
ROLE_LEFT = Qt.ItemDataRole.UserRole + 2  # pieces left


def _dpr() -> float:
    """Pixels per point for thumbnails: at least 2 so they stay sharp when the
    window moves to a high-DPI screen."""
    from PySide6.QtGui import QGuiApplication

    app = cast("QGuiApplication | None", QGuiApplication.instance())
    ratio = app.devicePixelRatio() if app is not None else 1.0
    return max(2.0, float(ratio))


class TileTray(BoardDragMixin, QListWidget):
    """Tiles 2-8 as draggable thumbnails. A click (or Enter) starts placing one.

    A drag goes through the board's own placing (scene/paneldrag.py), as in
    the game: over the board the ghost is the neighborhood, under the
    pointer; off it the pointer carries the thumbnail where it was grabbed
    (issue 33.6: a system drag's thumbnail followed the pointer beside the
    board's ghost, off-centre)."""

    tileChosen = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setViewMode(QListWidget.ViewMode.IconMode)
        self.setIconSize(QSize(84, 84))
        self.setGridSize(QSize(100, 122))
        self.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.setMovement(QListWidget.Movement.Static)
        self.setDragEnabled(False)  # dragged onto the board by BoardDrag
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setWordWrap(True)
        self.rotation = 0
        self.rules = None
        self.itemActivated.connect(self._activated)
        self.itemClicked.connect(self._activated)

    def refresh(self, rules, placed: set[int]) -> None:
        """Draw the thumbnails again (the current neighborhood stays current)."""
        self.rules = rules
        current = self.current_number()
        self.clear()
        for n in rules.tiles:
            if n == 1:
                continue
            done = n in placed
            it = QListWidgetItem(
                QIcon(tile_pixmap(rules, n, self.rotation, dpr=max(2.0, self.devicePixelRatioF()), placed=done)),
                f"{n} {rules_text(rules.tile_names.get(n, ''))}"
                + ("\n" + translate("SandboxWidgets", "(placed)") if done else ""),
            )
            it.setData(Qt.ItemDataRole.UserRole, n)
            it.setToolTip(
                translate(
                    "SandboxWidgets",
                    "Neighborhood {n}, {name}: drag it onto the city, or click it and then "
                    "click a highlighted spot. R or the wheel turns it.",
                ).format(n=n, name=rules_text(rules.tile_names.get(n, "")))
            )
            if done:
                it.setFlags(Qt.ItemFlag.NoItemFlags)
            else:
                it.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled)
            self.addItem(it)
        if current is not None and current not in placed:
            self.choose(current)

    def current_number(self) -> int | None:
        it = self.currentItem()
        n = it.data(Qt.ItemDataRole.UserRole) if it is not None else None
        return int(n) if n is not None else None

    def free_numbers(self) -> list[int]:
        """The neighborhoods still in the tray (not placed), in tray order."""
        out = []
        for i in range(self.count()):
            it = self.item(i)
            if it.flags() & Qt.ItemFlag.ItemIsEnabled:
                out.append(int(it.data(Qt.ItemDataRole.UserRole)))
        return out

    def choose(self, number: int) -> bool:
        """Make neighborhood `number` the current item (False if it is not in the tray)."""
        for i in range(self.count()):
            if self.item(i).data(Qt.ItemDataRole.UserRole) == number:
                self.setCurrentRow(i)
                return True
        return False

    def _activated(self, item) -> None:
        n = item.data(Qt.ItemDataRole.UserRole)
        if n is not None and item.flags() & Qt.ItemFlag.ItemIsEnabled:
            self.tileChosen.emit(int(n))

    def mimeTypes(self):
        return [TILE_MIME]

    def mimeData(self, items):
        md = QMimeData()
        if items:
            n = items[0].data(Qt.ItemDataRole.UserRole)
            md.setData(TILE_MIME, QByteArray(f"{n}:{self.rotation}".encode()))
        return md

    def picture(self, index: QModelIndex) -> QPixmap:
        """The thumbnail a drag carries off the board: the one in the tray."""
        item = self.item(index.row())
        return item.icon().pixmap(self.iconSize(), _dpr()) if item is not None else QPixmap()

    def hot_spot(self, index: QModelIndex, grab: QPoint, size: QSize) -> QPoint:
        """The point of the thumbnail (of `size`) that was under the pointer at `grab`."""
        rect = self.visualRect(index)
        icon = self.iconSize()
        left = rect.center().x() - icon.width() // 2
        top = rect.top() + self.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameVMargin, None, self)
        x = (grab.x() - left) * size.width() // max(1, icon.width())
        y = (grab.y() - top) * size.height() // max(1, icon.height())
        return QPoint(min(max(x, 0), size.width() - 1), min(max(y, 0), size.height() - 1))


class PaletteModel(QAbstractListModel):
    """Every building piece of the edition with its count left."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._rows: list[tuple[str, str, int, int]] = []
        self._rules = None
        self._icons: dict = {}

    def set_supply(self, rules, supply: list[tuple[str, str, int, int]]) -> None:
        if rules is not self._rules or [r[:3] for r in supply] != [r[:3] for r in self._rows]:
            self.beginResetModel()
            self._rules = rules
            self._rows = list(supply)
            self._icons = {}
            self.endResetModel()
            return
        for i, row in enumerate(supply):
            if row != self._rows[i]:
                self._rows[i] = row
                ix = self.index(i)
                self.dataChanged.emit(ix, ix)

    def rowCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else len(self._rows)

    def row(self, i: int) -> tuple[str, str, int, int]:
        return self._rows[i]

    def available_rows(self) -> list[int]:
        """The rows with pieces left (the others cannot be picked up)."""
        return [i for i, r in enumerate(self._rows) if r[3] > 0]

    def find(self, btype: str, size: int) -> int:
        for i, r in enumerate(self._rows):
            if r[0] == btype and r[2] == size:
                return i
        return -1

    def _icon(self, btype: str, variant: str):
        key = (btype, variant)
        if key not in self._icons:
            shape = self._rules.shapes[self._rules.buildings[btype].variant(variant).shape]
            self._icons[key] = QIcon(building_pixmap(btype, 40, shape, dpr=_dpr()))
        return self._icons[key]

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        btype, variant, size, left = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{building_name(self._rules, btype, size)}  \u00d7{left}"
        if role == Qt.ItemDataRole.DecorationRole:
            return self._icon(btype, variant)
        if role == Qt.ItemDataRole.ToolTipRole:
            rule = self._rules.buildings[btype]
            v = rule.variant(variant)
            if rule.needs_city_hall:
                need = translate("SandboxWidgets", "needs City Hall in the city")
            else:
                need = translate("SandboxWidgets", "may be built at any time")
            if size == 1:
                text = translate(
                    "SandboxWidgets",
                    "{building}: 1 property, base {base}, {need}. {left} of {count} left. "
                    "Drag it onto the city or click it.",
                )
            else:
                text = translate(
                    "SandboxWidgets",
                    "{building}: {size} properties, base {base}, {need}. {left} of {count} left. "
                    "Drag it onto the city or click it.",
                )
            return text.format(
                building=building_name(self._rules, btype, size),
                size=size,
                base=v.base,
                need=need,
                left=left,
                count=v.count,
            )
        if role == Qt.ItemDataRole.ForegroundRole and left <= 0:
            return QColor("#999999")
        if role == ROLE_KEY:
            return (btype, variant, size)
        if role == ROLE_LEFT:
            return left
        return None

    def flags(self, index):
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        left = self._rows[index.row()][3]
        f = Qt.ItemFlag.ItemIsSelectable
        if left > 0:
            f |= Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsDragEnabled
        return f

    def mimeTypes(self):
        return [BUILDING_MIME]

    def mimeData(self, indexes):
        md = QMimeData()
        for ix in indexes:
            if ix.isValid():
                btype, _v, size, _left = self._rows[ix.row()]
                md.setData(BUILDING_MIME, QByteArray(f"{btype}:{size}".encode()))
                break
        return md

    def supportedDragActions(self):
        return Qt.DropAction.CopyAction


class PaletteView(BoardDragMixin, QListView):
    """The building pieces; dragged onto the board like the tray's
    neighborhoods (scene/paneldrag.py), with the board's own ghost."""

    buildingChosen = Signal(str, int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setIconSize(QSize(40, 40))
        self.setDragEnabled(False)  # dragged onto the board by BoardDrag
        self.setSpacing(1)
        self.setUniformItemSizes(True)
        self.clicked.connect(self._clicked)
        self.activated.connect(self._clicked)

    def _clicked(self, index) -> None:
        key = index.data(ROLE_KEY)
        if key and (index.data(ROLE_LEFT) or 0) > 0:
            self.buildingChosen.emit(key[0], key[2])

    def picture(self, index: QModelIndex) -> QPixmap:
        """The piece a drag carries off the board: its icon in the palette."""
        icon = index.data(Qt.ItemDataRole.DecorationRole)
        return icon.pixmap(self.iconSize(), _dpr()) if isinstance(icon, QIcon) else QPixmap()


class HeatLegend(QWidget):
    """A colour bar from the lowest to the highest score of the heat map."""

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.bar = QLabel(self)
        self.bar.setMinimumHeight(16)
        row = QHBoxLayout()
        self.low = QLabel("", self)
        self.high = QLabel("", self)
        self.high.setAlignment(Qt.AlignmentFlag.AlignRight)
        row.addWidget(self.low)
        row.addWidget(self.high)
        self.text = QLabel("", self)
        self.text.setWordWrap(True)
        lay.addWidget(self.bar)
        lay.addLayout(row)
        lay.addWidget(self.text)
        self.set_range(None, None, "")

    def set_range(self, lo, hi, text: str) -> None:
        self.text.setText(text)
        if lo is None:
            self.bar.clear()
            self.low.setText("")
            self.high.setText("")
            return
        w, h = 220, 16
        pm = QPixmap(w * 2, h * 2)
        pm.setDevicePixelRatio(2.0)
        pm.fill(Qt.GlobalColor.transparent)
        p = QPainter(pm)
        g = QLinearGradient(QPointF(0, 0), QPointF(w, 0))
        for t in (0.0, 0.25, 0.5, 0.75, 1.0):
            g.setColorAt(t, heat_colour(t))
        p.setPen(QPen(QColor("#8a7a60"), 1))
        p.setBrush(g)
        p.drawRoundedRect(QRectF(0.5, 0.5, w - 1, h - 1), 4, 4)
        p.end()
        self.bar.setPixmap(pm)
        self.low.setText(translate("SandboxWidgets", "{n} points").format(n=lo))
        self.high.setText(translate("SandboxWidgets", "{n} points").format(n=hi))
