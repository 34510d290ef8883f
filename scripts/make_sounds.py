"""Synthesize the game's sound effects into resources/sounds/*.wav.

Every effect is made here from sine partials and filtered noise (numpy), so
the sounds are the project's own work under the project's licence (see
resources/sounds/README.md). The files are 16-bit mono WAV at 44.1 kHz,
each well under a second; the noise is seeded, so running the script again
writes the same files.

    python scripts/make_sounds.py [OUT]        # default: resources/sounds
    python scripts/make_sounds.py --report     # duration and peak of each file

The effects (names as bigcity_desktop/ui/sound.py plays them):

- ``building``  a wooden clack: a building piece set down on the board
- ``tile``      a heavier cardboard thud: a neighborhood tile laid
- ``streetcar`` a tram bell's ding-ding: a streetcar placed
- ``draw``      a soft card swish: cards drawn
- ``bot_move``  a gentle low tick: a bot's move
- ``your_turn`` a two-note chime: the turn passes to the player at the screen
- ``score``     a short rising blip, played once per point counted up
- ``game_end``  a cadence: the end of a game
- ``win``       a brighter fanfare: the player at the screen won
"""

from __future__ import annotations

import argparse
import sys
import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "resources" / "sounds"
RATE = 44_100
#: no effect may reach full scale: the loudest peak is this (about -3 dBFS)
PEAK = 0.7

Signal = npt.NDArray[np.float64]


# ---------------------------------------------------------------- building blocks
def _time(seconds: float) -> Signal:
    return np.arange(int(round(seconds * RATE)), dtype=np.float64) / RATE


def _decay(t: Signal, seconds: float) -> Signal:
    """An exponential decay that falls to 1/e after `seconds`."""
    return np.exp(-t / seconds)


def _attack(t: Signal, seconds: float) -> Signal:
    """A short rise from silence (no click at the start)."""
    return np.clip(t / seconds, 0.0, 1.0)


def _fade_out(x: Signal, seconds: float = 0.01) -> Signal:
    """The last `seconds` fade to silence (no click at the end)."""
    n = min(len(x), int(seconds * RATE))
    out = x.copy()
    if n:
        out[-n:] *= np.linspace(1.0, 0.0, n)
    return out


def _noise(seconds: float, seed: int) -> Signal:
    return np.random.default_rng(seed).standard_normal(int(round(seconds * RATE)))


def _bandpass(x: Signal, low: float, high: float) -> Signal:
    """Keep the frequencies between `low` and `high` Hz (a soft-edged FFT mask)."""
    spectrum = np.fft.rfft(x)
    freqs = np.fft.rfftfreq(len(x), 1.0 / RATE)
    edge = 0.15  # the mask's edges rise over 15 % of the band's end frequency
    rise = np.clip((freqs - low * (1 - edge)) / (low * 2 * edge + 1e-9), 0.0, 1.0)
    fall = np.clip((high * (1 + edge) - freqs) / (high * 2 * edge), 0.0, 1.0)
    return np.fft.irfft(spectrum * rise * fall, n=len(x))


def _mode(t: Signal, freq: float, decay: float, amp: float = 1.0, phase: float = 0.0) -> Signal:
    """One resonance of a struck body: a sine that dies away."""
    return amp * np.sin(2 * np.pi * freq * t + phase) * _decay(t, decay)


def _place(total: float, *parts: tuple[float, Signal]) -> Signal:
    """Mix `parts` (start in seconds, signal) into one signal `total` seconds long."""
    out = np.zeros(int(round(total * RATE)))
    for start, part in parts:
        i = int(round(start * RATE))
        n = min(len(part), len(out) - i)
        out[i : i + n] += part[:n]
    return out


def _normalize(x: Signal, peak: float) -> Signal:
    top = float(np.max(np.abs(x)))
    return x * (peak / top) if top > 0 else x


def _mallet(freq: float, seconds: float, decay: float, bright: float = 0.3) -> Signal:
    """A soft mallet on a tuned bar (vibraphone-like): the note, its octave
    and the bar's high partial, which dies fastest."""
    t = _time(seconds)
    tone = (
        _mode(t, freq, decay)
        + _mode(t, 2.0 * freq, decay * 0.5, 0.25 * bright / 0.3)
        + _mode(t, 3.93 * freq, decay * 0.18, 0.35 * bright)
    )
    return tone * _attack(t, 0.004)


