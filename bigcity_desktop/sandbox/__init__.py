"""The tile-layout sandbox (issue #5): lay out a city freely, judge and score
buildings, draw the streetcar line, open and save layout files.

    from bigcity_desktop.sandbox import open_sandbox, SandboxWindow
    w = open_sandbox("layout.json", parent=None)   # shows the window
    w.playRequested.connect(slot)                  # (list [[n, x, y, r], ...], str edition)

The model (:mod:`.model`, no Qt) keeps the city as a list of steps and
replays it for every change, removal, undo, redo and rules switch.
"""

from .model import SandboxError, SandboxModel


def __getattr__(name):  # the window pulls in Qt: import it only when asked for
    if name in ("SandboxWindow", "open_sandbox", "HELP_TEXT"):
        from . import window

        return getattr(window, name)
    raise AttributeError(name)


__all__ = ["SandboxError", "SandboxModel", "SandboxWindow", "open_sandbox"]
