"""docs/protocol/example_client.py, the client written from the protocol
alone (no import of bigcity_desktop), plays whole games of both editions
against server bots, choosing among the `legal` moves its views list."""

from __future__ import annotations

import ast
import asyncio
import importlib.util
import json
import sys
from pathlib import Path

import pytest

from bigcity_desktop.bots.levels import PLAYER_KINDS
from bigcity_desktop.engine.fairdeal import commitment
from bigcity_desktop.engine.record import load_record

from .helpers import GUARD, running

CLIENT = Path(__file__).resolve().parents[2] / "docs" / "protocol" / "example_client.py"


def test_the_example_client_imports_nothing_of_the_project():
    tree = ast.parse(CLIENT.read_text(encoding="utf-8"))
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    names |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not {n for n in names if n.startswith("bigcity")}, names
    assert len(CLIENT.read_text(encoding="utf-8").splitlines()) <= 170


@pytest.mark.slow
@pytest.mark.parametrize(("edition", "bots"), [("original", 3), ("jumbo", 2)])
def test_the_example_client_plays_a_whole_game(edition, bots, tmp_path):
    record = tmp_path / "game.bigcity"

    async def main() -> tuple[int, str, str]:
        async with running(data_dir=tmp_path / "data") as server:
            child = await asyncio.create_subprocess_exec(
                sys.executable,
                str(CLIENT),
                server.url,
                "--edition",
                edition,
                "--bots",
                str(bots),
                "--seed",
                "5",
                "--record",
                str(record),
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
            )
            out, err = await asyncio.wait_for(child.communicate(), GUARD * 5)
            return child.returncode or 0, out.decode(), err.decode()

    code, out, err = asyncio.run(main())
    assert code == 0, (out, err)
    assert "game over after" in out
    game = load_record(record.read_bytes(), player_kinds=PLAYER_KINDS)  # reads back, finished
    # a server table plays its bound on rounds, a public one (the tests' server lists every table) also the
    # strangers' end: engine/strangers.py
    assert game.state.is_over and game.state.rules.edition in (f"{edition}-server", f"{edition}-strangers")
    assert "fair deal: the seed was committed to before the game began" in out
    assert len(game.state.names) == bots + 1
    assert json.loads(record.read_text(encoding="utf-8"))["players"][0]["name"] == "Example"


def test_the_example_client_flags_a_forged_seed():
    spec = importlib.util.spec_from_file_location("example_client", CLIENT)
    assert spec is not None and spec.loader is not None
    client = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(client)
    salt = "ab" * 16
    promised = commitment(41, salt)
    assert client.deal_verdict(promised, "41", salt, {"seed": 41}).startswith("fair deal")
    assert "does not match the commitment" in client.deal_verdict(promised, "42", salt, {"seed": 42})
    assert "record's seed" in client.deal_verdict(promised, "41", salt, {"seed": 42})
    assert client.deal_verdict(None, "41", salt, {"seed": 41}).startswith("warning")
