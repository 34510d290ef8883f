"""Lessons in the game window: a tutorial or a puzzle played through a
scripted session (:mod:`bigcity_desktop.session.scripted`), with the coach
(:mod:`.coach`) speaking and pointing.

A :class:`Lesson` puts its session into the window (``ctrl.use_session``),
shows the coach bubble, lights what the lesson offers on the board and in
the panels, keeps the bubble beside what it points at as the window is
resized and the board zoomed or panned, and, when the player leaves, gives
the window back its own game (the local game it had, or a new one).
What a player has learnt (the tutorial's step, solved puzzles) is kept in
``learn-progress.json`` in the app's data folder (:class:`ProgressStore`).
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QEvent, QItemSelection, QItemSelectionModel, QObject, QRect, Qt, QTimer, Signal
from PySide6.QtWidgets import QAbstractItemView, QScrollArea, QWidget

from bigcity_desktop.engine import Action, ActionKind, Build, Draw, Phase, Take, kind_of
from bigcity_desktop.engine.city import tile_cells
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.i18n import current_language, engine_text, translate
from bigcity_desktop.learn import (
    Pointer,
    PointerKind,
    Progress,
    ProgressError,
    Puzzle,
    read_progress,
    write_progress,
)
from bigcity_desktop.learn.puzzle import BuildWithin, LeadAfter, ScoreInTurns, ScoreThisTurn, WinWithin
from bigcity_desktop.scene.style import CELL
from bigcity_desktop.session import autosave as autosave_mod
from bigcity_desktop.session.base import GameSession
from bigcity_desktop.session.local import LocalSession
from bigcity_desktop.session.scripted import PuzzleSession, ScriptedSession, TutorialSession

from .coach import COACH, CoachBubble, PointerOverlay, place_bubble
from .models import BuildingRole, CardRole

if TYPE_CHECKING:
    from .mainwindow import GameWindow

PROGRESS_NAME = "learn-progress.json"


# ---------------------------------------------------------------- progress


class ProgressStore:
    """The player's learning progress file (the data folder's
    ``learn-progress.json``): read once, written after every change. A
    damaged file is moved aside (never overwritten) and the player told."""

    def __init__(self, path: Path | None = None):
        self.path = path or autosave_mod.data_dir() / PROGRESS_NAME
        self.notice: str | None = None  # a sentence for the player, once
        try:
            self.progress = read_progress(self.path)
        except ProgressError as exc:
            kept = self.path.with_name(self.path.stem + ".damaged.json")
            try:
                self.path.replace(kept)
                where = str(kept)
            except OSError:
                self.path = self.path.with_name(self.path.stem + ".new.json")
                where = str(self.path.with_name(PROGRESS_NAME))
            self.notice = translate(
                "Lessons", "Your learning progress could not be read ({reason}); it was kept as {file}."
            ).format(reason=exc, file=where)
            self.progress = Progress()

    def save(self) -> str | None:
        """Write the progress; the reason when it cannot be written (nothing is lost in memory)."""
        try:
            write_progress(self.path, self.progress)
        except OSError as exc:
            return translate("Lessons", "Your learning progress could not be saved: {reason}").format(
                reason=exc.strerror or exc
            )
        return None


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

    def __init__(self, window: GameWindow, session: ScriptedSession, store: ProgressStore):
        super().__init__(window)
        self.window = window
        self.session = session
        self.store = store
        self.previous: GameSession | None = None  # the window's game before the lesson
        self.bubble = CoachBubble(window)
        self.pointer = PointerOverlay(window)
        self.bubble.clicked.connect(self.clicked)
        self._timer = QTimer(self)
        self._timer.setInterval(250)  # the catch-all: a dock resized, a row scrolled
        self._timer.timeout.connect(self.reposition)
        self._relight_pending = False
        self._active = False
        self._lit_cells: list[tuple[int, int]] = []

    # ------------------------------------------------------------ starting and leaving
    def start(self) -> None:
        w = self.window
        c = w.ctrl  # self.previous, the game to go back to, is set by the window (learning.py)
        self._active = True
        c.auto_draw = isinstance(self.session, PuzzleSession)
        self.session.bot_delay_ms = w.prefs.bot_delay_ms
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
        w.installEventFilter(self)
        w.view.viewport().installEventFilter(self)
        self.session.stepChanged.connect(self.show_step)
        self.session.finished.connect(self.finished)
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
        w = self.window
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
        w.removeEventFilter(self)
        w.view.viewport().removeEventFilter(self)
        self.session.stop()

    def end(self, go_back: bool = True) -> None:
        """Leave the lesson (its progress is kept); with `go_back`, the window
        plays its own game again (or, with none, offers a new one)."""
        if not self._active:
            return
        self.save()
        self._detach()
        w = self.window
        c = w.ctrl
        self.bubble.hide()
        self.pointer.hide()
        self.bubble.deleteLater()
        self.pointer.deleteLater()
        if w.board.mode:
            w.board.cancel_mode()
        w.scene.clear_highlights()
        w.scene.clear_selection()
        c.auto_draw = True
        if go_back and c.session is self.session:
            previous = self.previous
            if previous is None:
                previous = LocalSession(c)
            c.use_session(previous)
            if previous.has_game:
                previous.set_paused(isinstance(previous, LocalSession) and previous.paused)
            else:
                w.clear_board()
                w.show_new_game()
        w.lesson = None
        w.refresh()
        self.ended.emit()

    def _session_changed(self) -> None:
        """Something else now plays in the window (a new game, a game opened)."""
        if self.window.ctrl.session is not self.session:
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

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() in (QEvent.Type.Resize, QEvent.Type.LayoutRequest, QEvent.Type.Show):
            QTimer.singleShot(0, self, self.reposition)
        return False

    def board_area(self) -> QRect:
        vp = self.window.view.viewport()
        return QRect(vp.mapTo(self.window, vp.rect().topLeft()), vp.size())

    def reposition(self, *_args: object) -> None:
        """Put the bubble beside what it points at (after a resize, a zoom, a pan, a new step)."""
        if not self._active or not shiboken6.isValid(self.window) or not shiboken6.isValid(self.bubble):
            return  # left, or the window is being destroyed (its scroll bars still signal)
        area = self.board_area()
        width = min(max(400, self.bubble.buttons_width()), max(260, area.width() - 40))
        if self.bubble.width() != width:
            self.bubble.fit_width(width)
        target, ring = self.pointed()
        if target is not None:  # a dock at the window's edge: the ring stays inside
            target = target.intersected(self.window.rect().adjusted(4, 4, -4, -4))
            if target.isEmpty():
                target = None
        keep_off = [r for r in (self.city_on_screen(), self.lit_on_screen()) if r is not None]
        rect, start = place_bubble((self.bubble.width(), self.bubble.height()), area, target, keep_off)
        if self.bubble.geometry() != rect:
            self.bubble.setGeometry(rect)
        if target is not None and (ring or start is not None):
            self.pointer.point(target, start, ring)
            self.pointer.raise_()
        else:
            self.pointer.hide()
        self.bubble.raise_()

    # ------------------------------------------------------------ where things are
    def widget_rect(self, w: QWidget | None, sub: QRect | None = None) -> QRect | None:
        """A widget (or a rectangle of it) in window coordinates; None when it is not shown."""
        if w is None or not w.isVisible():
            return None
        r = sub if sub is not None else w.rect()
        top_left = self.window.mapFromGlobal(w.mapToGlobal(r.topLeft()))
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
        w = self.window
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

    def city_on_screen(self) -> QRect | None:
        """The city as the board shows it now (window coordinates), for the bubble to keep off."""
        w = self.window
        if w.scene.city is None:
            return None
        r = w.view.mapFromScene(w.scene.city_rect(0.2)).boundingRect()
        return self.widget_rect(w.view.viewport(), r.intersected(w.view.viewport().rect()))

    def lit_on_screen(self) -> QRect | None:
        """The lots the lesson lights (where the move is made), for the bubble to keep off."""
        return self.board_rect(self._lit_cells) if self._lit_cells else None

    def cells_of(self, props: Any) -> list[tuple[int, int]]:
        city = self.window.ctrl.city
        if city is None:
            return []
        return [city.cell_of[p] for p in props if p in city.cell_of]

    def ensure_cells_visible(self, cells: list[tuple[int, int]]) -> None:
        w = self.window
        if not cells or self.board_rect(cells) is not None:
            return
        x, y = cells[0]
        w.view.centerOn(w.scene.to_scene((x + 0.5) * CELL, (y + 0.5) * CELL))

    def show_dock(self, key: str) -> None:
        d = self.window.docks[key]
        if not d.isVisible():
            d.show()
        d.raise_()

    def ensure_in_hand_panel(self, widget: QWidget) -> None:
        scroll = self.window.docks["hand"].widget()
        if isinstance(scroll, QScrollArea):
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
        w = self.window
        lots = sorted(set(self.cells_of(props)) | set(cells))
        self._lit_cells = lots
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
        view = self.window.hand_panel.hand_view
        model = self.window.ctrl.hand_model
        sel = QItemSelection()
        for row in range(model.rowCount()):
            ix = model.index(row, 0)
            if model.data(ix, CardRole) in cards:
                sel.select(ix, ix)
        sm = view.selectionModel()
        if sm is not None:
            sm.select(sel, QItemSelectionModel.SelectionFlag.ClearAndSelect)

    def focus_for(self, actions: list[Action]) -> None:
        """Give the keyboard focus where the step's move is made."""
        w = self.window
        if not actions:
            return
        rules = w.ctrl.rules
        kinds = [kind_of(a, rules) for a in actions]
        first = kinds[0]
        hp = w.hand_panel
        if first in (ActionKind.BUILD, ActionKind.PARK_FACTORY):
            rows = w.ctrl.supply_model.buildable_rows()
            if rows:
                self.show_dock("supply")
                w.supply_panel.setCurrentIndex(w.ctrl.supply_model.index(rows[0], 0))
                w.supply_panel.setFocus(Qt.FocusReason.OtherFocusReason)
        elif first == ActionKind.NEIGHBORHOOD:
            if w.ctrl.phase != Phase.SETUP:  # at setup the window picks the neighborhood up itself
                self.show_dock("tiles")
                lst = w.tiles_panel.list
                number = actions[0].number if hasattr(actions[0], "number") else None
                for i in range(lst.count()):
                    if lst.item(i).data(Qt.ItemDataRole.UserRole) == number:
                        lst.setCurrentRow(i)
                lst.setFocus(Qt.FocusReason.OtherFocusReason)
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
        elif first == ActionKind.PASS:
            hp.buttons["pass"].setFocus(Qt.FocusReason.OtherFocusReason)
        elif first == ActionKind.STOP:
            hp.buttons["stop"].setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            w.view.setFocus(Qt.FocusReason.OtherFocusReason)


