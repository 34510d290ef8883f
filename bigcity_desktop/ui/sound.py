"""The sound effects (resources/sounds/*.wav, made by scripts/make_sounds.py),
mixed by ui/audio.py into one miniaudio playback device.

:class:`SoundPlayer` plays an :class:`Effect` at the volume of the
Preferences (``prefs/soundVolume``, ``prefs/soundMuted``, read at each
effect, so a change in the dialog counts at once). miniaudio is loaded, and
the device opened, at the first audible effect (or when a game begins,
:meth:`SoundPlayer.prepare`), once for the whole process, on a worker
thread (importing numpy and miniaudio and opening the device took 0.4-0.6 s,
and a sound server that does not answer can take longer: the window never
waits for it; an effect asked for before the device is open is not heard);
the effects are read once, there too. A machine without miniaudio or without an audio device plays
nothing, with one debug line in the log and no error. ``BIGCITY_SOUND=off``
in the environment silences everything, and miniaudio is never loaded (the
tests set it).
"""

from __future__ import annotations

import atexit
import logging
import os
import threading
import wave
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QCoreApplication, QObject, QSettings

from bigcity_desktop.resources import resource_path

if TYPE_CHECKING:  # ui/audio.py (and numpy with it) is imported at the first audible effect
    from bigcity_desktop.ui.audio import AudioOutput, Mixer, Samples
from bigcity_desktop.ui.settingvalues import DEFAULT_SOUND_VOLUME, as_bool, as_volume

log = logging.getLogger(__name__)

#: "off" (or 0, no, false): no sound at all, miniaudio is never loaded
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
    """The slider's 0-100 as the mixer's linear gain: squared, so that
    the steps sound even (half way is a quarter of the amplitude, -12 dB)."""
    v = min(100, max(0, int(volume))) / 100
    return v * v


class EffectSink(Protocol):
    """What plays the effects: a :class:`SoundPlayer`, or a test's recorder."""

    def play(self, effect: Effect) -> None: ...

    def prepare(self) -> None: ...


class Backend(Protocol):
    """The part that makes a noise: the mixer's, or a test's stand-in."""

    def play(self, effect: Effect, gain: float) -> None: ...

    def preload(self) -> None: ...


class Output(Protocol):
    """Where the decoded effects are mixed: an :class:`~bigcity_desktop.ui.audio.AudioOutput`."""

    def play(self, samples: Samples, gain: float) -> None: ...


class MixerBackend:
    """The effects read once from their WAV files (all of them at
    :meth:`preload`, or each at its first play) and mixed into `output`,
    which plays them off the GUI thread. A file that cannot be read is a
    silent effect (one debug line)."""

    def __init__(self, output: Output) -> None:
        self._output = output
        self._samples: dict[Effect, Samples | None] = {}

    def _effect(self, effect: Effect) -> Samples | None:
        if effect not in self._samples:
            from bigcity_desktop.ui.audio import read_wav

            try:
                self._samples[effect] = read_wav(sound_file(effect))
            except (OSError, EOFError, ValueError, wave.Error) as exc:
                log.debug("sound: %s cannot be read (%s), it is silent", effect.value, exc)
                self._samples[effect] = None
        return self._samples[effect]

    def preload(self) -> None:
        for effect in Effect:
            self._effect(effect)

    def play(self, effect: Effect, gain: float) -> None:
        samples = self._effect(effect)
        if samples is not None:
            self._output.play(samples, gain)


@dataclass
class SharedOutput:
    """The process's one audio device, opened at the first audible effect and
    shared by every :class:`SoundPlayer` (game windows, the Preferences'
    preview); closed when the application quits."""

    output: AudioOutput | None = None
    tried: bool = False


_shared = SharedOutput()


def open_output(backends: list[Any] | None = None, mixer: Mixer | None = None) -> AudioOutput | None:
    """miniaudio's playback device, started, or None where there is no
    miniaudio or no audio device (one debug line, no error)."""
    try:
        import miniaudio

        from bigcity_desktop.ui.audio import AudioOutput
    except ImportError as exc:  # not installed (a platform without its wheel), or its C part missing
        log.debug("sound: miniaudio is not available (%s), the effects are silent", exc)
        return None
    try:
        return AudioOutput.open(miniaudio, backends, mixer)
    except Exception as exc:  # no device, no sound server: sound is never worth an error
        log.debug("sound: no audio device (%s), the effects are silent", exc)
        return None


