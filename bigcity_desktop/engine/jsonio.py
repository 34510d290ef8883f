"""Reading JSON documents that users hand in (layouts, game records)."""

from __future__ import annotations

import json
from typing import Any


def decode_json(raw: bytes | str | dict, error: type[Exception], damaged: str = "not valid JSON") -> Any:
    """Bytes or text -> parsed JSON (a dict passes through); `error` with a
    sentence naming the line and column when the text is not JSON."""
    if isinstance(raw, (bytes, bytearray)):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise error("the file is not UTF-8 text") from None
    if not isinstance(raw, str):
        return raw
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        raise error(f"{damaged} (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
