"""Sound: the effect each moment of a game plays (game/sound.py), the
Preferences' volume and mute (ui/preferences.py), and silence where there is
no miniaudio or no audio device (ui/sound.py). A recorder stands in for the
speakers: no test needs an audio device, and none makes a sound (the mixer
and the real device: tests/gui/test_audio.py)."""

from __future__ import annotations

import builtins
import logging
import threading
import wave
from dataclasses import dataclass, field

import pytest
from PySide6.QtCore import QObject, Qt, Signal

from bigcity_desktop.engine import ActionKind, Build, Draw, Pass, PlaceStreetcar, PlaceTile
from bigcity_desktop.game.core.controller import GameConfig, SeatConfig
from bigcity_desktop.game.sound import MAX_SCORE_BLIPS, GameSound, effect_of_move
from bigcity_desktop.session.base import SessionTraits
from bigcity_desktop.session.local import LocalSession
from bigcity_desktop.session.remote import RemoteSession
from bigcity_desktop.ui import sound as ui_sound
from bigcity_desktop.ui.preferences import (
    SOUND_MUTED_KEY,
    SOUND_VOLUME_KEY,
    Preferences,
    PreferencesDialog,
    SoundSettings,
)
from bigcity_desktop.ui.sound import Effect, SoundPlayer, gain, sound_file

from .conftest import wait_my_turn


class Recorder:
    """Plays nothing: writes down the effects asked for."""

    def __init__(self) -> None:
        self.effects: list[Effect] = []
        self.prepared = 0  # times asked to load the effects ahead

    def play(self, effect: Effect) -> None:
        self.effects.append(effect)

    def prepare(self) -> None:
        self.prepared += 1


# ---------------------------------------------------------------- a stand-in game
@dataclass
class FakeView:
    scores: list[int]
    current_player: int = 0
    is_over: bool = False

    def winners(self) -> list[int]:
        best = max(self.scores)
        return [p for p, s in enumerate(self.scores) if s == best]


@dataclass
class FakeSession:
    view_: FakeView
    kinds: list[str] = field(default_factory=lambda: ["human", "bot"])
    seat: int | None = 0
    traits: SessionTraits = field(default_factory=lambda: LocalSession.traits)
    hot_seat: bool = False
    has_game: bool = True

    def view(self) -> FakeView:
        return self.view_

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and self.kinds[seat] != "human"

    def human_seats(self) -> list[int]:
        return [i for i, k in enumerate(self.kinds) if k == "human"]


class FakeController(QObject):
    gameStarted = Signal()
    takenBack = Signal()
    sessionChanged = Signal()
    actionApplied = Signal(int, object)
    humanTurn = Signal(int)
    handoffRequested = Signal(int)
    gameOver = Signal()

    def __init__(self, session: FakeSession) -> None:
        super().__init__()
        self.session = session


def fake_game(**session) -> tuple[FakeController, FakeView, Recorder, GameSound]:
    view = FakeView([0, 0])
    ctrl = FakeController(FakeSession(view, **session))
    rec = Recorder()
    part = GameSound(ctrl, player=rec)  # type: ignore[arg-type]
    return ctrl, view, rec, part


BUILD = Build("house", (12,))
TILE = PlaceTile(4, 0, 0, 0)


# ---------------------------------------------------------------- which effect
def test_each_kind_of_move_has_its_effect():
    assert effect_of_move(BUILD, by_bot=False) == Effect.BUILDING
    assert effect_of_move(TILE, by_bot=False) == Effect.TILE
    assert effect_of_move(PlaceStreetcar(((0, 0), (1, 0))), by_bot=False) == Effect.STREETCAR
    assert effect_of_move(Draw(0), by_bot=False) == Effect.DRAW
    assert effect_of_move(Pass(), by_bot=False) is None
    # a bot's move is one low tick, its draw none
    assert effect_of_move(BUILD, by_bot=True) == Effect.BOT_MOVE
    assert effect_of_move(Pass(), by_bot=True) == Effect.BOT_MOVE
    assert effect_of_move(Draw(1), by_bot=True) is None
    assert BUILD.kind == ActionKind.BUILD and TILE.kind == ActionKind.NEIGHBORHOOD


