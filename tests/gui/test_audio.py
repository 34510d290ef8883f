"""The sound effects' output (ui/audio.py, ui/sound.py's device): the mixer
sums overlapping effects at their gains; miniaudio's real playback device
plays them from its own thread into its null device, and into PulseAudio's
null sink where a PulseAudio server can be started; a machine without an
audio device is silent and quiet. No test makes a sound a person could hear."""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from bigcity_desktop.ui import sound as ui_sound
from bigcity_desktop.ui.audio import MAX_VOICES, PERIOD_MS, RATE, AudioOutput, Mixer, Voice, read_wav
from bigcity_desktop.ui.sound import Effect, SoundPlayer, sound_file

miniaudio = pytest.importorskip("miniaudio")

LINUX = sys.platform.startswith("linux")


class Tap(Mixer):
    """The mixer, with what it hands the device written down."""

    def __init__(self) -> None:
        super().__init__()
        self.heard: list[np.ndarray] = []
        self.pulls = 0
        # set once what was mixed is written down and nothing more plays
        # (`idle` is set inside mix(), before the last period is written down)
        self.all_heard = threading.Event()

    def add(self, samples, gain: float) -> None:
        self.all_heard.clear()
        super().add(samples, gain)

    def mix(self, frames: int) -> bytes:
        out = super().mix(frames)
        self.pulls += 1
        if out:
            self.heard.append(np.frombuffer(out, dtype="<i2"))
        if self.idle.is_set():
            self.all_heard.set()
        return out

    def samples(self) -> np.ndarray:
        return np.concatenate(self.heard) if self.heard else np.zeros(0, dtype="<i2")


def scaled(samples: np.ndarray, g: float) -> np.ndarray:
    return (samples * np.float32(g)).astype("<i2")


# ---------------------------------------------------------------- the mixer
def test_read_wav_gives_the_effect_as_mono_samples():
    samples = read_wav(sound_file(Effect.BUILDING))
    assert samples.dtype == np.float32 and 0.05 * RATE < len(samples) < RATE
    assert 1000 < np.abs(samples).max() <= 32767


def test_overlapping_effects_are_summed_and_clipped():
    mixer = Mixer()
    assert mixer.idle.is_set() and mixer.mix(100) == b""  # nothing plays: the device's silence
    a = np.full(150, 20000, dtype=np.float32)
    b = np.full(50, -8000, dtype=np.float32)
    mixer.add(a, 0.5)
    mixer.add(a, 1.0)
    mixer.add(b, 0.25)
    mixer.add(b, 0.0)  # inaudible: not even kept
    assert not mixer.idle.is_set()
    first = np.frombuffer(mixer.mix(100), dtype="<i2")
    assert list(first[:50]) == [28000] * 50  # 10000 + 20000 - 2000
    assert list(first[50:]) == [30000] * 50
    second = np.frombuffer(mixer.mix(100), dtype="<i2")
    assert list(second[:50]) == [30000] * 50 and list(second[50:]) == [0] * 50  # the rest of the period is silence
    assert mixer.idle.is_set() and mixer.mix(100) == b""
    loud = np.full(10, 30000, dtype=np.float32)
    for g in (1.0, 1.0, -1.0, -1.0, -1.0):  # (a negative gain only here: to reach the floor)
        mixer._voices.append(Voice(loud, g))
    assert np.frombuffer(mixer.mix(10), dtype="<i2").tolist() == [-30000] * 10
    mixer.add(loud, 1.0)
    mixer.add(loud, 1.0)
    assert np.frombuffer(mixer.mix(10), dtype="<i2").tolist() == [32767] * 10  # clipped
    mixer._voices = [Voice(loud, -1.0), Voice(loud, -1.0)]
    assert np.frombuffer(mixer.mix(10), dtype="<i2").tolist() == [-32768] * 10


def test_a_stalled_device_does_not_pile_up_effects():
    mixer = Mixer()
    for n in range(3 * MAX_VOICES):
        mixer.add(np.full(4, n, dtype=np.float32), 1.0)
    newest = range(2 * MAX_VOICES, 3 * MAX_VOICES)
    assert np.frombuffer(mixer.mix(4), dtype="<i2").tolist() == [sum(newest)] * 4


def test_the_stream_is_what_miniaudio_pulls():
    mixer = Mixer()
    stream = mixer.stream()
    assert stream.send(64) == b""
    mixer.add(np.ones(10, dtype=np.float32) * 100, 1.0)
    assert np.frombuffer(stream.send(16), dtype="<i2").tolist() == [100] * 10 + [0] * 6


# ---------------------------------------------------------------- miniaudio's devices
def test_the_null_device_plays_an_effect_from_its_own_thread():
    """miniaudio's null backend runs the device's thread at the real rate with
    no sound card: the effect is mixed there, sample for sample, at its gain."""
    tap = Tap()
    output = ui_sound.open_output([miniaudio.Backend.NULL], tap)
    assert output is not None and output.backend == "Null"
    try:
        samples = read_wav(sound_file(Effect.TILE))
        output.play(samples, 0.25)
        assert tap.all_heard.wait(10)
        heard = tap.samples()
        assert len(heard) >= len(samples)
        assert np.array_equal(heard[: len(samples)], scaled(samples, 0.25))
        assert not heard[len(samples) :].any()
    finally:
        started = time.perf_counter()
        output.close()
        closing = time.perf_counter() - started
    assert output.closed and closing < 2.0  # the thread stops within a period (some milliseconds)
    output.play(samples, 1.0)  # closed: nothing more plays, nothing raises
    assert tap.idle.is_set()
    output.close()