def _brass(freq: float, seconds: float, decay: float) -> Signal:
    """A bright horn-like note: harmonics falling off, a quick swell, a
    little vibrato towards its end."""
    t = _time(seconds)
    vibrato = 1.0 + 0.004 * np.sin(2 * np.pi * 5.5 * t) * np.clip((t - 0.12) / 0.2, 0.0, 1.0)
    phase = 2 * np.pi * freq * np.cumsum(vibrato) / RATE
    tone = sum((0.8**k) * np.sin((k + 1) * phase) / (k + 1) ** 0.6 for k in range(7))
    envelope = _attack(t, 0.02) * (0.55 + 0.45 * _decay(t, 0.06)) * _decay(t, decay)
    return np.asarray(tone * envelope, dtype=np.float64)


def _note(name: str) -> float:
    """The frequency of a note name such as ``"C5"`` or ``"F#4"`` (A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semitone = steps[name[0]] + name[1:-1].count("#") - name[1:-1].count("b")
    octave = int(name[-1])
    return 440.0 * 2 ** ((semitone + 12 * (octave - 4)) / 12)


# ---------------------------------------------------------------- the effects
def building() -> Signal:
    """A wooden piece set down: a bright knock of a few quickly damped modes
    of a small block, and the piece settling a moment later."""

    def knock(seed: int, pitch: float) -> Signal:
        t = _time(0.12)
        body = (
            _mode(t, 950 * pitch, 0.018)
            + _mode(t, 1720 * pitch, 0.012, 0.6)
            + _mode(t, 2630 * pitch, 0.008, 0.45)
            + _mode(t, 420 * pitch, 0.025, 0.35)
        )
        click = _bandpass(_noise(0.12, seed), 1500, 6000) * _decay(t, 0.003) * 0.5
        return (body + click) * _attack(t, 0.0008)

    return _fade_out(_normalize(_place(0.2, (0.0, knock(1, 1.0)), (0.045, 0.28 * knock(2, 1.04))), PEAK))


def tile() -> Signal:
    """A cardboard tile laid: a dull low thump with a papery slap on top."""
    t = _time(0.3)
    thump = (_mode(t, 95, 0.06) + _mode(t, 170, 0.04, 0.6) + _mode(t, 310, 0.022, 0.3)) * (
        1.0 - 0.35 * _decay(t, 0.01)
    )  # the pitch bends down as the board takes the blow
    slap = _bandpass(_noise(0.3, 3), 250, 2200) * _decay(t, 0.012) * 0.55
    rustle = _bandpass(_noise(0.3, 4), 1500, 5000) * _decay(t, 0.03) * 0.06
    return _fade_out(_normalize((thump + slap + rustle) * _attack(t, 0.0015), PEAK))


def streetcar() -> Signal:
    """A tram's bell, struck twice: inharmonic partials of a small bell."""

    def strike(seconds: float) -> Signal:
        t = _time(seconds)
        f = 1175.0  # D6
        partials = ((0.5, 0.6, 0.3), (1.0, 0.6, 1.0), (1.19, 0.45, 0.45), (1.5, 0.3, 0.3), (2.0, 0.22, 0.35))
        bell = sum(_mode(t, f * ratio, decay, amp) for ratio, decay, amp in partials)
        clang = _mode(t, f * 2.74, 0.04, 0.25) + _mode(t, f * 3.8, 0.02, 0.15)
        return np.asarray((bell + clang) * _attack(t, 0.001), dtype=np.float64)

    mix = _place(0.85, (0.0, strike(0.85)), (0.16, 0.8 * strike(0.69)))
    return _fade_out(_normalize(mix, PEAK * 0.85), 0.06)


def draw() -> Signal:
    """A card slid off the stack: a soft swish of noise whose colour rises,
    then a faint tap as it lands in the hand."""
    seconds = 0.26
    t = _time(seconds)
    noise = _noise(seconds, 5)
    low = _bandpass(noise, 800, 2500)
    high = _bandpass(noise, 2500, 7000)
    sweep = np.clip(t / seconds, 0.0, 1.0)
    envelope = np.sin(np.pi * np.clip(t / 0.2, 0.0, 1.0)) ** 2
    swish = (low * (1 - sweep) + high * sweep * 0.8) * envelope
    tap = _place(seconds, (0.19, _bandpass(_noise(0.05, 6), 1200, 4000) * _decay(_time(0.05), 0.004) * 0.9))
    return _fade_out(_normalize(swish + tap, PEAK * 0.55))


def bot_move() -> Signal:
    """A gentle low tick: a muted wooden tock, quieter than a player's own move."""
    t = _time(0.1)
    tock = _mode(t, 520, 0.014) + _mode(t, 1240, 0.006, 0.35) + _mode(t, 260, 0.02, 0.3)
    click = _bandpass(_noise(0.1, 7), 800, 3000) * _decay(t, 0.002) * 0.25
    return _fade_out(_normalize((tock + click) * _attack(t, 0.001), PEAK * 0.45))


