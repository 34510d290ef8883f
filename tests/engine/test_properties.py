"""Property-based tests over random seeded games (hypothesis)."""

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigcity_desktop.engine import (
    KIND_PHASES,
    ActionKind,
    Build,
    Draw,
    GameState,
    Phase,
    PlaceStreetcar,
    PlaceTile,
    all_cards_accounted,
    sample_hidden,
)
from bigcity_desktop.engine.city import cell_streets
from bigcity_desktop.engine.record import load_record, record_to_json
from bigcity_desktop.engine.rules import StartScores

games = st.tuples(
    st.sampled_from(
        [("original", 2), ("original", 3), ("original", 4), ("original", 5), ("jumbo", 2), ("jumbo", 3), ("jumbo", 4)]
    ),
    st.integers(min_value=0, max_value=10_000),
)


def random_game(edition, players, seed, on_step=None, max_steps=3000):
    s = GameState.new(edition, players, seed)
    rng = random.Random(seed)
    steps = 0
    while not s.is_over and steps < max_steps:
        if on_step:
            on_step(s, rng)
        kind = rng.choice(s.legal_kinds())
        s.apply(rng.choice(s.legal_actions(kind)))
        steps += 1
    return s


def check_conservation(s):
    everything = Counter(s.rules.all_cards)
    assert all_cards_accounted(s) == everything
    for btype, rule in s.rules.buildings.items():
        for v in rule.variants:
            assert 0 <= s.city.pieces_left(btype, v.name) <= v.count
    assert 0 <= len(s.city.streetcars) <= s.rules.streetcar_count
    assert len(s.city.streetcars) == len(set(s.city.streetcars))


def check_scores(s):
    base = [0] * s.n
    if s.rules.start_scores == StartScores.STAGGERED:
        for i in range(s.n):
            base[(s.first_player + i) % s.n] = i
    for b in s.city.buildings:
        bd = b.breakdown
        total = bd["base"] + sum(a["points"] for a in bd["add"])
        assert b.score == total * bd["multiplier"]
        base[b.owner] += b.score
    assert base == s.scores


@settings(max_examples=25, deadline=None)
@given(games)
def test_cards_and_pieces_are_conserved_and_scores_add_up(game):
    (edition, players), seed = game

    def step(s, rng):
        check_conservation(s)

    s = random_game(edition, players, seed, step)
    check_conservation(s)
    check_scores(s)


def candidate_actions(s, rng):
    """A broad set of plausible actions, legal or not."""
    out = []
    p = s.current_player
    hand = [c for c in s.hands[p] if c > 0]
    for k in (1, 2, 3):
        for combo in combinations(hand, k):
            for btype in s.rules.buildings:
                out.append(Build(btype, combo))
    free = s.city.free_properties()
    for _ in range(10):
        if free:
            a = rng.choice(free)
            ns = [n for n in s.city.neighbours(a) if s.city.is_free(n)]
            out.append(Build(rng.choice(["park", "factory", "shopping_center"]), (a, rng.choice(ns)) if ns else (a,)))
    for st_ in range(0, 10):
        out.append(Draw(st_))
    cells = list(s.city.prop_at)
    for c in rng.sample(cells, min(6, len(cells))):
        for street in cell_streets(c):
            out.append(PlaceStreetcar(street))
    for _ in range(15):
        out.append(PlaceTile(rng.randint(1, 8), rng.randint(-6, 12), rng.randint(-6, 12), rng.randint(0, 3)))
    return out


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(games)
def test_legal_actions_agree_with_check(game):
    (edition, players), seed = game

    def step(s, rng):
        legal = s.legal_actions()
        assert legal, "a player always has a move"
        assert len(set(legal)) == len(legal)
        for a in legal:
            assert s.check(a) is None, (a, s.check(a))
        kinds = s.legal_kinds()
        for k in kinds:
            assert s.legal_actions(k)
        legal_set = set(legal)
        for a in candidate_actions(s, rng):
            reason = s.check(a)
            if reason is None:
                assert a in legal_set, f"{a} passes check but is not generated"
            else:
                assert isinstance(reason, str) and reason

    random_game(edition, players, seed, step, max_steps=400)


