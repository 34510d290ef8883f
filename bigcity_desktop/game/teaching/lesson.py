"""Lessons in the game window: a tutorial or a puzzle played through a
scripted session (:mod:`bigcity_desktop.session.scripted`), with the coach
(:mod:`.coach`) speaking and pointing.

A :class:`Lesson` puts its session into the window (``ctrl.use_session``),
shows the coach bubble, lights what the lesson offers on the board and in
the panels, keeps the bubble beside what it points at as the window is
resized and the board zoomed or panned, and, when the player leaves, hands
the window back to its host (the lessons' part, :mod:`.learning`), which
gives the window its own game again (the local game it had, or a new one).
A lesson sees the window through a :class:`Stage` (the board and the
panels it points at) and a :class:`LessonHost` (the few commands it asks
for), never the whole window. The tutorial's lesson is in
:mod:`.tutoriallesson`, the puzzle's in :mod:`.puzzlelesson`, what a player
has learnt in :mod:`.lessonprogress`.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any, Protocol

import shiboken6
from PySide6.QtCore import QEvent, QItemSelection, QItemSelectionModel, QObject, QRect, Qt, QTimer, Signal
from PySide6.QtWidgets import QAbstractItemView, QScrollArea, QWidget

from bigcity_desktop.engine import Action, ActionKind, Draw, Phase, Take, kind_of
from bigcity_desktop.game.core.models import CardRole
from bigcity_desktop.game.tabletop.stage import Stage
from bigcity_desktop.i18n import translate
from bigcity_desktop.scene.style import CELL

from .coach import COACH, CoachBubble, PointerOverlay, edge_towards
from .dock import bubble_area, choose_dock, look_ahead

if TYPE_CHECKING:
    from bigcity_desktop.session.local import LocalSession
    from bigcity_desktop.session.scripted import ScriptedSession

    from .progress import ProgressStore

# the table's panes the panel sheet lies over, and the panels on it
UNDER_THE_SHEET = ("supply",)
SHEET_PANELS = ("log", "chart", "table")


class LessonHost(Protocol):
    """The commands a lesson asks of the window it plays in (the lessons' part gives them)."""

    def show_message(self, text: str) -> None: ...

    def ensure_chart(self) -> object: ...

    def bot_delay_ms(self) -> int: ...

    def show_puzzles(self) -> object: ...

    def show_hint_on_board(self, action: Action) -> None: ...

    def lesson_ended(self, lesson: Lesson, go_back: bool) -> None:
        """The lesson has let go of the window; with `go_back`, the window plays its own game again."""
        ...

    def play_easy_bot(self, lesson: Lesson, edition: str) -> None:
        """Leave the lesson for the New game dialog, you against one easy bot."""
        ...


# ---------------------------------------------------------------- texts


def rich(text: str) -> str:
    """A lesson's plain text (with line breaks) as rich text."""
    return html.escape(text).replace("\n", "<br>")


def keys_for(actions: list[Action], rules: Any, setup: bool = False, streetcar_phase: bool = False) -> str:
    """The keys that make the moves a step accepts (the bubble's last line)."""
    kinds = {kind_of(a, rules) for a in actions}
    parts = []
    if kinds & {ActionKind.BUILD, ActionKind.PARK_FACTORY}:
        parts.append(translate("Lessons", "B chooses the building, Enter picks it up, Enter builds it."))
    if ActionKind.NEIGHBORHOOD in kinds and setup:
        parts.append(translate("Lessons", "The neighborhood is in hand: N moves it to the lit spot, Enter places it."))
    elif ActionKind.NEIGHBORHOOD in kinds:
        parts.append(translate("Lessons", "T picks up the neighborhood, N moves it to the lit spot, Enter places it."))
    if ActionKind.STREETCAR in kinds and streetcar_phase:
        parts.append(translate("Lessons", "The streetcar is in hand: N moves it to a lit street, Enter lays it."))
    elif ActionKind.STREETCAR in kinds:
        parts.append(translate("Lessons", "S picks up a streetcar, N moves it to a lit street, Enter lays it."))
    if ActionKind.STOP in kinds:
        parts.append(translate("Lessons", "D ends the streetcars."))
    if ActionKind.DRAW in kinds:
        parts.append(translate("Lessons", "The stack's number key draws from it."))
    if ActionKind.EXCHANGE in kinds:
        parts.append(translate("Lessons", "F6 goes to your hand, Space ticks a card, E exchanges the ticked cards."))
    if ActionKind.OFFER in kinds:
        parts.append(
            translate("Lessons", "F6 goes to your hand, Space ticks a card, Tab goes on to the offer buttons.")
        )
    if ActionKind.TAKE in kinds:
        parts.append(translate("Lessons", "Up and Down choose an offered card, Enter takes it."))
    if ActionKind.PASS in kinds:
        parts.append(translate("Lessons", "P passes."))
    return " ".join(parts)


# ---------------------------------------------------------------- a lesson


class Lesson(QObject):
    """A tutorial or a puzzle in the window (see the module text)."""

    ended = Signal()

    session: ScriptedSession
    auto_draw = False  # the one card of a draw is drawn for the player
    steady = False  # with nothing pointed at, the bubble keeps to its edge of the board (the top or the bottom)

    def __init__(self, stage: Stage, host: LessonHost, session: ScriptedSession, store: ProgressStore):
        super().__init__(stage.window)
        self.stage = stage
        self.host = host
        self.session = session
        self.store = store
        self.previous: LocalSession | None = None  # the window's own game before the lesson
        self.bubble = CoachBubble(stage.window)
        self.pointer = PointerOverlay(stage.window)
        self.bubble.clicked.connect(self.clicked)
        self._timer = QTimer(self)
        self._timer.setInterval(250)  # the catch-all: a dock resized, a row scrolled
        self._timer.timeout.connect(self.reposition)
        self._relight_pending = False
        self._active = False
        self._lit_cells: list[tuple[int, int]] = []  # the lots lit and either side of a lit street
        self._opened: list[QWidget] = []  # the panels the lesson opened: shut again when it ends (issue 46.2)
        self._placed = False  # the bubble has been put in its place once
        self._placing = False  # reposition() is under way (the board's refit signals)
        self.placed_at: QRect | None = None  # where the lesson before had its bubble (a steady one keeps to its edge)

    # ------------------------------------------------------------ starting and leaving
    def start(self) -> None:
        w = self.stage
        c = w.ctrl  # self.previous, the game to go back to, is set by the host (learning.py)
        self._active = True
        w.window.statusBar().clearMessage()  # nothing said about the game before stays
        c.auto_draw = self.auto_draw
        self.session.bot_delay_ms = self.host.bot_delay_ms()
        c.use_session(self.session)
        c.refused.connect(self._refused)
        c.sessionChanged.connect(self._session_changed)
        c.gameStarted.connect(self._relight_later)
        c.takenBack.connect(self._relight_later)
        c.stateChanged.connect(self._relight_later)
        w.board.modeChanged.connect(self._mode_changed)
        w.view.horizontalScrollBar().valueChanged.connect(self.reposition)
        w.view.verticalScrollBar().valueChanged.connect(self.reposition)
        w.scene.projectionChanged.connect(self.reposition)
        w.window.installEventFilter(self)
        w.view.viewport().installEventFilter(self)
        self.session.stepChanged.connect(self.show_step)
        self.session.finished.connect(self.finished)
        if not w.view.auto_fit:  # the lesson begins with the whole city in view, fitted beside its bubble
            w.view.fit_city()
        self.bubble.show()
        self._timer.start()
        self.show_step()
        self.session.begin()

    def window_closing(self) -> None:
        """The window closes: keep the progress, follow nothing more."""
        if self._active:
            self.save()
            self._detach()

    def _detach(self) -> None:
        self._active = False
        self._timer.stop()
        w = self.stage
        c = w.ctrl
        for sig, slot in (
            (c.refused, self._refused),
            (c.sessionChanged, self._session_changed),
            (c.gameStarted, self._relight_later),
            (c.takenBack, self._relight_later),
            (c.stateChanged, self._relight_later),
            (w.board.modeChanged, self._mode_changed),
            (w.view.horizontalScrollBar().valueChanged, self.reposition),
            (w.view.verticalScrollBar().valueChanged, self.reposition),
            (w.scene.projectionChanged, self.reposition),
        ):
            try:
                sig.disconnect(slot)
            except (RuntimeError, TypeError):  # pragma: no cover - never connected
                pass
        w.window.removeEventFilter(self)
        w.view.viewport().removeEventFilter(self)
        self.session.stop()

    def end(self, go_back: bool = True) -> None:
        """Leave the lesson (its progress is kept); with `go_back`, the window
        plays its own game again (or, with none, offers a new one)."""
        if not self._active:
            return
        self.save()
        self._detach()
        w = self.stage
        c = w.ctrl
        self.bubble.hide()
        self.pointer.hide()
        self.bubble.deleteLater()
        self.pointer.deleteLater()
        if w.board.mode:
            w.board.cancel_mode()
        if w.view.overlay_room is not None:  # the board has its whole width and height back
            w.view.overlay_room = None
            w.view.refit()
        w.scene.clear_highlights()
        w.scene.clear_selection()
        self._shut_opened()
        c.auto_draw = True
        self.host.lesson_ended(self, go_back and c.session is self.session)
        self.ended.emit()

    def _session_changed(self) -> None:
        """Something else now plays in the window (a new game, a game opened)."""
        if self.stage.ctrl.session is not self.session:
            self.end(go_back=False)

    def save(self) -> None:
        """Keep what was learnt (the subclasses say what)."""

    # ------------------------------------------------------------ what the subclasses give
    def show_step(self) -> None:
        raise NotImplementedError

    def finished(self) -> None:
        raise NotImplementedError

    def clicked(self, key: str) -> None:
        raise NotImplementedError

    def pointed(self) -> tuple[QRect | None, bool]:
        """What the bubble points at (window coordinates; None: nothing) and whether to ring it."""
        return None, False

    def hint(self) -> None:
        raise NotImplementedError

    def next_key(self) -> None:
        """Alt+N."""

    def back_key(self) -> None:
        """Alt+B."""

    def leave(self) -> None:
        self.end()

    def title(self) -> str:
        return ""

    # ------------------------------------------------------------ the bubble
    def say(self, heading: str, body: str, keys: str, buttons: list[tuple[str, str, bool]], default: str | None):
        self.bubble.set_text(heading, body, keys)
        self.bubble.set_buttons(buttons, default, "leave" if any(b[0] == "leave" for b in buttons) else None)
        self.bubble.raise_()
        self.reposition()

    def _refused(self, text: str) -> None:
        if self._active and text:
            self.bubble.set_note(text, "refused")
            self.reposition()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Resize, QEvent.Type.LayoutRequest, QEvent.Type.Show):
            QTimer.singleShot(0, self, self.reposition)
        return False

    def board_area(self) -> QRect:
        vp = self.stage.view.viewport()
        return QRect(vp.mapTo(self.stage.window, vp.rect().topLeft()), vp.size())

    def reposition(self, *_args: object) -> None:
        """Put the bubble where it covers none of the lots it talks about (after
        a resize, a zoom, a pan, a new step), the board keeping a side free
        for it where that is best (:mod:`.dock`)."""
        if not self._active or not shiboken6.isValid(self.stage.window) or not shiboken6.isValid(self.bubble):
            return  # left, or the window is being destroyed (its scroll bars still signal)
        if self._placing:  # the board refits for the bubble: its scroll bars signal
            return
        self._placing = True
        try:
            self._place()
        finally:
            self._placing = False

    def _place(self) -> None:
        area = bubble_area(self.stage, self.board_area())
        width = min(max(400, self.bubble.buttons_width()), max(260, area.width() - 40))
        if self.bubble.width() != width:
            self.bubble.fit_width(width)
        target, ring = self.pointed()
        if target is not None:  # a dock at the window's edge: the ring stays inside
            target = target.intersected(self.stage.window.rect().adjusted(4, 4, -4, -4))
            if target.isEmpty():
                target = None
        view = self.stage.view
        stay = (self.bubble.geometry() if self._placed else self.placed_at) if self.steady else None
        # a panel pointed at stays where it is; lots on the board move with the room kept (they are kept off)
        near = target if target is not None and not self.board_area().intersects(target) else None
        dock = choose_dock(
            (self.bubble.width(), self.bubble.height()),
            area,
            lambda room: look_ahead(self.stage, self.talked_about(), room),
            near,
            stay,
            view.overlay_room,
        )
        self._placed = True
        room = dock.room if view.auto_fit else None
        if view.overlay_room != room:
            view.overlay_room = room
            view.refit()
            QTimer.singleShot(0, self, self.reposition)  # the target, moved with the city
        if self.bubble.geometry() != dock.rect:
            self.bubble.setGeometry(dock.rect)
        start = edge_towards(dock.rect, target.center()) if target is not None else None
        if target is not None and (ring or start is not None):
            self.pointer.point(target, start, ring)
            self.pointer.raise_()
        else:
            self.pointer.hide()
        self.bubble.raise_()

    def talked_about(self) -> list[tuple[int, int]]:
        """The lots (cells) the bubble must not cover: those the step lights."""
        return self._lit_cells

    # ------------------------------------------------------------ where things are
    def widget_rect(self, w: QWidget | None, sub: QRect | None = None) -> QRect | None:
        """A widget (or a rectangle of it) in window coordinates; None when it is not shown."""
        if w is None or not w.isVisible():
            return None
        r = sub if sub is not None else w.rect()
        top_left = self.stage.window.mapFromGlobal(w.mapToGlobal(r.topLeft()))
        return QRect(top_left, r.size())

    def view_item_rect(self, view: QAbstractItemView, row: int, whole_row: bool = True) -> QRect | None:
        model = view.model()
        if not 0 <= row < model.rowCount():
            return None
        index = model.index(row, 0)
        r = view.visualRect(index)
        if whole_row:
            last = model.index(row, max(0, model.columnCount() - 1))
            r = r.united(view.visualRect(last))
        r = r.intersected(view.viewport().rect())
        if r.isEmpty():
            return None
        return self.widget_rect(view.viewport(), r)

    def board_rect(self, cells: list[tuple[int, int]]) -> QRect | None:
        """The lots (cells) on the board, as the window shows them now (clipped to the board)."""
        if not cells:
            return None
        w = self.stage
        pts = []
        for x, y in cells:
            for cx, cy in ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)):
                pts.append(w.view.mapFromScene(w.scene.to_scene(cx * CELL, cy * CELL)))
        xs, ys = [p.x() for p in pts], [p.y() for p in pts]
        r = QRect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        r = r.intersected(w.view.viewport().rect())
        if r.isEmpty():
            return None
        return self.widget_rect(w.view.viewport(), r)

    def cells_of(self, props: Any) -> list[tuple[int, int]]:
        view = self.stage.ctrl.session.view()
        if view is None:
            return []
        city = view.city
        return [city.cell_of[p] for p in props if p in city.cell_of]

    def ensure_cells_visible(self, cells: list[tuple[int, int]]) -> None:
        w = self.stage
        if not cells or self.board_rect(cells) is not None:
            return
        x, y = cells[0]
        w.view.centerOn(w.scene.to_scene((x + 0.5) * CELL, (y + 0.5) * CELL))

    def show_dock(self, key: str) -> None:
        d = self.stage.docks[key]
        if key in UNDER_THE_SHEET:  # the panel sheet lies over the Supply: it gives way (game/tabletop/sheet.py)
            for k in SHEET_PANELS:
                panel = self.stage.docks.get(k)
                if panel is not None and not panel.isHidden():
                    panel.hide()
        if not d.isVisible():
            d.show()
            if d not in self._opened:
                self._opened.append(d)
        d.raise_()

    def _shut_opened(self) -> None:
        """The panels this lesson opened (the log, the chart) close with it;
        those open before it stay open."""
        for d in self._opened:
            if d.isVisible():
                d.hide()
        self._opened = []

    def ensure_in_hand_panel(self, widget: QWidget) -> None:
        scroll = widget.parentWidget()  # the hand, where it scrolls on a small window
        while scroll is not None and not isinstance(scroll, QScrollArea):
            scroll = scroll.parentWidget()
        if scroll is not None:
            scroll.ensureWidgetVisible(widget)

    # ------------------------------------------------------------ lights
    def _mode_changed(self, mode: object) -> None:
        if not mode:
            self._relight_later()

    def _relight_later(self) -> None:
        if not self._relight_pending and self._active:
            self._relight_pending = True
            QTimer.singleShot(0, self, self._relight)

    def _relight(self) -> None:
        self._relight_pending = False
        if self._active:
            self.light()
            self.reposition()

    def light(self) -> None:
        """Light what the lesson offers (with no piece in hand: the window lights the piece's spots)."""

    def light_board(self, props: Any, streets: Any = (), cells: Any = ()) -> None:
        w = self.stage
        lots = sorted(set(self.cells_of(props)) | set(cells))
        self._lit_cells = sorted(set(lots) | {c for street in streets for c in street})  # the bubble keeps off
        if w.board.mode:
            return
        sc = w.scene
        sc.clear_highlights()
        if lots:
            sc.highlight_cells(lots, COACH)
        if streets:
            sc.highlight_streets(sorted(streets), COACH)

    def select_cards(self, cards: Any) -> None:
        """Select (light) these cards in the hand."""
        view = self.stage.hand_panel.hand_view
        model = self.stage.ctrl.hand_model
        sel = QItemSelection()
        for row in range(model.rowCount()):
            ix = model.index(row, 0)
            if model.data(ix, CardRole) in cards:
                sel.select(ix, ix)
        sm = view.selectionModel()
        if sm is not None:
            sm.select(sel, QItemSelectionModel.SelectionFlag.ClearAndSelect)

    def _focus_tiles(self, action: Action) -> None:
        """Choose the step's neighborhood in the Neighborhoods panel and give it the focus."""
        self.show_dock("tiles")
        lst = self.stage.tiles_panel.list
        number = action.number if hasattr(action, "number") else None
        for i in range(lst.count()):
            if lst.item(i).data(Qt.ItemDataRole.UserRole) == number:
                lst.setCurrentRow(i)
        lst.setFocus(Qt.FocusReason.OtherFocusReason)

    def focus_for(self, actions: list[Action]) -> None:
        """Give the keyboard focus where the step's move is made."""
        w = self.stage
        if not actions:
            return
        view = w.ctrl.session.view()
        kinds = [kind_of(a, view.rules if view is not None else None) for a in actions]
        first = kinds[0]
        hp = w.hand_panel
        if first in (ActionKind.BUILD, ActionKind.PARK_FACTORY):
            rows = w.ctrl.supply_model.buildable_rows()
            if rows:
                self.show_dock("supply")
                w.supply_panel.setCurrentIndex(w.ctrl.supply_model.index(rows[0], 0))
                w.supply_panel.setFocus(Qt.FocusReason.OtherFocusReason)
        elif first == ActionKind.NEIGHBORHOOD:
            if view is None or view.phase != Phase.SETUP:  # at setup the window picks the neighborhood up itself
                self._focus_tiles(actions[0])
        elif first == ActionKind.DRAW and isinstance(actions[0], Draw):
            b = hp.stack_buttons.get(actions[0].stack)
            if b is not None:
                self.show_dock("hand")
                self.ensure_in_hand_panel(b)
                b.setFocus(Qt.FocusReason.OtherFocusReason)
        elif first in (ActionKind.EXCHANGE, ActionKind.OFFER):
            self.show_dock("hand")
            hp.hand_view.setFocus(Qt.FocusReason.OtherFocusReason)
        elif first == ActionKind.TAKE and isinstance(actions[0], Take):
            self.show_dock("hand")
            lst = hp.offers_list
            for i in range(lst.count()):
                if lst.item(i).data(Qt.ItemDataRole.UserRole) == (actions[0].owner, actions[0].slot):
                    lst.setCurrentRow(i)
            lst.setFocus(Qt.FocusReason.OtherFocusReason)
        elif first in (ActionKind.PASS, ActionKind.STOP):
            button = hp.buttons["pass" if first == ActionKind.PASS else "stop"]
            button.setAutoDefault(True)  # Enter presses the focused button, as Space does
            button.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            w.view.setFocus(Qt.FocusReason.OtherFocusReason)
