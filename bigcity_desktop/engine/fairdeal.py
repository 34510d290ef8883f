"""Deals anyone can verify (issue 48, item 7).

When a game begins, a server commits to its seed: it sends every seat
:func:`commitment` of the seed and a random salt, before a card is dealt.
At the end it reveals both. A seat then checks, with nothing but the record
and what it saw itself:

1. the commitment is that of the revealed seed and salt (the seed was fixed
   before the game began: the salt's 128 random bits keep anyone from
   trying seeds against the hash meanwhile);
2. the record's seed is the revealed one, and its moves replay from it;
3. every hand the seat held during the game (:class:`DealWatch`, kept from
   its views as they came) is the hand the replay gives it after as many
   moves: every card it was dealt and drew came from that seed.

The verdict (:class:`DealVerdict`) names the first sighting that differs.
Qt-free: the app's client core, tests and any other Python client use it;
``docs/PROTOCOL.md`` ("Deals anyone can verify") says the same for others.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from .messages import Msg, msg
from .state import GameState

#: what the hashed text begins with (the scheme's name and version)
COMMIT_PREFIX = "bigcity-deal-v1"
#: random bytes of a salt (written as 32 lower-case hex digits)
SALT_BYTES = 16


def commitment(seed: int, salt: str) -> str:
    """SHA-256, as 64 lower-case hex digits, of the ASCII text
    ``bigcity-deal-v1:<seed in decimal>:<salt>``."""
    return hashlib.sha256(f"{COMMIT_PREFIX}:{seed}:{salt}".encode("ascii")).hexdigest()


@dataclass(frozen=True)
class Sighting:
    """A seat's own hand (sorted) as its view showed it after `moves` actions."""

    moves: int
    hand: tuple[int, ...]


@dataclass
class DealWatch:
    """What one seat saw of its own cards, one sighting each time its hand
    changed. A view with fewer moves than the last sighting (another game,
    a take-back) drops the sightings after it."""

    sightings: list[Sighting] = field(default_factory=list)

    def saw(self, view: GameState) -> None:
        if view.viewer is None or not 0 <= view.viewer < view.n:
            return  # a spectator holds no cards
        moves = view.moves  # (a network view may hold the recent actions only)
        while self.sightings and self.sightings[-1].moves > moves:
            self.sightings.pop()
        hand = tuple(sorted(view.hands[view.viewer]))
        if self.sightings and self.sightings[-1].hand == hand:
            return
        if self.sightings and self.sightings[-1].moves == moves:
            self.sightings.pop()
        self.sightings.append(Sighting(moves, hand))

    def clear(self) -> None:
        self.sightings.clear()


@dataclass(frozen=True)
class DealVerdict:
    """`verified`, or `problem`: the sentence that says what differs first
    (and `moves`, the move count of the first differing sighting, if any)."""

    verified: bool
    problem: Msg | None = None
    moves: int | None = None


def _cards(hand: Sequence[int]) -> str:
    return ", ".join(map(str, hand)) or "none"


def verify_deal(
    record: GameState, seat: int | None, promised: str | None, seed: int | None, salt: str | None, seen: DealWatch
) -> DealVerdict:
    """The verdict on a finished game: `record` its record as read (a full
    state), `seat` the seat that watched (None: a spectator, who checks the
    commitment and the replay only), `promised` the commitment sent when the
    game began, `seed` and `salt` the ones revealed at the end."""
    if promised is None:
        return DealVerdict(False, msg("the server sent no commitment to the deal when the game began"))
    if seed is None or salt is None:
        return DealVerdict(False, msg("the server did not reveal the seed and salt of the deal"))
    if commitment(seed, salt) != promised:
        return DealVerdict(False, msg("the revealed seed does not match the commitment sent when the game began"))
    if record.seed != seed:
        return DealVerdict(False, msg("the record's seed is not the revealed seed"))
    replay = GameState.new(record.rules, record.n, seed, list(record.names), start_city=record.start_city)
    pending = list(seen.sightings)
    k = 0
    while True:
        while pending and pending[0].moves == k:
            s = pending.pop(0)
            assert seat is not None  # only a seat has sightings
            have = tuple(sorted(replay.hands[seat]))
            if have != s.hand:
                return DealVerdict(
                    False,
                    msg(
                        "after move {n} your hand held {seen}, but the revealed seed gives {replayed}",
                        n=k,
                        seen=_cards(s.hand),
                        replayed=_cards(have),
                    ),
                    k,
                )
        if k >= len(record.history):
            break
        action = record.history[k]
        if replay.check(action) is not None:
            return DealVerdict(False, msg("move {n} of the record cannot be played from the revealed seed", n=k + 1), k)
        replay.apply(action)
        k += 1
    if pending:
        return DealVerdict(False, msg("you saw moves the record does not hold"), pending[0].moves)
    return DealVerdict(True)
