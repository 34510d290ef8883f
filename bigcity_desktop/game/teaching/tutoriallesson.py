"""The tutorial's lesson: the step's words, its pointer and lights; Next, Back, Leave."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QDockWidget, QWidget

from bigcity_desktop.engine import ActionKind, Build, Phase
from bigcity_desktop.engine.city import tile_cells
from bigcity_desktop.game.core.models import BuildingRole, CardRole
from bigcity_desktop.game.tabletop.stage import Stage
from bigcity_desktop.i18n import current_language, translate
from bigcity_desktop.learn import Pointer, PointerKind
from bigcity_desktop.scene.targets import Mode
from bigcity_desktop.scene.tools import BuildingTool
from bigcity_desktop.session.scripted import TutorialSession

from .lesson import Lesson, LessonHost, keys_for, rich
from .progress import ProgressStore


class TutorialLesson(Lesson):
    """A tutorial: the step's words, its pointer and lights; Next, Back, Leave."""

    session: TutorialSession

    def __init__(self, stage: Stage, host: LessonHost, session: TutorialSession, store: ProgressStore):
        super().__init__(stage, host, session, store)
        self.run = session.run
        self.tutorial = session.run.tutorial
        self._over = False  # the end bubble is shown

    def title(self) -> str:
        return self.tutorial.title.get(current_language())

    # ------------------------------------------------------------ a piece the step does not offer
    def start(self) -> None:
        super().start()
        self.stage.board.message.connect(self._board_said)

    def _detach(self) -> None:
        try:
            self.stage.board.message.disconnect(self._board_said)
        except (RuntimeError, TypeError):  # pragma: no cover - never connected
            pass
        super()._detach()

    def _board_said(self, text: str) -> None:
        """The board would not put the piece in hand there (the rules' reason):
        the bubble says it too, with what the step asks for."""
        if not self._active or not text or not self.stage.board.mode or self.session.busy:
            return  # the piece was placed or put back; or the replies are being played
        step = self.run.step
        line = text.split("\n")[0]
        hint = step.hint.get(current_language()) if step.hint is not None and step.waits_for_action else ""
        self.bubble.set_note(f"{line} {hint}".strip(), "refused")
        self.reposition()

    def _mode_changed(self, mode: object) -> None:
        """A building picked up (from the Supply, a card, a drag) that the
        step does not offer: the step says why, in the bubble. (A neighborhood
        or a streetcar the step does not offer is never picked up: the board
        asks the session why not, and the step answers.)"""
        super()._mode_changed(mode)
        tool = self.stage.board.tool
        if self._active and mode == Mode.BUILDING and isinstance(tool, BuildingTool):
            if not self.session.seat_view().legal_builds(tool.btype, tool.size):
                rules = self.run.state.rules
                kind = ActionKind.PARK_FACTORY if rules.buildings[tool.btype].with_card else ActionKind.BUILD
                self.session.explain(kind, building=tool.btype, size=tool.size)

    def save(self) -> None:
        p = self.store.progress
        if self.run.finished:
            p.save_tutorial(self.tutorial.id, {}, finished=True)
        else:
            p.save_tutorial(self.tutorial.id, self.run.save())
        problem = self.store.save()
        if problem:
            self.host.show_message(problem)

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
            self.host.ensure_chart()
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
                self.stage.supply_panel.scrollTo(self.stage.ctrl.supply_model.index(row, 0))
        if k == PointerKind.CARD:
            row = self._card_row(ptr.card)
            if row is not None:
                self.stage.hand_panel.hand_view.scrollTo(self.stage.ctrl.hand_model.index(row, 0))

    def _supply_row(self, building: str | None) -> int | None:
        model = self.stage.ctrl.supply_model
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
        model = self.stage.ctrl.hand_model
        for row in range(model.rowCount()):
            if model.data(model.index(row, 0), CardRole) == card:
                return row
        return None

    def _pointer_widget(self, ptr: Pointer) -> QWidget | None:
        w = self.stage
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
            chart = w.docks["chart"]
            return chart.widget() if isinstance(chart, QDockWidget) else chart
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
            return self._pointed_spots(ptr)
        where = {
            PointerKind.SUPPLY: self._pointed_supply,
            PointerKind.CARD: self._pointed_card,
            PointerKind.TILES: self._pointed_tile,
        }.get(k)
        found = where(ptr) if where is not None else None
        if found is not None:
            return found
        return self.widget_rect(self._pointer_widget(ptr)), True

    def _pointed_spots(self, ptr: Pointer) -> tuple[QRect | None, bool]:
        cells = self.cells_of(ptr.properties)
        whole = self.board_rect(cells)
        xs, ys = [x for x, _ in cells], [y for _, y in cells]
        if cells and (max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1) > 2 * len(cells):
            # lots spread over the city: they are lit; the arrow goes to the first, no ring round them all
            return self.board_rect(cells[:1]) or whole, False
        return whole, True

    def _pointed_supply(self, ptr: Pointer) -> tuple[QRect | None, bool] | None:
        """The building's row of the Supply; None: the pointer's widget."""
        if ptr.building == "streetcar":
            if self.run.state.phase == Phase.STREETCAR:
                # the second piece: the streetcar is in hand already, the arrow goes to the lit streets
                cells = [c for street in self.run.lights().streets for c in street]
                if cells:
                    return self.board_rect(cells), False
            return None
        row = self._supply_row(ptr.building)
        r = self.view_item_rect(self.stage.supply_panel, row) if row is not None else None
        return (r, True) if r is not None else None

    def _pointed_card(self, ptr: Pointer) -> tuple[QRect | None, bool] | None:
        """The card in the hand; None: the pointer's widget."""
        row = self._card_row(ptr.card)
        r = self.view_item_rect(self.stage.hand_panel.hand_view, row, whole_row=False) if row is not None else None
        return (r, True) if r is not None else None

    def _pointed_tile(self, _ptr: Pointer) -> tuple[QRect | None, bool] | None:
        """The first lit neighborhood shown in the list; None: the pointer's widget."""
        lst = self.stage.tiles_panel.list
        for t in self.run.lights().tiles:
            for i in range(lst.count()):
                if lst.item(i).data(Qt.ItemDataRole.UserRole) == t.number:
                    r = lst.visualItemRect(lst.item(i)).intersected(lst.viewport().rect())
                    if not r.isEmpty():
                        return self.widget_rect(lst.viewport(), r), True
        return None

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
        elif key == "puzzles":  # the tutorial's end stays on the board until a puzzle is chosen
            self.host.show_puzzles()
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
        self.end(go_back=False)
        self.host.play_easy_bot(self, self.tutorial.edition)