def your_turn() -> Signal:
    """Two mallet notes rising a fourth, the second ringing on: "your turn"."""
    first = _mallet(_note("E5"), 0.7, 0.16)
    second = _mallet(_note("A5"), 0.55, 0.22)
    return _fade_out(_normalize(_place(0.7, (0.0, first), (0.15, second)), PEAK * 0.75), 0.08)


def score() -> Signal:
    """A short blip sliding up a fifth: one point counted."""
    seconds = 0.09
    t = _time(seconds)
    freq = 880.0 * (1.5 ** np.clip(t / 0.05, 0.0, 1.0))
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    tone = np.sin(phase) + 0.2 * np.sin(2 * phase)
    envelope = _attack(t, 0.004) * _decay(t, 0.03)
    return _fade_out(_normalize(tone * envelope, PEAK * 0.5), 0.015)


def game_end() -> Signal:
    """A plagal-then-authentic cadence on soft mallets, ending on the tonic
    chord: F major, G major, C major."""
    chords = (("F4", "A4", "C5"), ("G4", "B4", "D5"), ("E4", "G4", "C5", "C6"))
    starts = (0.0, 0.22, 0.44)
    parts: list[tuple[float, Signal]] = []
    for start, chord in zip(starts, chords):
        last = chord is chords[-1]
        length = 0.95 - start
        for i, name in enumerate(chord):
            note = _mallet(_note(name), length, 0.35 if last else 0.12, bright=0.2)
            parts.append((start + 0.012 * i, note * (1.0 if last else 0.8)))
    return _fade_out(_normalize(_place(0.95, *parts), PEAK * 0.8), 0.1)


def win() -> Signal:
    """A bright fanfare: a quick rising C major arpeggio on horns, the top
    note held over a bell-like sparkle."""
    names = ("C5", "E5", "G5", "C6")
    parts: list[tuple[float, Signal]] = []
    for i, name in enumerate(names):
        top = i == len(names) - 1
        start = 0.085 * i
        length = (0.95 - start) if top else 0.2
        parts.append((start, _brass(_note(name), length, 0.45 if top else 0.09) * (1.0 if top else 0.75)))
    parts.append((0.255, 0.5 * _brass(_note("G5"), 0.69, 0.4)))  # the fifth under the held top note
    parts.append((0.255, 0.35 * _brass(_note("E5"), 0.69, 0.4)))
    parts.append((0.255, 0.4 * _mallet(_note("C7"), 0.69, 0.15, bright=0.5)))
    return _fade_out(_normalize(_place(0.95, *parts), PEAK), 0.12)


EFFECTS: dict[str, Callable[[], Signal]] = {
    "building": building,
    "tile": tile,
    "streetcar": streetcar,
    "draw": draw,
    "bot_move": bot_move,
    "your_turn": your_turn,
    "score": score,
    "game_end": game_end,
    "win": win,
}


# ---------------------------------------------------------------- files
def write_wav(path: Path, signal: Signal) -> None:
    """16-bit mono PCM at RATE; values beyond full scale would clip (they never reach it)."""
    samples = np.round(np.clip(signal, -1.0, 1.0) * 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(samples.tobytes())


def read_wav(path: Path) -> Signal:
    with wave.open(str(path), "rb") as w:
        frames = w.readframes(w.getnframes())
    return np.frombuffer(frames, dtype="<i2").astype(np.float64) / 32767


def report(folder: Path) -> list[str]:
    """One line per effect: its length, peak (dBFS) and file size."""
    lines = []
    for name in EFFECTS:
        path = folder / f"{name}.wav"
        x = read_wav(path)
        peak = float(np.max(np.abs(x)))
        rms = float(np.sqrt(np.mean(x**2)))
        lines.append(
            f"{name:10} {len(x) / RATE:5.2f} s  peak {20 * np.log10(peak):6.1f} dBFS  "
            f"rms {20 * np.log10(rms):6.1f} dBFS  {path.stat().st_size / 1024:5.1f} KiB"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("out", nargs="?", type=Path, default=OUT, help="the folder to write (default resources/sounds)")
    parser.add_argument("--report", action="store_true", help="only describe the files already in OUT")
    args = parser.parse_args(argv)
    out: Path = args.out
    if not args.report:
        out.mkdir(parents=True, exist_ok=True)
        for name, make in EFFECTS.items():
            write_wav(out / f"{name}.wav", make())
    print("\n".join(report(out)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
