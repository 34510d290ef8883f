"""The sound effects' output, without Qt: short 16-bit sounds mixed into one
playback device of miniaudio (the ``miniaudio`` package, pyminiaudio).

miniaudio is a C library that its wheel carries compiled in; it loads the
system's sound library when the device opens (PulseAudio, PipeWire's pulse or
ALSA on Linux, WASAPI on Windows, Core Audio on macOS), so nothing is needed
at build time and nothing but the system's own sound stack at run time. The
device runs its own thread, which asks the :class:`Mixer` for each period of
samples (:meth:`Mixer.stream`): the effects play off the GUI thread, several
at once, each at its own gain. ``bigcity_desktop/ui/sound.py`` decides what
plays and when; this module only makes the noise.
"""

from __future__ import annotations

import ctypes
import sys
import threading
import wave
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

#: an effect's samples, as floats at the 16-bit scale (what the mixer sums)
Samples = npt.NDArray[np.float32]

#: the effects' rate and the device's (resources/sounds/*.wav are 16-bit mono at this rate)
RATE = 44100
#: how much the device asks for at a time: the effects start within about
#: this (plus the sound server's own buffer), and the mixing thread wakes up
#: this often while the device runs
PERIOD_MS = 20

INT16_MAX = 32767
INT16_MIN = -32768
#: at most this many effects sound at once: a new one past it ends the oldest
#: (a stalled device, whose thread stopped asking, does not pile them up)
MAX_VOICES = 12


class NoDevice(RuntimeError):
    """miniaudio found no audio device (only its null backend, which plays into nothing)."""


def read_wav(path: str) -> Samples:
    """A 16-bit PCM WAV file at :data:`RATE` as mono samples (a stereo file is
    averaged), read once with the standard library. Anything else is refused
    (ValueError): the effects are made so (scripts/make_sounds.py), and
    resampling them is not this module's job."""
    with wave.open(path, "rb") as w:
        channels, width, rate = w.getnchannels(), w.getsampwidth(), w.getframerate()
        if width != 2 or rate != RATE or channels not in (1, 2):
            raise ValueError(
                f"{path}: {channels} channel(s), {8 * width} bits at {rate} Hz; 16-bit at {RATE} Hz wanted"
            )
        data = w.readframes(w.getnframes())
    samples = np.frombuffer(data, dtype="<i2").astype(np.float32)  # WAV is little-endian
    if channels == 2:
        samples = samples.reshape(-1, 2).mean(axis=1, dtype=np.float32)
    return samples


@dataclass
class Voice:
    """One effect playing: its samples, its gain, how far it has played."""

    samples: Samples
    gain: float
    pos: int = 0

    @property
    def done(self) -> bool:
        return self.pos >= len(self.samples)


class Mixer:
    """The effects playing now, summed into the device's periods.

    :meth:`add` is called from the GUI thread, :meth:`mix` from the device's
    thread; a lock guards the list of voices (held for an append or a copy,
    never while mixing). ``idle`` is set while nothing plays."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._voices: list[Voice] = []
        self.idle = threading.Event()
        self.idle.set()

    def add(self, samples: Samples, gain: float) -> None:
        if not len(samples) or gain <= 0:
            return
        with self._lock:
            self._voices = [*self._voices[-(MAX_VOICES - 1) :], Voice(samples, gain)]
            self.idle.clear()

    def mix(self, frames: int) -> bytes:
        """The next `frames` samples of all the voices summed, clipped to 16
        bits; b"" when nothing plays (the device then plays silence)."""
        with self._lock:
            voices = list(self._voices)
        if not voices:
            return b""
        acc = np.zeros(frames, dtype=np.float32)
        for v in voices:
            chunk = v.samples[v.pos : v.pos + frames]
            acc[: len(chunk)] += chunk * np.float32(v.gain)
            v.pos += len(chunk)
        with self._lock:
            self._voices = [v for v in self._voices if not v.done]
            if not self._voices:
                self.idle.set()
        np.clip(acc, INT16_MIN, INT16_MAX, out=acc)
        return acc.astype("<i2").tobytes()

    def stream(self) -> Generator[bytes, int, None]:
        """What miniaudio's playback device pulls its samples from: sent the
        number of frames it wants, it yields them (started, as miniaudio wants)."""

        def pull() -> Generator[bytes, int, None]:
            frames = yield b""
            while True:
                frames = yield self.mix(frames)

        gen = pull()
        next(gen)
        return gen


# ALSA's library writes every error to stderr (a machine without a sound card
# gets some thirty lines of "cannot find card '0'" when miniaudio tries ALSA);
# this handler, set once before the device opens, keeps them out of the
# console. Kept referenced: ALSA holds a pointer to it.
_ALSA_QUIET: Any = None


def quiet_alsa() -> None:
    """Linux: ALSA's error messages are not printed (the device still reports
    its failure to miniaudio). Nothing where ALSA's library is not found."""
    global _ALSA_QUIET
    if _ALSA_QUIET is not None or not sys.platform.startswith("linux"):
        return
    try:
        alsa = ctypes.CDLL("libasound.so.2")
    except OSError:
        return
    # void (*)(const char *file, int line, const char *function, int err, const char *fmt, ...)
    handler = ctypes.CFUNCTYPE(None, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p)
    _ALSA_QUIET = handler(lambda *_: None)
    alsa.snd_lib_error_set_handler(_ALSA_QUIET)


class AudioOutput:
    """One playback device (16-bit mono at :data:`RATE`; miniaudio converts
    to the device's own format) playing a :class:`Mixer`."""

    def __init__(self, device: Any, mixer: Mixer) -> None:
        self._device = device
        self.mixer = mixer
        self.backend: str = device.backend  # "PulseAudio", "ALSA", "WASAPI", "Core Audio", "Null", ...
        self.closed = False

    @classmethod
    def open(cls, miniaudio: Any, backends: list[Any] | None = None, mixer: Mixer | None = None) -> AudioOutput:
        """Open and start the device (`backends`: miniaudio's to try, in
        order; None: the system's usual ones, and no null device). Raises
        miniaudio's error, or :class:`NoDevice`, where none can play."""
        quiet_alsa()
        device = miniaudio.PlaybackDevice(
            output_format=miniaudio.SampleFormat.SIGNED16,
            nchannels=1,
            sample_rate=RATE,
            buffersize_msec=PERIOD_MS,
            backends=backends,
            app_name="Big City Desktop",
        )
        if backends is None and device.backend == "Null":
            device.close()
            raise NoDevice("only miniaudio's null device")
        output = cls(device, mixer if mixer is not None else Mixer())
        try:
            device.start(output.mixer.stream())
        except Exception:
            device.close()
            raise
        return output

    def play(self, samples: Samples, gain: float) -> None:
        if not self.closed:
            self.mixer.add(samples, gain)

    def close(self) -> None:
        """Stop the device and its thread (within a period); again: nothing."""
        if self.closed:
            return
        self.closed = True
        self._device.close()


__all__ = [
    "PERIOD_MS",
    "MAX_VOICES",
    "RATE",
    "AudioOutput",
    "Samples",
    "Mixer",
    "NoDevice",
    "Voice",
    "quiet_alsa",
    "read_wav",
]
