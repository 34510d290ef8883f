"""The player's record (session/statistics.py): entries of a finished game,
the summary Game → Statistics shows, and the file (versioned, strict)."""

from __future__ import annotations

import json
import random

import pytest

from bigcity_desktop.engine import ActionKind, GameState
from bigcity_desktop.engine.record import PlayerInfo
from bigcity_desktop.session.statistics import (
    MAX_GAMES,
    GameEntry,
    Opponent,
    PlayerRecord,
    StatisticsError,
    entries_for,
    read_statistics,
    record_from_json,
    summary,
    write_statistics,
)


def finished(edition: str = "original", n: int = 3, seed: int = 1) -> GameState:
    s = GameState.new(edition, n, seed)
    rng = random.Random(seed)
    while not s.is_over:
        kinds = s.legal_kinds()
        kind = ActionKind.BUILD if ActionKind.BUILD in kinds and rng.random() < 0.7 else rng.choice(kinds)
        s.apply(rng.choice(s.legal_actions(kind)))
    return s


def entry(name="Ann", edition="original", score=30, place=1, levels=("medium",), game=None, rounds=9, hall=False):
    return GameEntry(
        game or f"g{random.random()}",
        "2026-12-01T10:00:00Z",
        name,
        edition,
        "Big City",
        tuple(Opponent(f"Bot {i}", lv) for i, lv in enumerate(levels)),
        place,
        len(levels) + 1,
        score,
        rounds,
        rounds * 3,
        hall,
    )


def test_entries_of_a_finished_game_name_each_human_with_place_score_and_city_hall():
    s = finished()
    players = [PlayerInfo("Ann"), PlayerInfo("Greta", "hard"), PlayerInfo("Ben")]
    entries = entries_for(s, players, [0, 1, 2], "slot-x")
    assert [e.name for e in entries] == ["Ann", "Ben"]  # a bot seat is never recorded
    places = {p: place for place, p, _ in s.ranking()}
    ann, ben = entries
    assert (ann.score, ann.place, ann.rounds, ann.players) == (s.scores[0], places[0], s.round, 3)
    assert ann.opponents == (Opponent("Greta", "hard"), Opponent("Ben", "human"))
    assert ann.levels() == ["hard"]
    hall_owner = next(b.owner for b in s.city.buildings if b.type == "city_hall")
    assert [e.city_hall for e in entries] == [hall_owner == 0, hall_owner == 2]
    assert ann.won == (places[0] == 1)


def test_an_unfinished_game_is_no_entry():
    with pytest.raises(ValueError):
        entries_for(GameState.new("original", 2, 1), [PlayerInfo("A"), PlayerInfo("B")], [0], "g")


def test_summary_counts_games_and_wins_per_edition_and_level():
    r = PlayerRecord()
    r.add(entry(score=30, place=1, levels=("medium", "medium")))
    r.add(entry(score=20, place=2, levels=("hard",), rounds=14, hall=True))
    r.add(entry(edition="jumbo", score=50, place=1, levels=("easy", "hard")))
    r.add(entry(name="Ben", score=99, levels=()))
    s = summary(r, "Ann")
    assert (s.played, s.won, s.best, s.longest, s.city_halls) == (3, 2, 50, 14, 1)
    assert s.mean == pytest.approx(100 / 3)
    lines = [(x.edition, x.level, x.played, x.won) for x in s.lines]
    assert lines == [
        ("original", "medium", 1, 1),
        ("original", "hard", 1, 0),
        ("jumbo", "easy", 1, 1),
        ("jumbo", "hard", 1, 1),
    ]
    assert [sc for _w, _e, sc in s.scores] == [30, 20, 50]
    ben = summary(r, "Ben")
    assert [(x.level, x.played) for x in ben.lines] == [("human", 1)]
    assert r.names() == ["Ben", "Ann"]
    empty = summary(r, "Nobody")
    assert (empty.played, empty.best, empty.mean, empty.lines) == (0, None, None, [])


def test_best_score_is_told_per_edition_and_only_when_it_beats_an_earlier_game():
    r = PlayerRecord()
    assert not r.add(entry(score=30))  # the first game of an edition is no record
    assert not r.add(entry(edition="jumbo", score=10))
    assert r.add(entry(edition="jumbo", score=40))
    assert not r.add(entry(score=30))  # equal is no record
    assert r.add(entry(score=31))
    assert not r.add(entry(name="Ben", score=90))


def test_the_same_game_finished_again_replaces_its_entry():
    r = PlayerRecord()
    r.add(entry(game="slot-1", score=30))
    r.add(entry(game="slot-1", name="Ben", score=25))
    r.add(entry(game="slot-1", score=33))  # taken back and finished again
    assert [(g.name, g.score) for g in r.games] == [("Ben", 25), ("Ann", 33)]


def test_the_record_keeps_the_newest_games(monkeypatch):
    monkeypatch.setattr("bigcity_desktop.session.statistics.MAX_GAMES", 3)
    r = PlayerRecord()
    for i in range(5):
        r.add(entry(score=i))
    assert [g.score for g in r.games] == [2, 3, 4]
    assert MAX_GAMES >= 1000


def test_file_round_trip(tmp_path):
    r = PlayerRecord()
    r.add(entry(levels=("hard", "easy"), hall=True))
    r.add(entry(name="Zoë", edition="jumbo"))
    path = tmp_path / "deep" / "statistics.json"
    write_statistics(path, r)
    assert read_statistics(path) == r
    assert json.loads(path.read_text("utf-8"))["version"] == 1
    assert read_statistics(tmp_path / "none.json") == PlayerRecord()


def _doc(**changes):
    d = {"format": "bigcity-player-record", "version": 1, "games": [entry().to_json()]}
    g = d["games"][0]
    for k, v in changes.items():
        if k in d:
            d[k] = v
        elif v is None:
            del g[k]
        else:
            g[k] = v
    return d


@pytest.mark.parametrize(
    "doc,words",
    [
        ([], "expected a JSON object"),
        (_doc(format="bigcity-learn-progress"), "not a Big City player record"),
        (_doc(version=2), "unsupported version 2"),
        (_doc(version=True), "unsupported version True"),
        (_doc(score="30"), "games[0].score must be a whole number"),
        (_doc(score=3.0), "games[0].score must be a whole number"),
        (_doc(place=9), "games[0].place must be at most"),
        (_doc(city_hall=1), "games[0].city_hall must be true or false"),
        (_doc(name="A\nB"), "games[0].name holds a control character"),
        (_doc(name=None), "`name` is missing"),
        (_doc(cheat=1), "unknown entry 'cheat'"),
        (_doc(opponents=[{"name": "G"}]), "opponents[0] must be an object with a name and a kind"),
        (_doc(games={}), "games must be a list"),
    ],
)
def test_a_damaged_record_is_refused_with_a_sentence(doc, words):
    with pytest.raises(StatisticsError) as info:
        record_from_json(doc)
    assert words in str(info.value)


def test_a_file_that_is_not_json_or_too_big_is_refused(tmp_path):
    p = tmp_path / "statistics.json"
    p.write_bytes(b'{"format": ')
    with pytest.raises(StatisticsError, match="not valid JSON"):
        read_statistics(p)
    p.write_bytes(b" " * (4 * 1024 * 1024 + 1))
    with pytest.raises(StatisticsError, match="at most"):
        read_statistics(p)
    (tmp_path / "folder.json").mkdir()
    with pytest.raises(StatisticsError, match="not a regular file"):
        read_statistics(tmp_path / "folder.json")