@settings(max_examples=20, deadline=None)
@given(games)
def test_a_replay_reproduces_the_game(game):
    (edition, players), seed = game
    s = random_game(edition, players, seed)
    again = load_record(record_to_json(s)).state
    assert again.scores == s.scores
    assert again.hands == s.hands
    assert again.stacks == s.stacks
    assert again.discard == s.discard
    assert [(b.type, b.properties, b.owner, b.score) for b in again.city.buildings] == [
        (b.type, b.properties, b.owner, b.score) for b in s.city.buildings
    ]
    assert again.city.streetcars == s.city.streetcars
    assert again.events == s.events
    assert again.phase == s.phase
    # and the same seed with the same random player is the same game, bit for bit
    twin = random_game(edition, players, seed)
    assert twin.history == s.history and twin.events == s.events


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(games)
def test_a_view_never_shows_a_hidden_card(game):
    (edition, players), seed = game

    def step(s, rng):
        if rng.random() > 0.2:
            return
        for p in range(s.n):
            v = s.view_for(p)
            assert v.seed is None and v.rng is None
            assert v.hands[p] == s.hands[p]
            for q in range(s.n):
                assert len(v.hands[q]) == len(s.hands[q])
                if q != p:
                    public = {c for o in s.offers.values() if o.face_up for c in o.cards}
                    for c in v.hands[q]:
                        assert c < 0 or c in public
                    assert sorted(-c if c < 0 else c // 10 for c in v.hands[q]) == sorted(c // 10 for c in s.hands[q])
            for i, st_ in enumerate(v.stacks):
                assert all(c == -i for c in st_) and len(st_) == len(s.stacks[i])
            for q, o in v.offers.items():
                if q != p and not o.face_up:
                    for c, t in zip(o.cards, o.taken):
                        assert c < 0 or t == p
            for a, who in zip(v.history, v.actors):
                if who != p and a.kind in ("exchange",):
                    assert all(c < 0 for c in a.cards)
            # a determinization agrees with the view
            full = sample_hidden(v, random.Random(seed))
            assert all_cards_accounted(full) == Counter(s.rules.all_cards)
            assert full.hands[p] == s.hands[p]
            assert [len(h) for h in full.hands] == [len(h) for h in s.hands]
            assert [sorted(c // 10 for c in h) for h in full.hands] == [sorted(c // 10 for c in h) for h in s.hands]
            assert set(full.legal_actions()) == set(s.legal_actions()) if s.current_player == p else True

    random_game(edition, players, seed, step, max_steps=600)


def test_clones_that_diverge_do_not_share_cached_moves():
    s = GameState.new("original", 3, seed=1, start_city=[[2, 3, 0, 0], [3, 0, 3, 0]])
    from .helpers import put

    put(s, "city_hall", [15])
    a, b = s.clone(), s.clone()
    la = a.legal_actions(ActionKind.NEIGHBORHOOD)
    a.apply(la[0])
    b.apply(la[-1])
    for x in (a, b):
        x_tiles = x.legal_actions(ActionKind.NEIGHBORHOOD) if x.phase == Phase.ACTION else []
        for act in x_tiles[:50]:
            assert x.check(act) is None
    # streetcars: same count, different places
    c, d = s.clone(), s.clone()
    sc = c.legal_actions(ActionKind.STREETCAR)
    c.apply(sc[0])
    d.apply(sc[-1])
    for x in (c, d):
        while x.phase != Phase.ACTION:
            x.apply(x.legal_actions()[0])
        for act in x.legal_actions(ActionKind.STREETCAR):
            assert x.check(act) is None


@pytest.mark.parametrize("edition,players,seed", [("original", 3, 5), ("jumbo", 4, 8)])
def test_why_not_agrees_with_the_legal_moves(edition, players, seed):
    """why_not(kind) names a reason only when no move of that kind is legal,
    and says nothing against a kind that has a legal move."""

    def look(s, rng):
        for kind in KIND_PHASES:
            reason = s.why_not(kind)
            legal = next(s.iter_legal(kind), None)
            if reason is not None:
                assert legal is None, (kind, reason, legal)
                assert reason[0].isalpha()
            if legal is not None:
                assert reason is None, (kind, reason)

    random_game(edition, players, seed, on_step=look)
