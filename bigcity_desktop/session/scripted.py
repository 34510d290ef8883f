"""Scripted sessions: a tutorial and a puzzle, as the game window plays them.

Both are :class:`~.base.GameSession` implementations over a run of
:mod:`bigcity_desktop.learn`: the window, its models and its board play a
lesson exactly as they play a game, and only the session knows the
difference.

- :class:`TutorialSession` plays a :class:`~bigcity_desktop.learn.TutorialRun`:
  the moves it offers (lit spots, enabled buttons, the supply's ✓, the N
  key's cycle) are the ones the step accepts; any other move is refused with
  the lesson's teaching sentence and changes nothing; after an accepted
  move the step's scripted replies are played one by one (``applied`` for
  each, so the log, the chart and the board follow as in a game).
- :class:`PuzzleSession` plays a :class:`~bigcity_desktop.learn.PuzzleRun`:
  every legal move is allowed, the other seats answer by the puzzle's rule,
  and the attempt ends as the goal says; Restart, a hint thought out on a
  worker thread, and "show me" (the puzzle's answer played move by move).

No bots run here, nothing is autosaved and no move is taken back: a lesson
goes back a step (:meth:`TutorialSession.back`) or starts again
(:meth:`PuzzleSession.restart`) instead. A lesson never emits ``over``: its
end is ``finished`` (the window's results dialog is for games).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator

from PySide6.QtCore import QObject, QTimer, Signal

from bigcity_desktop.engine import Action, ActionKind, Draw, GameState, kind_of
from bigcity_desktop.engine.record import LoadedGame, PlayerInfo
from bigcity_desktop.engine.seat import SeatView
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.i18n import current_language, engine_text, translate
from bigcity_desktop.learn import Puzzle, PuzzleRun, StepView, TutorialRun, refuse_attempt

from . import worker
from .base import GameSession, SessionKind, SessionTraits

#: the PlayerInfo kind of a seat the lesson plays (its moves are scripted)
SCRIPTED = "scripted"
#: the slowest pace of the replies (ms before each move that is not a draw)
MAX_REPLY_DELAY_MS = 900


class LessonView(GameState):
    """A player's view in which the moves *offered* are the lesson's: what
    the window lights, enables and cycles through (``iter_legal``,
    ``legal_kinds``, ``legal_draw_stacks``). The rules still judge every
    move (``check``, ``judge`` and ``why_not`` are the engine's), so a move
    tried anyway is answered by the session, with a sentence that teaches."""

    offered: tuple[Action, ...]

    @classmethod
    def of(cls, view: GameState, offered: Iterable[Action]) -> LessonView:
        v = cls.__new__(cls)
        v.__dict__.update(view.__dict__)
        v.offered = tuple(offered)
        return v

    def iter_legal(self, kind: ActionKind | None = None) -> Iterator[Action]:
        for a in self.offered:
            if kind is None or kind_of(a, self.rules) == kind:
                yield a

    def legal_kinds(self) -> list[ActionKind]:
        out: list[ActionKind] = []
        for a in self.offered:
            k = kind_of(a, self.rules)
            if k not in out:
                out.append(k)
        return out

    def legal_draw_stacks(self) -> list[int]:
        return [a.stack for a in self.offered if isinstance(a, Draw)]


class LessonSeatView(SeatView):
    """The board's questions in a tutorial: "why can no such move be made"
    (asked when a piece cannot be picked up) is answered by the step, what
    it teaches, and said to the coach too; no other neighborhood "fits
    nowhere": it is not this step's."""

    explain: Callable[[ActionKind, int | None], str | None]

    @classmethod
    def of(cls, sv: SeatView, explain: Callable[[ActionKind, int | None], str | None]) -> LessonSeatView:
        v = cls.__new__(cls)
        v.__dict__.update(sv.__dict__)
        v.explain = explain
        return v

    def why_not(self, kind: ActionKind, tile: int | None = None) -> str | None:
        return self.explain(kind, tile) or super().why_not(kind, tile)


def name_learner(state: GameState, seat: int) -> None:
    """The learner's seat, named "You" in the lesson's file, gets the word of
    the player's language (the log's sentences name the players)."""
    if state.names[seat] == "You":
        state.names[seat] = translate("GameController", "You")


def lesson_players(state: GameState, seat: int) -> list[PlayerInfo]:
    """The learner (their name "You" in the player's language) and the seats the lesson plays."""
    out = []
    for i, name in enumerate(state.names):
        if i == seat:
            shown = translate("GameController", "You") if name == "You" else name
            out.append(PlayerInfo(shown, SeatKind.HUMAN))
        else:
            out.append(PlayerInfo(name, SCRIPTED))
    return out


class ScriptedSession(GameSession):
    """What a tutorial and a puzzle share: the view, the players, and the
    moves played one after another (see the module text)."""

    kind = SessionKind.TUTORIAL
    traits = SessionTraits(holds_full_state=True, scripted=True)

    stepChanged = Signal()  # the lesson moved on: read its text and lights afresh
    finished = Signal()  # the tutorial reached its end, or the puzzle's attempt is over

    def __init__(self, seat: int, players: list[PlayerInfo], parent: QObject | None = None, reply_delay_ms: int = 0):
        super().__init__(parent)
        self._seat = seat
        self._players = players
        self._version = 0
        self._view_cache: tuple[int, GameState] | None = None
        self._shown: GameState | None = None  # the position on screen while moves are being played
        self._played: GameState | None = None  # the position the last moves shown ended in
        self._queue: deque[tuple[int, Action]] = deque()
        self._delay = max(0, min(MAX_REPLY_DELAY_MS, int(reply_delay_ms)))
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._play_queue)
        self._stopped = False

    # ------------------------------------------------------------ what a subclass gives
    def run_state(self) -> GameState:
        """The run's own state (the position once the moves being played are shown)."""
        raise NotImplementedError

    def offered(self) -> tuple[Action, ...] | None:
        """The moves the lesson offers now (None: every legal move)."""
        raise NotImplementedError

    def _moves_shown(self) -> None:
        """The moves being played are all on screen (a subclass says so: ``replaced`` or ``started``)."""

    def _prompt(self) -> None:
        """Ask for the learner's move (``yourTurn``) where the lesson waits for one."""

    def begin(self) -> None:
        """The lesson is on screen: ask for the learner's move where it waits for one."""
        self.resume()
        self._prompt()

    # ------------------------------------------------------------ the game
    def view(self) -> GameState | None:
        cached = self._view_cache
        if cached is not None and cached[0] == self._version:
            return cached[1]
        base = self._shown if self._shown is not None else self.run_state()
        view = base.view_for(self._seat)
        offered = () if self.busy else self.offered()
        if offered is not None:
            view = LessonView.of(view, offered)
        self._view_cache = (self._version, view)
        return view

    @property
    def seat(self) -> int | None:
        return self._seat

    @property
    def players(self) -> list[PlayerInfo]:
        return self._players

    @property
    def version(self) -> int:
        return self._version

    @property
    def busy(self) -> bool:
        """Moves are being played on screen (the learner waits)."""
        return self._shown is not None

    @property
    def language(self) -> str:
        return current_language()

    def final_record(self) -> LoadedGame | None:
        return None  # a lesson is no game to replay or analyse

    def _changed(self) -> None:
        self._version += 1
        self._view_cache = None

    def turn_reason(self, seat: int | None = None) -> str | None:
        if self.busy:
            s = self._shown
            who = s.current_player if s is not None else None
            if who is not None and who != self._seat:
                return translate("ScriptedSession", "wait a moment: {name} is playing").format(name=self.name(who))
            return translate("ScriptedSession", "wait a moment: the moves are being shown")
        return super().turn_reason(seat)

    def _refuse(self, text: str) -> str:
        self.refused.emit(text)
        return text

    # ------------------------------------------------------------ playing moves on screen
    def _show_moves(self, start: GameState, moves: Iterable[tuple[int, Action]]) -> None:
        """Play `moves` ((player, action), legal in turn) from `start` on
        screen, one ``applied`` each; with a delay, one at a time before
        every move of another seat that is not a draw."""
        self._shown = start
        self._queue = deque(moves)
        self._play_queue()

    def _play_queue(self) -> None:
        if self._stopped:
            return
        s = self._shown
        if s is None:
            return
        while self._queue:
            who, action = self._queue.popleft()
            s.apply_unchecked(action)  # the lesson checked it (and its replies) when it was played
            self._changed()
            self.applied.emit(who, action)
            if self._queue and self._delay:
                nxt_who, nxt = self._queue[0]
                if nxt_who != self._seat and not isinstance(nxt, Draw):
                    self._timer.start(self._delay)
                    return
        self._played = s  # where the moves ended (a step with its own position goes on from its log)
        self._shown = None
        self._changed()
        self._moves_shown()

    @property
    def bot_delay_ms(self) -> int:
        return self._delay

    @bot_delay_ms.setter
    def bot_delay_ms(self, ms: int) -> None:
        """The pace of the scripted replies (the window's bot speed, at most MAX_REPLY_DELAY_MS)."""
        self._delay = max(0, min(MAX_REPLY_DELAY_MS, int(ms)))

    def finish_moves(self) -> None:
        """Show the moves being played at once (Next pressed while they play, or a test)."""
        if self.busy:
            self._timer.stop()
            delay, self._delay = self._delay, 0
            self._play_queue()
            self._delay = delay

    def stop(self) -> None:
        """The lesson is left or the window closes: nothing more is played."""
        self._timer.stop()
        self._stopped = True
        self._queue.clear()
        if self._shown is not None:
            self._shown = None
            self._changed()

    def resume(self) -> None:
        """Play again after :meth:`stop` (the session is used once more)."""
        self._stopped = False