@pytest.mark.skipif(not LINUX, reason="PulseAudio and ALSA are Linux's")
def test_no_sound_server_is_silent_with_one_debug_line(monkeypatch, caplog, capfd):
    monkeypatch.setenv("PULSE_SERVER", "unix:/nonexistent/bigcity-test.sock")
    with caplog.at_level(logging.DEBUG, logger=ui_sound.__name__):
        assert ui_sound.open_output([miniaudio.Backend.PULSEAUDIO]) is None
    assert len(caplog.records) == 1 and caplog.records[0].levelno == logging.DEBUG
    assert capfd.readouterr().err == ""


@pytest.mark.skipif(not LINUX or Path("/dev/snd").exists(), reason="a Linux machine without a sound card")
def test_a_machine_without_a_device_plays_nothing(monkeypatch, settings, caplog, capfd, qtbot):
    """The real path (SoundPlayer, the shared device, miniaudio's usual
    backends: PulseAudio, then ALSA with no card) on a machine with no audio
    device: silence, one debug line, and none of ALSA's error lines."""
    monkeypatch.delenv(ui_sound.SOUND_ENV, raising=False)
    monkeypatch.setenv("PULSE_SERVER", "unix:/nonexistent/bigcity-test.sock")
    monkeypatch.setattr(ui_sound, "_shared", ui_sound.SharedOutput())
    player = SoundPlayer(settings)
    with caplog.at_level(logging.DEBUG, logger=ui_sound.__name__):
        player.prepare()  # the device is tried on a worker thread (the window never waits for it)
        player.play(Effect.BUILDING)
        assert player.loader is not None
        player.loader.join(60)
        player.play(Effect.WIN)
    assert player.available is False and ui_sound.shared_output() is None
    assert len(caplog.records) == 1
    assert "ALSA" not in capfd.readouterr().err


def test_the_shared_device_opens_once_and_closes_at_the_end(monkeypatch, settings, qtbot):
    opened: list[FakeDevice] = []

    class FakeDevice:
        def __init__(self) -> None:
            self.closed = False
            self.played: list[int] = []
            opened.append(self)

        def play(self, samples, gain: float) -> None:
            self.played.append(len(samples))

        def close(self) -> None:
            self.closed = True

    registered = []
    monkeypatch.delenv(ui_sound.SOUND_ENV, raising=False)
    monkeypatch.setattr(ui_sound, "_shared", ui_sound.SharedOutput())
    monkeypatch.setattr(ui_sound, "open_output", lambda: FakeDevice())
    monkeypatch.setattr(ui_sound.atexit, "register", registered.append)
    game, preview = SoundPlayer(settings), SoundPlayer(settings)
    game.prepare()  # each opens it on a worker thread: the first one opens, the other waits for it
    preview.prepare()
    for player in (game, preview):
        assert player.loader is not None
        player.loader.join(60)
    game.play(Effect.TILE)
    preview.play(Effect.DRAW)
    assert len(opened) == 1 and len(opened[0].played) == 2  # one device for every player
    assert registered == [ui_sound.close_shared_output]
    ui_sound.close_shared_output()  # the application quits (aboutToQuit, or at exit)
    assert opened[0].closed
    game.play(Effect.TILE)
    SoundPlayer(settings).play(Effect.WIN)
    assert len(opened) == 1 and ui_sound.shared_output() is None  # closed for good: nothing reopens


# ---------------------------------------------------------------- PulseAudio's null sink
@pytest.fixture
def pulse_null_sink(tmp_path, monkeypatch):
    """A private PulseAudio server with only a null sink, reached through
    PULSE_SERVER; skipped where PulseAudio is not installed or cannot start."""
    exe = shutil.which("pulseaudio")
    if exe is None:
        pytest.skip("no PulseAudio on this machine")
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    socket = runtime / "native"
    log = tmp_path / "pulseaudio.log"
    env = {**os.environ, "XDG_RUNTIME_DIR": str(runtime), "HOME": str(tmp_path)}
    env.pop("PULSE_SERVER", None)
    args = [
        exe,
        "-n",  # no default.pa: only the modules below
        "--daemonize=no",
        "--exit-idle-time=-1",
        "--use-pid-file=no",
        "--load=module-null-sink sink_name=bigcity_test",
        f"--load=module-native-protocol-unix socket={socket} auth-anonymous=1",
        f"--log-target=file:{log}",
    ]
    with open(os.devnull, "wb") as null:
        proc = subprocess.Popen(args, env=env, stdin=subprocess.DEVNULL, stdout=null, stderr=null)
    try:
        deadline = time.monotonic() + 20
        while not socket.exists():  # the server is up when its socket is
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.skip(
                    f"PulseAudio did not start: {log.read_text(errors='replace')[-300:] if log.exists() else ''}"
                )
            time.sleep(0.05)
        monkeypatch.setenv("PULSE_SERVER", f"unix:{socket}")
        yield socket
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.mark.skipif(not LINUX, reason="PulseAudio is Linux's")
def test_pulseaudio_null_sink_plays_overlapping_effects(pulse_null_sink):
    tap = Tap()
    output = AudioOutput.open(miniaudio, [miniaudio.Backend.PULSEAUDIO], tap)
    try:
        assert output.backend == "PulseAudio"
        win, tick = read_wav(sound_file(Effect.WIN)), read_wav(sound_file(Effect.BOT_MOVE))
        output.play(win, 0.25)
        output.play(tick, 0.25)
        assert tap.all_heard.wait(20)
        heard = tap.samples()
        assert len(heard) >= len(win) and tap.pulls > len(win) / (RATE * PERIOD_MS / 1000) / 2
        assert np.abs(heard.astype(np.int32)).max() > 1000  # the effects, not silence
    finally:
        output.close()
