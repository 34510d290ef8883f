"""Bot games that end well: no moves for nothing once the city is finished,
and City Hall is not built over."""

from collections import Counter

import pytest

from bigcity_desktop.bots.hint import hint
from bigcity_desktop.bots.outlook import (
    HALL_RESERVE,
    exchange_can_help,
    hall_pressing,
    hall_urgent,
    kills_city_hall,
    outlook,
    pointless,
    sensible,
    stuck,
)
from bigcity_desktop.engine import Build, Exchange, GameState, Pass, Phase, all_cards_accounted

from .conftest import small_bot

LEVELS = ["easy", "medium", "hard"]


def first_action(edition: str, players: int, seed: int) -> GameState:
    """The first main action of a game whose setup the easy bots played."""
    state = GameState.new(edition, players, seed)
    bots = [small_bot("easy", i) for i in range(players)]
    while state.phase != Phase.ACTION:
        p = state.current_player
        state.apply(bots[p].choose(state.view_for(p)))
    return state


def after_city_hall(edition: str, seed: int) -> GameState:
    """A main action a few turns after City Hall went up (easy bots)."""
    state = GameState.new(edition, 3, seed)
    bots = [small_bot("easy", i) for i in range(3)]
    while not (
        state.phase == Phase.ACTION
        and state.city_hall_open
        and state.city_hall_turn is not None
        and state.turn_index > state.city_hall_turn + 3
    ):
        assert not state.is_over
        p = state.current_player
        state.apply(bots[p].choose(state.view_for(p)))
    return state


def use_up_pieces(state: GameState) -> None:
    """Every building piece (parks and factories too) is used up."""
    city = state.city
    used = Counter(city.pieces_used)  # (the city's containers are shared with its copies: replace, never edit)
    for rule in state.rules.buildings.values():
        for v in rule.variants:
            used[(rule.type, v.name)] = v.count
    city.pieces_used = used
    city.changed()


def give(state: GameState, player: int, card: int) -> None:
    """Move `card` into `player`'s hand, swapping out a card of theirs
    (so no card is created or lost)."""
    hand = state.hands[player]
    if card in hand:
        return
    out = next(c for c in hand if c != card)
    for where in [*state.hands, *state.stacks]:
        if card in where:
            where[where.index(card)] = out
            break
    hand[hand.index(out)] = card


@pytest.mark.parametrize("edition", ["original", "jumbo"])
def test_a_city_nobody_can_build_on_is_dead_and_every_bot_passes(edition):
    state = after_city_hall(edition, 3)
    before = all_cards_accounted(state)
    use_up_pieces(state)
    view = state.view_for(state.current_player)
    look = outlook(view)
    assert look.dead and not look.live and not look.tiles_open
    for name in LEVELS:
        assert small_bot(name, 1).choose(view) == Pass(), name
    action, why = hint(state, state.current_player, bot=small_bot("hard", 0))
    assert action == Pass()
    assert why.startswith("pass")
    assert all_cards_accounted(state) == before


def test_exchange_that_can_only_draw_its_own_cards_back_is_pointless():
    state = after_city_hall("original", 5)
    p = state.current_player
    # every stack is empty: whatever goes back under a stack comes straight back
    for st in state.stacks:
        state.discard.extend(st)
        st.clear()
    view = state.view_for(p)
    look = outlook(view)
    cards = tuple(sorted(state.hands[p]))
    assert not exchange_can_help(view, look, cards)
    assert pointless(view, look, Exchange(cards))
    for name in LEVELS:
        assert small_bot(name, 2).choose(view).kind != "exchange", name
    action, _ = hint(state, p, bot=small_bot("hard", 0))
    assert action.kind != "exchange"


def test_exchange_helps_while_a_stack_may_hold_a_live_card():
    state = after_city_hall("original", 5)
    view = state.view_for(state.current_player)
    look = outlook(view)
    assert look.live
    assert exchange_can_help(view, look, tuple(state.hands[state.current_player][:1]))


def test_streetcar_beside_nothing_buildable_is_pointless():
    state = after_city_hall("original", 7)
    view = state.view_for(state.current_player)
    look = outlook(view)
    streets = view.city.legal_streetcars()
    assert streets
    city = view.city
    touching = [s for s in streets if any(city.prop_at.get(c) in look.live for c in s)]
    assert touching and all(not pointless(view, look, _streetcar(s)) for s in touching)
    use_up_pieces(state)
    view = state.view_for(state.current_player)
    look = outlook(view)
    assert all(pointless(view, look, _streetcar(s)) for s in view.city.legal_streetcars())


def _streetcar(street):
    from bigcity_desktop.engine import PlaceStreetcar

    return PlaceStreetcar(street)


