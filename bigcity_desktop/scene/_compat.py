"""Work-around for a reference-counting bug of PySide6 6.12.0 on Python < 3.12.

In PySide6 / shiboken6 6.12.0, every wrapped C++ method that returns
``void`` hands back ``None`` without taking a new reference to it. On Python
3.12+ ``None`` is immortal and nothing happens; on Python 3.11 each call
lowers None's reference count by one, and after a few thousand painter calls
the interpreter aborts with "none_dealloc: deallocating None". (6.11.x is
not affected.) Until the dependency is pinned away from 6.12.0 we give None a
reference count no program can exhaust, which is what Python 3.12 does
anyway. This touches nothing else and is a no-op on fixed versions.
"""

from __future__ import annotations

import sys

_DONE = False


def _affected() -> bool:
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    try:
        import PySide6
    except ImportError:  # pragma: no cover
        return False
    return PySide6.__version__.startswith("6.12.")


def protect_none() -> bool:
    """Apply the work-around once if this PySide6 needs it; True if applied."""
    global _DONE
    if _DONE or not _affected():
        return _DONE
    import ctypes

    refcnt = ctypes.c_ssize_t.from_address(id(None))
    refcnt.value += 1 << 40
    _DONE = True
    return True
