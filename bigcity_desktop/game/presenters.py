"""Presenters: the game's facts as text and table rows for the views.

The session (:class:`~bigcity_desktop.game.controller.GameController`) holds
the game and applies moves; everything a player reads about it is worded
here, from the engine's structured facts: events, phases, reasons, pieces.
Nothing here touches Qt or changes the game, so each function is tested
on plain values.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bigcity_desktop.engine import Event, GameState, Phase, stack_of
from bigcity_desktop.engine.record import PlayerInfo
from bigcity_desktop.help.rules_summary import requirement_text
from bigcity_desktop.scene.text import elide


def sentence(text: str) -> str:
    """A reason from the engine as a sentence: capital first, full stop at the end."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def agree(subject: str, singular: str, plural: str) -> str:
    """The verb for a player's name as subject: "You are", "Bea is"."""
    return plural if subject == "You" else singular


@dataclass(frozen=True)
class PhaseText:
    """What the player at the screen reads about a phase: `todo`, the reason
    a main action is refused during it; `turn`, the status line on their
    turn (str.format fields: tiles, draws, s)."""

    todo: str
    turn: str


#: the one table of what each phase asks of the player at the screen
PHASE_TEXT: dict[str, PhaseText] = {
    Phase.SETUP: PhaseText(
        "place one of the starting neighborhoods first",
        "<b>Your turn</b>: place one of neighborhoods {tiles} (Neighborhoods panel).",
    ),
    Phase.ACTION: PhaseText(
        "choose an action first",
        "<b>Your turn</b>: build (Supply), place a streetcar or neighborhood, exchange or pass.",
    ),
    Phase.STREETCAR: PhaseText(
        "place a second streetcar or press Done",
        "<b>Streetcar</b>: place a second streetcar, or click Done.",
    ),
    Phase.EXCHANGE_DRAW: PhaseText(
        "draw the cards for the exchange first",
        "<b>Exchange</b>: draw {draws} card{s} \N{EM DASH} choose the stacks.",
    ),
    Phase.REFILL: PhaseText(
        "draw cards to refill your hand first",
        "<b>Refill</b>: draw {draws} card{s} \N{EM DASH} choose the stacks.",
    ),
    Phase.OFFER: PhaseText(
        "offer cards for redevelopment first",
        "<b>Redevelopment</b>: tick 1 or 2 cards and offer them face up or face down.",
    ),
    Phase.TAKE: PhaseText("take a redevelopment card first", "<b>Redevelopment</b>: take an offered card."),
}


def phase_todo(phase: str) -> str:
    """Why a main action must wait in `phase`."""
    text = PHASE_TEXT.get(phase)
    return text.todo if text is not None else "not now"


def turn_text(
    state: GameState | None,
    *,
    my_turn: bool,
    handoff: int | None,
    name: Callable[[int], str],
    is_bot: Callable[[int], bool],
) -> str:
    """The status line above the hand: whose turn, and what to do now."""
    if state is None:
        return "No game yet: Game \N{RIGHTWARDS ARROW} New game (Ctrl+N)."
    if state.is_over:
        return "<b>The game is over.</b>"
    p = state.current
    if handoff is not None:
        return f"Waiting for <b>{name(handoff)}</b> to take the screen."
    if not my_turn:
        verb = "is thinking" if is_bot(p) else "is playing"
        return f"<b>{name(p)}</b> {verb}\N{HORIZONTAL ELLIPSIS}"
    text = PHASE_TEXT.get(state.phase)
    if text is None:
        return ""
    draws = state.draws_left if state.phase == Phase.EXCHANGE_DRAW else state.hand_size - len(state.hands[p])
    if state.phase == Phase.REFILL and state.action_kind == "exchange":
        # the draws that replace exchanged cards (the original edition draws them as a refill)
        text = PHASE_TEXT[Phase.EXCHANGE_DRAW]
    return text.turn.format(tiles=", ".join(map(str, state.setup_tiles)), draws=draws, s="s" if draws != 1 else "")


