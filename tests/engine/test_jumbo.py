"""Jumbo edition: draws, redevelopment, City Hall's rising value, the end."""

from bigcity_desktop.engine import (
    DRAW_PHASES,
    ActionKind,
    Build,
    Draw,
    Exchange,
    GameState,
    Offer,
    Pass,
    Phase,
    Take,
    turns,
)

from .helpers import game, give, put


def to_redevelopment(s):
    """Everyone passes except the last player, who builds (so the round is not passive)."""
    while s.phase not in (Phase.OFFER, Phase.OVER):
        if s.phase == Phase.ACTION:
            builds = s.legal_actions(ActionKind.BUILD)
            last = (s.current_player + 1) % s.n == s.start_player
            s.apply(builds[0] if last and builds else Pass())
        else:
            s.apply(s.legal_actions()[0])


def test_refill_one_per_stack_unless_no_other_option_then_as_few_as_possible():
    # RULES.md / rule book example: four cards to draw, only stacks 7 and 8 have cards
    s = game("jumbo", players=3)
    p = s.current_player
    give(s, p, [11, 12, 13, 14, 15])
    for st in range(1, 7):
        s.discard.extend(s.stacks[st])
        s.stacks[st] = []
    put(s, "park", [16, 19])  # make nothing else matter
    s.apply(Build("residence", (11, 12, 13)))  # 2 left in hand: 3 to draw
    assert s.draw_cap == 2  # 3 cards from two stacks: at most 2 from any one
    s.apply(Draw(7))
    s.apply(Draw(7))
    assert s.check(Draw(7)) is not None
    s.apply(Draw(8))
    assert s.phase == Phase.ACTION


def test_refill_with_many_stacks_takes_one_from_each():
    s = game("jumbo", players=3)
    p = s.current_player
    give(s, p, [11, 12, 13, 14, 15])
    s.apply(Build("residence", (11, 12, 13)))
    assert s.draw_cap == 1
    s.apply(Draw(2))
    assert s.check(Draw(2)) == "take at most 1 card from each stack while other stacks have cards"
    s.apply(Draw(3))
    assert s.check(Draw(3)) is not None
    s.apply(Draw(4))
    assert s.phase == Phase.ACTION


def test_exchange_draws_up_to_two_per_stack_then_a_separate_refill():
    s = game("jumbo", players=3)
    p = s.current_player
    give(s, p, [11, 12, 21, 31, 41])
    s.hands[p].remove(41)  # as if a useless card had just been discarded: hand of 4
    s.discard.append(41)
    s.apply(Exchange((11, 12)))
    assert s.phase == Phase.EXCHANGE_DRAW and s.draws_left == 2
    s.apply(Draw(2))
    s.apply(Draw(2))  # two from one stack in an exchange
    assert s.phase == Phase.REFILL
    s.apply(Draw(2))  # and still one from the same stack in the refill
    assert s.phase == Phase.ACTION and len(s.hands[p]) == 5


def test_city_hall_value_rises_each_round_while_unbuilt_and_marker_moves_left():
    s = game("jumbo", players=3)
    first = s.start_player
    assert s.city_hall_value == 0
    to_redevelopment(s)
    while s.phase in (Phase.OFFER, Phase.TAKE):
        s.apply(s.legal_actions()[0])
    assert s.city_hall_value == 1 and s.round == 2
    assert s.start_player == (first + 1) % 3 and s.current_player == s.start_player


def test_city_hall_scores_its_current_value():
    s = game("jumbo", players=3)
    s.city_hall_value = 4
    p = s.current_player
    give(s, p, [15, 11, 12, 13, 14])
    before = s.scores[p]
    s.apply(Build("city_hall", (15,)))
    assert s.scores[p] == before + 4


def test_a_round_of_passes_and_exchanges_ends_the_game_without_redevelopment():
    s = game("jumbo", players=3)
    for i in range(3):
        if i == 1:
            s.apply(Exchange((s.hands[s.current_player][0],)))
        else:
            s.apply(Pass())
        while s.phase in DRAW_PHASES:
            s.apply(s.legal_actions()[0])
    assert s.is_over and s.end_reason == "Every action of the round was a pass or an exchange"


def test_redevelopment_offer_order_pick_order_and_own_cards():
    s = game("jumbo", players=3)
    to_redevelopment(s)
    order = s.standing()
    assert s.offer_queue == order and s.current_player == order[0]
    leader, middle, last = order
    # face up only with cards that can be used in the city now
    hand = s.hands[leader]
    unplayable = [c for c in hand if not s.card_playable(c)]
    if unplayable:
        assert "must be offered face down" in s.check(Offer((unplayable[0],), True))
    # leader offers one card face down, middle offers one face up, last two face down
    s.apply(Offer((s.hands[leader][0],), False))
    playable = [c for c in s.hands[middle] if s.card_playable(c)]
    up = Offer((playable[0],), True) if playable else Offer((s.hands[middle][0],), False)
    s.apply(up)
    s.apply(Offer(tuple(s.hands[last][:2]), False))
    assert s.phase == Phase.TAKE
    ups = [q for q in reversed(order) if s.offers[q].face_up]
    downs = [q for q in reversed(order) if not s.offers[q].face_up]
    expected = []
    for q in ups + downs:
        expected += [q] * len(s.offers[q].cards)
    seen = []
    while s.phase == Phase.TAKE:
        q = s.current_player
        seen.append(q)
        legal = s.legal_actions()
        others_left = any(o != q and None in s.offers[o].taken for o in s.offers)
        if others_left:
            assert all(t.owner != q for t in legal)
            own = [Take(q, i) for i, t in enumerate(s.offers[q].taken) if t is None]
            for t in own:
                assert s.check(t) == "you may take back your own card only when nothing else is left"
        s.apply(legal[0])
    assert seen == expected
    assert all(len(h) == 5 for h in s.hands)


def test_score_ties_are_broken_by_the_marker_that_arrived_last():
    s = GameState.new("jumbo", 3, seed=4, start_city=[[2, 3, 0, 0], [3, 0, 3, 0]])
    s.scores = [5, 5, 2]
    s.arrival = [10, 11, 3]
    assert s.standing() == [1, 0, 2]
    s.arrival = [12, 11, 3]
    assert s.standing() == [0, 1, 2]


def test_staggered_start_scores_do_not_move_when_a_zero_point_building_is_built():
    s = game("jumbo", players=3)
    before = list(s.arrival)
    turns.add_score(s, 0, 0)
    assert s.arrival == before
