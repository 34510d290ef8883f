"""CityView: a QGraphicsView with zoom around the cursor and panning."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QPoint, QRectF, Qt, QTimer
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsView

if TYPE_CHECKING:
    from .city_scene import CityScene

MIN_SCALE = 0.08
MAX_SCALE = 6.0


class CityView(QGraphicsView):
    """Shows a :class:`CityScene`.

    - plain wheel zooms around the cursor, except while a ghost can be rotated
      (building or tile mode), where it rotates the ghost; Ctrl+wheel always zooms;
    - left-drag on empty space or middle-drag anywhere pans;
    - :meth:`fit_city`, :meth:`zoom_in`, :meth:`zoom_out`.
    """

    def __init__(self, scene, parent=None):
        super().__init__(scene, parent)
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        self.setAcceptDrops(True)
        self.viewport().setMouseTracking(True)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._pan_from: QPoint | None = None
        # after a fit the board keeps fitting the window as it is resized,
        # until the player zooms or pans by hand
        self.auto_fit = False
        self._fit_margin = 0.6
        self._refit = QTimer(self)
        self._refit.setSingleShot(True)
        self._refit.setInterval(30)
        self._refit.timeout.connect(lambda: self.fit_city(self._fit_margin))
        scene.modeChanged.connect(self._mode_changed)
        scene.cursorMoved.connect(self._cursor_moved)

    def _cursor_moved(self, _target=None) -> None:
        sc = cast("CityScene", self.scene())
        if sc.cursor_shown:
            self.ensureVisible(sc.cursor_rect(), 40, 40)

    def focusInEvent(self, event) -> None:  # noqa: N802
        super().focusInEvent(event)
        if event.reason() in (
            Qt.FocusReason.TabFocusReason,
            Qt.FocusReason.BacktabFocusReason,
            Qt.FocusReason.ShortcutFocusReason,
        ):
            cast("CityScene", self.scene()).show_cursor()

    # -------------------------------------------------------------- zoom
    def current_scale(self) -> float:
        return self.transform().m11()

    def zoom_by(self, factor: float, anchor_under_mouse: bool = True) -> None:
        s = self.current_scale()
        factor = max(MIN_SCALE / s, min(MAX_SCALE / s, factor))
        if not anchor_under_mouse:
            old = self.transformationAnchor()
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
            self.scale(factor, factor)
            self.setTransformationAnchor(old)
        else:
            self.scale(factor, factor)

    def zoom_in(self) -> None:
        self.auto_fit = False
        self.zoom_by(1.25, False)

    def zoom_out(self) -> None:
        self.auto_fit = False
        self.zoom_by(0.8, False)

    def fit_city(self, margin_cells: float = 0.6) -> None:
        """Show the whole city with `margin_cells` of table around it (room
        for the next neighborhood); the fit is kept as the view is resized."""
        sc = cast("CityScene", self.scene())
        r: QRectF = sc.city_rect(margin_cells)
        self.fitInView(r, Qt.AspectRatioMode.KeepAspectRatio)
        s = self.current_scale()
        if s > MAX_SCALE:
            self.zoom_by(MAX_SCALE / s, False)
        self.auto_fit = True
        self._fit_margin = margin_cells

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        if self.auto_fit:
            self._refit.start()

    def wheelEvent(self, event) -> None:  # noqa: N802
        dy = event.angleDelta().y() or event.angleDelta().x()
        if not dy:
            event.ignore()
            return
        ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if not ctrl and getattr(self.scene(), "rotatable", False):
            cast("CityScene", self.scene()).rotate_ghost(1 if dy < 0 else -1)
            event.accept()
            return
        self.auto_fit = False
        self.zoom_by(1.0015**dy)
        event.accept()

    # -------------------------------------------------------------- panning
    def mousePressEvent(self, event) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.MiddleButton:
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:  # noqa: N802
        if event.buttons() & Qt.MouseButton.LeftButton and self.dragMode() == QGraphicsView.DragMode.ScrollHandDrag:
            self.auto_fit = False  # panning by hand
        if self._pan_from is not None:
            p = event.position().toPoint()
            d = p - self._pan_from
            self._pan_from = p
            self.auto_fit = False
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - d.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - d.y())
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.MiddleButton and self._pan_from is not None:
            self._pan_from = None
            self._mode_changed(cast("CityScene", self.scene()).mode)
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def _mode_changed(self, mode: str) -> None:
        if mode:
            self.setDragMode(QGraphicsView.DragMode.NoDrag)
            self.viewport().setCursor(Qt.CursorShape.CrossCursor)
        else:
            self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
            self.viewport().unsetCursor()
