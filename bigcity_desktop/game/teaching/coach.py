"""The coach: a bubble over the game window that speaks a lesson's words
and points at the part of the window they are about.

- :class:`CoachBubble` is a frameless child of the window (it moves and
  resizes with it): a heading, the text (rich text), a note for a refused
  move or a hint, a line of keys, and buttons. From the bubble Enter
  presses its default button and Esc its leave button; the window's own
  shortcuts (Alt+N, Alt+B, Alt+L) work from anywhere.
- :class:`PointerOverlay` draws, without taking a click, a ring around the
  part pointed at and an arrow from the bubble to it.
- :func:`edge_towards`: where the arrow leaves the bubble. Where the
  bubble goes, and the room the board keeps for it, is worked out in
  :mod:`.dock`: never over the lots it talks about.

What is pointed at (a dock, a supply row, lots on the board) is worked out
by the lesson (:mod:`.lessons`) as a rectangle in window coordinates.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QAccessible, QAccessibleEvent, QColor, QKeyEvent, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from bigcity_desktop.i18n import translate
from bigcity_desktop.scene import style as S

#: the coach's colour: the ring, the arrow and the lit spots of a lesson
COACH = QColor(232, 128, 0)
BUBBLE_WIDTH = 380


class CoachBubble(QWidget):
    """The coach's words (see the module text). Buttons are added by key
    with :meth:`set_buttons`; ``clicked(key)`` says which was pressed."""

    clicked = Signal(str)

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setObjectName("CoachBubble")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, False)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName(translate("Coach", "Coach"))
        lay = QVBoxLayout(self)
        self.lay = lay
        lay.setSizeConstraint(QVBoxLayout.SizeConstraint.SetNoConstraint)  # the height follows the width
        lay.setContentsMargins(16, 12, 16, 12)
        lay.setSpacing(6)
        self.heading = QLabel()
        self.heading.setObjectName("coachHeading")
        self.heading.setWordWrap(True)
        lay.addWidget(self.heading)
        self.body = QLabel()
        self.body.setObjectName("coachText")
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        lay.addWidget(self.body)
        self.note = QLabel()
        self.note.setObjectName("coachNote")
        self.note.setWordWrap(True)
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.hide()
        lay.addWidget(self.note)
        self.keys = QLabel()
        self.keys.setObjectName("coachKeys")
        self.keys.setWordWrap(True)
        self.keys.setTextFormat(Qt.TextFormat.PlainText)
        lay.addWidget(self.keys)
        self.row = QHBoxLayout()
        self.row.setSpacing(6)
        lay.addLayout(self.row)
        self.row2 = QHBoxLayout()  # the buttons that do not fit beside the others
        self.row2.setSpacing(6)
        lay.addLayout(self.row2)
        self._arranged: tuple[int, int] | None = None  # (width, buttons) the rows were laid out for
        lay.addStretch(1)  # any height to spare goes below the buttons
        self.buttons: dict[str, QPushButton] = {}
        self.default_key: str | None = None
        self.escape_key: str | None = None
        self.installEventFilter(self)
        self.restyle()
        self.hide()

    def restyle(self) -> None:
        """The colour scheme's panel colours (scene/style.py): the bubble's text
        is set with its ground, whatever the window's palette is."""
        sc = S.scheme()
        self.heading.setStyleSheet(f"color: {sc.accent_text}; font-weight: bold;")
        self.body.setStyleSheet(f"color: {sc.panel_text};")
        self.keys.setStyleSheet(f"color: {sc.muted_text};")
        self.update()

    # ------------------------------------------------------------ content
    def set_text(self, heading: str, body: str, keys: str = "") -> None:
        self.heading.setText(heading)
        self.heading.setVisible(bool(heading))
        self.body.setText(body)
        self.keys.setText(keys)
        self.keys.setVisible(bool(keys))
        self.setAccessibleDescription(f"{heading}. {_plain(body)}")
        if QAccessible.isActive():  # a screen reader hears the new step
            QAccessible.updateAccessibility(QAccessibleEvent(self, QAccessible.Event.DescriptionChanged))

    def set_note(self, text: str, kind: str = "refused") -> None:
        """A refused move's sentence (kind "refused") or a hint ("hint"); "" hides it."""
        colours = {"refused": ("#fde8e6", "#9b1c12"), "hint": ("#e6f0fd", "#173f8a"), "done": ("#e7f6e7", "#1c5e20")}
        bg, fg = colours.get(kind, colours["hint"])
        self.note.setStyleSheet(f"background: {bg}; color: {fg}; border-radius: 4px; padding: 4px 6px;")
        self.note.setText(text)
        self.note.setVisible(bool(text))
        self._fit()

    @property
    def note_text(self) -> str:
        """The note shown now ("" when none)."""
        return "" if self.note.isHidden() else self.note.text()

    def set_buttons(self, specs: list[tuple[str, str, bool]], default: str | None, escape: str | None) -> None:
        """Buttons (key, text, enabled) from the left; `default` answers Enter, `escape` Esc."""
        for b in self.buttons.values():
            b.deleteLater()
        self.buttons = {}
        self._clear_rows()
        self._arranged = None
        for key, text, enabled in specs:
            b = QPushButton(text, self)
            b.setObjectName(f"coach_{key}")
            b.setEnabled(enabled)
            b.setAutoDefault(False)
            b.clicked.connect(lambda _=False, k=key: self.clicked.emit(k))
            b.installEventFilter(self)
            self.buttons[key] = b
            b.show()  # now, not when the layout gets round to it: the focus may go to it at once
        self.default_key = default
        self.escape_key = escape
        if default in self.buttons:
            f = self.buttons[default].font()
            f.setBold(True)
            self.buttons[default].setFont(f)
        self._fit()

    def focus_default(self) -> None:
        b = self.buttons.get(self.default_key or "")
        if b is not None and b.isEnabled():
            b.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self.setFocus(Qt.FocusReason.OtherFocusReason)

    def _clear_rows(self) -> None:
        for row in (self.row, self.row2):
            while row.count():
                row.takeAt(0)

    def _arrange(self, width: int) -> None:
        """The buttons in a row from the left, the last one at the right;
        those that do not fit in `width` go to a second row."""
        buttons = list(self.buttons.values())
        if self._arranged == (width, len(buttons)):
            return
        self._arranged = (width, len(buttons))
        self._clear_rows()
        m = self.lay.contentsMargins()
        room = width - m.left() - m.right()
        first: list[QPushButton] = []
        used = 0
        for b in buttons:
            need = b.sizeHint().width() + (self.row.spacing() if first else 0)
            if first and used + need > room:
                break
            first.append(b)
            used += need
        rest = buttons[len(first) :]
        for row, group in ((self.row, first), (self.row2, rest)):
            for i, b in enumerate(group):
                if i == len(group) - 1 and (len(group) > 1 or row is self.row2):
                    row.addStretch(1)  # the last at the right
                row.addWidget(b)

    def _fit(self) -> None:
        width = self.width() if self.width() > 100 else BUBBLE_WIDTH
        self._arrange(width)
        lay = self.lay
        lay.invalidate()
        lay.activate()
        h = lay.totalHeightForWidth(width) if lay.hasHeightForWidth() else self.sizeHint().height()
        self.resize(width, h)

    def buttons_width(self) -> int:
        """The width the buttons need side by side (the bubble is never narrower)."""
        m = self.lay.contentsMargins()
        widths = [b.sizeHint().width() for b in self.buttons.values()]
        return sum(widths) + self.row.spacing() * max(0, len(widths) - 1) + m.left() + m.right()

    def fit_width(self, width: int) -> None:
        self.resize(width, self.height())
        self._fit()

    # ------------------------------------------------------------ keys
    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        et = event.type()
        if et in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) and isinstance(event, QKeyEvent):
            key = event.key()
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Escape) and not event.modifiers() & (
                Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
            ):
                if et == QEvent.Type.ShortcutOverride:
                    event.accept()  # the bubble's own keys, not the window's Esc (cancel placing)
                    return True
                which = self.escape_key if key == Qt.Key.Key_Escape else self.default_key
                focused = self.focusWidget()
                if key != Qt.Key.Key_Escape and isinstance(focused, QPushButton) and focused in self.buttons.values():
                    which = next(k for k, b in self.buttons.items() if b is focused)
                b = self.buttons.get(which or "")
                if b is not None and b.isEnabled():
                    b.click()
                return True
        return False

    # ------------------------------------------------------------ painting
    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5)
        p.setPen(QPen(COACH, 2.5))
        p.setBrush(S.panel_colour(248))
        p.drawRoundedRect(r, 10, 10)


