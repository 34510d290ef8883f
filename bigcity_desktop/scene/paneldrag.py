"""Dragging a piece from a panel onto the board without Qt's drag and drop.

A system drag (QDrag) shows a picture of the table row and swallows every
key and wheel turn until the drop, so the piece could not be turned on the
way. Here the press on a panel row starts the board's own placing mode and
the panel keeps the mouse: over the board the scene's ghost *is* the piece
(R, Shift+R, M and the wheel turn it as in click-to-place), elsewhere the
pointer carries a picture of the piece; the release places it, or puts it
back when the spot is refused or the pointer is off the board.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QModelIndex, QPoint, QSize, Qt
from PySide6.QtGui import QCursor, QMouseEvent, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QApplication, QToolTip

from bigcity_desktop.i18n import translate


class BoardDrag:
    """One panel's drags onto the board view `view`.

        ``start(index) -> bool`` picks the piece of a row up (the board enters
        its placing mode); ``picture(index) -> QPixmap`` is the piece the
        pointer carries while it is off the board; ``hot_spot(index, grab,
        size) -> QPoint``, where given, is the point of that picture (of `size`)
        held under the pointer when the row was grabbed at `grab` (the view's
        point), else its centre.

    A piece that cannot be picked up (``start`` answers with the reason, a
    str), a drop on a refused spot and a drop off the board say why beside the
    pointer, where the player looks, as well as in the status bar (issue 46.3)."""

    def __init__(
        self,
        view,
        start: Callable[[QModelIndex], bool | str],
        picture: Callable[[QModelIndex], QPixmap],
        hot_spot: Callable[[QModelIndex, QPoint, QSize], QPoint] | None = None,
    ):
        self.view = view
        self.start = start
        self.picture = picture
        self.hot_spot = hot_spot
        self.active = False
        self._cursor: QCursor | None = None
        self._over_board: bool | None = None

    @property
    def scene(self):
        return self.view.scene()

    def begin(self, index: QModelIndex, grab: QPoint | None = None, at: QPoint | None = None) -> bool:
        """Pick the piece of `index` up (grabbed at the view's point `grab`,
        the pointer at the global point `at`); False when it cannot be."""
        self.view.hold(True)  # the board holds still while the piece is carried
        started = self.start(index)
        if isinstance(started, str) or not started:
            self.view.hold(False)
            if isinstance(started, str):
                self.tell(at, started)
            return False
        self.active = True
        pm = self.picture(index)
        size = (pm.deviceIndependentSize()).toSize()
        spot = QPoint(size.width() // 2, size.height() // 2)
        if self.hot_spot is not None and grab is not None:
            spot = self.hot_spot(index, grab, size)
        self._cursor = QCursor(pm, spot.x(), spot.y())
        self._over_board = None
        QApplication.setOverrideCursor(self._cursor)
        return True

    def _board_point(self, global_pos: QPoint):
        vp = self.view.viewport()
        local = vp.mapFromGlobal(global_pos)
        return self.view.mapToScene(local) if vp.rect().contains(local) else None

    def move(self, global_pos: QPoint) -> None:
        if not self.scene.interaction.mode:  # Esc put the piece back
            self.end()
            return
        at = self._board_point(global_pos)
        over = at is not None
        if over != self._over_board:
            # over the board the ghost shows the piece; off it, the pointer carries it
            self._over_board = over
            carried = self._cursor or QCursor(Qt.CursorShape.ClosedHandCursor)
            QApplication.changeOverrideCursor(QCursor(Qt.CursorShape.ClosedHandCursor) if over else carried)
        if at is not None:
            self.scene.interaction.hover(at)

    def tell(self, at: QPoint | None, text: str) -> None:
        """Say `text` beside the pointer (at the global point `at`) and in the status bar."""
        if not text:
            return
        if at is not None:
            QToolTip.showText(at, text, self.view)
        self.scene.interaction.message.emit(text)

    def drop(self, global_pos: QPoint) -> bool:
        """Place the piece where the pointer is; True if it was placed."""
        scene = self.scene
        at = self._board_point(global_pos)
        placed = False
        if scene.interaction.mode:
            if at is None:
                scene.interaction.cancel_mode()
                self.tell(global_pos, translate("BoardDrag", "The piece went back: it was let go off the board."))
            else:
                said: list[str] = []

                def heard(text: str) -> None:
                    said.append(text)

                scene.interaction.message.connect(heard)
                try:
                    placed = scene.interaction.commit(at)
                finally:
                    scene.interaction.message.disconnect(heard)
                if not placed:
                    scene.interaction.cancel_mode()  # refused: the piece goes back, and the reason is told
                    reason = next((t for t in said if t), "")
                    if reason:
                        QToolTip.showText(global_pos, reason, self.view)
        self.end()
        return placed

    def end(self) -> None:
        if self.active:
            self.active = False
            QApplication.restoreOverrideCursor()
            self.view.hold(False)  # a fitted board refits after the drop


class BoardDragMixin:
    """Mouse handling for an item view whose rows can be dragged onto the
    board through a :class:`BoardDrag` (``self.board_drag``, set by the window)."""

    board_drag: BoardDrag | None = None
    _press_at: QPoint | None = None

    def _drag_press(self, event: QMouseEvent) -> None:
        self._press_at = event.position().toPoint() if event.button() == Qt.MouseButton.LeftButton else None

    def _drag_move(self, event: QMouseEvent) -> bool:
        """True when the event belongs to a drag onto the board."""
        drag = self.board_drag
        if drag is None or self._press_at is None or not (event.buttons() & Qt.MouseButton.LeftButton):
            return False
        if not drag.active:
            if (event.position().toPoint() - self._press_at).manhattanLength() < QApplication.startDragDistance():
                return False
            view = self  # the item view this mixin is part of
            assert isinstance(view, QAbstractItemView)
            index = view.indexAt(self._press_at)
            if not index.isValid() or not (index.flags() & Qt.ItemFlag.ItemIsDragEnabled):
                return False
            at = event.globalPosition().toPoint()
            self._press_at = None if not drag.begin(index, self._press_at, at) else self._press_at
            if not drag.active:
                return True
        drag.move(event.globalPosition().toPoint())
        return True

    def _drag_release(self, event: QMouseEvent) -> bool:
        drag = self.board_drag
        self._press_at = None
        if drag is None or not drag.active:
            return False
        drag.drop(event.globalPosition().toPoint())
        return True

    # the view's own handlers, for a class listing this mixin before its Qt view
    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._drag_press(event)
        super().mousePressEvent(event)  # type: ignore[misc]

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if not self._drag_move(event):
            super().mouseMoveEvent(event)  # type: ignore[misc]

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if not self._drag_release(event):
            super().mouseReleaseEvent(event)  # type: ignore[misc]
