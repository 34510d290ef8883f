"""engine/viewjson: every view of every step of random games survives JSON
field by field, as a whole and as a delta; damaged views are refused."""

from __future__ import annotations

import json

import pytest

from bigcity_desktop.bots import make_bot
from bigcity_desktop.engine import GameState, Phase
from bigcity_desktop.engine.state import SPECTATOR
from bigcity_desktop.engine.viewjson import (
    ViewError,
    log_mark,
    public_view,
    view_from_json,
    view_json_of,
    view_to_json,
)

from .viewcompare import differences


def random_game(edition: str, players: int, seed: int):
    """The state after each action of a game of the random bot (which picks
    a kind of move first, so games end in a few hundred steps)."""
    s = GameState.new(edition, players, seed=seed)
    bot = make_bot("random", seed)
    yield s
    while not s.is_over:
        s.apply(bot.choose(s))
        yield s


def roundtrip(v: GameState) -> GameState:
    text = json.dumps(view_to_json(v))  # what goes over the wire is text
    return view_from_json(text)


def views(s: GameState) -> list[GameState]:
    return [s.view_for(p) for p in range(s.n)] + [public_view(s)]


GAMES = [("original", 2, 1), ("original", 3, 2), ("original", 5, 3), ("jumbo", 2, 11), ("jumbo", 4, 5)]


@pytest.mark.slow
@pytest.mark.parametrize(("edition", "players", "seed"), GAMES)
def test_every_view_of_every_step_survives_json(edition, players, seed):
    phases = set()
    held: dict[int, GameState] = {}  # what a client holds, view by view
    for step, s in enumerate(random_game(edition, players, seed)):
        whole = step % 25 == 0 or s.phase not in phases or s.is_over
        phases.add(s.phase)
        for i, v in enumerate(views(s)):
            old = held.get(i)
            if whole or old is None:  # a full view, as on joining
                back = roundtrip(v)
                assert differences(v, back) == [], (step, i)
            if old is not None:  # the delta after one more action
                mark = log_mark(old)
                delta = json.dumps(view_to_json(v, since=mark, with_rules=False))
                back = view_from_json(delta, base=old)
                assert differences(v, back, tail=mark) == [], (step, i)
            held[i] = back
            # what the server sends: the same JSON, made without copying the state
            who = i if i < s.n else None
            if who is None:  # a spectator sees no face-down card, whoever took it
                assert all(c < 0 for o in v.offers.values() if not o.face_up for c in o.cards)
            assert view_json_of(s, who, since=mark if old is not None else None) == view_to_json(
                v, since=mark if old is not None else None
            ), (step, i)
        mover = s.current_player
        if mover is not None and (whole or step % 7 == 0):
            v = held[mover]
            assert v.legal_actions() == s.view_for(mover).legal_actions()
            assert all(v.check(a) is None for a in v.legal_actions()[:20])
    assert Phase.OVER in phases and Phase.ACTION in phases and Phase.REFILL in phases
    if edition == "jumbo":
        assert {Phase.OFFER, Phase.TAKE, Phase.EXCHANGE_DRAW} <= phases
    assert Phase.SETUP in phases


def test_public_view_hides_every_hand():
    s = GameState.new("jumbo", 3, seed=9)
    v = public_view(s)
    assert v.viewer == SPECTATOR and v.seed is None and v.rng is None
    assert all(c < 0 for h in v.hands for c in h)
    assert differences(v, roundtrip(v)) == []


def test_a_full_state_is_never_written_nor_read():
    s = GameState.new("original", 3, seed=1)
    with pytest.raises(ValueError, match="full game state"):
        view_to_json(s)
    data = view_to_json(s.view_for(0))
    data["seed"] = 1
    with pytest.raises(ViewError, match="full game state"):
        view_from_json(data)


def _view_json():
    s = GameState.new("original", 3, seed=1)
    return view_to_json(s.view_for(1))


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda d: d.pop("hands"), "lacks hands"),
        (lambda d: d.update(extra=1), "unknown entry"),
        (lambda d: d.update(version=2), "version 2"),
        (lambda d: d.update(round=True), "round must be a whole number"),
        (lambda d: d.update(current=7), "current must be at most 2"),
        (lambda d: d["hands"][0].append(99), "no card 99"),
        (lambda d: d["hands"][0].append(-99), "not a card"),
        (lambda d: d.update(phase="dance"), "phase"),
        (lambda d: d.update(stacks=[0]), "stacks must have"),
        (lambda d: d["city"]["tiles"].append([1, 0, 0, 0]), "already in the city"),
        (lambda d: d.update(rules_digest="x"), "another release"),
        (lambda d: d.update(edition="nonesuch"), "not a bundled edition"),
        (lambda d: d["events"][0].update(text={"$msg": "{x.__class__}", "fields": {"x": 1}}), "may not"),
        (lambda d: d["events"][0].update(text={"$msg": "{0}", "fields": {}}), "may not"),
        (lambda d: d.update(since={"history": 0}), "names where each list continues"),
    ],
)
def test_damaged_views_are_refused_with_a_reason(change, reason):
    d = _view_json()
    change(d)
    with pytest.raises(ViewError, match=reason):
        view_from_json(json.dumps(d))


def test_a_delta_must_follow_the_view_held():
    s = GameState.new("original", 2, seed=3)
    old = view_from_json(view_to_json(s.view_for(0)))
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    delta = view_to_json(s.view_for(0), since=log_mark(old)._replace(history=len(old.history) + 1), with_rules=False)
    with pytest.raises(ViewError, match="does not follow"):
        view_from_json(delta, base=old)
    with pytest.raises(ViewError, match="does not have"):
        view_from_json(view_to_json(s.view_for(0), since=log_mark(old)))


def test_deep_and_huge_input_is_refused():
    with pytest.raises(ViewError):
        view_from_json("[" * 100_000)
    with pytest.raises(ViewError):
        view_from_json(b"\xff\xfe")
