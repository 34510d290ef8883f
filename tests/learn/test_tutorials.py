"""The bundled tutorials: played through, every stated score, wrong moves
refused without a trace, progress saved and resumed, broken files refused."""

from __future__ import annotations

import copy
import json
import random
import re

import pytest

from bigcity_desktop.engine import (
    Build,
    Draw,
    Exchange,
    GameState,
    Offer,
    Pass,
    PlaceStreetcar,
    PlaceTile,
    StopStreetcars,
    Take,
    get_rules,
)
from bigcity_desktop.engine.datafiles import resource_path
from bigcity_desktop.learn import Refusal, RefusalKind, TutorialError, TutorialRun, bundled_tutorials, load_tutorial
from bigcity_desktop.learn.tutorial import MAX_CHOICES, check_expect

NAMES = ("original", "jumbo")


@pytest.fixture(scope="module", params=NAMES)
def tutorial(request):
    return load_tutorial(request.param)


def fingerprint(state: GameState) -> tuple:
    """Everything a refused move must leave as it was."""
    c = state.city
    return (
        len(state.history),
        tuple(tuple(h) for h in state.hands),
        tuple(tuple(s) for s in state.stacks),
        tuple(state.scores),
        tuple((b.type, b.properties, b.owner) for b in c.buildings),
        tuple(c.streetcars),
        tuple(c.tiles),
        state.phase,
        state.current_player,
        len(state.events),
    )


def play_through(run: TutorialRun, choose=lambda actions: actions[0]) -> list[int]:
    """Play every step with an accepted action (or Next); the indices of the waiting steps."""
    waiting = []
    while not run.finished:
        if run.step.waits_for_action:
            waiting.append(run.index)
            choices = run.accepted_actions()
            assert choices, f"step {run.step.id} accepts nothing"
            assert run.try_action(choose(choices)) is None
        else:
            run.next()
    return waiting


def test_the_bundled_tutorials_are_the_two_editions():
    assert sorted(t.id for t in bundled_tutorials()) == sorted(NAMES)
    for t in bundled_tutorials():
        assert t.edition == t.id
        assert t.title.en != t.title.de and t.summary.en != t.summary.de


def test_playing_the_accepted_actions_ends_in_the_final_position(tutorial):
    run = TutorialRun(tutorial)
    waiting = play_through(run)
    assert run.finished and waiting
    assert tutorial.final is not None
    assert check_expect(tutorial.final, run.state, tutorial.seat) is None
    assert run.state.is_over and run.state.winners() == [tutorial.seat]
    # the last accepted choice instead of the first leads to the same end
    other = TutorialRun(tutorial)
    play_through(other, lambda actions: actions[-1])
    assert check_expect(tutorial.final, other.state, tutorial.seat) is None


def test_the_original_tutorial_is_a_long_lesson_and_jumbo_a_short_one():
    original, jumbo = load_tutorial("original"), load_tutorial("jumbo")
    assert 30 <= len(original.steps) <= 60 and original.minutes > jumbo.minutes
    assert 8 <= len(jumbo.steps) < len(original.steps)
    # every topic of the lesson has a step that does it or says it
    words = " ".join(s.text.en.lower() for s in original.steps)
    for topic in (
        "neighborhood",
        "card",
        "residence",
        "business",
        "outskirts",
        "centre",
        "city hall",
        "streetcar",
        "park",
        "factory",
        "bank",
        "cinema",
        "church",
        "shopping center",
        "exchange",
        "draw",
        "chart",
        "game ends",
    ):
        assert topic in words, topic
    kinds = {type(p.exact).__name__ if p.exact else p.kind for s in original.steps for p in s.accept}
    assert {"PlaceTile", "Build", "PlaceStreetcar", "Exchange", "Pass", "Draw", "draw"} <= kinds
    jumbo_kinds = {type(p.exact).__name__ if p.exact else p.kind for s in jumbo.steps for p in s.accept}
    assert {"Offer", "Take", "Build", "PlaceStreetcar", "Exchange"} <= jumbo_kinds


_POINTS = {"en": re.compile(r"(\d+) (?:more )?points?\b"), "de": re.compile(r"(\d+) Punkte?\b")}
_SUMS = re.compile(r"= (\d+)")


