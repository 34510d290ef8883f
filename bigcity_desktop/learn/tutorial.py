"""Guided tutorials: a lesson as data, and a run of it on the engine.

A tutorial file (format ``bigcity-tutorial``, docs/LEARN.md) is a list of
steps. Each step starts from a position (or goes on from the previous
step), says something in English and German, points at a part of the
window, and either waits for Next or for one of a set of accepted actions;
after an accepted action the step's scripted replies are played, so the
lesson always goes the same way. A wrong action is refused with a sentence
that teaches, and changes nothing.

Loading checks a tutorial strictly and then plays it through along every
way its accepted actions allow: every reply must be legal, every waiting
step must have an accepted move, and every number a step states
(``expect``) must be what the engine computes; a file that fails is refused
with a message naming the step.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from bigcity_desktop.engine import (
    Action,
    ActionFormatError,
    Build,
    Draw,
    Exchange,
    GameState,
    IllegalAction,
    Offer,
    PlaceStreetcar,
    PlaceTile,
    Rules,
    RulesError,
    Take,
    action_from_json,
    get_rules,
)
from bigcity_desktop.engine.city import Street
from bigcity_desktop.engine.datafiles import resource_path
from bigcity_desktop.engine.jsonio import short
from bigcity_desktop.engine.position import PositionError, load_position

from .common import (
    ActionPattern,
    LearnError,
    LocalText,
    Pointer,
    PointerKind,
    check_keys,
    formula,
    last_build,
    read_actions,
    read_document,
    read_pattern,
    read_pointer,
    read_text,
    want_int,
    want_ints,
    want_str,
)

FORMAT = "bigcity-tutorial"
VERSION = 1
PROGRESS_FORMAT = "bigcity-tutorial-progress"
#: the most actions one step may accept (each must be reachable by keyboard)
MAX_CHOICES = 40
#: the most ways through a tutorial the check at loading follows
MAX_PATHS = 2000
MAX_STEPS = 200


class TutorialError(LearnError):
    """A tutorial file or saved progress that cannot be used."""


# ---------------------------------------------------------------- the data


@dataclass(frozen=True, slots=True)
class NewGame:
    """A step that starts a new game (with its setup) instead of a position."""

    players: int
    seed: int
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Expect:
    """Facts a step states, checked against the engine when the step starts:
    the scores, the last build's points and breakdown (as :func:`formula`
    writes it), what a build would score now (``judge``: action -> points),
    the learner's hand, City Hall's value, the free properties of the city
    centre, whether the game is over and who won."""

    scores: tuple[int, ...] | None = None
    last_points: int | None = None
    last_formula: str | None = None
    judge: tuple[tuple[Build, int], ...] = ()
    built: tuple[tuple[tuple[int, ...], int], ...] = ()  # properties of a standing building -> its points
    hand: tuple[int, ...] | None = None
    city_hall_value: int | None = None
    free_centre: tuple[int, ...] | None = None  # the free properties of the city centre
    over: bool | None = None
    winners: tuple[int, ...] | None = None

    def numbers(self) -> set[int]:
        """Every number of points this expectation checks."""
        out = set(self.scores or ())
        if self.last_points is not None:
            out.add(self.last_points)
        out.update(points for _, points in self.judge)
        out.update(points for _, points in self.built)
        if self.city_hall_value is not None:
            out.add(self.city_hall_value)
        return out


@dataclass(frozen=True, slots=True)
class TeachingRefusal:
    """A likely wrong move (`match`) and the sentence that answers it."""

    match: ActionPattern
    text: LocalText


@dataclass(frozen=True, slots=True)
class Step:
    id: str
    text: LocalText
    pointer: Pointer
    accept: tuple[ActionPattern, ...]  # empty: the step waits for Next
    hint: LocalText | None
    refuse: tuple[TeachingRefusal, ...]
    replies: tuple[Action, ...]
    chapter: LocalText | None = None
    position: dict[str, Any] | None = None  # a bigcity-position to start from
    new_game: NewGame | None = None  # or a new game to start
    expect: Expect | None = None

    @property
    def waits_for_action(self) -> bool:
        return bool(self.accept)

    @property
    def restarts(self) -> bool:
        """Does the step start from its own position (not from the previous step's end)?"""
        return self.position is not None or self.new_game is not None


@dataclass(frozen=True, slots=True)
class Tutorial:
    id: str
    edition: str
    rules: Rules
    title: LocalText
    summary: LocalText
    minutes: int
    seat: int  # the learner's seat
    steps: tuple[Step, ...]
    refuse_illegal: LocalText  # fields {reason} and {hint}
    refuse_other: LocalText  # field {hint}
    refuse_wait: LocalText
    final: Expect | None = None
    source: str = ""  # the file's name, for messages

    def start_state(self, index: int) -> GameState:
        """The fresh state step `index` starts from (it must restart)."""
        step = self.steps[index]
        where = f"{self.source}: step {index + 1} ({step.id})"
        if step.new_game is not None:
            ng = step.new_game
            try:
                return GameState.new(self.rules, ng.players, ng.seed, list(ng.names))
            except ValueError as exc:
                raise TutorialError(f"{where}: new_game: {exc}") from None
        assert step.position is not None
        try:
            state = load_position(copy.deepcopy(step.position))
        except PositionError as exc:
            raise TutorialError(f"{where}: position: {exc}") from None
        if state.rules.edition != self.edition:
            raise TutorialError(f"{where}: the position is for {state.rules.edition}, the tutorial for {self.edition}")
        return state


# ---------------------------------------------------------------- reading

_TOP_REQUIRED = ("format", "version", "id", "edition", "title", "summary", "minutes", "steps", "refusals")
_TOP_OPTIONAL = ("seat", "final")
_STEP_FIELDS = (
    "id",
    "chapter",
    "position",
    "new_game",
    "text",
    "point",
    "accept",
    "hint",
    "refuse",
    "replies",
    "expect",
)


def load_tutorial(source: str | Path | bytes | Mapping[str, Any], verify: bool = True) -> Tutorial:
    """A tutorial from a bundled name ("original", "jumbo"), a file path,
    bytes or a parsed object; TutorialError naming the bad entry otherwise.
    With `verify` (the default) it is also played through (see the module text)."""
    name = "tutorial"
    if isinstance(source, str) and "/" not in source and "\\" not in source and not source.endswith(".json"):
        source = resource_path("tutorials", f"{source}.json")
    if isinstance(source, (str, Path)):
        name = Path(source).name
    try:
        data = read_document(source, "tutorial", TutorialError)
    except TutorialError as exc:
        raise TutorialError(f"{name}: {exc}") from None
    tutorial = _parse(data, name)
    if verify:
        verify_tutorial(tutorial)
    return tutorial


def bundled_tutorials() -> list[Tutorial]:
    """The tutorials shipped in resources/tutorials/, by file name."""
    folder = resource_path("tutorials")
    return [load_tutorial(p) for p in sorted(folder.glob("*.json"))]


def _parse(data: dict[str, Any], name: str) -> Tutorial:
    E = TutorialError
    check_keys(data, name, _TOP_REQUIRED, _TOP_OPTIONAL, E)
    if data["format"] != FORMAT:
        raise E(f"{name}: not a Big City tutorial (format is {short(data['format'])}, expected {FORMAT!r})")
    if data["version"] != VERSION:
        raise E(f"{name}: unsupported tutorial version {short(data['version'])} (this program reads version {VERSION})")
    tid = want_str(data["id"], f"{name}: id", E, 40)
    edition = want_str(data["edition"], f"{name}: edition", E, 40)
    try:
        rules = get_rules(edition) if edition in ("original", "jumbo") else None
    except RulesError as exc:  # pragma: no cover - the bundled editions load
        raise E(f"{name}: {exc}") from None
    if rules is None:
        raise E(f"{name}: edition must be original or jumbo, not {short(edition)}")
    refusals = data["refusals"]
    if not isinstance(refusals, dict):
        raise E(f"{name}: refusals must be an object with illegal, other and wait")
    check_keys(refusals, f"{name}: refusals", ("illegal", "other", "wait"), (), E)
    steps_raw = data["steps"]
    if not isinstance(steps_raw, list) or not 1 <= len(steps_raw) <= MAX_STEPS:
        raise E(f"{name}: steps must be a list of 1 to {MAX_STEPS} steps")
    seat = want_int(data.get("seat", 0), f"{name}: seat", E, 0, rules.max_players - 1)
    steps = []
    seen: set[str] = set()
    for i, raw in enumerate(steps_raw):
        where = f"{name}: step {i + 1}"
        if isinstance(raw, dict) and isinstance(raw.get("id"), str):
            where += f" ({raw['id'][:40]})"
        step = _parse_step(raw, where, rules, i == 0)
        if step.id in seen:
            raise E(f"{where}: the id {step.id!r} is used twice")
        seen.add(step.id)
        steps.append(step)
    final = _parse_expect(data["final"], f"{name}: final", E) if "final" in data else None
    return Tutorial(
        id=tid,
        edition=edition,
        rules=rules,
        title=read_text(data["title"], f"{name}: title", E, limit=80),
        summary=read_text(data["summary"], f"{name}: summary", E),
        minutes=want_int(data["minutes"], f"{name}: minutes", E, 1, 120),
        seat=seat,
        steps=tuple(steps),
        refuse_illegal=read_text(refusals["illegal"], f"{name}: refusals.illegal", E, ("reason", "hint")),
        refuse_other=read_text(refusals["other"], f"{name}: refusals.other", E, ("hint",)),
        refuse_wait=read_text(refusals["wait"], f"{name}: refusals.wait", E),
        final=final,
        source=name,
    )


def _parse_step(raw: Any, where: str, rules: Rules, first: bool) -> Step:
    E = TutorialError
    if not isinstance(raw, dict):
        raise E(f"{where} must be an object")
    check_keys(raw, where, ("id", "text"), [f for f in _STEP_FIELDS if f not in ("id", "text")], E)
    sid = want_str(raw["id"], f"{where}: id", E, 40)
    position = _parse_position(raw, where)
    new_game = _parse_new_game(raw["new_game"], where, rules, position) if "new_game" in raw else None
    if first and position is None and new_game is None:
        raise E(f"{where}: the first step must start from a position or a new game")
    accept = _parse_accept(raw.get("accept", []), where, rules)
    refuse = _parse_refuse(raw.get("refuse", []), where, rules)
    if refuse and not accept:
        raise E(f"{where}: only a step that waits for an action refuses moves")
    hint = read_text(raw["hint"], f"{where}: hint", E) if "hint" in raw else None
    if accept and hint is None:
        raise E(f"{where}: a step that waits for an action needs a hint (what to do, said when a move is refused)")
    return Step(
        id=sid,
        chapter=read_text(raw["chapter"], f"{where}: chapter", E, limit=80) if "chapter" in raw else None,
        position=position,
        new_game=new_game,
        text=read_text(raw["text"], f"{where}: text", E),
        pointer=read_pointer(raw.get("point", "none"), f"{where}: point", rules, E),
        accept=accept,
        hint=hint,
        refuse=refuse,
        replies=read_actions(raw.get("replies", []), f"{where}: replies", E),
        expect=_parse_expect(raw["expect"], f"{where}: expect", E) if "expect" in raw else None,
    )


def _parse_position(raw: dict[str, Any], where: str) -> dict[str, Any] | None:
    """The step's own position (None: it continues from the step before)."""
    position = raw.get("position", "continue")
    if position == "continue":
        return None
    if not isinstance(position, dict):
        raise TutorialError(f'{where}: position must be a bigcity-position object or "continue"')
    return position


def _parse_new_game(ng: Any, where: str, rules: Rules, position: dict[str, Any] | None) -> NewGame:
    E = TutorialError
    if position is not None:
        raise E(f"{where}: a step starts from a position or a new game, not both")
    if not isinstance(ng, dict):
        raise E(f"{where}: new_game must be an object with players, seed and names")
    check_keys(ng, f"{where}: new_game", ("players", "seed", "names"), (), E)
    names = ng["names"]
    if not isinstance(names, list):
        raise E(f"{where}: new_game.names must list the players' names")
    return NewGame(
        want_int(ng["players"], f"{where}: new_game.players", E, rules.min_players, rules.max_players),
        want_int(ng["seed"], f"{where}: new_game.seed", E, 0, 2**31),
        tuple(want_str(n, f"{where}: new_game.names", E, 40) for n in names),
    )


def _parse_accept(accept_raw: Any, where: str, rules: Rules) -> tuple[ActionPattern, ...]:
    E = TutorialError
    if not isinstance(accept_raw, list):
        raise E(f"{where}: accept must be a list of actions or patterns")
    return tuple(read_pattern(a, f"{where}: accept[{i}]", rules, E) for i, a in enumerate(accept_raw))


def _parse_refuse(refuse_raw: Any, where: str, rules: Rules) -> tuple[TeachingRefusal, ...]:
    E = TutorialError
    if not isinstance(refuse_raw, list):
        raise E(f"{where}: refuse must be a list of {{match, text}}")
    refuse = []
    for i, r in enumerate(refuse_raw):
        w = f"{where}: refuse[{i}]"
        if not isinstance(r, dict):
            raise E(f"{w} must be an object with match and text")
        check_keys(r, w, ("match", "text"), (), E)
        refuse.append(
            TeachingRefusal(read_pattern(r["match"], f"{w}.match", rules, E), read_text(r["text"], f"{w}.text", E))
        )
    return tuple(refuse)


_EXPECT_KEYS = (
    "scores",
    "last_points",
    "last_formula",
    "judge",
    "built",
    "hand",
    "city_hall_value",
    "free_centre",
    "over",
    "winners",
)


def _sorted_ints(v: Any, where: str, E: type[TutorialError]) -> tuple[int, ...]:
    return tuple(sorted(want_ints(v, where, E)))


#: the plain facts of an expectation, in the order they are read: (entry, reader)
_EXPECT_FIELDS: tuple[tuple[str, Callable[[Any, str, type[TutorialError]], Any]], ...] = (
    ("scores", want_ints),
    ("last_points", want_int),
    ("last_formula", want_str),
    ("hand", _sorted_ints),
    ("city_hall_value", want_int),
    ("free_centre", _sorted_ints),
    ("winners", want_ints),
)


def _parse_expect(raw: Any, where: str, E: type[TutorialError]) -> Expect:
    if not isinstance(raw, dict):
        raise E(f"{where} must be an object")
    check_keys(raw, where, (), _EXPECT_KEYS, E)
    judge = _parse_judge(raw["judge"], where, E) if "judge" in raw else ()
    built = _parse_built(raw["built"], where, E) if "built" in raw else ()
    if "over" in raw and not isinstance(raw["over"], bool):
        raise E(f"{where}.over must be true or false")
    fields = {key: read(raw[key], f"{where}.{key}", E) for key, read in _EXPECT_FIELDS if key in raw}
    return Expect(judge=judge, built=built, over=raw.get("over"), **fields)


def _parse_judge(raw: Any, where: str, E: type[TutorialError]) -> tuple[tuple[Build, int], ...]:
    """``{"build residence 17": 3}``: what builds would score."""
    if not isinstance(raw, dict):
        raise E(f'{where}.judge must map builds to points, e.g. {{"build residence 17": 3}}')
    judge = []
    for text, points in raw.items():
        (action,) = read_actions([text], f"{where}.judge", E)
        if not isinstance(action, Build):
            raise E(f"{where}.judge: {short(text)} is not a build")
        judge.append((action, want_int(points, f"{where}.judge[{text}]", E)))
    return tuple(judge)


def _parse_built(raw: Any, where: str, E: type[TutorialError]) -> tuple[tuple[tuple[int, ...], int], ...]:
    """``{"21 25": 6}``: the points of standing buildings."""
    if not isinstance(raw, dict):
        raise E(f'{where}.built must map the properties of a building to its points, e.g. {{"21 25": 6}}')
    built = []
    for text, points in raw.items():
        words = text.split()
        if not words or not all(w.isascii() and w.isdigit() and len(w) <= 4 for w in words):
            raise E(f"{where}.built: {short(text)} is not a list of properties such as '21 25'")
        built.append((tuple(sorted(int(w) for w in words)), want_int(points, f"{where}.built[{text}]", E)))
    return tuple(built)


# ---------------------------------------------------------------- checking


def check_expect(expect: Expect, state: GameState, seat: int) -> str | None:
    """None when every fact of `expect` holds in `state`, else what differs."""
    for check in _EXPECT_CHECKS:
        wrong = check(expect, state, seat)
        if wrong is not None:
            return wrong
    return None


def _check_scores(expect: Expect, state: GameState, seat: int) -> str | None:
    if expect.scores is not None and tuple(state.scores) != expect.scores:
        return f"the scores are {list(state.scores)}, not {list(expect.scores)}"
    return None


def _check_last_build(expect: Expect, state: GameState, seat: int) -> str | None:
    last = last_build(state)
    if expect.last_points is not None:
        if last is None or last[0] != expect.last_points:
            return f"the last build scored {None if last is None else last[0]}, not {expect.last_points}"
    if expect.last_formula is not None:
        got = formula(last[1]) if last is not None else None
        if got != expect.last_formula:
            return f"the last build's breakdown is {got!r}, not {expect.last_formula!r}"
    return None


def _check_judge(expect: Expect, state: GameState, seat: int) -> str | None:
    for action, points in expect.judge:
        j = state.city.judge_build(
            action.building, action.properties, city_hall=state.city_hall_open, city_hall_value=state.city_hall_value
        )
        if j.score != points:
            said = j.reason or f"{j.score} points"
            return f"{action} would give {said}, not {points} points"
    return None


def _check_built(expect: Expect, state: GameState, seat: int) -> str | None:
    for props, points in expect.built:
        b = state.city.building_at.get(props[0])
        building = state.city.buildings[b] if b is not None else None
        if building is None or tuple(sorted(building.properties)) != props:
            return f"no building stands on exactly {', '.join(map(str, props))}"
        if building.score != points:
            return f"the building on {', '.join(map(str, props))} scored {building.score}, not {points}"
    return None


def _check_hand(expect: Expect, state: GameState, seat: int) -> str | None:
    if expect.hand is not None and tuple(sorted(state.hands[seat])) != expect.hand:
        return f"the learner's hand is {sorted(state.hands[seat])}, not {list(expect.hand)}"
    return None


def _check_city_hall_value(expect: Expect, state: GameState, seat: int) -> str | None:
    if expect.city_hall_value is not None and state.city_hall_value != expect.city_hall_value:
        return f"City Hall's value is {state.city_hall_value}, not {expect.city_hall_value}"
    return None


def _check_free_centre(expect: Expect, state: GameState, seat: int) -> str | None:
    if expect.free_centre is not None:
        free = tuple(sorted(p for p in state.city.free_properties() if state.city.is_center(p)))
        if free != expect.free_centre:
            return f"the free centre properties are {list(free)}, not {list(expect.free_centre)}"
    return None


def _check_over(expect: Expect, state: GameState, seat: int) -> str | None:
    if expect.over is not None and state.is_over != expect.over:
        return "the game is over" if state.is_over else "the game is not over"
    return None


def _check_winners(expect: Expect, state: GameState, seat: int) -> str | None:
    if expect.winners is not None and (not state.is_over or tuple(state.winners()) != expect.winners):
        return f"the winners are {state.winners() if state.is_over else 'not decided'}, not {list(expect.winners)}"
    return None


#: the facts of an expectation in the order they are checked (the first that differs is told)
_EXPECT_CHECKS: tuple[Callable[[Expect, GameState, int], str | None], ...] = (
    _check_scores,
    _check_last_build,
    _check_judge,
    _check_built,
    _check_hand,
    _check_city_hall_value,
    _check_free_centre,
    _check_over,
    _check_winners,
)


def accepted(step: Step, state: GameState) -> list[Action]:
    """The legal actions the step accepts now, without repeats, in text order."""
    seen: dict[Action, None] = {}
    for pattern in step.accept:
        for a in pattern.candidates(state):
            seen.setdefault(a)
    return sorted(seen, key=str)


def _play_replies(step: Step, state: GameState, where: str) -> list[tuple[int, Action]]:
    done = []
    for k, reply in enumerate(step.replies):
        who = state.current_player
        reason = state.check(reply)
        if reason is not None or who is None:
            raise TutorialError(f"{where}: reply {k + 1} ({reply}) is not legal: {reason}")
        state.apply(reply)
        done.append((who, reply))
    return done


def verify_tutorial(tutorial: Tutorial) -> None:
    """Play the tutorial along every way its accepted actions allow (at
    most MAX_PATHS ways); TutorialError naming the step that fails."""
    fresh: dict[int, GameState] = {}
    paths = 0
    todo: list[tuple[int, GameState | None]] = [(0, None)]
    steps = tutorial.steps
    while todo:
        i, state = todo.pop()
        if i == len(steps):
            paths += 1
            if paths > MAX_PATHS:
                raise TutorialError(
                    f"{tutorial.source}: more than {MAX_PATHS} ways through the tutorial: "
                    "accept fewer actions, or start a step from its own position after a choice"
                )
            if tutorial.final is not None:
                assert state is not None
                wrong = check_expect(tutorial.final, state, tutorial.seat)
                if wrong:
                    raise TutorialError(f"{tutorial.source}: final: {wrong}")
            continue
        step = steps[i]
        where = f"{tutorial.source}: step {i + 1} ({step.id})"
        if step.restarts:
            if i not in fresh:
                fresh[i] = tutorial.start_state(i)
            state = fresh[i].clone()
        assert state is not None
        _check_step(tutorial, step, state, where)
        if not step.waits_for_action:
            _play_replies(step, state, where)
            todo.append((i + 1, state))
            continue
        choices = accepted(step, state)
        for action in choices:
            branch = state.clone()
            branch.apply(action)
            _play_replies(step, branch, where)
            todo.append((i + 1, branch))


def _check_step(tutorial: Tutorial, step: Step, state: GameState, where: str) -> None:
    if step.expect is not None:
        wrong = check_expect(step.expect, state, tutorial.seat)
        if wrong:
            raise TutorialError(f"{where}: expect: {wrong}")
    ptr = step.pointer
    if ptr.kind == PointerKind.SPOTS:
        for p in ptr.properties:
            if not state.city.is_in_city(p):
                raise TutorialError(f"{where}: point: property {p} is not in the city")
    if not step.waits_for_action:
        return
    if state.current_player != tutorial.seat:
        who = "nobody (the game is over)" if state.current_player is None else state.names[state.current_player]
        raise TutorialError(f"{where}: the step waits for the learner's move, but it is {who}'s move")
    choices = accepted(step, state)
    if not choices:
        wanted = "; ".join(str(p) for p in step.accept)
        reasons = [f"{p.exact}: {state.check(p.exact)}" for p in step.accept if p.exact is not None]
        more = f" ({'; '.join(reasons)})" if reasons else ""
        raise TutorialError(f"{where}: no legal action is accepted ({wanted}){more}")
    if len(choices) > MAX_CHOICES:
        raise TutorialError(
            f"{where}: {len(choices)} actions are accepted; at most {MAX_CHOICES} (name them more exactly)"
        )


# ---------------------------------------------------------------- running


class RefusalKind(StrEnum):
    TEACHING = "teaching"  # a likely wrong move the step answers with its own sentence
    ILLEGAL = "illegal"  # the rules forbid it (the engine's reason is given)
    OTHER = "other"  # legal, but not what this step teaches
    WAIT = "wait"  # the step waits for Next, or the tutorial is finished


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a move was refused, as a sentence in either language. `reason`
    is the engine's own sentence for an illegal move (a translatable
    message: the app passes its translator to :meth:`text`)."""

    kind: RefusalKind
    template: LocalText
    hint: LocalText | None = None
    reason: str | None = None

    def text(self, lang: str = "en", translate: Callable[[str], str] | None = None) -> str:
        reason = self.reason or ""
        if translate is not None and reason:
            reason = translate(reason)
        hint = self.hint.get(lang) if self.hint is not None else ""
        return self.template.get(lang).format(reason=reason, hint=hint).strip()


@dataclass(frozen=True, slots=True)
class StepView:
    """The step under way, as the window shows it."""

    index: int
    count: int
    id: str
    coach: LocalText
    chapter: LocalText | None
    hint: LocalText | None
    pointer: Pointer
    waits_for_action: bool

    def text(self, lang: str = "en") -> str:
        return self.coach.get(lang)

    @property
    def waits_for_next(self) -> bool:
        return not self.waits_for_action


@dataclass(frozen=True, slots=True)
class Lights:
    """What the window lights for the accepted actions of the step under way."""

    actions: tuple[Action, ...] = ()
    properties: frozenset[int] = frozenset()  # lots of the accepted builds
    buildings: frozenset[str] = frozenset()  # the supply pieces of those builds
    streets: frozenset[Street] = frozenset()  # accepted streetcars
    tiles: tuple[PlaceTile, ...] = ()  # accepted neighborhood placements
    stacks: frozenset[int] = frozenset()  # accepted draws
    cards: frozenset[int] = frozenset()  # cards of accepted exchanges and offers
    takes: tuple[Take, ...] = ()
    buttons: frozenset[str] = frozenset()  # "pass", "stop", "exchange", "offer", "take", "draw"


def lights_for(actions: list[Action]) -> Lights:
    props: set[int] = set()
    buildings: set[str] = set()
    streets: set[Street] = set()
    tiles: list[PlaceTile] = []
    stacks: set[int] = set()
    cards: set[int] = set()
    takes: list[Take] = []
    buttons: set[str] = set()
    for a in actions:
        if isinstance(a, Build):
            props.update(a.properties)
            buildings.add(a.building)
        elif isinstance(a, PlaceStreetcar):
            streets.add(a.street)
        elif isinstance(a, PlaceTile):
            tiles.append(a)
        elif isinstance(a, Draw):
            stacks.add(a.stack)
            buttons.add("draw")
        elif isinstance(a, (Exchange, Offer)):
            cards.update(a.cards)
            buttons.add(a.kind)
        elif isinstance(a, Take):
            takes.append(a)
            buttons.add("take")
        else:
            buttons.add(a.kind)
    return Lights(
        tuple(actions),
        frozenset(props),
        frozenset(buildings),
        frozenset(streets),
        tuple(tiles),
        frozenset(stacks),
        frozenset(cards),
        tuple(takes),
        frozenset(buttons),
    )


@dataclass
class TutorialRun:
    """A tutorial being played: the full game state and the step under way.

    ``try_action`` plays the learner's move when the step accepts it (then
    the step's scripted replies, then the next step begins) and otherwise
    returns a :class:`Refusal` and changes nothing; ``next`` leaves a step
    that waits for Next. ``save``/``restore`` keep the progress as JSON."""

    tutorial: Tutorial
    state: GameState = field(init=False)
    index: int = 0
    actions: list[Action] = field(default_factory=list)  # the learner's accepted actions, in order
    last_replies: list[tuple[int, Action]] = field(default_factory=list)  # (player, action) of the last replies

    def __post_init__(self) -> None:
        self.state = self.tutorial.start_state(0)
        self.index = 0

    @property
    def finished(self) -> bool:
        return self.index >= len(self.tutorial.steps)

    @property
    def seat(self) -> int:
        return self.tutorial.seat

    @property
    def step(self) -> StepView:
        """The step under way (after the end: the last step)."""
        i = min(self.index, len(self.tutorial.steps) - 1)
        s = self.tutorial.steps[i]
        return StepView(i, len(self.tutorial.steps), s.id, s.text, s.chapter, s.hint, s.pointer, s.waits_for_action)

    def accepted_actions(self) -> list[Action]:
        """Every action the step accepts now (empty when it waits for Next):
        the moves to light and to offer on the keyboard."""
        if self.finished:
            return []
        step = self.tutorial.steps[self.index]
        return accepted(step, self.state) if step.waits_for_action else []

    def lights(self) -> Lights:
        return lights_for(self.accepted_actions())

    def try_action(self, action: Action) -> Refusal | None:
        """Play `action` if the step accepts it (None), else say why not."""
        t = self.tutorial
        if self.finished or not t.steps[self.index].waits_for_action:
            return Refusal(RefusalKind.WAIT, t.refuse_wait)
        step = t.steps[self.index]
        if action in self.accepted_actions():
            self.state.apply(action)
            self.actions.append(action)
            self._finish_step(step)
            return None
        for r in step.refuse:
            if r.match.matches(action):
                return Refusal(RefusalKind.TEACHING, r.text, step.hint)
        reason = self.state.check(action)
        if reason is not None:
            return Refusal(RefusalKind.ILLEGAL, t.refuse_illegal, step.hint, reason)
        return Refusal(RefusalKind.OTHER, t.refuse_other, step.hint)

    def next(self) -> None:
        """Leave a step that waits for Next (TutorialError on a step that
        waits for an action, or after the end)."""
        if self.finished:
            raise TutorialError("the tutorial is finished")
        step = self.tutorial.steps[self.index]
        if step.waits_for_action:
            raise TutorialError(f"step {self.index + 1} waits for an action, not for Next")
        self._finish_step(step)

    def back(self) -> None:
        """Go back to the step before (the run is replayed from the start
        with the actions of the steps before it); TutorialError at the first step."""
        if self.index == 0:
            raise TutorialError("the tutorial is at its first step")
        target = self.index - 1
        used = sum(1 for s in self.tutorial.steps[:target] if s.waits_for_action)
        saved = self.save()
        saved["step"] = target
        saved["actions"] = saved["actions"][:used]
        earlier = TutorialRun.restore(self.tutorial, saved)
        self.state, self.index, self.actions = earlier.state, earlier.index, earlier.actions
        self.last_replies = []

    def _finish_step(self, step: Step) -> None:
        where = f"{self.tutorial.source}: step {self.index + 1} ({step.id})"
        try:
            self.last_replies = _play_replies(step, self.state, where)
        except IllegalAction as exc:  # pragma: no cover - verify_tutorial plays every reply
            raise TutorialError(f"{where}: {exc}") from None
        self.index += 1
        if not self.finished and self.tutorial.steps[self.index].restarts:
            self.state = self.tutorial.start_state(self.index)

    # ------------------------------------------------------------ progress
    def save(self) -> dict[str, Any]:
        """The progress as JSON: the step reached and the learner's actions."""
        return {
            "format": PROGRESS_FORMAT,
            "version": VERSION,
            "tutorial": self.tutorial.id,
            "step": self.index,
            "actions": [a.to_json() for a in self.actions],
        }

    @classmethod
    def restore(cls, tutorial: Tutorial, data: Any) -> TutorialRun:
        """The run `save` wrote, replayed on `tutorial`; TutorialError when
        it does not fit (another tutorial, or one that has changed)."""
        E = TutorialError
        if not isinstance(data, dict):
            raise E("saved tutorial progress must be an object")
        check_keys(data, "saved tutorial progress", ("format", "version", "tutorial", "step", "actions"), (), E)
        if data["format"] != PROGRESS_FORMAT or data["version"] != VERSION:
            raise E("saved tutorial progress: not a tutorial progress of this version")
        if data["tutorial"] != tutorial.id:
            raise E(f"saved tutorial progress is for {short(data['tutorial'])}, not {tutorial.id}")
        target = want_int(data["step"], "saved tutorial progress: step", E, 0, len(tutorial.steps))
        raw = data["actions"]
        if not isinstance(raw, list) or len(raw) > len(tutorial.steps):
            raise E("saved tutorial progress: actions must be a list, one per step that waited for one")
        try:
            actions = [action_from_json(a) for a in raw]
        except ActionFormatError as exc:
            raise E(f"saved tutorial progress: {exc}") from None
        run = cls(tutorial)
        todo = list(actions)
        while run.index < target:
            if tutorial.steps[run.index].waits_for_action:
                if not todo:
                    raise E(f"saved tutorial progress: no action saved for step {run.index + 1}")
                a = todo.pop(0)
                if run.try_action(a) is not None:
                    raise E(
                        f"saved tutorial progress: step {run.index + 1} does not accept {a} (has the tutorial changed?)"
                    )
            else:
                run.next()
        if todo:
            raise E("saved tutorial progress: more actions than steps")
        run.last_replies = []
        return run
