"""Locate the game's data files (rules TOML files, art, ...).

The data lives in the top-level ``resources/`` folder of the repository.
It is found in this order:

1. ``$BIGCITY_RESOURCES``, if set (an explicit override, e.g. for tests).
2. ``bigcity_desktop/_resources`` in the package: where a normal
   (non-editable) ``pip install .`` puts it (setup.py maps ``resources/`` to
   the data-only package ``bigcity_desktop._resources``), and where the
   PyInstaller spec in ``packaging/`` bundles it.
3. ``<repo>/resources``: an editable install (``pip install -e .``) or a
   plain checkout, where this module is ``<repo>/bigcity_desktop/engine/datafiles.py``.

It lives in the engine, which reads its rules files through it and imports
nothing else of the app; ``bigcity_desktop.resources`` re-exports it.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["resources_root", "resource_path"]

_PACKAGE_DIR = Path(__file__).resolve().parent.parent  # bigcity_desktop/


def _candidates() -> list[Path]:
    found = []
    override = os.environ.get("BIGCITY_RESOURCES")
    if override:
        found.append(Path(override).expanduser())
    found.append(_PACKAGE_DIR / "_resources")
    found.append(_PACKAGE_DIR.parent / "resources")
    return found


def resources_root() -> Path:
    """Return the folder that holds the game's resources.

    Raises FileNotFoundError if none of the known locations exists.
    """
    candidates = _candidates()
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    tried = ", ".join(str(c) for c in candidates)
    raise FileNotFoundError(f"Big City resources folder not found (tried: {tried})")


def resource_path(*parts: str) -> Path:
    """Return the path of a resource, e.g. ``resource_path("rules", "classic.toml")``.

    The path is not checked for existence; only the resources root is.
    """
    return resources_root().joinpath(*parts)