def rule_values(edition: str) -> set[int]:
    """The numbers a text may state as rules facts: base values and extras."""
    rules = get_rules(edition)
    out = {rules.city_hall_max}
    for b in rules.buildings.values():
        out.update(v.base for v in b.variants)
        out.update(abs(m.points) for m in b.add)
    return out


def test_every_score_a_step_states_is_checked_against_the_engine(tutorial):
    """A number of points in a text is a rules fact (a base value or an
    extra) or one of the numbers the step's `expect` checks; both languages
    state the same numbers."""
    facts = rule_values(tutorial.edition)
    for step in tutorial.steps:
        checked = step.expect.numbers() if step.expect else set()
        stated = {}
        for lang in ("en", "de"):
            text = step.text.get(lang)
            stated[lang] = {int(n) for n in _POINTS[lang].findall(text)} | {int(n) for n in _SUMS.findall(text)}
            for n in stated[lang]:
                assert n in checked or n in facts, f"{step.id} ({lang}) states {n} points unchecked"
            for n in _SUMS.findall(text):  # a worked sum's result is a score the engine computed
                assert int(n) in checked, f"{step.id} ({lang}) sums to {n} unchecked"
        assert stated["en"] == stated["de"], step.id
        if step.expect and step.expect.last_formula:
            assert step.expect.last_formula in step.text.en or step.expect.last_formula.replace(" ", "") in step.text.en


def test_the_scores_stated_at_the_end_are_the_final_ones(tutorial):
    final = tutorial.final
    assert final is not None and final.scores is not None
    last = tutorial.steps[-1]
    for n in final.scores:
        assert str(n) in last.text.en and str(n) in last.text.de


def wrong_actions(state: GameState, accepted: list, rng: random.Random) -> list:
    """A sample of legal actions the step does not accept, and of illegal ones."""
    legal = [a for a in state.legal_actions() if a not in accepted]
    sample = rng.sample(legal, min(12, len(legal)))
    me = state.current_player
    hand = state.hands[me]
    not_held = [p for p in state.city.cell_of if p not in hand][:3]
    illegal = [
        Build("residence", (not_held[0],)),
        Build("business", tuple(not_held[:2])),
        Build("church", (hand[0],)) if hand else Build("church", (11,)),
        Build("castle", (11,)),
        Draw(99),
        Draw(0),
        Exchange(()),
        Exchange((999,)),
        PlaceTile(1, 0, 0, 0),
        PlaceTile(9, 0, 0, 0),
        PlaceStreetcar(((40, 40), (41, 40))),
        StopStreetcars(),
        Offer((999,), True),
        Take(me, 0),
        Take(7, 7),
        Pass(),
    ]
    return sample + [a for a in illegal if state.check(a) is not None and a not in accepted]


def test_every_wrong_action_at_every_step_is_refused_and_changes_nothing(tutorial):
    rng = random.Random(24)
    run = TutorialRun(tutorial)
    tried = refused_teaching = 0
    while not run.finished:
        if not run.step.waits_for_action:
            before = fingerprint(run.state)
            r = run.try_action(Pass())
            assert isinstance(r, Refusal) and r.kind == RefusalKind.WAIT
            assert fingerprint(run.state) == before
            run.next()
            continue
        accepted = run.accepted_actions()
        assert 1 <= len(accepted) <= MAX_CHOICES
        index = run.index
        before = fingerprint(run.state)
        for action in wrong_actions(run.state, accepted, rng):
            refusal = run.try_action(action)
            assert isinstance(refusal, Refusal), f"step {run.step.id} accepted {action}"
            assert run.index == index and fingerprint(run.state) == before, f"{action} changed the game"
            for lang in ("en", "de"):
                text = refusal.text(lang)
                assert text and "{" not in text
            if refusal.kind == RefusalKind.ILLEGAL:
                assert refusal.reason and refusal.reason in refusal.text("en")
                assert refusal.reason == run.state.check(action)
            refused_teaching += refusal.kind == RefusalKind.TEACHING
            tried += 1
        with pytest.raises(TutorialError):
            run.next()
        assert run.try_action(accepted[0]) is None
    assert tried > 100 and refused_teaching > 5
    refusal = run.try_action(Pass())
    assert refusal is not None and refusal.kind == RefusalKind.WAIT
    with pytest.raises(TutorialError):
        run.next()


