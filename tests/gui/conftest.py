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


def redevelopment(taking: bool = False, n: int = 4) -> GameState:
    """A jumbo game of `n` at its fullest redevelopment, built directly
    rather than played to: a game a few turns in, every hand topped up to
    five cards from the stacks, seat 0 ("You") put last in the standing (so
    it offers last and takes first), then the redevelopment begun and every
    other seat's two cards offered (face up and face down in turn): seat 0
    to offer, 2(n-1) cards on the table. With `taking`, seat 0 has offered
    two cards too (face up where it can) and takes first: all 2n cards lie
    on the table."""
    from bigcity_desktop.engine import Offer, Phase, turns

    s = find_position(lambda x: x.phase == Phase.ACTION and x.round >= 2, edition="jumbo", n=n)
    for hand in s.hands:
        while len(hand) < 5:
            hand.append(next(st.pop() for st in s.stacks if st))
    s.scores = [0] + [5 + p for p in range(1, n)]  # seat 0 last
    turns.start_redevelopment(s)
    assert s.phase == Phase.OFFER and s.offer_queue[-1] == 0

    def offer_two(face_up: bool) -> None:
        twos = [a for a in s.legal_actions() if isinstance(a, Offer) and len(a.cards) == 2]
        assert twos, "two cards to offer"
        s.apply(next((a for a in twos if a.face_up == face_up), twos[0]))

    while s.current_player != 0:
        offer_two(face_up=s.current_player % 2 == 1)
    if taking:
        offer_two(face_up=True)
        assert s.phase == Phase.TAKE and len(s.offers) == n
    return s


def game_over(edition: str, n: int = 4) -> GameState:
    """A game of `n` played to its end by random moves."""
    return find_position(lambda x: x.is_over, edition=edition, n=n)