def test_a_stuck_table_only_builds_or_passes():
    state = after_city_hall("original", 11)
    # the last points were scored two rounds ago
    assert state.round > 2
    start = tuple(0 for _ in state.scores)
    state.score_history = [(0, start), (state.round - 2, tuple(state.scores)), (state.round, tuple(state.scores))]
    view = state.view_for(state.current_player)
    assert stuck(view)
    look = outlook(view)
    for a in view.legal_actions():
        if a.kind in ("exchange", "streetcar"):
            assert not sensible(view, look, a)
    for name in LEVELS:
        assert small_bot(name, 4).choose(view).kind in ("build", "neighborhood", "pass"), name


def last_two_hall_spots(seed: int) -> tuple[GameState, list[int]]:
    """An original game before City Hall where only two centre spots are left
    for it; the player to move holds the card of one of them."""
    state = first_action("original", 3, seed)
    look = outlook(state)
    spots = sorted(look.hall_spots)
    assert len(spots) > HALL_RESERVE
    keep = spots[:HALL_RESERVE]
    kinds = [("residence", "single"), ("business", "single")]
    for i, p in enumerate(spots[HALL_RESERVE:]):
        btype, variant = kinds[i % 2]
        state.city.place_building(btype, variant, (p,), owner=None)
    p = state.current_player
    give(state, p, keep[0])
    return state, keep


@pytest.mark.parametrize("seed", [1, 2])
def test_city_hall_is_urgent_on_its_last_spots(seed):
    state, keep = last_two_hall_spots(seed)
    view = state.view_for(state.current_player)
    look = outlook(view)
    assert hall_urgent(look) and sorted(look.hall_spots) == keep
    for name in ("medium", "hard"):
        action = small_bot(name, 3).choose(view)
        assert action == Build("city_hall", (keep[0],)), name
    action, why = hint(state, state.current_player, bot=small_bot("hard", 0))
    assert action == Build("city_hall", (keep[0],))
    assert f"Build it now: City Hall can only stand on {keep[0]} or {keep[1]}" in why


def test_no_bot_builds_over_the_last_city_hall_spots():
    state, keep = last_two_hall_spots(1)
    look = outlook(state)
    assert kills_city_hall(look, Build("residence", (keep[0],)))
    assert kills_city_hall(look, Build("business", tuple(keep)))
    assert not kills_city_hall(look, Build("city_hall", (keep[0],)))
    # with the spot card in hand but City Hall no longer possible elsewhere,
    # no bot's move may take a spot with another building
    for name in LEVELS:
        for seed in range(3):
            action = small_bot(name, seed).choose(state.view_for(state.current_player))
            if isinstance(action, Build) and action.building != "city_hall":
                assert not set(action.properties) & set(keep), (name, action)


def test_hint_warns_before_the_last_city_hall_spot_goes():
    state, keep = last_two_hall_spots(2)
    p = state.current_player
    # the player holds no spot card (swapped with a stack card): the hint still warns
    hand = state.hands[p]
    for c in keep:
        if c in hand:
            st = state.stacks[c // 10]
            i = next(i for i, x in enumerate(st) if x not in keep)
            hand[hand.index(c)], st[i] = st[i], c
    assert not set(keep) & set(hand)
    _action, why = hint(state, p, bot=small_bot("hard", 0))
    assert f"Careful: City Hall can only stand on {keep[0]} or {keep[1]} now" in why


@pytest.mark.parametrize("edition", ["original", "jumbo"])
@pytest.mark.parametrize("players", [3, 4])
def test_bot_games_build_city_hall_and_end_soon_after_the_last_points(edition, players):
    from bigcity_desktop.bots.outlook import last_scoring_round

    from .conftest import play_checked

    for seed in range(3):
        names = [LEVELS[(seed + i) % 3] for i in range(players)]
        state = play_checked(edition, names, 100 + seed)
        assert state.city_hall_built, (names, seed)
        assert state.round - last_scoring_round(state) <= 3, (names, seed)


@pytest.mark.parametrize("seed", [1, 2])
def test_city_hall_is_built_when_the_game_may_end_without_it(seed):
    """Many spots left, but everybody else just passed: whoever holds a spot
    card builds City Hall rather than let the game end without it."""
    state = first_action("original", 3, seed)
    look = outlook(state)
    assert len(look.hall_spots) > HALL_RESERVE and not hall_urgent(look)
    spot = sorted(look.hall_spots)[0]
    p = state.current_player
    give(state, p, spot)
    for other in range(state.n - 1):
        state.history.append(Pass())
        state.actors.append((p + 1 + other) % state.n)
    view = state.view_for(p)
    assert hall_pressing(view, outlook(view))
    for name in ("easy", "medium", "hard"):
        action = small_bot(name, 5).choose(view)
        assert isinstance(action, Build) and action.building == "city_hall", (name, action)


def test_city_hall_is_pressing_after_a_pass_where_passes_end_the_game():
    state = first_action("original", 3, 2)
    look = outlook(state)
    assert not hall_pressing(state, look)
    state.passes_in_row = 1  # the player before passed: two more passes end the game
    assert hall_pressing(state, look)
