"""The page checks the deal itself (bigcity_desktop/web/static/fairdeal.js,
issue 48 item 7): its commitment, by WebCrypto and by its own SHA-256 for
pages without WebCrypto, is Python's (engine/fairdeal.py); a forged seed
and a record dealt from another seed are flagged. Runs the module in node,
as tests/web/test_reader.py runs the reader."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from bigcity_desktop.engine.fairdeal import commitment

from .test_reader import node

MODULE = Path(__file__).resolve().parents[2] / "bigcity_desktop" / "web" / "static" / "fairdeal.js"

SCRIPT = """
import { readFileSync } from "node:fs";
const source = readFileSync(process.argv[1], "utf-8");
const m = await import("data:text/javascript;base64," + Buffer.from(source).toString("base64"));
const cases = JSON.parse(readFileSync(0, "utf-8"));
const out = { subtle: [], plain: [], verdicts: [] };
for (const [seed, salt] of cases.pairs) {
  out.subtle.push(await m.commitment(seed, salt));
  const bytes = new TextEncoder().encode(`bigcity-deal-v1:${seed}:${salt}`);
  out.plain.push(Array.from(m.sha256(bytes), (b) => b.toString(16).padStart(2, "0")).join(""));
}
for (const [promised, seed, salt, record] of cases.checks) out.verdicts.push(await m.checkDeal(promised, seed, salt, record));
process.stdout.write(JSON.stringify(out));
"""


def _run(cases: dict) -> dict:
    done = subprocess.run(
        [node(), "--input-type=module", "-e", SCRIPT, str(MODULE)],
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
        [promised, big, salt, record],
        [promised, str(int(big) + 1), salt, record],  # a forged seed
        [promised, big, salt, other],  # a record dealt from another seed
        [None, big, salt, record],  # nothing promised
    ]
    out = _run({"pairs": pairs, "checks": checks})
    want = [commitment(int(seed), s) for seed, s in pairs]
    assert out["subtle"] == want and out["plain"] == want
    assert out["verdicts"] == ["deal_verified", "deal_forged", "deal_record_seed", "deal_unverified"]
    # a message longer than one SHA-256 block, for the plain SHA-256
    long_salt = "ab" * 40
    assert _run({"pairs": [["9", long_salt]], "checks": []})["plain"] == [commitment(9, long_salt)]