# ---------------------------------------------------------------- the tutorial


class TutorialLesson(Lesson):
    """A tutorial: the step's words, its pointer and lights; Next, Back, Leave."""

    session: TutorialSession

    def __init__(self, window: GameWindow, session: TutorialSession, store: ProgressStore):
        super().__init__(window, session, store)
        self.run = session.run
        self.tutorial = session.run.tutorial
        self._over = False  # the end bubble is shown

    def title(self) -> str:
        return self.tutorial.title.get(current_language())

    def save(self) -> None:
        p = self.store.progress
        if self.run.finished:
            p.save_tutorial(self.tutorial.id, {}, finished=True)
        else:
            p.save_tutorial(self.tutorial.id, self.run.save())
        problem = self.store.save()
        if problem:
            self.window.show_message(problem)

    def chapter(self) -> str:
        lang = current_language()
        for step in reversed(self.tutorial.steps[: self.run.step.index + 1]):
            if step.chapter is not None:
                return step.chapter.get(lang)
        return self.title()

    def show_step(self) -> None:
        if not self._active:
            return
        if self.run.finished:
            return  # finished() shows the end
        lang = current_language()
        step = self.run.step
        heading = translate("Lessons", "{chapter} · step {n} of {count}").format(
            chapter=self.chapter(), n=step.index + 1, count=step.count
        )
        actions = self.run.accepted_actions()
        last = step.index == step.count - 1
        if step.waits_for_next:
            keys = translate("Lessons", "Enter or Alt+N: next · Alt+B: back · Esc or Alt+L: leave")
        else:
            phase = self.run.state.phase
            keys = keys_for(actions, self.run.state.rules, phase == Phase.SETUP, phase == Phase.STREETCAR)
        buttons = [
            ("back", translate("Lessons", "Back"), step.index > 0),
            ("leave", translate("Lessons", "Leave"), True),
            ("next", translate("Lessons", "Finish") if last else translate("Lessons", "Next"), step.waits_for_next),
        ]
        self.bubble.set_note("")
        self.say(heading, rich(step.text(lang)), keys, buttons, "next")
        self.save()
        self.prepare_pointer()
        self.light()
        self.reposition()
        if step.waits_for_next:
            self.bubble.focus_default()
        else:
            self.focus_for(actions)

    def prepare_pointer(self) -> None:
        """Show the dock (and scroll to the row) the step points at."""
        ptr = self.run.step.pointer
        k = ptr.kind
        dock = {
            PointerKind.HAND: "hand",
            PointerKind.CARD: "hand",
            PointerKind.STACK: "hand",
            PointerKind.BUTTON: "hand",
            PointerKind.TILES: "tiles",
            PointerKind.CHART: "chart",
            PointerKind.LOG: "log",
            PointerKind.SCORES: "players",
            PointerKind.SUPPLY: "hand" if ptr.building == "streetcar" else "supply",
        }.get(k)
        if k == PointerKind.CHART:
            self.window.ensure_chart()
        if dock is not None:
            self.show_dock(dock)
        if k == PointerKind.SPOTS:
            self.ensure_cells_visible(self.cells_of(ptr.properties))
        widget = self._pointer_widget(ptr)
        if widget is not None and dock == "hand":
            self.ensure_in_hand_panel(widget)
        if k == PointerKind.SUPPLY and ptr.building != "streetcar":
            row = self._supply_row(ptr.building)
            if row is not None:
                self.window.supply_panel.scrollTo(self.window.ctrl.supply_model.index(row, 0))
        if k == PointerKind.CARD:
            row = self._card_row(ptr.card)
            if row is not None:
                self.window.hand_panel.hand_view.scrollTo(self.window.ctrl.hand_model.index(row, 0))

    def _supply_row(self, building: str | None) -> int | None:
        model = self.window.ctrl.supply_model
        sizes = {
            len(a.properties) for a in self.run.accepted_actions() if isinstance(a, Build) and a.building == building
        }
        first = None
        for row in range(model.rowCount()):
            info = model.data(model.index(row, 0), BuildingRole)
            if info and info[0] == building:
                if first is None:
                    first = row
                if info[1] in sizes:
                    return row
        return first

    def _card_row(self, card: int | None) -> int | None:
        model = self.window.ctrl.hand_model
        for row in range(model.rowCount()):
            if model.data(model.index(row, 0), CardRole) == card:
                return row
        return None

    def _pointer_widget(self, ptr: Pointer) -> QWidget | None:
        w = self.window
        hp = w.hand_panel
        k = ptr.kind
        if k == PointerKind.HAND or k == PointerKind.CARD:
            return hp.hand_view
        if k == PointerKind.STACK and ptr.stack is not None:
            return hp.stack_buttons.get(ptr.stack)
        if k == PointerKind.BUTTON:
            name = ptr.button or ""
            if name == "draw":
                return hp.stacks_box
            if name == "offer":
                return hp.buttons["offer_up"] if hp.buttons["offer_up"].isVisible() else hp.hand_view
            if name == "take":
                return hp.take_button if hp.take_button.isVisible() else hp.offers_box
            return hp.buttons.get(name)
        if k == PointerKind.SUPPLY:
            return hp.buttons["streetcar"] if ptr.building == "streetcar" else w.supply_panel
        if k == PointerKind.TILES:
            return w.tiles_panel.list
        if k == PointerKind.CHART:
            return w.docks["chart"].widget()
        if k == PointerKind.LOG:
            return w.log_panel
        if k == PointerKind.SCORES:
            return w.players_panel
        return None

    def pointed(self) -> tuple[QRect | None, bool]:
        if self._over or self.run.finished:
            return None, False
        ptr = self.run.step.pointer
        k = ptr.kind
        if k in (PointerKind.NONE, PointerKind.BOARD):
            return None, False
        if k == PointerKind.SPOTS:
            cells = self.cells_of(ptr.properties)
            whole = self.board_rect(cells)
            xs, ys = [x for x, _ in cells], [y for _, y in cells]
            if cells and (max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1) > 2 * len(cells):
                # lots spread over the city: they are lit; the arrow goes to the first, no ring round them all
                return self.board_rect(cells[:1]) or whole, False
            return whole, True
        if k == PointerKind.SUPPLY and ptr.building == "streetcar" and self.run.state.phase == Phase.STREETCAR:
            # the second piece: the streetcar is in hand already, the arrow goes to the lit streets
            cells = [c for street in self.run.lights().streets for c in street]
            if cells:
                return self.board_rect(cells), False
        if k == PointerKind.SUPPLY and ptr.building != "streetcar":
            row = self._supply_row(ptr.building)
            if row is not None:
                r = self.view_item_rect(self.window.supply_panel, row)
                if r is not None:
                    return r, True
        if k == PointerKind.CARD:
            row = self._card_row(ptr.card)
            if row is not None:
                r = self.view_item_rect(self.window.hand_panel.hand_view, row, whole_row=False)
                if r is not None:
                    return r, True
        if k == PointerKind.TILES:
            lights = self.run.lights()
            lst = self.window.tiles_panel.list
            for t in lights.tiles:
                for i in range(lst.count()):
                    if lst.item(i).data(Qt.ItemDataRole.UserRole) == t.number:
                        r = lst.visualItemRect(lst.item(i)).intersected(lst.viewport().rect())
                        if not r.isEmpty():
                            return self.widget_rect(lst.viewport(), r), True
        return self.widget_rect(self._pointer_widget(ptr)), True

    def light(self) -> None:
        if self.run.finished or self.session.busy:
            self.light_board(())
            return
        lights = self.run.lights()
        ptr = self.run.step.pointer
        spots = set(lights.properties)
        if ptr.kind == PointerKind.SPOTS:
            spots |= set(ptr.properties)
        rules = self.run.state.rules
        cells = [c for t in lights.tiles for c in tile_cells(rules, t.number, t.x, t.y, t.rotation).values()]
        self.light_board(spots, lights.streets, cells)
        self.select_cards(lights.cards)

    # ------------------------------------------------------------ buttons and keys
    def clicked(self, key: str) -> None:
        if key == "next":
            self.next_key()
        elif key == "back":
            self.back_key()
        elif key == "leave":
            self.leave()
        elif key == "easy":
            self.play_easy_bot()
        elif key == "puzzles":
            self.end()
            self.window.show_puzzles()
        elif key == "close":
            self.end()

    def next_key(self) -> None:
        if self._over:
            self.play_easy_bot()
            return
        self.session.next()

    def back_key(self) -> None:
        if self._over:
            return
        self.session.back()

    def hint(self) -> None:
        step = self.run.step
        if step.hint is not None and step.waits_for_action:
            self.bubble.set_note(step.hint.get(current_language()), "hint")
        else:
            self.bubble.set_note(translate("Lessons", "Read the note, then press Next."), "hint")
        self.reposition()

    def finished(self) -> None:
        self._over = True
        self.save()
        self.light_board(())
        self.say(
            translate("Lessons", "Tutorial finished"),
            translate(
                "Lessons",
                "<p>Well done: you know the whole game now.</p><p>Play a real game against the easy bot, "
                "or test yourself with the puzzles (Game → Puzzles…).</p>",
            ),
            translate("Lessons", "Enter: a game against the easy bot · Esc: close"),
            [
                ("puzzles", translate("Lessons", "Puzzles…"), True),
                ("leave", translate("Lessons", "Close"), True),
                ("easy", translate("Lessons", "Play the easy bot"), True),
            ],
            "easy",
        )
        self.bubble.focus_default()

    def play_easy_bot(self) -> None:
        """Leave for the New game dialog with you against one easy bot."""
        from .controller import DEFAULT_COLOURS, GameConfig, SeatConfig, default_name

        edition = self.tutorial.edition
        w = self.window
        self.end(go_back=False)
        c = w.ctrl
        if isinstance(self.previous, LocalSession):
            c.use_session(self.previous)
            if not self.previous.has_game:
                w.clear_board()
        w.last_config = GameConfig(
            edition,
            [
                SeatConfig(default_name(0), SeatKind.HUMAN, DEFAULT_COLOURS[0]),
                SeatConfig("Bea", "easy", DEFAULT_COLOURS[1]),
            ],
        )
        w.show_new_game()


