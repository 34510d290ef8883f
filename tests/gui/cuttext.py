"""Text that does not fit (issue 33.6): a checker for any window or dialog.

:func:`cut_texts` walks every visible widget under a root and returns one
sentence per text the player cannot read whole: a label, button, group box
title, tab, combo box or item view header whose text needs more room than
the widget has (or than the part of it its parents leave visible), and a text
shortened with "…" in code while its whole form is kept elsewhere (the tool
tip). An empty list means nothing is cut.

The root must be shown (offscreen is enough): only visible widgets count.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QAction, QFont, QFontMetrics, QIcon, QPixmap, QTextDocument
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHeaderView,
    QLabel,
    QListView,
    QPushButton,
    QRadioButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionButton,
    QStyleOptionComboBox,
    QStyleOptionViewItem,
    QTabBar,
    QTableView,
    QToolBar,
    QToolButton,
    QTreeView,
    QWidget,
)

ELLIPSIS = "…"
#: a pixel of slack: text measured as a hair wider than its box is not cut
SLACK = 1


def _name(w: QWidget) -> str:
    return f"{type(w).__name__}({w.objectName() or '-'})"


def _finding(w: QWidget, text: str, need: int, have: int, what: str = "width") -> str:
    return f"{_name(w)} {text!r}: needs {what} {need}, has {have}"


def visible_width(w: QWidget, root: QWidget) -> int:
    """The width of `w` left visible by its parents (each clips its children),
    up to `root` or a scroll area's viewport (there the player can scroll)."""
    rect = QRect(0, 0, w.width(), w.height())
    child: QWidget = w
    parent = w.parentWidget()
    while parent is not None and child is not root and not child.isWindow():
        rect = rect.translated(child.pos()).intersected(parent.rect())
        if isinstance(parent.parentWidget(), QAbstractScrollArea) and parent is parent.parentWidget().viewport():  # type: ignore[union-attr]
            break
        child, parent = parent, parent.parentWidget()
    return max(0, rect.width())


def _plain(text: str) -> str:
    """A mnemonic's "&" taken out ("&&" is a literal "&")."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def _elided_in_code(w: QWidget, text: str) -> bool:
    """`text` ends with "…" where the widget's tool tip holds the whole of it."""
    if not text.endswith(ELLIPSIS):
        return False
    stem = text[: -len(ELLIPSIS)].rstrip()
    tip = QTextDocument()
    tip.setHtml(w.toolTip()) if GuiQt.mightBeRichText(w.toolTip()) else tip.setPlainText(w.toolTip())
    whole = tip.toPlainText()
    return bool(stem) and len(whole) > len(text) and whole.startswith(stem)


def _label(w: QLabel, root: QWidget) -> list[str]:
    text = w.text()
    if not text.strip():
        return []
    out = []
    if _elided_in_code(w, text):
        out.append(f"{_name(w)} {text!r}: shortened with … (the whole text is {w.toolTip()!r})")
    have_w, have_h = visible_width(w, root), w.height()
    if w.wordWrap():
        need_h = w.heightForWidth(min(w.width(), have_w))
        if need_h > have_h + SLACK:
            out.append(_finding(w, text, need_h, have_h, "height"))
        # a word longer than the line still sticks out
        need_w = w.minimumSizeHint().width()
        if need_w > have_w + SLACK and not GuiQt.mightBeRichText(text):
            out.append(_finding(w, text, need_w, have_w))
        return out
    hint = w.sizeHint()
    if hint.width() > have_w + SLACK:
        out.append(_finding(w, text, hint.width(), have_w))
    elif hint.height() > have_h + SLACK:
        out.append(_finding(w, text, hint.height(), have_h, "height"))
    return out


def _push_button_need(w: QPushButton) -> int:
    """The width a push button needs for its text and icon (without the
    style's minimum width of a text button, which is no text's need)."""
    opt = QStyleOptionButton()
    opt.initFrom(w)
    opt.text = w.text()
    opt.icon = w.icon()
    opt.iconSize = w.iconSize()
    if w.isDefault() or w.autoDefault():
        opt.features |= QStyleOptionButton.ButtonFeature.AutoDefaultButton
    if w.menu() is not None:
        opt.features |= QStyleOptionButton.ButtonFeature.HasMenu
    fm = w.fontMetrics()
    content = fm.size(Qt.TextFlag.TextShowMnemonic, w.text()).width()
    if not w.icon().isNull():
        content += w.iconSize().width() + 4
    big = 400  # past the style's minimum: the margins alone
    margins = w.style().sizeFromContents(QStyle.ContentsType.CT_PushButton, opt, QSize(big, fm.height()), w).width()
    return content + margins - big


