"""The German of the engine's sentences the page is sent (net/web.py,
``sentences.de.json``, chosen by net/pagesentences.py): every sentence a
whole game sends a page (the log, the last moves, the end, the board's
places and what stands on them, where a spot is), a rules summary's and the
page's own check of the deal's are there, and the sentences that never reach
a page (refusals, the file formats' errors, the bots' hints) are not."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from importlib import resources
from typing import Any

import pytest

from bigcity_desktop.engine.rules import EDITIONS, get_rules
from bigcity_desktop.engine.state import GameState
from bigcity_desktop.engine.viewjson import view_json_of
from bigcity_desktop.net.legal import legal_text
from bigcity_desktop.net.rulesummaries import Summaries
from bigcity_desktop.net.web import PACKAGE, german_catalogue, load_static
from bigcity_desktop.present.presented import present, presented_json

#: the sentences the page words itself, as the engine does (fairdeal.js, rulesummary.js)
_PAGE_SAYS = re.compile(r'(?:\$msg: |warn\()"([^"]+)"')


def templates(value: Any) -> Iterator[str]:
    """Every ``$msg`` template in a JSON value, those of its fields too."""
    if isinstance(value, dict):
        if isinstance(value.get("$msg"), str):
            yield value["$msg"]
        for v in value.values():
            yield from templates(v)
    elif isinstance(value, list):
        for v in value:
            yield from templates(v)


def sent_in_a_game(edition: str, players: int, seed: int) -> set[str]:
    """The templates a page is sent through a whole game of random moves."""
    rng = random.Random(seed)
    state = GameState.new(edition, players, seed)
    out: set[str] = set()
    for _ in range(5000):
        if state.is_over:
            break
        legal = legal_text(state, state.current_player)
        out.update(templates(json.loads(legal or "[]")))
        out.update(templates(presented_json(present(state, None))))
        state.apply(rng.choice(state.legal_actions()))
    assert state.is_over
    for viewer in (None, *range(players)):
        out.update(templates(view_json_of(state, viewer)))
    out.update(templates(presented_json(present(state, None))))
    return out


@pytest.fixture(scope="module")
def sent() -> set[str]:
    german = json.loads(load_static()["sentences.de.json"].body)
    assert set(german) == {"Engine"}
    return set(german["Engine"])


@pytest.mark.parametrize(("edition", "players", "seed"), [("original", 3, 1), ("original", 2, 7), ("jumbo", 4, 3)])
def test_every_sentence_of_a_game_has_its_german_sent(sent: set[str], edition: str, players: int, seed: int) -> None:
    translated = set(german_catalogue()["Engine"])
    said = sent_in_a_game(edition, players, seed)
    assert len(said) > 10
    missing = {t for t in said if t in translated} - sent
    assert not missing, f"sentences of a game the page would say in English: {sorted(missing)}"


def test_the_summaries_and_the_pages_own_sentences_have_their_german_sent(sent: set[str]) -> None:
    translated = set(german_catalogue()["Engine"])
    said: set[str] = set()
    summaries = Summaries()
    for edition in EDITIONS:
        body = summaries.body(f"summary.{get_rules(edition).digest[:40]}.json")
        assert body is not None
        said.update(templates(json.loads(body)))
    static = resources.files(PACKAGE) / "static"
    for name in ("fairdeal.js", "rulesummary.js"):
        said.update(_PAGE_SAYS.findall((static / name).read_text(encoding="utf-8")))
    assert len(said) > 30 and len(said & translated) > 30
    missing = (said & translated) - sent
    assert not missing, sorted(missing)


def test_the_sentences_no_page_is_sent_are_left_out(sent: set[str]) -> None:
    translated = german_catalogue()["Engine"]
    refusal = "{building} can be built only once City Hall is built"  # sent as `refused`'s plain text
    assert refusal in translated and refusal not in sent
    assert "this is not a Big City game record" in translated and "this is not a Big City game record" not in sent
    assert "{n} turns in a row were passes" in sent
    assert len(sent) < 0.8 * len(translated)
