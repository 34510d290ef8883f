"""Presenters: the game's facts as text and table rows for the views.

The session (:class:`~bigcity_desktop.game.core.controller.GameController`) holds
the game and applies moves; everything a player reads about it is worded
here, from the engine's structured facts: events, phases, reasons, pieces.
Nothing here touches Qt or changes the game, so each function is tested
on plain values.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bigcity_desktop import present
from bigcity_desktop.engine import ActionKind, Event, EventKind, GameState, Phase
from bigcity_desktop.engine.endgame import would_end_game
from bigcity_desktop.engine.messages import Msg
from bigcity_desktop.engine.record import PlayerInfo
from bigcity_desktop.help.rules_summary import requirement_text
from bigcity_desktop.i18n import QT_TRANSLATE_NOOP, engine_text, rules_text, translate
from bigcity_desktop.scene.text import elide


def sentence(text: str) -> str:
    """A reason from the engine as a sentence: capital first, full stop at the end."""
    text = engine_text(text).strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def is_you(name: str) -> bool:
    """The name is the first seat's default, "You" in either language (the
    sentences about that player say "you are", "you win")."""
    return name in ("You", translate("GameController", "You"))


def pass_ends_game(view: GameState | None, my_turn: bool) -> bool:
    """Would the seat at the screen end the game by passing now (issue 33.5:
    two quick passes ended a 2-player game)? Only a pass it may make: the
    seat's turn (`my_turn`), a main action, and the end rule met by it (every
    player's last turn a pass, or a round of nothing but passes and
    exchanges). Works on the seat's own view: the counts it needs are public."""
    if view is None or view.is_over or not my_turn or view.phase != Phase.ACTION:
        return False
    return would_end_game(view, ActionKind.PASS)


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
        QT_TRANSLATE_NOOP("Presenters", "place one of the starting neighborhoods first"),
        QT_TRANSLATE_NOOP("Presenters", "<b>Your turn</b>: place one of neighborhoods {tiles} (Neighborhoods panel)."),
    ),
    Phase.ACTION: PhaseText(
        QT_TRANSLATE_NOOP("Presenters", "choose an action first"),
        QT_TRANSLATE_NOOP(
            "Presenters", "<b>Your turn</b>: build (Supply), place a streetcar or neighborhood, exchange or pass."
        ),
    ),
    Phase.STREETCAR: PhaseText(
        QT_TRANSLATE_NOOP("Presenters", "place a second streetcar or press Done"),
        QT_TRANSLATE_NOOP("Presenters", "<b>Streetcar</b>: place a second streetcar, or click Done."),
    ),
    Phase.EXCHANGE_DRAW: PhaseText(
        QT_TRANSLATE_NOOP("Presenters", "draw the cards for the exchange first"),
        QT_TRANSLATE_NOOP("Presenters", "<b>Exchange</b>: draw {cards} — choose the stacks."),
    ),
    Phase.REFILL: PhaseText(
        QT_TRANSLATE_NOOP("Presenters", "draw cards to refill your hand first"),
        QT_TRANSLATE_NOOP("Presenters", "<b>Refill</b>: draw {cards} — choose the stacks."),
    ),
    Phase.OFFER: PhaseText(
        QT_TRANSLATE_NOOP("Presenters", "offer cards for redevelopment first"),
        QT_TRANSLATE_NOOP("Presenters", "<b>Redevelopment</b>: tick 1 or 2 cards and offer them face up or face down."),
    ),
    Phase.TAKE: PhaseText(
        QT_TRANSLATE_NOOP("Presenters", "take a redevelopment card first"),
        QT_TRANSLATE_NOOP("Presenters", "<b>Redevelopment</b>: take an offered card."),
    ),
}


def phase_todo(phase: str) -> str:
    """Why a main action must wait in `phase`."""
    text = PHASE_TEXT.get(phase)
    return translate("Presenters", text.todo) if text is not None else translate("Presenters", "not now")


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
        return translate("Presenters", "No game yet: Game → New game (Ctrl+N).")
    if state.is_over:
        return translate("Presenters", "<b>The game is over.</b>")
    p = state.current_player
    if handoff is not None:
        if is_you(name(handoff)):  # "Warte, bis Sie ... übernimmt" does not agree
            return translate("Presenters", "Waiting for <b>you</b> to take the screen.")
        return translate("Presenters", "Waiting for <b>{name}</b> to take the screen.").format(name=name(handoff))
    if not my_turn:
        if is_bot(p):
            return translate("Presenters", "<b>{name}</b> is thinking…").format(name=name(p))
        return translate("Presenters", "<b>{name}</b> is playing…").format(name=name(p))
    text = PHASE_TEXT.get(state.phase)
    if text is None:
        return ""
    draws = state.draws_left if state.phase == Phase.EXCHANGE_DRAW else state.hand_size - len(state.hands[p])
    if state.phase == Phase.REFILL and state.action_kind == ActionKind.EXCHANGE:
        # the draws that replace exchanged cards (the original edition draws them as a refill)
        text = PHASE_TEXT[Phase.EXCHANGE_DRAW]
    return translate("Presenters", text.turn).format(tiles=", ".join(map(str, state.setup_tiles)), cards=cards(draws))


