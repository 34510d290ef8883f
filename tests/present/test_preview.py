"""The score preview of a legal building (present/preview.py): the points
and the steps the engine's judgement gives, and what the view message's
legal list says of it (`points`, `why`) in its two writings."""

from __future__ import annotations

import json
import random

import pytest

from bigcity_desktop.engine import Build, GameState
from bigcity_desktop.net import protocol as P
from bigcity_desktop.net.legal import legal_moves, legal_text
from bigcity_desktop.present import score_preview


@pytest.mark.parametrize("edition", ["original", "jumbo"])
def test_the_preview_is_the_engines_judgement_step_by_step(edition: str) -> None:
    st = GameState.new(edition, 3, seed=7)
    rng = random.Random(7)
    explained = 0
    while not st.is_over:
        builds = [a for a in st.legal_actions() if isinstance(a, Build)]
        for a in builds[:20]:
            p = score_preview(st, a.building, a.properties)
            j = st.judge(a)
            assert j.breakdown is not None and p.points == j.score
            assert p.base == j.breakdown["base"] and p.multiplier == j.breakdown["multiplier"]
            assert [s.points for s in p.add] == [x["points"] for x in j.breakdown["add"]]
            assert (p.base + sum(s.points for s in p.add)) * p.multiplier == p.points
            explained += not p.plain
        if builds and rng.random() < 0.2:
            text = json.loads(legal_text(st, st.current_player) or "[]")
            moves = json.loads(P.ViewMessage("T1", True, {}, 0, legal=legal_moves(st, st.current_player)).encode())
            assert text == moves["legal"]
            for entry in text:
                if entry["action"]["act"] == "build":
                    p = score_preview(st, entry["action"]["building"], entry["action"]["properties"])
                    assert entry["points"] == p.points and ("why" in entry) == (not p.plain)
        st.apply(rng.choice(st.legal_actions()))
    assert explained > 10
