"""The server's bots: a pool of worker processes (or threads) that think each
bot decision from its seat's view, sent as JSON, so the event loop never
waits for one."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import multiprocessing
import os
import threading
import time
from typing import Any

from bigcity_desktop.engine.actions import Action, action_from_json
from bigcity_desktop.engine.collector import tune_collector
from bigcity_desktop.engine.rules import Rules, get_rules, rules_of_document
from bigcity_desktop.engine.viewjson import view_from_json, view_to_json
from bigcity_desktop.flow import BotTurn, seat_bot

_WORKER_RULES: dict[str, Rules] = {}


def bot_choose(level: str, seed: int, view_text: str) -> dict[str, Any]:
    """A bot's move on a view sent as JSON text (in a worker process or
    thread); the move as action JSON."""
    data = json.loads(view_text)
    rules = _WORKER_RULES.get(data["rules_digest"])
    if rules is None:
        rules = rules_of_document({k: data[k] for k in ("edition", "rules") if k in data}, ValueError)
        if len(_WORKER_RULES) > 32:
            _WORKER_RULES.clear()
        _WORKER_RULES[data["rules_digest"]] = rules
    view = view_from_json(data, rules=rules)
    return seat_bot(level, seed).choose(view).to_json()


def _warm_worker(parent: int) -> None:
    """Import the bots in a fresh worker process before its first move, and
    end the worker when the server that started it is gone: a server killed
    outright (SIGKILL, a crash) never tells its pool, and a worker would wait
    for work for ever."""
    tune_collector()
    get_rules("original")
    get_rules("jumbo")
    threading.Thread(target=_watch_parent, args=(parent,), name="bigcity-bot-parent", daemon=True).start()


def _watch_parent(parent: int, every: float = 1.0) -> None:
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(0)


class BotPool:
    """The workers the bots of every table think on, started at the first decision."""

    def __init__(self, kind: str = "process", workers: int = 1) -> None:
        self.kind = kind  # "process" or "thread"
        self.workers = max(1, workers)
        self._pool: concurrent.futures.Executor | None = None

    def _executor(self) -> concurrent.futures.Executor:
        if self._pool is None:
            if self.kind == "process":
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_warm_worker,
                    initargs=(os.getpid(),),
                )
            else:
                self._pool = concurrent.futures.ThreadPoolExecutor(self.workers, thread_name_prefix="bigcity-bot")
        return self._pool

    async def choose(self, turn: BotTurn) -> Action:
        """What the bot of `turn` chooses on its view; what it raised, when it
        fails (a broken pool is started afresh for the next decision)."""
        text = json.dumps(view_to_json(turn.view, embed_rules=False), separators=(",", ":"))
        loop = asyncio.get_running_loop()
        try:
            move = await loop.run_in_executor(self._executor(), bot_choose, turn.level, turn.seed, text)
        except concurrent.futures.BrokenExecutor:
            self._pool = None
            raise
        return action_from_json(move)

    async def shutdown(self) -> None:
        """End the workers, waited for (a bot's decision in flight takes a
        second or two): an executor left running races the interpreter's
        exit for its pipe and prints "Bad file descriptor" from concurrent.futures."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.get_running_loop().run_in_executor(
                None, lambda: pool.shutdown(wait=True, cancel_futures=True)
            )