class TutorialSession(ScriptedSession):
    """A tutorial in the game window (see the module text).

    ``act`` plays the learner's move when the step accepts it, else emits
    ``refused`` with the step's teaching sentence; :meth:`next` leaves a
    step that waits for Next, :meth:`back` goes a step back. ``stepChanged``
    says a step began (its text, pointer and lights are to be shown),
    ``finished`` that the last step is done."""

    def __init__(self, run: TutorialRun, parent: QObject | None = None, reply_delay_ms: int = 0):
        name_learner(run.state, run.seat)
        super().__init__(run.seat, lesson_players(run.state, run.seat), parent, reply_delay_ms)
        self.run = run
        self._restarted = False  # the step being played leads to a step with its own position

    def run_state(self) -> GameState:
        return self.run.state

    def offered(self) -> tuple[Action, ...]:
        return tuple(self.run.accepted_actions())

    @property
    def step(self) -> StepView:
        return self.run.step

    @property
    def done(self) -> bool:
        return self.run.finished

    @property
    def waits_for_next(self) -> bool:
        return not self.run.finished and self.run.step.waits_for_next

    def _prompt(self) -> None:
        if self.run.finished:
            return
        s = self.run.state
        if self.run.step.waits_for_action and s.current_player == self._seat:
            self.yourTurn.emit(self._seat)

    def turn_reason(self, seat: int | None = None) -> str | None:
        reason = super().turn_reason(seat)
        if reason is None and self.waits_for_next:
            return translate("ScriptedSession", "read the note, then press Next (Alt+N)")
        return reason

    def undo_reason(self) -> str | None:
        return translate("ScriptedSession", "a lesson takes no move back: Back (Alt+B) goes to the step before")

    def seat_view(self) -> SeatView:
        sv = super().seat_view()
        if not isinstance(sv, LessonSeatView):
            sv = self._seat_view = LessonSeatView.of(sv, lambda kind, tile: self.explain(kind, tile=tile))
        return sv

    def why_not_here(
        self, kind: ActionKind, building: str | None = None, size: int | None = None, tile: int | None = None
    ) -> str | None:
        """What the step says to a move of `kind` (that building and size,
        that neighborhood) it does not offer; None when the learner may not
        move now (the turn's reason says why)."""
        if self.busy or self.turn_reason() is not None:
            return None
        refusal = refuse_attempt(self.run, kind, building, size, tile)
        if refusal is not None:
            return refusal.text(self.language, engine_text)
        hint = self.run.step.hint
        text = translate("ScriptedSession", "Your cards allow no such move now.")
        return f"{text} {hint.get(self.language)}" if hint is not None else text

    def explain(
        self, kind: ActionKind, building: str | None = None, size: int | None = None, tile: int | None = None
    ) -> str | None:
        """The board could not begin a move the step does not offer: the
        step's sentence (also sent as ``refused``, for the coach), or None."""
        text = self.why_not_here(kind, building, size, tile)
        if text:
            self.refused.emit(text)
        return text

    def act(self, action: Action) -> str | None:
        if self.busy:
            return self._refuse(self.turn_reason() or "")
        pre = self.run.state.clone()
        index = self.run.index
        refusal = self.run.try_action(action)
        if refusal is not None:
            return self._refuse(refusal.text(self.language, engine_text))
        self._step_played(index, pre, [(self._seat, action), *self.run.last_replies])
        return None

    def next(self) -> str | None:
        """Leave a step that waits for Next; else the reason it cannot (also sent as ``refused``)."""
        if self.busy:
            self.finish_moves()
            return None
        if not self.waits_for_next:
            if self.run.finished:
                return self._refuse(translate("ScriptedSession", "the tutorial is finished"))
            hint = self.run.step.hint
            text = translate("ScriptedSession", "This step waits for your move.")
            return self._refuse(f"{text} {hint.get(self.language)}" if hint is not None else text)
        pre = self.run.state.clone()
        index = self.run.index
        self.run.next()
        self._step_played(index, pre, list(self.run.last_replies))
        return None

    def back(self) -> str | None:
        """The step before, as it began; the reason when there is none."""
        if self.run.index == 0:
            return self._refuse(translate("ScriptedSession", "this is the first step"))
        self.finish_moves()
        self.run.back()
        name_learner(self.run.state, self._seat)
        self._changed()
        self.replaced.emit()
        self.stepChanged.emit()
        self._prompt()
        return None

    def _step_played(self, index: int, pre: GameState, moves: list[tuple[int, Action]]) -> None:
        run = self.run
        self._restarted = not run.finished and run.index != index and run.tutorial.steps[run.index].restarts
        self._show_moves(pre, moves)

    def _carry_on(self) -> None:
        """A step with its own position ("a few turns later") goes on from the
        game shown so far: its log and its scores' history come first, so the
        log and the chart run on."""
        before, now = self._played, self.run.state
        if before is None or before is now:
            return
        first = now.score_history[0][0] if now.score_history else None
        now.events = [*before.events, *now.events]  # new lists: the story may be shared with a clone
        now.score_history = [*(r for r in before.score_history if first is None or r[0] < first), *now.score_history]

    def _moves_shown(self) -> None:
        if self._restarted:  # the next step has its own position
            self._restarted = False
            name_learner(self.run.state, self._seat)
            self._carry_on()
            self._players = lesson_players(self.run.state, self._seat)
            self.started.emit()
        else:  # the same position, now offering the next step's moves
            self.replaced.emit()
        self.stepChanged.emit()
        if self.run.finished:
            self.finished.emit()
        else:
            self._prompt()


