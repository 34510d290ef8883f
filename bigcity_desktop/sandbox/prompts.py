"""The sandbox's questions before a layout could be lost (one place, so that
tests answer them without a modal dialog)."""

from __future__ import annotations

from enum import Enum

from PySide6.QtWidgets import QMessageBox, QWidget

from bigcity_desktop.i18n import translate


class Choice(Enum):
    SAVE = "save"  # or RESTORE: keep the work
    DISCARD = "discard"
    CANCEL = "cancel"  # or LATER: leave everything as it is


def ask_unsaved(parent: QWidget, name: str) -> Choice:
    """Save / Discard / Cancel for the unsaved changes of layout `name`."""
    box = QMessageBox(
        QMessageBox.Icon.Warning,
        translate("SandboxWindow", "Unsaved layout"),
        translate("SandboxWindow", "The layout “{name}” has changes that are not saved.").format(name=name),
        QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
        parent,
    )
    box.setObjectName("unsavedLayoutBox")
    box.setInformativeText(translate("SandboxWindow", "Do you want to save them?"))
    box.setDefaultButton(QMessageBox.StandardButton.Save)
    answer = box.exec()
    if answer == QMessageBox.StandardButton.Save:
        return Choice.SAVE
    if answer == QMessageBox.StandardButton.Discard:
        return Choice.DISCARD
    return Choice.CANCEL


def ask_restore(parent: QWidget, when: str, name: str, note: str = "") -> Choice:
    """Restore / Discard / Later for a layout kept when a sandbox closed
    unexpectedly (`note`: what was found damaged on the way, said first)."""
    question = translate(
        "SandboxWindow", "A sandbox closed on {when} before its layout “{name}” was saved. Restore that layout?"
    ).format(when=when, name=name)
    box = QMessageBox(
        QMessageBox.Icon.Question,
        translate("SandboxWindow", "Restore a layout"),
        f"{note}\n\n{question}" if note else question,
        QMessageBox.StandardButton.NoButton,
        parent,
    )
    box.setObjectName("restoreLayoutBox")
    restore = box.addButton(translate("SandboxWindow", "Restore"), QMessageBox.ButtonRole.AcceptRole)
    discard = box.addButton(translate("SandboxWindow", "Discard it"), QMessageBox.ButtonRole.DestructiveRole)
    box.addButton(translate("SandboxWindow", "Not now"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(restore)
    box.exec()
    clicked = box.clickedButton()
    if clicked is restore:
        return Choice.SAVE
    if clicked is discard:
        return Choice.DISCARD
    return Choice.CANCEL
