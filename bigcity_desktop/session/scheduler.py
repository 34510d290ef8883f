"""BotScheduler: when the bots of a local game think, and on what.

The game's flow (:class:`~bigcity_desktop.flow.TableFlow`) says which bot
decision is due (a :class:`~bigcity_desktop.flow.BotTurn`: the seat, its
view, the bot's seed). The scheduler waits the chosen delay (so a person can
follow the game), then works the decision out on a worker thread from that
view (made on the GUI thread, so the worker never touches the live game).
Each seat keeps its bot from decision to decision (a bot may remember what
it saw), given each decision's seed. Every piece of work carries a token;
:meth:`cancel` makes every token before it stale, so an answer that comes
back after a take-back or a new game is dropped. With ``renew=True`` it also
deals fresh bots: a search still running on the old ones never shares a bot,
or its random generator, with the new ones.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QObject, QTimer, Signal

from bigcity_desktop.bots import Bot
from bigcity_desktop.flow import BotTurn, seat_bot
from bigcity_desktop.flow.table import reseed

from . import worker

#: the longest a short decision (a draw, a second streetcar) waits, in ms
SHORT_DELAY_MS = 120
#: the delay between bot moves at first (the New game dialog's "Normal")
DEFAULT_DELAY_MS = 700


class BotScheduler(QObject):
    """Schedules the bots of a local game and hands back their answers."""

    thinking = Signal(int)  # a seat's bot waits its delay, then thinks
    chosen = Signal(int, object, object)  # token, the BotTurn, what the bot returned (normally an Action)
    failed = Signal(int, object, str)  # token, the BotTurn, what went wrong

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.delay_ms = DEFAULT_DELAY_MS
        self.paused = False
        self.bots: dict[int, Bot] = {}  # the seats' bots so far (made at their first decision)
        self._stand_ins: dict[int, Bot] = {}
        self.token = 0
        self.busy: int | None = None  # the seat whose bot is thinking on a worker
        self._waiting: BotTurn | None = None
        self._thinking: BotTurn | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._go)
        self._signals = worker.WorkerSignals(self)
        self._signals.done.connect(self._done)
        self._signals.failed.connect(self._failed)

    # ------------------------------------------------------------ the bots
    def deal(self) -> None:
        """Fresh bots for a new (or newly opened) game."""
        self.bots = {}
        self._stand_ins = {}

    def replace_bots(self, bots: Mapping[int, Bot]) -> None:
        """Stand other bots in (tests, a seat handed to a bot), until the next deal."""
        self._stand_ins.update(bots)

    def _bot(self, turn: BotTurn) -> Bot:
        stand_in = self._stand_ins.get(turn.seat)
        if stand_in is not None:
            return stand_in
        bot = self.bots.get(turn.seat)
        if bot is None or bot.name != turn.level:
            bot = self.bots[turn.seat] = seat_bot(turn.level, turn.seed)
        else:
            reseed(bot, turn.seed)
        return bot

    # ------------------------------------------------------------ scheduling
    def cancel(self, renew: bool = False) -> None:
        """Drop the waiting turn and every answer still to come; with `renew`,
        the seats get new bots (after a take-back)."""
        self.token += 1
        self._timer.stop()
        self._waiting = None
        self._thinking = None
        self.busy = None
        if renew:
            self.deal()

    def schedule(self, turn: BotTurn) -> None:
        """The decision `turn` is due: its bot thinks after the delay."""
        self._timer.stop()
        self._waiting = turn
        if self.paused:
            return
        delay = min(self.delay_ms, SHORT_DELAY_MS) if turn.short else self.delay_ms
        self.thinking.emit(turn.seat)
        self._timer.start(delay)

    def _go(self) -> None:
        turn = self._waiting
        self._waiting = None
        if turn is None or self.paused:
            return
        bot = self._bot(turn)
        view = turn.view
        self.busy = turn.seat
        self._thinking = turn
        worker.start(self.token, lambda: bot.choose(view), self._signals)

    def _done(self, token: int, result: object) -> None:
        turn = self._thinking
        if token != self.token or turn is None:
            return
        self.busy = None
        self._thinking = None
        self.chosen.emit(token, turn, result)

    def _failed(self, token: int, text: str) -> None:
        turn = self._thinking
        if token != self.token or turn is None:
            return
        self.busy = None
        self._thinking = None
        self.failed.emit(token, turn, text)


__all__ = ["BotScheduler", "DEFAULT_DELAY_MS", "SHORT_DELAY_MS"]
