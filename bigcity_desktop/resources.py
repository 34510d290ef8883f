"""Locate the game's data files (rules TOML files, art, ...): see
:mod:`bigcity_desktop.engine.datafiles`, where the search order is written
(the rules engine needs it too and imports nothing of the app)."""

from bigcity_desktop.engine.datafiles import resource_path, resources_root

__all__ = ["resources_root", "resource_path"]
