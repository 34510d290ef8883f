"""A table's clocks (issue 48, item 3): a time control per table, off (a
friends' table) or one of :data:`PROFILES` (minutes for the game plus
seconds added each time a player's turn ends).

The clock of the seat to move runs; when the turn passes to another seat,
the time it took is charged and the increment added. Past zero the server
hands the seat to a bot of the table's level at once, tells the player, and
records that their clock ran out (:attr:`TableClock.timed_out`, in the
table's entry and the record's ``extra``: for ratings, such a player
finished last); they may take the seat back while the game lasts, with one
increment on their clock. Times are read from the server's time source
(``ServerConfig.time_source``, ``time.monotonic``; tests hand a clock they
move by hand). What is saved is the time left as it stood at the save:
a server's downtime is charged to nobody."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

#: the time controls a table may have: name -> (seconds for the game, seconds added per turn); the one
#: place they are named: the server, the app's dialogs and the page's lists (net/web.py's editions.json)
#: read them here. The first is what a rated Play now offers first (a rated table needs a clock).
PROFILES: dict[str, tuple[float, float]] = {"5+20": (300.0, 20.0), "10+30": (600.0, 30.0)}


class ClockError(ValueError):
    """A saved clock that does not read."""


@dataclass
class TableClock:
    """The time left to each seat, and whose clock runs since when."""

    profile: str
    left: list[float]
    running: int | None = None
    since: float = 0.0
    #: the seats whose clock ran out (each once, in order), even after they took their seat back
    timed_out: list[int] = field(default_factory=list)
    #: a paused table's clocks (net/pausing.py): nobody's runs until they go on
    stopped: bool = False

    @classmethod
    def new(cls, profile: str, seats: int) -> TableClock:
        base, _ = PROFILES[profile]
        return cls(profile, [base] * seats)

    @property
    def increment(self) -> float:
        return PROFILES[self.profile][1]

    def left_at(self, now: float) -> tuple[float, ...]:
        """Each seat's time left at `now`, to a tenth of a second."""
        out = list(self.left)
        if self.running is not None and not self.stopped:
            out[self.running] = max(0.0, out[self.running] - (now - self.since))
        return tuple(round(x, 1) for x in out)

    def turn(self, seat: int | None, now: float) -> None:
        """`seat` is to move from `now` (None: nobody, the game is over)."""
        if seat == self.running:
            return
        if self.running is not None:
            r = self.running
            self.left[r] = max(0.0, self.left[r] - (now - self.since)) + self.increment
        self.running, self.since = seat, now

    def expired(self, now: float, people: Sequence[int]) -> int | None:
        """The seat to move, when a person holds it and its time is up."""
        r = self.running
        if r is None or self.stopped or r not in people:
            return None
        return r if self.left[r] - (now - self.since) <= 0 else None

    def stop(self, now: float) -> None:
        """The table pauses: the running clock's time so far is charged, and it stands."""
        if self.running is not None and not self.stopped:
            self.left[self.running] = max(0.0, self.left[self.running] - (now - self.since))
        self.stopped, self.since = True, now

    def go(self, now: float) -> None:
        """The table plays on: the clock of the seat to move runs again from `now`."""
        self.stopped, self.since = False, now

    def ran_out(self, seat: int, now: float) -> None:
        """`seat`'s clock ran out (a bot plays it on, on a clock of zero)."""
        if self.running == seat:
            self.left[seat], self.since = 0.0, now
        if seat not in self.timed_out:
            self.timed_out.append(seat)

    def taken_back(self, seat: int, now: float) -> None:
        """The player of `seat` plays again: one increment on their clock."""
        self.left[seat] = self.increment
        if self.running == seat:
            self.since = now

    def to_json(self, now: float) -> dict[str, Any]:
        return {"profile": self.profile, "left": list(self.left_at(now)), "timed_out": list(self.timed_out)}

    @classmethod
    def from_json(cls, data: Any, seats: int) -> TableClock:
        """A saved clock (ClockError when it does not read); its clock runs again from the next turn."""
        if not isinstance(data, dict) or set(data) != {"profile", "left", "timed_out"}:
            raise ClockError("a clock must have exactly the entries profile, left and timed_out")
        profile, left, out = data["profile"], data["left"], data["timed_out"]
        if profile not in PROFILES:
            raise ClockError(f"there is no time control {str(profile)[:20]!r}")
        if not isinstance(left, list) or len(left) != seats:
            raise ClockError("a clock's `left` must give each seat's time")
        if not all(type(x) in (int, float) and 0 <= x <= 1e6 for x in left):
            raise ClockError("a clock's times must be seconds from 0 to 1000000")
        if not isinstance(out, list) or not all(type(i) is int and 0 <= i < seats for i in out):
            raise ClockError("a clock's `timed_out` must list seats")
        return cls(profile, [float(x) for x in left], timed_out=sorted(set(out), key=out.index))