def test_a_teaching_refusal_says_the_steps_own_sentence():
    run = TutorialRun(load_tutorial("original"))
    while run.step.id != "business-41-43":
        play_one(run)
    refusal = run.try_action(Build("business", (41, 42)))
    assert refusal is not None and refusal.kind == RefusalKind.TEACHING
    assert "7 points" in refusal.text("en") and "7 Punkte" in refusal.text("de")
    refusal = run.try_action(Build("residence", (35,)))  # legal, but not this step's
    assert refusal is not None and refusal.kind == RefusalKind.OTHER
    assert "Build a business on 41, 42 and 43." in refusal.text("en")
    refusal = run.try_action(Build("residence", (17,)))  # already built
    assert refusal is not None and refusal.kind == RefusalKind.ILLEGAL
    assert refusal.text("de", translate=lambda r: "ÜBERSETZT").startswith("Das erlauben die Regeln nicht: ÜBERSETZT.")


def play_one(run: TutorialRun) -> None:
    if run.step.waits_for_action:
        assert run.try_action(run.accepted_actions()[0]) is None
    else:
        run.next()


def test_the_lights_and_the_pointer_of_a_step():
    run = TutorialRun(load_tutorial("original"))
    assert run.step.pointer.kind == "board" and run.step.waits_for_next
    while run.step.id != "place-2":
        play_one(run)
    lights = run.lights()
    assert lights.tiles == (PlaceTile(2, 3, 0, 0),) and not lights.properties
    while run.step.id != "business-41-43":
        play_one(run)
    lights = run.lights()
    assert lights.properties == {41, 42, 43} and lights.buildings == {"business"}
    assert str(run.step.pointer) == "spots:41,42,43"
    assert run.step.text("de").startswith("Sie haben die 43 gezogen")
    while run.step.id != "draw-first":
        play_one(run)
    assert run.lights().stacks == {2, 4, 6, 7, 8} and run.lights().buttons == {"draw"}


def test_replies_are_played_after_the_accepted_action():
    run = TutorialRun(load_tutorial("original"))
    while run.step.id != "place-2":
        play_one(run)
    assert run.try_action(PlaceTile(2, 3, 0, 0)) is None
    assert run.last_replies == [(1, PlaceTile(3, 0, 3, 0))]
    assert run.state.current_player == 0


def test_progress_is_saved_and_restored_at_every_step(tutorial):
    run = TutorialRun(tutorial)
    while True:
        saved = json.loads(json.dumps(run.save()))
        again = TutorialRun.restore(tutorial, saved)
        assert again.index == run.index and again.finished == run.finished
        assert fingerprint(again.state) == fingerprint(run.state)
        if run.finished:
            break
        play_one(run)


def test_back_goes_to_the_step_before_as_it_began():
    t = load_tutorial("original")
    run = TutorialRun(t)
    seen = []
    while not run.finished and run.index < 12:
        seen.append((run.index, fingerprint(run.state)))
        play_one(run)
    for index, print_ in reversed(seen):
        run.back()
        assert run.index == index and fingerprint(run.state) == print_
    with pytest.raises(TutorialError):
        run.back()


def test_damaged_progress_is_refused():
    t = load_tutorial("original")
    run = TutorialRun(t)
    for _ in range(8):
        play_one(run)
    saved = run.save()
    with pytest.raises(TutorialError, match="for 'jumbo'"):
        TutorialRun.restore(t, {**saved, "tutorial": "jumbo"})
    with pytest.raises(TutorialError, match="does not accept"):
        TutorialRun.restore(t, {**saved, "actions": [{"act": "tile", "number": 2, "x": 9, "y": 9, "rotation": 0}] * 3})
    with pytest.raises(TutorialError, match="no action saved"):
        TutorialRun.restore(t, {**saved, "actions": []})
    with pytest.raises(TutorialError):
        TutorialRun.restore(t, {**saved, "step": 999})
    with pytest.raises(TutorialError):
        TutorialRun.restore(t, "nonsense")
    with pytest.raises(TutorialError):
        TutorialRun.restore(t, {**saved, "actions": [{"act": "fly"}]})


# ---------------------------------------------------------------- broken files


def original_data() -> dict:
    return json.loads(resource_path("tutorials", "original.json").read_text(encoding="utf-8"))


def step_of(data: dict, sid: str) -> dict:
    return next(s for s in data["steps"] if s["id"] == sid)


