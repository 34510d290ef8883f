"""The sandbox's files and rules: opening and saving layouts, exporting the
picture, and switching the edition or opening house rules."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QFileDialog,
    QMainWindow,
    QMessageBox,
)

from bigcity_desktop import filedirs
from bigcity_desktop.engine.jsonio import read_capped
from bigcity_desktop.engine.layout import LayoutError
from bigcity_desktop.engine.rules import RulesError, get_rules
from bigcity_desktop.i18n import exc_text, rules_text, translate
from bigcity_desktop.scene import CityScene, CityView, render_city
from bigcity_desktop.scene.interaction import BoardInteraction
from bigcity_desktop.scene.text import elide as _elide

from .model import SandboxError, SandboxModel

if TYPE_CHECKING:
    _Window = QMainWindow
else:  # at run time a plain class: the window keeps its one Qt base
    _Window = object


class SandboxFilesMixin(_Window):
    """The sandbox window's file and rules commands (mixed into SandboxWindow)."""

    model: SandboxModel
    scene: CityScene
    view: CityView
    undo_stack: QUndoStack
    path: Path | None
    board: BoardInteraction

    def _status(self, text: str) -> None:
        raise NotImplementedError

    def _refresh(self) -> None:
        raise NotImplementedError

    def _push(self, text: str, steps: list, rules: Any = None) -> None:
        raise NotImplementedError

    def _apply_state(self, rules: Any, steps: list) -> None:
        raise NotImplementedError

    def _update_title(self) -> None:
        raise NotImplementedError

    def fit_city(self) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------- rules
    def switch_rules(self, name: str) -> bool:
        try:
            rules = get_rules(name)
        except RulesError as exc:
            QMessageBox.warning(
                self,
                translate("SandboxWindow", "Rules"),
                translate("SandboxWindow", "Cannot use these rules:\n{reason}\n\nNothing was changed.").format(
                    reason=exc
                ),
            )
            self._refresh()
            return False
        if rules is self.model.rules:
            return True
        try:
            self.model.check_state(rules, self.model.steps)
        except SandboxError as exc:
            self._status(
                translate("SandboxWindow", "This layout is impossible under {edition}: {reason}.").format(
                    edition=rules_text(rules.title), reason=exc
                )
            )
            QMessageBox.warning(
                self,
                translate("SandboxWindow", "Rules"),
                translate("SandboxWindow", "This layout is impossible under {edition}:\n{reason}").format(
                    edition=rules_text(rules.title), reason=exc
                ),
            )
            self._refresh()
            return False
        self.board.cancel_mode()
        self._push(
            translate("SandboxWindow", "Switch to {edition}").format(edition=rules_text(rules.title)),
            self.model.steps,
            rules,
        )
        self._status(
            translate("SandboxWindow", "Now playing by {edition}; every building was rescored.").format(
                edition=rules_text(rules.title)
            )
        )
        return True

    def house_rules_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
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
            self.model.check_state(rules, steps)
        except (LayoutError, SandboxError) as exc:
            return self._layout_error(path, exc_text(exc), show_errors)
        self.board.cancel_mode()
        self.undo_stack.clear()
        self._apply_state(rules, steps)
        self.path = Path(path)
        self.undo_stack.setClean()
        self._update_title()
        self.fit_city()
        self._status(translate("SandboxWindow", "Opened {file}.").format(file=Path(path).name))
        return True

    def _layout_error(self, path, msg: str, show: bool) -> bool:
        name = _elide(Path(path).name, 60)
        self._status(
            translate("SandboxWindow", "Cannot open {file}: {reason}").format(file=name, reason=_elide(msg, 200))
        )
        if show:
            QMessageBox.warning(
                self,
                translate("SandboxWindow", "Open layout"),
                translate("SandboxWindow", "Cannot open {file}:\n{reason}\n\nNothing was changed.").format(
                    file=name, reason=msg
                ),
            )
        return False

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            translate("SandboxWindow", "Open layout"),
            str(filedirs.start_dir("layouts")),
            translate("SandboxWindow", "Big City layouts (*.json);;All files (*)"),
        )
        if path:
            filedirs.remember("layouts", path)
            self.open_layout(path)

    def save_layout(self, path: str | Path) -> bool:
        try:
            self.model.save_file(path)
        except OSError as exc:
            QMessageBox.warning(
                self,
                translate("SandboxWindow", "Save layout"),
                translate("SandboxWindow", "Cannot save {file}:\n{reason}").format(
                    file=path, reason=exc.strerror or exc
                ),
            )
            return False
        self.path = Path(path)
        self.undo_stack.setClean()
        self._update_title()
        self._status(translate("SandboxWindow", "Saved {file}.").format(file=self.path.name))
        return True

    def save(self) -> bool:
        if self.path is None:
            return self.save_as_dialog()
        return self.save_layout(self.path)

    def save_as_dialog(self) -> bool:
        path, _ = QFileDialog.getSaveFileName(
            self,
            translate("SandboxWindow", "Save layout"),
            str(self.path or filedirs.start_path("layouts", "layout.json")),
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
        proj = self.scene.projection
        return render_city(self.model.city, path, width, view=proj.kind.value, rotation=proj.rotation)

    def export_dialog(self) -> None:
        path, flt = QFileDialog.getSaveFileName(
            self,
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
                self,
                translate("SandboxWindow", "Export image"),
                translate("SandboxWindow", "Cannot export:\n{reason}").format(reason=exc),
            )
            return
        self._status(translate("SandboxWindow", "Exported {file} ({w}×{h}).").format(file=Path(path).name, w=w, h=h))
