"""No table can be held hostage (issue 48, item 9): a server's tables play
a bound on rounds, its tables of strangers also their end (a round of passes
and exchanges, a house rule for the original), both read from the server's
house-rules data (resources/rules/server.toml); the bundled editions, and
local games, stay as printed."""

from __future__ import annotations

import copy
import json

import pytest

from bigcity_desktop.engine import DRAW_PHASES, Exchange, GameState, Pass, get_rules
from bigcity_desktop.engine.endgame import would_end_game
from bigcity_desktop.engine.record import load_record, record_to_json
from bigcity_desktop.engine.rules import EndRule, RulesError, rules_from_data
from bigcity_desktop.engine.strangers import for_server, for_strangers, server_rules

from .helpers import game


def _turn(s: GameState, exchange: bool) -> None:
    """The player to move exchanges their first card or passes, then draws."""
    s.apply(Exchange((s.hands[s.current_player][0],)) if exchange else Pass())
    while s.phase in DRAW_PHASES:
        s.apply(s.legal_actions()[0])


def _hostage_round(s: GameState, holder: int = 0) -> None:
    """One round in which `holder` exchanges and everyone else passes."""
    for _ in range(s.n):
        if s.is_over:
            return
        _turn(s, exchange=s.current_player == holder)


def _with_rounds(edition: str, **rounds: object) -> dict:
    data = copy.deepcopy(get_rules(edition).data)
    data["rounds"].update(rounds)
    data["rounds"]["marks"] = {**data["rounds"]["marks"], **dict.fromkeys(rounds, "house")}
    return data


#: the bundled editions' digests on main before issue 48: records made then open without a warning
_PRINTED_DIGESTS = {
    "original": "7e4565918d4b880908801151973fa857a870be77e2d7a6721eae770bcb186f53",
    "jumbo": "e75a025cf15d67218a5b72ca2c4ca0d81a4b75df4bc963049784d816e50eae65",
}


@pytest.mark.parametrize("edition", ["original", "jumbo"])
def test_the_bundled_editions_are_as_printed_and_old_records_open_without_a_warning(edition):
    rules = get_rules(edition)
    assert rules.digest == _PRINTED_DIGESTS[edition] and rules.max_rounds == 0  # no bound: the book's
    s = game(edition, players=3)
    for _ in range(6):
        s.apply(s.legal_actions()[0])
    data = record_to_json(s)
    assert data["rules_digest"] == _PRINTED_DIGESTS[edition] and "rules" not in data
    back = load_record(json.dumps(data))
    assert not back.warnings and len(back.state.history) == 6


def test_the_server_s_house_rules_are_data_and_marked_house():
    house = server_rules()
    assert house.max_rounds == 60 and house.strangers_end == EndRule.PASSIVE_ROUND
    for edition in ("original", "jumbo"):
        for public in (False, True):
            rules = for_server(get_rules(edition), public)
            assert rules.max_rounds == 60 and rules.marks["rounds"]["max_rounds"] == "house"
            assert not rules.bundled and rules.base_edition == edition
    assert for_server(get_rules("original"), public=False).end_rule == EndRule.CONSECUTIVE_PASSES
    assert for_server(get_rules("original"), public=False).edition == "original-server"
    assert for_server(get_rules("jumbo"), public=True).edition == "jumbo-server"  # its own end already
    bounded = for_server(get_rules("original"), public=True)
    assert for_server(bounded, public=True) is bounded  # applied once


def test_every_server_table_of_one_edition_plays_one_rules_object():
    """Not a copy validated afresh per table (issue 45: the engine's caches,
    keyed by the rules, held each table's copy and its answers)."""
    for edition in ("original", "jumbo"):
        for public in (False, True):
            assert for_server(get_rules(edition), public) is for_server(get_rules(edition), public)
    house = rules_from_data(copy.deepcopy(get_rules("original").data), source="a house-rules file")
    again = rules_from_data(copy.deepcopy(get_rules("original").data), source="a house-rules file")
    assert for_server(house, public=True) is for_server(again, public=True)  # house rules of the same content


