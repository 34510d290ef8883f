"""Post-game analysis: the hard bot looks again at each main action of the
chosen players, from that player's own view at the time (their hand, the
public board; never the cards they could not see), and says what the move
was expected to cost.

For each decision it scores the candidate moves and the move played with the
same rollouts (:meth:`HardBot.score_moves`); the loss is the best value
found minus the played move's value: at least 0, and exactly 0 when the best
move was the one played. The values are points of the bots' evaluation (own
score and hand potential against the opponents'), so a loss reads as "about
so many points".

Only main actions are looked at (build, park or factory, streetcar,
neighborhood, exchange, pass): draws, the second streetcar, starting tiles
and redevelopment offers are small decisions the bots judge much more
roughly. Each decision gets its own bot, seeded from the analysis seed and
the decision's index, so an analysis is reproducible and a player's result
does not depend on which other players were analysed with them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from bigcity_desktop.engine import Action, EventKind, Exchange, GameState, Phase
from bigcity_desktop.engine.messages import msg
from bigcity_desktop.engine.timeline import fresh_start

from .budget import OverBudget
from .hard import HardBot
from .medium import WIN_BONUS

#: a decision that lost at least this many points counts as a mistake
MISTAKE_POINTS = 3.0
#: the evaluation counts a won game WIN_BONUS points above a lost one: a
#: loss this large means the move probably changed who wins
DECISIVE_POINTS = WIN_BONUS / 4
#: the chart's bar of a round stops here (a decisive move would dwarf the rest)
CHART_CAP = 30.0
#: the analysing hard bot looks at more moves and more deals than the
#: playing one (it has no clock: a whole game takes seconds, see
#: benchmarks/analysis.py)
CANDIDATES = 8
SAMPLES = 16
#: the past the analysing state keeps (actions, and the matching events):
#: the bots read only the latest main actions of it (``outlook.passive_streak``,
#: compared with at most twice the players), so a record of any length is
#: analysed in time linear in its length. A real game (about 1,500 actions)
#: is never cut.
KEEP_PAST = 4096


def analysis_bot(seed: int) -> HardBot:
    """The hard bot that analyses one decision."""
    return HardBot(seed=seed, candidates=CANDIDATES, samples=SAMPLES)


class AnalysisCancelled(Exception):
    """The progress callback asked to stop."""


@dataclass(frozen=True)
class Decision:
    """One analysed main action."""

    index: int  # the action's index in the game's history (the position before it)
    round: int
    player: int
    played: Action
    best: Action
    loss: float  # points the played move was expected to give away (0: the best was played)
    played_text: str  # what the move did, in the log's words
    best_text: str  # what the best move would have done

    @property
    def decisive(self) -> bool:
        """The move probably cost the win (the loss holds the evaluation's win bonus)."""
        return self.loss >= DECISIVE_POINTS


@dataclass(frozen=True)
class PlayerSummary:
    player: int
    total_loss: float  # points lost by the moves that were not decisive
    mistakes: int  # decisions that lost MISTAKE_POINTS or more (decisive ones included)
    decisions: int
    decisive: int = 0  # moves that probably cost the win


@dataclass
class Analysis:
    names: list[str]
    edition: str
    seed: int | None
    decisions: list[Decision] = field(default_factory=list)
    players: list[PlayerSummary] = field(default_factory=list)
    total: int = 0  # main actions of the chosen players in the game
    skipped: int = 0  # of those, not analysed (see `stopped`)
    stopped: str | None = None  # why some were skipped: "limit", "stopped" or "rules"

    def worst(self, limit: int = 10) -> list[Decision]:
        """The biggest mistakes, largest loss first (ties: earlier first)."""
        bad = [d for d in self.decisions if d.loss > 0]
        return sorted(bad, key=lambda d: (-d.loss, d.index))[:limit]

    def loss_by_round(self) -> dict[int, dict[int, float]]:
        """round -> player -> points lost in that round (at most CHART_CAP)."""
        out: dict[int, dict[int, float]] = {}
        for d in self.decisions:
            per = out.setdefault(d.round, {})
            per[d.player] = min(CHART_CAP, per.get(d.player, 0.0) + d.loss)
        return out

    def sentence(self, d: Decision) -> str:
        """ "Round 7: Ann built a single business on 23 for 2 points; built a
        double residence on 23, 24 for 12 points was worth about 10 points more.\""""
        who = self.names[d.player] if 0 <= d.player < len(self.names) else msg("player {n}", n=d.player + 1)
        if d.loss <= 0:
            return msg(
                "Round {round}: {who} {played} — the best move found.", round=d.round, who=who, played=d.played_text
            )
        if d.decisive:
            return msg(
                "Round {round}: {who} {played}; better: {best} (this move probably cost the win).",
                round=d.round,
                who=who,
                played=d.played_text,
                best=d.best_text,
            )
        return msg(
            "Round {round}: {who} {played}; better: {best} (worth about {points} more).",
            round=d.round,
            who=who,
            played=d.played_text,
            best=d.best_text,
            points=_points(d.loss),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "game": {"edition": self.edition, "seed": self.seed, "players": list(self.names)},
            "decisions": [
                {
                    "index": d.index,
                    "round": d.round,
                    "player": d.player,
                    "played": str(d.played),
                    "best": str(d.best),
                    "loss": round(d.loss, 2),
                    "decisive": d.decisive,
                    "text": self.sentence(d),
                }
                for d in self.decisions
            ],
            "players": [
                {
                    "player": p.player,
                    "name": self.names[p.player],
                    "total_loss": round(p.total_loss, 2),
                    "mistakes": p.mistakes,
                    "decisive": p.decisive,
                    "decisions": p.decisions,
                }
                for p in self.players
            ],
        }


def _points(x: float) -> str:
    n = max(1, round(x))
    return msg("{n} point", n=n) if n == 1 else msg("{n} points", n=n)


def _same(a: Action, b: Action) -> bool:
    if isinstance(a, Exchange) and isinstance(b, Exchange):
        return sorted(a.cards) == sorted(b.cards)
    return a == b


def describe_move(state: GameState, action: Action) -> str:
    """What `action` does in `state` (a full state, the mover to play), in the
    log's words: "built a double residence on 23, 24 for 12 points"."""
    s = state.clone()
    me = s.current_player
    n = len(s.events)
    s.apply_unchecked(action)
    texts = [e.text for e in s.events[n:] if e.player == me and e.kind not in (EventKind.DRAW, EventKind.USELESS)]
    if not texts:
        return str(action)
    out = texts[0]
    for t in texts[1:]:
        out = msg("{first}; {then}", first=out, then=t)
    return out


def _texts(state: GameState, played: Action, best: Action) -> tuple[str, str]:
    """The log's words for the played and the best move; where they read the
    same (a neighborhood turned another way) the moves' notation tells them apart."""
    p = describe_move(state, played)
    if _same(best, played):
        return p, p
    b = describe_move(state, best)
    if b == p:
        p, b = msg("{text} ({move})", text=p, move=str(played)), msg("{text} ({move})", text=b, move=str(best))
    return p, b


def decision_indices(
    state: GameState, players: Iterable[int] | None = None, start: GameState | None = None
) -> list[int]:
    """The history indices of the main actions of `players` (all if None)."""
    chosen = set(range(state.n)) if players is None else set(players)
    s = fresh_start(state) if start is None else start.clone()
    out = []
    for i, a in enumerate(state.history[len(s.history) :], len(s.history)):
        if s.phase == Phase.ACTION and s.current_player in chosen:
            out.append(i)
        s.apply_unchecked(a)
    return out


def _forget_past(s: GameState) -> None:
    """Keep only the last :data:`KEEP_PAST` actions (and their events) of the
    analysing state, and of its score history the first entry and what
    follows the entry before the last change (all that
    ``outlook.last_scoring_round`` reads). The engine only appends to these,
    and a clone shares them (copy-on-write), so they are replaced, never cut
    in place."""
    if len(s.history) > 2 * KEEP_PAST:
        s.history = s.history[-KEEP_PAST:]
        s.actors = s.actors[-KEEP_PAST:]
    if len(s.events) > 2 * KEEP_PAST:
        s.events = s.events[-KEEP_PAST:]
    sh = s.score_history
    if len(sh) > 2 * KEEP_PAST:
        last = len(sh) - 1  # the last entry whose scores differ from the one before
        while last > 0 and sh[last][1] == sh[last - 1][1]:
            last -= 1
        cut = len(sh) - KEEP_PAST
        if last > 0:
            cut = min(cut, last - 1)
        if cut > 1:
            s.score_history = sh[:1] + sh[cut:]


def analyse(
    state: GameState,
    players: Iterable[int] | None = None,
    progress: Callable[[int, int], bool | None] | None = None,
    seed: int = 0,
    names: list[str] | None = None,
    bot_factory: Callable[[int], HardBot] | None = None,
    start: GameState | None = None,
    max_decisions: int | None = None,
    stop: Callable[[], bool] | None = None,
) -> Analysis:
    """Analyse the main actions of `players` (default: everybody) in the full
    game `state`. `progress(done, total)` is called before each decision and
    at the end; returning False stops (:class:`AnalysisCancelled`). `start`
    is the position the game's history begins from when that is not the
    seed's deal (a test position): its history is a prefix of `state`'s.

    At most `max_decisions` decisions are analysed (the first ones), and
    `stop()` is asked before each one; when either cuts the analysis short,
    the result holds what was analysed and says how many were skipped
    (``skipped``, ``stopped``)."""
    chosen = _chosen_players(state, players, start, max_decisions)
    make = bot_factory or analysis_bot
    targets = decision_indices(state, chosen, start)
    result = Analysis(list(names or state.names), state.rules.edition, state.seed, total=len(targets))
    total = len(targets)
    s = fresh_start(state) if start is None else start.clone()
    pos = len(s.history)
    for done, i in enumerate(targets):
        if progress is not None and progress(done, total) is False:
            raise AnalysisCancelled("the analysis was cancelled")
        cut = _cut_short(done, max_decisions, stop)
        if cut is None:
            for a in state.history[pos:i]:
                s.apply_unchecked(a)
            pos = i
            _forget_past(s)
            bot = make(seed * 1_000_003 + i)
            try:
                result.decisions.append(_decision(s, i, state.history[i], bot))
            except OverBudget:
                cut = "rules"
        if cut is not None:
            result.skipped, result.stopped = total - done, cut
            break
    if progress is not None:
        progress(total - result.skipped, total)
    result.players.extend(_summary(result, p) for p in chosen)
    return result


def _chosen_players(
    state: GameState, players: Iterable[int] | None, start: GameState | None, max_decisions: int | None
) -> list[int]:
    """The players to analyse, sorted; ValueError for a view, a player not
    at the table or a negative limit."""
    if state.viewer is not None or (start is None and state.seed is None):
        raise ValueError("a player's view cannot be analysed; give the full game")
    chosen = sorted(set(range(state.n)) if players is None else set(players))
    for p in chosen:
        if not 0 <= p < state.n:
            raise ValueError(f"there is no player {p} in this {state.n}-player game (players are 0 to {state.n - 1})")
    if max_decisions is not None and max_decisions < 0:
        raise ValueError("max_decisions must be 0 or more")
    return chosen


def _cut_short(done: int, max_decisions: int | None, stop: Callable[[], bool] | None) -> str | None:
    """Why the analysis stops before its decision `done` ("limit",
    "stopped"), or None to go on."""
    if max_decisions is not None and done >= max_decisions:
        return "limit"
    if stop is not None and stop():
        return "stopped"
    return None


def _decision(s: GameState, i: int, played: Action, bot: HardBot) -> Decision:
    """The analysis of the main action `played` at history index `i` (`s`
    is the full state before it); OverBudget when the rules are too large."""
    p = s.current_player
    scored = bot.score_moves(s.view_for(p), also=(played,))
    best, best_value = scored[0]
    played_value = next(v for a, v in scored if _same(a, played))
    loss = max(0.0, best_value - played_value)
    if loss <= 1e-9 or _same(best, played):
        loss, best = 0.0, played
    return Decision(i, s.round, p, played, best, loss, *_texts(s, played, best))


def _summary(result: Analysis, p: int) -> PlayerSummary:
    mine = [d for d in result.decisions if d.player == p]
    return PlayerSummary(
        p,
        sum(d.loss for d in mine if not d.decisive),
        sum(1 for d in mine if d.loss >= MISTAKE_POINTS),
        len(mine),
        sum(1 for d in mine if d.decisive),
    )
