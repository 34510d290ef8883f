"""A log that says each kind of event at most once a minute (:class:`LogLimiter`):
a fault that repeats (a full disk, a flood of clients past a cap) leaves one
line a minute with a count, never a flood of lines."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass


@dataclass
class _Said:
    at: float
    held: int = 0


class LogLimiter:
    """``limiter(kind, level, message, *args)``: logged unless a line of the
    same `kind` was within `every` seconds; the lines held back are counted
    and their number said with the next line of that kind."""

    def __init__(self, log: logging.Logger, every: float = 60.0) -> None:
        self.log = log
        self.every = every
        self._said: dict[str, _Said] = {}

    def __call__(self, kind: str, level: int, message: str, *args: object) -> bool:
        """Whether the line was logged."""
        now = time.monotonic()
        said = self._said.get(kind)
        if said is not None and now - said.at < self.every:
            said.held += 1
            return False
        if said is not None and said.held:
            message += " (%s more like it in the last %s s)"
            args = (*args, f"{said.held:,}", f"{self.every:g}")
        self.log.log(level, message, *args)
        self._said[kind] = _Said(now)
        return True

    def held(self, kind: str) -> int:
        """The lines of `kind` held back since the last one logged."""
        said = self._said.get(kind)
        return said.held if said is not None else 0


__all__ = ["LogLimiter"]
