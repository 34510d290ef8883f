"""The sandbox window's menus: File, Edit, Pieces, Rules, View and Help."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu

from bigcity_desktop.i18n import translate

if TYPE_CHECKING:
    from .window import SandboxWindow


def build_menus(w: SandboxWindow) -> None:
    """The window's menus and their shortcuts (each action also on the window, so that its key works anywhere in it)."""
    mb = w.menuBar()
    f = mb.addMenu(translate("SandboxWindow", "&File"))
    act(w, f, translate("SandboxWindow", "&New layout"), w.files.new_layout, QKeySequence.StandardKey.New)
    act(w, f, translate("SandboxWindow", "&Open layout…"), w.files.open_dialog, QKeySequence.StandardKey.Open)
    act(w, f, translate("SandboxWindow", "&Save layout"), w.files.save, QKeySequence.StandardKey.Save)
    act(w, f, translate("SandboxWindow", "Save layout &as…"), w.files.save_as_dialog, QKeySequence.StandardKey.SaveAs)
    act(w, f, translate("SandboxWindow", "&Export image…"), w.files.export_dialog, "Ctrl+E")
    act(w, f, translate("SandboxWindow", "Save as &puzzle…"), w.save_as_puzzle)
    f.addSeparator()
    act(w, f, translate("SandboxWindow", "&Play from this layout"), w.request_play)
    f.addSeparator()
    act(w, f, translate("SandboxWindow", "&Close sandbox"), w.close, QKeySequence.StandardKey.Close)
    e = mb.addMenu(translate("SandboxWindow", "&Edit"))
    u = w.undo_stack.createUndoAction(w, translate("SandboxWindow", "&Undo"))
    u.setShortcut(QKeySequence("Ctrl+Z"))
    r = w.undo_stack.createRedoAction(w, translate("SandboxWindow", "&Redo"))
    r.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
    e.addAction(u)
    e.addAction(r)
    w.undo_action, w.redo_action = u, r
    e.addSeparator()
    w.remove_action = act(
        w,
        e,
        translate("SandboxWindow", "&Remove piece"),
        w.remove_selected,
        QKeySequence.StandardKey.Delete,
    )
    w.remove_action.setStatusTip(
        translate("SandboxWindow", "Remove the piece under the board cursor, or else the selected piece")
    )
    act(w, e, translate("SandboxWindow", "&Clear table"), w.clear_table)
    act(w, e, translate("SandboxWindow", "Cancel current tool"), w.cancel_tool, "Esc")
    e.addSeparator()
    prefs = act(w, e, translate("SandboxWindow", "&Preferences…"), w.show_preferences, "Ctrl+,")
    prefs.setMenuRole(QAction.MenuRole.PreferencesRole)
    pm = mb.addMenu(translate("SandboxWindow", "&Pieces"))
    act(w, pm, translate("SandboxWindow", "Choose a &neighborhood…"), w.focus_tray, "T")
    act(w, pm, translate("SandboxWindow", "Choose a &building…"), w.focus_palette, "B")
    act(w, pm, translate("SandboxWindow", "Draw &streetcar line"), w.toggle_streetcar_tool, "S")
    pm.addSeparator()
    act(w, pm, translate("SandboxWindow", "&Rotate piece"), lambda: w.rotate_piece(1), "R")
    act(w, pm, translate("SandboxWindow", "Rotate the other way"), lambda: w.rotate_piece(-1), "Shift+R")
    act(w, pm, translate("SandboxWindow", "&Mirror piece"), w.board.mirror_ghost, "M")
    act(w, pm, translate("SandboxWindow", "Ne&xt legal spot"), lambda: w.cycle_spot(1), "N")
    act(w, pm, translate("SandboxWindow", "Previous legal spot"), lambda: w.cycle_spot(-1), "Shift+N")
    rm = mb.addMenu(translate("SandboxWindow", "&Rules"))
    grp = QActionGroup(w)
    w.rules_actions = {}
    for name, label in (
        ("original", translate("SandboxWindow", "Original edition (1999)")),
        ("jumbo", translate("SandboxWindow", "Jumbo edition (2019)")),
    ):
        a = act(w, rm, label, lambda _=False, n=name: w.switch_rules(n))
        a.setCheckable(True)
        grp.addAction(a)
        w.rules_actions[name] = a
    rm.addSeparator()
    act(w, rm, translate("SandboxWindow", "Open &house rules…"), w.files.house_rules_dialog)
    v = mb.addMenu(translate("SandboxWindow", "&View"))
    act(w, v, translate("SandboxWindow", "Zoom &in"), w.view.zoom_in, QKeySequence.StandardKey.ZoomIn)
    act(w, v, translate("SandboxWindow", "Zoom &out"), w.view.zoom_out, QKeySequence.StandardKey.ZoomOut)
    act(w, v, translate("SandboxWindow", "&Fit the city"), w.fit_city, "Ctrl+0")
    w.view.install_view_actions(v)
    v.addAction(w.screen_fit.action)  # F11
    v.addSeparator()
    act(w, v, translate("SandboxWindow", "Next &pane"), lambda: w.cycle_pane(1), "F6")
    act(w, v, translate("SandboxWindow", "Previous pane"), lambda: w.cycle_pane(-1), "Shift+F6")
    h = mb.addMenu(translate("SandboxWindow", "&Help"))
    act(w, h, translate("SandboxWindow", "&Sandbox help"), w.show_help, QKeySequence.StandardKey.HelpContents)
    act(w, h, translate("SandboxWindow", "&Keyboard"), w.show_keyboard_help, "Ctrl+F1")
    w.menus = [f, e, pm, rm, v, h]


def act(w: SandboxWindow, menu: QMenu, text: str, slot, shortcut=None) -> QAction:
    """An action of `menu` (and of the window) that calls `slot`."""
    a = QAction(text, w)
    if shortcut is not None:
        a.setShortcut(QKeySequence(shortcut) if not isinstance(shortcut, QKeySequence) else shortcut)
    a.triggered.connect(slot)
    menu.addAction(a)
    w.addAction(a)
    return a