class PuzzleSession(ScriptedSession):
    """A puzzle in the game window (see the module text). ``hintReady``
    brings the solver's next move (None: the goal can no longer be reached)."""

    hintReady = Signal(object)  # Action | None
    hintFailed = Signal(str)

    def __init__(
        self, run: PuzzleRun, parent: QObject | None = None, reply_delay_ms: int = 0, demo_interval_ms: int = 900
    ):
        name_learner(run.state, run.seat)
        super().__init__(run.seat, lesson_players(run.state, run.seat), parent, reply_delay_ms)
        self.run = run
        self.demo_interval_ms = demo_interval_ms
        self.shown_answer = False  # "show me" played this attempt: it does not count as solved
        self._demo: deque[Action] = deque()
        self._demo_timer = QTimer(self)
        self._demo_timer.setSingleShot(True)
        self._demo_timer.timeout.connect(self._demo_step)
        self._hint_signals = worker.WorkerSignals(self)
        self._hint_signals.done.connect(self._hint_done)
        self._hint_signals.failed.connect(self._hint_failed)
        self._hint_token = 0
        self.thinking_hint = False

    @property
    def puzzle(self) -> Puzzle:
        return self.run.puzzle

    def run_state(self) -> GameState:
        return self.run.state

    def offered(self) -> None:
        return None

    @property
    def done(self) -> bool:
        return self.run.finished

    @property
    def showing(self) -> bool:
        """The answer is being played ("show me")."""
        return bool(self._demo) or (self.shown_answer and self.busy)

    def _prompt(self) -> None:
        if not self.run.finished and self.run.state.current_player == self._seat and not self._demo:
            self.yourTurn.emit(self._seat)

    def turn_reason(self, seat: int | None = None) -> str | None:
        if self._demo:
            return translate("ScriptedSession", "the answer is being shown: press Restart to try it yourself")
        reason = super().turn_reason(seat)
        if reason is None and self.run.finished:
            return translate("ScriptedSession", "the puzzle is over: press Restart to try again")
        return reason

    def undo_reason(self) -> str | None:
        return translate("ScriptedSession", "a puzzle takes no move back: Restart (Alt+B) begins it again")

    def act(self, action: Action) -> str | None:
        reason = self.turn_reason()
        if reason is not None:
            return self._refuse(reason)
        return self._play(action)

    def _play(self, action: Action) -> str | None:
        pre = self.run.state.clone()
        reason = self.run.try_action(action)
        if reason is not None:
            return self._refuse(reason)
        self._hint_token += 1  # a hint for the position before is no longer wanted
        self._show_moves(pre, [(self._seat, action), *self.run.last_replies])
        return None

    def _moves_shown(self) -> None:
        self.replaced.emit()  # the moves offered again (none were while the replies played)
        self.stepChanged.emit()
        if self.run.finished:
            self._demo.clear()
            self.finished.emit()
        elif self._demo:
            self._demo_timer.start(self.demo_interval_ms)
        else:
            self._prompt()

    def restart(self) -> None:
        """Begin the attempt again."""
        self._demo_timer.stop()
        self._demo.clear()
        self.stop()
        self.resume()
        self.run.restart()
        name_learner(self.run.state, self._seat)
        self.shown_answer = False
        self._hint_token += 1
        self._changed()
        self.replaced.emit()
        self.stepChanged.emit()
        self._prompt()

    def show_answer(self) -> None:
        """Show me: start again and play the puzzle's answer move by move."""
        self.restart()
        self.shown_answer = True
        self._demo = deque(self.run.puzzle.answer)
        self.stepChanged.emit()
        self._demo_timer.start(min(self.demo_interval_ms, 300))

    def _demo_step(self) -> None:
        if not self._demo or self._stopped:
            return
        if self.busy:
            self._demo_timer.start(self.demo_interval_ms)
            return
        action = self._demo.popleft()
        if self._play(action) is not None:  # pragma: no cover - load_puzzle replayed the answer
            self._demo.clear()

    def stop(self) -> None:
        self._demo_timer.stop()
        super().stop()

    def request_hint(self) -> bool:
        """Think out the next move of the best line on a worker thread
        (``hintReady`` brings it); False when there is nothing to think about."""
        if self.run.finished or self.busy or self._demo:
            return False
        self._hint_token += 1
        self.thinking_hint = True
        worker.start(self._hint_token, self.run.hint_task(), self._hint_signals)
        return True

    def _hint_done(self, token: int, action: object) -> None:
        if token != self._hint_token:
            return  # the position moved on
        self.thinking_hint = False
        self.hintReady.emit(action)

    def _hint_failed(self, token: int, text: str) -> None:
        if token != self._hint_token:
            return
        self.thinking_hint = False
        self.hintFailed.emit(text.splitlines()[0])
