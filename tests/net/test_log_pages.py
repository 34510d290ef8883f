"""A whole view carries the log's recent events only, and older ones come a
page at a time (issue 45.6: rejoining a 60,000-move game sent 14 MB, 13 MB of
it the log, and took 21 s; benchmarks/rejoin_long.py measures it).

What is held here, without a clock: a whole view's log is bounded, says how
many events come before it, and still holds what the seat's screen reads of
the log (each player's last move, what happened since the seat's turn);
paging a rejoined seat's log back to its first event gives exactly the game's
events, each page the same for every seat and spectator (the log is public:
a page hides nothing a view of the whole log would not), and only a member
of the table is answered."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from benchmarks.rejoin_long import TABLE, write_table
from bigcity_desktop.bots import make_bot
from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.phases import RECENT_ACTIONS, RECENT_EVENTS, RECENT_MOST, RECENT_SCORES
from bigcity_desktop.engine.state import SPECTATOR
from bigcity_desktop.engine.viewjson import ViewError, log_mark, view_from_json, view_json_of
from bigcity_desktop.net import protocol as P
from bigcity_desktop.net.client import EarlierEvents, ViewUpdate
from bigcity_desktop.net.viewcast import ViewCast
from bigcity_desktop.present.rows import last_moves, since_turn

from .helpers import Player, running

#: actions of the long game written into a data folder (the endless game: exchanges only)
ACTIONS = 3_000


def _whole(st: GameState, seat: int | None) -> dict:
    """The whole view a member in `seat` is sent on joining, as the server writes it."""
    return json.loads(ViewCast("T1", st).text(seat, None))["view"]


def test_a_whole_view_carries_the_recent_events_and_what_the_screen_reads_of_the_log():
    st = GameState.new("original", 4, seed=11)
    bot = make_bot("random", 11)
    checked = 0
    while not st.is_over:
        st.apply(bot.choose(st))
        if len(st.history) % 37:
            continue
        for seat in (*range(st.n), None):
            whole = _whole(st, seat)
            first = whole.get("events_from", 0)
            assert len(whole["events"]) <= RECENT_MOST
            assert len(whole["events"]) >= min(RECENT_EVENTS, len(st.events))
            assert first + len(whole["events"]) == len(st.events)
            # the same events, hidden the same way, as a view with the whole log
            assert whole["events"] == view_json_of(st, seat)["events"][first:]
            view = view_from_json(whole)
            assert view.events_from == first and log_mark(view) == log_mark(st)
            full = st.view_for(SPECTATOR if seat is None else seat)
            # the history's recent actions, hidden as the seat sees them, and the count of the others
            assert view.moves == len(st.history) and len(view.history) == min(RECENT_ACTIONS, len(st.history))
            assert view.history == full.history[view.history_from :]
            assert view.actors == full.actors[view.history_from :]
            # the players' strips and "since your turn" read the same from the recent events
            assert last_moves(view) == last_moves(full)
            if seat is not None:
                assert since_turn(view, seat) == since_turn(full, seat)
        checked += 1
    assert checked > 5 and len(st.events) > RECENT_EVENTS and len(st.history) > RECENT_ACTIONS  # windows left behind


def test_a_long_games_whole_view_is_bounded_and_a_delta_follows_it():
    from benchmarks.rejoin_long import _hostile

    st = _hostile().endless_game(ACTIONS)
    whole = _whole(st, 0)
    assert len(whole["events"]) <= RECENT_MOST < len(st.events)
    view = view_from_json(whole)
    mark = log_mark(view)
    st.apply(next(iter(st.legal_actions())))
    delta = view_json_of(st, 0, since=mark, with_rules=False)
    assert "events_from" not in delta
    after = view_from_json(delta, base=view)
    assert after.events_from == view.events_from and log_mark(after) == log_mark(st)
    assert after.events == st.events[view.events_from :]
    # likewise the history: the recent actions, then the delta's, counted from the game's first
    assert view.history_from == ACTIONS - RECENT_ACTIONS and len(whole["history"]) == RECENT_ACTIONS
    assert after.history_from == view.history_from and after.moves == len(st.history) == ACTIONS + 1
    assert after.history == st.view_for(0).history[view.history_from :]
    with pytest.raises(ViewError, match="history_from"):  # a delta continues the history: it names no first
        view_from_json({**delta, "history_from": 3}, base=view)


def test_an_endless_games_whole_view_carries_the_score_historys_recent_turns():
    from benchmarks.rejoin_long import _hostile

    st = _hostile().endless_game(2 * RECENT_SCORES + 500)  # a turn is two actions: more turns than a view carries
    whole = _whole(st, 1)
    view = view_from_json(whole)
    assert view.scores_from == len(st.score_history) - RECENT_SCORES and len(view.score_history) == RECENT_SCORES
    assert view.score_history == st.score_history[view.scores_from :] and log_mark(view) == log_mark(st)
    mark = log_mark(view)
    st.apply(next(iter(st.legal_actions())))
    st.apply(next(iter(st.legal_actions())))
    after = view_from_json(view_json_of(st, 1, since=mark, with_rules=False), base=view)
    assert after.scores_from == view.scores_from and log_mark(after) == log_mark(st)
    assert after.score_history == st.score_history[view.scores_from :]


def _page_events(player: Player, pages: list[dict]) -> None:
    """Keep the raw `log` answers the client reads (to compare them between viewers)."""
    real = player.client._on_log

    def keep(m: P.LogPage):
        pages.append({"first": m.first, "events": list(m.events)})
        return real(m)

    player.client._on_log = keep  # type: ignore[method-assign]


def _held(player: Player) -> GameState:
    view = player.client.view
    assert view is not None
    return view


async def _page_back(player: Player) -> int:
    """Ask for older events until the view holds the whole log; the pages it took."""
    pages = 0
    while player.client.view is not None and player.client.view.events_from:
        assert player.client.earlier_events() is not None
        e = await player.wait(EarlierEvents)
        assert e.view is player.client.view and e.first == e.view.events_from
        pages += 1
    assert player.client.earlier_events() is None  # nothing before the first event
    return pages


@pytest.mark.slow
def test_a_rejoined_seat_pages_back_to_exactly_the_games_events(tmp_path: Path):
    token = write_table(tmp_path, ACTIONS)

    async def main() -> None:
        async with running(data_dir=tmp_path) as server:
            while TABLE not in server.tables:  # resumed on a thread of its own
                await asyncio.sleep(0.01)
            st = server.tables[TABLE].state
            assert st is not None
            assert server.address is not None
            url = f"ws://127.0.0.1:{server.address[1]}"
            seat, watcher, outsider = Player(url), Player(url), Player(url)
            seen: dict[str, list[dict]] = {"seat": [], "watcher": []}
            _page_events(seat, seen["seat"])
            _page_events(watcher, seen["watcher"])
            try:
                seat.client.rejoin(TABLE, 0, token)
                watcher.client.spectate(TABLE)
                for p in (seat, watcher):
                    whole = await p.wait(ViewUpdate, lambda e: e.full)
                    assert 0 < whole.view.events_from and len(whole.view.events) <= RECENT_MOST
                    assert whole.view.events_from + len(whole.view.events) == len(st.events)
                before = _held(seat).events_from
                assert await _page_back(seat) == -(-before // P.LOG_PAGE)  # whole pages but the last
                assert _held(seat).events == st.events  # exactly the game's events, none twice
                await _page_back(watcher)
                assert _held(watcher).events == st.events
                # each page as a view of the whole log writes those events for that seat and for a spectator
                for who, viewer in (("seat", 0), ("watcher", None)):
                    written = view_json_of(st, viewer)["events"]
                    for got in seen[who]:
                        assert got["events"] == written[got["first"] : got["first"] + len(got["events"])]
                        assert len(got["events"]) <= P.LOG_PAGE
                assert seen["seat"] == seen["watcher"]  # nothing in a page differs from seat to seat
                # a page that does not end where the view's events begin is dropped, not put in
                held = seat.client.view
                stray = P.LogPage(TABLE, 1, tuple(view_json_of(st, 0)["events"][:3]))
                for page in (stray, P.LogPage(TABLE, 0, ()), P.LogPage("other", 0, stray.events)):
                    assert seat.client._on_log(page) is None and seat.client.view is held
                # only a member of the table is answered
                await outsider.connected()
                req = outsider.client.request(P.AskLog, TABLE, 100)
                assert (await outsider.refusal(req)).code == "no_game"
            finally:
                for p in (seat, watcher, outsider):
                    await p.close()

    asyncio.run(main())
