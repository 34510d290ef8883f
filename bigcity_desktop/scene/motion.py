"""Motion: the short, cosmetic animations of the board, the hand and the end
of a game (issue 25.3).

Every animation plays over a state that is already final: the model, the
scene's city and the hand are updated at once, and an animation only draws
the last few hundred milliseconds of a piece's way to where it already is.
A click or a key during an animation acts on the real state; a new move
jumps the running animations to their end (:meth:`Motion.finish`).

:func:`animations_enabled` is the one place that decides whether they run:
the ``prefs/animations`` setting (Preferences → Animations), unless a
caller overrides it (the tests, the renderers).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEasingCurve, QObject, QSettings, QVariantAnimation

ANIMATIONS_KEY = "prefs/animations"
#: no animation lasts longer (ms): motion never keeps a player waiting
MAX_MS = 400
#: the durations of each kind of motion (ms)
BUILDING_MS = 320  # a building slides from the Supply's side and drops into its lot
TILE_MS = 360  # a neighborhood slides in to its place
CARD_MS = 300  # a drawn card flies into the hand
RISE_MS = 380  # the city view: a new building rises from its lot
SETTLE_MS = 180  # a piece put down by hand drops into its lot (scene/lift.py)
#: the end of a game: the scores count up from 0 (longer: it is a moment, not a move)
COUNT_MS = 1500


def animations_enabled(override: bool | None = None, settings: QSettings | None = None) -> bool:
    """Whether motion plays: `override` when given, else the
    ``prefs/animations`` setting of `settings` (default: QSettings(); on
    when never set)."""
    if override is not None:
        return bool(override)
    v = (settings if settings is not None else QSettings()).value(ANIMATIONS_KEY, True)
    return v if isinstance(v, bool) else str(v).strip().lower() not in ("false", "0", "no", "off")


class Motion(QObject):
    """The running animations of one owner (a scene, the hand), each a
    QVariantAnimation from 0.0 to 1.0 with a step and an end; ``finish``
    jumps them all to their end."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._running: dict[QVariantAnimation, Callable[[], None]] = {}

    @property
    def animations(self) -> list[QVariantAnimation]:
        """The animations playing now."""
        return list(self._running)

    @property
    def running(self) -> bool:
        return bool(self._running)

    def start(
        self,
        duration_ms: int,
        step: Callable[[float], None],
        done: Callable[[], None],
        easing: QEasingCurve.Type = QEasingCurve.Type.OutCubic,
        limit_ms: int = MAX_MS,
    ) -> QVariantAnimation:
        """Play `step(t)` for t from 0.0 to 1.0 over `duration_ms` (at most
        `limit_ms`), then `done()` once (also when finished early)."""
        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(max(1, min(int(duration_ms), limit_ms)))
        anim.setEasingCurve(easing)
        anim.valueChanged.connect(lambda v: step(float(v)))
        anim.finished.connect(lambda: self._end(anim))
        self._running[anim] = done
        step(0.0)
        anim.start()
        return anim

    def _end(self, anim: QVariantAnimation) -> None:
        done = self._running.pop(anim, None)
        if done is None:
            return
        anim.stop()
        done()
        anim.deleteLater()

    def finish(self) -> None:
        """Jump every running animation to its end (its last step and its end run now)."""
        for anim in list(self._running):
            if anim in self._running:
                done = self._running[anim]
                anim.valueChanged.disconnect()
                anim.finished.disconnect()
                del self._running[anim]
                anim.stop()
                done()
                anim.deleteLater()


__all__ = [
    "ANIMATIONS_KEY",
    "BUILDING_MS",
    "CARD_MS",
    "COUNT_MS",
    "MAX_MS",
    "RISE_MS",
    "SETTLE_MS",
    "TILE_MS",
    "Motion",
    "animations_enabled",
]
