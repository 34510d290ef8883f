"""A player's record: every finished game of each human name at this
computer, in one small versioned JSON file kept with the saves
(``<data folder>/statistics.json``).

Each game a name finished adds a :class:`GameEntry` (the edition, who sat
against them and at which bot level, the place and score, how long the game
went, whether they built City Hall). :func:`summary` works out what Game →
Statistics shows. The file is written atomically and read through the
engine's strict reading layer; a damaged one is refused with a sentence (the
window moves it aside and starts a new record). Nothing here imports Qt.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bigcity_desktop.bots.levels import MENU_ORDER
from bigcity_desktop.engine.jsonio import (
    MAX_NAME,
    MAX_TEXT,
    InputError,
    decode_json,
    is_int,
    read_capped,
    short,
    want_int,
    want_text,
)
from bigcity_desktop.engine.record import PlayerInfo, to_text, write_atomic
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.engine.state import GameState

FORMAT = "bigcity-player-record"
VERSION = 1
FILE_NAME = "statistics.json"
#: the most games a record keeps (the oldest go first); a few hundred kB
MAX_GAMES = 5000
#: the opponent "level" of a human at the table
HUMAN = SeatKind.HUMAN


class StatisticsError(InputError):
    """A record file that cannot be read; the message says why."""


@dataclass(frozen=True)
class Opponent:
    name: str
    kind: str  # HUMAN or a bot level's key (bots/levels.py)


@dataclass(frozen=True)
class GameEntry:
    """One finished game of one name."""

    game: str  # which game (a save slot, a table): the same game finished again replaces its entry
    when: str  # when it ended, ISO 8601 in UTC
    name: str  # the human player's name
    edition: str  # the rules' edition ("original", "jumbo", a house-rules name)
    title: str  # the rules' title, for an edition of house rules
    opponents: tuple[Opponent, ...]
    place: int  # 1 = won (a shared first place is a win)
    players: int
    score: int
    rounds: int
    turns: int
    city_hall: bool  # this player built City Hall
    network: bool = False

    @property
    def won(self) -> bool:
        return self.place == 1

    def levels(self) -> list[str]:
        """The bot levels played against (each once), or ["human"] in a game among humans."""
        bots = sorted({o.kind for o in self.opponents if o.kind != HUMAN})
        return bots or [HUMAN]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "when": self.when,
            "name": self.name,
            "edition": self.edition,
            "title": self.title,
            "opponents": [{"name": o.name, "kind": o.kind} for o in self.opponents],
            "place": self.place,
            "players": self.players,
            "score": self.score,
            "rounds": self.rounds,
            "turns": self.turns,
            "city_hall": self.city_hall,
            "network": self.network,
        }


@dataclass
class PlayerRecord:
    games: list[GameEntry] = field(default_factory=list)

    def names(self) -> list[str]:
        """The names with a record, the most recently played first."""
        seen: dict[str, int] = {}
        for i, g in enumerate(self.games):
            seen[g.name] = i
        return sorted(seen, key=lambda n: -seen[n])

    def games_of(self, name: str) -> list[GameEntry]:
        return [g for g in self.games if g.name == name]

    def add(self, entry: GameEntry) -> bool:
        """Add a finished game; the same game of the same name replaces its
        entry (a game taken back and finished again counts once). True when
        the score is the name's best in that edition, better than every
        earlier game there (the first game of an edition is no record)."""
        self.games = [g for g in self.games if not (g.game == entry.game and g.name == entry.name)]
        earlier = [g.score for g in self.games if g.name == entry.name and g.edition == entry.edition]
        self.games.append(entry)
        del self.games[:-MAX_GAMES]
        return bool(earlier) and entry.score > max(earlier)

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "games": [g.to_json() for g in self.games]}


@dataclass(frozen=True)
class LevelLine:
    """Games against one bot level in one edition."""

    edition: str
    title: str
    level: str
    played: int
    won: int


@dataclass(frozen=True)
class Summary:
    name: str
    played: int
    won: int
    best: int | None
    mean: float | None
    longest: int  # rounds of the longest game
    city_halls: int
    lines: list[LevelLine]
    scores: list[tuple[str, str, int]]  # (when, edition, score), oldest first


def summary(record: PlayerRecord, name: str) -> Summary:
    games = record.games_of(name)
    counts: dict[tuple[str, str], list[int]] = {}
    titles: dict[str, str] = {}
    for g in games:
        titles[g.edition] = g.title
        for level in g.levels():
            c = counts.setdefault((g.edition, level), [0, 0])
            c[0] += 1
            c[1] += g.won
    order = {"original": 0, "jumbo": 1}
    level_order = {level: i for i, level in enumerate((*MENU_ORDER, HUMAN))}
    keys = sorted(counts, key=lambda k: (order.get(k[0], 2), k[0], level_order.get(k[1], len(level_order)), k[1]))
    scores = [g.score for g in games]
    return Summary(
        name,
        len(games),
        sum(g.won for g in games),
        max(scores) if scores else None,
        sum(scores) / len(scores) if scores else None,
        max((g.rounds for g in games), default=0),
        sum(g.city_hall for g in games),
        [LevelLine(e, titles[e], lv, *counts[(e, lv)]) for e, lv in keys],
        [(g.when, g.edition, g.score) for g in games],
    )


def entries_for(
    state: GameState,
    players: Sequence[PlayerInfo],
    seats: Iterable[int],
    game: str,
    network: bool = False,
    when: datetime | None = None,
) -> list[GameEntry]:
    """The record's entries of a finished game for the human `seats` (the
    seat played here in a network game; each human in hot-seat)."""
    if not state.is_over:
        raise ValueError("only a finished game goes into the record")
    stamp = (when or datetime.now(UTC)).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    places = {p: place for place, p, _score in state.ranking()}
    halls = {b.owner for b in state.city.buildings if b.type == "city_hall"}
    rules = state.rules
    out = []
    for seat in seats:
        if not (0 <= seat < len(players)) or players[seat].kind != HUMAN:
            continue
        opponents = tuple(Opponent(p.name, p.kind) for i, p in enumerate(players) if i != seat)
        out.append(
            GameEntry(
                game,
                stamp,
                players[seat].name,
                rules.edition,
                rules.title,
                opponents,
                places[seat],
                state.n,
                state.scores[seat],
                state.round,
                state.turn_index,
                seat in halls,
                network,
            )
        )
    return out


# ---------------------------------------------------------------- the file


_KEYS = {
    "game",
    "when",
    "name",
    "edition",
    "title",
    "opponents",
    "place",
    "players",
    "score",
    "rounds",
    "turns",
    "city_hall",
    "network",
}


def _entry(d: Any, where: str) -> GameEntry:
    E = StatisticsError
    if not isinstance(d, dict):
        raise E(f"{where} must be an object")
    missing = sorted(_KEYS - set(d))
    if missing:
        raise E(f"{where}: `{missing[0]}` is missing")
    unknown = sorted(set(d) - _KEYS)
    if unknown:
        raise E(f"{where}: unknown entry {short(unknown[0])}")
    ops = d["opponents"]
    if not isinstance(ops, list) or len(ops) > 8:
        raise E(f"{where}.opponents must list at most 8 players")
    opponents = []
    for i, o in enumerate(ops):
        if not isinstance(o, dict) or set(o) != {"name", "kind"}:
            raise E(f"{where}.opponents[{i}] must be an object with a name and a kind")
        opponents.append(
            Opponent(want_text(o["name"], f"{where}.opponents[{i}].name", E), want_text(o["kind"], f"{where}.kind", E))
        )
    for key in ("city_hall", "network"):
        if not isinstance(d[key], bool):
            raise E(f"{where}.{key} must be true or false, not {short(d[key])}")
    players = want_int(d["players"], f"{where}.players", E, 1, 9)
    return GameEntry(
        want_text(d["game"], f"{where}.game", E, MAX_TEXT),
        want_text(d["when"], f"{where}.when", E, MAX_NAME),
        want_text(d["name"], f"{where}.name", E, MAX_NAME),
        want_text(d["edition"], f"{where}.edition", E, MAX_NAME),
        want_text(d["title"], f"{where}.title", E, MAX_TEXT),
        tuple(opponents),
        want_int(d["place"], f"{where}.place", E, 1, players),
        players,
        want_int(d["score"], f"{where}.score", E, -100_000, 100_000),
        want_int(d["rounds"], f"{where}.rounds", E, 0, 1_000_000),
        want_int(d["turns"], f"{where}.turns", E, 0, 10_000_000),
        d["city_hall"],
        d["network"],
    )


def record_from_json(data: Any) -> PlayerRecord:
    E = StatisticsError
    if not isinstance(data, dict):
        raise E(f"expected a JSON object, not {short(data)}")
    if data.get("format") != FORMAT:
        raise E(f"not a Big City player record (format is {short(data.get('format'))})")
    version = data.get("version")
    if not is_int(version) or version != VERSION:
        raise E(f"unsupported version {short(version)} (this program reads version {VERSION})")
    unknown = sorted(set(data) - {"format", "version", "games"})
    if unknown:
        raise E(f"unknown entry {short(unknown[0])}")
    games = data.get("games", [])
    if not isinstance(games, list) or len(games) > MAX_GAMES:
        raise E(f"games must be a list of at most {MAX_GAMES} games")
    return PlayerRecord([_entry(g, f"games[{i}]") for i, g in enumerate(games)])


def read_statistics(path: str | Path) -> PlayerRecord:
    """The record in `path`: an empty one when there is no file yet,
    StatisticsError with a sentence when the file is damaged."""
    p = Path(path)
    if not p.exists():
        return PlayerRecord()
    raw = read_capped(p, "player record", StatisticsError)
    return record_from_json(decode_json(raw, StatisticsError))


def write_statistics(path: str | Path, record: PlayerRecord) -> None:
    """Write `record` atomically (the folder is made if missing)."""
    write_atomic(path, to_text(record.to_json()))
