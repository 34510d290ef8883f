"""bigcity_desktop/present: the table presented once from a seat's view.

The rows say what the view says (scores, hands by their stacks, buildings,
whose turn, the last move); the supply counts what is left; the tiles to
come and the board's geometry are the engine's; and the table presented
for a seat never depends on a card hidden from it."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from bigcity_desktop.bots import make_bot
from bigcity_desktop.engine import GameState, stack_of
from bigcity_desktop.engine.geometry import tile_cells
from bigcity_desktop.engine.hidden import sample_hidden
from bigcity_desktop.engine.record import PlayerInfo
from bigcity_desktop.engine.state import SPECTATOR
from bigcity_desktop.engine.viewjson import public_view
from bigcity_desktop.net.shapes import PRESENTED
from bigcity_desktop.present import present, presented_json


def positions(edition: str, n: int, seed: int, every: int = 9):
    """A whole random game's positions, one in `every` moves, and its last."""
    st = GameState.new(edition, n, seed=seed)
    bot = make_bot("random", seed)
    step = 0
    while not st.is_over:
        st.apply(bot.choose(st))
        step += 1
        if step % every == 0 or st.is_over:
            yield st


PLAYERS = [PlayerInfo("You", "human"), PlayerInfo("Greta", "hard"), PlayerInfo("Lena", "scripted")]


@pytest.mark.parametrize(("edition", "seed"), [("original", 11), ("jumbo", 12)])
def test_the_rows_say_what_the_view_says(edition, seed):
    last_seen = False
    for st in positions(edition, 3, seed):
        seat = st.current_player
        view = st.view_for(seat)
        p = present(view, seat, PLAYERS)
        assert [(r.name, r.kind, r.level) for r in p.players] == [
            ("You", "human", None),
            ("Greta", "bot", "hard"),
            ("Lena", "scripted", None),
        ]
        for r in p.players:
            assert r.score == st.scores[r.seat]
            assert r.stacks == tuple(sorted(stack_of(c) for c in st.hands[r.seat])) and r.hand == len(r.stacks)
            assert r.built == sum(b.owner == r.seat for b in st.city.buildings)
            assert r.current == (not st.is_over and st.current_player == r.seat)
            moves = [
                e
                for e in st.events
                if e.player == r.seat
                and e.kind in ("build", "pass", "exchange", "neighborhood", "streetcar", "offer", "take")
            ]
            assert (r.last_move is None) == (not moves)
            if moves:
                assert (r.last_move.round, r.last_move.kind, r.last_move.text) == (
                    moves[-1].round,
                    moves[-1].kind,
                    moves[-1].text,
                )
                last_seen = True
        used = Counter((b.type, b.variant) for b in st.city.buildings)
        for row in p.supply:
            assert row.left == row.count - used[(row.type, row.variant)]
        laid = {t.number for t in st.city.tiles}
        assert [t.number for t in p.tiles] == sorted(set(st.rules.tiles) - laid)
        for t in p.tiles:
            for r in range(4):
                assert {lot: (x, y) for lot, x, y in t.turns[r]} == tile_cells(st.rules, t.number, 0, 0, r)
        cells = {lot.lot: (lot.x, lot.y) for lot in p.board.lots}
        assert cells == st.city.cell_of
        assert {lot.lot for lot in p.board.lots if lot.outskirts} == st.city.outskirts
        assert set(p.board.holes) == st.city.holes()
        assert json.loads(json.dumps(presented_json(p))) == presented_json(p)  # plain JSON
        for whole in (True, False):  # its shape is the one net/shapes.py declares (read strictly)
            assert PRESENTED.check(presented_json(p, board=whole), "presented") == presented_json(p, board=whole)
    assert last_seen


@pytest.mark.parametrize(("edition", "seed"), [("original", 13), ("jumbo", 14)])
def test_only_the_seat_to_move_is_told_what_it_can_build_and_that_is_what_it_can(edition, seed):
    told = 0
    for st in positions(edition, 3, seed, every=3):
        for seat in (0, 1, 2, None):
            view = st.view_for(seat) if seat is not None else public_view(st)
            marked = {(r.type, r.size) for r in present(view, seat).supply if r.buildable}
            if seat != st.current_player or st.is_over:
                assert not marked
                continue
            legal = {(a.building, len(a.properties)) for a in st.legal_actions() if type(a).__name__ == "Build"}
            assert marked == legal
            told += bool(marked)
    assert told > 0


@pytest.mark.parametrize(("edition", "seed"), [("original", 15), ("jumbo", 16)])
def test_the_table_presented_to_a_seat_never_depends_on_a_card_hidden_from_it(edition, seed):
    """Another deal of every card hidden from the seat (the other hands, the
    stacks, face-down offers) presents the very same table: nothing of them
    can be read from it."""
    rng = random.Random(seed)
    for st in positions(edition, 4, seed, every=5):
        for seat in (*range(st.n), None):
            view = st.view_for(seat if seat is not None else SPECTATOR)
            mine = presented_json(present(view, seat))
            assert presented_json(present(st, seat)) == mine  # the whole state presents the seat's view alone
            other = sample_hidden(view, rng)
            assert presented_json(present(other, seat)) == mine, seat
