"""SandboxWindow: lay out a city freely and see what every building would score."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from PySide6.QtCore import QSettings, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QMainWindow,
    QMenu,
    QMessageBox,
    QWidget,
)

from bigcity_desktop.engine.cards import neighborhood_of
from bigcity_desktop.engine.rules import StreetcarLine
from bigcity_desktop.i18n import rules_text, translate
from bigcity_desktop.scene import CityScene, CityView, on_requests
from bigcity_desktop.scene.describe import cycle_spot, describe_target
from bigcity_desktop.scene.targets import Mode, PropertyTarget, StreetcarTarget, StreetTarget
from bigcity_desktop.scene.text import building_name
from bigcity_desktop.ui.keyboard import FOCUS_STYLE, KeyboardDialog, focus_next_pane, menu_actions
from bigcity_desktop.ui.windowfit import ScreenFit, available_area, fitted, restore_window, save_window

from .docks import SandboxDocks, build_docks
from .files import SandboxFiles
from .helptext import HELP_CITY_VIEW, HELP_KEYBOARD, HELP_TEXT, sandbox_board_keys
from .keep import LayoutKeeper
from .menus import build_menus
from .model import SandboxError, SandboxModel


class _SetState(QUndoCommand):
    """One sandbox step: replace (rules, steps) by new ones; undo restores."""

    def __init__(self, window: SandboxWindow, text: str, new_rules, new_steps):
        super().__init__(text)
        self.w = window
        self.old = (window.model.rules, list(window.model.steps))
        self.new = (new_rules, list(new_steps))

    def redo(self):
        self.w.apply_state(*self.new)

    def undo(self):
        self.w.apply_state(*self.old)


class SandboxWindow(QMainWindow):
    """The tile-layout sandbox (issue #5)."""

    playRequested = Signal(list, str)  # tile placements [[n, x, y, r], ...], edition
    preferencesApplied = Signal(object)  # Preferences saved from this window's dialog
    #: the menus and the actions the window changes (made by sandbox/menus.py)
    menus: list[QMenu]
    undo_action: QAction
    redo_action: QAction
    remove_action: QAction
    rules_actions: dict[str, QAction]
    #: the docks and their widgets (made by sandbox/docks.py)
    docks: SandboxDocks

    def __init__(self, parent=None, rules="original"):
        super().__init__(parent)
        self.setObjectName("SandboxWindow")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.model = SandboxModel(rules)
        self.path: Path | None = None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self.keeper: LayoutKeeper | None = None  # the unsaved layout's autosave (sandbox/keep.py)
        #: the file and rules commands: open, save, export, keep, switch rules (sandbox/files.py)
        self.files = SandboxFiles(self, self)
        self.undo_stack.indexChanged.connect(self._index_changed)
        self.selected = None  # ("building", index) | ("tile", number) | ("streetcar", street)
        self.streetcar_tool = False

        self.scene = CityScene(self.model.rules, self)
        self.board = self.scene.interaction  # the piece in hand, the board cursor, the board's requests
        self.view = CityView(self.scene, self)
        self.setCentralWidget(self.view)
        self.board.set_drop_handlers(self._judge_for_drop, self.model_tile_positions, self.model_check_tile)
        self.board.message.connect(self.say)
        on_requests(self.board, self.place_building, self.place_tile, self.place_streetcar)
        self.board.propertyClicked.connect(self._property_clicked)
        self.board.streetClicked.connect(lambda s: self.select(("streetcar", s)))
        self.board.contextRequested.connect(self._context_menu)
        self.board.modeChanged.connect(self._mode_changed)
        self.board.cursorMoved.connect(self._cursor_moved)

        self.docks = build_docks(self, self)
        self.screen_fit = ScreenFit(self)  # inside the screen, its dialogs too; F11
        menus = build_menus(self, self)
        self.menus, self.undo_action, self.redo_action, self.remove_action, self.rules_actions = menus
        self._keyboard_setup()
        self.statusBar().showMessage(
            translate(
                "SandboxWindow", "Drag a neighborhood from the tray or a building from the palette onto the city."
            )
        )
        self.settings = QSettings()
        restore_window(self, self.settings, "sandbox", self.sizeHint())
        self.refresh()
        self.fit_city()

    def fit_margin(self) -> float:
        """Cells of table a fit shows around the city: room to drop the biggest
        neighborhood still in the tray on any side (with none, a thin border).
        With no room a tile dropped below the city was refused as overlapping
        it (issue 25.8)."""
        m = self.model
        spare = [n for n in m.rules.tile_shapes if n not in m.city.placed_tiles]
        if not spare:
            return 0.6
        return max(max(m.rules.tile_shapes[n]) for n in spare) + 0.3

    def fit_city(self) -> None:
        """Ctrl+0: the whole city, with room around it for the next neighborhood."""
        self.view.fit_city(self.fit_margin())

    # ------------------------------------------------------------------ UI
    def _keyboard_setup(self) -> None:
        """Accessible names, a visible focus and a Tab order through the docks."""
        self.setStyleSheet(FOCUS_STYLE)
        self.view.setAccessibleName(translate("SandboxWindow", "Sandbox table"))
        self.view.setAccessibleDescription(
            translate(
                "SandboxWindow",
                "The arrow keys move the board cursor; Enter places the piece in hand or selects the piece there.",
            )
        )
        self.docks.tray.setAccessibleName(translate("SandboxWindow", "Neighborhoods to place"))
        self.docks.rot_left.setAccessibleName(translate("SandboxWindow", "Turn the neighborhoods left"))
        self.docks.rot_right.setAccessibleName(translate("SandboxWindow", "Turn the neighborhoods right"))
        self.docks.palette_view.setAccessibleName(translate("SandboxWindow", "Buildings to place"))
        self.docks.streetcar_button.setAccessibleName(self.docks.streetcar_button.text())
        self.docks.streetcar_label.setAccessibleName(translate("SandboxWindow", "Streetcars left"))
        self.docks.heat_combo.setAccessibleName(translate("SandboxWindow", "Building for the heat map"))
        self.docks.heat_legend.setAccessibleName(translate("SandboxWindow", "Heat map legend"))
        chain = [
            self.view,
            self.docks.rot_left,
            self.docks.rot_right,
            self.docks.tray,
            self.docks.palette_view,
            self.docks.streetcar_button,
            self.docks.heat_combo,
        ]
        for w in (self.docks.rot_left, self.docks.rot_right):
            w.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        for a, b in zip(chain, chain[1:]):
            QWidget.setTabOrder(a, b)
        self.view.setFocus()

    def panes(self) -> list:
        """The panels F6 visits, in order (the hidden ones are skipped)."""
        out = [self.view, self.docks.tray, self.docks.palette_view]
        return [w for w in out if w.isVisible() and w.isEnabled()]

    def cycle_pane(self, step: int) -> None:
        focus_next_pane(self.panes(), step)

    def show_keyboard_help(self) -> KeyboardDialog:
        dlg = KeyboardDialog(
            menu_actions(self.menus),
            self,
            intro=translate(
                "SandboxWindow",
                "The whole sandbox works with the keyboard. Pick up a neighborhood (T), a building (B) or draw "
                "the streetcar line (S), move the piece with the arrow keys or jump to a legal spot with N, and "
                "press Enter to place it. With no piece in hand, Enter selects the piece under the cursor and "
                "Delete removes it. F6 moves between the table and the docks.",
            ),
            board=sandbox_board_keys(),
            table_name=translate("SandboxWindow", "Keys of the sandbox"),
        )
        self.keyboard_dialog = dlg
        dlg.show()
        return dlg

    # ------------------------------------------------------------- keyboard
    def focus_palette(self) -> bool:
        """B: the palette gets the focus, at the chosen piece (or the first one left)."""
        self.docks.palette_dock.show()
        self.docks.palette_dock.raise_()
        rows = self.docks.palette_model.available_rows()
        if not rows:
            self.say(translate("SandboxWindow", "Every building is in the city."))
            return False
        row = self.docks.palette_view.currentIndex().row()
        if row not in rows:
            row = rows[0]
        self.docks.palette_view.setCurrentIndex(self.docks.palette_model.index(row))
        self.docks.palette_view.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.say(translate("SandboxWindow", "Buildings: Up and Down choose a piece, Enter picks it up."))
        return True

    def focus_tray(self) -> bool:
        """T: the tray gets the focus, at the chosen neighborhood (or the first one left)."""
        self.docks.tray_dock.show()
        self.docks.tray_dock.raise_()
        free = self.docks.tray.free_numbers()
        if not free:
            self.say(translate("SandboxWindow", "Every neighborhood is in the city."))
            return False
        n = self.docks.tray.current_number()
        self.docks.tray.choose(n if n in free else free[0])
        self.docks.tray.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.say(
            translate(
                "SandboxWindow", "Neighborhoods: the arrow keys choose one, Enter picks it up (R turns them all)."
            )
        )
        return True

    def rotate_piece(self, steps: int) -> None:
        """R / Shift+R: turn the piece in hand; with none (or a neighborhood), the tray turns too."""
        if self.board.mode in (Mode.NONE, Mode.TILE):
            self.turn_tray(steps)
        else:
            self.board.rotate_ghost(steps)

    def cycle_spot(self, step: int) -> None:
        """N / Shift+N: the piece in hand to the next (previous) legal spot."""
        text = cycle_spot(
            self.board,
            step,
            translate(
                "SandboxWindow",
                "N moves the piece you hold to the next legal spot: pick one up first (T, B or S).",
            ),
        )
        if text:
            self.say(text)

    def toggle_streetcar_tool(self) -> None:
        """S: start (or stop) drawing the streetcar line."""
        self.set_streetcar_tool(not self.streetcar_tool)

    def piece_at_cursor(self):
        """The piece under the board cursor (None if the cursor is hidden or on nothing):
        the building on the lot, else its neighborhood; or the streetcar on the street."""
        if not self.board.cursor_shown:
            return None
        target = self.board.cursor_target()
        city = self.model.city
        if target is None:
            return None
        if isinstance(target, StreetTarget):
            return ("streetcar", target.street) if target.street in city.streetcar_set else None
        assert isinstance(target, PropertyTarget)
        if target.prop in city.building_at:
            return ("building", city.building_at[target.prop])
        return ("tile", neighborhood_of(target.prop))

    def _cursor_moved(self, target) -> None:
        if self.board.mode == Mode.TILE and self.board.tile_rotation != self.docks.tray.rotation:
            # N took the neighborhood to a spot of another turn: the tray's thumbnails follow
            self.docks.tray.rotation = self.board.tile_rotation
            self.docks.tray.refresh(self.model.rules, self.model.city.placed_tiles)
        text = self.describe_target(target)
        self.view.setAccessibleDescription(text)
        from PySide6.QtGui import QAccessible, QAccessibleEvent

        if QAccessible.isActive():
            QAccessible.updateAccessibility(QAccessibleEvent(self.view, QAccessible.Event.DescriptionChanged))
        if self.board.mode != Mode.BUILDING:  # the bubble says it while building
            self.say(text)

    def describe_target(self, target) -> str:
        """A sentence about the board cursor's lot or street (the board's accessible description)."""
        return describe_target(target, self.model.city, self.model.rules, self.board)

    def save_as_puzzle(self):
        """File → Save as puzzle…: this city as a puzzle (goal and cards chosen in a dialog)."""
        from .puzzle import SavePuzzleDialog

        dlg = SavePuzzleDialog(self.model.city, self)
        dlg.saved.connect(
            lambda path, best: self.say(
                translate("SandboxWindow", "Puzzle saved to {file}: the best answer reaches {best}.").format(
                    file=Path(path).name, best=best
                )
            )
        )
        self.puzzle_dialog = dlg
        dlg.open()
        return dlg

    def say(self, text: str) -> None:
        self.statusBar().showMessage(text.replace("\n", "  "), 15000)

    def _index_changed(self, _index: int) -> None:
        try:
            self.files.keep_layout()
        except RuntimeError:  # the stack is being destroyed with the window
            pass

    def _clean_changed(self, _clean: bool) -> None:
        try:
            self.update_title()
            self.files.keep_layout()
        except RuntimeError:  # the stack is being destroyed with the window
            pass

    def closeEvent(self, event) -> None:
        """Unsaved changes: Save / Discard / Cancel (Cancel keeps the window open)."""
        if not self.files.keep_changes():
            event.ignore()
            return
        self.files.forget_kept_layout()
        save_window(self, self.settings, "sandbox")
        super().closeEvent(event)

    def update_title(self) -> None:
        name = self.files.layout_name()
        dirty = "" if self.undo_stack.isClean() else " *"
        self.setWindowTitle(
            translate("SandboxWindow", "Big City sandbox — {name}{dirty} ({edition})").format(
                name=name, dirty=dirty, edition=rules_text(self.model.rules.title)
            )
        )

    # ------------------------------------------------------------- files (sandbox/files.py)
    def open_layout(self, path: str | Path, show_errors: bool = True) -> bool:
        """Open a layout file (a broken one leaves the table as it was); False if it was not opened."""
        return self.files.open_layout(path, show_errors)

    def save_layout(self, path: str | Path) -> bool:
        return self.files.save_layout(path)

    def new_layout(self) -> bool:
        """File → New layout: an empty table (neighborhood 1), no file."""
        return self.files.new_layout()

    def switch_rules(self, name: str) -> bool:
        """The original or jumbo edition, or a house-rules file; False if the layout cannot be played by them."""
        return self.files.switch_rules(name)

    def export_image(self, path: str | Path, width: int = 1600) -> tuple[int, int]:
        """The city as the board shows it now: the plan, or the city view as turned."""
        return self.files.export_image(path, width)

    # ------------------------------------------------------------- state
    def apply_state(self, rules, steps) -> None:
        self.model.set_state(rules, steps)
        self.selected = None
        self.refresh()

    def push(self, text: str, steps, rules=None) -> None:
        self.undo_stack.push(_SetState(self, text, rules or self.model.rules, steps))

    def refresh(self) -> None:
        m = self.model
        if self.scene.rules is not m.rules:
            self.scene.set_rules(m.rules)
        mode = self.board.mode
        self.scene.set_city(m.city)
        self.docks.tray.refresh(m.rules, m.city.placed_tiles)
        self.docks.palette_model.set_supply(m.rules, m.supply())
        for name, a in self.rules_actions.items():
            a.setChecked(m.rules.bundled and m.edition == name)
        self.docks.heat.refresh_choices()
        self.docks.heat.refresh()
        self._refresh_selection()
        left = m.city.streetcars_left()
        why = m.streetcar_reason()
        if m.rules.streetcar_line == StreetcarLine.TREE:
            text = translate(
                "SandboxWindow", "{left} of {count} streetcars left; the line is a tree (branches allowed)."
            )
        else:
            text = translate("SandboxWindow", "{left} of {count} streetcars left; the line is a path (no branches).")
        text = text.format(left=left, count=m.rules.streetcar_count)
        if why and left:
            text += f" {why[0].upper() + why[1:]}."
        self.docks.streetcar_label.setText(text)
        if self.streetcar_tool and mode in (Mode.NONE, Mode.STREETCAR):
            self._continue_streetcars()  # the legal streets changed
        self.update_title()

    # ------------------------------------------------------------- tiles
    def model_tile_positions(self, number: int, rotation: int):
        return self.model.tile_positions(number, rotation)

    def model_check_tile(self, number, x, y, rotation):
        return self.model.check_tile(number, x, y, rotation)

    def turn_tray(self, steps: int) -> None:
        self.docks.tray.rotation = (self.docks.tray.rotation + steps) % 4
        self.docks.tray.refresh(self.model.rules, self.model.city.placed_tiles)
        if self.board.mode == Mode.TILE:
            self.board.rotate_ghost(steps)

    def begin_tile(self, number: int) -> None:
        self.set_streetcar_tool(False)
        if number in self.model.city.placed_tiles:
            self.say(translate("SandboxWindow", "Neighborhood {n} is already in the city.").format(n=number))
            return
        self.board.begin_tile(
            number, partial(self.model.tile_positions, number), self.docks.tray.rotation, self.model.check_tile
        )
        self.view.setFocus()  # so that R turns the tile and the arrows move it at once
        self.board.next_spot(1)  # the ghost waits on the first legal spot: Enter places it there
        self.say(
            translate(
                "SandboxWindow",
                "Neighborhood {n}: click a blue spot, or press N and Enter (R or the wheel turns it, Esc cancels).",
            ).format(n=number)
        )

    def place_tile(self, number: int, x: int, y: int, rotation: int) -> bool:
        try:
            steps = self.model.steps_plus_tile(number, x, y, rotation)
        except SandboxError as exc:
            self.say(str(exc)[0].upper() + str(exc)[1:])
            return False
        self.push(translate("SandboxWindow", "Place neighborhood {n}").format(n=number), steps)
        # in a player's words (issue 46.10): no grid coordinates, the turn as a player says it
        turned = (
            translate("SandboxWindow", "as printed"),
            translate("SandboxWindow", "turned a quarter to the right"),
            translate("SandboxWindow", "turned half round"),
            translate("SandboxWindow", "turned a quarter to the left"),
        )[rotation % 4]
        name = rules_text(self.model.rules.tile_names[number])
        text = translate("SandboxWindow", "Neighborhood {n} ({name}) laid in the city, {turned}.")
        self.say(text.format(n=number, name=name, turned=turned))
        return True

    # ------------------------------------------------------------- buildings
    def _judge_for_drop(self, btype: str, props):
        return self.model.judge_building(btype, props)

    def begin_building(self, btype: str, size: int) -> None:
        self.set_streetcar_tool(False)
        spots = [s.props for s in self.model.best_spots(btype, size)]  # best first: N visits them in turn
        self.board.begin_building(btype, size, partial(self.model.judge_building, btype), spots)
        self.scene.highlight_cells(sorted({p for props in spots for p in props}))
        self.view.setFocus()  # so that R and M turn the piece and the arrows move it at once
        name = building_name(self.model.rules, btype, size)
        if spots:
            self.board.next_spot(1)  # the ghost waits on the best spot: Enter builds there
            self.say(
                translate(
                    "SandboxWindow",
                    "{building}: click a green spot, or press N (best spots first) and Enter; "
                    "R turns, M mirrors, Esc cancels.",
                ).format(building=name)
            )
        else:
            self.say(
                translate(
                    "SandboxWindow", "{building}: no legal spot now; move it over the city to see why (Esc cancels)."
                ).format(building=name)
            )

    def place_building(self, btype: str, props) -> bool:
        try:
            steps = self.model.steps_plus_building(btype, props)
        except SandboxError as exc:
            self.say(str(exc))
            return False
        j = self.model.judge_building(btype, props)
        name = building_name(self.model.rules, btype, len(props))
        self.push(translate("SandboxWindow", "Build: {building}").format(building=name), steps)
        if j.score == 1:
            text = translate("SandboxWindow", "{building} on {props}: 1 point.")
        else:
            text = translate("SandboxWindow", "{building} on {props}: {score} points.")
        self.say(text.format(building=name, props=", ".join(map(str, props)), score=j.score))
        return True

    # ------------------------------------------------------------- streetcars
    def set_streetcar_tool(self, on: bool) -> None:
        on = bool(on)
        if on:
            why = self.model.streetcar_reason()
            if why:
                self.say(why[0].upper() + why[1:] + ".")
                on = False
        self.streetcar_tool = on
        if self.docks.streetcar_button.isChecked() != on:
            self.docks.streetcar_button.blockSignals(True)
            self.docks.streetcar_button.setChecked(on)
            self.docks.streetcar_button.blockSignals(False)
        if on:
            self._continue_streetcars()
            self.view.setFocus()  # the arrows move the cursor over the streets at once
            self.board.next_spot(1)
            self.say(
                translate(
                    "SandboxWindow",
                    "Click a highlighted street, or press N and Enter, to lay the next streetcar (Esc stops).",
                )
            )
        elif self.board.mode == Mode.STREETCAR:
            self.board.cancel_mode()

    def _continue_streetcars(self) -> None:
        legal = self.model.legal_streetcars()
        if not legal:
            self.set_streetcar_tool(False)
            return
        self.board.begin_streetcar(legal)

    def place_streetcar(self, street) -> bool:
        try:
            steps = self.model.steps_plus_streetcar(street)
        except SandboxError as exc:
            self.say(str(exc))
            return False
        self.push(translate("SandboxWindow", "Lay a streetcar"), steps)
        if tuple(street) == self.board.cursor_street():
            self.board.show_cursor()  # laid with the keyboard: the cursor stays, to go on along the line
        # said after the cursor's own sentence, which would only tell that no
        # streetcar can go where one has just been laid
        self.say(translate("SandboxWindow", "Streetcar laid. N and Enter lay the next one (Esc stops)."))
        return True

    def _mode_changed(self, mode: Mode) -> None:
        if not mode and self.streetcar_tool:
            # Esc or a right click ends the streetcar tool; placing a streetcar
            # restarts the mode at once, so look again once the event is over
            QTimer.singleShot(0, self._check_streetcar_tool)

    def _check_streetcar_tool(self) -> None:
        if self.streetcar_tool and self.board.mode != Mode.STREETCAR:
            self.set_streetcar_tool(False)

    def cancel_tool(self) -> None:
        """Esc: put the piece back, or stop drawing the streetcar line."""
        if self.board.mode or self.streetcar_tool:
            self.set_streetcar_tool(False)
            self.board.cancel_mode()
            self.say(translate("SandboxWindow", "Cancelled."))

    def keyPressEvent(self, event):
        if event.key() == Qt.Key.Key_Escape:
            self.cancel_tool()
            event.accept()
            return
        super().keyPressEvent(event)

    # ------------------------------------------------------------- selection & removal
    def _property_clicked(self, prop: int) -> None:
        city = self.model.city
        if prop in city.building_at:
            self.select(("building", city.building_at[prop]))
        else:
            self.select(("tile", neighborhood_of(prop)))

    def select(self, piece) -> None:
        self.selected = piece
        self._refresh_selection()
        if piece is not None:
            self.say(
                translate("SandboxWindow", "Selected {piece} (Delete removes it).").format(
                    piece=self.model.describe_piece(piece)
                )
            )

    def _refresh_selection(self) -> None:
        city = self.model.city
        sel = self.selected
        self.scene.clear_selection()
        if sel is None:
            return
        kind, key = sel
        if kind == "building" and key < len(city.buildings):
            self.scene.select(city.buildings[key].properties)
        elif kind == "tile" and key in city.placed_tiles:
            self.scene.select([p for p in self.model.rules.tile_properties(key) if p in city.cell_of])
        elif kind == "streetcar" and tuple(key) in city.streetcar_set:
            self.scene.select(streets=[key])
        else:
            self.selected = None

    def remove_piece(self, piece) -> bool:
        try:
            what = self.model.describe_piece(piece)
            steps = self.model.steps_minus(piece)
        except SandboxError as exc:
            msg = str(exc)
            self.say(translate("SandboxWindow", "Cannot remove it: {reason}.").format(reason=msg))
            return False
        self.push(translate("SandboxWindow", "Remove {piece}").format(piece=what), steps)
        self.say(translate("SandboxWindow", "Removed {piece}.").format(piece=what))
        return True

    def remove_selected(self) -> bool:
        """Delete: the piece under the board cursor, or else the selected one."""
        piece = self.piece_at_cursor() or self.selected
        if piece is None:
            self.say(translate("SandboxWindow", "Select a piece first (click it, or move the board cursor onto it)."))
            return False
        return self.remove_piece(piece)

    def _context_menu(self, target, screen_pos):
        if target is None:
            return None
        city = self.model.city
        menu = QMenu(self)
        pieces = []
        if isinstance(target, StreetcarTarget):
            pieces.append(("streetcar", target.street))
        elif isinstance(target, PropertyTarget):
            if target.prop in city.building_at:
                pieces.append(("building", city.building_at[target.prop]))
            pieces.append(("tile", neighborhood_of(target.prop)))
        for piece in pieces:
            a = menu.addAction(
                translate("SandboxWindow", "Remove {piece}").format(piece=self.model.describe_piece(piece))
            )
            a.triggered.connect(lambda _=False, p=piece: self.remove_piece(p))
        menu.popup(screen_pos if not hasattr(screen_pos, "toPoint") else screen_pos.toPoint())
        self._menu = menu
        return menu

    def clear_table(self) -> None:
        if len(self.model.steps) <= 1:
            return
        self.push(translate("SandboxWindow", "Clear the table"), self.model.cleared())
        self.say(translate("SandboxWindow", "Table cleared: only neighborhood 1 is left."))

    # ------------------------------------------------------------- heat map
    def show_heatmap(self, btype: str | None, size: int | None = None) -> dict:
        """Colour every legal spot of a building by its best score (its smallest
        piece when no size is given); None turns it off."""
        return self.docks.heat.show(btype, size)

    # ------------------------------------------------------------- misc
    def request_play(self) -> None:
        placements = self.model.tile_placements()
        self.playRequested.emit(placements, self.model.edition)
        self.say(
            translate("SandboxWindow", "Asked for a new game starting from these {n} neighborhoods.").format(
                n=len(placements)
            )
        )

    def show_help(self) -> None:
        box = QMessageBox(self)
        box.setWindowTitle(translate("SandboxWindow", "Sandbox help"))
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setText(
            translate("SandboxWindow", HELP_TEXT)
            + translate("SandboxWindow", HELP_CITY_VIEW)
            + translate("SandboxWindow", HELP_KEYBOARD)
        )
        box.setStandardButtons(QMessageBox.StandardButton.Close)
        box.open()
        self._help_box = box

    def show_preferences(self):
        """Edit → Preferences: the same dialog and settings as the game's."""
        from bigcity_desktop.ui.preferences import PreferencesDialog

        dlg = PreferencesDialog(parent=self)
        dlg.applied.connect(self.preferencesApplied.emit)
        self.preferences_dialog = dlg
        dlg.open()
        return dlg

    def sizeHint(self):
        return fitted(QSize(1280, 820), available_area(self))


def open_sandbox(layout_path: str | None = None, parent=None) -> SandboxWindow:
    """Create and show a sandbox window, optionally opening a layout file
    (a broken file shows a message box and leaves the table with tile 1)."""
    w = SandboxWindow(parent)
    if layout_path:
        w.open_layout(layout_path)
    w.show()
    if not layout_path:
        w.files.offer_restore()
    w.fit_city()
    return w
