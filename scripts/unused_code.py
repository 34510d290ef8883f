"""No unused code in the package: every function, method, class and import
of ``bigcity_desktop`` is used by the program, its tests, scripts or
benchmarks (``make lint`` runs this; vulture finds the candidates).

Names that Qt or Python call by themselves (a model's ``data``, a widget's
``mousePressEvent``, an event filter) and the handlers the network
protocol's registry finds by name (``on_<message>``, ``_on_<message>``) are
not candidates. What is kept on purpose although nothing calls it stands in
``KEPT`` below, with the reason.

Exit status 0 when nothing is unused, 1 with one line per finding.
"""

from __future__ import annotations

import sys
from pathlib import Path

import vulture

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ["bigcity_desktop", "tests", "scripts", "benchmarks", "packaging"]

#: called by Qt (virtual overrides, model/view and drag and drop), by Python,
#: or found by name (the protocol's handlers: net/protocol.py handlers_of)
CALLED_BY_NAME = [
    "*Event",
    "eventFilter",
    "data",
    "setData",
    "headerData",
    "flags",
    "rowCount",
    "columnCount",
    "index",
    "parent",
    "roleNames",
    "mimeTypes",
    "mimeData",
    "dropMimeData",
    "canDropMimeData",
    "supportedDragActions",
    "supportedDropActions",
    "startDrag",
    "setModel",
    "moveCursor",
    "sizeHint",
    "paint",
    "boundingRect",
    "drawBackground",
    "editorEvent",
    "__getattr__",
    "on_*",
    "_on_*",
]

#: kept although nothing here calls it: name -> why
KEPT = {
    "is_legal": "the engine's own API for a library user (python-chess's Board.is_legal): GameState.check says why not",
    "take_back": "the clocks' take_seat handler, found by name: GameServer's _to('clocks', 'take_back')",
    "resync": "a client command of docs/PROTOCOL.md (ClientCommands): the app resyncs by reconnecting, other clients may call it",
}

KINDS = ("function", "method", "class", "import")


def findings() -> list[str]:
    v = vulture.Vulture(ignore_names=CALLED_BY_NAME + list(KEPT))
    v.scavenge([str(ROOT / p) for p in SCANNED if (ROOT / p).exists()])
    package = ROOT / "bigcity_desktop"
    out = []
    for item in v.get_unused_code(min_confidence=60):
        path = Path(item.filename)
        if item.typ in KINDS and package in path.parents:
            out.append(f"{path.relative_to(ROOT)}:{item.first_lineno}: unused {item.typ} {item.name!r}")
    return sorted(out)


def main() -> int:
    found = findings()
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} unused: remove them, or say in scripts/unused_code.py KEPT why they stay", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
