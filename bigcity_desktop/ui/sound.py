"""The sound effects (resources/sounds/*.wav, made by scripts/make_sounds.py),
played through QtMultimedia's QSoundEffect.

:class:`SoundPlayer` plays an :class:`Effect` at the volume of the
Preferences (``prefs/soundVolume``, ``prefs/soundMuted``, read at each
effect, so a change in the dialog counts at once). Each effect is loaded the
first time it plays, and QtMultimedia itself only then: a machine without it
(no PySide6-Addons, no sound library) or without an audio device plays
nothing, with one debug line in the log and no error. ``BIGCITY_SOUND=off``
in the environment silences everything (the tests set it).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from PySide6.QtCore import QLoggingCategory, QObject, QSettings, QUrl

from bigcity_desktop.resources import resource_path
from bigcity_desktop.ui.settingvalues import DEFAULT_SOUND_VOLUME, as_bool, as_volume

log = logging.getLogger(__name__)

#: "off" (or 0, no, false): no sound at all, QtMultimedia is never loaded
SOUND_ENV = "BIGCITY_SOUND"


SOUND_VOLUME_KEY = "prefs/soundVolume"
SOUND_MUTED_KEY = "prefs/soundMuted"


@dataclass(frozen=True)
class SoundSettings:
    """How loud the sound effects play (bigcity_desktop/ui/sound.py reads it at each effect)."""

    volume: int = DEFAULT_SOUND_VOLUME  # 0 to 100
    muted: bool = False

    @property
    def audible(self) -> bool:
        return not self.muted and self.volume > 0

    @classmethod
    def load(cls, settings: QSettings | None = None) -> SoundSettings:
        s = settings if settings is not None else QSettings()
        return cls(volume=as_volume(s.value(SOUND_VOLUME_KEY)), muted=as_bool(s.value(SOUND_MUTED_KEY), False))


class Effect(StrEnum):
    """The effects, by the name of their file in resources/sounds/."""

    BUILDING = "building"  # a building placed: a wooden clack
    TILE = "tile"  # a neighborhood tile laid: a cardboard thud
    STREETCAR = "streetcar"  # a streetcar placed: a tram bell
    DRAW = "draw"  # cards drawn: a swish
    BOT_MOVE = "bot_move"  # a bot's move: a low tick
    YOUR_TURN = "your_turn"  # the turn passes to the player at the screen: a chime
    SCORE = "score"  # a point counted up: a rising blip
    GAME_END = "game_end"  # the end of a game: a cadence
    WIN = "win"  # the player at the screen won: a fanfare


def sound_file(effect: Effect) -> str:
    return str(resource_path("sounds", f"{effect.value}.wav"))


def silenced_by_environment() -> bool:
    return os.environ.get(SOUND_ENV, "").strip().lower() in ("off", "0", "no", "false")


def gain(volume: int) -> float:
    """The slider's 0-100 as QSoundEffect's linear volume: squared, so that
    the steps sound even (half way is a quarter of the amplitude, -12 dB)."""
    v = min(100, max(0, int(volume))) / 100
    return v * v


class EffectSink(Protocol):
    """What plays the effects: a :class:`SoundPlayer`, or a test's recorder."""

    def play(self, effect: Effect) -> None: ...

    def prepare(self) -> None: ...


class Backend(Protocol):
    """The part that makes a noise: QtMultimedia, or a test's stand-in."""

    def play(self, effect: Effect, gain: float) -> None: ...

    def preload(self) -> None: ...


