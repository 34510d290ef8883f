"""The files made from the protocol's one declaration (`make protocol`).

    python scripts/protocol.py          # writes them
    python scripts/protocol.py --check  # names the stale ones, exit 1 (tests/net/test_protocol_made.py)

From the messages of bigcity_desktop/net/protocol.py and the shapes of
net/shapes.py (an action, the view, the table presented), declared with the kit of net/wire.py:

- the JSON Schemas, bigcity_desktop/net/schemas/*.schema.json (shipped in the
  package; the server hands them to the page, the tests check frames with them);
- the browser page's types, bigcity_desktop/web/protocol.d.ts (beside the served folder), which
  the page's JSDoc imports so that `tsc --strict` checks every field it reads;
- the message tables of docs/PROTOCOL.md, between their marker comments.

A new message or field is one declaration; run this, and commit what it wrote.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bigcity_desktop.net import protocol as P  # noqa: E402
from bigcity_desktop.net.shapes import ACTION_SHAPES, Presented, View  # noqa: E402
from bigcity_desktop.net.wire import (  # noqa: E402
    COMMON,
    Either,
    Kind,
    ListOf,
    Nullable,
    Pair,
    Record,
    record_schema,
    wire_fields,
)

SCHEMAS = ROOT / "bigcity_desktop" / "net" / "schemas"
TYPES = ROOT / "bigcity_desktop" / "web" / "protocol.d.ts"
DOC = ROOT / "docs" / "PROTOCOL.md"
DRAFT = "https://json-schema.org/draft/2020-12/schema"
MADE = "made by scripts/protocol.py (`make protocol`) from net/protocol.py and net/shapes.py: do not edit"


def _inner(kind: Kind) -> list[Kind]:
    if isinstance(kind, (Nullable, ListOf)):
        return [kind.inner]
    if isinstance(kind, (Pair, Either)):
        return list(kind.items if isinstance(kind, Pair) else kind.kinds)
    return []


def _walk(kind: Kind, seen: dict[str, Kind], records: dict[type[Any], None]) -> None:
    """Every named kind and every record `kind` reaches (each once, in the order met)."""
    if kind.name and kind.name not in seen:
        seen[kind.name] = kind
    if isinstance(kind, Record) and kind.cls not in records:
        records[kind.cls] = None
        for f in wire_fields(kind.cls):
            _walk(f.kind, seen, records)
    for k in _inner(kind):
        _walk(k, seen, records)


def _messages() -> list[tuple[str, type[Any]]]:
    return [("client", c) for c in P.CLIENT_MESSAGES.values()] + [("server", c) for c in P.SERVER_MESSAGES.values()]


def _reached(*roots: type[Any]) -> tuple[dict[str, Kind], dict[type[Any], None]]:
    named: dict[str, Kind] = {}
    records: dict[type[Any], None] = {}
    for cls in roots:
        for f in wire_fields(cls):
            _walk(f.kind, named, records)
    return named, records


# ---------------------------------------------------------------------------
# the schemas


def schemas() -> dict[str, dict[str, Any]]:
    """Every schema file, by name."""
    out: dict[str, dict[str, Any]] = {}
    named, _ = _reached(*(c for _, c in _messages()), Presented)
    out[COMMON] = {
        "$schema": DRAFT,
        "title": "Pieces shared by the protocol's messages",
        "$defs": {name: kind.schema() for name, kind in named.items()},
    }
    out["action.schema.json"] = {
        "$schema": DRAFT,
        "title": "An action's JSON (both editions)",
        "oneOf": [{"$ref": f"#/$defs/{act}"} for act in ACTION_SHAPES],
        "$defs": {act: record_schema(cls, ("act", act)) for act, cls in ACTION_SHAPES.items()},
    }
    out["view.schema.json"] = {
        "$schema": DRAFT,
        "title": "A view's JSON (engine/viewjson.py): whole, or a delta with `since`",
        **record_schema(View),
    }
    out["presented.schema.json"] = {
        "$schema": DRAFT,
        "title": "A table as one seat's screen shows it (bigcity_desktop/present): the view message's `presented`",
        **record_schema(Presented),
    }
    for direction, cls in _messages():
        out[f"{direction}.{cls.TYPE}.schema.json"] = {
            "$schema": DRAFT,
            "title": cls.TYPE,
            **record_schema(cls, ("type", cls.TYPE)),
        }
    return out


def _json(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


# ---------------------------------------------------------------------------
# the page's types


def _doc_of(cls: type[Any]) -> str:
    return " ".join((cls.__doc__ or "").split()).replace("``", "`")


def _interface(name: str, cls: type[Any], tag: tuple[str, str] | None = None) -> list[str]:
    doc = _doc_of(cls)
    lines = [f"/** {doc} */"] if doc and not doc.startswith(cls.__name__ + "(") else []
    lines.append(f"export interface {name} {{")
    if tag:
        lines.append(f'  {tag[0]}: "{tag[1]}";')
    for f in wire_fields(cls):
        if f.doc:
            lines.append(f"  /** {f.doc} */")
        lines.append(f"  {f.key}{'?' if f.optional else ''}: {f.kind.ts()};")
    return [*lines, "}", ""]


def typescript() -> str:
    """protocol.d.ts: an interface per message and record, the unions of each direction."""
    out = [f"// The table protocol's types for the browser page, {MADE}.", ""]
    actions = list(ACTION_SHAPES.items())
    for act, shape in actions:
        out += _interface(shape.__name__, shape, ("act", act))
    out += [
        "/** An action of either edition. */",
        "export type Action = " + " | ".join(c.__name__ for _, c in actions) + ";",
        "",
    ]
    _, records = _reached(*(c for _, c in _messages()), View, Presented, *ACTION_SHAPES.values())
    records.pop(View, None)
    records.pop(Presented, None)
    ordered: list[type[Any]] = [View, Presented, *records]
    for record in ordered:
        if record not in ACTION_SHAPES.values():
            out += _interface(record.__name__, record)
    for direction, registry in (("Client", P.CLIENT_MESSAGES), ("Server", P.SERVER_MESSAGES)):
        for message in registry.values():
            out += _interface(message.__name__, message, ("type", message.TYPE))
        names = " | ".join(c.__name__ for c in registry.values())
        out += [f"/** Every message a {direction.lower()} sends. */", f"export type {direction}Message = {names};", ""]
    return "\n".join(out)


# ---------------------------------------------------------------------------
# the tables of docs/PROTOCOL.md


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _field_words(f: Any) -> str:
    words = [f.kind.doc()]
    if f.optional:
        words.append("optional")
    if f.doc:
        words.append(f.doc)
    return f"`{f.key}` ({_cell(', '.join(words))})"


def table(direction: str) -> str:
    registry = P.CLIENT_MESSAGES if direction == "client" else P.SERVER_MESSAGES
    rows = [
        "| type | fields | what it does |" if direction == "client" else "| type | fields | when |",
        "| --- | --- | --- |",
    ]
    for cls in registry.values():
        fields = ", ".join(_field_words(f) for f in wire_fields(cls))
        rows.append(f"| `{cls.TYPE}` | {fields} | {_cell(_doc_of(cls))} |")
    return "\n".join(rows)


def _between(text: str, marker: str, body: str) -> str:
    start, end = f"<!-- {marker}: {MADE} -->", f"<!-- /{marker} -->"
    if start not in text or end not in text:
        raise SystemExit(f"docs/PROTOCOL.md lacks the markers {start} … {end}")
    head, rest = text.split(start, 1)
    return head + start + "\n" + body + "\n" + end + rest.split(end, 1)[1]


def protocol_doc(text: str) -> str:
    for direction in ("client", "server"):
        text = _between(text, f"protocol:{direction}-messages", table(direction))
    return text


# ---------------------------------------------------------------------------


def made() -> dict[Path, str]:
    """Every made file, by path, with the text it should have."""
    out = {SCHEMAS / name: _json(schema) for name, schema in sorted(schemas().items())}
    out[TYPES] = typescript()
    out[DOC] = protocol_doc(DOC.read_text(encoding="utf-8"))
    return out


def stale() -> list[str]:
    """The made files whose text is not what the declarations make, and the
    schema files no declaration makes any more."""
    want = made()
    out = [
        str(p.relative_to(ROOT)) for p, text in want.items() if not p.exists() or p.read_text(encoding="utf-8") != text
    ]
    out += [str(p.relative_to(ROOT)) for p in SCHEMAS.glob("*.schema.json") if p not in want]
    return sorted(out)


def main(argv: list[str]) -> int:
    if argv[1:] == ["--check"]:
        bad = stale()
        for name in bad:
            print(f"stale: {name} (run `make protocol`)")
        return 1 if bad else 0
    want = made()
    for p in SCHEMAS.glob("*.schema.json"):
        if p not in want:
            p.unlink()
    for p, text in want.items():
        if not p.exists() or p.read_text(encoding="utf-8") != text:
            p.write_text(text, encoding="utf-8", newline="\n")
            print(f"wrote {p.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