def test_a_solo_game_never_chimes_your_turn(qtbot):
    ctrl, view, rec, _part = fake_game()
    ctrl.humanTurn.emit(0)
    ctrl.actionApplied.emit(0, BUILD)
    ctrl.actionApplied.emit(1, BUILD)  # the bot
    ctrl.humanTurn.emit(0)
    assert rec.effects == [Effect.BUILDING, Effect.BOT_MOVE]


def test_network_game_chimes_once_when_the_turn_comes_back(qtbot):
    ctrl, view, rec, _part = fake_game(kinds=["human", "human"], traits=RemoteSession.traits)
    ctrl.humanTurn.emit(0)  # the first turn is ours
    ctrl.humanTurn.emit(0)  # a network update of the same turn
    ctrl.actionApplied.emit(0, Draw(0))
    ctrl.humanTurn.emit(0)  # still our turn: its next step
    ctrl.actionApplied.emit(1, TILE)  # the other person at the table
    ctrl.humanTurn.emit(0)
    assert rec.effects == [Effect.YOUR_TURN, Effect.DRAW, Effect.TILE, Effect.YOUR_TURN]


def test_hot_seat_chimes_at_the_hand_off_only(qtbot):
    ctrl, view, rec, _part = fake_game(kinds=["human", "human"], hot_seat=True, seat=None)
    ctrl.handoffRequested.emit(0)
    ctrl.humanTurn.emit(0)  # the screen was passed: the same turn
    ctrl.actionApplied.emit(0, TILE)
    ctrl.handoffRequested.emit(1)
    assert rec.effects == [Effect.YOUR_TURN, Effect.TILE, Effect.YOUR_TURN]


def test_points_of_the_seat_at_the_screen_are_counted_up(qtbot):
    ctrl, view, rec, part = fake_game()
    view.scores = [3, 0]
    ctrl.actionApplied.emit(0, BUILD)
    assert rec.effects == [Effect.BUILDING] and part.blips_pending == 3
    qtbot.waitUntil(lambda: rec.effects.count(Effect.SCORE) == 3, timeout=2000)
    # a bot's points make no blip, nor more than a handful for a big score
    view.scores = [3, 5]
    ctrl.actionApplied.emit(1, BUILD)
    view.scores = [40, 5]
    ctrl.actionApplied.emit(0, BUILD)
    assert part.blips_pending == MAX_SCORE_BLIPS


def test_the_end_of_a_game_played_here_is_a_cadence_or_a_win(qtbot):
    ctrl, view, rec, part = fake_game()
    view.scores = [10, 12]
    ctrl.gameOver.emit()  # a finished game opened: not ended here
    assert rec.effects == []
    ctrl.actionApplied.emit(1, Pass())
    view.is_over = True
    ctrl.gameOver.emit()
    assert rec.effects == [Effect.BOT_MOVE, Effect.GAME_END]

    ctrl.gameStarted.emit()
    view.scores, view.is_over = [0, 0], False
    ctrl.gameStarted.emit()
    view.scores = [20, 12]
    ctrl.actionApplied.emit(0, BUILD)
    view.is_over = True
    ctrl.gameOver.emit()
    assert rec.effects[-1] == Effect.WIN and part.blips_pending == 0  # the win says it all


def test_hot_seat_win_is_any_person_at_the_screen(qtbot):
    ctrl, view, rec, _part = fake_game(kinds=["human", "human", "bot"], hot_seat=True, seat=None)
    view.scores = [1, 9, 3]
    ctrl.actionApplied.emit(2, Pass())
    ctrl.gameOver.emit()
    assert rec.effects[-1] == Effect.WIN


# ---------------------------------------------------------------- the real window
@pytest.fixture
def heard(window):
    rec = Recorder()
    window.sound.player = rec
    return rec


def test_game_window_plays_the_moves(window, qtbot, heard):
    ctrl = window.ctrl
    ctrl.starting.new_game(GameConfig("original", [SeatConfig("You"), SeatConfig("Bea", "random")], seed=1))
    wait_my_turn(qtbot, ctrl)
    seat = ctrl.session.seat_view()
    number = seat.spare_tiles()[0]
    x, y = sorted(seat.legal_tile_positions(number, 0))[0]
    assert ctrl.session.act(PlaceTile(number, x, y, 0)) is None
    assert Effect.TILE in heard.effects
    qtbot.waitUntil(lambda: Effect.BOT_MOVE in heard.effects, timeout=10000)
    assert Effect.YOUR_TURN not in heard.effects


