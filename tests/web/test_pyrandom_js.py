"""The page's port of CPython's generator (bigcity_desktop/web/static/pyrandom.js)
against Python's own `random.Random`, bit for bit: the raw 32-bit words, the
bits the engine asks for, `randrange(n)` and `shuffle`, for small, 32-bit,
64-bit, past-2^53, many-word and negative seeds; and the deal the page makes
from the rules' data (fairdeal.js `shuffledStacks`, then the start player) is
engine/dealing.py's for both editions. Runs the modules in node."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path
from typing import Any

from bigcity_desktop.engine import dealing
from bigcity_desktop.engine.rules import get_rules

from .test_reader import node

STATIC = Path(__file__).resolve().parents[2] / "bigcity_desktop" / "web" / "static"

SCRIPT = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const { PyRandom } = await import(pathToFileURL(process.argv[1] + "/pyrandom.js").href);
const { shuffledStacks } = await import(pathToFileURL(process.argv[1] + "/fairdeal.js").href);
const cases = JSON.parse(readFileSync(0, "utf-8"));
const out = [];
for (const seed of cases.seeds) {
  const r = new PyRandom(BigInt(seed));
  const words = Array.from({ length: 700 }, () => r.getrandbits(32)); // past one twist of 624 words
  const bits = cases.bits.map((k) => r.getrandbits(k));
  const below = cases.below.map((n) => r.randbelow(n));
  const shuffled = cases.lists.map((n) => { const x = Array.from({ length: n }, (_, i) => i); r.shuffle(x); return x; });
  const deals = {};
  for (const [edition, rules] of Object.entries(cases.rules)) {
    const g = new PyRandom(BigInt(seed));
    const stacks = shuffledStacks(rules, g);
    deals[edition] = { stacks, start: [2, 3, 4, 5].map((n) => g.randbelow(n)) };
  }
  out.push({ words, bits, below, shuffled, deals });
}
process.stdout.write(JSON.stringify(out));
"""

SEEDS = [0, 1, 7, 42, 2**31 - 1, 2**32 - 1, 2**32, 2**53 + 1, 2**62 - 3, 2**64 - 1, 2**64, 3**100, -5, -(2**70)]
BITS = [1, 2, 5, 8, 13, 31, 32, 0]
BELOW = [1, 2, 3, 5, 9, 10, 100, 2**31 - 1, 2**31, 2**32 - 1]
LISTS = [0, 1, 2, 9, 10, 52, 200]


def _run(cases: dict[str, Any]) -> list[dict[str, Any]]:
    done = subprocess.run(
        [node(), "--no-warnings", "--input-type=module", "-e", SCRIPT, str(STATIC)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    result: list[dict[str, Any]] = json.loads(done.stdout)
    return result


def _python(seed: int) -> dict[str, Any]:
    r = random.Random(seed)
    words = [r.getrandbits(32) for _ in range(700)]
    bits = [r.getrandbits(k) for k in BITS]
    below = [r.randrange(n) for n in BELOW]
    shuffled = []
    for n in LISTS:
        x = list(range(n))
        r.shuffle(x)
        shuffled.append(x)
    deals = {}
    for edition in ("original", "jumbo"):
        g = random.Random(seed)
        stacks = dealing.shuffled_stacks(get_rules(edition), g)
        deals[edition] = {"stacks": stacks, "start": [g.randrange(n) for n in (2, 3, 4, 5)]}
    return {"words": words, "bits": bits, "below": below, "shuffled": shuffled, "deals": deals}


def test_the_pages_generator_is_pythons_bit_for_bit() -> None:
    rules = {edition: get_rules(edition).data for edition in ("original", "jumbo")}
    seeds = [*SEEDS, *(random.Random(9).getrandbits(bits) for bits in (16, 48, 63, 64, 65, 128, 1000))]
    out = _run({"seeds": [str(s) for s in seeds], "bits": BITS, "below": BELOW, "lists": LISTS, "rules": rules})
    assert len(out) == len(seeds)
    for seed, got in zip(seeds, out, strict=True):
        want = _python(seed)
        for part in ("words", "bits", "below", "shuffled", "deals"):
            assert got[part] == want[part], f"seed {seed}: {part} differs"
