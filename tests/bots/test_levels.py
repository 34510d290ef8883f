"""The bot levels are declared once (bots/levels.py) and everything else
reads the declaration: the registry, the names, the player kinds of a game
record, the orders of the menus and the statistics."""

from __future__ import annotations

import pytest

from bigcity_desktop.bots import BOT_NAMES, BOTS, make_bot
from bigcity_desktop.bots.levels import (
    LEVEL_BY_KEY,
    LEVELS,
    MENU_ORDER,
    OPPONENT_LEVELS,
    PLAYER_KINDS,
    level_of,
)
from bigcity_desktop.bots.names import BOT_NAME_TABLE
from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.record import PlayerInfo, RecordError, load_record, record_to_json
from bigcity_desktop.engine.seats import SeatKind


def test_the_levels_and_their_orders():
    assert BOT_NAMES[:4] == ("random", "easy", "medium", "hard")  # the weakest first
    assert PLAYER_KINDS == ("human", *BOT_NAMES)
    # the menus: the opponents from the easiest up, the player for testing last
    assert OPPONENT_LEVELS[:3] == ("easy", "medium", "hard") and "random" not in OPPONENT_LEVELS
    assert MENU_ORDER == (*OPPONENT_LEVELS, "random")
    assert list(BOT_NAME_TABLE) == list(MENU_ORDER)
    assert level_of("hard") is LEVEL_BY_KEY["hard"] and level_of("human") is None


@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.key)
def test_each_level_is_declared_whole(level):
    assert BOTS[level.key] is level.bot
    bot = make_bot(level.key, seed=3)
    assert type(bot) is level.bot and bot.seed == 3
    assert bot.name == level.key  # the bot says its level as records store it
    assert level.label and level.description and len(level.names) >= 3
    assert BOT_NAME_TABLE[level.key] == level.names
    assert level.key != SeatKind.HUMAN


def test_faces_and_names_tell_the_levels_apart():
    assert len({lv.face for lv in LEVELS}) == len(LEVELS)
    every = [n for lv in LEVELS for n in lv.names]
    assert len(every) == len(set(every))


def _record(kinds: list[str]) -> dict:
    state = GameState.new("original", len(kinds), 1)
    return record_to_json(state, [PlayerInfo(f"P{i}", k) for i, k in enumerate(kinds)])


def test_the_record_reader_takes_the_kinds_it_is_handed():
    data = _record(["human", "hard", "random"])
    game = load_record(data, player_kinds=PLAYER_KINDS)
    assert [p.kind for p in game.players] == ["human", "hard", "random"]
    # the engine by itself knows people only
    with pytest.raises(RecordError, match=r"players\[1\]\.kind must be one of human, not 'hard'"):
        load_record(data)
    assert load_record(_record(["human", "human"])).players[1].kind == SeatKind.HUMAN
    # a level this version does not know is refused, and the sentence names the known ones
    data["players"][2]["kind"] = "grumpy"
    with pytest.raises(RecordError, match=r"players\[2\]\.kind must be one of human, random, easy, medium, hard"):
        load_record(data, player_kinds=PLAYER_KINDS)
    data["players"][2]["kind"] = ["hard"]
    with pytest.raises(RecordError, match=r"players\[2\]\.kind must be one of"):
        load_record(data, player_kinds=PLAYER_KINDS)


def test_seat_kinds_are_the_words_files_and_messages_hold():
    import json

    assert json.dumps([SeatKind.HUMAN, SeatKind.BOT]) == '["human", "bot"]'
    assert f"{SeatKind.HUMAN}" == "human" and SeatKind("bot") is SeatKind.BOT
    text = json.dumps(_record(["human", "easy"]))
    assert '{"name": "P0", "kind": "human"}' in text and '{"name": "P1", "kind": "easy"}' in text
