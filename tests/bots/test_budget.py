"""The hard bot's work is a count (issue 22 point 2, issue 26 point 4): the
same at every bundled table as before, bounded on house rules at the
validator's limits, and never cut by the clock."""

import importlib.util
import inspect
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bigcity_desktop.bots import make_bot
from bigcity_desktop.bots.budget import BUDGET, CANDIDATES, SAMPLES, plan_for
from bigcity_desktop.bots.hard import HardBot
from bigcity_desktop.bots.medium import MediumBot
from bigcity_desktop.engine import GameState, get_rules

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("hostile_inputs", ROOT / "scripts" / "hostile_inputs.py")
assert _spec and _spec.loader
hostile = importlib.util.module_from_spec(_spec)
sys.modules["hostile_inputs"] = hostile
_spec.loader.exec_module(hostile)


@pytest.fixture(scope="module")
def extreme(tmp_path_factory):
    path = tmp_path_factory.mktemp("rules") / "extreme.toml"
    path.write_text(hostile.extreme_rules_text(), encoding="utf-8")
    return get_rules(str(path))


def test_the_extreme_rules_are_at_the_validators_limits(extreme):
    assert extreme.max_players == 8
    assert max(extreme.hand_size.values()) == 12
    assert extreme.streetcar_count == 200 and extreme.streetcar_per_action == 10
    assert len(extreme.buildings["residence"].add) >= 1200 and len(extreme.buildings["business"].add) >= 1200
    assert len(extreme.all_properties) == 81


@pytest.mark.parametrize("edition", ["original", "jumbo"])
def test_every_bundled_table_gets_the_full_search(edition):
    rules = get_rules(edition)
    for n in range(rules.min_players, rules.max_players + 1):
        plan = plan_for(rules, n)
        assert plan.full and (plan.candidates, plan.samples, plan.streets) == (CANDIDATES, SAMPLES, 6), (n, plan)
        assert plan.units <= BUDGET


def test_the_plan_stays_within_the_budget_at_the_validators_limits(extreme):
    for n in range(extreme.min_players, extreme.max_players + 1):
        plan = plan_for(extreme, n)
        assert plan.units <= BUDGET, (n, plan)
        assert not plan.full
    # a smaller budget shrinks the search step by step, never past nothing
    modes = [plan_for(extreme, 8, budget=b).mode for b in (10**9, 20_000_000, BUDGET, 100)]
    assert modes == ["search", "search", "greedy", "first"]


def _position(rules, players, phase="action", seed=0, turn=3):
    state = GameState.new(rules, players, seed)
    bots = [make_bot("easy", seed * 10 + i) for i in range(players)]
    while state.turn_index < turn or state.phase != phase:
        state.apply(bots[state.current_player].choose(state.view_for(state.current_player)))
    return state


class _Counting(HardBot):
    """A hard bot that counts its evaluations and rollouts."""

    def __init__(self, seed=0):
        super().__init__(seed)
        self.evaluations = 0
        self.rollouts = 0
        inner = self.ev.evaluate

        def evaluate(*args, **kwargs):
            self.evaluations += 1
            return inner(*args, **kwargs)

        self.ev.evaluate = evaluate

    def rollout(self, det, me, action, rng):
        self.rollouts += 1
        return super().rollout(det, me, action, rng)


@pytest.mark.slow
def test_a_hard_decision_at_the_validators_limits_is_bounded_and_reproducible(extreme):
    """Before the plan, one decision evaluated every candidate (about 90,
    15-30 s each on these rules) and rolled out 160 times."""
    state = _position(extreme, 8)
    plan = plan_for(extreme, 8)
    view = state.view_for(state.current_player)
    bot = _Counting(seed=3)
    action = bot.choose(view)
    assert state.check(action) is None
    # the shortlist, a pass besides, and at most 2 more evaluations inside a
    # streetcar candidate's value (which counts 4 against the shortlist)
    assert bot.evaluations <= (plan.shortlist or 0) + 1 + 3
    assert bot.rollouts <= plan.candidates * plan.samples
    assert HardBot(seed=3).choose(view) == action


