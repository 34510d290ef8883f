"""Player names as every game stores them: local seats, records, network tables.

A name typed in the new-game dialog, sent by a network client or read from
a record is cleaned the same way, so a name is shown the same everywhere.
"""

from __future__ import annotations

from .jsonio import MAX_NAME


def clean_name(text: str) -> str:
    """A typed name as a record stores it: printable, single spaces, at
    most MAX_NAME characters."""
    text = " ".join("".join(c if c.isprintable() else " " for c in text).split())
    return text[:MAX_NAME].strip()
