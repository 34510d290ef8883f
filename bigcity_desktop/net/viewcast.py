"""The views of one moment of a table, each part written once.

After a move every seat and spectator is sent its view: most of it (the
city, the stacks, the scores, the phase, the log's new lines) is the same
for all of them; only the :data:`~bigcity_desktop.engine.viewjson.SEAT_ENTRIES`
(the viewer, the hands, the offers, the history's new moves) differ from
seat to seat. A :class:`ViewCast` writes the shared entries as JSON text
once per log mark the members hold (after a move they all hold the same
one), each seat's own entries once per seat, and the message around them
once per way of seeing the move (and for the seat to move), and puts each member's message together
from those texts. The message is the same JSON as
``ViewMessage(table, full, view_json_of(state, seat, since=mark), ...)``
(its keys in another order); ``tests/net/test_viewcast.py`` holds it to that.
"""

from __future__ import annotations

from collections.abc import Sequence

from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.actions import Action
from bigcity_desktop.engine.record import PlayerInfo
from bigcity_desktop.engine.state import SPECTATOR
from bigcity_desktop.engine.viewjson import (
    LogMark,
    action_as_seen,
    hidden_hands,
    log_mark,
    seat_view_json,
    shared_view_json,
)
from bigcity_desktop.present import Presented, present
from bigcity_desktop.present.presented import presented_text

from . import protocol as P
from .legal import compact_json, legal_text


class ViewCast:
    """What the members of table `table` are sent of `state`: after `action`
    of seat `by`, or (no action) a whole view on joining or resyncing.
    `players`: the seats' names and kinds, for the table presented with
    each view (the view's names, as people, without them)."""

    def __init__(
        self,
        table: str,
        state: GameState,
        action: Action | None = None,
        by: int | None = None,
        players: Sequence[PlayerInfo] = (),
    ) -> None:
        self.table = table
        self.state = state
        self.action = action
        self.by = by
        self.players = players
        self._presented: Presented | None = None
        self._presented_texts: dict[tuple[int | None, bool], str] = {}
        self._presented_parts: dict[tuple[str, int], str] = {}  # their parts' texts (present/presented.py)
        self.at = len(state.history)
        #: the log mark a member holds once it is sent its view
        self.mark = log_mark(state)
        self._shared: dict[LogMark | None, str] = {}
        self._around: dict[tuple[bool, bool, int | None, bool, bool], tuple[str, str]] = {}
        self._texts: dict[tuple[int | None, LogMark | None, bool], str] = {}
        self._hidden = hidden_hands(state)
        #: the move as the other seats and the spectators see it (another's exchange or face-down offer by its stacks)
        self._others_see = action
        if action is not None:
            seen = action_as_seen(state.history[-1], state.actors[-1], SPECTATOR)
            self._others_see = action if seen == action else seen

    def text(self, seat: int | None, mark: LogMark | None, extras: bool = True) -> str:
        """The view message for a member in `seat` (None: a spectator) who
        holds the view of `mark` (None: none, it gets a whole view with the
        rules); without its `legal` and `presented` unless `extras` (a
        client with the rules engine works them out: hello's `own_engine`)."""
        key = (seat, mark, extras)
        text = self._texts.get(key)
        if text is None:
            shared = self._shared.get(mark)
            if shared is None:
                # a whole view carries the log's recent events (net/logpages.py: the older ones) and actions only
                whole = mark is None
                shared = self._shared[mark] = compact_json(
                    shared_view_json(self.state, since=mark, with_rules=whole, recent=whole)
                )
            own = compact_json(seat_view_json(self.state, seat, since=mark, hidden=self._hidden, recent=mark is None))
            # a member that holds this city's neighborhoods holds its board and tiles to come too
            board = mark is None or mark.tiles != len(self.state.city.tiles)
            head, tail = self._message(seat, mark is None, board, extras)
            text = self._texts[key] = head + own[:-1] + "," + shared[1:] + tail
        return text

    def _message(self, seat: int | None, full: bool, board: bool = True, extras: bool = True) -> tuple[str, str]:
        """The message's text around a seat's view, with the move as the seat
        sees it: written once for every seat that sees the move alike, but
        for the seat to move, whose message is its own. The seat's own
        entries of its view are seat_view_json's; what else the message
        tells one seat only is made here: the legal moves of the seat to
        move (net/legal.py) and its buildable marks in the table presented
        (with its board and tiles to come, if `board`), unless not `extras`."""
        shown = self.action if seat == self.by else self._others_see
        to_move = seat is not None and seat == self.state.current_player
        key = (full, shown is self.action, seat if to_move and extras else None, board and extras, extras)
        around = self._around.get(key)
        if around is None:
            by = self.by if shown is not None else None
            message = P.ViewMessage(self.table, full, {}, self.at, shown, by)
            head, tail = message.around_view()
            if not extras:
                around = self._around[key] = head, tail
                return around
            legal = legal_text(self.state, seat) if to_move else None
            if legal is not None:  # the last entries of the message
                tail = tail[:-1] + ',"legal":' + legal + "}"
            tail = tail[:-1] + ',"presented":' + self._presented_text(seat if to_move else None, board) + "}"
            around = self._around[key] = head, tail
        return around

    def _presented_text(self, to_move: int | None, board: bool) -> str:
        """The table presented (bigcity_desktop/present): the same for every
        member but the seat to move (`to_move`), whose supply marks what it
        can build; without its board and tiles to come (unless `board`) for
        a member that holds them (no neighborhood was laid since its view).
        Only public facts are read from the state, and the seat to move's
        own hand for its marks."""
        key = (to_move, board)
        text = self._presented_texts.get(key)
        if text is None:
            if self._presented is None:
                self._presented = present(self.state, None, self.players)
            shown = self._presented if to_move is None else self._presented.for_seat(self.state, to_move)
            text = self._presented_texts[key] = presented_text(shown, compact_json, self._presented_parts, board=board)
        return text


__all__ = ["ViewCast"]
