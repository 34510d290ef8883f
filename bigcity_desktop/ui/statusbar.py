"""A status bar whose passing message ends in "…" where it would run into
the permanent labels at its right (the edition and round, the autosave
warning), with the whole message as its tooltip.

QStatusBar cuts a long message off at the first permanent label without a
sign that more was there (at 1024×700, in German, a setup prompt ran into
"Jumbo-Ausgabe · Runde 1").
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QStatusBar, QStyle, QStyleOption, QWidget

GAP = 12  # between the message and the first permanent label


class ElidingStatusBar(QStatusBar):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("StatusBar")
        self.messageChanged.connect(self.setToolTip)

    def message_rect(self) -> QRect:
        """Where the passing message is painted: left of the permanent labels."""
        right = self.width() - 12
        for child in self.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly):
            if child.isVisible() and child.x() > self.width() // 3:  # the permanent labels sit at the right
                right = min(right, child.x() - GAP)
        return QRect(6, 0, max(0, right - 6), self.height())

    def shown_message(self) -> str:
        """The message as painted: cut with "…" to fit :meth:`message_rect`."""
        return self.fontMetrics().elidedText(
            self.currentMessage(), Qt.TextElideMode.ElideRight, self.message_rect().width()
        )

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.currentMessage():
            super().paintEvent(event)
            return
        p = QPainter(self)
        opt = QStyleOption()
        opt.initFrom(self)
        self.style().drawPrimitive(QStyle.PrimitiveElement.PE_PanelStatusBar, opt, p, self)
        p.setPen(self.palette().windowText().color())
        p.drawText(
            self.message_rect(),
            int(Qt.AlignmentFlag.AlignLeading | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextSingleLine),
            self.shown_message(),
        )