def broken(change) -> str:
    data = original_data()
    change(data)
    with pytest.raises(TutorialError) as info:
        load_tutorial(data)
    return str(info.value)


def test_a_broken_tutorial_is_refused_with_the_step_named():
    def bad_reply(d):
        step_of(d, "draw-4")["replies"][0] = "build residence 38"

    assert "step 8 (draw-4)" in broken(bad_reply) and "reply 1" in broken(bad_reply)

    def wrong_score(d):
        step_of(d, "residence-17")["expect"]["judge"]["build residence 17"] = 4

    assert "residence-17" in broken(wrong_score) and "3 points" in broken(wrong_score)

    def wrong_total(d):
        step_of(d, "business-41-43")["expect"]["scores"] = [4, 3]

    assert "business-41-43" in broken(wrong_total)

    def unaccepted(d):
        step_of(d, "city-hall")["accept"] = ["build city_hall 27 28"]

    assert "city-hall" in broken(unaccepted) and "no legal action is accepted" in broken(unaccepted)

    def robin_moves(d):
        step_of(d, "draw-4")["replies"] = []
        step_of(d, "business-41-43").pop("expect")

    assert "it is Robin's move" in broken(robin_moves)

    def final(d):
        d["final"]["scores"] = [1, 2]

    assert "final" in broken(final)


def test_a_malformed_tutorial_is_refused_with_the_entry_named():
    cases = [
        (lambda d: step_of(d, "hand").update(point="supply:castle"), "step 6 (hand): point"),
        (lambda d: step_of(d, "hand").update(point="spots:99"), "no property 99"),
        (lambda d: step_of(d, "hand").update(point="wall"), "unknown pointer"),
        (lambda d: step_of(d, "residence-17").update(accept=["build house 17"]), "residence-17"),
        (lambda d: step_of(d, "residence-17").update(accept=["any dance"]), "not a pattern"),
        (lambda d: step_of(d, "residence-17").update(accept=[{"kind": "build", "stacks": [1]}]), "has no `stacks`"),
        (lambda d: step_of(d, "residence-17").update(accept=[{"kind": ["build"]}]), "unknown kind a list"),
        (lambda d: step_of(d, "residence-17").pop("hint"), "needs a hint"),
        (lambda d: step_of(d, "residence-17").update(colour="red"), "unknown entry 'colour'"),
        (lambda d: step_of(d, "residence-17")["text"].update(de="Hallo {name}"), "unknown field {name}"),
        (lambda d: step_of(d, "residence-17")["text"].pop("de"), "`de` is missing"),
        (lambda d: step_of(d, "residence-17").update(id="hand"), "used twice"),
        (lambda d: d["steps"][0].pop("new_game"), "first step must start"),
        (lambda d: d.update(format="bigcity-layout"), "not a Big City tutorial"),
        (lambda d: d.update(version=2), "unsupported tutorial version"),
        (lambda d: d.update(edition="chess"), "edition"),
        (lambda d: d["refusals"]["illegal"].update(en="No: {why}"), "unknown field {why}"),
        (lambda d: step_of(d, "hand")["position"].update(hands=[[11], [11]]), "position: card 11"),
        (lambda d: d.update(steps=[]), "steps must be a list"),
    ]
    for change, wanted in cases:
        assert wanted in broken(change), wanted


def test_a_tutorial_file_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "lesson.json"
    path.write_bytes(b"\xff\xfe not json")
    with pytest.raises(TutorialError, match="lesson.json"):
        load_tutorial(path)
    path.write_text('{"format": "bigcity-tutorial", "version": 1', encoding="utf-8")
    with pytest.raises(TutorialError, match="not valid JSON"):
        load_tutorial(path)
    with pytest.raises(TutorialError, match="cannot read it"):
        load_tutorial(tmp_path / "missing.json")


def test_a_choice_the_next_steps_do_not_allow_is_refused():
    """Every way through is played: with any stack allowed, a draw other
    than stack 4 leaves the next step without its card 43."""

    def any_stack(d):
        step_of(d, "draw-4")["accept"] = ["any draw"]
        step_of(d, "draw-4").pop("refuse")

    assert "business-41-43" in broken(any_stack)


def test_the_tutorial_data_is_not_changed_by_running_it():
    t = load_tutorial("original")
    snapshot = copy.deepcopy(t.steps[5].position)
    play_through(TutorialRun(t))
    assert t.steps[5].position == snapshot
