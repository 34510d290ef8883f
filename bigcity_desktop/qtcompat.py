"""Guard against a reference-counting bug of PySide6 6.12 on Python 3.11.

In PySide6 / shiboken6 6.12.0 every wrapped C++ method returning ``void``
hands back ``None`` without a new reference, and every ``Signal.emit()``
does the same with ``True``. On Python 3.12+ those objects are immortal and
nothing happens; on 3.11 each call lowers their reference count, and after a
long game the interpreter aborts ("none_dealloc" / "bool_dealloc").

``pyproject.toml`` keeps PySide6 below 6.12, so this normally does nothing.
For an install that gets 6.12 anyway (a distribution package, a hand-made
environment), :func:`apply` gives ``None``, ``True`` and ``False`` a
reference count no program can use up, which is what Python 3.12 does.
It is called by every package of the Qt side when it is imported.
"""

from __future__ import annotations

import sys

_applied = False


def affected() -> bool:
    """Is this a PySide6 6.12.x on a CPython older than 3.12?"""
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    try:
        import PySide6
    except ImportError:  # pragma: no cover
        return False
    return PySide6.__version__.startswith("6.12.")


def apply() -> bool:
    """Apply the guard once where it is needed; True when it is in force."""
    global _applied
    if _applied or not affected():
        return _applied
    import ctypes

    for obj in (None, True, False):
        ctypes.c_ssize_t.from_address(id(obj)).value += 1 << 40
    _applied = True
    return True
