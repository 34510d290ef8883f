"""One table, two faces: for the same view the app's Qt models (the
players' strips, the Supply) and the browser page's panels (the view
message's `presented`, which panels.js draws as it is) show the same rows:
the same names, kinds, scores, hands, buildings, turn and last move; the
same pieces, counts, base values and marks of what the seat can build."""

from __future__ import annotations

import json

import pytest

from bigcity_desktop.bots import make_bot
from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.seat import SeatView
from bigcity_desktop.engine.viewjson import public_view, value_from_json
from bigcity_desktop.game.core import wording as presenters
from bigcity_desktop.game.core.controller import kind_label
from bigcity_desktop.game.core.models import (
    BuiltRole,
    CurrentRole,
    HandStacksRole,
    KindRole,
    PieceRole,
    PlayersModel,
    ScoreRole,
    SupplyModel,
)
from bigcity_desktop.i18n import engine_text
from bigcity_desktop.net.viewcast import ViewCast
from bigcity_desktop.scene import style as S

from .conftest import players


def app_faces(view: GameState, seat: int | None, who) -> tuple[list[tuple], list[tuple]]:
    """The rows the app's players' and Supply models hold for the seat at the screen."""
    pm = PlayersModel()
    pm.reset(presenters.player_rows(view, who, S.player_colour, kind_label))
    rows = []
    for i in range(pm.rowCount()):
        ix = pm.index(i, 0)
        info = pm.row_info(i)
        move = info["last_move"]
        rows.append(
            (
                info["full_name"],
                pm.data(ix, KindRole),
                pm.data(ix, ScoreRole),
                tuple(pm.data(ix, HandStacksRole)),
                pm.data(ix, BuiltRole),
                pm.data(ix, CurrentRole),
                move,
            )
        )
    sm = SupplyModel()
    buildable = SeatView(view, seat, 0, None).buildable() if seat is not None else set()
    sm.reset(presenters.supply_rows(view, buildable))
    pieces = []
    for i in range(sm.rowCount()):
        p = sm.data(sm.index(i, 0), PieceRole)
        pieces.append((p.type, p.size, p.left, p.base, p.buildable, p.closed))
    return rows, pieces


def page_faces(message: dict) -> tuple[list[tuple], list[tuple]]:
    """The same rows from what the server sends the page."""
    shown = message["presented"]
    rows = []
    for r in shown["players"]:
        assert r["hand"] == len(r["stacks"])
        move = r["last_move"]
        # panels.js: `${row.name} ${engineText(move.text)}`
        said = (
            None
            if move is None
            else (move["round"], f"{r['name']} {engine_text(value_from_json(move['text'], 'text'))}")
        )
        rows.append(
            (r["name"], r["level"] or r["kind"], r["score"], tuple(r["stacks"]), r["built"], r["current"], said)
        )
    pieces = [
        (p["type"], p["size"], p["left"], None if p["with_card"] else p["base"], p["buildable"], p["closed"])
        for p in shown["supply"]
    ]
    return rows, pieces


@pytest.mark.parametrize(("edition", "seed"), [("original", 21), ("jumbo", 22)])
def test_the_app_and_the_page_show_the_same_rows_for_the_same_view(qapp, edition, seed):
    who = players(["human", "hard", "random"], ["Ann", "Greta", "Rudi"])
    st = GameState.new(edition, 3, seed=seed)
    bot = make_bot("random", seed)
    step = compared = buildable = 0
    while not st.is_over:
        by = st.current_player
        action = bot.choose(st)
        st.apply(action)
        step += 1
        if step % 6 and not st.is_over:
            continue
        cast = ViewCast("T1", st, action, by, who)
        for seat in (0, 1, 2, None):
            view = st.view_for(seat) if seat is not None else public_view(st)
            app = app_faces(view, seat, who)
            page = page_faces(json.loads(cast.text(seat, None)))
            assert app == page, (step, seat)
            compared += 1
            buildable += any(p[4] for p in app[1])
    assert compared > 15 and buildable > 0