def log_lines(
    events: Iterable[Event], name: Callable[[int], str], colour: Callable[[int], str]
) -> list[tuple[str, str | None, str]]:
    """(line, colour or None, kind) of each event, for the game log."""
    out: list[tuple[str, str | None, str]] = []
    for e in events:
        if e.kind == "start" and "start_player" in e.extra:
            who = name(e.extra["start_player"])
            out.append((f"R{e.round}  {who} {agree(who, 'is', 'are')} the start player.", None, e.kind))
        elif e.player is None:
            out.append((f"R{e.round}  {sentence(e.text)}", None, e.kind))
        else:
            out.append((f"R{e.round}  {name(e.player)} {e.text}", colour(e.player), e.kind))
    return out


def player_rows(
    state: GameState, players: Sequence[PlayerInfo], colour: Callable[[int], str], kind_label: Callable[[str], str]
) -> list[dict[str, Any]]:
    """One row per player for the players' table."""
    return [
        {
            "name": elide(p.name),
            "colour": colour(i),
            "score": state.scores[i],
            "stacks": sorted(stack_of(c) for c in state.hands[i]),
            "kind": p.kind,
            "kind_label": kind_label(p.kind),
            "current": state.current_player == i,
        }
        for i, p in enumerate(players)
    ]


def piece_label(state: GameState, btype: str, variant: str) -> str:
    """The Supply's name of a piece: "Large park", "Residence (double)", "Church"."""
    rule = state.rules.buildings[btype]
    v = rule.variant(variant)
    if rule.with_card:
        return f"{v.label.capitalize()} {rule.label.lower()}"
    if len(rule.variants) > 1:
        return f"{rule.label} ({v.name})"
    return rule.label


def supply_rows(state: GameState, buildable: set[tuple[str, int]]) -> list[dict[str, Any]]:
    """One row per piece for the Supply: name, pieces left, base value, and
    whether the player at the screen can build it now (`buildable`: type, size)."""
    rules = state.rules
    rows = []
    for btype, rule in rules.buildings.items():
        tip = requirement_text(rules, rule)
        for v in rule.variants:
            rows.append(
                {
                    "type": btype,
                    "size": v.size,
                    "label": piece_label(state, btype, v.name),
                    "left": state.city.pieces_left(btype, v.name),
                    "base": v.base if not rule.base_from_city_hall else state.city_hall_value,
                    "with_card": rule.with_card,
                    "tooltip": f"Built with card {rules.card_for_piece(btype, v.name)}. " + tip
                    if rule.with_card
                    else tip,
                    "buildable": (btype, v.size) in buildable,
                }
            )
    return rows


@dataclass(frozen=True)
class Results:
    """The end of a game as the results dialog shows it."""

    title: str  # "You win!", "Bea wins", "A tie: ..."
    reason: str  # why the game ended
    types: list[str]  # building types that scored, as the table's extra columns
    type_labels: list[str]
    rows: list[tuple[int, int, int, list[int]]]  # place, player, score, points per type


def results(state: GameState, name: Callable[[int], str]) -> Results:
    """Winners, the reason the game ended, and the ranking with the points
    each player made with each building type."""
    rules = state.rules
    ws = state.winners()
    names = " and ".join(name(w) for w in ws)
    if len(ws) > 1:
        title = f"A tie: {names} share first place"
    elif name(ws[0]) == "You":
        title = "You win!"
    else:
        title = f"{names} wins"
    by_type = [state.points_by_type(p) for p in range(state.n)]
    types = [t for t in rules.buildings if any(pts.get(t) for pts in by_type)]
    rows = [(place, p, score, [by_type[p].get(t, 0) for t in types]) for place, p, score in state.ranking()]
    return Results(title, state.end_reason or "", types, [rules.buildings[t].label for t in types], rows)


def status_line(state: GameState | None) -> str:
    """ "Original edition · round 3 · City Hall worth 12" ("" without a game)."""
    if state is None:
        return ""
    rules = state.rules
    edition = {"original": "Original", "jumbo": "Jumbo"}.get(rules.edition, rules.title)
    extra = (
        f" \N{MIDDLE DOT} City Hall worth {state.city_hall_value}"
        if rules.city_hall_step and not state.city_hall_built
        else ""
    )
    return f"{edition} edition \N{MIDDLE DOT} round {state.round}{extra}"
