"""The guard against PySide6 6.12's reference-count bug (bigcity_desktop.qtcompat)."""

import sys

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QColor

from bigcity_desktop import qtcompat


class _Pinger(QObject):
    ping = Signal(int)


def test_many_emits_and_void_calls_cannot_free_none_or_true():
    qtcompat.apply()  # idempotent; importing the Qt packages already did it
    p = _Pinger()
    c = QColor()
    t0, n0 = sys.getrefcount(True), sys.getrefcount(None)
    for i in range(20000):
        p.ping.emit(i)
        c.setAlpha(i % 255)
    if qtcompat.affected():
        assert sys.getrefcount(True) > 10**9 and sys.getrefcount(None) > 10**9
    else:
        # a sound PySide6 takes no reference away
        assert sys.getrefcount(True) >= t0 - 100 and sys.getrefcount(None) >= n0 - 100
