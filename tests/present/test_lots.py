"""A lot and a neighborhood's spot in words, worded once for the app and the
browser page (present/lots.py)."""

from __future__ import annotations

import random
import re

from bigcity_desktop.engine import GameState, PlaceTile
from bigcity_desktop.engine.cards import neighborhood_of
from bigcity_desktop.present import present
from bigcity_desktop.present.lots import lot_text, spot_place


def _game(moves: int) -> GameState:
    s = GameState.new("original", 3, seed=3)
    rng = random.Random(3)
    for _ in range(moves):
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_a_lot_says_its_number_neighborhood_area_and_what_stands_there() -> None:
    s = _game(60)
    names = ["Ann", "Bea", "Cy"]
    for lot in s.city.cell_of:
        text = lot_text(s.city, lot, names.__getitem__, you=[0])
        assert text.startswith(f"Property {lot}, neighborhood {neighborhood_of(lot)}, ")
        assert ("outskirts" in text) != ("city centre" in text)
        b = s.city.building_at.get(lot)
        if b is None:
            assert text.endswith(", free")
        else:
            bld = s.city.buildings[b]
            assert text.endswith(f", {bld.score} points")
            assert ("your " in text) == (bld.owner == 0)
            assert bld.owner in (0, None) or f" of {names[bld.owner]}, " in text


def test_the_page_is_sent_the_same_words() -> None:
    s = _game(60)
    p = present(s, None, ())
    places = dict(zip((lot.lot for lot in p.board.lots), p.board.places, strict=True))
    built = {lot: text for lots, text in p.built for lot in lots}
    for lot in s.city.cell_of:
        app = lot_text(s.city, lot, lambda seat: s.names[seat])
        assert app == f"{places[lot]}, {built.get(lot, 'free')}"


def test_a_spot_is_named_by_the_neighborhood_beside_it() -> None:
    s = GameState.new("original", 3, seed=3)
    spots = [a for a in s.legal_actions() if isinstance(a, PlaceTile)]
    assert spots
    for a in spots:
        text = spot_place(s.city, s.rules, a.number, a.x, a.y, a.rotation)
        found = re.match(r"(north|south|east|west) of neighborhood (\d+), beside propert(y|ies) \d+", text)
        assert found and int(found[2]) in s.city.placed_tiles, text
        assert not re.search(r"-?\d+\s*,\s*-?\d+", text), text  # never its cells
