"""net/viewcast: the view messages put together from the shared part and
each seat's own part are those of view_json_of, for every seat and a
spectator, after every move of a whole game of each edition, whole views
(joining, resyncing) and deltas alike; the table presented with each is
the one presented from that seat's own view."""

from __future__ import annotations

import json

import pytest

from bigcity_desktop.bots import make_bot
from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.actions import action_from_json
from bigcity_desktop.engine.phases import recent_actions, recent_scores, recent_start
from bigcity_desktop.engine.state import SPECTATOR
from bigcity_desktop.engine.viewjson import LogMark, log_mark, public_view, view_json_of, view_to_json
from bigcity_desktop.net import protocol as P
from bigcity_desktop.net.legal import legal_moves
from bigcity_desktop.net.viewcast import ViewCast
from bigcity_desktop.present import present, presented_json


def former_message(t: str, st: GameState, seat: int | None, mark: LogMark | None, by: int | None) -> dict:
    """What the server sent before the view was written in parts (its
    _broadcast and _send_full), with the table presented from the seat's
    own view (so from nothing hidden from it)."""
    view = st.view_for(seat) if seat is not None else public_view(st)
    # the board and the tiles to come only to a member that may not hold them
    shown_table = presented_json(present(view, seat), board=mark is None or mark.tiles != len(st.city.tiles))
    if by is None:  # a whole view on joining or resyncing
        at = len(st.history)
        whole = view_to_json(view)
        first = recent_start(view.events)  # a whole view carries the log's recent events only
        whole["events"] = whole["events"][first:]
        if first:
            whole["events_from"] = first
        moves = recent_actions(len(st.history))  # and the history's recent actions only
        whole["history"], whole["actors"] = whole["history"][moves:], whole["actors"][moves:]
        if moves:
            whole["history_from"] = moves
        turns = recent_scores(len(st.score_history))  # and the score history's recent turns only
        whole["score_history"] = whole["score_history"][turns:]
        if turns:
            whole["scores_from"] = turns
        message = P.ViewMessage(t, True, whole, at, legal=legal_moves(st, seat), presented=shown_table)
        return json.loads(message.encode())
    body = view_json_of(st, seat, since=mark, with_rules=mark is None, recent=mark is None)
    shown = st.history[-1] if seat == by else action_from_json(body["history"][-1])
    legal = legal_moves(st, seat)
    return json.loads(P.ViewMessage(t, mark is None, body, len(st.history), shown, by, legal, shown_table).encode())


@pytest.mark.slow
@pytest.mark.parametrize(("edition", "players", "seed"), [("original", 4, 7), ("jumbo", 4, 8), ("jumbo", 3, 21)])
def test_spliced_views_equal_view_json_of_through_a_whole_game(edition, players, seed):
    st = GameState.new(edition, players, seed=seed)
    bot = make_bot("random", seed)
    members: list[int | None] = [*range(players), None, None]  # every seat and two spectators
    marks: dict[int, LogMark | None] = {}
    held: dict[int, dict] = {}  # the table presented each member holds
    boards_kept = 0
    for i, seat in enumerate(members):  # joining: a whole view each
        text = ViewCast("T1", st).text(seat, None)
        assert json.loads(text) == former_message("T1", st, seat, None, None)
        lean = {k: v for k, v in json.loads(text).items() if k not in ("legal", "presented")}
        assert json.loads(ViewCast("T1", st).text(seat, None, False)) == lean
        marks[i] = log_mark(st)
        held[i] = json.loads(text)["presented"]
    step = 0
    kinds = set()
    while not st.is_over:
        by = st.current_player
        action = bot.choose(st)
        st.apply(action)
        kinds.add(type(action).__name__)
        step += 1
        if step % 17 == 0:  # one member lost its view: it resyncs before this move's views
            who = step % len(members)
            text = ViewCast("T1", st).text(members[who], None)
            assert json.loads(text) == former_message("T1", st, members[who], None, None)
            held[who] = json.loads(text)["presented"]
            marks[who] = log_mark(st.view_for(_viewer(members[who])))
            # ... and then the next move's delta continues from there
        if step % 29 == 0:  # a member whose view is gone altogether: the move's view comes whole
            marks[step % len(members)] = None
        cast = ViewCast("T1", st, action, by)
        for i, seat in enumerate(members):
            mark = marks[i]
            if mark == cast.mark:  # it resynced after this move: it holds it already
                continue
            got = json.loads(cast.text(seat, mark))
            assert got == former_message("T1", st, seat, mark, by), (step, seat)
            # a client with its own engine (hello's own_engine): the same message but its legal and presented
            lean = {k: v for k, v in got.items() if k not in ("legal", "presented")}
            assert json.loads(cast.text(seat, mark, False)) == lean, (step, seat)
            assert got["view"] == view_json_of(st, seat, since=mark, with_rules=mark is None, recent=mark is None)
            marks[i] = cast.mark
            # what the page holds then (main.js: a table without a board keeps the last one) is the whole table
            table = held[i] = {**held[i], **got["presented"]} if "board" not in got["presented"] else got["presented"]
            view = st.view_for(seat) if seat is not None else public_view(st)
            assert table == presented_json(present(view, seat)), (step, seat)
            boards_kept += "board" not in got["presented"]
    assert {"Exchange", "Offer"} & kinds or edition == "original"
    assert boards_kept > 100  # most moves lay no neighborhood: their views leave the board out


