"""The record writer's chunking (engine/record.py: dumps_record writes a long
game's actions a chunk at a time, so that the encoder never holds the GIL
for a whole long game): the text is ``json.dumps(doc, separators=(",", ":"))``
byte for byte at every length around the chunk's edges, and a long game
written so reads back action for action. A writer that drops, repeats or
reorders an action at a chunk's edge fails here in a second, not in the
window's big-file test (tests/gui/test_big_files.py, minutes)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bigcity_desktop.engine import Exchange, GameState, Phase
from bigcity_desktop.engine import record as record_module
from bigcity_desktop.engine.actions import Action
from bigcity_desktop.engine.record import PlayerInfo, dumps_record, load_record, read_record, write_record

CHUNK = record_module._CHUNK


def compact(doc: dict[str, Any]) -> str:
    return json.dumps(doc, separators=(",", ":"))


def doc_of(actions: list[Any]) -> dict[str, Any]:
    """A record-shaped document: fields before and after the actions, as a record has."""
    return {
        "format": "bigcity-game",
        "seed": 7,
        "players": [{"name": "Zoë", "kind": "human"}, {"name": "אבי", "kind": "easy"}],
        "actions": actions,
        "scores": [3, 4],
        "extra": {"note": 'a "quoted" line\nand a tab\t'},
    }


def numbered(n: int) -> list[dict[str, Any]]:
    """`n` distinct actions-like objects: each one's place is in it."""
    return [{"act": "exchange", "cards": [i % 97, i]} for i in range(n)]


@pytest.mark.parametrize(
    "n",
    [0, 1, 2, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK - 1, 2 * CHUNK, 2 * CHUNK + 1, 3 * CHUNK + 7],
)
def test_the_chunked_text_is_the_compact_json_byte_for_byte(n: int) -> None:
    doc = doc_of(numbered(n))
    text = dumps_record(doc)
    assert text == compact(doc)
    back = json.loads(text)
    assert back["actions"] == doc["actions"], "every action once, in order"


def test_a_small_chunk_over_many_chunks_and_a_ragged_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """With chunks of 3, every edge case of the splitting comes up in a short list."""
    monkeypatch.setattr(record_module, "_CHUNK", 3)
    for n in range(0, 40):
        doc = doc_of(numbered(n))
        assert dumps_record(doc) == compact(doc), n


def test_only_the_actions_are_chunked_and_the_fields_keep_their_order() -> None:
    doc = {"z": list(range(3 * CHUNK)), "actions": numbered(CHUNK + 5), "a": {"actions": [1, 2]}}
    text = dumps_record(doc)
    assert text == compact(doc)
    assert list(json.loads(text)) == ["z", "actions", "a"]


def exchanges_game(actions: int) -> GameState:
    """A two-player game of `actions` actions: after the setup both players
    exchange their first card every turn (what a long game's record is made of)."""
    state = GameState.new("original", 2, 1, ["Ann", "Bob"])
    while len(state.history) < actions:
        action: Action
        if state.phase == Phase.ACTION:
            action = Exchange((state.hands[state.current_player][0],))
        else:
            action = next(iter(state.legal_actions()))
        state.apply_unchecked(action)
    return state


@pytest.fixture(scope="module")
def long_game() -> GameState:
    return exchanges_game(2 * CHUNK + 3)


def test_a_long_game_written_in_chunks_reads_back_action_for_action(long_game: GameState, tmp_path: Path) -> None:
    path = tmp_path / "long.bigcity"
    write_record(path, long_game, [PlayerInfo("Ann"), PlayerInfo("Bob")], {"app": "tests"})
    text = path.read_text(encoding="utf-8")
    assert json.loads(text)["actions"] == [a.to_json() for a in long_game.history]
    loaded = read_record(path)
    assert loaded.state.history == long_game.history
    assert loaded.state.scores == long_game.scores
    assert loaded.extra == {"app": "tests"}


def test_a_chunk_size_of_one_still_reads_back(long_game: GameState, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(record_module, "_CHUNK", 1)
    doc = record_module.record_to_json(long_game)
    text = dumps_record(doc)
    assert text == compact(doc)
    assert load_record(text).state.history == long_game.history
