"""The state as a value: clone, equality, the position key and one name for
the player to move."""

from __future__ import annotations

import copy
import random
from dataclasses import fields

import pytest

from bigcity_desktop.engine import ActionKind, GameState, would_end_game
from bigcity_desktop.engine.actions import Exchange, Pass
from bigcity_desktop.engine.phases import Phase
from bigcity_desktop.engine.state import _COPY


def _games(edition: str, players: int, seed: int, steps: int) -> list[GameState]:
    """Positions along a random game (every `steps`-th one)."""
    s = GameState.new(edition, players, seed)
    rng = random.Random(seed)
    out = [s.clone()]
    i = 0
    while not s.is_over:
        kind = rng.choice(s.legal_kinds())
        s.apply(rng.choice(s.legal_actions(kind)))
        i += 1
        if i % steps == 0:
            out.append(s.clone())
    out.append(s)
    return out


def _containers(obj: object) -> list[object]:
    """The mutable containers a value holds, one level down from each field."""
    out: list[object] = []
    if isinstance(obj, (list, dict, set)):
        out.append(obj)
        items = obj.values() if isinstance(obj, dict) else obj
        for x in items:
            if isinstance(x, (list, dict, set)):
                out.append(x)
    return out


def test_every_field_has_a_copier():
    # a new field must say how it is copied (else clone deep-copies it, which is safe but slow)
    assert {f.name for f in fields(GameState)} == set(_COPY)


#: what a clone shares with its original: what the engine never changes in
#: place (the city's containers are replaced by every change; the story is
#: copied by the next action of either state; the generator deals only at setup)
SHARED_FIELDS = {"history", "actors", "events", "score_history", "rng"}


def _ids(s, names):
    return {id(x) for name in names for x in _containers(getattr(s, name))}


@pytest.mark.parametrize("edition,players", [("original", 4), ("jumbo", 3)])
def test_a_clone_equals_a_deep_copy_and_shares_only_what_is_copied_on_write(edition, players):
    for s in _games(edition, players, seed=11, steps=17):
        c = s.clone()
        assert c == s == copy.deepcopy(s)
        assert c.position_key() == s.position_key()
        own = [f.name for f in fields(GameState) if f.name not in SHARED_FIELDS]
        assert not _ids(s, own) & _ids(c, own)
        if s.is_over:
            continue
        # playing on the clone leaves the original as it was, and the other way round
        before = copy.deepcopy(s)
        c.apply(c.legal_actions()[0])
        assert s == before and c != s
        assert s.history == before.history and s.events == before.events and s.city == before.city
        twin = s.clone()
        after_c = copy.deepcopy(c)
        s.apply(s.legal_actions()[-1])
        assert c == after_c and twin == before
        assert twin.city.buildings == before.city.buildings


def test_a_start_city_is_copied_not_shared():
    s = GameState.new("original", 3, 1, start_city=[[1, 0, 0, 0], [2, 3, 0, 0]])
    c = s.clone()
    assert c.start_city == s.start_city and c.start_city is not s.start_city
    assert c.start_city is not None and s.start_city is not None
    assert c.start_city[0] is not s.start_city[0]


def test_equality_sees_the_generator_and_the_position_key_does_not_see_the_path():
    a = GameState.new("original", 3, 5)
    b = GameState.new("original", 3, 5)
    assert a == b
    assert a != GameState.new("original", 3, 6)
    b.rng.random() if b.rng else None
    assert a != b  # the generator moved on
    assert a.position_key() == b.position_key()
    with pytest.raises(TypeError):
        hash(a)
    assert len({a.position_key(), b.position_key()}) == 1


def test_one_name_for_the_player_to_move():
    s = GameState.new("jumbo", 3, 2)
    assert not hasattr(s, "current")
    assert s.current_player in range(3)
    assert s.check(Pass(), player=(s.current_player + 1) % 3) is not None


def test_would_end_game_reads_the_end_rules():
    s = GameState.new("original", 3, 4)
    while s.phase != Phase.ACTION:
        s.apply(s.legal_actions()[0])
    # the original edition ends after every player passed in a row
    s.passes_in_row = s.n - 1
    assert would_end_game(s, Pass()) and would_end_game(s, ActionKind.PASS)
    assert not would_end_game(s, Exchange((s.hands[s.current_player][0],)))
    s.passes_in_row = 0
    assert not would_end_game(s, Pass())


def test_a_refusal_carries_a_code_and_its_sentence():
    from bigcity_desktop.engine.actions import Build, Draw, PlaceStreetcar
    from bigcity_desktop.engine.messages import Reason, Refusal

    s = GameState.new("original", 3, 4)
    while s.phase != Phase.ACTION:
        s.apply(s.legal_actions()[0])
    me = s.current_player
    other = (me + 1) % 3
    cases = {
        Pass(): None,
        Draw(1): Reason.WRONG_PHASE,
        PlaceStreetcar(((0, 0), (1, 0))): Reason.WAITS_FOR_CITY_HALL,
        Exchange(()): Reason.NO_CARDS,
        Build("castle", (11,)): Reason.NO_SUCH_BUILDING,
    }
    for action, code in cases.items():
        r = s.check(action)
        assert (r.code if r is not None else None) == code, (action, r)
        if r is not None:
            assert isinstance(r, Refusal) and str(r)  # the sentence, for the edge to word
    assert s.check(Pass(), player=other).code == Reason.NOT_YOUR_TURN  # type: ignore[union-attr]
    not_mine = next(c for c in range(11, 90) if c % 10 and c not in s.hands[me] and c in s.city.cell_of)
    assert s.check(Build("residence", (not_mine,))).code == Reason.NEEDS_CARD  # type: ignore[union-attr]


def test_a_spectators_view_hides_every_hand():
    from bigcity_desktop.engine.state import SPECTATOR

    for s in _games("jumbo", 3, seed=3, steps=23):
        v = s.view_for(SPECTATOR)
        assert v.viewer == SPECTATOR and v.seed is None and v.rng is None
        public = {c for o in s.offers.values() if o.face_up for c, t in zip(o.cards, o.taken) if t is not None}
        for h in v.hands:
            assert all(c < 0 or c in public for c in h)
        assert all(c < 0 for st in v.stacks for c in st)
