"""Hints: the move the strongest bot would make, with a one-line reason.

``hint(state_or_view, player)`` is pure (no Qt) and may run in a worker
thread: it works on its own copy of the view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bigcity_desktop.engine import (
    Action,
    ActionKind,
    Build,
    Draw,
    Exchange,
    GameState,
    Offer,
    Pass,
    Phase,
    PlaceStreetcar,
    PlaceTile,
    StopStreetcars,
    Take,
)
from bigcity_desktop.engine.cards import is_property_card, is_special_card, neighborhood_of, stack_of
from bigcity_desktop.engine.city import Judgement, article
from bigcity_desktop.engine.endgame import would_end_game
from bigcity_desktop.engine.messages import msg
from bigcity_desktop.engine.rules import BuildingRule

from .base import Bot
from .common import Ctx, street_value
from .outlook import CITY_HALL, hall_urgent, is_city_hall, outlook

_WHY: dict[str, str] = {
    "streetcar": msg("the streetcar"),
    CITY_HALL: msg("City Hall"),
    "center": msg("the city centre"),
    "outskirts": msg("the outskirts"),
    "park": msg("a park"),
    "factory": msg("a factory"),
    "special": msg("special buildings"),
}
_IN = {"outskirts": msg("in the outskirts"), "center": msg("in the city centre")}


def _list(items: list[int]) -> str:
    return ", ".join(map(str, items))


def _and(items: list[str]) -> str:
    """ "a", "a and b", "a and b and c" (as a message)."""
    out = items[0]
    for item in items[1:]:
        out = msg("{a} and {b}", a=out, b=item)
    return out


def hint(state_or_view: GameState, player: int, bot: Bot | None = None) -> tuple[Action, str]:
    """The move the hard bot would make for `player` now, and why.

    `state_or_view` is a full state (it is reduced to the player's view
    here) or the player's view. ValueError when it is not the player's move.
    """
    s = state_or_view
    if s.is_over:
        raise ValueError("the game is over")
    if s.current_player != player:
        raise ValueError(f"it is not player {player + 1}'s move")
    view = s if s.viewer == player else s.view_for(player)
    if s.viewer is not None and s.viewer != player:
        raise ValueError("this view belongs to another player")
    if bot is None:
        from .hard import HardBot

        bot = HardBot(seed=0)
    action = bot.choose(view.clone())
    return action, reason(view, action)


def reason(view: GameState, action: Action) -> str:
    """A one-line explanation of `action` for the player to move, with a
    warning when City Hall is about to lose its last spots."""
    text = _reason(view, action)
    if view.phase != Phase.ACTION:
        return text
    look = outlook(view)
    if not hall_urgent(look):
        return text
    spots = sorted(look.hall_spots)
    where = " or ".join(map(str, spots))
    if len(spots) > 1:
        where = msg("{a} or {b}", a=" or ".join(map(str, spots[:-1])), b=spots[-1])
    if is_city_hall(action):
        return msg("{hint}. Build it now: City Hall can only stand on {where}", hint=text, where=where)
    if len(spots) == 1:
        return msg(
            "{hint}. Careful: City Hall can only stand on {where} now; once it is built on, there will be no "
            "City Hall, streetcars or new neighborhoods",
            hint=text,
            where=where,
        )
    return msg(
        "{hint}. Careful: City Hall can only stand on {where} now; once they are built on, there will be no "
        "City Hall, streetcars or new neighborhoods",
        hint=text,
        where=where,
    )


def _reason(view: GameState, action: Action) -> str:
    ctx = Ctx(view)
    for cls, explain in _REASONS:
        if isinstance(action, cls):
            return explain(view, ctx, action)
    return str(action)


def _build_reason(view: GameState, ctx: Ctx, action: Action) -> str:
    assert isinstance(action, Build)
    rule = view.rules.buildings[action.building]
    j = view.judge(action)
    if action.building == CITY_HALL:
        return _hall_reason(view, ctx, action, j)
    if rule.with_card:
        return _card_piece_reason(rule, j, action)
    return _plain_build_reason(rule, j, action)


def _hall_reason(view: GameState, ctx: Ctx, action: Build, j: Judgement) -> str:
    city = view.city
    hand = set(view.hands[ctx.me])
    touching = [q for q in city.neighbours(action.properties[0]) if q in hand and city.is_free(q)]
    pts: str = ""
    if j.score:
        pts = msg(" for 1 point") if j.score == 1 else msg(" for {n} points", n=j.score)
    extra: str = ""
    if touching:
        extra = msg("; {n} of your cards touch it (businesses there score double)", n=len(touching))
    return msg(
        "City Hall on {prop}{points} opens streetcars, neighborhoods and special buildings{extra}",
        prop=action.properties[0],
        points=pts,
        extra=extra,
    )


def _card_piece_reason(rule: BuildingRule, j: Judgement, action: Build) -> str:
    """A park or a factory."""
    what = (article(rule, j.variant) if j.variant else article(rule)).replace("a L-shaped", "an L-shaped")
    if action.building == "park":
        return msg(
            "{building} on {props}: covers properties others may hold, and homes next to it gain a point",
            building=what,
            props=_list(list(action.properties)),
        )
    return msg(
        "{building} on {props}: spoils properties others may hold cards for (-2 next to it)",
        building=what,
        props=_list(list(action.properties)),
    )


def _plain_build_reason(rule: BuildingRule, j: Judgement, action: Build) -> str:
    what = article(rule, j.variant)[2:] if j.variant else rule.label.lower()
    if what.startswith("n "):
        what = what[2:]
    parts = _build_parts(j.breakdown or {})
    where = _list(list(action.properties))
    if not parts:
        if j.score == 1:
            return msg("{building} on {props}: 1 point", building=what, props=where)
        return msg("{building} on {props}: {score} points", building=what, props=where, score=j.score)
    why = msg("{a}, {b}", a=parts[0], b=parts[1]) if len(parts) == 2 else parts[0]
    for part in parts[2:]:
        why = msg("{a}, {b}", a=why, b=part)
    if j.score == 1:
        return msg("{building} on {props} {why}: 1 point", building=what, props=where, why=why)
    return msg("{building} on {props} {why}: {score} points", building=what, props=where, why=why, score=j.score)


def _build_parts(bd: dict[str, Any]) -> list[str]:
    """What a build's score comes from: what it stands next to (the
    multiplier's reasons and the bonuses), where it stands, and the maluses."""
    near: list[str] = [_WHY.get(b, b.replace("_", " ")) for b in bd.get("multiplier_because", [])]
    rest: list[str] = []
    for m in bd.get("add", []):
        if m.get("points", 0) > 0 and m["because"] not in bd.get("multiplier_because", []):
            tag = m["because"]
            if tag in _IN:
                rest.append(_IN[tag])
            else:
                near.append(_WHY.get(tag, tag))
    for m in bd.get("add", []):
        if m.get("points", 0) < 0:
            rest.append(msg("despite {what}", what=_WHY.get(m["because"], m["because"])))
    parts: list[str] = []
    if near:
        parts.append(msg("next to {what}", what=_and(near)))
    return parts + rest


