"""City puzzles: a position, a goal checked by the engine, and a solver.

A puzzle file (format ``bigcity-puzzle``, docs/LEARN.md) names its edition
and holds a ``bigcity-position`` (the player to solve it is the position's
turn player), a goal, how the other seats play, the best-known answer (the
solver's player's actions) and the value it reaches.

Goals (:data:`Goal`) count the solver's next turns, the one under way being
the first; a line of play ends when the player's turn after the last one
would begin (the other seats' replies in between are played), or when the
game ends:

- :class:`ScoreThisTurn` — score at least N points in this turn;
- :class:`ScoreInTurns` — score at least N points in the next K turns;
- :class:`BuildWithin` — build a given building within K turns (value: the
  points scored meanwhile, which must reach ``at_least``);
- :class:`LeadAfter` — lead by at least ``by`` points after K turns (value:
  the lead);
- :class:`WinWithin` — the game ends within K turns with the player alone
  in the lead (value: the lead).

The other seats never choose freely: they follow the puzzle's ``others``
rule, a deterministic function of the position (``pass``, ``greedy``, or a
``script`` of exact actions with one of those as fallback), so a puzzle is a
one-player search against a fixed opponent and the solver is exact: it
tries every legal action of the player at every decision (draws from
stacks with known cards included), remembering positions it has seen, and
reports ``exhaustive`` when it searched everything within its budget. Its
best is then the best there is against those replies, and nothing is
claimed about other replies.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bigcity_desktop.engine import DRAW_PHASES, Action, ActionKind, City, Draw, GameState, Phase, Rules, get_rules
from bigcity_desktop.engine.datafiles import resource_path
from bigcity_desktop.engine.jsonio import short
from bigcity_desktop.engine.layout import layout_to_json
from bigcity_desktop.engine.position import FORMAT as POSITION_FORMAT
from bigcity_desktop.engine.position import VERSION as POSITION_VERSION
from bigcity_desktop.engine.position import PositionError, load_position
from bigcity_desktop.engine.rules import edition_fields

from .common import (
    LearnError,
    LocalText,
    check_keys,
    policy_move,
    read_actions,
    read_document,
    read_text,
    want_int,
    want_str,
)

FORMAT = "bigcity-puzzle"
VERSION = 1
#: positions the solver looks at before it gives up being exhaustive
DEFAULT_BUDGET = 200_000
MAX_TURNS = 6


class PuzzleError(LearnError):
    """A puzzle file that cannot be used; the message names the bad entry."""


# ---------------------------------------------------------------- goals


@dataclass(frozen=True, slots=True)
class ScoreThisTurn:
    """Score at least `at_least` points in the turn under way."""

    at_least: int

    @property
    def turns(self) -> int:
        return 1

    #: do the other seats' replies after the last turn count?
    watch_replies = False

    def value(self, start: GameState, end: GameState, seat: int) -> int:
        return end.scores[seat] - start.scores[seat]

    def reached(self, start: GameState, end: GameState, seat: int) -> bool:
        return self.value(start, end, seat) >= self.at_least

    def to_json(self) -> dict[str, Any]:
        return {"type": "score_this_turn", "at_least": self.at_least}


@dataclass(frozen=True, slots=True)
class ScoreInTurns:
    """Score at least `at_least` points in your next `turns` turns."""

    turns: int
    at_least: int

    #: do the other seats' replies after the last turn count?
    watch_replies = False

    def value(self, start: GameState, end: GameState, seat: int) -> int:
        return end.scores[seat] - start.scores[seat]

    def reached(self, start: GameState, end: GameState, seat: int) -> bool:
        return self.value(start, end, seat) >= self.at_least

    def to_json(self) -> dict[str, Any]:
        return {"type": "score_in_turns", "turns": self.turns, "at_least": self.at_least}


@dataclass(frozen=True, slots=True)
class BuildWithin:
    """Build a `building` within your next `turns` turns, scoring at least
    `at_least` points in them (value: the points scored)."""

    building: str
    turns: int
    at_least: int = 0

    #: do the other seats' replies after the last turn count?
    watch_replies = False

    def value(self, start: GameState, end: GameState, seat: int) -> int:
        return end.scores[seat] - start.scores[seat]

    def reached(self, start: GameState, end: GameState, seat: int) -> bool:
        def count(s: GameState) -> int:
            return sum(1 for b in s.city.buildings if b.type == self.building and b.owner == seat)

        return count(end) > count(start) and self.value(start, end, seat) >= self.at_least

    def to_json(self) -> dict[str, Any]:
        return {"type": "build", "building": self.building, "turns": self.turns, "at_least": self.at_least}


@dataclass(frozen=True, slots=True)
class LeadAfter:
    """Lead every other player by at least `by` points after your next
    `turns` turns and the replies that follow (value: the lead)."""

    turns: int
    by: int = 1

    #: do the other seats' replies after the last turn count?
    watch_replies = True

    def value(self, start: GameState, end: GameState, seat: int) -> int:
        return end.scores[seat] - max(s for p, s in enumerate(end.scores) if p != seat)

    def reached(self, start: GameState, end: GameState, seat: int) -> bool:
        return self.value(start, end, seat) >= self.by

    def to_json(self) -> dict[str, Any]:
        return {"type": "lead_after", "turns": self.turns, "by": self.by}


@dataclass(frozen=True, slots=True)
class WinWithin:
    """The game ends within your next `turns` turns (and the replies after
    them) with you alone in the lead (value: the lead)."""

    turns: int

    #: do the other seats' replies after the last turn count?
    watch_replies = True

    def value(self, start: GameState, end: GameState, seat: int) -> int:
        return end.scores[seat] - max(s for p, s in enumerate(end.scores) if p != seat)

    def reached(self, start: GameState, end: GameState, seat: int) -> bool:
        return end.is_over and self.value(start, end, seat) > 0

    def to_json(self) -> dict[str, Any]:
        return {"type": "win_within", "turns": self.turns}


Goal = ScoreThisTurn | ScoreInTurns | BuildWithin | LeadAfter | WinWithin
GOAL_TYPES = ("score_this_turn", "score_in_turns", "build", "lead_after", "win_within")


def read_goal(v: Any, where: str, rules: Rules, error: type[LearnError] = PuzzleError) -> Goal:
    if not isinstance(v, dict) or "type" not in v:
        raise error(f"{where} must be an object with a type ({', '.join(GOAL_TYPES)})")
    t = v["type"]
    if t not in GOAL_TYPES:
        raise error(f"{where}.type: unknown goal {short(t)} (known: {', '.join(GOAL_TYPES)})")
    if t == "score_this_turn":
        check_keys(v, where, ("type", "at_least"), (), error)
        return ScoreThisTurn(want_int(v["at_least"], f"{where}.at_least", error, 1, 10_000))
    turns = want_int(v.get("turns"), f"{where}.turns", error, 1, MAX_TURNS)
    if t == "score_in_turns":
        check_keys(v, where, ("type", "turns", "at_least"), (), error)
        return ScoreInTurns(turns, want_int(v["at_least"], f"{where}.at_least", error, 1, 10_000))
    if t == "build":
        check_keys(v, where, ("type", "building", "turns"), ("at_least",), error)
        building = v["building"]
        if building not in rules.buildings:
            raise error(f"{where}.building: there is no building {short(building)} in {rules.title}")
        return BuildWithin(building, turns, want_int(v.get("at_least", 0), f"{where}.at_least", error, 0, 10_000))
    if t == "lead_after":
        check_keys(v, where, ("type", "turns"), ("by",), error)
        return LeadAfter(turns, want_int(v.get("by", 1), f"{where}.by", error, -10_000, 10_000))
    check_keys(v, where, ("type", "turns"), (), error)
    return WinWithin(turns)


# ---------------------------------------------------------------- the other seats


@dataclass(frozen=True, slots=True)
class Others:
    """How the seats not being solved play: `script` (exact actions in
    order: the next one is played at the first decision of theirs where it
    is legal, and until then, and after the last one, `style` decides:
    "pass" or "greedy")."""

    style: str = "pass"
    script: tuple[Action, ...] = ()

    def to_json(self) -> Any:
        if not self.script:
            return self.style
        return {"script": [str(a) for a in self.script], "then": self.style}


STYLES = ("pass", "greedy")


def read_others(v: Any, where: str) -> Others:
    E = PuzzleError
    if isinstance(v, str):
        if v not in STYLES:
            raise E(f"{where} must be one of {', '.join(STYLES)} or a script, not {short(v)}")
        return Others(v)
    if not isinstance(v, dict):
        raise E(f'{where} must be "pass", "greedy" or {{"script": [...], "then": "pass"}}')
    check_keys(v, where, ("script",), ("then",), E)
    style = v.get("then", "pass")
    if style not in STYLES:
        raise E(f"{where}.then must be one of {', '.join(STYLES)}, not {short(style)}")
    return Others(style, read_actions(v["script"], f"{where}.script", E, 200))


# ---------------------------------------------------------------- the puzzle


@dataclass(frozen=True, slots=True)
class Puzzle:
    id: str
    edition: str
    rules: Rules
    title: LocalText
    description: LocalText
    difficulty: int  # 1 (easy) to 5 (hard)
    position: dict[str, Any]
    goal: Goal
    others: Others
    answer: tuple[Action, ...]  # the solver's player's actions of the best-known line
    best: int  # the value that line reaches
    seat: int
    source: str = ""

    def start_state(self) -> GameState:
        try:
            return load_position(copy.deepcopy(self.position))
        except PositionError as exc:
            raise PuzzleError(f"{self.source}: position: {exc}") from None


_TOP = (
    "format",
    "version",
    "id",
    "edition",
    "title",
    "description",
    "difficulty",
    "position",
    "goal",
    "answer",
    "best",
)


def load_puzzle(source: str | Path | bytes | Mapping[str, Any]) -> Puzzle:
    """A puzzle from a file path, bytes or a parsed object; PuzzleError
    naming the bad entry otherwise. The answer is replayed and must reach
    the goal with the stated best (the full search is :func:`solve`)."""
    name = Path(source).name if isinstance(source, (str, Path)) else "puzzle"
    try:
        data = read_document(source, "puzzle", PuzzleError)
    except PuzzleError as exc:
        raise PuzzleError(f"{name}: {exc}") from None
    E = PuzzleError
    check_keys(data, name, _TOP, ("others",), E)
    if data["format"] != FORMAT:
        raise E(f"{name}: not a Big City puzzle (format is {short(data['format'])}, expected {FORMAT!r})")
    if data["version"] != VERSION:
        raise E(f"{name}: unsupported puzzle version {short(data['version'])} (this program reads version {VERSION})")
    edition = want_str(data["edition"], f"{name}: edition", E, 40)
    if edition not in ("original", "jumbo"):
        raise E(f"{name}: edition must be original or jumbo, not {short(edition)}")
    rules = get_rules(edition)
    position = data["position"]
    if not isinstance(position, dict):
        raise E(f"{name}: position must be a bigcity-position object")
    if position.get("edition") != edition:
        raise E(f"{name}: the position is for {short(position.get('edition'))}, the puzzle for {edition}")
    puzzle = Puzzle(
        id=want_str(data["id"], f"{name}: id", E, 60),
        edition=edition,
        rules=rules,
        title=read_text(data["title"], f"{name}: title", E, limit=80),
        description=read_text(data["description"], f"{name}: description", E),
        difficulty=want_int(data["difficulty"], f"{name}: difficulty", E, 1, 5),
        position=position,
        goal=read_goal(data["goal"], f"{name}: goal", rules),
        others=read_others(data.get("others", "pass"), f"{name}: others"),
        answer=read_actions(data["answer"], f"{name}: answer", E),
        best=want_int(data["best"], f"{name}: best", E),
        seat=0,
        source=name,
    )
    state = puzzle.start_state()
    object.__setattr__(puzzle, "seat", state.turn_player)
    value = replay_answer(puzzle, puzzle.answer)
    if value is None:
        raise E(f"{name}: the answer does not reach the goal")
    if value != puzzle.best:
        raise E(f"{name}: the answer reaches {value}, but best says {puzzle.best}")
    return puzzle


def bundled_puzzles(edition: str | None = None) -> list[Puzzle]:
    """The puzzles shipped in resources/puzzles/, easiest first (by
    difficulty, then file name); of one edition if given."""
    folder = resource_path("puzzles")
    out = [load_puzzle(p) for p in sorted(folder.glob("*.json"))]
    out = [p for p in out if edition is None or p.edition == edition]
    return sorted(out, key=lambda p: (p.difficulty, p.source))


def puzzle_to_json(puzzle: Puzzle) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": puzzle.id,
        "edition": puzzle.edition,
        "title": puzzle.title.to_json(),
        "description": puzzle.description.to_json(),
        "difficulty": puzzle.difficulty,
        "position": copy.deepcopy(puzzle.position),
        "goal": puzzle.goal.to_json(),
        "others": puzzle.others.to_json(),
        "answer": [str(a) for a in puzzle.answer],
        "best": puzzle.best,
    }


# ---------------------------------------------------------------- playing a line


@dataclass
class _Line:
    """A line of play under way: the state, which of the player's turns it
    is, and how far the others' script has got. Between the player's
    decisions the other seats move by themselves (:meth:`advance`)."""

    puzzle: Puzzle
    state: GameState
    turn: int = 1  # the player's turns begun
    turn_index: int = 0  # the engine's turn number of the player's turn under way
    script: int = 0  # the others' script actions used
    done: bool = False  # the line has ended (see the module text)
    replies: list[tuple[int, Action]] = field(default_factory=list)

    @classmethod
    def start(cls, puzzle: Puzzle) -> _Line:
        s = puzzle.start_state()
        line = cls(puzzle, s, 1, s.turn_index)
        line.advance()
        return line

    def copy(self) -> _Line:
        return _Line(self.puzzle, self.state.clone(), self.turn, self.turn_index, self.script, self.done)

    def play(self, action: Action) -> None:
        """The player's action (legal: the caller checked it), then the others'."""
        self.state.apply_unchecked(action)
        self.replies = []
        self.advance()

    def advance(self) -> None:
        s = self.state
        seat = self.puzzle.seat
        others = self.puzzle.others
        goal = self.puzzle.goal
        while True:
            if s.is_over:
                self.done = True
                return
            if not goal.watch_replies and self.turn >= goal.turns:
                # only the player's own actions score: the line ends with the
                # main action of the last turn (what follows scores nothing)
                if s.turn_player != seat or s.turn_index != self.turn_index or s.action_kind is not None:
                    self.done = True
                    return
            if s.current_player == seat:
                if s.phase == Phase.ACTION and s.turn_player == seat and s.turn_index != self.turn_index:
                    if self.turn >= self.puzzle.goal.turns:
                        self.done = True
                        return
                    self.turn += 1
                    self.turn_index = s.turn_index
                if s.phase in DRAW_PHASES:
                    stacks = s.legal_draw_stacks()
                    if len(stacks) == 1:  # a draw without a choice is made for the player
                        forced = Draw(stacks[0])
                        s.apply(forced)
                        self.replies.append((seat, forced))
                        continue
                return
            move: Action | None = None
            if self.script < len(others.script) and s.check(others.script[self.script]) is None:
                move = others.script[self.script]
                self.script += 1
            else:
                move = policy_move(s, others.style)
            who = s.current_player
            s.apply(move)
            self.replies.append((who, move))

    def key(self) -> tuple[Any, ...]:
        """Everything the rest of the line depends on."""
        s = self.state
        c = s.city
        return (
            frozenset((b.type, b.properties, b.owner) for b in c.buildings),
            frozenset(c.streetcars),
            frozenset(c.tiles),
            tuple(tuple(sorted(h)) for h in s.hands),
            tuple(tuple(st) for st in s.stacks),
            tuple(s.scores),
            tuple(s.standing()),
            s.phase,
            s.current_player,
            s.turn_player,
            s.turn_index,
            s.city_hall_turn,
            s.city_hall_value,
            s.round,
            s.start_player,
            s.passes_in_row,
            s.round_passive,
            tuple(sorted(s.drawn_from.items())),
            s.draw_cap,
            s.draws_left,
            s.streetcars_this_action,
            s.streetcar_limit,
            s.action_kind,
            tuple((q, tuple(o.cards), o.face_up, tuple(o.taken)) for q, o in sorted(s.offers.items())),
            tuple(s.offer_queue),
            tuple(tuple(x) for x in s.pick_queue),
            self.turn,
            self.script,
        )


def replay_answer(puzzle: Puzzle, actions: tuple[Action, ...] | list[Action]) -> int | None:
    """The value `actions` (the player's) reach, or None when they do not
    reach the goal; PuzzleError when one is not legal or there are too many."""
    line = _Line.start(puzzle)
    start = puzzle.start_state()
    for i, a in enumerate(actions):
        if line.done:
            raise PuzzleError(f"{puzzle.source}: answer: the line is over before action {i + 1} ({a})")
        reason = line.state.check(a)
        if reason is not None:
            raise PuzzleError(f"{puzzle.source}: answer: action {i + 1} ({a}) is not legal: {reason}")
        line.play(a)
    if not line.done:
        raise PuzzleError(f"{puzzle.source}: answer: the line is not over after its last action")
    goal = puzzle.goal
    if not goal.reached(start, line.state, puzzle.seat):
        return None
    return goal.value(start, line.state, puzzle.seat)


# ---------------------------------------------------------------- the solver


@dataclass(frozen=True, slots=True)
class Solution:
    """What the solver found: whether some line reaches the goal, the best
    value and the player's actions of that line, and whether the search was
    exhaustive (so the value is the best there is against the puzzle's replies)."""

    reached: bool
    value: int | None
    answer: tuple[Action, ...]
    exhaustive: bool
    nodes: int
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return {
            # unknown (None) when the search was cut short before finding a line
            "solvable": True if self.reached else (False if self.exhaustive else None),
            "best": self.value,
            "answer": [str(a) for a in self.answer],
            "exhaustive": self.exhaustive,
            "positions": self.nodes,
            "seconds": round(self.seconds, 3),
        }


class _OutOfBudget(Exception):
    pass


_Result = tuple[int | None, tuple[Action, ...]]


def _better(a: _Result, b: _Result) -> bool:
    """Is result `a` better than `b`: a value where b has none, a higher
    value, or the same value in fewer actions."""
    if a[0] is None:
        return False
    if b[0] is None or a[0] > b[0]:
        return True
    return a[0] == b[0] and len(a[1]) < len(b[1])


def _moves(line: _Line) -> list[Action]:
    """The player's moves the solver tries: every legal one, except in the
    main action of the last turn of a goal that only counts the player's
    points, where every move but a build scores 0 and ends the line alike,
    so the builds and one pass stand for them all; and draws, which are
    tried in stack order only."""
    s = line.state
    goal = line.puzzle.goal
    if not goal.watch_replies and line.turn >= goal.turns and s.phase == Phase.ACTION:
        moves = [
            *s.iter_legal(ActionKind.BUILD),
            *s.iter_legal(ActionKind.PARK_FACTORY),
            *s.iter_legal(ActionKind.PASS),
        ]
    elif s.phase in DRAW_PHASES:
        # the cards drawn do not depend on the order of the stacks drawn
        # from (the limits count cards per stack), so draws go in stack order
        done = max((st for st, k in s.drawn_from.items() if k), default=0)
        moves = [Draw(st) for st in s.legal_draw_stacks() if st >= done]
    else:
        moves = s.legal_actions()
    return sorted(moves, key=str)


def solve(puzzle: Puzzle, budget: int = DEFAULT_BUDGET, line: _Line | None = None) -> Solution:
    """Search every line of the player's actions (see the module text) from
    the puzzle's start, or from `line` (a :class:`PuzzleRun` under way)."""
    t0 = time.perf_counter()
    root = line.copy() if line is not None else _Line.start(puzzle)
    start = puzzle.start_state()
    goal = puzzle.goal
    seat = puzzle.seat
    memo: dict[tuple[Any, ...], _Result] = {}
    nodes = 0
    best_seen: list[_Result] = [(None, ())]
    path: list[Action] = []

    def search(node: _Line) -> _Result:
        nonlocal nodes
        if node.done:
            ok = goal.reached(start, node.state, seat)
            return (goal.value(start, node.state, seat) if ok else None), ()
        key = node.key()
        hit = memo.get(key)
        if hit is not None:
            return hit
        nodes += 1
        if nodes > budget:
            raise _OutOfBudget
        best: _Result = (None, ())
        for a in _moves(node):
            child = node.copy()
            child.play(a)
            path.append(a)
            value, rest = search(child)
            path.pop()
            result: _Result = (value, (a, *rest))
            if _better(result, best):
                best = result
                full: _Result = (value, (*path, a, *rest))
                if _better(full, best_seen[0]):
                    best_seen[0] = full
        memo[key] = best
        return best

    try:
        value, answer = search(root)
        exhaustive = True
    except _OutOfBudget:
        value, answer = best_seen[0]
        exhaustive = False
    return Solution(value is not None, value, answer, exhaustive, nodes, time.perf_counter() - t0)


# ---------------------------------------------------------------- playing a puzzle


@dataclass(frozen=True, slots=True)
class PuzzleOutcome:
    """How a finished attempt went: the goal reached or not, the value
    reached, and the puzzle's best."""

    reached: bool
    value: int
    best: int

    @property
    def perfect(self) -> bool:
        return self.reached and self.value >= self.best


class PuzzleRun:
    """An attempt at a puzzle: the player's moves are checked by the engine,
    the other seats reply by the puzzle's rule, and the attempt ends as the
    goal says. ``restart()`` begins again; ``hint()`` is the solver's next move."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self._start = puzzle.start_state()
        self.restart()

    def restart(self) -> None:
        self._line = _Line.start(self.puzzle)
        self.moves: list[Action] = []
        self.last_replies: list[tuple[int, Action]] = []

    @property
    def state(self) -> GameState:
        return self._line.state

    @property
    def seat(self) -> int:
        return self.puzzle.seat

    @property
    def turn(self) -> int:
        """Which of the goal's turns is under way (1 first)."""
        return self._line.turn

    @property
    def finished(self) -> bool:
        return self._line.done

    def try_action(self, action: Action) -> str | None:
        """Play the player's `action` and the replies; the engine's reason
        (a translatable sentence) when it is not legal, and nothing changes."""
        if self._line.done:
            return "the puzzle is over: start again to try another way"
        reason = self.state.check(action)
        if reason is not None:
            return reason
        self._line.play(action)
        self.moves.append(action)
        self.last_replies = list(self._line.replies)
        return None

    @property
    def outcome(self) -> PuzzleOutcome | None:
        """None while the attempt goes on."""
        if not self._line.done:
            return None
        goal, seat = self.puzzle.goal, self.puzzle.seat
        end = self._line.state
        return PuzzleOutcome(goal.reached(self._start, end, seat), goal.value(self._start, end, seat), self.puzzle.best)

    def hint_task(self, budget: int = DEFAULT_BUDGET) -> Callable[[], Action | None]:
        """:meth:`hint` as a function to run on a worker thread: the line is
        copied now, so the run may go on (or restart) while it thinks."""
        if self._line.done:
            return lambda: None
        line = self._line.copy()
        puzzle = self.puzzle

        def think() -> Action | None:
            sol = solve(puzzle, budget, line)
            return sol.answer[0] if sol.reached and sol.answer else None

        return think

    def hint(self, budget: int = DEFAULT_BUDGET) -> Action | None:
        """The next action of the best line from here (None: the goal can no
        longer be reached, or the attempt is over)."""
        if self._line.done:
            return None
        sol = solve(self.puzzle, budget, self._line)
        return sol.answer[0] if sol.reached and sol.answer else None


# ---------------------------------------------------------------- puzzles from a sandbox


def puzzle_from_city(
    city: City,
    hand: list[int],
    goal: Goal,
    *,
    puzzle_id: str,
    title: LocalText,
    description: LocalText,
    difficulty: int = 3,
    others: Others | None = None,
    names: list[str] | None = None,
    other_hands: list[list[int]] | None = None,
    scores: list[int] | None = None,
    city_hall_value: int | None = None,
    budget: int = DEFAULT_BUDGET,
) -> dict[str, Any]:
    """A puzzle document from a sandbox city and the player's cards: the
    player is seat 0 and to move; the other seats hold `other_hands` (empty
    by default) and play by `others` (pass by default); every other card is
    out of the game, so the stacks are empty and the puzzle has no hidden
    cards. The solver fills in the answer and the best; PuzzleError when the
    position is not legal or no line reaches the goal."""
    rules = city.rules
    n = 1 + len(other_hands or [[]])
    names = names or ["You"] + [f"Player {i + 2}" for i in range(n - 1)]
    hands = [list(hand)] + [list(h) for h in (other_hands or [[]])]
    position = _sandbox_position(city, hands, names, scores, city_hall_value)
    if rules.edition not in ("original", "jumbo"):
        raise PuzzleError("a puzzle is for one of the editions (original or jumbo), not for house rules")
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "id": puzzle_id,
        "edition": rules.edition,
        "title": title.to_json(),
        "description": description.to_json(),
        "difficulty": difficulty,
        "position": position,
        "goal": goal.to_json(),
        "others": (others or Others()).to_json(),
        "answer": [],
        "best": 0,
    }
    draft = _draft(doc)
    sol = solve(draft, budget)
    if not sol.reached:
        raise PuzzleError(
            "no line of play reaches this goal" + ("" if sol.exhaustive else " (the search was cut short)")
        )
    doc["answer"] = [str(a) for a in sol.answer]
    doc["best"] = sol.value
    load_puzzle(doc)  # the document is a puzzle as any file is
    return doc


def _sandbox_position(
    city: City, hands: list[list[int]], names: list[str], scores: list[int] | None, city_hall_value: int | None
) -> dict[str, Any]:
    """The position document of a puzzle made in the sandbox: seat 0 to
    move, the stacks empty, every card no hand holds discarded."""
    rules = city.rules
    held = {c for h in hands for c in h}
    layout = layout_to_json(city)
    buildings = []
    for b, out in zip(city.buildings, layout["buildings"]):
        if b.owner is not None:
            out["owner"] = b.owner
        if b.score:
            out["score"] = b.score
        buildings.append(out)
    position: dict[str, Any] = {
        "format": POSITION_FORMAT,
        "version": POSITION_VERSION,
        **edition_fields(rules),
        "players": names,
        "city": {"neighborhoods": layout["neighborhoods"], "buildings": buildings, "streetcars": layout["streetcars"]},
        "hands": hands,
        "scores": list(scores) if scores is not None else [0] * len(hands),
        "turn_player": 0,
        "stacks": {str(t): [] for t in rules.tiles},
        "discard": sorted(c for t in rules.tiles for c in rules.stack_cards(t) if c not in held),
    }
    if city_hall_value is not None:
        position["city_hall_value"] = city_hall_value
    return position


def _draft(doc: dict[str, Any]) -> Puzzle:
    """A puzzle without its answer yet (for the solver)."""
    name = "puzzle"
    rules = get_rules(doc["edition"])
    try:
        state = load_position(copy.deepcopy(doc["position"]))
    except PositionError as exc:
        raise PuzzleError(f"position: {exc}") from None
    return Puzzle(
        id=doc["id"],
        edition=doc["edition"],
        rules=rules,
        title=read_text(doc["title"], f"{name}: title", PuzzleError, limit=80),
        description=read_text(doc["description"], f"{name}: description", PuzzleError),
        difficulty=doc["difficulty"],
        position=doc["position"],
        goal=read_goal(doc["goal"], f"{name}: goal", rules),
        others=read_others(doc["others"], f"{name}: others"),
        answer=(),
        best=0,
        seat=state.turn_player,
        source=name,
    )