class QtBackend:
    """One QSoundEffect per effect, made when it first plays. An effect that
    cannot play (no audio device, no sound server) stays silent.

    The audio devices are not asked for (QMediaDevices): with Qt 6.11 on a
    PulseAudio server, watching them can hang the event loop when another
    program's stream goes away; a QSoundEffect without a device only fails."""

    def __init__(self, multimedia: Any, parent: QObject | None = None) -> None:
        self._mm = multimedia
        self._parent = parent
        self._effects: dict[Effect, Any] = {}
        self._first: Any = None  # the first effect made: the others wait until it has loaded
        self._silent = False  # an effect failed: no device here, nothing more is tried

    def _effect(self, effect: Effect) -> Any:
        sound = self._effects.get(effect)
        if sound is None:
            sound = self._mm.QSoundEffect(self._parent)
            sound.setSource(QUrl.fromLocalFile(sound_file(effect)))
            self._effects[effect] = sound
            if self._first is None:
                self._first = sound
        return sound

    def preload(self) -> None:
        """Load the effects ahead of their first play (the first one, then
        the others once it has loaded: a device that cannot play fails once)."""
        if self._first is not None or self._silent:
            return
        first = self._effect(Effect.BUILDING)
        first.statusChanged.connect(self._first_loaded)

    def _first_loaded(self) -> None:
        first = self._first
        if first is None or self._failed(first) or first.status() != self._mm.QSoundEffect.Status.Ready:
            return  # still loading, or failed (said once)
        for effect in Effect:
            self._effect(effect)

    def _failed(self, sound: Any) -> bool:
        if sound.status() != self._mm.QSoundEffect.Status.Error:
            return False
        self._silent = True
        log.debug("sound: the effects cannot play here (no audio device?), they are silent")
        return True

    def play(self, effect: Effect, gain: float) -> None:
        if self._silent:
            return
        first = self._first
        if first is not None and effect not in self._effects:
            # a device that cannot play says so once, for the first effect, not once for each
            if self._failed(first) or first.status() != self._mm.QSoundEffect.Status.Ready:
                return
        sound = self._effect(effect)
        if self._failed(sound):
            return
        sound.setVolume(gain)
        sound.play()


def load_qt_backend(parent: QObject | None = None) -> Backend | None:
    """QtMultimedia's player, or None where it cannot load (one debug line)."""
    if "QT_LOGGING_RULES" not in os.environ:
        # Qt's multimedia and audio libraries name each codec and sound
        # server they probe on the console; the game is quiet about them
        QLoggingCategory.setFilterRules("qt.multimedia*=false\nqt.audio*=false")
    try:
        from PySide6 import QtMultimedia
    except ImportError as exc:  # no PySide6-Addons, or no sound library on the system
        log.debug("sound: QtMultimedia is not available (%s), the effects are silent", exc)
        return None
    try:
        return QtBackend(QtMultimedia, parent)
    except Exception as exc:  # sound is never worth an error
        log.debug("sound: QtMultimedia failed to start (%s), the effects are silent", exc)
        return None


class SoundPlayer(QObject):
    """Plays the effects at the Preferences' volume. The backend is loaded at
    the first audible effect (``backend`` makes it; None: silence for good)."""

    def __init__(
        self,
        settings: Any = None,
        parent: QObject | None = None,
        backend: Callable[[QObject], Backend | None] = load_qt_backend,
    ) -> None:
        super().__init__(parent)
        self.settings = settings  # a QSettings (None: the application's)
        self._make_backend = backend
        self._backend: Backend | None = None
        self._tried = False

    @property
    def available(self) -> bool | None:
        """True once QtMultimedia is loaded, False when it cannot be, None before the first effect."""
        return None if not self._tried else self._backend is not None

    def play(self, effect: Effect, sound: SoundSettings | None = None) -> None:
        """Play `effect` (at `sound`'s volume, by default the Preferences')."""
        level = sound if sound is not None else SoundSettings.load(self.settings)
        if not level.audible or silenced_by_environment():
            return
        self._load()
        if self._backend is not None:
            self._backend.play(effect, gain(level.volume))

    def prepare(self) -> None:
        """Load QtMultimedia and the effects now (a game begins), so that the
        first move is heard on time; nothing when muted."""
        if not SoundSettings.load(self.settings).audible or silenced_by_environment():
            return
        self._load()
        if self._backend is not None:
            self._backend.preload()

    def _load(self) -> None:
        if not self._tried:
            self._tried = True
            self._backend = self._make_backend(self)


__all__ = [
    "SOUND_ENV",
    "Backend",
    "Effect",
    "EffectSink",
    "QtBackend",
    "SoundPlayer",
    "gain",
    "load_qt_backend",
    "silenced_by_environment",
    "sound_file",
]
