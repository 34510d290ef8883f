"""Helpers to pose positions for engine tests."""

from __future__ import annotations

from bigcity_desktop.engine import GameState, get_rules
from bigcity_desktop.engine.layout import load_layout
from bigcity_desktop.engine.position import load_position


def layout(edition="original", tiles=((1, 0, 0, 0),), buildings=(), streetcars=()):
    """A City from tile placements, (type, props) buildings and streets."""
    data = {
        "format": "bigcity-layout",
        "version": 1,
        "edition": edition,
        "neighborhoods": [{"number": n, "x": x, "y": y, "rotation": r} for n, x, y, r in tiles],
        "buildings": [{"type": t, "properties": list(p)} for t, p in buildings],
        "streetcars": [[list(a), list(b)] for a, b in streetcars],
    }
    return load_layout(data)[1]


def judge(city, btype, props, city_hall=None):
    if city_hall is None:
        city_hall = any(b.type == "city_hall" for b in city.buildings)
    return city.judge_build(btype, props, city_hall=city_hall, city_hall_value=0)


def take_card(state: GameState, card: int) -> None:
    """Remove a card from wherever it is (stacks, hands)."""
    for st in state.stacks:
        if card in st:
            st.remove(card)
            return
    for h in state.hands:
        if card in h:
            h.remove(card)
            return
    raise AssertionError(f"card {card} is not in play")


def give(state: GameState, player: int, cards, replace=True) -> None:
    """Set a player's hand to `cards`, returning the old hand to the stack bottoms."""
    if replace:
        for c in list(state.hands[player]):
            state.hands[player].remove(c)
            state.stacks[c // 10].insert(0, c)
    for c in cards:
        take_card(state, c)
        state.hands[player].append(c)


def game(edition="original", players=3, seed=1, tiles=((2, 3, 0, 0), (3, 0, 3, 0))):
    """A game past setup with the given extra tiles, at the start player's action."""
    start = [list(t) for t in tiles]
    s = GameState.new(edition, players, seed, start_city=start)
    return s


def posed(
    edition="original", players=3, tiles=((2, 3, 0, 0), (3, 0, 3, 0)), buildings=(), hands=None, **fields
) -> GameState:
    """A game at player 0's action, set up from a position (see
    engine/position.py): tile 1 and `tiles`, (type, props[, owner])
    `buildings`, `hands` as {player: cards}; any other position field."""
    data = {
        "format": "bigcity-position",
        "version": 1,
        "edition": edition,
        "players": [f"Player {i + 1}" for i in range(players)],
        "city": {
            "neighborhoods": [{"number": n, "x": x, "y": y, "rotation": r} for n, x, y, r in ((1, 0, 0, 0), *tiles)],
            "buildings": [
                {"type": b[0], "properties": list(b[1]), **({"owner": b[2]} if len(b) > 2 else {})} for b in buildings
            ],
        },
        "hands": [list((hands or {}).get(i, [])) for i in range(players)],
    }
    data.update(fields)
    return load_position(data)


def put(state: GameState, btype: str, props, owner=None) -> None:
    """Place a building directly (no cards, no score), for posing positions."""
    j = state.city.judge_build(btype, props, city_hall=True, with_score=False, requirements=False)
    assert j.legal and j.variant is not None, j.reason
    state.city.place_building(btype, j.variant.name, props, owner=owner)
    if state.rules.buildings[btype].with_card:
        return
    for p in props:
        for st in state.stacks:
            if p in st:
                st.remove(p)
                state.discard.append(p)
        for h in state.hands:
            if p in h:
                h.remove(p)
                state.discard.append(p)
    if btype == "city_hall":
        state.city_hall_turn = state.turn_index - 1


RULES = {"original": get_rules("original"), "jumbo": get_rules("jumbo")}