def _viewer(seat: int | None) -> int:
    return SPECTATOR if seat is None else seat


def test_a_move_writes_the_shared_part_once():
    st = GameState.new("original", 4, seed=3)
    before = log_mark(st)
    by = st.current_player
    action = make_bot("random", 3).choose(st)
    st.apply(action)
    cast = ViewCast("T1", st, action, by)
    texts = [cast.text(seat, before) for seat in (0, 1, 2, 3, None, None)]
    assert len(cast._shared) == 1 and len(cast._texts) == 5
    assert texts[4] is texts[5]  # the spectators share one text
    assert len({json.dumps(json.loads(t)["view"]["hands"]) for t in texts}) == 5


@pytest.mark.parametrize(("edition", "seed"), [("original", 4), ("jumbo", 17)])
def test_only_the_seat_to_move_is_told_its_legal_moves_and_each_is_legal(edition, seed):
    st = GameState.new(edition, 3, seed=seed)
    bot = make_bot("random", seed)
    told = 0
    kinds: set[str] = set()
    while not st.is_over:
        by = st.current_player
        action = bot.choose(st)
        st.apply(action)
        cast = ViewCast("T1", st, action, by)
        for seat in (0, 1, 2, None):
            legal = json.loads(cast.text(seat, None)).get("legal")
            if seat is None or st.is_over or seat != st.current_player:
                assert legal is None, (seat, st.current_player)
                continue
            moves = [action_from_json(m["action"]) for m in legal]
            assert set(moves) == set(st.legal_actions()) and len(moves) == len(set(moves))
            for move in moves[:: max(1, len(moves) // 8)]:  # a sample of them: each is accepted
                assert st.check(move) is None, move
                st.clone().apply(move)
            told += 1
            kinds.add(type(action).__name__)
    assert told > 100 and ({"Offer", "Take", "StopStreetcars"} <= kinds or edition == "original")


@pytest.mark.parametrize(("edition", "seed"), [("original", 5), ("jumbo", 6)])
def test_each_legal_building_says_what_it_would_score_its_builder(edition, seed):
    """The page's score preview: a legal building's `points` are what its
    builder's score rises by when it is played; other moves carry none."""
    st = GameState.new(edition, 3, seed=seed)
    bot = make_bot("random", seed)
    checked = 0
    while not st.is_over:
        seat = st.current_player
        legal = json.loads(P.ViewMessage("T1", True, {}, 0, legal=legal_moves(st, seat)).encode())["legal"]
        for entry in legal[:: max(1, len(legal) // 6)]:
            move = action_from_json(entry["action"])
            if entry["action"]["act"] != "build":
                assert "points" not in entry, entry
                continue
            after = st.clone()
            after.apply(move)
            assert after.scores[seat] - st.scores[seat] == entry["points"], entry
            checked += 1
        st.apply(bot.choose(st))
    assert checked >= 5