def cards(n: int) -> str:
    """ "1 card", "3 cards"."""
    return translate("Presenters", "1 card") if n == 1 else translate("Presenters", "{n} cards").format(n=n)


def _start_notes(e: Event, name: Callable[[int], str]) -> list[str]:
    """What the log says after "Bea is the start player" so that the setup makes
    sense (issue 25.11: the player laid the first neighborhood and got 2 points
    with nothing saying why)."""
    out = []
    order = [int(p) for p in e.extra.get("setup_order", [])]
    if order:
        names = ", ".join(name(p) for p in order)
        text = translate(
            "Presenters",
            "Setup: the starting neighborhoods are laid by {names}, in this order; "
            "then the start player takes the first turn.",
        )
        out.append(text.format(names=names))
    scores = [int(v) for v in e.extra.get("start_scores", [])]
    if any(scores):
        start = int(e.extra["start_player"])
        seats = [(start + i) % len(scores) for i in range(len(scores))]
        listed = ", ".join(f"{name(p)} {scores[p]}" for p in seats)
        text = translate("Presenters", "Starting points make up for moving later in the round: {scores}.")
        out.append(text.format(scores=listed))
    return out


def log_lines(
    events: Iterable[Event], name: Callable[[int], str], colour: Callable[[int], str]
) -> list[tuple[str, str | None, str]]:
    """(line, colour or None, kind) of each event, for the game log."""
    out: list[tuple[str, str | None, str]] = []
    for e in events:
        if e.kind == EventKind.START and "start_player" in e.extra:
            who = name(e.extra["start_player"])
            if is_you(who):
                line = translate("Presenters", "R{round}  You are the start player.")
            else:
                line = translate("Presenters", "R{round}  {name} is the start player.")
            # one row per event (the log and the replay count on it): the notes go on the same line
            text = " ".join([line.format(round=e.round, name=who), *_start_notes(e, name)])
            out.append((text, None, e.kind))
        elif e.kind == EventKind.START and "turn_player" in e.extra:  # a game set up from a position (a lesson)
            who = name(e.extra["turn_player"])
            if is_you(who):
                line = translate("Presenters", "R{round}  The game goes on from here: it is your turn.")
            else:
                line = translate("Presenters", "R{round}  The game goes on from here: it is {name}'s turn.")
            out.append((line.format(round=e.round, name=who), None, e.kind))
        elif e.player is None:
            out.append((f"R{e.round}  {event_line(e, name)}", None, e.kind))
        else:
            out.append((f"R{e.round}  {event_line(e, name)}", colour(e.player), e.kind))
    return out


def event_line(e: Event, name: Callable[[int], str]) -> str:
    """An event as a sentence: "Bea builds ..." (a player's), "Round 3 begins." (the game's)."""
    if e.player is None:
        return sentence(e.text)
    text = e.text
    if isinstance(text, Msg) and e.kind == EventKind.TAKE and is_you(str(text.fields.get("name", ""))):
        # "took 58 from You" / German "von Sie": the card came from the first seat, spoken to
        text = Msg(
            text.template,
            {**text.fields, "name": translate("Presenters", "you", "a card taken from the first seat: from you")},
        )
    return translate("Presenters", "{name} {event}").format(name=name(e.player), event=engine_text(text))


def player_rows(
    state: GameState, players: Sequence[PlayerInfo], colour: Callable[[int], str], kind_label: Callable[[str], str]
) -> list[dict[str, Any]]:
    """One row per player for the players' strips (present.player_rows, worded)."""
    return player_row_dicts(present.player_rows(state, players), colour, kind_label)


def player_row_dicts(
    rows: Iterable[present.PlayerRow], colour: Callable[[int], str], kind_label: Callable[[str], str]
) -> list[dict[str, Any]]:
    """The presented players' rows as the players' models hold them: with
    the name cut for the strip, the colour and the kind in words."""
    out = []
    for r in rows:
        kind = r.level if r.level is not None else r.kind  # a record's kind: "human" or the bot's level
        move = r.last_move
        out.append(
            {
                "name": elide(r.name),
                "full_name": " ".join(r.name.split()),  # the tooltip's, where the strip cuts the name
                "colour": colour(r.seat),
                "score": r.score,
                "stacks": list(r.stacks),
                "kind": kind,
                "kind_label": kind_label(kind),
                "current": r.current,
                # our rules have no pieces of one's own: the buildings with the player's marker
                "built": r.built,
                # as the log says it: "Bea built a ...", the page's words too
                "last_move": None if move is None else (move.round, _named(r.name, move.text)),
                # the strip's line: the move without the name, and the lots it built on
                "last_text": [] if move is None else last_move_short(move),
                "last_lots": [] if move is None else list(move.lots),
            }
        )
    return out


