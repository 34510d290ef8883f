"""The puzzle's lesson: its goal, how far the attempt is, Restart, Hint, Show me, Leave."""

from __future__ import annotations

import html

from PySide6.QtCore import QRect, Qt, Signal

from bigcity_desktop.engine import Action
from bigcity_desktop.game.tabletop.stage import Stage
from bigcity_desktop.i18n import current_language, engine_text, rules_text, translate
from bigcity_desktop.learn import Puzzle
from bigcity_desktop.learn.puzzle import BuildWithin, LeadAfter, ScoreInTurns, ScoreThisTurn, WinWithin
from bigcity_desktop.session.scripted import PuzzleSession

from .lesson import Lesson, LessonHost, rich
from .progress import ProgressStore


def goal_text(puzzle: Puzzle) -> str:
    """The goal in words (the bubble's line under the description)."""
    g = puzzle.goal
    if isinstance(g, ScoreThisTurn):
        return translate("Lessons", "Goal: score at least {n} points this turn.").format(n=g.at_least)
    if isinstance(g, ScoreInTurns):
        return translate("Lessons", "Goal: score at least {n} points in your next {turns} turns.").format(
            n=g.at_least, turns=g.turns
        )
    if isinstance(g, BuildWithin):
        what = rules_text(puzzle.rules.buildings[g.building].label)
        if g.at_least:
            return translate(
                "Lessons", "Goal: build the {building} within {turns} turns, scoring at least {n} points."
            ).format(building=what, turns=g.turns, n=g.at_least)
        return translate("Lessons", "Goal: build the {building} within {turns} turns.").format(
            building=what, turns=g.turns
        )
    if isinstance(g, LeadAfter):
        return translate("Lessons", "Goal: lead by at least {n} points after {turns} turns.").format(
            n=g.by, turns=g.turns
        )
    assert isinstance(g, WinWithin)
    return translate("Lessons", "Goal: end the game within {turns} turns, in the lead.").format(turns=g.turns)


def value_text(puzzle: Puzzle, value: int) -> str:
    """A value the goal measures, in words: points, or a lead."""
    if isinstance(puzzle.goal, (LeadAfter, WinWithin)):
        return translate("Lessons", "a lead of {n}").format(n=value)
    return translate("Lessons", "{n} points").format(n=value)


def stars(difficulty: int) -> str:
    return "★" * difficulty + "☆" * (5 - difficulty)


