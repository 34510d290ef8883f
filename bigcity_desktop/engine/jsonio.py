"""The one reading layer for every file a user hands the app.

Layouts, game records, house-rules files and the checker's moves all come
in through here, so they all get the same limits and the same kind of
refusal: a sentence that says what was expected (the caller puts the file's
name in front of it).

- :func:`read_capped` reads a file from disk: only a regular file (never a
  FIFO, a device such as ``/dev/zero``, or a folder), at most ``cap`` bytes.
- :func:`decode_json` turns bytes into JSON values with a nesting limit, a
  limit on the digits of a number, no ``NaN``/``Infinity``, and strict UTF-8.
- :func:`check_plain` walks a parsed value (JSON or TOML) without recursion
  and refuses one that is nested too deep or holds too many values.
- The ``want_*`` helpers check one field strictly: a whole number is an
  ``int`` (never ``true``, never ``3.0``, never the text ``"3"``), text is a
  ``str`` of limited length without control characters.

Limits are documented in ``docs/FILES.md``; change them there too.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from .messages import msg

if TYPE_CHECKING:
    from typing_extensions import TypeIs

KIB = 1024
MIB = 1024 * KIB

#: the biggest file of each kind that is read at all
MAX_BYTES: dict[str, int] = {
    "game record": 16 * MIB,
    "layout": 1 * MIB,
    "rules file": 256 * KIB,
    "move": 64 * KIB,
    "tutorial": 1 * MIB,
    "puzzle": 1 * MIB,
    "progress file": 1 * MIB,
    "player record": 4 * MIB,
}
#: arrays and objects inside each other
MAX_DEPTH = 32
#: digits of one number (a 64-bit number has at most 19)
MAX_DIGITS = 19
#: values (numbers, strings, items) in one document
MAX_VALUES = 2_000_000
#: the largest magnitude of any whole number in a file
MAX_ABS_INT = 2**63 - 1
#: names a player types (player names, edition names)
MAX_NAME = 40
#: longer texts (a rules title, a building label, a tile name)
MAX_TEXT = 80


class InputError(ValueError):
    """Input that the reading layer refuses; the message says why."""


def _human_size(n: int) -> str:
    if n >= MIB:
        return f"{n / MIB:.1f} MB"
    if n >= KIB:
        return f"{n // KIB} KB"
    return f"{n} bytes"


#: the kinds of file read_capped reads, as its sentences name them
_A_KIND = {"layout": msg("a layout"), "game record": msg("a game record"), "rules file": msg("a rules file")}


def read_capped(path: str | Path, kind: str, error: Callable[[str], Exception] = InputError) -> bytes:
    """The bytes of a regular file of at most ``MAX_BYTES[kind]`` bytes.

    Never blocks on a FIFO and never reads without end from a device: the
    file is opened non-blocking and must be a regular file."""
    cap = MAX_BYTES[kind]
    a_kind = _A_KIND.get(kind, f"a {kind}")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(os.fspath(path), flags)
    except OSError as exc:
        raise error(msg("cannot read it: {reason}", reason=exc.strerror or str(exc))) from None
    except (ValueError, TypeError):  # a NUL byte in the name
        raise error(msg("cannot read it: not a file name")) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise error(msg("it is not a regular file, so it cannot be {kind}", kind=a_kind))
        if info.st_size > cap:
            raise error(
                msg(
                    "it is {size}; {kind} may be at most {cap}",
                    size=_human_size(info.st_size),
                    kind=a_kind,
                    cap=_human_size(cap),
                )
            )
        chunks = []
        left = cap + 1
        while left > 0:
            chunk = os.read(fd, min(left, MIB))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
    except OSError as exc:
        raise error(msg("cannot read it: {reason}", reason=exc.strerror or str(exc))) from None
    finally:
        os.close(fd)
    if len(data) > cap:
        raise error(msg("it is larger than {cap}, the limit for {kind}", cap=_human_size(cap), kind=a_kind))
    return data


def to_text(raw: bytes | bytearray | str, error: type[Exception] = InputError) -> str:
    if isinstance(raw, str):
        return raw
    try:
        text = bytes(raw).decode("utf-8")
    except UnicodeDecodeError:
        raise error(msg("the file is not UTF-8 text")) from None
    return text[1:] if text.startswith("\ufeff") else text


class _Refused(Exception):
    pass


def _parse_int(s: str) -> int:
    if len(s.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"a number has {len(s.lstrip('-'))} digits; at most {MAX_DIGITS} are read")
    return int(s)


def _parse_float(s: str) -> float:
    if len(s) > MAX_DIGITS + 8:
        raise _Refused(f"a number is written with {len(s)} characters; at most {MAX_DIGITS + 8} are read")
    v = float(s)
    if v != v or v in (float("inf"), float("-inf")):
        raise _Refused(f"the number {s} is out of range")
    return v


def _parse_constant(s: str) -> NoReturn:
    raise _Refused(f"{s} is not a number JSON allows")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise _Refused(f"the key {short(twice)} is given twice in one object")
    return obj


#: the one decoder with the checks above (json.loads would make one per call)
_DECODER = json.JSONDecoder(
    parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant, object_pairs_hook=_object
)


def decode_json(
    raw: bytes | str | dict[str, Any] | list[Any],
    error: type[Exception] = InputError,
    damaged: str = msg("not valid JSON"),
    max_depth: int = MAX_DEPTH,
    checked: bool = False,
) -> Any:
    """Bytes or text -> JSON values within the limits (a dict or list passes
    through, checked the same way, unless the caller says it was `checked`:
    a part of a value this function returned); `error` with a sentence otherwise."""
    if isinstance(raw, (dict, list)):
        if not checked:
            check_plain(raw, error, max_depth)
        return raw
    text = to_text(raw, error)
    try:
        data = _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        raise error(
            msg(
                "{damaged} (line {line}, column {column}: {detail})",
                damaged=damaged,
                line=exc.lineno,
                column=exc.colno,
                detail=exc.msg,
            )
        ) from None
    except _Refused as exc:
        raise error(str(exc)) from None
    except RecursionError:
        raise error(msg("arrays and objects are nested too deep (at most {n} levels are read)", n=MAX_DEPTH)) from None
    except (ValueError, OverflowError) as exc:
        raise error(f"{damaged} ({exc})") from None
    check_plain(data, error, max_depth)
    return data


def check_plain(data: Any, error: Callable[[str], Exception] = InputError, max_depth: int = MAX_DEPTH) -> None:
    """Refuse values nested deeper than `max_depth`, more than MAX_VALUES
    values, or anything that is not a JSON/TOML scalar, list or table.
    Iterative, so a deep value cannot exhaust the stack: one level of
    nesting at a time, each value looked at once by its exact type (a big
    view's million values in a fraction of the former time); a value of
    another type (a subclass) is judged as before, by isinstance."""
    level: list[Any] = []
    count = 1
    _check_value(data, level, error)
    depth = 1
    while level:
        if depth > max_depth:
            raise error(f"arrays and objects are nested too deep (at most {max_depth} levels are read)")
        below: list[Any] = []
        for container in level:
            values = _values_of(container, error)
            count += len(values)
            if count > MAX_VALUES:
                raise error(f"the file holds more than {MAX_VALUES} values")
            _check_values(values, below, error)
        level = below
        depth += 1


def _values_of(container: Any, error: Callable[[str], Exception]) -> Any:
    """A list's items, or a table's values once its keys are found to be text."""
    if type(container) is list or (not isinstance(container, dict) and isinstance(container, list)):
        return container
    if not all(type(k) is str for k in container) and not all(isinstance(k, str) for k in container):
        raise error("a key is not text")
    return container.values()


def _check_values(values: Any, below: list[Any], error: Callable[[str], Exception]) -> None:
    """The values of one container: by exact type first (the plain kinds), else as :func:`_check_value`."""
    for v in values:
        t = type(v)
        if t is str or t is bool or v is None:
            continue
        if t is int:
            if v > MAX_ABS_INT or v < -MAX_ABS_INT:
                raise error(f"the number {str(v)[:24]}\N{HORIZONTAL ELLIPSIS} is too large")
        elif t is dict or t is list:
            below.append(v)
        else:
            _check_value(v, below, error)


def _check_value(v: Any, below: list[Any], error: Callable[[str], Exception]) -> None:
    """One value of any type: a container goes on `below`, a scalar is checked."""
    if isinstance(v, (dict, list)):
        below.append(v)
    elif isinstance(v, int) and not isinstance(v, bool):
        if abs(v) > MAX_ABS_INT:
            raise error(f"the number {str(v)[:24]}\N{HORIZONTAL ELLIPSIS} is too large")
    elif v is None or isinstance(v, (bool, str, float)):
        if isinstance(v, float) and (v != v or v in (float("inf"), float("-inf"))):
            raise error("a number is not finite")
    else:
        raise error(f"a value of kind {type(v).__name__} is not allowed here")


# ---------------------------------------------------------------------------
# strict field checks


def is_int(v: object) -> TypeIs[int]:
    """A whole number: an int, never a bool, never a float such as 3.0."""
    return type(v) is int


def want_int(v: Any, where: str, error: type[Exception], low: int | None = None, high: int | None = None) -> int:
    if not is_int(v):
        raise error(f"{where} must be a whole number, not {short(v)}")
    if low is not None and v < low:
        raise error(f"{where} must be at least {low}, not {v}")
    if high is not None and v > high:
        raise error(f"{where} must be at most {high}, not {v}")
    return v


def want_text(v: Any, where: str, error: type[Exception], limit: int = MAX_NAME, empty: bool = False) -> str:
    if not isinstance(v, str):
        raise error(f"{where} must be text, not {short(v)}")
    if not empty and not v.strip():
        raise error(f"{where} must not be empty")
    if len(v) > limit:
        raise error(f"{where} is {len(v)} characters long; at most {limit} are allowed")
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 or c in "\u2028\u2029\ufeff" for c in v):
        raise error(f"{where} holds a control character")
    return v


def is_ascii_int_text(s: Any) -> bool:
    """Text that is a whole number in ASCII digits with an optional leading
    minus: "12", "-3"; never "--3", "٣", "³", " 1" or a 30-digit number."""
    if not isinstance(s, str) or not s:
        return False
    body = s[1:] if s.startswith("-") else s
    return 0 < len(body) <= MAX_DIGITS and all("0" <= c <= "9" for c in body)


def short(v: Any, limit: int = 40) -> str:
    """A short repr of a value for a message (never the whole of a huge one)."""
    if isinstance(v, (dict, list)):
        text = "an object" if isinstance(v, dict) else "a list"
        return text
    try:
        text = repr(v)
    except ValueError:  # an int too long to print
        text = "a very long number"
    if len(text) > limit:
        text = text[: limit - 1] + "\N{HORIZONTAL ELLIPSIS}"
    return text
