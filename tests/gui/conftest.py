"""Fixtures for the game-window tests: a real GameWindow with its own
settings file and autosave folder (nothing touches the user's files)."""

import random

import pytest
from PySide6.QtCore import QSettings

import bigcity_desktop.game  # noqa: F401  (applies qtcompat where PySide6 needs it)
from bigcity_desktop.engine import ActionKind, GameState
from bigcity_desktop.engine.record import PlayerInfo


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    d = tmp_path / "data"
    monkeypatch.setenv("BIGCITY_DATA_DIR", str(d))
    return d


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot, data_dir, settings):
    from bigcity_desktop.game.shell.mainwindow import GameWindow

    w = GameWindow(settings=settings)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.set_bot_speed(0, save=False)
    yield w
    w.ctrl.session.stop()


def advance(state: GameState, until, seed: int = 0, limit: int = 5000) -> GameState:
    """Play random legal moves for everyone until `until(state)` holds."""
    rng = random.Random(seed)
    for _ in range(limit):
        if until(state):
            return state
        if state.is_over:
            break
        kinds = state.legal_kinds()
        # favour building so City Hall comes early
        kind = ActionKind.BUILD if ActionKind.BUILD in kinds and rng.random() < 0.7 else rng.choice(kinds)
        state.apply(rng.choice(state.legal_actions(kind)))
    raise AssertionError("position not reached")


def players(kinds, names=None):
    names = names or ["You", "Bea", "Carl", "Dora", "Emil"]
    return [PlayerInfo(names[i], k) for i, k in enumerate(kinds)]


def wait_my_turn(qtbot, ctrl, timeout=10000):
    qtbot.waitUntil(
        lambda: (
            ctrl.session.seat_view().my_turn()
            or (ctrl.session.full_state() is not None and ctrl.session.full_state().is_over)
        ),
        timeout=timeout,
    )


def find_position(until, edition: str = "original", n: int = 3, tries: int = 40) -> GameState:
    """A game of `n` seats (seat 0 "You") played by random moves until
    `until(state)` holds, from the first of `tries` seeds that gets there."""
    for sd in range(1, tries + 1):
        st = GameState.new(edition, n, sd, ["You", "Bea", "Carl", "Dora"][:n])
        try:
            return advance(st, until, seed=sd)
        except AssertionError:
            continue
    raise AssertionError("no such position found")
