"""Every module of the app sits in a layer of the import contracts
(pyproject.toml, checked by ``lint-imports``): each module and package of
``bigcity_desktop`` in the app's layers, and each module of a package with
layers of its own (the engine, the game window) in one of those. A new module
fails here until it is placed; the game window's parts are the independent
ones of its layers."""

from __future__ import annotations

import pkgutil
import tomllib
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _contracts() -> list[dict[str, Any]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts: list[dict[str, Any]] = config["tool"]["importlinter"]["contracts"]
    return contracts


def _names(layers: list[str]) -> list[str]:
    return [name.strip() for layer in layers for name in layer.replace(":", "|").split("|")]


def _children(package: str) -> set[str]:
    folder = ROOT.joinpath(*package.split("."))
    return {m.name for m in pkgutil.iter_modules([str(folder)])}


def _app_layers() -> list[str]:
    (contract,) = [c for c in _contracts() if c["type"] == "layers" and "containers" not in c]
    return [n.removeprefix("bigcity_desktop.") for n in _names(contract["layers"])]


def _containers() -> dict[str, list[str]]:
    return {
        container: _names(c["layers"])
        for c in _contracts()
        if c["type"] == "layers"
        for container in c.get("containers", [])
    }


def test_every_module_of_the_app_sits_in_a_layer() -> None:
    layered = set(_app_layers())
    children = _children("bigcity_desktop")
    assert "web" in layered and "game" in layered
    assert sorted(children - layered) == []
    assert sorted(layered - children - {"__main__"}) == []


@pytest.mark.parametrize("container", sorted(_containers()))
def test_every_module_of_a_layered_package_sits_in_one_of_its_layers(container: str) -> None:
    layered = set(_containers()[container])
    children = _children(container)
    assert sorted(children - layered) == []
    assert sorted(layered - children) == []


def test_the_game_windows_parts_are_kept_apart() -> None:
    game = _containers()["bigcity_desktop.game"]
    (contract,) = [c for c in _contracts() if c["type"] == "layers" and c.get("containers") == ["bigcity_desktop.game"]]
    parts = [layer for layer in contract["layers"] if "|" in layer]
    assert len(parts) == 1  # one layer of parts, independent of each other
    independent = [c for c in _contracts() if c["type"] == "independence"]
    assert [sorted(c["modules"]) for c in independent] == [
        sorted(f"bigcity_desktop.game.{p.strip()}" for p in parts[0].split("|"))
    ]
    assert {"shell", "core", "tabletop"} <= set(game)


def test_the_contracts_count_type_checking_imports() -> None:
    """An import only for annotations is a dependency too (issue 44.6): the
    contracts see the circles through type hints."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["tool"]["importlinter"]["exclude_type_checking_imports"] is False