def test_game_window_hot_seat_calls_the_next_player(window, qtbot, heard):
    ctrl = window.ctrl
    ctrl.starting.new_game(GameConfig("original", [SeatConfig("Anna", "human"), SeatConfig("Ben", "human")], seed=1))
    assert heard.effects == [Effect.YOUR_TURN]
    qtbot.mouseClick(window.overlay.button, Qt.MouseButton.LeftButton)
    seat = ctrl.session.seat_view()
    number = seat.spare_tiles()[0]
    x, y = sorted(seat.legal_tile_positions(number, 0))[0]
    assert ctrl.session.act(PlaceTile(number, x, y, 0)) is None
    assert heard.effects == [Effect.YOUR_TURN, Effect.TILE, Effect.YOUR_TURN]


def test_tests_are_silent(window):
    """BIGCITY_SOUND=off (tests/conftest.py): no device is ever opened."""
    assert ui_sound.silenced_by_environment()
    player = window.sound.player
    assert isinstance(player, SoundPlayer)
    player.prepare()
    player.play(Effect.BUILDING)
    assert player.available is None and not ui_sound._shared.tried


# ---------------------------------------------------------------- volume, mute, no backend
class FakeBackend:
    def __init__(self) -> None:
        self.played: list[tuple[Effect, float]] = []
        self.preloaded = 0

    def play(self, effect: Effect, gain: float) -> None:
        self.played.append((effect, gain))

    def preload(self) -> None:
        self.preloaded += 1


@pytest.fixture
def audible(monkeypatch):
    monkeypatch.delenv(ui_sound.SOUND_ENV, raising=False)


def test_volume_and_mute_come_from_the_preferences(settings, audible, qtbot):
    backend = FakeBackend()
    made = []
    player = SoundPlayer(settings, backend=lambda parent: made.append(parent) or backend)
    settings.setValue(SOUND_MUTED_KEY, True)
    player.play(Effect.BUILDING)
    assert backend.played == [] and made == []  # muted: the backend is not even loaded
    settings.setValue(SOUND_MUTED_KEY, False)
    settings.setValue(SOUND_VOLUME_KEY, 50)
    player.play(Effect.TILE)
    settings.setValue(SOUND_VOLUME_KEY, 100)
    player.play(Effect.WIN)
    settings.setValue(SOUND_VOLUME_KEY, 0)
    player.play(Effect.WIN)
    assert backend.played == [(Effect.TILE, 0.25), (Effect.WIN, 1.0)]
    assert made == [player] and player.available is True
    assert gain(0) == 0.0 and gain(150) == 1.0
    settings.setValue(SOUND_VOLUME_KEY, 60)
    player.prepare()
    assert backend.preloaded == 1
    settings.setValue(SOUND_MUTED_KEY, True)
    player.prepare()
    assert backend.preloaded == 1  # muted: nothing loads


def test_a_game_put_in_place_loads_the_effects(qtbot):
    ctrl, view, rec, _part = fake_game()
    assert rec.prepared == 1
    ctrl.gameStarted.emit()
    assert rec.prepared == 2 and rec.effects == []


def test_no_backend_is_silence_for_good(settings, audible, qtbot):
    made = []
    player = SoundPlayer(settings, backend=lambda parent: made.append(1) or None)
    player.play(Effect.BUILDING)
    player.play(Effect.DRAW)
    assert made == [1] and player.available is False


def test_missing_miniaudio_is_one_debug_line(monkeypatch, caplog, qtbot):
    real_import = builtins.__import__

    def no_miniaudio(name, globals=None, locals=None, fromlist=(), level=0):
        if name == "miniaudio":
            raise ImportError("No module named '_miniaudio'")
        return real_import(name, globals, locals, fromlist, level)

    monkeypatch.setattr(builtins, "__import__", no_miniaudio)
    with caplog.at_level(logging.DEBUG, logger=ui_sound.__name__):
        assert ui_sound.open_output() is None
    assert len(caplog.records) == 1 and caplog.records[0].levelno == logging.DEBUG


