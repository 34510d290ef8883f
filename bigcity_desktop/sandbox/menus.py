"""The sandbox window's menus: File, Edit, Pieces, Rules, View and Help."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, Protocol

from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QUndoStack
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

from bigcity_desktop.i18n import translate
from bigcity_desktop.scene import CityView
from bigcity_desktop.scene.interaction import BoardInteraction
from bigcity_desktop.ui.windowfit import ScreenFit

from .files import SandboxFiles


class SandboxCommands(Protocol):
    """What the menus call (:class:`.window.SandboxWindow`'s commands), as
    the game window's menus see it through ``WindowCommands``."""

    @property
    def files(self) -> SandboxFiles: ...

    @property
    def undo_stack(self) -> QUndoStack: ...

    @property
    def board(self) -> BoardInteraction: ...

    @property
    def view(self) -> CityView: ...

    @property
    def screen_fit(self) -> ScreenFit: ...

    def save_as_puzzle(self) -> object: ...

    def request_play(self) -> None: ...

    def remove_selected(self) -> bool: ...

    def clear_table(self) -> None: ...

    def cancel_tool(self) -> None: ...

    def show_preferences(self) -> object: ...

    def focus_tray(self) -> bool: ...

    def focus_palette(self) -> bool: ...

    def toggle_streetcar_tool(self) -> None: ...

    def rotate_piece(self, steps: int) -> None: ...

    def cycle_spot(self, step: int) -> None: ...

    def switch_rules(self, name: str) -> bool: ...

    def fit_city(self) -> None: ...

    def cycle_pane(self, step: int) -> None: ...

    def show_help(self) -> None: ...

    def show_keyboard_help(self) -> object: ...


class SandboxMenus(NamedTuple):
    """The menus and the actions the window changes later."""

    menus: list[QMenu]
    undo_action: QAction
    redo_action: QAction
    remove_action: QAction
    rules_actions: dict[str, QAction]


def build_menus(win: QMainWindow, w: SandboxCommands) -> SandboxMenus:
    """The menus of `win` and their shortcuts (each action also on the window, so that its key works
    anywhere in it), calling `w`'s commands."""
    mb = win.menuBar()
    f = mb.addMenu(translate("SandboxWindow", "&File"))
    act(win, f, translate("SandboxWindow", "&New layout"), w.files.new_layout, QKeySequence.StandardKey.New)
    act(win, f, translate("SandboxWindow", "&Open layout…"), w.files.open_dialog, QKeySequence.StandardKey.Open)
    act(win, f, translate("SandboxWindow", "&Save layout"), w.files.save, QKeySequence.StandardKey.Save)
    act(win, f, translate("SandboxWindow", "Save layout &as…"), w.files.save_as_dialog, QKeySequence.StandardKey.SaveAs)
    act(win, f, translate("SandboxWindow", "&Export image…"), w.files.export_dialog, "Ctrl+E")
    act(win, f, translate("SandboxWindow", "Save as &puzzle…"), w.save_as_puzzle)
    f.addSeparator()
    act(win, f, translate("SandboxWindow", "&Play from this layout"), w.request_play)
    f.addSeparator()
    act(win, f, translate("SandboxWindow", "&Close sandbox"), win.close, QKeySequence.StandardKey.Close)
    e = mb.addMenu(translate("SandboxWindow", "&Edit"))
    u = w.undo_stack.createUndoAction(win, translate("SandboxWindow", "&Undo"))
    u.setShortcut(QKeySequence("Ctrl+Z"))
    r = w.undo_stack.createRedoAction(win, translate("SandboxWindow", "&Redo"))
    r.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
    e.addAction(u)
    e.addAction(r)
    e.addSeparator()
    remove = act(
        win,
        e,
        translate("SandboxWindow", "&Remove piece"),
        w.remove_selected,
        QKeySequence.StandardKey.Delete,
    )
    remove.setStatusTip(
        translate("SandboxWindow", "Remove the piece under the board cursor, or else the selected piece")
    )
    act(win, e, translate("SandboxWindow", "&Clear table"), w.clear_table)
    act(win, e, translate("SandboxWindow", "Cancel current tool"), w.cancel_tool, "Esc")
    e.addSeparator()
    prefs = act(win, e, translate("SandboxWindow", "&Preferences…"), w.show_preferences, "Ctrl+,")
    prefs.setMenuRole(QAction.MenuRole.PreferencesRole)
    pm = mb.addMenu(translate("SandboxWindow", "&Pieces"))
    act(win, pm, translate("SandboxWindow", "Choose a &neighborhood…"), w.focus_tray, "T")
    act(win, pm, translate("SandboxWindow", "Choose a &building…"), w.focus_palette, "B")
    act(win, pm, translate("SandboxWindow", "Draw &streetcar line"), w.toggle_streetcar_tool, "S")
    pm.addSeparator()
    act(win, pm, translate("SandboxWindow", "&Rotate piece"), lambda: w.rotate_piece(1), "R")
    act(win, pm, translate("SandboxWindow", "Rotate the other way"), lambda: w.rotate_piece(-1), "Shift+R")
    act(win, pm, translate("SandboxWindow", "&Mirror piece"), w.board.mirror_ghost, "M")
    act(win, pm, translate("SandboxWindow", "Ne&xt legal spot"), lambda: w.cycle_spot(1), "N")
    act(win, pm, translate("SandboxWindow", "Previous legal spot"), lambda: w.cycle_spot(-1), "Shift+N")
    rm = mb.addMenu(translate("SandboxWindow", "&Rules"))
    grp = QActionGroup(win)
    rules_actions = {}
    for name, label in (
        ("original", translate("SandboxWindow", "Original edition (1999)")),
        ("jumbo", translate("SandboxWindow", "Jumbo edition (2019)")),
    ):
        a = act(win, rm, label, lambda _=False, n=name: w.switch_rules(n))
        a.setCheckable(True)
        grp.addAction(a)
        rules_actions[name] = a
    rm.addSeparator()
    act(win, rm, translate("SandboxWindow", "Open &house rules…"), w.files.house_rules_dialog)
    v = mb.addMenu(translate("SandboxWindow", "&View"))
    act(win, v, translate("SandboxWindow", "Zoom &in"), w.view.zoom_in, QKeySequence.StandardKey.ZoomIn)
    act(win, v, translate("SandboxWindow", "Zoom &out"), w.view.zoom_out, QKeySequence.StandardKey.ZoomOut)
    act(win, v, translate("SandboxWindow", "&Fit the city"), w.fit_city, "Ctrl+0")
    w.view.install_view_actions(v)
    v.addAction(w.screen_fit.action)  # F11
    v.addSeparator()
    act(win, v, translate("SandboxWindow", "Next &pane"), lambda: w.cycle_pane(1), "F6")
    act(win, v, translate("SandboxWindow", "Previous pane"), lambda: w.cycle_pane(-1), "Shift+F6")
    h = mb.addMenu(translate("SandboxWindow", "&Help"))
    act(win, h, translate("SandboxWindow", "&Sandbox help"), w.show_help, QKeySequence.StandardKey.HelpContents)
    act(win, h, translate("SandboxWindow", "&Keyboard"), w.show_keyboard_help, "Ctrl+F1")
    return SandboxMenus([f, e, pm, rm, v, h], u, r, remove, rules_actions)


def act(
    w: QWidget,
    menu: QMenu,
    text: str,
    slot: Callable[..., Any],
    shortcut: str | QKeySequence | QKeySequence.StandardKey | None = None,
) -> QAction:
    """An action of `menu` (and of the window) that calls `slot`."""
    a = QAction(text, w)
    if shortcut is not None:
        a.setShortcut(QKeySequence(shortcut) if not isinstance(shortcut, QKeySequence) else shortcut)
    a.triggered.connect(slot)
    menu.addAction(a)
    w.addAction(a)
    return a