def _button(w: QAbstractButton, root: QWidget) -> list[str]:
    text = w.text()
    if not text.strip():
        return []
    if isinstance(w, QToolButton) and w.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly:
        if not w.icon().isNull():
            return []
    out = []
    if _elided_in_code(w, text):
        out.append(f"{_name(w)} {text!r}: shortened with … (the whole text is {w.toolTip()!r})")
    if isinstance(w, QPushButton):
        need = _push_button_need(w)
    elif isinstance(w, (QCheckBox, QRadioButton, QToolButton)):
        need = w.sizeHint().width()
    else:
        need = w.sizeHint().width()
    have = visible_width(w, root)
    if need > have + SLACK:
        out.append(_finding(w, _plain(text), need, have))
    return out


def _group_box(w: QGroupBox, root: QWidget) -> list[str]:
    title = w.title()
    if not title.strip():
        return []
    fm = w.fontMetrics()
    need = fm.size(Qt.TextFlag.TextShowMnemonic, title).width() + 2 * 8  # Fusion's title inset, both sides
    if w.isCheckable():
        need += w.style().pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth) + 6
    have = visible_width(w, root)
    return [_finding(w, _plain(title), need, have)] if need > have + SLACK else []


def _tab_bar(w: QTabBar, root: QWidget) -> list[str]:
    out = []
    fm = w.fontMetrics()
    space = w.style().pixelMetric(QStyle.PixelMetric.PM_TabBarTabHSpace, None, w)
    have_bar = visible_width(w, root)
    for i in range(w.count()):
        if not w.isTabVisible(i):
            continue
        text = w.tabText(i)
        need = fm.size(Qt.TextFlag.TextShowMnemonic, text).width() + space
        if not w.tabIcon(i).isNull():
            need += w.iconSize().width() + 4
        for side in (QTabBar.ButtonPosition.LeftSide, QTabBar.ButtonPosition.RightSide):
            extra = w.tabButton(i, side)
            if extra is not None:
                need += extra.width()
        rect = w.tabRect(i)
        have = max(0, min(rect.right() + 1, have_bar) - max(rect.left(), 0))
        if w.shape() in (QTabBar.Shape.RoundedWest, QTabBar.Shape.RoundedEast):
            have = rect.height()
        if need > have + SLACK:
            out.append(f"{_name(w)} tab {i} {_plain(text)!r}: needs width {need}, has {have}")
    return out


def _combo(w: QComboBox, root: QWidget) -> list[str]:
    if w.isEditable():
        return []
    text = w.currentText()
    if not text.strip():
        return []
    opt = QStyleOptionComboBox()
    opt.initFrom(w)
    opt.currentText = text
    opt.editable = False
    fm = w.fontMetrics()
    content = fm.horizontalAdvance(text)
    if not w.itemIcon(w.currentIndex()).isNull():
        content += w.iconSize().width() + 4
    need = w.style().sizeFromContents(QStyle.ContentsType.CT_ComboBox, opt, QSize(content, fm.height()), w).width()
    have = visible_width(w, root)
    return [_finding(w, text, need, have)] if need > have + SLACK else []


def _header(w: QHeaderView, root: QWidget) -> list[str]:
    model = w.model()
    if model is None:
        return []
    out = []
    fm = QFontMetrics(w.font())
    margin = w.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, w)
    mark = w.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMarkSize, None, w)
    horizontal = w.orientation() == Qt.Orientation.Horizontal
    for section in range(w.count()):
        if w.isSectionHidden(section):
            continue
        text = model.headerData(section, w.orientation(), Qt.ItemDataRole.DisplayRole)
        if text is None or not str(text).strip():
            continue
        text = str(text)
        lines = text.split("\n")
        need = max(fm.horizontalAdvance(line) for line in lines) + 2 * margin
        if w.isSortIndicatorShown() and w.sortIndicatorSection() == section:
            need += mark + margin
        have = w.sectionSize(section) if horizontal else w.width()
        if need > have + SLACK:
            out.append(f"{_name(w)} section {section} {text!r}: needs width {need}, has {have}")
    return out


def _columns(w: QAbstractItemView) -> list[int]:
    model = w.model()
    if isinstance(w, QListView):
        return [w.modelColumn()]
    header = w.horizontalHeader() if isinstance(w, QTableView) else w.header()  # type: ignore[attr-defined]
    return [c for c in range(model.columnCount(w.rootIndex())) if not header.isSectionHidden(c)]


def _row_hidden(w: QAbstractItemView, row: int) -> bool:
    if isinstance(w, QTreeView):
        return w.isRowHidden(row, w.rootIndex())
    return bool(w.isRowHidden(row))  # type: ignore[attr-defined]


