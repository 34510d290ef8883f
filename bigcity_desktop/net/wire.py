"""How the protocol's records are declared, read and written: the one declaration.

A record of the wire (a message, a part of one, an action's shape, the view)
is a frozen dataclass whose fields say everything about themselves in their
annotation: the Python type, and, in ``typing.Annotated`` metadata, the
:class:`Kind` that checks a value read, gives its JSON Schema and its
TypeScript type::

    @dataclass(frozen=True)
    class Join(ClientMessage):
        TYPE: ClassVar[str] = "join"
        table: TableId
        name: Annotated[str, Text(200, empty=True)]
        seat: Seat | None = None      # optional: it has a default
        id: RequestId = None

A field with a default may be left out of a message; ``X | None`` may be
null; ``tuple[R, ...]`` of a record ``R`` is a list of them (its longest in
a :class:`Most`); ``bool`` and another record need no metadata (an action
is ``shapes.Act``, the shapes of net/shapes.py). Everything else that knows the fields is made from this: the
strict reading (:func:`build`), the writing (:func:`to_json`), and, by
``scripts/protocol.py`` (``make protocol``), the JSON Schemas in
``net/schemas``, the page's ``web/protocol.d.ts`` and the message
tables of docs/PROTOCOL.md.

Hand-written rather than pydantic or msgspec: the reader's refusals are
sentences the tests and players read (kept word for word), its strictness
(``3.0`` is no whole number, ``true`` no number) is the engine's ``jsonio``,
the wire's bytes must not change, and the schemas keep to the small subset
of keywords the page's own validator reads (reader.js), with shared pieces
referred to across files. A library would need all four bent back (and a
new dependency in every bundle) to save the few hundred lines of this file.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from typing import Annotated, Any, ClassVar, Union

from bigcity_desktop.engine.actions import Action
from bigcity_desktop.engine.jsonio import short

#: a JSON Schema (a node of one)
Schema = dict[str, Any]
Check = Callable[[Any, str], Any]

#: the file of the shared pieces, and where a named kind or record lies in it
COMMON = "common.schema.json"


class ProtocolError(ValueError):
    """A message that cannot be read. ``code`` says what kind of refusal it is."""

    def __init__(self, reason: str, code: str = "bad_message") -> None:
        super().__init__(reason)
        self.code = code


def _fail(text: str) -> ProtocolError:
    return ProtocolError(text)


# ---------------------------------------------------------------------------
# kinds: what a field holds


class Kind:
    """What a field holds: its check on reading, its schema, its TypeScript
    type. A kind with a ``name`` is a shared piece: its schema is written once
    into common.schema.json and referred to by name."""

    name: str | None = None

    def check(self, v: Any, where: str) -> Any:
        raise NotImplementedError

    def schema(self) -> Schema:
        raise NotImplementedError

    def ts(self) -> str:
        raise NotImplementedError

    def ref(self) -> Schema:
        """The schema where a field uses it: a reference to a named kind, else inline."""
        return {"$ref": f"{COMMON}#/$defs/{self.name}"} if self.name else self.schema()

    def doc(self) -> str:
        """A few words for the message table of docs/PROTOCOL.md."""
        return self.ts()


@dataclass(frozen=True)
class Int(Kind):
    """A whole number (never 3.0, never true) from `low` to `high`."""

    low: int = -(2**31)
    high: int = 2**31 - 1
    name: str | None = None

    def check(self, v: Any, where: str) -> int:
        if type(v) is not int:
            raise _fail(f"{where} must be a whole number, not {short(v)}")
        if not self.low <= v <= self.high:
            raise _fail(f"{where} must be from {self.low} to {self.high}, not {v}")
        return v

    def schema(self) -> Schema:
        return {"type": "integer", "minimum": self.low, "maximum": self.high}

    def ts(self) -> str:
        return "number"

    def doc(self) -> str:
        return f"int {self.low}–{self.high}"


@dataclass(frozen=True)
class Number(Kind):
    """A number from `low` to `high` (read as a float)."""

    low: float
    high: float

    def check(self, v: Any, where: str) -> float:
        if type(v) not in (int, float):
            raise _fail(f"{where} must be a number, not {short(v)}")
        if not self.low <= v <= self.high:
            raise _fail(f"{where} must be from {self.low:g} to {self.high:g}, not {v}")
        return float(v)

    def schema(self) -> Schema:
        return {"type": "number", "minimum": self.low, "maximum": self.high}

    def ts(self) -> str:
        return "number"

    def doc(self) -> str:
        return f"number {self.low:g}–{self.high:g}"


@dataclass(frozen=True)
class Text(Kind):
    """Text of at most `limit` characters; not only spaces unless `empty`."""

    limit: int
    empty: bool = False
    name: str | None = None

    def check(self, v: Any, where: str) -> str:
        if not isinstance(v, str):
            raise _fail(f"{where} must be text, not {short(v)}")
        if len(v) > self.limit:
            raise _fail(f"{where} is {len(v)} characters long; at most {self.limit} are read")
        if not self.empty and not v.strip():
            raise _fail(f"{where} must not be empty")
        return v

    def schema(self) -> Schema:
        return {"type": "string", "maxLength": self.limit}

    def ts(self) -> str:
        return "string"

    def doc(self) -> str:
        return f"text ≤ {self.limit}"


@dataclass(frozen=True)
class Pattern(Kind):
    """Text matching `pattern` (an id, a lower-case word): the schema says only its length."""

    pattern: str
    limit: int
    what: str
    name: str | None = None

    def check(self, v: Any, where: str) -> str:
        if not isinstance(v, str) or not re.fullmatch(self.pattern, v):
            raise _fail(f"{where} must be {self.what}, not {short(v)}")
        return v

    def schema(self) -> Schema:
        return {"type": "string", "maxLength": self.limit}

    def ts(self) -> str:
        return "string"

    def doc(self) -> str:
        return self.name or "text"


class Bool(Kind):
    def check(self, v: Any, where: str) -> bool:
        if not isinstance(v, bool):
            raise _fail(f"{where} must be true or false, not {short(v)}")
        return v

    def schema(self) -> Schema:
        return {"type": "boolean"}

    def ts(self) -> str:
        return "boolean"


@dataclass(frozen=True)
class Const(Kind):
    """One value only (a format's name, a version)."""

    value: str | int

    def check(self, v: Any, where: str) -> Any:
        if v != self.value or type(v) is not type(self.value):
            raise _fail(f"{where} must be {self.value!r}")
        return v

    def schema(self) -> Schema:
        return {"const": self.value}

    def ts(self) -> str:
        return f'"{self.value}"' if isinstance(self.value, str) else str(self.value)


@dataclass(frozen=True)
class OneOf(Kind):
    """One of a few words (a phase, a kind of log line)."""

    values: tuple[str, ...]

    def check(self, v: Any, where: str) -> str:
        if v not in self.values or not isinstance(v, str):
            raise _fail(f"{where} must be one of {', '.join(self.values)}, not {short(v)}")
        return v

    def schema(self) -> Schema:
        return {"enum": list(self.values)}

    def ts(self) -> str:
        return " | ".join(f'"{x}"' for x in self.values)


@dataclass(frozen=True, eq=False)
class Loose(Kind):
    """A value read by another reader (engine/viewjson.py's, the rules'): the
    schema and the type say its JSON kind only."""

    json: Schema
    typescript: str

    def check(self, v: Any, where: str) -> Any:
        if self.json.get("type") == "object" and not isinstance(v, dict):
            raise _fail(f"{where} must be an object, not {short(v)}")
        return v

    def schema(self) -> Schema:
        return dict(self.json)

    def ts(self) -> str:
        return self.typescript


@dataclass(frozen=True)
class Ref(Kind):
    """A value whose schema is a whole file of its own (the view, an action)."""

    file: str
    typescript: str
    reader: Check

    def check(self, v: Any, where: str) -> Any:
        return self.reader(v, where)

    def schema(self) -> Schema:
        return {"$ref": self.file}

    def ts(self) -> str:
        return self.typescript

    def doc(self) -> str:
        return f"an {self.typescript.lower()}" if self.typescript[0] in "AEIOU" else f"a {self.typescript.lower()}"


@dataclass(frozen=True)
class Either(Kind):
    """One of a few kinds (for a shape read by another reader: no check of its own)."""

    kinds: tuple[Kind, ...]

    def check(self, v: Any, where: str) -> Any:
        return v

    def schema(self) -> Schema:
        return {"oneOf": [k.ref() for k in self.kinds]}

    def ts(self) -> str:
        return " | ".join(_paren(k.ts()) for k in self.kinds)


@dataclass(frozen=True)
class Nullable(Kind):
    inner: Kind

    def check(self, v: Any, where: str) -> Any:
        return None if v is None else self.inner.check(v, where)

    def schema(self) -> Schema:
        return {"oneOf": [self.inner.ref(), {"type": "null"}]}

    def ts(self) -> str:
        return f"{_paren(self.inner.ts())} | null"

    def doc(self) -> str:
        return f"{self.inner.doc()} or null"


@dataclass(frozen=True)
class ListOf(Kind):
    """A list of at most `limit` values of a kind (read into a tuple)."""

    inner: Kind
    limit: int | None = None

    def check(self, v: Any, where: str) -> tuple[Any, ...]:
        if not isinstance(v, list):
            raise _fail(f"{where} must be a list, not {short(v)}")
        if self.limit is not None and len(v) > self.limit:
            raise _fail(f"{where} holds {len(v)} entries; at most {self.limit} are read")
        return tuple(self.inner.check(x, f"{where}[{i}]") for i, x in enumerate(v))

    def schema(self) -> Schema:
        out: Schema = {"type": "array", "items": self.inner.ref()}
        if self.limit is not None:
            out["maxItems"] = self.limit
        return out

    def ts(self) -> str:
        return f"{_paren(self.inner.ts())}[]"

    def doc(self) -> str:
        return f"list of {self.inner.doc()}" + (f" (≤ {self.limit})" if self.limit is not None else "")


@dataclass(frozen=True)
class Pair(Kind):
    """An array of fixed length, each place of its own kind (``[x, y]``)."""

    items: tuple[Kind, ...]

    def check(self, v: Any, where: str) -> Any:
        if not isinstance(v, list) or len(v) != len(self.items):
            raise _fail(f"{where} must be a list of {len(self.items)}")
        return tuple(k.check(x, f"{where}[{i}]") for i, (k, x) in enumerate(zip(self.items, v)))

    def schema(self) -> Schema:
        return {"type": "array", "prefixItems": [k.ref() for k in self.items], "items": False}

    def ts(self) -> str:
        return "[" + ", ".join(k.ts() for k in self.items) + "]"


@dataclass(frozen=True)
class Record(Kind):
    """A nested object: the record class `cls` (exact fields)."""

    cls: type[Any]

    @property
    def name(self) -> str | None:  # type: ignore[override]
        return getattr(self.cls, "NAME", "") or None

    def check(self, v: Any, where: str) -> Any:
        if not isinstance(v, dict):
            raise _fail(f"{where} must be an object, not {short(v)}")
        return build(self.cls, v, where)

    def schema(self) -> Schema:
        return record_schema(self.cls)

    def ts(self) -> str:
        return str(self.cls.__name__)

    def doc(self) -> str:
        return self.name or self.cls.__name__


@dataclass(frozen=True)
class Most:
    """Metadata: a list field holds at most `n` entries."""

    n: int


@dataclass(frozen=True)
class Doc:
    """Metadata: a few words on the field for docs/PROTOCOL.md's message tables."""

    text: str


@dataclass(frozen=True)
class Key:
    """Metadata: the field's name on the wire, where it is no Python name (``$msg``)."""

    name: str


def _paren(ts: str) -> str:
    return f"({ts})" if "|" in ts else ts


# ---------------------------------------------------------------------------
# records: kinds from the annotations


@dataclass(frozen=True)
class WireField:
    """One field of a record: its name in Python and on the wire, its kind, whether it may be left out."""

    name: str
    key: str
    kind: Kind
    optional: bool
    doc: str = ""


def kind_of(hint: Any, extras: tuple[Any, ...] = ()) -> Kind:
    """The kind a field's type hint declares (see the module's docstring)."""
    if typing.get_origin(hint) is Annotated:
        base, *meta = typing.get_args(hint)
        return kind_of(base, (*extras, *meta))
    given = [m for m in extras if isinstance(m, Kind)]
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        inner = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(inner) == 1 and len(inner) < len(typing.get_args(hint)):
            return Nullable(kind_of(inner[0], extras))
    if given:
        return given[0]
    if hint is bool:
        return Bool()
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            most = [m.n for m in extras if isinstance(m, Most)]
            return ListOf(kind_of(args[0]), most[0] if most else None)
    if isinstance(hint, type) and hasattr(hint, "__dataclass_fields__"):
        return Record(hint)
    raise TypeError(f"the type {hint!r} declares no kind: annotate it (typing.Annotated) with one of net/wire.py")


def wire_fields(cls: type[Any]) -> tuple[WireField, ...]:
    """The wire fields of record `cls`, in declaration order (made once per class)."""
    made = cls.__dict__.get("_wire_fields")
    if made is not None:
        return made  # type: ignore[no-any-return]
    hints = typing.get_type_hints(cls, include_extras=True)
    out = []
    for f in fields(cls):
        hint = hints[f.name]
        meta = typing.get_args(hint)[1:] if typing.get_origin(hint) is Annotated else ()
        keys = [m.name for m in meta if isinstance(m, Key)]
        doc = " ".join(m.text for m in meta if isinstance(m, Doc))
        optional = f.default is not MISSING or f.default_factory is not MISSING  # it has a default
        out.append(WireField(f.name, keys[0] if keys else f.name, kind_of(hint), optional, doc))
    made = tuple(out)
    cls._wire_fields = made
    return made


def build(cls: type[Any], data: dict[str, Any], where: str) -> Any:
    """Record `cls` read from `data`: exact fields, each checked by its kind."""
    specs = wire_fields(cls)
    known = {f.key for f in specs}
    for k in data:
        if k not in known:
            raise _fail(f"{where}: unknown field {short(k)} (known: {', '.join(sorted(known))})")
    values: dict[str, Any] = {}
    for f in specs:
        if f.key in data:
            values[f.name] = f.kind.check(data[f.key], f"{where}.{f.key}")
        elif not f.optional:
            raise _fail(f"{where} lacks the field {f.key!r}")
    return cls(**values)


def to_json(v: Any, top: bool = False) -> Any:
    """A record (or a value inside one) as JSON. An optional field that is None
    is left out of a message (`top`) and of a record that says ``OMIT_NONE``;
    elsewhere it is written as null (as a seat's `away` is)."""
    cls = type(v)
    if cls in _PLAIN:  # most values: written as they are
        return v
    if cls is tuple:
        return [to_json(x) for x in v]
    if isinstance(v, Action):
        return v.to_json()
    if hasattr(cls, "__dataclass_fields__") and not isinstance(v, type):
        omit = top or bool(getattr(v, "OMIT_NONE", False))
        kind: str = getattr(v, "TYPE", "")
        out: dict[str, Any] = {"type": kind} if top and kind else {}
        for f in wire_fields(cls):
            x = getattr(v, f.name)
            if not (omit and f.optional and x is None):
                out[f.key] = to_json(x)
        return out
    if isinstance(v, tuple):
        return [to_json(x) for x in v]
    return v


#: the types to_json writes as they are without looking further
_PLAIN = frozenset({str, int, float, bool, type(None), dict, list})


def record_schema(cls: type[Any], tag: tuple[str, str] | None = None) -> Schema:
    """The JSON Schema of record `cls`; `tag` (a message's ``type``, an
    action's ``act``, and its value) comes first, a const."""
    props: Schema = {tag[0]: {"const": tag[1]}} if tag else {}
    required = [tag[0]] if tag else []
    for f in wire_fields(cls):
        props[f.key] = f.kind.ref()
        if not f.optional:
            required.append(f.key)
    return {"type": "object", "properties": props, "required": required, "additionalProperties": False}


class Wire:
    """A base for records: ``NAME`` (when set) makes it a shared piece of common.schema.json."""

    NAME: ClassVar[str] = ""
    TYPE: ClassVar[str] = ""


__all__ = [
    "Bool",
    "Const",
    "Doc",
    "Either",
    "Int",
    "Key",
    "Kind",
    "ListOf",
    "Loose",
    "Most",
    "Nullable",
    "Number",
    "OneOf",
    "Pair",
    "Pattern",
    "ProtocolError",
    "Record",
    "Ref",
    "Text",
    "Wire",
    "WireField",
    "build",
    "kind_of",
    "record_schema",
    "to_json",
    "wire_fields",
]
