"""The sandbox window's parts see it through narrow Protocols of their own
(issue 44.5): the files part a ``FilesHost``, the heat map a ``HeatHost``, the
menus the window's commands (``SandboxCommands``), the docks a
``DocksHost``; the menus and docks return what the window keeps.
mypy checks here that the window is what each asks for."""

from __future__ import annotations

import pytest

from bigcity_desktop.sandbox.docks import DocksHost
from bigcity_desktop.sandbox.files import FilesHost
from bigcity_desktop.sandbox.heat import HeatHost
from bigcity_desktop.sandbox.menus import SandboxCommands
from bigcity_desktop.sandbox.window import SandboxWindow


@pytest.fixture
def win(qtbot):  # type: ignore[no-untyped-def]
    w = SandboxWindow()
    qtbot.addWidget(w)
    return w


def test_the_window_is_what_its_parts_ask_for(win: SandboxWindow) -> None:
    files: FilesHost = win
    heat: HeatHost = win
    commands: SandboxCommands = win
    docks: DocksHost = win
    assert docks is win and win.docks.heat.w is win and win.docks.tray_dock.widget().isAncestorOf(win.docks.tray)
    assert win.files.w is files and win.docks.heat.w is heat and commands is win
    assert [m.title() for m in win.menus][:2] == ["&File", "&Edit"]
    assert win.rules_actions["original"].isCheckable() and win.remove_action.statusTip()
    assert win.files.widget is win