def _plain(rich: str) -> str:
    """Rich text without its tags (for the accessible description)."""
    out, inside = [], False
    for ch in rich:
        if ch == "<":
            inside = True
        elif ch == ">":
            inside = False
        elif not inside:
            out.append(ch)
    return "".join(out)


class PointerOverlay(QWidget):
    """The ring around the part pointed at and the arrow from the bubble to
    it; it takes no mouse click (everything under it stays usable)."""

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setObjectName("CoachPointer")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground, True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.target = QRect()  # in the parent's coordinates
        self.start = QPoint()  # where the arrow leaves the bubble
        self.ring = True
        self.hide()

    def point(self, target: QRect, start: QPoint | None, ring: bool = True) -> None:
        """Ring `target` and draw an arrow from `start` to it (None: no arrow)."""
        self.target = QRect(target)
        self.start = QPoint(start) if start is not None else QPoint()
        self.ring = ring
        area = QRect(target).adjusted(-8, -8, 8, 8)
        if start is not None:
            area = area.united(QRect(start, start).adjusted(-12, -12, 12, 12))
        self.setGeometry(area)
        self.show()
        self.update()

    def paintEvent(self, event) -> None:
        if self.target.isNull():
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        off = self.pos()
        t = QRectF(self.target.translated(-off)).adjusted(-3, -2, 3, 2)
        pen = QPen(COACH, 3.5)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        if self.ring:
            p.drawRoundedRect(t, 8, 8)
        if self.start.isNull():
            return
        a = QPointF(self.start - off)
        b = _nearest_point(t, a)
        line = b - a
        length = (line.x() ** 2 + line.y() ** 2) ** 0.5
        if length < 12:
            return
        ux, uy = line.x() / length, line.y() / length
        tip = b - QPointF(ux, uy) * 2
        p.drawLine(a, tip - QPointF(ux, uy) * 8)
        head = QPolygonF(
            [
                tip,
                tip - QPointF(ux * 16 - uy * 8, uy * 16 + ux * 8),
                tip - QPointF(ux * 16 + uy * 8, uy * 16 - ux * 8),
            ]
        )
        p.setBrush(COACH)
        p.drawPolygon(head)
        path = QPainterPath()
        path.addEllipse(a, 4, 4)
        p.drawPath(path)


def _nearest_point(r: QRectF, p: QPointF) -> QPointF:
    """The point of rectangle `r`'s edge nearest to `p` (or its middle, when `p` is inside)."""
    x = min(max(p.x(), r.left()), r.right())
    y = min(max(p.y(), r.top()), r.bottom())
    if r.contains(p):
        return r.center()
    return QPointF(x, y)


def edge_towards(r: QRect, p: QPoint) -> QPoint | None:
    """The middle of the side of `r` that faces `p` (None when `p` is inside `r`)."""
    if r.contains(p):
        return None
    dx = p.x() - r.center().x()
    dy = p.y() - r.center().y()
    # which side: compare against the rectangle's own proportions
    if abs(dx) * r.height() >= abs(dy) * r.width():
        x = r.right() if dx > 0 else r.left()
        y = max(r.top() + 14, min(r.bottom() - 14, p.y()))
    else:
        y = r.bottom() if dy > 0 else r.top()
        x = max(r.left() + 14, min(r.right() - 14, p.x()))
    return QPoint(x, y)
