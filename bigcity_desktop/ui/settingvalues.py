"""Reading QSettings values that may come back as text (INI files give
"true"/"false" and numbers as strings): one reading for every setting."""

from __future__ import annotations

DEFAULT_SOUND_VOLUME = 70


def as_bool(value, default: bool) -> bool:
    """A QSettings value as a bool (INI files give back "true"/"false")."""
    if value is None:
        return default
    if isinstance(value, bool):
        return value
    return str(value).strip().lower() in ("1", "true", "yes", "on")


def as_volume(value) -> int:
    """A QSettings value as a volume from 0 to 100 (the default when unreadable)."""
    try:
        volume = int(str(DEFAULT_SOUND_VOLUME if value is None else value))
    except (TypeError, ValueError):
        return DEFAULT_SOUND_VOLUME
    return min(100, max(0, volume))