class FakeOutput:
    """The device's stand-in: writes down the samples it is given."""

    def __init__(self) -> None:
        self.played: list[tuple[int, float]] = []  # (number of samples, gain)

    def play(self, samples, gain: float) -> None:
        self.played.append((len(samples), gain))


def test_the_effects_are_read_once_and_mixed_at_their_gain(qtbot):
    output = FakeOutput()
    backend = ui_sound.MixerBackend(output)
    backend.preload()
    assert set(backend._samples) == set(Effect)  # all read ahead
    with wave.open(sound_file(Effect.WIN), "rb") as w:
        frames = w.getnframes()
    backend.play(Effect.WIN, 0.25)
    backend.play(Effect.WIN, 1.0)
    assert output.played == [(frames, 0.25), (frames, 1.0)]


def test_an_unreadable_effect_is_silent_with_one_debug_line(monkeypatch, tmp_path, caplog, qtbot):
    broken = tmp_path / "broken.wav"
    broken.write_bytes(b"RIFF not a wave")
    monkeypatch.setattr(ui_sound, "sound_file", lambda effect: str(broken))
    output = FakeOutput()
    backend = ui_sound.MixerBackend(output)
    with caplog.at_level(logging.DEBUG, logger=ui_sound.__name__):
        backend.play(Effect.TILE, 1.0)
        backend.play(Effect.TILE, 1.0)
    assert output.played == [] and len(caplog.records) == 1


# ---------------------------------------------------------------- the Preferences
def test_preferences_dialog_sets_volume_and_mute(settings, qtbot):
    dlg = PreferencesDialog(settings)
    qtbot.addWidget(dlg)
    assert dlg.sound_volume.value() == 70 and not dlg.sound_muted.isChecked()
    assert dlg.sound_volume.toolTip() and dlg.sound_muted.toolTip()
    dlg.sound_volume.setValue(35)
    dlg.sound_muted.setChecked(True)
    assert not dlg.sound_volume.isEnabled()
    got = []
    dlg.applied.connect(got.append)
    dlg.accept()
    assert got[0].sound_volume == 35 and got[0].sound_muted
    assert SoundSettings.load(settings) == SoundSettings(35, True)
    assert Preferences.load(settings).sound_volume == 35
    dlg._prepare_preview()  # taking the slider and letting it go: silent in tests, no error
    dlg._preview_sound()


def test_unreadable_volumes_are_clamped_or_the_default(settings):
    settings.setValue(SOUND_VOLUME_KEY, 250)
    assert SoundSettings.load(settings).volume == 100
    settings.setValue(SOUND_VOLUME_KEY, "loud")
    assert SoundSettings.load(settings).volume == 70
    settings.setValue(SOUND_VOLUME_KEY, 0)
    assert not SoundSettings.load(settings).audible


# ---------------------------------------------------------------- the files
@pytest.mark.parametrize("effect", list(Effect))
def test_every_effect_has_a_short_mono_wav(effect):
    with wave.open(sound_file(effect), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 44100)
        assert 0.05 < w.getnframes() / 44100 < 1.0


def test_the_device_is_opened_off_the_gui_thread(settings, audible, monkeypatch, qtbot):
    """Issue 45.6: importing the sound's libraries and opening the device took
    0.4-0.6 s on the GUI thread when the first game began (a sound server that
    does not answer, longer): the window's player opens it on a worker thread
    and is silent meanwhile."""
    monkeypatch.setattr(ui_sound, "_shared", ui_sound.SharedOutput())
    release = threading.Event()
    opened_on: list[str] = []
    output = FakeOutput()

    def slow_open(*_a, **_k):
        opened_on.append(threading.current_thread().name)
        release.wait(30)  # a device that takes its time
        return output

    monkeypatch.setattr(ui_sound, "open_output", slow_open)
    player = SoundPlayer(settings)
    player.prepare()  # returns while the device is still being opened
    assert player.available is None
    player.play(Effect.BUILDING)  # not heard yet: nothing waits for the device
    assert output.played == []
    release.set()
    qtbot.waitUntil(lambda: player.available is not None, timeout=30000)
    assert player.available is True and opened_on == ["bigcity-sound"]
    player.play(Effect.BUILDING)
    assert len(output.played) == 1  # the effects were read on the worker too
    player.loader.join(5)