def last_move_short(move: present.LastMove) -> list[str]:
    """A last move for a player's strip, in words and then in fewer (the
    strip takes the first that fits): "built on 38, 39: +6", "38, 39 +6"."""
    lots = ", ".join(map(str, move.lots))
    if move.kind == EventKind.BUILD:
        return [
            translate("Presenters", "built on {lots}: +{score}").format(lots=lots, score=move.score),
            f"{lots} +{move.score}",
        ]
    words = {
        EventKind.STREETCAR: translate("Presenters", "laid streetcars"),
        EventKind.EXCHANGE: translate("Presenters", "exchanged cards"),
        EventKind.PASS: translate("Presenters", "passed"),
        EventKind.OFFER: translate("Presenters", "offered cards"),
        EventKind.TAKE: translate("Presenters", "took a card"),
    }
    if move.kind == EventKind.NEIGHBORHOOD:
        return [translate("Presenters", "laid neighborhood {tile}").format(tile=move.tile), f"#{move.tile}"]
    said = words.get(EventKind(move.kind))
    return [said] if said else [engine_text(move.text)]


def since_turn_line(state: GameState, seat: int, name: Callable[[int], str]) -> str:
    """What the others did since `seat`'s last move, in one line ("Since your
    turn: Bea built ... for 6 points · Carl passed"); "" when nothing."""
    moves = present.since_turn(state, seat)
    if not moves:
        return ""
    said = " · ".join(_since(state, name(p), m) for p, m in moves)
    return translate("Presenters", "Since your turn: {moves}").format(moves=said)


def _since(state: GameState, name: str, move: present.LastMove) -> str:
    """One move of the "since your turn" line: who built what for how many points, else the strip's words."""
    rule = state.rules.buildings.get(move.building) if move.building else None
    if rule is None:
        return f"{name} {last_move_short(move)[0]}"
    return translate("Presenters", "{name}: {building} +{score}").format(
        name=name, building=rules_text(rule.label), score=move.score
    )


def _named(name: str, text: str) -> str:
    """A player's event with their name first, as the log words it."""
    return translate("Presenters", "{name} {event}").format(name=name, event=engine_text(text))


def piece_label(state: GameState, btype: str, variant: str) -> str:
    """The Supply's name of a piece: "Large park", "Double residence", "Church".

    The word that tells the variants apart comes first: where the Supply's
    column is narrow (1024×700, German) the end of the name is cut with "…",
    and "Residence (…" left single, double and triple alike."""
    rule = state.rules.buildings[btype]
    v = rule.variant(variant)
    if rule.with_card or len(rule.variants) > 1:
        return rules_text(f"{v.label.capitalize()} {rule.label.lower()}")
    return rules_text(rule.label)


def supply_rows(state: GameState, buildable: set[tuple[str, int]]) -> list[dict[str, Any]]:
    """One row per piece for the Supply (present.supply_rows, worded): name,
    pieces left, base value, and whether the player at the screen can build
    it now (`buildable`: type, size)."""
    return supply_row_dicts(state, present.supply_rows(state, buildable))


def supply_row_dicts(state: GameState, rows: Iterable[present.SupplyRow]) -> list[dict[str, Any]]:
    """The presented supply as the Supply's model holds it: the pieces named, with their help."""
    rules = state.rules
    out = []
    for r in rows:
        tip = requirement_text(rules, rules.buildings[r.type])
        if r.with_card:
            tip = translate("Presenters", "Built with card {card}.").format(card=r.card) + " " + tip
        out.append(
            {
                "type": r.type,
                "size": r.size,
                "label": piece_label(state, r.type, r.variant),
                "left": r.left,
                "base": r.base,
                "with_card": r.with_card,
                "tooltip": tip,
                "buildable": r.buildable,
                "closed": r.closed,
            }
        )
    return out


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
    names = translate("Presenters", " and ").join(name(w) for w in ws)
    if len(ws) > 1:
        title = translate("Presenters", "A tie: {names} share first place").format(names=names)
    elif is_you(name(ws[0])):
        title = translate("Presenters", "You win!")
    else:
        title = translate("Presenters", "{name} wins").format(name=names)
    by_type = [state.points_by_type(p) for p in range(state.n)]
    types = [t for t in rules.buildings if any(pts.get(t) for pts in by_type)]
    rows = [(place, p, score, [by_type[p].get(t, 0) for t in types]) for place, p, score in state.ranking()]
    return Results(
        title, engine_text(state.end_reason or ""), types, [rules_text(rules.buildings[t].label) for t in types], rows
    )


def status_line(state: GameState | None) -> str:
    """ "Original edition · round 3 · City Hall worth 12" ("" without a game)."""
    if state is None:
        return ""
    rules = state.rules
    if rules.edition == "original":
        edition = translate("Presenters", "Original edition")
    elif rules.edition == "jumbo":
        edition = translate("Presenters", "Jumbo edition")
    else:
        edition = rules_text(rules.title)
    line = translate("Presenters", "{edition} · round {round}").format(edition=edition, round=state.round)
    if rules.city_hall_step and not state.city_hall_built:
        value = state.city_hall_value
        worth = (
            translate("Presenters", "City Hall worth 1 point")
            if value == 1
            else translate("Presenters", "City Hall worth {value} points").format(value=value)
        )
        line += " \N{MIDDLE DOT} " + worth
    return line
