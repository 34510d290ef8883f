"""Work around a PySide6 6.12.0 reference-count bug.

In PySide6 6.12.0 every ``Signal.emit()`` called from Python returns ``True``
without taking a reference to it, so each emit lowers ``True``'s reference
count by one. On Python 3.11 (where ``True`` and ``False`` are ordinary
objects) a long game emits enough signals to drive the count to zero and
the interpreter aborts with "Fatal Python error: bool_dealloc" (usually at
exit). Python 3.12 made ``True``/``False`` immortal, which makes the bug
harmless; :func:`apply` does the same on older versions by adding 2**40
references to each (they are static objects that are never freed anyway).
"""

from __future__ import annotations

import sys

_applied = False


def emit_leaks_true() -> bool:
    """Does Signal.emit() drop a reference to True here? (checked live)"""
    from PySide6.QtCore import QObject, Signal

    class _Probe(QObject):
        ping = Signal()

    p = _Probe()
    before = sys.getrefcount(True)
    for _ in range(8):
        p.ping.emit()
    return sys.getrefcount(True) < before - 4


def apply() -> bool:
    """Make True and False immortal on Python < 3.12. Returns True if applied."""
    global _applied
    if _applied or sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return _applied
    import ctypes

    for obj in (True, False):
        ctypes.c_ssize_t.from_address(id(obj)).value += 1 << 40
    _applied = True
    return True
