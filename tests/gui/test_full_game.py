"""Whole games in the real window: one human seat driven through the
controller's public action methods, bots in the worker, to the results."""

from __future__ import annotations

import random

import pytest

from bigcity_desktop.engine import (
    DRAW_PHASES,
    Build,
    Draw,
    Exchange,
    Offer,
    Pass,
    PlaceStreetcar,
    PlaceTile,
    StopStreetcars,
    Take,
)
from bigcity_desktop.game.core.controller import GameConfig, SeatConfig, available_bots

from .conftest import wait_my_turn


def fast_bot() -> str:
    return "easy" if "easy" in available_bots() else "random"


def play_human_turn(ctrl, rng: random.Random) -> None:
    """A simple policy, through the public methods only."""
    s = ctrl.session.full_state()
    ph = s.phase
    if ph == "setup":
        number = ctrl.session.seat_view().spare_tiles()[0]
        for r in range(4):
            spots = sorted(ctrl.session.seat_view().legal_tile_positions(number, r))
            if spots:
                x, y = spots[0]
                assert ctrl.session.act(PlaceTile(number, x, y, r)) is None
                return
        raise AssertionError("no legal setup spot")
    if ph == "action":
        builds = [(t, p) for t in s.rules.buildings for p in ctrl.session.seat_view().legal_builds(t)]
        if builds and rng.random() < 0.8:
            btype, props = rng.choice(builds)
            judgement = ctrl.session.seat_view().judge(btype, props)
            assert judgement.legal and judgement.breakdown is not None
            assert ctrl.session.act(Build(btype, tuple(props))) is None
        elif ctrl.session.seat_view().legal_streets() and rng.random() < 0.5:
            assert ctrl.session.act(PlaceStreetcar(rng.choice(ctrl.session.seat_view().legal_streets()))) is None
        elif ctrl.session.seat_view().hand() and rng.random() < 0.3:
            assert ctrl.session.act(Exchange(tuple(ctrl.session.seat_view().hand()[:1]))) is None
        else:
            assert ctrl.session.act(Pass()) is None
        return
    if ph == "streetcar":
        assert ctrl.session.act(StopStreetcars()) is None
        return
    if ph in DRAW_PHASES:
        assert ctrl.session.act(Draw(rng.choice(ctrl.session.seat_view().legal_draw_stacks()))) is None
        return
    if ph == "offer":
        hand = ctrl.session.seat_view().hand()
        assert ctrl.session.act(Offer(tuple(hand[:1]), False)) is None
        return
    if ph == "take":
        takes = [
            o for o in ctrl.session.seat_view().offered_cards() if o.taken_by is None and o.owner != ctrl.session.seat
        ] or [o for o in ctrl.session.seat_view().offered_cards() if o.taken_by is None]
        assert ctrl.session.act(Take(takes[0].owner, takes[0].slot)) is None
        return
    raise AssertionError(f"unexpected phase {ph}")


@pytest.mark.slow
@pytest.mark.parametrize("edition,seed", [("original", 4), ("jumbo", 6)])
def test_whole_game_to_results(window, qtbot, edition, seed):
    ctrl = window.ctrl
    bot = fast_bot()
    ctrl.starting.new_game(
        GameConfig(edition, [SeatConfig("You"), SeatConfig("Bea", bot), SeatConfig("Carl", bot)], seed=seed)
    )
    rng = random.Random(seed)
    turns = 0
    while not ctrl.session.full_state().is_over:
        wait_my_turn(qtbot, ctrl, timeout=20000)
        if ctrl.session.full_state().is_over:
            break
        play_human_turn(ctrl, rng)
        turns += 1
        assert turns < 3000
    qtbot.waitUntil(lambda: window.results_dialog is not None and window.results_dialog.isVisible(), timeout=5000)
    dlg = window.results_dialog
    s = ctrl.session.full_state()
    rows = dlg.ranking_rows()
    assert len(rows) == 3
    assert [int(r[2]) for r in rows] == sorted(s.scores, reverse=True)
    # ties share a place
    for (pa, _, sa), (pb, _, sb) in zip(rows, rows[1:]):
        assert (pa == pb) == (sa == sb)
    race = dlg.race.race  # the end view's score race, round by round (issue 46.8)
    assert len(race.scores[0]) == 3 and race.scores[-1] == tuple(s.scores)
    assert list(race.rounds) == sorted(race.rounds) and race.rounds[-1] == s.round
    # the players model agrees with the engine
    assert [int(ctrl.players_model.index(i, 1).data()) for i in range(3)] == s.scores
    if edition == "jumbo":
        assert any(e.kind == "offer" and e.player == 0 for e in s.events)
    # offer a new game from the results
    dlg.new_button.click()
    assert window.new_dialog is not None and window.new_dialog.isVisible()
    window.new_dialog.reject()
