"""Ratings of a server's players: OpenSkill's Plackett–Luce model, per edition.

A rated game's result is each seat's place (equal scores share a place; a
player whose seat went to a bot, because they left or their clock ran
out, is placed last, with any others who did). Everyone at the table is
rated together, bots too, but a bot's rating never moves: each level is a
fixed anchor (:data:`BOT_ANCHORS`), so that "Greta (hard) ≈ 1620" says
what a level means and beating bots is worth what the level is worth.

A rating is OpenSkill's (mu, sigma); it is shown as one number on a
chess-like scale, :func:`shown` (1500 for a new player, 40 points per
unit of mu), and is *provisional* (shown with a "?") while sigma is above
:data:`SETTLED_SIGMA`. Qt-free; no state of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

#: a new player's rating (OpenSkill's defaults)
START_MU = 25.0
START_SIGMA = 25.0 / 3.0
#: each bot level's fixed rating (mu); its sigma is BOT_SIGMA
BOT_ANCHORS: dict[str, float] = {"random": 10.0, "easy": 20.0, "medium": 24.0, "hard": 28.0}
#: how sure the anchors are (small: a game against a bot mostly moves the player)
BOT_SIGMA = 1.0
#: the shown number's scale: 1500 + SCALE * (mu - 25)
SCALE = 40.0
#: a rating is provisional while its sigma is above this
SETTLED_SIGMA = 4.0


@dataclass(frozen=True)
class Rating:
    """A player's rating in one edition on one server."""

    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0  # rated games played

    @property
    def shown(self) -> int:
        return shown(self.mu)

    @property
    def provisional(self) -> bool:
        return self.sigma > SETTLED_SIGMA

    def label(self) -> str:
        """The number as a player sees it: "1540", "1500?" while provisional."""
        return f"{self.shown}{'?' if self.provisional else ''}"


def shown(mu: float) -> int:
    """The number a rating is shown as."""
    return round(1500 + SCALE * (mu - START_MU))


def bot_rating(level: str) -> Rating:
    """A bot level's fixed rating (a level not listed: as easy)."""
    return Rating(BOT_ANCHORS.get(level, BOT_ANCHORS["easy"]), BOT_SIGMA)


@dataclass(frozen=True)
class Entry:
    """One seat of a rated game's result: its rating before, its place
    (1 the best), and whether it is a person's (else a bot's anchor)."""

    rating: Rating
    place: int
    person: bool


def places(scores: Sequence[int], last: Sequence[bool]) -> list[int]:
    """Each seat's place (1 the best): by score, equal scores sharing a
    place; the seats marked `last` (left, or out of time) after all the
    others, sharing the last place."""
    order = sorted((i for i in range(len(scores)) if not last[i]), key=lambda i: -scores[i])
    out = [0] * len(scores)
    for n, i in enumerate(order):
        prev = order[n - 1] if n else None
        out[i] = out[prev] if prev is not None and scores[prev] == scores[i] else n + 1
    for i, gone in enumerate(last):
        if gone:
            out[i] = len(order) + 1
    return out


def rate(entries: Sequence[Entry]) -> list[Rating]:
    """Every seat's rating after the game: the people's moved by OpenSkill's
    Plackett–Luce update, the bots' as they were."""
    model = PlackettLuce()
    teams = [[model.rating(mu=e.rating.mu, sigma=e.rating.sigma)] for e in entries]
    after = model.rate(teams, ranks=[float(e.place) for e in entries])
    return [
        Rating(team[0].mu, team[0].sigma, e.rating.games + 1) if e.person else e.rating
        for e, team in zip(entries, after, strict=True)
    ]
