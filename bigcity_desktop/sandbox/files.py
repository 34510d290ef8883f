"""The sandbox's files and rules: opening and saving layouts, exporting the
picture, and switching the edition or opening house rules."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from bigcity_desktop import filedirs
from bigcity_desktop.engine.jsonio import read_capped
from bigcity_desktop.engine.layout import LayoutError
from bigcity_desktop.engine.rules import Rules, RulesError, get_rules
from bigcity_desktop.i18n import exc_text, rules_text, translate
from bigcity_desktop.scene import CityScene, render_city
from bigcity_desktop.scene.interaction import BoardInteraction
from bigcity_desktop.scene.text import elide as _elide

from . import prompts
from .keep import KeptLayout, LayoutKeeper, age_text, orphans, set_aside
from .model import SandboxError, SandboxModel, Step
from .prompts import Choice


class FilesHost(Protocol):
    """What the files part asks of the sandbox window (:class:`.window.SandboxWindow`):
    the layout, its undo stack, path and keeper, the board, and to show a new state."""

    path: Path | None
    keeper: LayoutKeeper | None

    @property
    def model(self) -> SandboxModel: ...

    @property
    def undo_stack(self) -> QUndoStack: ...

    @property
    def scene(self) -> CityScene: ...

    @property
    def board(self) -> BoardInteraction: ...

    def say(self, text: str) -> None: ...

    def refresh(self) -> None: ...

    def push(self, text: str, steps: Sequence[Step], rules: Rules | None = None) -> None: ...

    def apply_state(self, rules: Rules, steps: Sequence[Step]) -> None: ...

    def update_title(self) -> None: ...

    def fit_city(self) -> None: ...


class SandboxFiles:
    """The sandbox window's file and rules commands, for one window
    (``window.files``): the window keeps the layout's ``path`` and its
    ``keeper``; this opens, saves, exports, keeps and switches rules.
    ``widget`` (the window itself) parents the dialogs."""

    def __init__(self, window: FilesHost, widget: QWidget) -> None:
        self.w = window
        self.widget = widget

    # ------------------------------------------------------------- rules
    def switch_rules(self, name: str) -> bool:
        try:
            rules = get_rules(name)
        except RulesError as exc:
            QMessageBox.warning(
                self.widget,
                translate("SandboxWindow", "Rules"),
                translate("SandboxWindow", "Cannot use these rules:\n{reason}\n\nNothing was changed.").format(
                    reason=exc
                ),
            )
            self.w.refresh()
            return False
        if rules is self.w.model.rules:
            return True
        try:
            self.w.model.check_state(rules, self.w.model.steps)
        except SandboxError as exc:
            self.w.say(
                translate("SandboxWindow", "This layout is impossible under {edition}: {reason}.").format(
                    edition=rules_text(rules.title), reason=exc
                )
            )
            QMessageBox.warning(
                self.widget,
                translate("SandboxWindow", "Rules"),
                translate("SandboxWindow", "This layout is impossible under {edition}:\n{reason}").format(
                    edition=rules_text(rules.title), reason=exc
                ),
            )
            self.w.refresh()
            return False
        self.w.board.cancel_mode()
        self.w.push(
            translate("SandboxWindow", "Switch to {edition}").format(edition=rules_text(rules.title)),
            self.w.model.steps,
            rules,
        )
        self.w.say(
            translate("SandboxWindow", "Now playing by {edition}; every building was rescored.").format(
                edition=rules_text(rules.title)
            )
        )
        return True

    def house_rules_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self.widget,
            translate("SandboxWindow", "Open house rules"),
            str(filedirs.start_dir("rules")),
            translate("SandboxWindow", "Rules files (*.toml);;All files (*)"),
        )
        if path:
            filedirs.remember("rules", path)
            self.switch_rules(path)

    # ------------------------------------------------------------- files
    def open_layout(self, path: str | Path, show_errors: bool = True) -> bool:
        try:
            raw = read_capped(path, "layout", LayoutError)
            rules, steps = SandboxModel.read(raw)
            self.w.model.check_state(rules, steps)
        except (LayoutError, SandboxError) as exc:
            return self._layout_error(path, exc_text(exc), show_errors)
        if not self.keep_changes():
            return False
        self.w.board.cancel_mode()
        self.w.undo_stack.clear()
        self.w.apply_state(rules, steps)
        self.w.path = Path(path)
        self.w.undo_stack.setClean()
        self.w.update_title()
        self.w.fit_city()
        self.w.say(translate("SandboxWindow", "Opened {file}.").format(file=Path(path).name))
        return True

    def _layout_error(self, path, msg: str, show: bool) -> bool:
        name = _elide(Path(path).name, 60)
        self.w.say(
            translate("SandboxWindow", "Cannot open {file}: {reason}").format(file=name, reason=_elide(msg, 200))
        )
        if show:
            QMessageBox.warning(
                self.widget,
                translate("SandboxWindow", "Open layout"),
                translate("SandboxWindow", "Cannot open {file}:\n{reason}\n\nNothing was changed.").format(
                    file=name, reason=msg
                ),
            )
        return False

    # ------------------------------------------------------------- unsaved changes
    def layout_name(self) -> str:
        return _elide(self.w.path.name, 60) if self.w.path else translate("SandboxWindow", "untitled layout")

    def keep_changes(self) -> bool:
        """Before the layout on the table goes (close, New, Open): Save /
        Discard / Cancel when it has unsaved changes; True to go on."""
        if self.w.undo_stack.isClean():
            return True
        choice = prompts.ask_unsaved(self.widget, self.layout_name())
        if choice is Choice.SAVE:
            return self.save()
        return choice is Choice.DISCARD

    def new_layout(self) -> bool:
        """File → New layout: an empty table (neighborhood 1), no file."""
        if not self.keep_changes():
            return False
        self.w.board.cancel_mode()
        self.w.undo_stack.clear()
        self.w.apply_state(self.w.model.rules, self.w.model.cleared())
        self.w.path = None
        self.w.undo_stack.setClean()
        self.keep_layout()
        self.w.update_title()
        self.w.fit_city()
        self.w.say(translate("SandboxWindow", "A new layout: only neighborhood 1 is on the table."))
        return True

    def keep_layout(self) -> None:
        """After every change: the unsaved layout is kept in the data folder
        (a crash loses nothing); a saved or discarded one is removed."""
        if self.w.undo_stack.isClean():
            if self.w.keeper is not None:
                self.w.keeper.discard()
                self.w.keeper = None
            return
        if self.w.keeper is None:
            self.w.keeper = LayoutKeeper()
        error = self.w.keeper.write(self.w.model.layout_text(), self.w.path)
        if error is not None:
            self.w.say(
                translate("SandboxWindow", "The layout cannot be kept for a crash: {reason}").format(reason=error)
            )

    def forget_kept_layout(self) -> None:
        """The window closes with its changes saved or discarded."""
        if self.w.keeper is not None:
            self.w.keeper.discard()
            self.w.keeper = None

    def offer_restore(self) -> bool:
        """When a sandbox opens: the newest layout kept by a sandbox that did
        not close (a crash) is offered back; True if it was restored. One
        that cannot be read is kept aside (sandbox/damaged) and said, and the
        next older one is offered instead."""
        found, notes = self._readable_kept_layout()
        if found is None:
            if notes:
                self.w.say(" ".join(notes))
            return False
        info, keeper, rules, steps = found
        name = _elide(info.source.name, 60) if info.source else translate("SandboxWindow", "untitled layout")
        choice = prompts.ask_restore(self.widget, age_text(info.when), name, " ".join(notes))
        if choice is Choice.DISCARD:
            keeper.discard()
            return False
        if choice is not Choice.SAVE:
            keeper.release()
            return False
        if self.w.keeper is not None:
            self.w.keeper.discard()
        self.w.keeper = keeper  # goes on keeping it there
        self.w.path = info.source
        self.w.push(translate("SandboxWindow", "Restore the kept layout"), steps, rules)
        self.w.update_title()
        self.w.fit_city()
        self.w.say(translate("SandboxWindow", "The layout was restored; it is not saved yet."))
        return True

    def _readable_kept_layout(self) -> tuple[tuple[KeptLayout, LayoutKeeper, Rules, list[Step]] | None, list[str]]:
        """The newest kept layout that can be read (its lock held, with its
        rules and steps), and a sentence for each newer one that cannot (kept
        aside); the older ones are released, to be offered another time."""
        notes: list[str] = []
        chosen = None
        for info, keeper in orphans():
            if chosen is not None:
                keeper.release()
                continue
            try:
                raw = read_capped(info.layout, "layout", LayoutError)
                rules, steps = SandboxModel.read(raw)
                self.w.model.check_state(rules, steps)
            except (LayoutError, SandboxError) as exc:
                kept = set_aside(info, keeper)
                where = kept or info.layout
                notes.append(
                    translate(
                        "SandboxWindow",
                        "A kept layout cannot be read ({reason}): it is kept aside as {file} in {folder}.",
                    ).format(reason=exc_text(exc), file=where.name, folder=where.parent)
                )
                continue
            chosen = (info, keeper, rules, steps)
        return chosen, notes

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self.widget,
            translate("SandboxWindow", "Open layout"),
            str(filedirs.start_dir("layouts")),
            translate("SandboxWindow", "Big City layouts (*.json);;All files (*)"),
        )
        if path:
            filedirs.remember("layouts", path)
            self.open_layout(path)

    def save_layout(self, path: str | Path) -> bool:
        try:
            self.w.model.save_file(path)
        except OSError as exc:
            QMessageBox.warning(
                self.widget,
                translate("SandboxWindow", "Save layout"),
                translate("SandboxWindow", "Cannot save {file}:\n{reason}").format(
                    file=path, reason=exc.strerror or exc
                ),
            )
            return False
        self.w.path = Path(path)
        self.w.undo_stack.setClean()
        self.w.update_title()
        self.w.say(translate("SandboxWindow", "Saved {file}.").format(file=self.w.path.name))
        return True

    def save(self) -> bool:
        if self.w.path is None:
            return self.save_as_dialog()
        return self.save_layout(self.w.path)

    def save_as_dialog(self) -> bool:
        path, _ = QFileDialog.getSaveFileName(
            self.widget,
            translate("SandboxWindow", "Save layout"),
            str(self.w.path or filedirs.start_path("layouts", "layout.json")),
            translate("SandboxWindow", "Big City layouts (*.json)"),
        )
        if not path:
            return False
        filedirs.remember("layouts", path)
        if not Path(path).suffix:
            path += ".json"
        return self.save_layout(path)

    def export_image(self, path: str | Path, width: int = 1600) -> tuple[int, int]:
        """The city as the board shows it now: the plan, or the city view as turned."""
        proj = self.w.scene.projection
        return render_city(self.w.model.city, path, width, view=proj.kind.value, rotation=proj.rotation)

    def export_dialog(self) -> None:
        path, flt = QFileDialog.getSaveFileName(
            self.widget,
            translate("SandboxWindow", "Export image"),
            filedirs.start_path("images", "city.png"),
            translate("SandboxWindow", "PNG image (*.png);;SVG drawing (*.svg)"),
        )
        if not path:
            return
        filedirs.remember("images", path)
        if not Path(path).suffix:
            path += ".svg" if "svg" in flt.lower() else ".png"
        try:
            w, h = self.export_image(path)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(
                self.widget,
                translate("SandboxWindow", "Export image"),
                translate("SandboxWindow", "Cannot export:\n{reason}").format(reason=exc),
            )
            return
        self.w.say(translate("SandboxWindow", "Exported {file} ({w}×{h}).").format(file=Path(path).name, w=w, h=h))