def test_a_local_game_has_no_bound_a_friends_server_table_has():
    plain = game("original", players=3)
    for _ in range(65):
        _hostage_round(plain)
    assert not plain.is_over and plain.round > 60  # as printed: held for as long as the exchanger likes
    rules = for_server(get_rules("original"), public=False)
    s = GameState.new(rules, 3, 1, start_city=[[2, 3, 0, 0], [3, 0, 3, 0]])
    while not s.is_over:
        _hostage_round(s)
    assert s.round == 60 and s.end_reason == "the last of 60 rounds was played"


def test_an_exchanger_holds_an_original_table_but_not_a_table_of_strangers():
    plain = game("original", players=3)
    for _ in range(4):
        _hostage_round(plain)
    assert not plain.is_over  # the rule book's end: never, while one player exchanges

    rules = for_strangers(get_rules("original"))
    s = GameState.new(rules, 3, 1, start_city=[[2, 3, 0, 0], [3, 0, 3, 0]])
    for _ in range(s.n - 1):
        _turn(s, exchange=s.current_player == 0)
    assert would_end_game(s, Pass()) and not s.is_over
    _turn(s, exchange=False)
    assert s.is_over and s.end_reason == "Every action of the round was a pass or an exchange"


def test_the_strangers_rules_are_a_marked_house_rule_that_records_carry():
    original = get_rules("original")
    rules = for_strangers(original)
    assert rules.edition == "original-strangers" and rules.base_edition == "original"
    assert not rules.bundled and rules.end_rule == EndRule.PASSIVE_ROUND
    assert "rounds.end" in rules.house_values() and "house rule" in rules.title
    assert for_strangers(get_rules("jumbo")).end_rule == EndRule.PASSIVE_ROUND  # its own end, with the bound
    s = GameState.new(rules, 3, 5, start_city=[[2, 3, 0, 0], [3, 0, 3, 0]])
    _hostage_round(s)
    back = load_record(record_to_json(s))
    assert back.state.rules.digest == rules.digest and back.state.is_over


@pytest.mark.parametrize("edition", ["original", "jumbo"])
def test_after_the_last_round_the_standing_is_the_result(edition):
    rules = rules_from_data(_with_rounds(edition, max_rounds=2))
    s = GameState.new(rules, 3, 2, start_city=[[2, 3, 0, 0], [3, 0, 3, 0]])
    ended = False
    while not s.is_over:
        assert s.round <= 2
        if s.phase.name == "ACTION":
            last = s.round == 2 and (s.turn_player + 1) % s.n == s.start_player
            ended = would_end_game(s, s.legal_actions()[0])
            assert ended or not last  # the last turn ends the game, whatever is played
        s.apply(s.legal_actions()[0])
    assert ended and s.round <= 2
    if s.round == 2:
        assert s.end_reason in (
            "the last of 2 rounds was played",
            "every action of the round was a pass or an exchange",
        )


def test_the_bound_ends_a_held_original_table():
    rules = rules_from_data(_with_rounds("original", max_rounds=3))
    s = GameState.new(rules, 3, 1, start_city=[[2, 3, 0, 0], [3, 0, 3, 0]])
    for _ in range(3):
        _hostage_round(s)
    assert s.is_over and s.round == 3 and s.end_reason == "the last of 3 rounds was played"


def test_older_house_rules_files_read_without_the_new_values_and_bad_ones_are_refused():
    old = rules_from_data(copy.deepcopy(get_rules("original").data))
    assert old.max_rounds == 0 and old.strangers_end == old.end_rule
    with pytest.raises(RulesError, match="max_rounds"):
        rules_from_data(_with_rounds("original", max_rounds=-1))
    with pytest.raises(RulesError, match="strangers_end"):
        rules_from_data(_with_rounds("original", strangers_end="never"))