def _tile_reason(view: GameState, ctx: Ctx, action: Action) -> str:
    assert isinstance(action, PlaceTile)
    hand = set(view.hands[ctx.me])
    mine = [c for c in hand if is_property_card(c) and neighborhood_of(c) == action.number]
    if mine:
        return msg(
            "neighborhood {tile} brings {n} of your cards ({cards}) into the city",
            tile=action.number,
            n=len(mine),
            cards=_list(sorted(mine)),
        )
    return msg("neighborhood {tile} opens new properties", tile=action.number)


def _streetcar_reason(view: GameState, ctx: Ctx, action: Action) -> str:
    assert isinstance(action, PlaceStreetcar)
    city = view.city
    hand = set(view.hands[ctx.me])
    props = [city.prop_at.get(c) for c in action.street]
    mine = [p for p in props if p is not None and p in hand and city.is_free(p)]
    if mine:
        return msg("streetcar next to {props}: buildings there will score double", props=_list(mine))
    return msg("streetcar towards free properties, for later doubles")


def _stop_reason(view: GameState, ctx: Ctx, action: Action) -> str:
    return msg("no second streetcar helps you more than the others")


def _exchange_reason(view: GameState, ctx: Ctx, action: Action) -> str:
    assert isinstance(action, Exchange)
    city = view.city
    useless = [c for c in action.cards if is_property_card(c) and c in city.building_at]
    dead = [c for c in action.cards if is_property_card(c) and c not in city.cell_of]
    special = [c for c in action.cards if is_special_card(c)]
    if special and len(special) == len(action.cards):
        if len(special) == 1:
            return msg("exchange park/factory card {cards}: no placement helps you now", cards=special[0])
        return msg("exchange park/factory cards {cards}: no placement helps you now", cards=_list(special))
    if useless or dead:
        kinds: list[str] = []
        if useless:
            kinds.append(msg("useless {cards}", cards=_list(useless)))
        if dead:
            kinds.append(msg("{cards} of neighborhoods not in the city", cards=_list(dead)))
        return msg("exchange {cards} for cards you can build with", cards=_and(kinds))
    return msg("exchange {cards}: they fit nothing in your hand", cards=_list(list(action.cards)))