class PuzzleLesson(Lesson):
    """A puzzle: its goal, how far the attempt is, Restart, Hint, Show me, Leave."""

    session: PuzzleSession
    auto_draw = True
    steady = True  # the bubble points at nothing: it keeps to its edge of the board
    nextPuzzle = Signal(object)  # the puzzle after this one (Next puzzle)
    puzzlesRequested = Signal()

    def __init__(
        self, stage: Stage, host: LessonHost, session: PuzzleSession, store: ProgressStore, following: Puzzle | None
    ):
        super().__init__(stage, host, session, store)
        self.run = session.run
        self.puzzle = session.run.puzzle
        self.following = following
        self.verdict = ""  # what the end of the last attempt said
        session.hintReady.connect(self._hint_ready)
        session.hintFailed.connect(self._hint_failed)

    def title(self) -> str:
        return self.puzzle.title.get(current_language())

    def show_step(self) -> None:
        if not self._active or self.run.finished:
            return
        lang = current_language()
        p = self.puzzle
        goal = p.goal
        turns = goal.turns
        start_scores = p.start_state().scores[p.seat]
        so_far = self.run.state.scores[p.seat] - start_scores
        if self.session.showing:
            status = translate("Lessons", "Showing the answer, move by move…")
        else:
            status = translate("Lessons", "Turn {turn} of {turns} · scored so far: {n}").format(
                turn=min(self.run.turn, turns), turns=turns, n=so_far
            )
        body = f"<p>{rich(p.description.get(lang))}</p><p><b>{html.escape(goal_text(p))}</b></p><p>{html.escape(status)}</p>"
        self.bubble.set_note("")
        self.say(
            translate("Lessons", "Puzzle {stars} · {title}").format(stars=stars(p.difficulty), title=self.title()),
            body,
            translate("Lessons", "H: hint · Alt+B: restart · Esc or Alt+L: leave"),
            [
                ("restart", translate("Lessons", "Restart"), True),
                ("hint", translate("Lessons", "Hint"), not self.session.showing),
                ("show", translate("Lessons", "Show me"), not self.session.showing),
                ("leave", translate("Lessons", "Leave"), True),
            ],
            None,
        )

    def finished(self) -> None:
        o = self.run.outcome
        if o is None:  # pragma: no cover - finished is sent at the end
            return
        p = self.puzzle
        got = value_text(p, o.value)
        if self.session.shown_answer:
            title = translate("Lessons", "That was the answer")
            text = translate(
                "Lessons", "This line reaches {value}, the best known. Now try it yourself: Try again."
            ).format(value=got)
            kind = "hint"
        elif o.reached and o.perfect:
            title = translate("Lessons", "Solved!")
            text = translate("Lessons", "You reached the goal with {value}: the best there is.").format(value=got)
            kind = "done"
        elif o.reached:
            title = translate("Lessons", "Solved")
            text = translate("Lessons", "You reached the goal with {value}. The best is {best}: try again?").format(
                value=got, best=value_text(p, o.best)
            )
            kind = "done"
        else:
            title = translate("Lessons", "Not this time")
            text = translate("Lessons", "The goal was not reached ({value}). Try again, or ask for a hint (H).").format(
                value=got
            )
            kind = "refused"
        if o.reached and not self.session.shown_answer:
            self.store.progress.mark_solved(p.id, o.value)
            problem = self.store.save()
            if problem:
                self.host.show_message(problem)
        self.verdict = text
        lang = current_language()
        body = f"<p>{rich(p.description.get(lang))}</p><p><b>{html.escape(goal_text(p))}</b></p>"
        buttons = [
            ("restart", translate("Lessons", "Try again"), True),
            ("hint", translate("Lessons", "Hint"), True),
            ("puzzles", translate("Lessons", "Puzzles…"), True),
            ("leave", translate("Lessons", "Leave"), True),
        ]
        onwards = self.following is not None and o.reached and not self.session.shown_answer
        if self.following is not None:
            buttons.append(("next", translate("Lessons", "Next puzzle"), True))
        default = "next" if onwards else "restart"
        self.say(
            f"{title} · {self.title()}",
            body,
            translate("Lessons", "Enter: {button} · H: hint · Esc: leave").format(
                button=next(text for key, text, _ in buttons if key == default)
            ),
            buttons,
            default,
        )
        self.bubble.set_note(text, kind)
        self.reposition()
        self.bubble.focus_default()

    def clicked(self, key: str) -> None:
        if key == "restart":
            self.session.restart()
            self.stage.view.setFocus(Qt.FocusReason.OtherFocusReason)
        elif key == "hint":
            self.hint()
        elif key == "show":
            self.session.show_answer()
        elif key == "leave":
            self.leave()
        elif key == "puzzles":  # the puzzle stays on the board until another is chosen
            self.host.show_puzzles()
        elif key == "next" and self.following is not None:
            self.nextPuzzle.emit(self.following)

    def next_key(self) -> None:
        o = self.run.outcome
        if o is not None and o.reached and not self.session.shown_answer and self.following is not None:
            self.nextPuzzle.emit(self.following)
        elif self.run.finished:
            self.clicked("restart")

    def back_key(self) -> None:
        self.clicked("restart")

    def hint(self) -> None:
        """H: the next move of the best line; after an attempt, the first move of a new one."""
        if self.run.finished and not self.session.busy:
            self.session.restart()
        if self.session.request_hint():
            self.bubble.set_note(translate("Lessons", "Thinking of a hint…"), "hint")
        self.reposition()

    def _hint_ready(self, action: object) -> None:
        if not self._active:
            return
        if not isinstance(action, Action):
            self.bubble.set_note(
                translate("Lessons", "From here the goal can no longer be reached: press Restart."), "refused"
            )
        else:
            from bigcity_desktop.bots.hint import reason

            view = self.stage.ctrl.session.view()
            text = engine_text(reason(view, action)) if view is not None else str(action)
            self.bubble.set_note(translate("Lessons", "Hint: {text}").format(text=text), "hint")
            self.host.show_hint_on_board(action)
        self.reposition()

    def _hint_failed(self, text: str) -> None:
        if self._active:
            self.bubble.set_note(translate("Lessons", "No hint available: {reason}").format(reason=text), "refused")
            self.reposition()

    def light(self) -> None:
        if self.run.finished:  # the line of play has ended: nobody is thinking
            self.stage.hand_panel.turn_label.setText(translate("Lessons", "<b>The puzzle is over.</b>"))

    def pointed(self) -> tuple[QRect | None, bool]:
        return None, False

    def talked_about(self) -> list[tuple[int, int]]:
        """A puzzle is about its whole city: the bubble covers none of its lots."""
        view = self.stage.ctrl.session.view()
        return sorted(view.city.cell_of.values()) if view is not None else []