def test_hard_takes_no_experiment_switches():
    params = set(inspect.signature(HardBot).parameters)
    assert params == {"seed", "candidates", "samples", "prior", "margin", "budget"}
    for switch in ("symmetric", "own_draws", "horizon", "tuned", "policy", "max_seconds"):
        with pytest.raises(TypeError):
            HardBot(seed=0, **{switch: 1})


class _SlowClock:
    """Every reading of the clock is 10 s after the one before: a computer
    so busy that any clock cap would cut every search after its first deal."""

    def __init__(self):
        self.t = 0.0

    def __call__(self):
        self.t += 10.0
        return self.t


def _play(edition, seed, clock=None, monkeypatch=None):
    if clock is not None:
        for name in ("perf_counter", "monotonic", "time", "process_time"):
            monkeypatch.setattr(time, name, clock)
    state = GameState.new(edition, 2, seed)
    bots = [HardBot(seed * 31 + 1, candidates=3, samples=4), MediumBot(seed * 31 + 2)]
    while not state.is_over:
        p = state.current_player
        state.apply(bots[p].choose(state.view_for(p)))
    if clock is not None:
        monkeypatch.undo()
    return [a.to_json() for a in state.history]


@pytest.mark.slow
@pytest.mark.parametrize("edition", ["original", "jumbo"])
def test_the_same_hard_game_on_a_slow_computer(edition, monkeypatch):
    """The same seeds give the same game whatever the clock says (issue
    22: the clock once cut the hard bot's deals on a busy computer)."""
    idle = _play(edition, 5)
    busy = _play(edition, 5, _SlowClock(), monkeypatch)
    assert busy == idle


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS, Windows
        return os.cpu_count() or 1


def _hard_game(seed: int) -> list:
    """A whole heads-up game of the default hard bot against medium (original)."""
    state = GameState.new("original", 2, seed)
    bots = [HardBot(seed * 31 + 1), MediumBot(seed * 31 + 2)]
    while not state.is_over:
        p = state.current_player
        state.apply(bots[p].choose(state.view_for(p)))
    return [a.to_json() for a in state.history]


@pytest.mark.slow
def test_the_same_hard_game_on_an_idle_and_on_a_saturated_cpu():
    """Issue 22: the default hard bot plays the same game from the same seed
    while every core is kept busy by other processes (one more spinning
    process than there are cores, at this process's priority)."""
    idle = _hard_game(11)
    spin = "import sys\nprint('spinning', flush=True)\nwhile True:\n    pass\n"
    busy_procs = [
        subprocess.Popen([sys.executable, "-c", spin], stdout=subprocess.PIPE, text=True) for _ in range(_cores() + 1)
    ]
    try:
        for proc in busy_procs:  # every one of them is running before the game starts
            assert proc.stdout is not None
            assert proc.stdout.readline().strip() == "spinning"
        busy = _hard_game(11)
        assert all(proc.poll() is None for proc in busy_procs)  # still spinning at the end
    finally:
        for proc in busy_procs:
            proc.kill()
            proc.wait()
            if proc.stdout is not None:
                proc.stdout.close()
    assert busy == idle


def test_hard_rollouts_use_no_clock(monkeypatch):
    """A single search, with every clock reading raising: nothing reads it."""

    def no_clock():
        raise AssertionError("the hard bot read the clock")

    state = _position("original", 3, turn=9)
    view = state.view_for(state.current_player)
    monkeypatch.setattr(time, "perf_counter", no_clock)
    monkeypatch.setattr(time, "monotonic", no_clock)
    action = HardBot(seed=2, candidates=3, samples=3).choose(view)
    assert state.check(action) is None


def test_the_shortlist_keeps_a_pass_and_the_best_immediate_builds(extreme):
    state = _position(extreme, 2)
    view = state.view_for(state.current_player)
    bot = HardBot(seed=0)
    from bigcity_desktop.bots.common import Ctx
    from bigcity_desktop.bots.medium import candidate_actions
    from bigcity_desktop.engine import Pass

    cands = candidate_actions(view, Ctx(view), random.Random(0))
    short = bot.shortlist(view, Ctx(view), cands)
    assert any(isinstance(a, Pass) for a in short)
    assert len(short) <= (plan_for(extreme, 2).shortlist or 0) + 1
    assert all(a in cands for a in short)
