"""The PySide6 6.12.0 Signal.emit() refcount workaround (bigcity_desktop.game.qtfix)."""

import sys

from PySide6.QtCore import QObject, Signal

from bigcity_desktop.game import qtfix


class _Pinger(QObject):
    ping = Signal(int)


def test_many_emits_cannot_free_true():
    qtfix.apply()  # idempotent; importing bigcity_desktop.game already did it
    p = _Pinger()
    before = sys.getrefcount(True)
    for i in range(20000):
        p.ping.emit(i)
    # with the bug, 20000 emits would take 20000 references away; the
    # workaround's 2**40 spare references make that harmless
    assert sys.getrefcount(True) > 10**9 or not qtfix.emit_leaks_true()
    assert sys.getrefcount(True) >= before - 20000
