"""A log that says each kind of event at most once a minute (:class:`LogLimiter`):
a fault that repeats (a full disk, a flood of clients past a cap) leaves one
line a minute with a count, never a flood of lines."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


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


def loop_faults(say: LogLimiter) -> Callable[[asyncio.AbstractEventLoop, dict[str, Any]], None]:
    """An event loop's exception handler: what the loop reports (an accept
    that failed for want of file descriptors, a task's error) in one line a
    minute per kind, never a traceback for each."""

    def handle(_loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        what = str(context.get("message", "an error in the event loop"))
        say(f"loop:{what}:{type(exc).__name__}", logging.ERROR, "%s: %s", what, exc or "")

    return handle


__all__ = ["LogLimiter", "loop_faults"]