def _pass_reason(view: GameState, ctx: Ctx, action: Action) -> str:
    me = ctx.me
    if would_end_game(view, ActionKind.PASS) and max(view.scores) == view.scores[me]:
        if view.scores.count(view.scores[me]) > 1:  # a tie is a shared first place, not a lead
            return msg("pass: the game ends with you sharing first place")
        return msg("pass: the game ends with you in the lead")
    return msg("pass: no build, streetcar or exchange improves your position")


def _draw_reason(view: GameState, ctx: Ctx, action: Action) -> str:
    assert isinstance(action, Draw)
    city = view.city
    hand = set(view.hands[ctx.me])
    mine = [c for c in hand if c > 0 and stack_of(c) == action.stack and city.is_free(c)]
    if mine:
        return msg(
            "draw from stack {stack}: it may complete a building with {cards}",
            stack=action.stack,
            cards=_list(sorted(mine)),
        )
    return msg("draw from stack {stack}: the best expected card for your hand", stack=action.stack)


def _offer_reason(view: GameState, ctx: Ctx, action: Action) -> str:
    assert isinstance(action, Offer)
    cards = _list(list(action.cards))
    if len(action.cards) == 1:
        if action.face_up:
            return msg("offer {cards} face up: the card you need least", cards=cards)
        return msg("offer {cards} face down: the card you need least", cards=cards)
    if action.face_up:
        return msg("offer {cards} face up: the cards you need least", cards=cards)
    return msg("offer {cards} face down: the cards you need least", cards=cards)


def _take_reason(view: GameState, ctx: Ctx, action: Action) -> str:
    assert isinstance(action, Take)
    card = view.offers[action.owner].cards[action.slot]
    if card > 0:
        return msg("take {card}: it is worth {value} to your hand", card=card, value=f"{ctx.card_value(card):.0f}")
    return msg("take the face-down card of stack {stack}: the best guess for your hand", stack=-card)


#: the reason of a move, by the class of its action
_REASONS: tuple[tuple[type[Action], Callable[[GameState, Ctx, Action], str]], ...] = (
    (Build, _build_reason),
    (PlaceTile, _tile_reason),
    (PlaceStreetcar, _streetcar_reason),
    (StopStreetcars, _stop_reason),
    (Exchange, _exchange_reason),
    (Pass, _pass_reason),
    (Draw, _draw_reason),
    (Offer, _offer_reason),
    (Take, _take_reason),
)


__all__ = ["hint", "reason", "street_value"]