# ---------------------------------------------------------------- a puzzle


def goal_text(puzzle: Puzzle) -> str:
    """The goal in words (the bubble's line under the description)."""
    g = puzzle.goal
    if isinstance(g, ScoreThisTurn):
        return translate("Lessons", "Goal: score at least {n} points this turn.").format(n=g.at_least)
    if isinstance(g, ScoreInTurns):
        return translate("Lessons", "Goal: score at least {n} points in your next {turns} turns.").format(
            n=g.at_least, turns=g.turns
        )
    if isinstance(g, BuildWithin):
        from bigcity_desktop.i18n import rules_text

        what = rules_text(puzzle.rules.buildings[g.building].label)
        if g.at_least:
            return translate(
                "Lessons", "Goal: build the {building} within {turns} turns, scoring at least {n} points."
            ).format(building=what, turns=g.turns, n=g.at_least)
        return translate("Lessons", "Goal: build the {building} within {turns} turns.").format(
            building=what, turns=g.turns
        )
    if isinstance(g, LeadAfter):
        return translate("Lessons", "Goal: lead by at least {n} points after {turns} turns.").format(
            n=g.by, turns=g.turns
        )
    assert isinstance(g, WinWithin)
    return translate("Lessons", "Goal: end the game within {turns} turns, in the lead.").format(turns=g.turns)


