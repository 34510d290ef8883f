"""The engine's modules: each in a layer of the import contract, none too long,
and the names that moved out of the city and the state still found there."""

from __future__ import annotations

import pkgutil
import tomllib
from pathlib import Path

import bigcity_desktop.engine as engine

ROOT = Path(__file__).resolve().parents[2]
#: the longest an engine module may be (issue 32)
MAX_LINES = 900


def _engine_layers() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for contract in config["tool"]["importlinter"]["contracts"]:
        if contract.get("containers") == ["bigcity_desktop.engine"]:
            return [name.strip() for layer in contract["layers"] for name in layer.split("|")]
    raise AssertionError("no layers contract for the engine")


def _modules() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(engine.__path__) if not m.ispkg)


def test_every_engine_module_sits_in_a_layer() -> None:
    layered = set(_engine_layers())
    assert [m for m in _modules() if m not in layered] == []
    assert [m for m in layered if m not in _modules()] == []


def test_no_engine_module_is_too_long() -> None:
    lengths = {
        m: len((Path(engine.__path__[0]) / f"{m}.py").read_text(encoding="utf-8").splitlines()) for m in _modules()
    }
    assert {m: n for m, n in lengths.items() if n > MAX_LINES} == {}


def test_moved_names_are_found_where_they_were() -> None:
    from bigcity_desktop.engine import buildrules, city, streetcars, verdicts
    from bigcity_desktop.engine.state import GameState

    assert city.CompiledRule is buildrules.CompiledRule
    assert city.Facts is buildrules.Facts
    assert city.compiled is buildrules.compiled
    assert city.pair_in is buildrules.pair_in
    assert city.CACHE_LIMIT == buildrules.CACHE_LIMIT
    assert city.article is verdicts.article
    assert city.plural is verdicts.plural
    assert issubclass(city.City, streetcars.StreetcarNetwork)
    s = GameState.new("original", 3, 1)
    assert s.why_not(engine.ActionKind.STREETCAR) is not None
    assert s.city.legal_streets() == tuple(s.city.legal_streetcars())
