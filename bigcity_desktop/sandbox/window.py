"""SandboxWindow: lay out a city freely and see what every building would score."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from bigcity_desktop.engine.cards import neighborhood_of
from bigcity_desktop.engine.rules import StreetcarLine
from bigcity_desktop.i18n import rules_text, translate
from bigcity_desktop.scene import CityScene, CityView, heat_colour, on_requests
from bigcity_desktop.scene import style as S
from bigcity_desktop.scene.describe import cycle_spot, describe_target
from bigcity_desktop.scene.targets import Mode, PropertyTarget, StreetcarTarget, StreetTarget
from bigcity_desktop.scene.text import building_name
from bigcity_desktop.ui.keyboard import FOCUS_STYLE, KeyboardDialog, focus_next_pane, menu_actions

from .files import SandboxFilesMixin
from .helptext import HELP_CITY_VIEW, HELP_KEYBOARD, HELP_TEXT, sandbox_board_keys
from .model import SandboxError, SandboxModel
from .widgets import HeatLegend, PaletteModel, PaletteView, TileTray


class _SetState(QUndoCommand):
    """One sandbox step: replace (rules, steps) by new ones; undo restores."""

    def __init__(self, window: SandboxWindow, text: str, new_rules, new_steps):
        super().__init__(text)
        self.w = window
        self.old = (window.model.rules, list(window.model.steps))
        self.new = (new_rules, list(new_steps))

    def redo(self):
        self.w._apply_state(*self.new)

    def undo(self):
        self.w._apply_state(*self.old)


class SandboxWindow(SandboxFilesMixin, QMainWindow):
    """The tile-layout sandbox (issue #5)."""

    playRequested = Signal(list, str)  # tile placements [[n, x, y, r], ...], edition
    preferencesApplied = Signal(object)  # Preferences saved from this window's dialog

    def __init__(self, parent=None, rules="original"):
        super().__init__(parent)
        self.setObjectName("SandboxWindow")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.model = SandboxModel(rules)
        self.path: Path | None = None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self.keeper = None  # the unsaved layout's autosave (sandbox/keep.py)
        self.undo_stack.indexChanged.connect(self._index_changed)
        self.selected = None  # ("building", index) | ("tile", number) | ("streetcar", street)
        self.streetcar_tool = False
        self.heat_key: tuple[str, int] | None = None
        self._heat_shown = None

        self.scene = CityScene(self.model.rules, self)
        self.board = self.scene.interaction  # the piece in hand, the board cursor, the board's requests
        self.view = CityView(self.scene, self)
        self.setCentralWidget(self.view)
        self.board.set_drop_handlers(self._judge_for_drop, self.model_tile_positions, self.model_check_tile)
        self.board.message.connect(self._status)
        on_requests(self.board, self.place_building, self.place_tile, self.place_streetcar)
        self.board.propertyClicked.connect(self._property_clicked)
        self.board.streetClicked.connect(lambda s: self.select(("streetcar", s)))
        self.board.contextRequested.connect(self._context_menu)
        self.board.modeChanged.connect(self._mode_changed)
        self.board.cursorMoved.connect(self._cursor_moved)

        self._build_docks()
        self._build_menus()
        self._keyboard_setup()
        self.statusBar().showMessage(
            translate(
                "SandboxWindow", "Drag a neighborhood from the tray or a building from the palette onto the city."
            )
        )
        self.resize(1280, 820)
        self._refresh()
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
    def _build_docks(self) -> None:
        # the tile tray
        tray = QWidget(self)
        lay = QVBoxLayout(tray)
        lay.setContentsMargins(4, 4, 4, 4)
        self.tray = TileTray(tray)
        self.tray.tileChosen.connect(self.begin_tile)
        row = QHBoxLayout()
        self.rot_left = QToolButton(tray)
        self.rot_left.setText(translate("SandboxWindow", "⟲ Turn left"))
        self.rot_left.clicked.connect(lambda: self.turn_tray(-1))
        self.rot_right = QToolButton(tray)
        self.rot_right.setText(translate("SandboxWindow", "Turn right ⟳"))
        self.rot_right.clicked.connect(lambda: self.turn_tray(1))
        row.addWidget(self.rot_left)
        row.addWidget(self.rot_right)
        lay.addLayout(row)
        lay.addWidget(self.tray)
        d = QDockWidget(translate("SandboxWindow", "Neighborhoods"), self)
        d.setObjectName("TrayDock")
        d.setWidget(tray)
        d.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, d)
        self.tray_dock = d

        # the building palette, streetcars and the heat map
        pal = QWidget(self)
        lay = QVBoxLayout(pal)
        lay.setContentsMargins(4, 4, 4, 4)
        self.palette_model = PaletteModel(self)
        self.palette_view = PaletteView(pal)
        self.palette_view.setModel(self.palette_model)
        self.palette_view.buildingChosen.connect(self.begin_building)
        lay.addWidget(self.palette_view, 1)
        self.streetcar_button = QPushButton(translate("SandboxWindow", "Draw streetcar line"), pal)
        self.streetcar_button.setCheckable(True)
        self.streetcar_button.toggled.connect(self.set_streetcar_tool)
        lay.addWidget(self.streetcar_button)
        self.streetcar_label = QLabel("", pal)
        self.streetcar_label.setWordWrap(True)
        lay.addWidget(self.streetcar_label)
        key = QLabel(
            f'<span style="background:{S.OUTSKIRTS.name()}">&nbsp;&nbsp;&nbsp;&nbsp;</span> '
            + translate("SandboxWindow", "outskirts")
            + f' &nbsp; <span style="background:{S.CENTRE.name()}">&nbsp;&nbsp;&nbsp;&nbsp;</span> '
            + translate("SandboxWindow", "city centre")
            + f' &nbsp; <span style="background:{S.STREETCAR.name()}">&nbsp;&nbsp;&nbsp;&nbsp;</span> '
            + translate("SandboxWindow", "streetcar"),
            pal,
        )
        key.setToolTip(
            translate(
                "SandboxWindow",
                "Lots touching the open table are outskirts; the others (and lots around an enclosed "
                "empty cell) are city centre.",
            )
        )
        lay.addWidget(key)
        lay.addSpacing(8)
        head = QLabel(translate("SandboxWindow", "<b>Where is it worth most?</b>"), pal)
        lay.addWidget(head)
        self.heat_combo = QComboBox(pal)
        self.heat_combo.currentIndexChanged.connect(self._heat_choice)
        lay.addWidget(self.heat_combo)
        self.heat_legend = HeatLegend(pal)
        lay.addWidget(self.heat_legend)
        d = QDockWidget(translate("SandboxWindow", "Buildings"), self)
        d.setObjectName("PaletteDock")
        d.setWidget(pal)
        d.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, d)
        self.palette_dock = d
        self.resizeDocks([self.tray_dock, self.palette_dock], [250, 290], Qt.Orientation.Horizontal)

    def _build_menus(self) -> None:
        mb = self.menuBar()
        f = mb.addMenu(translate("SandboxWindow", "&File"))
        self._act(f, translate("SandboxWindow", "&New layout"), self.new_layout, QKeySequence.StandardKey.New)
        self._act(f, translate("SandboxWindow", "&Open layout…"), self.open_dialog, QKeySequence.StandardKey.Open)
        self._act(f, translate("SandboxWindow", "&Save layout"), self.save, QKeySequence.StandardKey.Save)
        self._act(
            f, translate("SandboxWindow", "Save layout &as…"), self.save_as_dialog, QKeySequence.StandardKey.SaveAs
        )
        self._act(f, translate("SandboxWindow", "&Export image…"), self.export_dialog, "Ctrl+E")
        self._act(f, translate("SandboxWindow", "Save as &puzzle…"), self.save_as_puzzle)
        f.addSeparator()
        self._act(f, translate("SandboxWindow", "&Play from this layout"), self.request_play)
        f.addSeparator()
        self._act(f, translate("SandboxWindow", "&Close sandbox"), self.close, QKeySequence.StandardKey.Close)
        e = mb.addMenu(translate("SandboxWindow", "&Edit"))
        u = self.undo_stack.createUndoAction(self, translate("SandboxWindow", "&Undo"))
        u.setShortcut(QKeySequence("Ctrl+Z"))
        r = self.undo_stack.createRedoAction(self, translate("SandboxWindow", "&Redo"))
        r.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        e.addAction(u)
        e.addAction(r)
        self.undo_action, self.redo_action = u, r
        e.addSeparator()
        self.remove_action = self._act(
            e,
            translate("SandboxWindow", "&Remove piece"),
            self.remove_selected,
            QKeySequence.StandardKey.Delete,
        )
        self.remove_action.setStatusTip(
            translate("SandboxWindow", "Remove the piece under the board cursor, or else the selected piece")
        )
        self._act(e, translate("SandboxWindow", "&Clear table"), self.clear_table)
        self._act(e, translate("SandboxWindow", "Cancel current tool"), self.cancel_tool, "Esc")
        e.addSeparator()
        prefs = self._act(e, translate("SandboxWindow", "&Preferences…"), self.show_preferences, "Ctrl+,")
        prefs.setMenuRole(QAction.MenuRole.PreferencesRole)
        pm = mb.addMenu(translate("SandboxWindow", "&Pieces"))
        self._act(pm, translate("SandboxWindow", "Choose a &neighborhood…"), self.focus_tray, "T")
        self._act(pm, translate("SandboxWindow", "Choose a &building…"), self.focus_palette, "B")
        self.streetcar_action = self._act(
            pm, translate("SandboxWindow", "Draw &streetcar line"), self.toggle_streetcar_tool, "S"
        )
        pm.addSeparator()
        self._act(pm, translate("SandboxWindow", "&Rotate piece"), lambda: self.rotate_piece(1), "R")
        self._act(pm, translate("SandboxWindow", "Rotate the other way"), lambda: self.rotate_piece(-1), "Shift+R")
        self._act(pm, translate("SandboxWindow", "&Mirror piece"), self.board.mirror_ghost, "M")
        self._act(pm, translate("SandboxWindow", "Ne&xt legal spot"), lambda: self.cycle_spot(1), "N")
        self._act(pm, translate("SandboxWindow", "Previous legal spot"), lambda: self.cycle_spot(-1), "Shift+N")
        rm = mb.addMenu(translate("SandboxWindow", "&Rules"))
        grp = QActionGroup(self)
        self.rules_actions = {}
        for name, label in (
            ("original", translate("SandboxWindow", "Original edition (1999)")),
            ("jumbo", translate("SandboxWindow", "Jumbo edition (2019)")),
        ):
            a = self._act(rm, label, lambda _=False, n=name: self.switch_rules(n))
            a.setCheckable(True)
            grp.addAction(a)
            self.rules_actions[name] = a
        rm.addSeparator()
        self._act(rm, translate("SandboxWindow", "Open &house rules…"), self.house_rules_dialog)
        v = mb.addMenu(translate("SandboxWindow", "&View"))
        self._act(v, translate("SandboxWindow", "Zoom &in"), self.view.zoom_in, QKeySequence.StandardKey.ZoomIn)
        self._act(v, translate("SandboxWindow", "Zoom &out"), self.view.zoom_out, QKeySequence.StandardKey.ZoomOut)
        self._act(v, translate("SandboxWindow", "&Fit the city"), self.fit_city, "Ctrl+0")
        self.view.install_view_actions(v)
        v.addSeparator()
        self._act(v, translate("SandboxWindow", "Next &pane"), lambda: self.cycle_pane(1), "F6")
        self._act(v, translate("SandboxWindow", "Previous pane"), lambda: self.cycle_pane(-1), "Shift+F6")
        h = mb.addMenu(translate("SandboxWindow", "&Help"))
        self._act(h, translate("SandboxWindow", "&Sandbox help"), self.show_help, QKeySequence.StandardKey.HelpContents)
        self._act(h, translate("SandboxWindow", "&Keyboard"), self.show_keyboard_help, "Ctrl+F1")
        self.menus = [f, e, pm, rm, v, h]

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
        self.tray.setAccessibleName(translate("SandboxWindow", "Neighborhoods to place"))
        self.rot_left.setAccessibleName(translate("SandboxWindow", "Turn the neighborhoods left"))
        self.rot_right.setAccessibleName(translate("SandboxWindow", "Turn the neighborhoods right"))
        self.palette_view.setAccessibleName(translate("SandboxWindow", "Buildings to place"))
        self.streetcar_button.setAccessibleName(self.streetcar_button.text())
        self.streetcar_label.setAccessibleName(translate("SandboxWindow", "Streetcars left"))
        self.heat_combo.setAccessibleName(translate("SandboxWindow", "Building for the heat map"))
        self.heat_legend.setAccessibleName(translate("SandboxWindow", "Heat map legend"))
        chain = [
            self.view,
            self.rot_left,
            self.rot_right,
            self.tray,
            self.palette_view,
            self.streetcar_button,
            self.heat_combo,
        ]
        for w in (self.rot_left, self.rot_right):
            w.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        for a, b in zip(chain, chain[1:]):
            QWidget.setTabOrder(a, b)
        self.view.setFocus()

    def panes(self) -> list:
        """The panels F6 visits, in order (the hidden ones are skipped)."""
        out = [self.view, self.tray, self.palette_view]
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
        self.palette_dock.show()
        self.palette_dock.raise_()
        rows = self.palette_model.available_rows()
        if not rows:
            self._status(translate("SandboxWindow", "Every building is in the city."))
            return False
        row = self.palette_view.currentIndex().row()
        if row not in rows:
            row = rows[0]
        self.palette_view.setCurrentIndex(self.palette_model.index(row))
        self.palette_view.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self._status(translate("SandboxWindow", "Buildings: Up and Down choose a piece, Enter picks it up."))
        return True

    def focus_tray(self) -> bool:
        """T: the tray gets the focus, at the chosen neighborhood (or the first one left)."""
        self.tray_dock.show()
        self.tray_dock.raise_()
        free = self.tray.free_numbers()
        if not free:
            self._status(translate("SandboxWindow", "Every neighborhood is in the city."))
            return False
        n = self.tray.current_number()
        self.tray.choose(n if n in free else free[0])
        self.tray.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self._status(
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
            self._status(text)

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
        if self.board.mode == Mode.TILE and self.board.tile_rotation != self.tray.rotation:
            # N took the neighborhood to a spot of another turn: the tray's thumbnails follow
            self.tray.rotation = self.board.tile_rotation
            self.tray.refresh(self.model.rules, self.model.city.placed_tiles)
        text = self.describe_target(target)
        self.view.setAccessibleDescription(text)
        from PySide6.QtGui import QAccessible, QAccessibleEvent

        if QAccessible.isActive():
            QAccessible.updateAccessibility(QAccessibleEvent(self.view, QAccessible.Event.DescriptionChanged))
        if self.board.mode != Mode.BUILDING:  # the bubble says it while building
            self._status(text)

    def describe_target(self, target) -> str:
        """A sentence about the board cursor's lot or street (the board's accessible description)."""
        return describe_target(target, self.model.city, self.model.rules, self.board)

    def _act(self, menu, text, slot, shortcut=None) -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut) if not isinstance(shortcut, QKeySequence) else shortcut)
        a.triggered.connect(slot)
        menu.addAction(a)
        self.addAction(a)
        return a

    def save_as_puzzle(self):
        """File → Save as puzzle…: this city as a puzzle (goal and cards chosen in a dialog)."""
        from .puzzle import SavePuzzleDialog

        dlg = SavePuzzleDialog(self.model.city, self)
        dlg.saved.connect(
            lambda path, best: self._status(
                translate("SandboxWindow", "Puzzle saved to {file}: the best answer reaches {best}.").format(
                    file=Path(path).name, best=best
                )
            )
        )
        self.puzzle_dialog = dlg
        dlg.open()
        return dlg

    def _status(self, text: str) -> None:
        self.statusBar().showMessage(text.replace("\n", "  "), 15000)

    def _index_changed(self, _index: int) -> None:
        try:
            self._keep_layout()
        except RuntimeError:  # the stack is being destroyed with the window
            pass

    def _clean_changed(self, _clean: bool) -> None:
        try:
            self._update_title()
            self._keep_layout()
        except RuntimeError:  # the stack is being destroyed with the window
            pass

    def closeEvent(self, event) -> None:  # noqa: N802
        """Unsaved changes: Save / Discard / Cancel (Cancel keeps the window open)."""
        if not self.keep_changes():
            event.ignore()
            return
        self.forget_kept_layout()
        super().closeEvent(event)

    def _update_title(self) -> None:
        name = self.layout_name()
        dirty = "" if self.undo_stack.isClean() else " *"
        self.setWindowTitle(
            translate("SandboxWindow", "Big City sandbox — {name}{dirty} ({edition})").format(
                name=name, dirty=dirty, edition=rules_text(self.model.rules.title)
            )
        )

    # ------------------------------------------------------------- state
    def _apply_state(self, rules, steps) -> None:
        self.model.set_state(rules, steps)
        self.selected = None
        self._refresh()

    def _push(self, text: str, steps, rules=None) -> None:
        self.undo_stack.push(_SetState(self, text, rules or self.model.rules, steps))

    def _refresh(self) -> None:
        m = self.model
        if self.scene.rules is not m.rules:
            self.scene.set_rules(m.rules)
        mode = self.board.mode
        self.scene.set_city(m.city)
        self.tray.refresh(m.rules, m.city.placed_tiles)
        self.palette_model.set_supply(m.rules, m.supply())
        for name, a in self.rules_actions.items():
            a.setChecked(m.rules.bundled and m.edition == name)
        self._refresh_heat_choices()
        self._refresh_heat()
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
        self.streetcar_label.setText(text)
        if self.streetcar_tool and mode in (Mode.NONE, Mode.STREETCAR):
            self._continue_streetcars()  # the legal streets changed
        self._update_title()

    # ------------------------------------------------------------- tiles
    def model_tile_positions(self, number: int, rotation: int):
        return self.model.tile_positions(number, rotation)

    def model_check_tile(self, number, x, y, rotation):
        return self.model.check_tile(number, x, y, rotation)

    def turn_tray(self, steps: int) -> None:
        self.tray.rotation = (self.tray.rotation + steps) % 4
        self.tray.refresh(self.model.rules, self.model.city.placed_tiles)
        if self.board.mode == Mode.TILE:
            self.board.rotate_ghost(steps)

    def begin_tile(self, number: int) -> None:
        self.set_streetcar_tool(False)
        if number in self.model.city.placed_tiles:
            self._status(translate("SandboxWindow", "Neighborhood {n} is already in the city.").format(n=number))
            return
        self.board.begin_tile(
            number, partial(self.model.tile_positions, number), self.tray.rotation, self.model.check_tile
        )
        self.view.setFocus()  # so that R turns the tile and the arrows move it at once
        self.board.next_spot(1)  # the ghost waits on the first legal spot: Enter places it there
        self._status(
            translate(
                "SandboxWindow",
                "Neighborhood {n}: click a blue spot, or press N and Enter (R or the wheel turns it, Esc cancels).",
            ).format(n=number)
        )

    def place_tile(self, number: int, x: int, y: int, rotation: int) -> bool:
        try:
            steps = self.model.steps_plus_tile(number, x, y, rotation)
        except SandboxError as exc:
            self._status(str(exc)[0].upper() + str(exc)[1:])
            return False
        self._push(translate("SandboxWindow", "Place neighborhood {n}").format(n=number), steps)
        if rotation == 1:
            text = translate("SandboxWindow", "Neighborhood {n} placed at ({x}, {y}), turned 1 quarter.")
        else:
            text = translate("SandboxWindow", "Neighborhood {n} placed at ({x}, {y}), turned {r} quarters.")
        self._status(text.format(n=number, x=x, y=y, r=rotation))
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
            self._status(
                translate(
                    "SandboxWindow",
                    "{building}: click a green spot, or press N (best spots first) and Enter; "
                    "R turns, M mirrors, Esc cancels.",
                ).format(building=name)
            )
        else:
            self._status(
                translate(
                    "SandboxWindow", "{building}: no legal spot now; move it over the city to see why (Esc cancels)."
                ).format(building=name)
            )

    def place_building(self, btype: str, props) -> bool:
        try:
            steps = self.model.steps_plus_building(btype, props)
        except SandboxError as exc:
            self._status(str(exc))
            return False
        j = self.model.judge_building(btype, props)
        name = building_name(self.model.rules, btype, len(props))
        self._push(translate("SandboxWindow", "Build: {building}").format(building=name), steps)
        if j.score == 1:
            text = translate("SandboxWindow", "{building} on {props}: 1 point.")
        else:
            text = translate("SandboxWindow", "{building} on {props}: {score} points.")
        self._status(text.format(building=name, props=", ".join(map(str, props)), score=j.score))
        return True

    # ------------------------------------------------------------- streetcars
    def set_streetcar_tool(self, on: bool) -> None:
        on = bool(on)
        if on:
            why = self.model.streetcar_reason()
            if why:
                self._status(why[0].upper() + why[1:] + ".")
                on = False
        self.streetcar_tool = on
        if self.streetcar_button.isChecked() != on:
            self.streetcar_button.blockSignals(True)
            self.streetcar_button.setChecked(on)
            self.streetcar_button.blockSignals(False)
        if on:
            self._continue_streetcars()
            self.view.setFocus()  # the arrows move the cursor over the streets at once
            self.board.next_spot(1)
            self._status(
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
            self._status(str(exc))
            return False
        self._push(translate("SandboxWindow", "Lay a streetcar"), steps)
        if tuple(street) == self.board.cursor_street():
            self.board.show_cursor()  # laid with the keyboard: the cursor stays, to go on along the line
        # said after the cursor's own sentence, which would only tell that no
        # streetcar can go where one has just been laid
        self._status(translate("SandboxWindow", "Streetcar laid. N and Enter lay the next one (Esc stops)."))
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
            self._status(translate("SandboxWindow", "Cancelled."))

    def keyPressEvent(self, event):  # noqa: N802
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
            self._status(
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
            self._status(translate("SandboxWindow", "Cannot remove it: {reason}.").format(reason=msg))
            return False
        self._push(translate("SandboxWindow", "Remove {piece}").format(piece=what), steps)
        self._status(translate("SandboxWindow", "Removed {piece}.").format(piece=what))
        return True

    def remove_selected(self) -> bool:
        """Delete: the piece under the board cursor, or else the selected one."""
        piece = self.piece_at_cursor() or self.selected
        if piece is None:
            self._status(
                translate("SandboxWindow", "Select a piece first (click it, or move the board cursor onto it).")
            )
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
        self._push(translate("SandboxWindow", "Clear the table"), self.model.cleared())
        self._status(translate("SandboxWindow", "Table cleared: only neighborhood 1 is left."))

    # ------------------------------------------------------------- heat map
    def _refresh_heat_choices(self) -> None:
        items = [("", translate("SandboxWindow", "(off)"))]
        for btype, rule in self.model.rules.buildings.items():
            for size in sorted({v.size for v in rule.variants}):
                items.append((f"{btype}:{size}", building_name(self.model.rules, btype, size)))
        current = [self.heat_combo.itemData(i) for i in range(self.heat_combo.count())]
        if current != [k for k, _ in items]:
            self.heat_combo.blockSignals(True)
            self.heat_combo.clear()
            for key, label in items:
                self.heat_combo.addItem(label, key)
            self.heat_combo.blockSignals(False)
            if self.heat_key is not None and "{}:{}".format(*self.heat_key) not in [k for k, _ in items]:
                self.heat_key = None
            idx = self.heat_combo.findData("{}:{}".format(*self.heat_key)) if self.heat_key else 0
            self.heat_combo.setCurrentIndex(max(0, idx))

    def _heat_choice(self, index: int) -> None:
        key = self.heat_combo.itemData(index)
        if key:
            btype, size = key.split(":")
            self.show_heatmap(btype, int(size))
        else:
            self.show_heatmap(None, None)

    def show_heatmap(self, btype: str | None, size: int | None = None) -> dict:
        """Colour every legal spot of a building by its best score (its smallest
        piece when no size is given); None turns it off."""
        if btype and size is None:
            size = min(v.size for v in self.model.rules.buildings[btype].variants)
        self.heat_key = (btype, size) if btype and size is not None else None
        if btype:
            idx = self.heat_combo.findData(f"{btype}:{size}")
            if idx >= 0 and idx != self.heat_combo.currentIndex():
                self.heat_combo.blockSignals(True)
                self.heat_combo.setCurrentIndex(idx)
                self.heat_combo.blockSignals(False)
        return self._refresh_heat()

    def _refresh_heat(self) -> dict:
        if self.heat_key is None:
            self._heat_shown = None
            self.scene.clear_heatmap()
            self.heat_combo.blockSignals(True)
            self.heat_combo.setCurrentIndex(0)
            self.heat_combo.blockSignals(False)
            self.heat_legend.set_range(
                None,
                None,
                translate(
                    "SandboxWindow", "Pick a building to colour every spot where it could stand by its best score."
                ),
            )
            return {}
        btype, size = self.heat_key
        heat = self.model.heat_map(btype, size)
        name = building_name(self.model.rules, btype, size)
        if not heat:
            self.scene.clear_heatmap()
            text = translate("SandboxWindow", "{building}: no legal spot.")
            if (
                self.model.city.pieces_left(btype, self.model.rules.buildings[btype].variants_of_size(size)[0].name)
                <= 0
            ):
                text = translate("SandboxWindow", "{building}: no legal spot (none left in the supply).")
            elif self.model.rules.buildings[btype].needs_city_hall and not self.model.city_hall_built:
                text = translate("SandboxWindow", "{building}: no legal spot (City Hall must stand first).")
            self.heat_legend.set_range(None, None, text.format(building=name))
            return {}
        lo, hi = min(heat.values()), max(heat.values())
        span = (hi - lo) or 1
        colours = {}
        for c, v in heat.items():
            col = heat_colour((v - lo) / span if hi != lo else 1.0)
            col.setAlpha(235)
            colours[c] = col
        best = self.model.best_spots(btype, size)[0]
        self.scene.show_heatmap(colours, {c: str(v) for c, v in heat.items()}, best.props)
        if len(heat) == 1:
            text = translate("SandboxWindow", "{building}: best {score} points on {props}; 1 property could take one.")
        else:
            text = translate(
                "SandboxWindow", "{building}: best {score} points on {props}; {n} properties could take one."
            )
        text = text.format(building=name, score=best.score, props=", ".join(map(str, best.props)), n=len(heat))
        self.heat_legend.set_range(lo, hi, text)
        if self.heat_key != self._heat_shown:
            self._status(text)
        self._heat_shown = self.heat_key
        return heat

    # ------------------------------------------------------------- misc
    def request_play(self) -> None:
        placements = self.model.tile_placements()
        self.playRequested.emit(placements, self.model.edition)
        self._status(
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

    def sizeHint(self):  # noqa: N802
        return QSize(1280, 820)


def open_sandbox(layout_path: str | None = None, parent=None) -> SandboxWindow:
    """Create and show a sandbox window, optionally opening a layout file
    (a broken file shows a message box and leaves the table with tile 1)."""
    w = SandboxWindow(parent)
    if layout_path:
        w.open_layout(layout_path)
    w.show()
    if not layout_path:
        w.offer_restore()
    w.fit_city()
    return w