def _item_need(w: QAbstractItemView, index, rect: QRect, wrap: bool) -> QSize:
    """The room an item's text, icon and tick box take, as the style lays
    them out (not the item's size hint, which may be set smaller)."""
    option = QStyleOptionViewItem()
    option.initFrom(w)
    font = index.data(Qt.ItemDataRole.FontRole)
    option.font = font if isinstance(font, QFont) else w.font()
    option.fontMetrics = QFontMetrics(option.font)
    option.text = str(index.data(Qt.ItemDataRole.DisplayRole)).replace(
        "\n", "\u2028"
    )  # lines, as the delegate shows them
    option.features |= QStyleOptionViewItem.ViewItemFeature.HasDisplay
    icon = index.data(Qt.ItemDataRole.DecorationRole)
    if isinstance(icon, (QIcon, QPixmap)) and not icon.isNull():
        option.features |= QStyleOptionViewItem.ViewItemFeature.HasDecoration
        option.icon = icon if isinstance(icon, QIcon) else QIcon(icon)
        option.decorationSize = w.iconSize() if w.iconSize().isValid() else QSize(16, 16)
    if index.data(Qt.ItemDataRole.CheckStateRole) is not None:
        option.features |= QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
    if isinstance(w, QListView) and w.viewMode() == QListView.ViewMode.IconMode:
        option.decorationPosition = QStyleOptionViewItem.Position.Top
        option.displayAlignment = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom
    if wrap:
        option.rect = rect
        option.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
    delegate = w.itemDelegateForIndex(index)
    if type(delegate) is not QStyledItemDelegate:  # a delegate of its own measures its own way
        return delegate.sizeHint(option, index)
    return w.style().sizeFromContents(QStyle.ContentsType.CT_ItemViewItem, option, QSize(), w)


def _view_items(w: QAbstractItemView) -> list[str]:
    """The items of a list, table or tree (its top level) in view whose text
    does not fit their cell: shortened ("…") on one line, or wrapped onto
    more lines than the cell's height shows."""
    model = w.model()
    if model is None or w.textElideMode() == Qt.TextElideMode.ElideNone:
        return []
    wrap = bool(w.wordWrap())  # type: ignore[attr-defined]
    grid = w.gridSize() if isinstance(w, QListView) else QSize()
    out = []
    shown = w.viewport().rect()
    columns = _columns(w)
    for row in range(model.rowCount(w.rootIndex())):
        if _row_hidden(w, row):
            continue
        for column in columns:
            index = model.index(row, column, w.rootIndex())
            rect = w.visualRect(index)
            text = index.data(Qt.ItemDataRole.DisplayRole)
            if text is None or not str(text).strip() or not rect.intersects(shown) or w.indexWidget(index):
                continue
            need = _item_need(w, index, rect, wrap)
            have = min(rect.width(), grid.width()) if grid.isValid() else rect.width()  # a grid's cell clips
            where = f"item {row}" if isinstance(w, QListView) else f"cell {row},{column}"
            if need.width() > have + SLACK:
                out.append(f"{_name(w)} {where} {str(text)!r}: needs width {need.width()}, has {have}")
            elif wrap and need.height() > rect.height() + SLACK:
                out.append(f"{_name(w)} {where} {str(text)!r}: needs height {need.height()}, has {rect.height()}")
    return out


def _tool_bar(w: QToolBar) -> list[str]:
    """A tool bar too short for its buttons hides the last behind "»"."""
    more = w.findChild(QToolButton, "qt_toolbar_ext_button")
    if more is None or not more.isVisible():
        return []
    hidden = [_action_name(w, a) for a in w.actions() if not a.isSeparator() and _action_hidden(w, a)]
    need = w.sizeHint().width()
    return [
        f"{_name(w)}: {len(hidden)} of its items behind » ({', '.join(hidden)}): needs width {need}, has {w.width()}"
    ]


def _action_name(bar: QToolBar, action: QAction) -> str:
    if action.text():
        return _plain(action.text())
    item = bar.widgetForAction(action)
    text = getattr(item, "text", lambda: "")() if item is not None else ""
    return f"{_name(item)} {text!r}" if item is not None else action.objectName()


def _action_hidden(bar: QToolBar, action: QAction) -> bool:
    item = bar.widgetForAction(action)
    return item is None or not item.isVisible()


def cut_texts(root: QWidget) -> list[str]:
    """One description per text under `root` (itself included) that is cut
    or shortened: class, objectName, text, the width needed and the width
    there is."""
    found: list[str] = []
    for w in [root, *root.findChildren(QWidget)]:
        if not w.isVisible() or (w is not root and not w.isVisibleTo(root)):
            continue
        if w.window() is not root.window():
            continue  # another window (a menu, a tool tip)
        if isinstance(w, QToolBar):
            found += _tool_bar(w)
        elif isinstance(w, QLabel):
            found += _label(w, root)
        elif isinstance(w, QAbstractButton):
            found += _button(w, root)
        elif isinstance(w, QGroupBox):
            found += _group_box(w, root)
        elif isinstance(w, QTabBar):
            found += _tab_bar(w, root)
        elif isinstance(w, QComboBox):
            found += _combo(w, root)
        elif isinstance(w, QHeaderView):
            found += _header(w, root)
        elif isinstance(w, (QListView, QTableView, QTreeView)):
            found += _view_items(w)
    return found
