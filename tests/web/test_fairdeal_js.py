"""The page checks the deal itself (bigcity_desktop/web/static/fairdeal.js,
issue 48 item 7): its commitment, by WebCrypto and by its own SHA-256 for
pages without WebCrypto, is Python's (engine/fairdeal.py); a forged seed
and a record dealt from another seed are flagged; and its replay of the
deal and the draws (pyrandom.js) finds every hand a seat saw through whole
games of both editions, and flags a record whose draw differs in the app's
own words (engine/fairdeal.py's sentence for the same record). Runs the
module in node, as tests/web/test_reader.py runs the reader."""

from __future__ import annotations

import copy
import json
import random
import subprocess
from pathlib import Path
from typing import Any

from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.actions import ActionKind, action_from_json
from bigcity_desktop.engine.fairdeal import DealWatch, commitment, verify_deal
from bigcity_desktop.engine.record import record_to_json
from bigcity_desktop.engine.rules import get_rules

from .test_reader import node

MODULE = Path(__file__).resolve().parents[2] / "bigcity_desktop" / "web" / "static" / "fairdeal.js"

SCRIPT = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const m = await import(pathToFileURL(process.argv[1]).href);
const cases = JSON.parse(readFileSync(0, "utf-8"));
const out = { subtle: [], plain: [], verdicts: [] };
for (const [seed, salt] of cases.pairs) {
  out.subtle.push(await m.commitment(seed, salt));
  const bytes = new TextEncoder().encode(`bigcity-deal-v1:${seed}:${salt}`);
  out.plain.push(Array.from(m.sha256(bytes), (b) => b.toString(16).padStart(2, "0")).join(""));
}
for (const c of cases.checks) {
  const v = await m.checkDeal(c.promised, c.seed, c.salt, c.record, c.rules ?? null, c.actors ?? [], c.seat ?? null, c.sightings ?? []);
  out.verdicts.push(v.ok ? (v.cards === false ? "committed" : "verified") : v.reason.$msg.replace(/\{(\w+)\}/g, (_, k) => String(v.reason.fields[k])));
}
process.stdout.write(JSON.stringify(out));
"""


def _run(cases: dict) -> dict:
    done = subprocess.run(
        [node(), "--no-warnings", "--input-type=module", "-e", SCRIPT, str(MODULE)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    result: dict = json.loads(done.stdout)
    return result


def test_the_page_commits_as_the_server_and_flags_a_forged_seed():
    salt = "5a" * 16
    big = str(2**62 - 3)  # past what a JavaScript number holds exactly: the seed travels as text
    pairs = [["0", salt], ["7", "00" * 16], [big, salt], ["123456789", "f" * 32]]
    promised = commitment(int(big), salt)
    record = json.dumps({"format": "bigcity-game", "seed": int(big), "players": []})
    other = json.dumps({"format": "bigcity-game", "seed": 5, "players": []})
    checks = [
        {"promised": promised, "seed": big, "salt": salt, "record": record},
        {"promised": promised, "seed": str(int(big) + 1), "salt": salt, "record": record},  # a forged seed
        {"promised": promised, "seed": big, "salt": salt, "record": other},  # a record dealt from another seed
        {"promised": None, "seed": big, "salt": salt, "record": record},  # nothing promised
        {"promised": promised, "seed": None, "salt": None, "record": record},  # nothing revealed
    ]
    out = _run({"pairs": pairs, "checks": checks})
    want = [commitment(int(seed), s) for seed, s in pairs]
    assert out["subtle"] == want and out["plain"] == want
    assert out["verdicts"] == [
        "committed",  # no seat: the seed checked, no card claimed
        "the revealed seed does not match the commitment sent when the game began",
        "the record's seed is not the revealed seed",
        "the server sent no commitment to the deal when the game began",
        "the server did not reveal the seed and salt of the deal",
    ]
    # a message longer than one SHA-256 block, for the plain SHA-256
    long_salt = "ab" * 40
    assert _run({"pairs": [["9", long_salt]], "checks": []})["plain"] == [commitment(9, long_salt)]


def _game(edition: str, players: int, seed: int, seat: int) -> tuple[GameState, DealWatch]:
    """A game of random moves (passing only when nothing else is legal), and what `seat` saw of its own cards after each move."""
    rng = random.Random(seed)
    state = GameState.new(edition, players, seed)
    watch = DealWatch()
    watch.saw(state.view_for(seat))
    while not state.is_over and len(state.history) < 500:
        kinds = [k for k in state.legal_kinds() if k != ActionKind.PASS] or state.legal_kinds()
        state.apply(rng.choice(state.legal_actions(rng.choice(kinds))))
        watch.saw(state.view_for(seat))
    return state, watch


def _check(state: GameState, watch: DealWatch, seat: int, record: dict[str, Any] | None = None) -> dict[str, Any]:
    salt = "c3" * 16
    assert state.seed is not None
    return {
        "promised": commitment(state.seed, salt),
        "seed": str(state.seed),
        "salt": salt,
        "record": json.dumps(record or record_to_json(state)),
        "rules": state.rules.data,
        "actors": list(state.actors),
        "seat": seat,
        "sightings": [{"moves": s.moves, "hand": list(s.hand)} for s in watch.sightings],
    }


def _forged(state: GameState, watch: DealWatch, seat: int) -> tuple[dict[str, Any], str]:
    """The record with one of `seat`'s draws from another stack, one the app's
    replay can still play, and the app's sentence for it."""
    record = record_to_json(state)
    assert state.seed is not None
    for i, (a, who) in enumerate(zip(record["actions"], state.actors, strict=True)):
        if a["act"] != "draw" or who != seat:
            continue
        for other in state.rules.tiles:
            if other == a["stack"]:
                continue
            forged = json.loads(json.dumps(record))
            forged["actions"][i]["stack"] = other
            base = copy.copy(state)
            base.history = [action_from_json(x) for x in forged["actions"]]
            verdict = verify_deal(base, seat, commitment(state.seed, "c3" * 16), state.seed, "c3" * 16, watch)
            if (
                not verdict.verified
                and verdict.problem is not None
                and verdict.problem.template.startswith("after move")
            ):
                return _check(state, watch, seat, forged), str(verdict.problem)
    raise AssertionError("no draw of the seat to forge")


def test_the_page_replays_every_deal_and_draw_and_words_a_forged_draw_as_the_app() -> None:
    games = [("original", 3, 11, 0), ("original", 5, 2**62 + 9, 4), ("jumbo", 4, 12345, 2), ("jumbo", 2, 3**40, 1)]
    checks, wants = [], []
    for edition, players, seed, seat in games:
        state, watch = _game(edition, players, seed, seat)
        assert len(watch.sightings) > 10  # a game, over or 500 moves on (exchanges may go on and on)
        checks.append(_check(state, watch, seat))
        wants.append("verified")
        forged, sentence = _forged(state, watch, seat)
        checks.append(forged)
        wants.append(sentence)
    # a spectator checks the commitment and the record's seed only, and a seat whose rules did not load
    # likewise: neither claims the cards
    spectator = dict(checks[0], seat=None, sightings=[])
    no_rules = dict(checks[0], rules=None)
    out = _run({"pairs": [], "checks": [*checks, spectator, no_rules]})
    assert out["verdicts"] == [*wants, "committed", "committed"]
    assert get_rules("original").data["hand"]["start_stacks"]  # the deck data the page deals from
