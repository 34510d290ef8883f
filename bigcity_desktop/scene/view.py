"""CityView: a QGraphicsView with zoom around the cursor and panning."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QPoint, QPointF, QRectF, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence, QPainter
from PySide6.QtWidgets import QFrame, QGraphicsView, QHBoxLayout, QLabel, QMenu, QToolButton

from . import style as S
from .projection import Projection, ViewKind

if TYPE_CHECKING:
    from .city_scene import CityScene

MIN_SCALE = 0.08
MAX_SCALE = 6.0
CITY_VIEW_MARGIN = 1.0  # the most table (in cells) a fit shows around the city in the city view
CORNER_GAP = 8  # between the corner controls and the edge of the board

#: the setting that remembers the view: "plan" or "city"
PROJECTION_KEY = "view/projection"
CITY_VIEW_SHORTCUT = "F3"
TURN_LEFT_SHORTCUT = ","
TURN_RIGHT_SHORTCUT = "."


def key_style() -> str:
    """The board's key, in the colour scheme's panel colours (like the corner controls)."""
    ground, edge, text = S.panel_colour(225), S.PANEL_EDGE, S.PANEL_TEXT
    return (
        f"#BoardKey {{ background: rgba({ground.red()}, {ground.green()}, {ground.blue()}, {ground.alpha()});"
        f" border: 1px solid {edge.name()}; border-radius: 6px; color: {text.name()}; padding: 3px 8px; }}"
    )


def corner_style() -> str:
    """The corner controls (↺ City ↻) in the colour scheme's panel colours:
    their text is set too, since the window's palette may be light on dark
    while the board is not (issue 25.13)."""
    ground, edge, text = S.panel_colour(225), S.PANEL_EDGE, S.PANEL_TEXT
    return (
        f"#ViewCorner {{ background: rgba({ground.red()}, {ground.green()}, {ground.blue()}, {ground.alpha()});"
        f" border: 1px solid {edge.name()}; border-radius: 6px; }}"
        f" #ViewCorner QToolButton {{ color: {text.name()}; background: transparent; border: none; padding: 2px 6px; }}"
        f" #ViewCorner QToolButton:hover {{ border: 1px solid {edge.name()}; border-radius: 4px; }}"
        f" #ViewCorner QToolButton:checked {{ border: 1px solid {text.name()}; border-radius: 4px; }}"
    )


class CityView(QGraphicsView):
    """Shows a :class:`CityScene`.

    - plain wheel zooms around the cursor, except while a ghost can be rotated
      (building or tile mode), where it rotates the ghost; Ctrl+wheel always zooms;
    - left-drag on empty space or middle-drag anywhere pans;
    - :meth:`fit_city`, :meth:`zoom_in`, :meth:`zoom_out`;
    - the city view: :meth:`set_view` ("plan" / "city"), :meth:`turn` (the
      camera in quarter turns), the actions ``city_action`` (F3),
      ``turn_left_action`` (,) and ``turn_right_action`` (.), also shown as
      small buttons in the view's corner; :meth:`install_view_actions` puts
      them in a window's View menu and remembers the view in the settings.
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
        # the board is the scene's background: cached, and scrolled when panning
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setAcceptDrops(True)
        self.viewport().setMouseTracking(True)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._pan_from: QPoint | None = None
        self._settings: QSettings | None = None
        scene.interaction.modeChanged.connect(self._mode_changed)
        self.city_action = QAction(self.tr("&City view"), self)
        self.city_action.setCheckable(True)
        self.city_action.setShortcut(QKeySequence(CITY_VIEW_SHORTCUT))
        self.city_action.setStatusTip(self.tr("Show the city as a model city, or as the plan"))
        self.city_action.setToolTip(self.tr("City view / plan (F3)"))
        self.city_action.toggled.connect(lambda on: self.set_view(ViewKind.CITY if on else ViewKind.PLAN))
        self.turn_left_action = QAction(self.tr("Turn the city &left"), self)
        self.turn_left_action.setShortcut(QKeySequence(TURN_LEFT_SHORTCUT))
        self.turn_left_action.setToolTip(self.tr("Turn the city left (,)"))
        self.turn_left_action.triggered.connect(lambda: self.turn(-1))
        self.turn_right_action = QAction(self.tr("Turn the city &right"), self)
        self.turn_right_action.setShortcut(QKeySequence(TURN_RIGHT_SHORTCUT))
        self.turn_right_action.setToolTip(self.tr("Turn the city right (.)"))
        self.turn_right_action.triggered.connect(lambda: self.turn(1))
        self.scores_action = QAction(self.tr("Show &scores"), self)
        self.scores_action.setCheckable(True)
        self.scores_action.setChecked(scene.show_scores)
        self.scores_action.setStatusTip(self.tr("Show each building's score on a disc"))
        self.scores_action.toggled.connect(lambda on: self._scene().set_show_scores(on))
        for a in (self.city_action, self.turn_left_action, self.turn_right_action):
            a.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            self.addAction(a)
        self._corner = self._make_corner()
        # a key to the board's colours in the bottom-left corner (set_key; hidden without one)
        self._key = QLabel(self.viewport())
        self._key.setObjectName("BoardKey")
        self._key.setTextFormat(Qt.TextFormat.RichText)
        self._key.setStyleSheet(key_style())
        self._key.hide()
        self._sync_actions()
        scene.projectionChanged.connect(self._sync_actions)
        # after a fit the board keeps fitting the window as it is resized,
        # until the player zooms or pans by hand
        self.auto_fit = False
        self._fit_margin = 0.6
        #: pixels at the top of the board kept free of the fitted city (a banner over it)
        self.top_room = 0
        # pixels at the left of the board kept free of the fitted city (a panel sheet over it)
        self.left_room = 0
        #: a side of the board ("left", "top", "right", "bottom") kept free of the fitted city for
        #: an overlay docked there (the coach's bubble), and its pixels; None: no such overlay
        self.overlay_room: tuple[str, int] | None = None
        self._refit = QTimer(self)
        self._refit.setSingleShot(True)
        self._refit.setInterval(30)
        self._refit.timeout.connect(self._refit_due)
        # a piece carried by the mouse: the board holds still under it (no
        # refit, no scrolling after the cursor) until the drop (issue 46.4)
        self.held = False
        # a fitted view keeps the whole city in sight as it grows, and in either view
        scene.boundsChanged.connect(self._follow)
        scene.projectionChanged.connect(self._follow)
        scene.interaction.cursorMoved.connect(self._cursor_moved)

    def _follow(self) -> None:
        if self.auto_fit:
            self._refit.start()
        elif not self.sceneRect().contains(self._scene().sceneRect()):
            self.setSceneRect(QRectF())  # the board's own scroll room (a fit beside an overlay) gives way

    def _refit_due(self) -> None:
        if not self.held:  # else after the drop (hold)
            self.fit_city(self._fit_margin)

    def hold(self, on: bool) -> None:
        """A piece is picked up (`on`) or let go by the mouse: the board holds
        still while it is carried, and a fitted board refits after the drop."""
        was, self.held = self.held, bool(on)
        if was and not on and self.auto_fit:
            self._refit.start()

    def _cursor_moved(self, _target=None) -> None:
        board = cast("CityScene", self.scene()).interaction
        if board.cursor_shown and not self.held:
            self.ensureVisible(board.cursor_scene_rect(), 40, 40)

    def focusInEvent(self, event) -> None:
        super().focusInEvent(event)
        if event.reason() in (
            Qt.FocusReason.TabFocusReason,
            Qt.FocusReason.BacktabFocusReason,
            Qt.FocusReason.ShortcutFocusReason,
        ):
            cast("CityScene", self.scene()).interaction.show_cursor()

    # -------------------------------------------------------------- city view
    def _make_corner(self) -> QFrame:
        box = QFrame(self.viewport())
        box.setObjectName("ViewCorner")
        box.setStyleSheet(corner_style())
        lay = QHBoxLayout(box)
        lay.setContentsMargins(3, 3, 3, 3)
        lay.setSpacing(2)
        self.corner_buttons: list[QToolButton] = []
        for a, text in (
            (self.turn_left_action, "\u21ba"),
            (self.city_action, self.tr("City")),
            (self.turn_right_action, "\u21bb"),
        ):
            b = QToolButton(box)
            b.setText(text)
            b.setToolTip(a.toolTip())
            b.setCheckable(a.isCheckable())
            b.setAutoRaise(True)
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            b.clicked.connect(a.trigger)
            lay.addWidget(b)
            self.corner_buttons.append(b)
        box.adjustSize()
        return box

    def _scene(self) -> CityScene:
        return cast("CityScene", self.scene())

    def set_key(self, html: str, tooltip: str = "") -> None:
        """Show `html` (rich text: the board's colours and what they mean) in
        the board's bottom-left corner, in the band a fit keeps free; "" hides it."""
        self._key.setText(html)
        self._key.setToolTip(tooltip)
        self._key.adjustSize()
        self._place_corners()

    def key_text(self) -> str:
        """The key shown in the board's corner ("" when none is shown)."""
        return self._key.text() if self._key.isVisibleTo(self) else ""

    def _place_corners(self) -> None:
        vp = self.viewport().rect()
        self._corner.move(
            vp.right() - self._corner.width() - CORNER_GAP, vp.bottom() - self._corner.height() - CORNER_GAP
        )
        self._key.move(CORNER_GAP, vp.bottom() - self._key.height() - CORNER_GAP)
        # on a narrow board the key gives way to the controls
        fits = self._key.geometry().right() + CORNER_GAP < self._corner.x()
        self._key.setVisible(bool(self._key.text()) and fits)

    def restyle(self) -> None:
        """The colour scheme changed (scene/style.py): the corner, the table and the board follow."""
        self._key.setStyleSheet(key_style())
        self._corner.setStyleSheet(corner_style())
        self._scene().restyle()
        self.viewport().update()

    def _sync_actions(self) -> None:
        city = self._scene().projection.is_city
        self.city_action.blockSignals(True)
        self.city_action.setChecked(city)
        self.city_action.blockSignals(False)
        self.turn_left_action.setEnabled(city)
        self.turn_right_action.setEnabled(city)
        left, middle, right = self.corner_buttons
        middle.setChecked(city)
        left.setEnabled(city)
        right.setEnabled(city)

    def install_view_actions(self, menu: QMenu | None, settings: QSettings | None = None) -> None:
        """Put the city-view actions into `menu` (a window's View menu) and show
        the view the settings remember (``view/projection``), saving it on change."""
        self._settings = settings if settings is not None else QSettings()
        self._scene().settings = self._settings
        if menu is not None:
            menu.addSeparator()
            menu.addAction(self.city_action)
            menu.addAction(self.turn_left_action)
            menu.addAction(self.turn_right_action)
            menu.addAction(self.scores_action)
        saved = str(self._settings.value(PROJECTION_KEY, ViewKind.PLAN.value) or "")
        self.set_view(ViewKind.CITY if saved == ViewKind.CITY.value else ViewKind.PLAN, remember=False)

    def set_view(self, kind: ViewKind | str, remember: bool = True) -> None:
        """Plan or city view; the board point in the middle stays in the middle."""
        sc = self._scene()
        k = ViewKind(kind)
        if k != sc.projection.kind:
            self._reproject(Projection(k, sc.projection.rotation))
        if remember and self._settings is not None:
            self._settings.setValue(PROJECTION_KEY, k.value)
        self._sync_actions()

    def turn(self, steps: int = 1) -> None:
        """Turn the camera of the city view by quarter turns (1: right, -1: left)."""
        sc = self._scene()
        if sc.projection.is_city:
            self._reproject(sc.projection.turned(steps))

    def _reproject(self, proj: Projection) -> None:
        sc = self._scene()
        vp = self.viewport().rect()
        middle = sc.to_plan(self.mapToScene(vp.center()))
        had_city = sc.city is not None and bool(sc.city.prop_at)
        sc.set_projection(proj)
        self._sync_actions()
        if had_city:
            self.centerOn(sc.to_scene(middle.x(), middle.y()))
        else:
            self.centerOn(QPointF(0, 0))

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
        if self.scene() is None:  # the scene went first (a refit was due as a window closed)
            return
        frame = self.fit_frame(self.overlay_room, margin_cells)
        if frame is not None:
            s, city, free = frame
            self.resetTransform()
            self.scale(s, s)
            # the city's middle in the middle of the free part of the board: the
            # board scrolls that far even where the table around the city ends
            middle = city.center() + (QRectF(self.viewport().rect()).center() - free.center()) / s
            shown = QRectF(0, 0, (self.viewport().width() + 8) / s, (self.viewport().height() + 8) / s)
            shown.moveCenter(middle)
            table = self._scene().sceneRect()
            self.setSceneRect(QRectF() if table.contains(shown) else table.united(shown))
            self.centerOn(middle)
        self.auto_fit = True
        self._fit_margin = margin_cells

    def corner_band(self) -> int:
        """The band at the bottom of the board the corner controls (↺ City ↻) and the key take."""
        return self._corner.height() + 2 * CORNER_GAP

    def fit_frame(
        self, overlay: tuple[str, int] | None, margin_cells: float | None = None
    ) -> tuple[float, QRectF, QRectF] | None:
        """How a fit with `overlay` (a side kept free, see ``overlay_room``)
        shows the city: the scale, the city's scene rectangle and the free
        part of the viewport the city's middle goes to the middle of (a
        scene point p is then at ``free.center() + (p - city.center()) * scale``
        in the viewport); None when there is no room for a city."""
        sc = self._scene()
        margin_cells = self._fit_margin if margin_cells is None else margin_cells
        # in the city view a plan margin grows the drawing in both directions:
        # a neighborhood's room left the city a quarter of the board (issue 25.7)
        margin = min(margin_cells, CITY_VIEW_MARGIN) if sc.projection.is_city else margin_cells
        r: QRectF = sc.city_rect(margin)
        # the corner controls (↺ City ↻) take a band at the bottom: the city
        # is fitted above it, so they never hide a lot (issue 25.8)
        vp = QRectF(self.viewport().rect()).adjusted(2, 2, -2, -2)
        room = {"left": 0, "top": 0, "right": 0, "bottom": 0}
        if overlay is not None and overlay[0] in room:
            room[overlay[0]] = max(0, overlay[1])
        top = max(0, min(self.top_room, self.viewport().height() // 2)) + room["top"]
        left = max(0, min(self.left_room, self.viewport().width() // 2)) + room["left"]
        free = vp.adjusted(left, top, -room["right"], -self.corner_band() - room["bottom"])
        if r.width() <= 0 or r.height() <= 0 or free.width() <= 0 or free.height() <= 0:
            return None
        return min(free.width() / r.width(), free.height() / r.height(), MAX_SCALE), r, free

    def refit(self) -> None:
        """Fit again with the last margin, if the view is fitted (not zoomed or
        panned by hand); while a piece is carried, after its drop."""
        if self.auto_fit:
            self._refit_due() if not self.held else self._refit.start()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._place_corners()
        if self.auto_fit:
            self._refit.start()

    def wheelEvent(self, event) -> None:
        dy = event.angleDelta().y() or event.angleDelta().x()
        if not dy:
            event.ignore()
            return
        ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        board = cast("CityScene", self.scene()).interaction
        if not ctrl and board.rotatable:
            board.rotate_ghost(1 if dy < 0 else -1)
            event.accept()
            return
        self.auto_fit = False
        self.zoom_by(1.0015**dy)
        event.accept()

    # -------------------------------------------------------------- panning
    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.MiddleButton:
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
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

    def mouseReleaseEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.MiddleButton and self._pan_from is not None:
            self._pan_from = None
            self._mode_changed(cast("CityScene", self.scene()).interaction.mode)
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