def value_text(puzzle: Puzzle, value: int) -> str:
    """A value the goal measures, in words: points, or a lead."""
    if isinstance(puzzle.goal, (LeadAfter, WinWithin)):
        return translate("Lessons", "a lead of {n}").format(n=value)
    return translate("Lessons", "{n} points").format(n=value)


def stars(difficulty: int) -> str:
    return "★" * difficulty + "☆" * (5 - difficulty)


class PuzzleLesson(Lesson):
    """A puzzle: its goal, how far the attempt is, Restart, Hint, Show me, Leave."""

    session: PuzzleSession
    nextPuzzle = Signal(object)  # the puzzle after this one (Next puzzle)
    puzzlesRequested = Signal()

    def __init__(self, window: GameWindow, session: PuzzleSession, store: ProgressStore, following: Puzzle | None):
        super().__init__(window, session, store)
        self.run = session.run
        self.puzzle = session.run.puzzle
        self.following = following
        self.verdict = ""  # what the end of the last attempt said
        session.hintReady.connect(self._hint_ready)
        session.hintFailed.connect(self._hint_failed)

    def title(self) -> str:
        return self.puzzle.title.get(current_language())

    def show_step(self) -> None:
        if not self._active or self.run.finished:
            return
        lang = current_language()
        p = self.puzzle
        goal = p.goal
        turns = goal.turns
        start_scores = p.start_state().scores[p.seat]
        so_far = self.run.state.scores[p.seat] - start_scores
        if self.session.showing:
            status = translate("Lessons", "Showing the answer, move by move…")
        else:
            status = translate("Lessons", "Turn {turn} of {turns} · scored so far: {n}").format(
                turn=min(self.run.turn, turns), turns=turns, n=so_far
            )
        body = f"<p>{rich(p.description.get(lang))}</p><p><b>{html.escape(goal_text(p))}</b></p><p>{html.escape(status)}</p>"
        self.bubble.set_note("")
        self.say(
            translate("Lessons", "Puzzle {stars} · {title}").format(stars=stars(p.difficulty), title=self.title()),
            body,
            translate("Lessons", "H: hint · Alt+B: restart · Esc or Alt+L: leave"),
            [
                ("restart", translate("Lessons", "Restart"), True),
                ("hint", translate("Lessons", "Hint"), not self.session.showing),
                ("show", translate("Lessons", "Show me"), not self.session.showing),
                ("leave", translate("Lessons", "Leave"), True),
            ],
            None,
        )

    def finished(self) -> None:
        o = self.run.outcome
        if o is None:  # pragma: no cover - finished is sent at the end
            return
        p = self.puzzle
        got = value_text(p, o.value)
        if self.session.shown_answer:
            title = translate("Lessons", "That was the answer")
            text = translate(
                "Lessons", "This line reaches {value}, the best known. Now try it yourself: Restart."
            ).format(value=got)
            kind = "hint"
        elif o.reached and o.perfect:
            title = translate("Lessons", "Solved!")
            text = translate("Lessons", "You reached the goal with {value}: the best there is.").format(value=got)
            kind = "done"
        elif o.reached:
            title = translate("Lessons", "Solved")
            text = translate("Lessons", "You reached the goal with {value}. The best is {best}: try again?").format(
                value=got, best=value_text(p, o.best)
            )
            kind = "done"
        else:
            title = translate("Lessons", "Not this time")
            text = translate("Lessons", "The goal was not reached ({value}). Restart, or ask for a hint (H).").format(
                value=got
            )
            kind = "refused"
        if o.reached and not self.session.shown_answer:
            self.store.progress.mark_solved(p.id, o.value)
            problem = self.store.save()
            if problem:
                self.window.show_message(problem)
        self.verdict = text
        lang = current_language()
        body = f"<p>{rich(p.description.get(lang))}</p><p><b>{html.escape(goal_text(p))}</b></p>"
        buttons = [
            ("restart", translate("Lessons", "Try again"), True),
            ("puzzles", translate("Lessons", "Puzzles…"), True),
            ("leave", translate("Lessons", "Leave"), True),
        ]
        if self.following is not None:
            buttons.append(("next", translate("Lessons", "Next puzzle"), True))
        self.say(
            f"{title} · {self.title()}",
            body,
            translate("Lessons", "Enter: {button} · Esc: leave").format(
                button=buttons[-1][1] if self.following is not None else buttons[0][1]
            ),
            buttons,
            "next" if self.following is not None else "restart",
        )
        self.bubble.set_note(text, kind)
        self.reposition()
        self.bubble.focus_default()

    def clicked(self, key: str) -> None:
        if key == "restart":
            self.session.restart()
            self.window.view.setFocus(Qt.FocusReason.OtherFocusReason)
        elif key == "hint":
            self.hint()
        elif key == "show":
            self.session.show_answer()
        elif key == "leave":
            self.leave()
        elif key == "puzzles":
            self.end()
            self.window.show_puzzles()
        elif key == "next" and self.following is not None:
            self.nextPuzzle.emit(self.following)

    def next_key(self) -> None:
        if self.run.finished and self.following is not None:
            self.nextPuzzle.emit(self.following)

    def back_key(self) -> None:
        self.clicked("restart")

    def hint(self) -> None:
        if self.session.request_hint():
            self.bubble.set_note(translate("Lessons", "Thinking of a hint…"), "hint")
        elif self.run.finished:
            self.bubble.set_note(translate("Lessons", "The attempt is over: Restart to try again."), "hint")
        self.reposition()

    def _hint_ready(self, action: object) -> None:
        if not self._active:
            return
        if not isinstance(action, Action):
            self.bubble.set_note(
                translate("Lessons", "From here the goal can no longer be reached: press Restart."), "refused"
            )
        else:
            from bigcity_desktop.bots.hint import reason

            view = self.window.ctrl.view
            text = engine_text(reason(view, action)) if view is not None else str(action)
            self.bubble.set_note(translate("Lessons", "Hint: {text}").format(text=text), "hint")
            self.window.show_hint_on_board(action)
        self.reposition()

    def _hint_failed(self, text: str) -> None:
        if self._active:
            self.bubble.set_note(translate("Lessons", "No hint available: {reason}").format(reason=text), "refused")
            self.reposition()

    def light(self) -> None:
        if self.run.finished:  # the line of play has ended: nobody is thinking
            self.window.hand_panel.turn_label.setText(translate("Lessons", "<b>The puzzle is over.</b>"))

    def pointed(self) -> tuple[QRect | None, bool]:
        return None, False