def close_shared_output() -> None:
    """Stop the shared device (the application quits): its thread ends within a period."""
    if _shared.output is not None:
        _shared.output.close()
        _shared.output = None


_opening = threading.Lock()


def shared_output() -> AudioOutput | None:
    """The process's device, opened once (a failure is remembered: silence for good).
    Any thread may ask (one opens it, the others wait for it)."""
    with _opening:
        if not _shared.tried:
            _shared.tried = True
            _shared.output = open_output()
            if _shared.output is not None:
                # a device left running at the interpreter's exit would wait for
                # a thread that waits for the interpreter: it is closed first
                atexit.register(close_shared_output)
    return _shared.output


def load_backend(parent: QObject | None = None) -> Backend | None:
    """The mixer on the shared device, or None where nothing can play."""
    output = shared_output()
    return MixerBackend(output) if output is not None else None


class SoundPlayer(QObject):
    """Plays the effects at the Preferences' volume. The backend is loaded at
    the first audible effect (``backend`` makes it; None: silence for good),
    on a worker thread when `in_worker` (by default for the real device,
    :func:`load_backend`: the window never waits for the sound's libraries or
    its device); meanwhile the effects are silent."""

    def __init__(
        self,
        settings: Any = None,
        parent: QObject | None = None,
        backend: Callable[[QObject], Backend | None] = load_backend,
        in_worker: bool | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings  # a QSettings (None: the application's)
        self._make_backend = backend
        self._in_worker = backend is load_backend if in_worker is None else in_worker
        self._backend: Backend | None = None
        self._tried = False
        self._loaded = threading.Event()  # set once the backend is made (or could not be)
        self.loader: threading.Thread | None = None  # the worker making it

    @property
    def available(self) -> bool | None:
        """True once the device plays, False when it cannot, None before the first effect
        (and while the worker still opens it)."""
        return None if not self._loaded.is_set() else self._backend is not None

    def play(self, effect: Effect, sound: SoundSettings | None = None) -> None:
        """Play `effect` (at `sound`'s volume, by default the Preferences')."""
        level = sound if sound is not None else SoundSettings.load(self.settings)
        if not level.audible or silenced_by_environment():
            return
        self._load()
        if self._backend is not None:
            self._backend.play(effect, gain(level.volume))

    def prepare(self) -> None:
        """Open the device and read the effects now (a game begins), so that the
        first move is heard on time; nothing when muted."""
        if not SoundSettings.load(self.settings).audible or silenced_by_environment():
            return
        self._load(preload=True)

    def _load(self, preload: bool = False) -> None:
        if self._tried:
            backend = self._backend
            if preload and backend is not None:
                backend.preload()  # (read once: nothing after the first time)
            return
        self._tried = True
        if not self._in_worker:
            self._made(preload)
            return
        app = QCoreApplication.instance()
        if app is not None:  # a device opened meanwhile is closed when the application quits
            app.aboutToQuit.connect(close_shared_output)
        # not a daemon: a device being opened is let finish (and closed at exit), never cut off in C
        self.loader = threading.Thread(target=self._made, args=(True,), name="bigcity-sound")
        self.loader.start()

    def _made(self, preload: bool) -> None:
        """Make the backend (on the worker, or here): the libraries, the device, the effects read."""
        try:
            backend = self._make_backend(self)
            if preload and backend is not None:
                backend.preload()
            self._backend = backend
        finally:
            self._loaded.set()


__all__ = [
    "SOUND_ENV",
    "Backend",
    "Effect",
    "EffectSink",
    "MixerBackend",
    "SoundPlayer",
    "close_shared_output",
    "gain",
    "load_backend",
    "open_output",
    "shared_output",
    "silenced_by_environment",
    "sound_file",
]
